"""Kernel PCA › Kernel FDA (Sugiyama, homework 2): Fisher discriminant analysis in the span of the kernel functions,
K L⁽ᵇ⁾ K α = λ (K L⁽ʷ⁾ K + εI) α, beside linear FDA's S⁽ᵇ⁾φ = λS⁽ʷ⁾φ on the same two classes, held-out points projected
as new points, g(x) = αᵀk(x); a switch makes both local FDA (Sugiyama's LFDA weights). At most KPCA["fda_max"] points
(a dense n x n generalised eigenproblem)."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.kernel_pca import compute_fda, figures, figures_fda
from pages.kernel_pca.settings import KEY, PAGE, frame, sidebar_view
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.controls import log_slider
from ui.exercises import Exercise, exercises
from ui.formulas import latex
from ui.nav import section_footer, section_header
from ui.ranges import KPCA as R

section_header(__file__)
present = presenting()
shown = sidebar_view()


def _sci(v, digits=3):
    """A positive number in LaTeX: 0.001 or 34.1, else 1\\times10^{-8} or 6.054\\times10^{5}."""
    if v == 0 or 1e-3 <= abs(v) < 1e4:
        return f"{v:.{digits}g}"
    mantissa, exponent = f"{v:.{digits - 1}e}".split("e")
    return rf"{mantissa}\times10^{{{int(exponent)}}}"


def _acc(v):
    return "–" if np.isnan(v) else f"{100 * v:.0f}\\%"


@st.fragment
def body():
    """The bar, ε and the local switch, the picture and the numbers: only this part reruns when one of them moves."""
    framed = frame(shown, R["fda_max"], need=8)
    if framed is None:
        return
    s, d, left, right = framed
    with right:
        if d.y is None:
            st.info("FDA separates classes: choose the 2-D (sidebar) data in the bar; the S-curve and Swiss roll have "
                    "no classes.")
            return
        counts = [int(np.sum(d.y == c)) for c in (-1, 1)]
        if min(counts) < 4:
            st.warning(f"FDA needs at least 4 points of each class; the data set has {counts[0]} of class −1 and "
                       f"{counts[1]} of class +1. Add points in the sidebar's data or choose a preset.")
            return
        c1, c2 = st.columns([3, 2], vertical_alignment="bottom")
        with c1:
            eps = log_slider("Regulariser ε (relative)", KEY.FDA_EPS, *R["fda_eps"],
                             help="ε′ = ε · tr(K L⁽ʷ⁾ K)/n is added on the diagonal of K L⁽ʷ⁾ K.")
        local = c2.toggle("Local FDA", key=KEY.FDA_LOCAL, bind="query-params",
                          help="Sugiyama's LFDA: pairs of one class weighted by their affinity, so a class in two "
                               "clusters is not pulled together.")
        try:
            r = compute_fda.fisher(d.X, d.y, s.kernel, eps, local)
        except ValueError as err:
            st.error(f"FDA cannot be computed here: {err}")
            return
        name = "LFDA" if local else "FDA"
        # one formula a line (gathered): side by side they were wider than the column beside the picture
        latex(r"\begin{gathered}K L^{(b)} K\boldsymbol\alpha = \lambda\,(K L^{(w)} K + \varepsilon' I)\,\boldsymbol\alpha"
              r"\\ g(\mathbf x) = \boldsymbol\alpha^\top\mathbf k(\mathbf x)\end{gathered}")
        latex(rf"\begin{{gathered}}\varepsilon' = {_sci(eps)}\cdot\tfrac{{\mathrm{{tr}}(KL^{{(w)}}K)}}{{n}} = {_sci(r.ridge)}"
              rf"\\ \lambda_{{\text{{kernel}}}} = {_sci(r.lam_kernel, 4)}\end{{gathered}}")
        latex(rf"\begin{{gathered}}S^{{(b)}}\boldsymbol\varphi = \lambda S^{{(w)}}\boldsymbol\varphi\\ \boldsymbol\varphi = "
              rf"({r.phi[0]:.3g},\ {r.phi[1]:.3g}),\ \ \lambda_{{\text{{linear}}}} = {_sci(r.lam_linear, 4)}"
              r"\end{gathered}")
        latex(rf"\text{{held-out accuracy: linear {_acc(r.acc_linear)}, kernel {_acc(r.acc_kernel)}}}")
        st.caption(f"{name} on {len(r.train)} points, {len(r.test)} held out (◆) and projected as new points; "
                   "threshold: the midpoint of the two class means of the training projections.")
    with left:
        st.plotly_chart(figures_fda.fda_figure(d.X, d.y, r.train, r.test, r.xs, r.ys, r.G, r.cut_kernel, r.phi,
                                           r.cut_linear, present=present),
                        key=KEY.FDA_CHART, config=figures.CONFIG)
        st.plotly_chart(figures_fda.fda_strip_figure(d.y, r.train, r.test, r.z, r.cut_linear, r.g, r.cut_kernel,
                                                 present=present),
                        key=KEY.FDA_STRIP_CHART, config=figures.CONFIG)


body()
explain("FDA looks for the direction in which the two classes lie far apart (between-class scatter S⁽ᵇ⁾) *and* each "
        "class is tight (within-class scatter S⁽ʷ⁾): the largest λ of S⁽ᵇ⁾φ = λS⁽ʷ⁾φ. Sugiyama writes both scatters "
        "with pairwise weights, S = ½Σᵢⱼ Wᵢⱼ(xᵢ − xⱼ)(xᵢ − xⱼ)ᵀ = XᵀLX (his X has the points as columns: XLXᵀ), "
        "with W⁽ʷ⁾ᵢⱼ = 1/n_ℓ for two points of class ℓ and W⁽ᵇ⁾ᵢⱼ = 1/n − 1/n_ℓ (1/n across classes). Only inner "
        "products of points appear once φ = Σαᵢφ(xᵢ), so K L⁽ᵇ⁾ K α = λ K L⁽ʷ⁾ K α is FDA in feature space, and a new "
        "point projects by g(x) = αᵀk(x). A line cannot split the moons; kernel FDA's threshold (solid) curls "
        "around them. The regulariser matters: in an RBF feature space the within-class scatter of the training "
        "points can be made 0, so with a tiny ε each class collapses onto one value while held-out points scatter "
        "(λ grows, held-out accuracy does not). Local FDA weights same-class pairs by their affinity "
        "exp(−‖xᵢ − xⱼ‖²/(sᵢsⱼ)) (sᵢ: the distance to the 7th neighbour), so a class in two clusters keeps them apart.")
st.caption("Sugiyama's homework writes the kernel problem KL⁽ᵇ⁾Kα = λKL⁽ʷ⁾Kα and its regularised form "
           "KL⁽ᵇ⁾Kα = λ(KL⁽ʷ⁾K + εIₙ)α; here ε is relative (ε′ = ε·tr(KL⁽ʷ⁾K)/n) so one slider fits every kernel. "
           "With two classes S⁽ᵇ⁾ has rank 1: FDA has one direction. Signs: class +1 projects higher. The bar's "
           "Components select is not used here (kernel PCA's).")
show_code(kc.fisher_laplacians, kc.KernelFDA, kc.FisherDA)
exercises(PAGE, [
    Exercise("kpca_fda_eps", "Kernel FDA with the RBF kernel (γ = 10) on noisy moons (noise 0.3): make the regulariser "
             "ε tiny (10⁻⁸). What happens to the training points' projections and to the held-out accuracy?",
             ("Both classes spread out, and the held-out accuracy rises to 100 %",
              "Each class of training points gathers at one value (λ grows) while the held-out points scatter far "
              "beyond them: the held-out accuracy falls",
              "Nothing changes: ε only matters when K is singular"), 1,
             {"data_preset": "moons", "data_noise": 0.3, KEY.DATA: "sidebar", KEY.KERNEL: "rbf", KEY.GAMMA: 10.0,
              KEY.FDA_EPS: R["fda_eps"][0], KEY.FDA_LOCAL: False},
             "In the RBF feature space the training points can be placed so that each class has almost no spread "
             "along α: K L⁽ʷ⁾ K α ≈ 0. The Fisher ratio λ then grows and the direction fits the training points, "
             "noise included; the held-out diamonds land far from their class (see the strip under the picture) "
             "and the held-out accuracy drops towards a coin toss. ε′I on the within-class side (Sugiyama's "
             "regularised form) keeps α small: a larger ε gives a smoother g(x) that holds on new points."),
])
section_footer(__file__)
