"""Kernel PCA › Denoising by pre-images: noise added to the points, each noisy point projected onto q components in
feature space and mapped back (the pre-image, the main picture); how far the pre-images are from the originals for
every q. Bounded whatever the data: a move of q computes the selected q's pre-images only; the curve is measured once
per data, γ and noise on at most KPCA["curve_max"] points; at most KPCA["denoise_max"] points are denoised."""
import streamlit as st

import kernel_core as kc
from pages.kernel_pca import compute, figures
from pages.kernel_pca.formulas import used
from pages.kernel_pca.settings import KEY, PAGE, frame, reveal, sidebar_view
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.formulas import latex
from ui.kernel_choice import LABELS as KERNEL_LABELS
from ui.nav import section_footer, section_header
from ui.ranges import KPCA as R

EXERCISES = [
    Exercise("kpca_preimages", "What happens to the denoised points (pre-images) as q grows?",
             ("They get steadily closer to the original points",
              "Few components blur the data onto its main structure; more components first help, then bring the noise "
              "back: the distance to the originals falls, then rises towards the noisy points' distance",
              "Nothing: the pre-images do not depend on q"), 1,
             reveal(data="sidebar", kernel="rbf", gamma=1.0, noise=0.3, q=20),
             "Sugiyama: the pre-image z solves min ‖φ(z) − f₀‖² with f₀ the projection onto q components. With all "
             "components f₀ = φ(x̃), so z returns to the noisy point; the curve's minimum is the useful q."),
]

section_header(__file__)
present = presenting()
shown = sidebar_view()


@st.fragment
def body():
    """The bar, q and the noise, and every picture and formula they change: only this part reruns when one moves."""
    framed = frame(shown, R["denoise_max"])
    if framed is None:
        return
    s, d, left, right = framed
    with right:
        gamma = s.params["gamma"] if s.name == "rbf" else R["preimage_gamma"]
        lo, hi, default, step = R["q"]
        q = min(st.slider("q, components kept", lo, hi, default, step, key=KEY.Q, bind="query-params"), d.n - 1)
        with st.container(key="secondary_kpca_noise"):
            lo, hi, default, step = R["extra_noise"]
            noise = st.slider("Noise added to the data", lo, hi, default, step, key=KEY.NOISE, bind="query-params")
        if s.name != "rbf":
            st.info(f"Pre-images here are computed for the RBF kernel: this section uses RBF with γ = {gamma:g} "
                    f"(the bar's kernel is {KERNEL_LABELS[s.name]}).")
        try:
            res = compute.denoise(d.X, gamma, noise, q)
            curve = compute.error_curve(d.X, gamma, noise)
        except ValueError as err:
            st.error(f"The pre-images cannot be computed: {err}")
            return
        st.plotly_chart(figures.error_curve(curve.errors, curve.baseline, q, "Mean distance to the originals",
                                            present=present), key=KEY.CURVE_CHART, config=figures.CONFIG)
        latex(rf"\begin{{aligned}}\overline{{\|\tilde{{\mathbf{{x}}}} - \mathbf{{x}}\|}} &= {res.baseline:.4f}\\ "
                 rf"\overline{{\|\mathbf{{z}} - \mathbf{{x}}\|}} &= {res.error:.4f}\quad(q = {q})\\ "
                 rf"\text{{best: }} q &= {curve.best},\ {curve.errors[curve.best - 1]:.4f}\end{{aligned}}")
        if curve.points < d.n:
            st.info(f"The curve is measured on {curve.points} of the {d.n} points (a random subsample), so that "
                    "every q is quick; the picture and the distances above use all of them.")
        if used(d, "Denoising"):
            st.info(used(d, "Denoising"))
        exercises(PAGE, EXERCISES)
    left.plotly_chart(figures.denoise_figure(d.X, res.noisy, res.Z, present=present), key=KEY.DENOISE_CHART,
                      config=figures.CONFIG)
    latex(where=left, body=r"\min_{\mathbf{z}}\ \|\phi(\mathbf{z}) - P_q\phi(\tilde{\mathbf{x}})\|^2,\quad "
               r"\mathbf{z} \leftarrow \frac{\sum_l g_l\, k(\mathbf{z},\tilde{\mathbf{x}}_l)\,\tilde{\mathbf{x}}_l}"
               r"{\sum_l g_l\, k(\mathbf{z},\tilde{\mathbf{x}}_l)}\quad(\gamma = " + f"{gamma:g})")


body()
explain("Sugiyama poses the pre-image problem as min_z ‖φ(z) − f₀‖² (f₀ = the projection in feature space) and leaves "
        "the method open; this section uses the fixed-point iteration of Mika et al. (1999), started at the noisy "
        "point, with weights g = the projection's expansion over the φ(x̃ₗ). Few components keep only the main "
        "structure (and blur it); many keep the noise as well. The curve shows where the balance lies for these data "
        "and this γ.")
show_code(kc.KernelPCA.reconstruct)
section_footer(__file__)
