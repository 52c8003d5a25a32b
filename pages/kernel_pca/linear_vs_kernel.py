"""Kernel PCA › Linear vs kernel PCA: the data projected onto two kernel principal components (the main picture),
beside the input plane (click to add / remove points) and linear PCA on the same data; the variance shares of both;
Held's six steps with the numbers plugged in."""
import streamlit as st

import kernel_core as kc
from pages.kernel_pca import compute, figures
from pages.kernel_pca.formulas import kernel_tex, used
from pages.kernel_pca.settings import KEY, PAGE, bar, component, data, keep_sidebar_current, reveal, sidebar_view, usable
from ui import points_click
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.formulas import latex
from ui.kernel_choice import LABELS as KERNEL_LABELS
from ui.nav import section_footer, section_header
from ui.ranges import KPCA as R
from ui.sweep import sweep

EXERCISES = [
    Exercise("kpca_circles", "Circles (sidebar), polynomial kernel (xᵀy)²: where does kernel PCA put the difference "
             "between the inner and the outer ring?",
             ("On component 1: the ring split is the largest variance",
              "On component 3: components 1 and 2 carry x₁² − x₂² and x₁x₂ of the big outer ring, which vary more "
              "than the radius x₁² + x₂²",
              "Nowhere: a degree-2 kernel cannot separate circles"), 1,
             {**reveal(data="sidebar", kernel="poly", degree=2, gamma=1.0, coef0=0.0, pair="1-3"),
              "data_preset": "circles"},
             "φ(x) = (x₁², √2x₁x₂, x₂²) (Kriege, Nguyen) contains the squared radius, so one direction in feature space "
             "splits the rings — but PCA orders directions by variance, not by class, and that one comes third. The "
             "sidebar preset is now the circles; ↩ Undo under the pictures brings your previous points back."),
]

section_header(__file__)
present = presenting()
shown = sidebar_view()


def numbers(d, kp, lin):
    """λ₁, λ₂, d₁ and the variance shares of both fits, plugged into the formulas."""
    lam, share, n = kp.eigenvalues, kp.shares, d.n
    lam_lin, share_lin = lin.eigenvalues, lin.shares
    latex(rf"\begin{{aligned}}\text{{kernel PCA: }}\lambda_1 &= {lam[0]:.4g},\ \lambda_2 = {lam[1]:.4g}\,\\ "
             rf"d_1 = \lambda_1/n &= {lam[0] / n:.4g}\ \ (n = {n})\,\\ "
             rf"(\lambda_1+\lambda_2)/\operatorname{{tr}}K' &= {100 * (share[0] + share[1]):.1f}\%\,\\ "
             rf"\text{{linear PCA: }}\lambda_1 &= {lam_lin[0]:.4g},\ \lambda_2 = {lam_lin[1]:.4g}\,\\ "
             rf"(\lambda_1+\lambda_2)/\operatorname{{tr}}K' &= {100 * (share_lin[0] + share_lin[1]):.1f}\%\,\\ "
             rf"\text{{Held, }}X\text{{ centred: }}\widehat\Sigma &= \tfrac{{X^\top X}}{{n-1}} = VDV^\top,\\ "
             rf"D &= \operatorname{{diag}}({lam_lin[0] / (n - 1):.4g},\, {lam_lin[1] / (n - 1):.4g})\,"
             r"\end{aligned}")


def main_picture(left, s, d, kp, pair):
    """The projection onto the two components drawn. On the sidebar's points with a kernel that has γ, every γ of its
    slider is computed at once and the picture follows the slider (or a sideways drag) live (ui.sweep): each γ's η
    is then divided by its largest |η|, so all of them fill the same fixed axes (the sweep keeps the axes). Returns
    the sentence that says so (for the caption under the charts; "" without a sweep)."""
    if s.source != "sidebar" or d.y is None or not compute.sweepable(d.X, s.kernel, pair):
        left.plotly_chart(figures.embedding_figure(kp.eta[:, pair], d.y, d.t, axes=tuple(component(i) for i in pair),
                                                   present=present), key=KEY.KPCA_CHART, config=figures.CONFIG)
        return ""
    E, scale = compute.scaled(kp.eta[:, pair])
    fig = figures.embedding_figure(E, d.y, d.t, axes=tuple(f"{component(i)} / s" for i in pair), present=present,
                                   fixed=figures.SWEPT)
    left.plotly_chart(fig, key=KEY.KPCA_CHART, config=figures.CONFIG)
    with left:   # every γ's fit, computed only when the sweep sends its frames, into the points the figure says it has
        sweep(figures.sweep_meta(KEY.KPCA_CHART, KEY.GAMMA),
              lambda: figures.sweep_payload(compute.sweep(d.X, s.kernel, pair), d.y, fig.parts, KEY.KPCA_CHART,
                                            KEY.GAMMA),
              depends=(d.X, d.y, s.kernel.with_gamma(0.0), pair, fig.parts))
    return (f" ⟷ sweep γ: drag the γ slider, or the projection sideways, and it follows every γ live; its axes show "
            f"η divided by s = max |η| = {scale:.3g} at this γ, so every γ fills the same axes.")


