"""Kernels › Kernels inside the Gaussian: kernel substitution (Nguyen; Bishop's notes) replaces every inner product
of ‖x − x′‖² by a kernel κ, k(x, x′) = exp(−(κ(x, x) + κ(x′, x′) − 2κ(x, x′)) / (2σ²)); its Gram matrix on the data,
eigenvalues and verdict; with κ linear it is the RBF kernel with γ = 1/(2σ²)."""
import streamlit as st

import kernel_core as kc
from pages.kernels import compute, compute_closure, figures, figures_closure
from pages.kernels.display import formula, verdict_box
from pages.kernels.settings import KEY, PAGE, frame, reveal_kernel
from ui.classroom import presenting
from ui.code import show_code
from ui.data import current_dataset
from ui.exercises import Exercise, exercises
from ui.figures import CHART_CONFIG
from ui.formulas import with_numbers
from ui.nav import section_footer, section_header

SIGMAS = (0.1, 0.15, 0.2, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 3.0, 5.0, 7.0, 10.0)   # σ of the outer Gaussian (default 1)
OUTER = r"k(\mathbf{x},\mathbf{x}') = \exp\!\left(-\frac{d^2}{2\sigma^2}\right)"
BRACKET = r"d^2 = \kappa(\mathbf{x},\mathbf{x}) + \kappa(\mathbf{x}',\mathbf{x}') - 2\kappa(\mathbf{x},\mathbf{x}')"


def _short(v):
    return f"{v:.3g}"


def _formula(s, sigma):
    """The three lines: the outer Gaussian with σ, the bracket d², and κ with the bar's numbers."""
    kappa = with_numbers(s.name, s.params).split(" = ")[-1].replace(r"\mathbf{y}", r"\mathbf{x}'")
    return (r"\begin{gathered}" + OUTER + rf",\quad \sigma = {sigma:g} \\ " + BRACKET
            + rf" \\ \kappa(\mathbf{{x}},\mathbf{{x}}') = {kappa}\end{{gathered}}")


section_header(__file__)
present = presenting()
X_all, y_all, data_desc = current_dataset()
X, y = compute.capped(X_all, y_all)


@st.fragment
def body():
    """The bar (κ), σ and everything they change: only this part reruns when one of them moves."""
    s, left, right = frame()
    with right:
        sigma = st.select_slider("σ (width of the outer Gaussian)", SIGMAS, value=1.0, key=KEY.sigma,
                                 format_func=lambda v: f"{v:g}", bind="query-params",
                                 help="k = exp(−d² / (2σ²)) with d² the squared distance in κ's feature space; "
                                      "γ = 1/(2σ²).")
    if len(X) < 2:
        left.warning("The data set has fewer than two points: add points by clicking on the plot of the geometry "
                     "section, or press Undo in the sidebar.")
        return
    try:
        result = compute_closure.substituted(X, s.choice, sigma)
    except ValueError as err:
        left.error(f"This kernel cannot be evaluated on these data: {err}")
        return
    ev, v = result.gram.ev, result.gram.verdict
    with left:
        st.plotly_chart(figures_closure.subst_gram_map(result.gram.K, y, present=present), key=f"{PAGE}_subst_gram",
                        config=CHART_CONFIG)
    with right:
        formula(_formula(s, sigma))
        m1, m2, m3 = st.columns(3)
        m1.metric("Largest λ", _short(ev[0]))
        tiny = abs(ev[-1]) <= kc.PSD_RTOL * abs(ev[0])
        m2.metric("Smallest λ", "≈ 0" if tiny else _short(ev[-1]),
                  help=f"{ev[-1]:.3e}" + (", round-off: within the tolerance of the verdict" if tiny else ""))
        m3.metric("Negative λ", v.n_negative)
        verdict_box(v, "This K")
        st.metric(f"κ linear: max |K − K_RBF|, γ = 1/(2σ²) = {result.gamma:.3g}", f"{result.rbf_gap:.1e}",
                  help="The Gram matrix of the substituted Gaussian with κ(x, x′) = xᵀx′ against the RBF kernel "
                       "exp(−γ‖x − x′‖²) on the same points: equal up to round-off.")
        st.plotly_chart(figures.spectrum(ev, "Eigenvalues of K, descending", present=present),
                        key=f"{PAGE}_subst_spectrum", config=CHART_CONFIG)
    if not kc.Kernel(s.name, **s.params).is_mercer:
        st.warning("κ is not a Mercer kernel here (the sigmoid, or a polynomial kernel with r < 0): "
                   "κ(x, x) + κ(x′, x′) − 2κ(x, x′) need not be a squared distance — it can be negative, k can "
                   "exceed 1, and nothing promises a PSD Gram matrix."
                   + (" The red bars are its negative eigenvalues." if v.n_negative else ""))
    if len(X) < len(X_all):
        st.caption(f"{len(X_all)} points in the data set: this section uses a fixed random {len(X)} of them "
                   "(an n × n eigen-decomposition per move stays fast).")


