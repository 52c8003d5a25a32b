"""Kernels › The ANOVA kernel (Kriege): k(x, x′) = Σⱼ kⱼ(xⱼ, x′ⱼ), one kernel per coordinate. Kernel ridge with it
learns an additive f = f₁(x₁) + f₂(x₂): the map of f beside the two learned parts."""
import streamlit as st

import kernel_core as kc
from pages.kernels import compute, compute_closure, figures_closure
from pages.kernels.display import formula
from pages.kernels.settings import KEY, PAGE, frame, reveal_kernel
from ui.classroom import presenting
from ui.code import show_code
from ui.controls import labeller
from ui.data import current_dataset
from ui.exercises import Exercise, exercises
from ui.figures import CHART_CONFIG
from ui.formulas import with_numbers
from ui.nav import section_footer, section_header

TARGETS = {"additive": "y = sin(x₁) + x₂²/2 + noise", "labels": "the class labels ±1"}
LAMS = (1e-4, 3e-4, 1e-3, 3e-3, 0.01, 0.03, 0.1, 0.3, 1.0)     # Kriege's λ (the ridge on the diagonal is nλ)

section_header(__file__)
present = presenting()
X_all, y_all, data_desc = current_dataset()
X, y = compute.capped(X_all, y_all)


def _kj(s):
    """kⱼ(s, t) with the bar's numbers: the bar's kernel on one coordinate."""
    one = with_numbers(s.name, s.params).split(" = ")[-1]
    one = one.replace(r"\|\mathbf{x}-\mathbf{y}\|_2^2", "(s-t)^2").replace(r"\|\mathbf{x}-\mathbf{y}\|_1", "|s-t|")
    return one.replace(r"\mathbf{x}^\top\mathbf{y}", "s\\,t")


@st.fragment
def body():
    """The bar (kⱼ), the targets, λ and the two pictures: only this part reruns when one of them moves."""
    s, left, right = frame()
    with right:
        c1, c2 = st.columns([3, 2])
        target = c1.radio("Targets", list(TARGETS), key=KEY.anova_target, format_func=labeller(TARGETS),
                          bind="query-params")
        lam = c2.select_slider("λ (Kriege)", LAMS, value=0.01, key=KEY.anova_lam, format_func=lambda v: f"{v:g}",
                               bind="query-params", help="α = (K + nλI)⁻¹y, Kriege's convention; Held and Bishop's "
                                                         "notes write (K + λI)⁻¹y, their λ is this nλ.")
    if len(X) < 2:
        left.warning("The data set has fewer than two points: add points by clicking on the plot of the geometry "
                     "section, or press Undo in the sidebar.")
        return
    try:
        fit = compute_closure.anova(X, y, s.choice, target, lam)
    except ValueError as err:
        left.error(f"This kernel cannot be fitted on these data: {err}")
        return
    labels = target == "labels"
    if labels and len(set(y.tolist())) < 2:
        right.info("All points are of one class: the labels are a constant target, and the fit is nearly flat.")
    with left:
        st.plotly_chart(figures_closure.anova_map(fit.xs, fit.Z, X, y, labels, present=present), key=f"{PAGE}_anova_fit",
                        config=CHART_CONFIG)
    with right:
        formula(r"\begin{gathered}k(\mathbf{x},\mathbf{x}') = k_1(x_1,x_1') + k_2(x_2,x_2') \\ k_j(s,t) = "
                + _kj(s) + rf" \\ \boldsymbol\alpha = (K + {fit.lam:.3g}\,I)^{{-1}}\mathbf{{y}},\quad "
                rf"n\lambda = {len(X)}\cdot{lam:g}\end{{gathered}}")
        st.plotly_chart(figures_closure.anova_parts(fit.xs, fit.parts, fit.truth, X, present=present),
                        key=f"{PAGE}_anova_parts", config=CHART_CONFIG)
        m1, m2 = st.columns(2)
        m1.metric("RMSE on the data", f"{fit.rmse:.3f}")
        m2.metric("max |f − f₁ − f₂|", f"{fit.additive_gap:.1e}",
                  help="f(xᵢ) from kernel ridge's prediction against the sum of the two learned parts, over the data")
    if s.not_psd_why:
        st.warning(s.not_psd_why + " A sum of such parts is no kernel either: K + nλI may be singular, and the "
                                   "fit then falls back to least squares.")
    if len(X) < len(X_all):
        st.caption(f"{len(X_all)} points in the data set: this section fits a fixed random {len(X)} of them.")


