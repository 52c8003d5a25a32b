"""Beyond vectors › A kernel measure of independence (Sugiyama): samples (x, y) that are linear, uncorrelated yet
dependent (y = x², a circle) or independent; Pearson's r beside HSIC = tr(KHLH)/n² with its permutation null and
p-value, and Sugiyama's ρ̂. At most INDEPENDENCE["n"][1] pairs and INDEPENDENCE["permutations"] shuffles."""
import math

import streamlit as st

import kernel_core as kc
from pages.graphs import compute, figures
from pages.graphs.settings import KEY, PAGE, frame
from ui.classroom import presenting
from ui.code import show_code
from ui.controls import labeller
from ui.exercises import Exercise, exercises
from ui.formulas import PAD
from ui.nav import section_footer, section_header
from ui.ranges import INDEPENDENCE as R


def formula(tex):
    st.latex(PAD + tex + PAD)


def g(v):
    return f"{v:.3g}"


def t(v):
    """A number for LaTeX: 3 significant digits, 1.53 \\times 10^{-6} rather than 1.53e-06."""
    mantissa, _, exponent = g(v).partition("e")
    return rf"{mantissa} \times 10^{{{int(exponent)}}}" if exponent else mantissa


def bandwidth(choice, fit):
    """The kernel on the standardised x and y, its γ in the other notations, and the median heuristic's γ."""
    gamma = choice.gamma
    if choice.name == "rbf":
        formula(rf"k(u, u') = e^{{-\gamma (u - u')^2}},\ \gamma = {g(gamma)} \Leftrightarrow "
                rf"\sigma = \tfrac{{1}}{{\sqrt{{2\gamma}}}} = {t(1 / math.sqrt(2 * gamma))}")
    elif choice.name == "laplacian":
        formula(rf"k(u, u') = e^{{-\gamma |u - u'|}},\ \gamma = {g(gamma)} \Leftrightarrow h = \tfrac{{1}}{{\gamma}}"
                rf" = {g(1 / gamma)}")
    elif choice.name == "poly":
        p = dict(choice.params)
        formula(rf"k(u, u') = ({g(gamma)}\,u u' + {g(p['coef0'])})^{{{p['degree']}}}")
    else:
        formula(r"k(u, u') = u u' \ \Rightarrow\ \mathrm{HSIC} = \mathrm{cov}(x, y)^2,\ \hat\rho = |\mathrm{cov}(x, y)|")
    gx, gy = fit.gamma_median
    st.caption("The same kernel for x and for y, with the bar's γ (Bishop's notes write σ, Kriege h), on x and y "
               "scaled to mean 0 and variance 1 (Sugiyama takes both with mean zero). The median heuristic "
               f"(σ = median |uᵢ − uⱼ|, γ = 1/(2σ²)) would give γ = {g(gx)} for x and {g(gy)} for y.")


section_header(__file__)
present = presenting()


@st.fragment
def body():
    """The bar, the sample's controls and everything they change (one fragment)."""
    s, left, right = frame(options=R["kernels"])
    with right:
        c1, c2 = st.columns([3, 2])
        kind = c1.selectbox("Sample", list(R["kinds"]), key=KEY.sample, format_func=labeller(R["kinds"]),
                            bind="query-params")
        lo, hi, default, step = R["seed"]
        seed = c2.number_input("Seed", lo, hi, default, step, key=KEY.seed, bind="query-params")
        c1, c2 = st.columns(2)
        lo, hi, default, step = R["n"]
        n = c1.slider("n pairs", lo, hi, default, step, key=KEY.pairs, bind="query-params",
                      help=f"At most {hi}: each of the {R['permutations']} shuffles reads two n × n matrices.")
        lo, hi, default, step = R["noise"]
        noise = c2.slider("noise (sd)", lo, hi, default, step, key=KEY.noise, bind="query-params",
                          disabled=kind == "independent", help="Standard deviation of the added Gaussian noise.")
    try:
        fit = compute.independence(kind, n, noise, seed, s.choice)
    except ValueError as err:
        left.error(f"HSIC cannot be computed for this setting: {err} Your settings are kept.")
        return
    with left:
        st.plotly_chart(figures.pairs_scatter(fit.x, fit.y, R["axis"], present=present), key="graphs_hsic",
                        config=figures.CONFIG)
        formula(r"\begin{aligned}\hat\rho &= \max_{\|f\|_{\mathcal H},\,\|g\|_{\mathcal H}\le 1}\ \frac1n"
                r"\sum_{i=1}^n f(x_i)\,g(y_i) \\ &= \frac{\sigma_{\max}\big(\tilde K^{1/2}\tilde L^{1/2}\big)}{n}"
                rf" = {t(fit.rho)}\\ \mathrm{{HSIC}} &= \frac{{\operatorname{{tr}}(KHLH)}}{{n^2}} = \frac{{1}}{{n^2}}"
                rf"\sum_{{i,j}}\tilde K_{{ij}}\tilde L_{{ij}} \\ &= {t(fit.hsic)}\ \ge\ \hat\rho^{{\,2}} = "
                rf"{t(fit.rho ** 2)}\\ H &= I - \tfrac1n \mathbf 1\mathbf 1^\top,\quad \tilde K = HKH,\quad "
                rf"\tilde L = HLH,\quad n = {fit.n}\end{{aligned}}")
        bandwidth(s.choice, fit)
    with right:
        verdict = {True: "dependent", False: "no evidence"}
        st.markdown("| | statistic | p-value | at 5 % |\n|---|---|---|---|\n"
                    f"| Pearson r | {fit.r:.3f} | {g(fit.r_p)} | {verdict[fit.r_p <= 0.05]} |\n"
                    f"| HSIC | {g(fit.hsic)} | {g(fit.p)} | {verdict[fit.p <= 0.05]} |")
        st.plotly_chart(figures.null_histogram(fit.null, fit.hsic, fit.p, present=present),
                        key="graphs_hsic_null", config=figures.CONFIG)
        st.caption(f"Grey: HSIC of {R['permutations']} shuffles of the yᵢ (pairing broken, marginals kept); red: the "
                   f"data as paired; p = (1 + #grey ≥ red) / {R['permutations'] + 1}. Pearson's p: "
                   "scipy.stats.pearsonr. n is capped at " + f"{R['n'][1]}.")

