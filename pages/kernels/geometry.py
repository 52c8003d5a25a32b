"""Kernels › Geometry in feature space: norms, distance and angle of φ(xᵢ), φ(xⱼ) from kernel values alone, on the
shared data set, whose plot edits the points by clicks (add / remove, Undo / Reset)."""
import math

import streamlit as st

import kernel_core as kc
from pages.kernels import compute_geometry, figures_geometry
from pages.kernels.display import formula
from pages.kernels.settings import KEY, PAGE, frame
from ui import points_click
from ui.classroom import presenting
from ui.code import show_code
from ui.data import current_dataset
from ui.figures import CHART_CONFIG
from ui.nav import section_footer, section_header


def formulas(g):
    """The three kernel values and what they give, numbers plugged in."""
    formula(rf"\begin{{aligned}}k_{{ii}} &= {g.k_ii:.4g},\ \ k_{{jj}} = {g.k_jj:.4g}\\ k_{{ij}} &= {g.k_ij:.4g}"
            rf"\\ \|\phi(\mathbf{{x}}_i)\| &= \sqrt{{k_{{ii}}}} = {g.norm_i:.4g}"
            rf"\\ \|\phi(\mathbf{{x}}_j)\| &= \sqrt{{k_{{jj}}}} = {g.norm_j:.4g}"
            rf"\\ \|\phi(\mathbf{{x}}_i)-\phi(\mathbf{{x}}_j)\| &= \sqrt{{k_{{ii}} - 2k_{{ij}} + k_{{jj}}}}"
            rf"\\ &= {g.distance:.4g}\end{{aligned}}")
    if math.isnan(g.cos):
        formula(r"\cos\theta = \frac{k_{ij}}{\sqrt{k_{ii}\,k_{jj}}}\ \text{undefined: a }\phi\text{ is } 0")
    else:
        formula(rf"\begin{{aligned}}\cos\theta &= \frac{{k_{{ij}}}}{{\sqrt{{k_{{ii}}\,k_{{jj}}}}}} = {g.cos:.4g}"
                rf"\\ \theta &= {g.angle_deg:.1f}^\circ\end{{aligned}}")


section_header(__file__)
present = presenting()


@st.fragment
def body():
    """The bar, the points and the picture (a γ move reruns only this; an edit of the points reruns the app)."""
    X, y, _ = current_dataset()
    n = len(X)
    s, left, right = frame()
    with right:
        if points_click.toolbar(PAGE, narrow=True):
            st.rerun(scope="app")   # Undo / Reset changed the data every section (and the sidebar) shows
        c1, c2 = st.columns(2)
        i = c1.number_input("Point i", 0, max(n - 1, 0), 0, key=KEY.i, bind="query-params")
        j = c2.number_input("Point j", 0, max(n - 1, 0), min(1, max(n - 1, 0)), key=KEY.j, bind="query-params")
        i, j = int(min(i, max(n - 1, 0))), int(min(j, max(n - 1, 0)))
        if n < 2:
            st.warning("Two points are needed: click on the plot to add some.")
        else:
            try:
                formulas(compute_geometry.geometry(X[i], X[j], s.choice))
            except ValueError as err:
                st.error(f"No geometry here: {err}")
    with left:
        fig = figures_geometry.data_map(X, y, (i, j) if n >= 2 else None, present=present)
        points_click.clickable_chart(fig, PAGE, key=f"{PAGE}_points", config=CHART_CONFIG)
    if s.name == "rbf":
        c = 1 / math.sqrt(s.params["gamma"])   # Sugiyama's width: exp(−‖x − x′‖²/c²) is exp(−γ‖x − x′‖²) with γ = 1/c²
        st.caption("For the Gaussian kernel every φ(x) has norm 1, the squared distance is 2 − 2k and cos θ = k "
                   "(Sugiyama). Sugiyama prints the norm line as ‖f‖² = √K; the square root gives ‖f‖ itself. He "
                   f"writes the Gaussian K(x, x′) = exp(−‖x − x′‖²/c²), c > 0: the bar's γ = {s.params['gamma']:g} is "
                   f"γ = 1/c², c = {c:.3g}.")


body()

with st.container(key="explain_geometry"):
    st.markdown("Norms, distances and angles of φ(x) need only kernel values (Sugiyama): φ itself is never built, "
                "so they exist even when φ(x) is infinite-dimensional (RBF). Click on the plot to add points of the "
                "class chosen at the right, or switch to *Remove*; the data set is the one every section uses.")
show_code(kc.feature_space_geometry)

section_footer(__file__)
