"""Kernel PCA › Kernel LPP (Sugiyama): the Laplacian eigenmap's neighbourhood graph solved in the span of the kernel
functions, K L K α = λ K D K α. On the training points it is the eigenmap (rings on the dots when K is invertible);
unlike the eigenmap it embeds new points, g(x) = Aᵀk(x) (the held-out diamonds). At most KPCA["klpp_max"] points
(a dense n x n generalised eigenproblem)."""
import streamlit as st

import kernel_core as kc
from pages.kernel_pca import compute, figures
from pages.kernel_pca.formulas import used
from pages.kernel_pca.settings import KEY, frame, neighbours, sidebar_view
from ui.classroom import presenting
from ui.code import show_code
from ui.formulas import latex
from ui.nav import section_footer, section_header
from ui.ranges import KPCA as R

ROUND_OFF = 1e-12     # eigenvalues below this (in absolute value) are shown as 0

section_header(__file__)
present = presenting()
shown = sidebar_view()


def _ev(v):
    """An eigenvalue of Lφ = γDφ or KLKα = λ(KDK + εI)α (both between 0 and 2) with 4 digits; round-off (|v| <
    ROUND_OFF, e.g. −6.8e−16 on a graph in pieces, where several are 0) as 0."""
    return "0" if abs(v) < ROUND_OFF else f"{v:.4g}"


@st.fragment
def body():
    """The bar, k and the embedding: only this part reruns when one of them moves."""
    framed = frame(shown, R["klpp_max"], need=8)
    if framed is None:
        return
    s, d, left, right = framed
    with right:
        k = neighbours()
        try:
            r = compute.kernel_lpp(d.X, s.kernel, k)
        except ValueError as err:
            st.error(f"Kernel LPP cannot be computed here: {err}")
            return
        if r.warning:
            st.warning("⚠️ " + r.warning)
        latex(r"K L K\boldsymbol\alpha = \lambda\,(K D K + \varepsilon I)\,\boldsymbol\alpha")
        latex(r"g(\mathbf{x}) = A^\top\mathbf{k}(\mathbf{x}),\quad L\boldsymbol\varphi = \gamma D\boldsymbol\varphi")
        latex(rf"\lambda_1 = {_ev(r.lambdas[0])},\ \ \lambda_2 = {_ev(r.lambdas[1])}")
        latex(rf"\gamma_2 = {_ev(r.gammas[0])},\ \ \gamma_3 = {_ev(r.gammas[1])}")
        latex(rf"|\mathrm{{corr}}(g_1, \varphi_2)| = {r.corr[0]:.3f},\ \ |\mathrm{{corr}}(g_2, \varphi_3)| = "
              rf"{r.corr[1]:.3f}")
        st.caption(f"{len(r.train)} points fitted, {len(r.test)} held out (◆), k = {r.k}; ε = 10⁻⁸ · tr(KDK)/n; "
                   f"{r.dropped} trivial direction(s) dropped (constant or ≈ 0 on the points).")
        if used(d, "Kernel LPP"):
            st.info(used(d, "Kernel LPP"))
    y_tr = None if d.y is None else d.y[r.train]
    t_tr = None if d.t is None else d.t[r.train]
    left.plotly_chart(figures.klpp_figure(r.G, y_tr, t_tr, r.Phi, r.G_new,
                                          None if d.y is None else d.y[r.test], None if d.t is None else d.t[r.test],
                                          present=present),
                      key=KEY.KLPP_CHART, config=figures.CONFIG)


body()
st.caption("Sugiyama: g(x) = Aᵀk(x), k(x) = (K(x, x₁), …, K(x, xₙ))ᵀ, A = (α₁ | … | αₘ) from the generalised "
           "eigenproblem KLKα = λKDKα with ⟨KDKαᵢ, αⱼ⟩ = δᵢⱼ, L = D − W on the k-nearest-neighbour graph; when KDK is "
           "not full rank it becomes KDK + εI (here always, with a small ε, for stability). When K is invertible, "
           "φ = Kα turns it into the eigenmap's Lφ = γDφ: on the training points kernel LPP gives the same "
           "embedding (the rings sit on the dots, λ = γ, correlation 1). A smooth kernel (small γ) makes K nearly "
           "singular: g must then lie in a smaller space of functions and drifts from the eigenmap. As in the "
           "eigenmap, the constant direction (λ = 0, L1 = 0) is dropped. Numbering: here λ₁ ≤ λ₂ are the smallest "
           "kept eigenvalues; Sugiyama sorts them descending (λ₁ ≥ … ≥ λₙ) and keeps the last m, α_{n−m+1} … αₙ. "
           "Letters: λ and the eigenmap's γ₂, γ₃ (Sugiyama's letter for Lφ = γDφ) are eigenvalues; the γ in the "
           "bar is the RBF kernel's width.")
show_code(kc.KernelLPP)
section_footer(__file__)