body()

with st.container(key="explain_substitution"):
    st.caption(f"Data set: {data_desc}. Rows and columns sorted by class (class −1 first; white lines divide the "
               "classes); the colour runs from 0 to 1. κ is the bar's kernel k₁.")
    st.markdown(
        "**Kernel substitution** (Bishop's notes call the kernel trick by this name): an algorithm that sees its "
        "inputs only through inner products xᵀx′ works unchanged when every xᵀx′ is replaced by a kernel. Nguyen "
        "applies it inside the Gaussian kernel exp(−‖x − x′‖² / (2σ²)): expanding the square,\n\n"
        "‖x − x′‖² = xᵀx + x′ᵀx′ − 2xᵀx′,\n\n"
        "has only inner products, and replacing each by κ gives the formula beside the picture (Nguyen prints the "
        "norm without the square; the app uses ‖x − x′‖², as Bishop's notes do). **Why it is a kernel:** the bracket "
        "is ‖φ(x) − φ(x′)‖², the squared distance in κ's feature space (Sugiyama computes distances from the kernel "
        "this way), so k is a Gaussian kernel on the points φ(x). Written as a product, k = f(x) · exp(κ(x, x′)/σ²) "
        "· f(x′) with f(x) = exp(−κ(x, x)/(2σ²)): Bishop's notes' closure rules (1) c·k₁, (4) exp(k₁) and (2) f(x) k₁ f(x′) "
        "make it a kernel whenever κ is.\n\n"
        "**With κ linear** the bracket is ‖x − x′‖² and k is the RBF kernel exp(−γ‖x − x′‖²) with γ = 1/(2σ²) "
        "(the metric beside the picture measures the difference on these points). With κ = RBF, κ(x, x) = 1 and k = "
        "exp(−(1 − κ(x, x′))/σ²). A small σ makes K close to the identity (each point similar only to itself), a "
        "large σ makes it close to all ones — Bishop's notes: σ² sets how much the model generalises.")
show_code(kc.substituted_gaussian)

exercises(PAGE, [
    Exercise("kernels_subst_linear", "Inside the Gaussian, κ is the linear kernel xᵀx′. Which kernel is k?",
             ("The linear kernel again", "The RBF kernel exp(−γ‖x − x′‖²) with γ = 1/(2σ²)",
              "Not a kernel: the bracket can be negative"), 1,
             {**reveal_kernel("linear"), KEY.sigma: 1.0},
             "κ(x, x) + κ(x′, x′) − 2κ(x, x′) = ‖x − x′‖² for κ linear, so k = exp(−‖x − x′‖²/(2σ²)): the RBF "
             "kernel with γ = 1/(2σ²) (σ = 1: γ = 0.5). The metric shows max |K − K_RBF| at round-off level."),
    Exercise("kernels_subst_sigmoid", "Is the Gaussian around the sigmoid κ = tanh(γ xᵀx′ + r) a valid kernel?",
             ("Yes: a Gaussian of anything is a kernel", "Not necessarily: the sigmoid is not PSD, so the bracket is "
              "not a squared distance and K can have negative eigenvalues", "Only when σ is large"), 1,
             reveal_kernel("sigmoid", gamma=2.0, coef0=-1.0),
             "The argument needs κ to be a kernel: then the bracket is ‖φ(x) − φ(x′)‖² ≥ 0. With the sigmoid it can "
             "be negative (k > 1) and the verdict beside the picture can turn red."),
])

section_footer(__file__)
