"""Beyond vectors › Kernels on distributions (Kriege, "Kernels beyond ℝᵈ"): each sample of points becomes its mean in
feature space, μ_P = (1/n)Σφ(xᵢ), and K(P, Q) = ⟨μ_P, μ_Q⟩ = (1/nm)ΣᵢΣⱼ k(xᵢ, yⱼ) is a kernel between samples. Four
Gaussian blobs and four rings with the same mean and covariance: the Gram matrix of the eight samples, its PSD verdict,
MMD² = ‖μ_P − μ_Q‖², and the nearest class mean of the embeddings, left one out. 8 samples of at most
BAGS["points"][1] points."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.graphs import compute, figures
from pages.graphs.settings import KEY, PAGE, frame
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.formulas import PAD
from ui.nav import section_footer, section_header
from ui.ranges import BAGS as R

section_header(__file__)
present = presenting()


@st.fragment
def body():
    """The bar, the samples' size and seed, and the picture: only this part reruns when one of them moves."""
    s, left, right = frame(options=R["kernels"])
    with right:
        c1, c2 = st.columns([3, 2], vertical_alignment="bottom")
        lo, hi, default, step = R["points"]
        n = c1.slider("Points a sample", lo, hi, default, step, key=KEY.bag_points, bind="query-params")
        lo, hi, default, step = R["seed"]
        seed = c2.number_input("Seed", lo, hi, default, step, key=KEY.bag_seed, bind="query-params")
    try:
        r = compute.bags(n, int(seed), s.choice)
    except ValueError as err:
        right.error(f"The kernel between samples cannot be computed here: {err}")
        return
    names = [f"{'+ blob' if c > 0 else '− ring'} {i % R['per_class'] + 1}" + (" ✓" if p == c else " ✗")
             for i, (c, p) in enumerate(zip(r.labels, r.predicted))]
    with left:
        st.plotly_chart(figures.string_gram(r.K, tuple(names), True, present=present, x_title="sample",
                                            z_title="K(P, Q)"), key=KEY.bags_chart,
                        config=figures.CONFIG)
        st.plotly_chart(figures.clouds(r.samples, r.labels, present=present), key=KEY.clouds_chart,
                        config=figures.CONFIG)
    acc = float(np.mean(r.predicted == r.labels))
    with right:
        st.latex(PAD + r"\begin{aligned}K(P, Q) &= \langle\boldsymbol\mu_P, \boldsymbol\mu_Q\rangle\\ &= "
                 r"\tfrac{1}{nm}\textstyle\sum_i\sum_j k(\mathbf x_i, \mathbf y_j)\end{aligned}" + PAD)
        st.latex(PAD + rf"\begin{{aligned}}K(\text{{blob}}_1, \text{{ring}}_1) &= {r.K[0, R['per_class']]:.4g}\\ "
                 rf"\mathrm{{MMD}}^2 = \|\boldsymbol\mu_P - \boldsymbol\mu_Q\|^2 &= {r.mmd2:.3g}\end{{aligned}}" + PAD)
        st.caption(f"{s.choice.describe()}. K of the 8 samples: {'PSD ✓' if r.verdict.psd else 'not PSD ✗'} "
                   f"(smallest eigenvalue {r.verdict.min_eigenvalue:.2g}). Leave-one-out accuracy of the nearest "
                   f"class mean of the μ: {100 * acc:.0f} % (✓ / ✗ on the matrix's labels; 50 % is a coin toss).")


body()
explain("A sample of points is no vector, but its mean in feature space is: μ_P = (1/n)Σφ(xᵢ). Inner products of "
        "these means need only k, so K(P, Q) = (1/nm)ΣΣk(xᵢ, yⱼ) is a kernel between samples (a Gram matrix of the "
        "μ, so PSD whenever k is), and ‖μ_P − μ_Q‖² = K(P, P) + K(Q, Q) − 2K(P, Q) is the maximum mean discrepancy. "
        "What μ keeps depends on k: with the linear kernel μ is the sample mean, with the degree-2 polynomial kernel "
        "the mean and the second moments; the blobs and the rings here share both, so those kernels cannot tell them "
        "apart. The RBF kernel is characteristic: μ determines the whole distribution, and the rings' shape shows. "
        "Kriege lists kernels on probability distributions without defining one; this is the mean-embedding kernel "
        "(Smola, Gretton, Song and Schölkopf, 2007), the one behind HSIC in the previous section.")
show_code(kc.mean_embedding_kernel, kc.mmd2, kc.distribution_bags)
exercises(PAGE, [
    Exercise("graphs_mean_embedding", "Blobs N(0, I) and rings of radius √2 have the same mean and the same "
             "covariance. With the linear kernel, can the nearest mean embedding tell them apart?",
             ("Yes, as well as with the RBF kernel", "No: with k(x, x′) = xᵀx′, μ_P is just the sample mean, about 0 "
              "for both; the accuracy stays near a coin toss", "Only with more points a sample"), 1,
             {KEY.kernel: "linear"},
             "K(P, Q) = (1/nm)ΣΣxᵢᵀyⱼ = x̄ᵀȳ: the linear kernel's mean embedding is the sample mean, and both kinds "
             "have mean 0, so K is noise around 0. The degree-2 polynomial kernel adds the second moments, equal here "
             "too. The RBF kernel's μ keeps the whole distribution (a characteristic kernel): back to RBF and the "
             "✓ return."),
])
section_footer(__file__)