body()

with st.container(key="explain_anova"):
    st.caption(f"Data set: {data_desc}. Left: f(x) = f₁(x₁) + f₂(x₂) over the plane (blue > 0, red < 0). Right: the "
               "learned parts (blue), the data's coordinates as ticks along the bottom"
               " and, for the built-in target, the true parts sin(x₁) and x₂²/2 (dashed, each shifted by a constant: "
               "a constant can move freely between f₁ and f₂). kⱼ is the bar's kernel k₁ on coordinate j alone.")
    st.markdown(
        "**Kriege's ANOVA kernel** adds one kernel per coordinate, k(x, x′) = Σⱼ kⱼ(xⱼ, x′ⱼ): a valid kernel by the "
        "sum rule (Bishop's notes list it as rule 9, kernels on parts of x). Which functions does it learn? Put it "
        "into the learned function and swap the sums:\n\n"
        "f(x) = Σᵢ αᵢ k(xᵢ, x) = Σᵢ αᵢ Σⱼ kⱼ(xᵢⱼ, xⱼ) = Σⱼ fⱼ(xⱼ),  fⱼ(xⱼ) = Σᵢ αᵢ kⱼ(xᵢⱼ, xⱼ)\n\n"
        "(Kriege writes αᵢyᵢ for the perceptron and the SVM; for kernel ridge the yᵢ are inside αᵢ). "
        "**An additive model:** each part sees one coordinate, so the map is f₁ along x₁ plus f₂ along x₂ — every "
        "horizontal line through it is the same curve f₁ shifted by f₂(x₂); its structure is axis-aligned. The "
        "built-in target y = sin(x₁) + x₂²/2 + noise is additive, and the fit finds both parts where there are data. "
        "With the class labels on the XOR data set the model has no way to say \"x₁ and x₂ have the same sign\": "
        "an interaction x₁x₂ is not a sum of one-coordinate functions, while the RBF kernel on both coordinates "
        "(previous topics) fits it.")
    st.caption("Fit: kernel ridge regression with α = (K + nλI)⁻¹y (Kriege's λ; the built-in target's noise has "
               f"standard deviation {compute_closure.ANOVA_NOISE:g}, seeded). The learned parts come from "
               "kernel_core.anova_components; their sum equals kernel ridge's prediction (metric above).")
show_code(kc.anova_kernel, kc.anova_components)

exercises(PAGE, [
    Exercise("kernels_anova_xor", "The class labels of the XOR data set: can the ANOVA kernel separate them?",
             ("Yes, with a small enough λ", "No: XOR needs the interaction x₁x₂, and f₁(x₁) + f₂(x₂) has none",
              "Only with the linear kernel as kⱼ"), 1,
             {**reveal_kernel("rbf", gamma=1.0), KEY.anova_target: "labels", KEY.anova_lam: 0.001},
             "Each part depends on one coordinate. Choose the XOR preset in the sidebar: the map stays a sum of a "
             "function of x₁ and one of x₂ and cannot put the same sign on opposite quadrants."),
    Exercise("kernels_anova_linear", "With the linear kernel as kⱼ, k(x, x′) = x₁x′₁ + x₂x′₂. Which kernel is that?",
             ("The linear kernel xᵀx′: it is additive already", "The polynomial kernel of degree 2",
              "Not a kernel"), 0,
             {**reveal_kernel("linear"), KEY.anova_target: "additive"},
             "x₁x′₁ + x₂x′₂ = xᵀx′: f₁ and f₂ are straight lines and the map is a tilted plane."),
])

section_footer(__file__)
