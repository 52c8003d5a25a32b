"""Kernels › The kernel: k(x, x₀) over the plane for the bar's kernel, a slice through x₀, the formula with its
numbers in this app's notation and in each lecture's."""
import streamlit as st

import kernel_core as kc
from pages.kernels import compute, figures
from pages.kernels.display import formula
from pages.kernels.settings import KEY, PAGE, frame, reveal_kernel
from ui.classroom import presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.figures import CHART_CONFIG, power_of_ten
from ui.formulas import other_notations, with_numbers
from ui.nav import section_footer, section_header
from ui.ranges import PLANE
from ui.sweep import sweep

section_header(__file__)
present = presenting()


def plain(v):
    """A number for a sentence: 0.25, or 1.52 × 10⁻⁸ below 10⁻³ (and from 10⁴ up)."""
    if v == 0 or 1e-3 <= abs(v) < 1e4:
        return f"{v:.3g}"
    mantissa, exponent = f"{v:.2e}".split("e")
    return f"{mantissa} × {power_of_ten(int(exponent))}"


@st.fragment
def body():
    """The bar, x₀ and every picture and word they change: only this part reruns when one of them moves."""
    s, left, right = frame()
    with right:
        formula(with_numbers(s.name, s.params, aligned=True))
        if s.name == "poly":
            st.markdown("A kernel (positive semi-definite) for **r ≥ 0** only." if s.params["coef0"] >= 0 else
                        "❌ **r < 0: not a kernel** (why: under the picture).")
        c1, c2 = st.columns(2)
        x0 = (c1.slider("x₀ first coordinate", *PLANE, 0.0, 0.1, key=KEY.x0a, bind="query-params"),
              c2.slider("x₀ second coordinate", *PLANE, 0.0, 0.1, key=KEY.x0b, bind="query-params"))
    try:
        surf = compute.surface(s.choice, x0)
    except ValueError as err:
        left.error(f"This kernel cannot be drawn here: {err}")
        return
    with left:
        fig = figures.kernel_surface(surf.xs, surf.Z, x0, present=present)
        st.plotly_chart(fig, key=f"{PAGE}_surface", config=CHART_CONFIG)
        # drag γ (its slider, or the picture sideways) and the bump follows; the polynomial's degree m too (its
        # slider): ui.sweep
        for param, label, by in (("gamma", "γ", "index"), ("degree", "m", "value")):
            live = compute.kernel_sweep(s.choice, x0, param)
            if live is not None:
                sweep(figures.surface_sweep(surf.xs, *live, f"{PAGE}_surface", getattr(KEY, param), label, by,
                                            drag=param == "gamma"))
    with right:
        st.plotly_chart(figures.kernel_slice(surf.xs, surf.Z[surf.row], x0[0],
                                             f"Slice along x₂ = {surf.xs[surf.row]:.2f}", present=present),
                        key=f"{PAGE}_slice", config=CHART_CONFIG)
    if s.not_psd_why:
        st.warning(s.not_psd_why)
    with st.container(key="explain_kernel_notations"):
        st.markdown("A **kernel** measures the similarity of two points as an inner product in a feature space, "
                    "$k(\\mathbf{x},\\mathbf{y}) = \\phi(\\mathbf{x})^\\top\\phi(\\mathbf{y})$; the identity map "
                    "φ(x) = x gives the linear kernel xᵀy (Bishop's notes). The picture "
                    "shows k(x, x₀) for every x of the plane: **stationary** kernels (RBF, Laplacian) depend only on "
                    "x − x₀, so the bump moves with x₀ and keeps its shape; linear, polynomial and sigmoid kernels "
                    "depend on xᵀx₀, so moving x₀ tilts and rescales the whole surface.")
        low, high = float(surf.Z.min()), float(surf.Z.max())
        st.markdown(f"Held's first slide defines a kernel by k(x, y) = k(y, x) **and k(x, y) ≥ 0**, a (possibly "
                    "non-linear) **generalised inner product without bilinearity** that measures the similarity of "
                    "feature vectors: k(x, ·) need not be linear in x, as xᵀy is. On this picture "
                    f"k(x, x₀) runs from {plain(low)} to {plain(high)}"
                    + (", below 0. " if low < 0 else ". ") + "The RBF and Laplacian kernels lie in (0, 1], but the "
                    "linear kernel xᵀy is negative whenever x and y are more than 90° apart, and it is a kernel all "
                    "the same: what every kernel satisfies is his next slide's condition, a positive semi-definite "
                    "Gram matrix (*Gram matrix & eigenvalues*), not k ≥ 0. Bishop's notes call kernel methods **memory-based**: a "
                    "prediction Σᵢ αᵢ k(xᵢ, x) keeps every training point, as k-NN does, so they are quick to train "
                    "and slow to predict (*Perceptron vs k-NN*).")
    st.markdown("**The same kernel in the lecture notes** (this app writes scikit-learn's γ, r = coef0, m = degree):")
    notations = other_notations(s.name, s.params)
    for col, (source, tex, note) in zip(st.columns(len(notations)), notations):
        with col:
            st.markdown(f"**{source}** — {note}")
            formula(r"\begin{gathered}" + tex + r"\end{gathered}")
    show_code(kc.kernels.KERNEL_FUNCTIONS[s.name])


body()

exercises(PAGE, [
    Exercise("kernels_rbf_gamma", "For the RBF kernel, what happens to the bump k(x, x₀) as γ grows?",
             ("It gets wider: every point looks similar to x₀", "It gets narrower: only points very close to x₀ "
              "look similar", "Nothing: γ only rescales the colour bar"), 1,
             reveal_kernel("rbf", gamma=10.0),
             "γ = 1/h² (Kriege) = 1/(2σ²) (Bishop's notes): a large γ is a small bandwidth, so each point is "
             "similar only to itself — on the data, K tends to the identity matrix (next section)."),
])

section_footer(__file__)