@st.fragment
def body():
    """The bar and every picture and formula it changes: only this part reruns when one of them moves."""
    keep_sidebar_current(shown)
    left, right = st.columns(figures.COLUMNS, gap="medium")
    with right:
        s = bar()
        everything = data(s)
        d = everything.cap(R["fit_max"])
        if s.source == "sidebar":
            picture = figures.data_figure(everything.X, everything.y, None, "Input space (click to edit)",
                                          height=figures.INPUT[present], present=present)
            points_click.clickable_chart(picture, PAGE, key=KEY.INPUT_CHART, config=figures.CONFIG)
            points_click.toolbar(PAGE, narrow=True)   # what a click adds, right under the picture it edits
        else:
            st.plotly_chart(figures.data_figure(everything.X, None, everything.t, "Input space (drag to rotate)",
                                                height=figures.INPUT[present], present=present), key=KEY.INPUT_CHART, config=figures.CONFIG)
        fits = None
        if usable(d):
            try:
                fits = compute.fit(d.X, s.kernel), compute.fit(d.X, compute.LINEAR)
            except ValueError as err:
                st.error(f"Kernel PCA cannot be computed with these settings: {err}")
    if fits is None:
        return
    kp, lin = fits
    pair = s.pair
    with right:
        if max(pair) >= kp.eta.shape[1]:
            st.info(f"Only {kp.eta.shape[1]} components with n = {d.n} points: components 1 and 2 are drawn.")
            pair = (0, 1)
        if used(d, "Kernel PCA"):
            st.info(used(d, "Kernel PCA"))
        if kp.model.psd_warning_:
            st.warning("⚠️ " + kp.model.psd_warning_ + " The shares λᵢ / tr K′ then count the negative eigenvalues "
                       "too.")
        numbers(d, kp, lin)
        exercises(PAGE, EXERCISES)
    swept = main_picture(left, s, d, kp, pair)
    c1, c2 = st.columns(2)
    c1.plotly_chart(figures.embedding_figure(lin.eta[:, :2], d.y, d.t, "Linear PCA (kernel xᵀy)", axes=("PC 1", "PC 2"),
                                             height=figures.ROW[present], present=present),
                    key=KEY.LINEAR_CHART, config=figures.CONFIG)
    c2.plotly_chart(figures.shares_figure(kp.shares, lin.shares, f"Variance shares, {KERNEL_LABELS[s.name]}",
                                          present=present), key=KEY.SHARES_CHART, config=figures.CONFIG)
    st.caption(f"Data: {d.describe}. Linear PCA is kernel PCA with k(x, y) = xᵀy (its λᵢ are n − 1 times the "
               "covariance eigenvalues): it has only d non-zero components, kernel PCA at most n − 1 (centring makes "
               "K′1 = JKJ1 = 0, so 1 is an eigenvector with eigenvalue 0)." + swept)
    derivation(d, kp)
    st.markdown("**The six steps (Held)** — this app's convention, the same as scikit-learn's:")
    latex(r"\begin{aligned}&\textbf{1–2}\;\; K_{lm} = k(\mathbf{x}_l,\mathbf{x}_m),\quad k(\mathbf{x},\mathbf{y}) = "
          + kernel_tex(s.kernel) + r"\\ "      # one formula for the six steps: one element re-sent, not four
          r"&\textbf{3}\;\; K' = JKJ,\quad J = I_n - \tfrac{1}{n}\mathbf{1}\mathbf{1}^\top \qquad "
          r"\textbf{4}\;\; K'\mathbf{u}_i = \lambda_i\mathbf{u}_i,\ \ \|\mathbf{u}_i\| = 1\\ "
          r"&\textbf{5}\;\; \mathbf{a}_i = \mathbf{u}_i/\sqrt{\lambda_i}\ \ (\mathbf{a}_i^\top K'\mathbf{a}_i = 1 = "
          r"\|\mathbf{v}_i\|^2),\ \ d_i = \lambda_i/n\\ "
          r"&\textbf{6}\;\; \eta^{(i)}_l = K'^{(l,:)}\mathbf{a}_i = \sqrt{\lambda_i}\,u_i^{(l)}\end{aligned}")