body()

with st.container(key="explain_hsic"):
    st.markdown(
        "Sugiyama: for x, y with mean zero and a Gaussian RKHS, ρ = max over f, g of cov(f(x), g(y)) is 0 **exactly "
        "when x and y are independent**. Pearson's r is that covariance for f(x) = x and g(y) = y only, so it "
        "sees straight lines: for y = x² + noise it stays near 0 although y is a function of x. On samples, writing "
        "f = Σᵢ αᵢ φ(xᵢ) + f⊥, g = Σⱼ βⱼ φ(yⱼ) + g⊥ (the parts f⊥, g⊥ do not change the sum) turns ρ̂ into Gram "
        "matrices: (1/n) Σᵢⱼₖ αᵢ βⱼ K(xᵢ, xₖ) K(yⱼ, yₖ). It needs ‖f‖, ‖g‖ ≤ 1 (else scaling f grows it), and "
        "then it is the largest singular value of the cross-covariance between the two feature spaces. HSIC "
        "(Gretton et al.) adds up the squares of all of them: one trace, tr(KHLH)/n², H centring the features.")
    st.markdown(
        "Is the observed HSIC large? Shuffling the yᵢ keeps both samples and breaks any pairing, so the shuffles' "
        "HSIC values show what independence looks like for these very data; p = (1 + #shuffles ≥ observed) / "
        f"(1 + {R['permutations']}). With the linear kernel HSIC is cov(x, y)² and misses y = x² just as r does. "
        "For independent samples about one seed in twenty still gives p ≤ 0.05, for either test: that is what a "
        "5 % level means. This section draws its own samples (x, y); the sidebar's data set is not used here.")
show_code(kc.hsic, kc.kernel_rho, kc.hsic_permutations)

exercises(PAGE, [
    Exercise("graphs_hsic_square", "For y = x² + noise (x symmetric around 0), which test finds the dependence?",
             ("Both: r is far from 0", "Only HSIC with the Gaussian kernel: r ≈ 0, yet its p-value is small",
              "Neither: the two are uncorrelated, hence independent"), 1,
             {KEY.sample: "square", KEY.kernel: "rbf", KEY.gamma: 1.0, KEY.noise: 0.1, KEY.pairs: 100},
             "cov(x, x²) = E[x³] = 0 for a symmetric x, so r ≈ 0; uncorrelated is not independent. A Gaussian RKHS "
             "holds functions such as f(x) = x² for which cov(f(x), y) is large."),
    Exercise("graphs_hsic_linear_kernel", "With the linear kernel k(u, u′) = uu′, does HSIC still catch y = x²?",
             ("Yes, HSIC always detects dependence", "No: HSIC is then cov(x, y)², as blind as Pearson's r",
              "Only for large n"), 1,
             {KEY.sample: "square", KEY.kernel: "linear", KEY.noise: 0.1, KEY.pairs: 100},
             "With φ(u) = u the only functions are f(x) = ax: the test is a test of correlation. The Gaussian "
             "kernel's RKHS is rich enough that ρ = 0 only under independence."),
])

section_footer(__file__)
