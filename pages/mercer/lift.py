"""The lift: two concentric circles, mapped by the degree-2 map of (xᵀy)² into 3-D, are split by a plane; the plane
mapped back to the input plane is an ellipse (Kriege, Nguyen)."""
import streamlit as st

from kernel_core import feature_maps as fm
from pages.mercer import compute, figures, settings
from pages.mercer.settings import KEY
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.controls import log_slider
from ui.nav import section_footer, section_header
from ui.ranges import MERCER as R

section_header(__file__)


@st.fragment
def panel():
    present = presenting()
    chart, side = st.columns([3, 2], gap="medium")
    with side:
        settings.fixed_bar("Here $k = (\\mathbf{x}^\\top\\mathbf{y})^2$, m = 2, r = 0: "
                           "$\\phi(\\mathbf{x}) = (x_1^2,\\ \\sqrt{2}x_1x_2,\\ x_2^2) = (z_1, z_2, z_3)$, three "
                           "features — the 3-D space of the picture.")
        c1, c2 = st.columns(2)
        lo, hi, default, step = R["lift_n"]
        n = c1.slider("points", lo, hi, default, step, key=KEY.LIFT_N, bind="query-params")
        lo, hi, default, step = R["lift_noise"]
        noise = c2.slider("noise", lo, hi, default, step, key=KEY.LIFT_NOISE, bind="query-params")
        with st.container(key="secondary_mercer_lift_C"):
            C = log_slider("C (inverse regularisation)", KEY.LIFT_C, *R["lift_C"],
                           help="LogisticRegression's C: small C = a strongly shrunk plane.")
    try:
        fit = compute.lift_fit(n, noise, C)
        surface = compute.lift_surface(n, noise, C)
    except ValueError as err:
        side.error(f"The classifier could not be fitted: {err}")
        return
    A, B, Cc, b0, is_ellipse = fit.conic
    kind = "an ellipse" if is_ellipse else "not an ellipse (B² ≥ 4AC): a hyperbola or parabola"
    with chart:
        st.plotly_chart(figures.lift_3d(fit.Phi, fit.y, fit.w, fit.b, present=present), key="mercer_lift3d",
                        config=figures.CONFIG)
    with side:
        w = fit.w
        st.latex(rf"{w[0]:.3g}\,z_1 {w[1]:+.3g}\,z_2 {w[2]:+.3g}\,z_3 {fit.b:+.3g} = 0")
        st.plotly_chart(figures.ellipse_map(surface.xs, surface.Z, fit.X, fit.y,
                                            f"Mapped back: {kind.split(' (')[0]}", present=present),
                        key="mercer_ellipse", config=figures.CONFIG)
        st.latex(rf"{A:.3g}\,x_1^2 {B:+.3g}\,x_1x_2 {Cc:+.3g}\,x_2^2 {b0:+.3g} = 0")
    st.caption(f"Training accuracy {fit.accuracy:.1%}. With z = φ(x) the plane wᵀz + b = 0 is w₁x₁² + √2·w₂x₁x₂ + "
               f"w₃x₂² + b = 0: a conic centred at the origin (no linear terms, since φ has none) — here {kind}. "
               "Right: f(x) = wᵀφ(x) + b over the input plane, its zero line black.")


panel()
explain("Two concentric circles (generated for this section, not the sidebar data) cannot be split by a line. "
        "Mapped by the degree-2 map of (xᵀy)² (Kriege, Nguyen), $\\phi(\\mathbf{x}) = (x_1^2, \\sqrt{2}x_1x_2, "
        "x_2^2)$, they can: a **linear** classifier (scikit-learn's LogisticRegression) finds a plane in 3-D. Drag "
        "the 3-D plot to rotate it; the camera starts nearly along the √2·x₁x₂ axis, where the plane is seen "
        "edge-on between the inner circle (small x₁², x₂²) and the outer one. Held's summary of the advantages of "
        "kernels: a positive definite kernel is (1) a map φ into a q-dimensional space followed by (2) the Euclidean "
        "scalar product there; φ may be hard to compute, so the **kernel trick** replaces each scalar product by "
        "a kernel evaluation. Here φ has three features and can be built; *The feature explosion* counts when it "
        "cannot.")
show_code(fm.LiftedLinearClassifier)
section_footer(__file__)