def derivation(d, kp):
    """Held's derivation of the six steps: Σ̂^φ, the span argument, Kaᵢ = dᵢ n aᵢ, with this fit's numbers."""
    with st.expander("Derivation (Held): from Σ̂^φ to K′aᵢ = dᵢ n aᵢ — why the axes lie in the span of the data"):
        st.markdown("PCA in feature space diagonalises the covariance of the centred images φ̃(xₗ):")
        latex(r"\widehat\Sigma^{\phi} = \frac{1}{n}\sum_{l=1}^{n}\tilde\phi(\mathbf x_l)\,\tilde\phi(\mathbf x_l)^\top"
              r" = \mathbf V\mathbf D\mathbf V^\top")
        st.markdown("**The span argument.** Each axis vᵢ with dᵢ > 0 is a combination of the data's images — "
                    "divide Σ̂^φvᵢ = dᵢvᵢ by dᵢ:")
        latex(r"\begin{aligned}\mathbf v_i &= \sum_{l=1}^{n}\frac{\tilde\phi(\mathbf x_l)^\top\mathbf v_i}{d_i\,n}\,"
              r"\tilde\phi(\mathbf x_l) = \sum_{l=1}^{n} a_i^{(l)}\,\tilde\phi(\mathbf x_l)\end{aligned}")
        st.markdown("Multiply by φ̃(xₖ)ᵀ for k = 1, …, n: only kernel values remain, K′ₖₗ = φ̃(xₖ)ᵀφ̃(xₗ):")
        latex(r"\begin{aligned} d_i\,n\,a_i^{(k)} &= \textstyle\sum_l a_i^{(l)} K'_{kl}"
              r"\;\Longrightarrow\; K'\mathbf a_i = d_i\,n\,\mathbf a_i \\ "
              r"1 = \mathbf v_i^\top\mathbf v_i &= \mathbf a_i^\top K'\mathbf a_i \end{aligned}")
        lam, norms = kp.eigenvalues, kp.axis_norms
        st.markdown("With this picture's numbers:")
        latex(rf"\begin{{aligned}} n &= {d.n},\quad \lambda_1 = d_1 n = {lam[0]:.4g},\quad d_1 = {lam[0] / d.n:.4g} \\ "
              rf"\mathbf a_1^\top K'\mathbf a_1 &= {norms[0]:.6f},\quad \mathbf a_2^\top K'\mathbf a_2 = "
              rf"{norms[1]:.6f} \end{{aligned}}")
        st.markdown("Held calls this the Rayleigh quotient problem for K′: maximise aᵀK′K′a / aᵀK′a, with both "
                    "aᵢ and dᵢ unknown — an eigenproblem, solved for all i at once by step 4.")
        st.markdown("So the eigenvalues λᵢ of K′ are n dᵢ, n times the variances along the axes, and the "
                    "coefficients are scaled so that each axis has length 1 (step 5). The span argument is the same "
                    "one as Kriege's for the perceptron and the representer theorem (*RKHS*).")


body()
st.caption("Held's step 4 writes K′ = AΛAᵀ with orthonormal columns; taken literally that gives η = λᵢuᵢ. His slide "
           "“Kernels and PCA (III)” asks for aᵢᵀK′aᵢ = 1 (unit-length axes vᵢ), which is aᵢ = uᵢ/√λᵢ: that is used "
           "here. λᵢ are eigenvalues of K′ (not divided by n); the variance along vᵢ is dᵢ = λᵢ/n.")
explain("On 2-D data linear PCA can only **rotate** the cloud (it has two non-zero eigenvalues). Kernel PCA has at "
        "most n − 1 non-zero components (J1 = 0 takes one away), ordered by variance, not by class: with a suitable "
        "kernel one of them pulls the classes apart — not always the first (try the circles with components 1 "
        "and 3). Click on the input plot to add or remove "
        "points and watch both projections change. Sugiyama's *kernel trick revisited*: any linear method that "
        "sees the data only through inner products can be kernelized — PCA here, LPP (*Kernel LPP*), FDA and "
        "LFDA (*Kernel FDA vs linear FDA*), k-means (*Kernel k-means*) and the perceptron (*Perceptron vs k-NN*).")
show_code(kc.KernelPCA.fit, kc.KernelPCA.transform)
section_footer(__file__)
