"""Kernel ridge regression › RBF networks (Bishop's notes, "Radial Basis Functions"): h(x) = Σ wₘ exp(−γ‖x − cₘ‖²)
with M centres fit by least squares, w = Φ⁺y, its bumps drawn one by one; with every point a centre (M = N) Φ is the
RBF Gram matrix K and the network is kernel ridge regression at λ → 0 (the curve under the picture). Under the charts,
the same notes' network for classification, sign(b + Σ wₘ exp(−γ‖x − cₘ‖²)), on the sidebar's points."""
import numpy as np
import streamlit as st

import kernel_core as kc
import ui.data
from pages.kernel_ridge import compute_derivations, settings
from pages.kernel_ridge.figures_derivations import classifier_figure, network_figure, ridge_limit_figure
from pages.kernel_ridge.settings import KEY
from ui import figures as ui_figures
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.formulas import latex
from ui.nav import section_footer, section_header
from ui.ranges import KERNEL_RIDGE as R

CHART = {"config": ui_figures.CHART_CONFIG}
REVEAL_GAMMA = 10.0   # the exercise's γ: narrow enough that Φ = K of the noisy sine has full rank (it interpolates)

section_header(__file__)
present = presenting()


def _num(v):
    """A number in LaTeX: 2.02, or 2.52\\times10^{9} beyond 10⁴ (or below 10⁻³)."""
    if v == 0 or 1e-3 <= abs(v) < 1e4:
        return f"{v:.3g}"
    mantissa, exponent = f"{v:.2e}".split("e")
    return rf"{mantissa}\times10^{{{int(exponent)}}}"


def formulas(net, m_asked, gamma, lam):
    """h(x) and Φ with the current M and γ, the least-squares solve's numbers, and kernel ridge beside it."""
    M, n = len(net.centres), net.n
    latex(rf"\begin{{aligned}}h(x) &= \textstyle\sum_{{m=1}}^{{{M}}} w_m\, e^{{-\gamma (x - c_m)^2}}\\ "
                  rf"\gamma &= {gamma:.3g}\\ "
                  rf"\Phi_{{nm}} &= e^{{-\gamma (x_n - c_m)^2}}\\ \Phi &:\ {n}\times{M},\ \operatorname{{rank}} = "
                  rf"{net.rank}\end{{aligned}}")
    latex(rf"\begin{{aligned}}\mathbf w &= (\Phi^\top\Phi)^{{-1}}\Phi^\top\mathbf y = \Phi^{{+}}\mathbf y\\ "
                  rf"\max_m |w_m| & = {_num(np.max(np.abs(net.weights)))}\\ \textstyle\sum_n (h(x_n) - y_n)^2 &= "
                  rf"{_num(net.train_error)}\end{{aligned}}")
    if lam > 0:
        latex(rf"\begin{{aligned}}f_\lambda(x) &= \mathbf k(x)^\top(\mathbf K + {lam:.3g}\,\mathbf I)^{{-1}}"
                      rf"\mathbf y\\ &\xrightarrow{{\lambda\to0}}\ h(x)\big|_{{M = N}}\end{{aligned}}")
    caption = (f"M = {M} of the {n} points are centres (spread evenly along x)" if M < n else
               f"M = N = {n}: every point is a centre, Φ = K is square and the network interpolates")
    if m_asked > n:
        caption += f"; the slider asks for {m_asked}, there are {n} points"
    if net.rank < M:
        caption += (f". Φ has rank {net.rank} < M in floating point (points closer than the bumps' width): w is the "
                    "shortest least-squares solution (SVD, singular values below 10⁻¹² of the largest set to 0)")
    st.caption(caption + ".")


def classifier(m, gamma):
    """Bishop's notes' RBF network for classification, on the sidebar's points with this section's M and γ: the map
    of h(x) = b + Σ wₘ exp(−γ‖x − cₘ‖²) with its boundary h = 0, and the numbers of the least-squares fit."""
    # a toggle, not an expander: a chart drawn in a closed expander has no size, and every run would send it
    if not st.toggle("Classification (Bishop's notes): h(x) = sign(b + Σ wₘ exp(−γ‖x − cₘ‖²)) on the sidebar's "
                     "points", key=KEY.RBF_CLASS, bind="query-params"):
        return
    X, y, describe = ui.data.current_dataset()
    with st.container():
        try:
            c = compute_derivations.rbf_classifier(X, y, m, gamma)
        except ValueError as err:
            st.error(f"No classifying network on these points: {err}")
            return
        left, right = st.columns(2)
        left.plotly_chart(classifier_figure(c.xs, c.ys, c.Z, c.X, c.y, c.centres, present=present),
                          key=KEY.RBF_CLASS_CHART, **CHART)
        with right:
            M = len(c.centres)
            latex(rf"\begin{{aligned}}h(\mathbf x) &= \operatorname{{sign}}\Big(b + \textstyle\sum_{{m=1}}^{{{M}}}"
                          rf" w_m\, e^{{-\gamma\|\mathbf x - \mathbf c_m\|^2}}\Big),\ \gamma = {gamma:.3g}\\ "
                          r"[\,b,\ \mathbf w\,] &= [\,\mathbf 1\ |\ \Phi\,]^{+}\,\mathbf y,\ \ y_n \in \{-1, +1\}\\ "
                          rf"b &= {_num(c.b)},\ \ \max_m |w_m| = {_num(c.max_w)}\\ "
                          rf"\tfrac{{1}}{{N}}\textstyle\sum_n [\operatorname{{sign}} h(\mathbf x_n) = y_n] &= "
                          rf"{100 * c.accuracy:.1f}\%\ \ (N = {c.n})\end{{aligned}}")
            st.caption(f"Data: {describe}" + (f" (a seeded random {c.n} of its {c.n_all} points)" if c.n < c.n_all
                                              else "") +
                       f". The same least squares as above, with an offset b and the labels ±1 as targets; M = {M} "
                       "centres spread over the points (the slider above), γ from the bar. The black line is h = 0: "
                       "sign(h) is the class. Bishop's notes add: RBFs are most used as the SVM's kernel "
                       "(*Support vector machines*).")


