"""Kernel PCA › Laplacian eigenmap (Sugiyama): the embedding by the k-nearest-neighbour graph's Laplacian (the main
picture) beside kernel PCA on the same data; the generalized eigenproblem with its eigenvalues. At most
KPCA["laplacian_max"] points (a dense generalized eigenproblem, O(n³))."""
import streamlit as st

import kernel_core as kc
from pages.kernel_pca import compute, figures
from pages.kernel_pca.formulas import used
from pages.kernel_pca.settings import KEY, component, frame, neighbours, sidebar_view
from ui.classroom import presenting
from ui.code import show_code
from ui.formulas import latex
from ui.kernel_choice import LABELS as KERNEL_LABELS
from ui.nav import section_footer, section_header
from ui.ranges import KPCA as R

section_header(__file__)
present = presenting()
shown = sidebar_view()


@st.fragment
def body():
    """The bar, k and both embeddings: only this part reruns when one of them moves."""
    framed = frame(shown, R["laplacian_max"], need=4)   # two components beside the constant one: n - 2 >= 2
    if framed is None:
        return
    s, d, left, right = framed
    with right:
        k = neighbours()
        try:
            lap = compute.laplacian(d.X, k)
            kp = compute.fit(d.X, s.kernel)
        except ValueError as err:
            st.error(f"The Laplacian eigenmap cannot be computed: {err}")
            return
        if lap.warning:
            st.warning("⚠️ " + lap.warning)
        pair = s.pair if max(s.pair) < kp.eta.shape[1] else (0, 1)
        st.plotly_chart(figures.embedding_figure(kp.eta[:, pair], d.y, d.t, f"Kernel PCA, {KERNEL_LABELS[s.name]}",
                                                 axes=tuple(component(i) for i in pair),
                                                 height=figures.SIDE[present], present=present),
                        key=KEY.LAP_KPCA_CHART, config=figures.CONFIG)
        latex(rf"\gamma_1 = 0,\ \ \gamma_2 = {lap.gammas[0]:.4g},\ \ \gamma_3 = {lap.gammas[1]:.4g}\ \ (k = {lap.k})")
        n = len(d.X)
        st.caption(f"W has {lap.nonzero:,} non-zero entries of n² = {n * n:,} ({lap.nonzero / (n * n):.1%}): each row "
                   f"has at least k = {lap.k} ones ({lap.nonzero / n:.1f} on average), however large n is. “When W "
                   "is sparse, L and D are also sparse” (Sugiyama): D is diagonal and L = D − W adds only those n "
                   "entries to W's.")
        if used(d, "The eigenmap"):
            st.info(used(d, "The eigenmap"))
    left.plotly_chart(figures.embedding_figure(lap.G, d.y, d.t, axes=("φ₂", "φ₃"), present=present),
                      key=KEY.LAP_CHART, config=figures.CONFIG)
    latex(r"W_{ij} = \begin{cases}1 & \mathbf{x}_j \text{ among the } k \text{ nearest neighbours of } \mathbf{x}_i"
             r"\text{ or vice versa}\\0&\text{otherwise}\end{cases},\quad D = \operatorname{diag}\big(\textstyle\sum_j "
             r"W_{ij}\big)")
    latex(r"L = D - W,\qquad L\boldsymbol{\varphi} = \gamma D\boldsymbol{\varphi},\quad \langle D\boldsymbol{\varphi}_i,"
             r"\boldsymbol{\varphi}_j\rangle = \delta_{ij},\qquad \gamma_1 = 0\ (\boldsymbol{\varphi}_1 = \text{const},\ "
             r"L\mathbf{1} = \mathbf{0})")


body()
st.caption("Sugiyama sorts γ descending and keeps φₙ₋ₘ … φₙ₋₁; here γ is ascending, so the same vectors are φ₂, φ₃ (the "
           "smallest non-zero γ). This γ is an eigenvalue, not the kernel's γ. Kernel PCA keeps the directions of "
           "largest variance of all points; the eigenmap only keeps neighbours close, which unrolls manifolds such as "
           "the S-curve (Sugiyama uses k = 10). His homework 1 is this section: unfold the 3-D S-curve (Data: S-curve "
           "(3-D)), then try the eigenmap on other data of your own, such as the Swiss roll or the points you draw.")
show_code(kc.laplacian_eigenmap)
section_footer(__file__)