@st.fragment
def network():
    """The bar, M, the network with its bumps and the λ → 0 curve: only this part reruns when one of them moves."""
    s, left, right = settings.frame()
    with right:
        m = st.slider("Centres M (at most the N points)", *R["rbf_centres"][:3], R["rbf_centres"][3],
                      key=KEY.RBF_M, bind="query-params")
    try:
        net = compute_derivations.rbf_network(s.data, m, s.gamma, s.lam)
    except ValueError as err:
        right.error(f"No RBF network on these data: {err}")
        return
    with left:
        st.plotly_chart(network_figure(net.X, net.y, net.xs, net.h, net.bumps, net.centres, net.f, s.lam,
                                       present=present), key=KEY.RBF_CHART, **CHART)
        st.plotly_chart(ridge_limit_figure(net.lams, net.gaps, s.lam, present=present), key=KEY.RBF_LIMIT_CHART,
                        **CHART)
    with right:
        formulas(net, m, s.gamma, s.lam)
        if net.n < net.n_all:
            st.caption(f"A seeded random {net.n} of the {net.n_all} points: the λ → 0 curve's N × N "
                       "eigendecomposition grows as N³.")
        st.caption(f"γ = {s.gamma:g}" + (" from the bar" if s.kernel.gamma is not None else
                                         " (the default: pick RBF in the bar to set it)") +
                   f"; Bishop's notes write exp(−γ‖x − xₙ‖²), the app's γ = 1/(2σ²) (Kriege's h: h = 1/√γ = "
                   f"{1 / np.sqrt(s.gamma):.3g}). The bar's kernel is not used: the network's basis is the RBF bump.")
    classifier(m, s.gamma)


network()
explain("Each data point xₙ, or each of M centres cₘ, puts a Gaussian bump on the line; the network adds them up with "
        "weights w chosen to fit the data in the least-squares sense (Bishop's notes: Φw = y, w = (ΦᵀΦ)⁻¹Φᵀy, the "
        "pseudo-inverse). Few centres: a smooth curve that cannot follow every point. Every point a centre (M = N): "
        "Φ is the square Gram matrix K of the RBF kernel, w = K⁻¹y and the curve passes through every point — noise "
        "included, with huge weights of opposite signs where two points lie close. That is kernel ridge regression "
        "with λ = 0: kernel ridge's α = (K + λI)⁻¹y adds λ on K's diagonal, which keeps the weights small. The lower "
        "chart shows the gap between the two fits at the data points closing as λ → 0 (until round-off: K's "
        "smallest eigenvalues are far below 10⁻¹² of its largest for a wide bump). Bishop's notes also name the "
        "kernel family: a radial (homogeneous) kernel depends on ‖x − x′‖ only, as this bump does; a stationary one "
        "on x − x′ (translation-invariant).")
show_code(kc.RBFNetwork, kc.pick_centres, kc.ridge_to_network)
exercises(settings.PAGE, [
    Exercise("kr_rbf_network", "Put a centre on every one of the noisy points (M = N) and fit by least squares. "
             "What does the network do at the data points, and to its weights?",
             ("It smooths the noise like kernel ridge with λ = 0.1", "It passes through every point (noise included), "
              "and the weights grow huge", "It cannot be fitted: Φ is square"), 1,
             {**settings.LAM_OFF, KEY.GAMMA: REVEAL_GAMMA, KEY.RBF_M: R["rbf_centres"][1]},
             "With M = N, Φ is the square Gram matrix K and w = K⁻¹y solves Φw = y exactly: zero training error, the "
             "curve threads every noisy point, and close points with different y need large weights of opposite signs "
             "(see max |wₘ|; at γ = 10 they reach about 10⁶). Kernel ridge's λ on the diagonal of K is what tames them; "
             "at λ → 0 it becomes this "
             "network (the lower chart)."),
])
section_footer(__file__)
