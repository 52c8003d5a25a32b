"""Kernel PCA › Kernel k-means (Sugiyama: k-means is among the algorithms the kernel trick makes non-linear): Lloyd's
iterations in the feature space, each distance to a cluster's mean written with kernel values only (Sugiyama's
distance in the feature space); the clusters at any iteration over the regions of the plane nearest to each mean,
beside plain k-means from the same draw. At most KPCA["kmeans_max"] points (an n x n Gram matrix)."""
import streamlit as st

import kernel_core as kc
from pages.kernel_pca import compute_kmeans as compute
from pages.kernel_pca import figures, figures_kmeans
from pages.kernel_pca.settings import KEY, PAGE, frame, sidebar_view
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.formulas import latex
from ui.nav import section_footer, section_header
from ui.ranges import KPCA as R

section_header(__file__)
present = presenting()
shown = sidebar_view()
LAST = kc.kmeans.MAX_ITER   # the step slider's end: "the last iteration", whatever it is


def _agree(v):
    return "–" if v is None else f"{v:.2f}"


@st.fragment
def body():
    """The bar, k, the draw and the iteration shown, the picture and the numbers: only this part reruns."""
    framed = frame(shown, R["kmeans_max"], need=R["kmeans_k"][1])
    if framed is None:
        return
    s, d, left, right = framed
    with right:
        if d.X.shape[1] != 2:
            st.info("Kernel k-means is drawn on the plane: choose the 2-D (sidebar) data in the bar.")
            return
        lo, hi, default, step = R["kmeans_k"]
        c1, c2, c3 = st.columns(3)
        k = c1.slider("Clusters k", lo, hi, default, step, key=KEY.KMEANS_K, bind="query-params")
        seed = c2.slider("k-means++ draw", 0, R["kmeans_seeds"] - 1, 0, key=KEY.KMEANS_SEED, bind="query-params",
                         help="The random start: k-means++ picks the first centre at random, each next one far "
                              "(in the feature space) from those chosen. Lloyd's iterations end in a local minimum "
                              "that depends on it.")
        t = c3.slider("Iteration", 0, LAST, LAST, key=KEY.KMEANS_STEP, bind="query-params",
                      help="The clusters after this many of Lloyd's iterations (0: the k-means++ start); past the "
                           "last one, the last.")
        try:
            run = compute.kmeans(d.X, d.y, s.kernel, k, seed)
            t = min(t, run.iterations)
            xs, ys, Z = compute.regions(d.X, s.kernel, k, run.history[t])
        except ValueError as err:
            st.error(f"Kernel k-means cannot be computed here: {err}")
            return
        # one short line each: the column beside the picture is narrow on a projector
        latex(r"\begin{gathered}\|\phi(\mathbf x_i) - \boldsymbol\mu_c\|^2 = k(\mathbf x_i,\mathbf x_i) - "
              r"\tfrac{2}{|C_c|}\textstyle\sum_{j\in C_c} k(\mathbf x_i,\mathbf x_j)\\ + \tfrac{1}{|C_c|^2}"
              r"\textstyle\sum_{j,l\in C_c} k(\mathbf x_j,\mathbf x_l)\\ c_i \leftarrow \arg\min_c\, "
              r"\|\phi(\mathbf x_i) - \boldsymbol\mu_c\|^2\\ \textstyle\sum_i \|\phi(\mathbf x_i) - "
              rf"\boldsymbol\mu_{{c_i}}\|^2 = {run.objective[t]:.4g}\end{{gathered}}")
        ending = (f"converged after {run.iterations} iteration{'s' * (run.iterations != 1)}" if run.converged
                  else f"stopped after {run.iterations} iterations")
        st.caption(f"Iteration {t} of {run.iterations} ({ending}). Agreement with the data's classes (adjusted "
                   f"Rand index: 1 the same split, about 0 chance): kernel k-means {_agree(run.agree_kernel)}, "
                   f"plain k-means from the same draw {_agree(run.agree_linear)}.")
    with left:
        st.plotly_chart(figures_kmeans.kmeans_figure(d.X, run.history[t], xs, ys, Z, k, present=present),
                        key=KEY.KMEANS_CHART, config=figures.CONFIG)
    with left if present else right:   # presenting, under the picture: the column beside it is full
        st.plotly_chart(figures_kmeans.objective_figure(run.objective, t, present=present),
                        key=f"{PAGE}_kmeans_objective", config=figures.CONFIG)


body()
explain("k-means puts each point in the cluster whose mean is nearest, moves each mean to the centre of its points, "
        "and repeats until no point moves; every step lowers Σ‖xᵢ − μ_cᵢ‖², so it stops, in a local minimum that "
        "depends on the start. Written in the feature space, the mean μ_c = (1/|C_c|) Σ_{j∈C_c} φ(xⱼ) is never "
        "formed: the squared distance to it expands into kernel values only (Sugiyama's distance in the feature "
        "space, the formula beside the picture). So the clusters are balls around means in the feature space, and "
        "their regions on the plane (the tints) are curved. With the linear kernel it is plain k-means. The kernel "
        "does not make every shape a cluster: the two moons are not two balls in an RBF feature space either, and "
        "kernel k-means splits them as plain k-means does, with curved borders.")
st.caption("Sugiyama lists k-means with PCA, LPP and FDA among the algorithms that use the data only through inner "
           "products. The start is k-means++ (Arthur & Vassilvitskii) in the feature space. The bar's Components "
           "select is not used here (kernel PCA's).")
show_code(kc.mean_distances, kc.KernelKMeans.fit)
exercises(PAGE, [
    Exercise("kpca_kmeans_gamma", "Kernel k-means with k = 2 on the blobs (noise 0.1), RBF kernel: γ = 1 finds the "
             "two blobs from nearly every k-means++ draw. Predict what happens at γ = 31.6 as you change the draw.",
             ("The same two blobs from every draw, with sharper borders",
              "Clusters that change with the draw and no longer follow the blobs",
              "One cluster left empty"), 1,
             {"data_preset": "blobs", "data_noise": 0.1, KEY.DATA: "sidebar", KEY.KERNEL: "rbf", KEY.GAMMA: 31.6,
              KEY.KMEANS_K: 2, KEY.KMEANS_SEED: 1, KEY.KMEANS_STEP: LAST},
             "With the RBF kernel ‖φ(x)‖² = k(x, x) = 1 for every point and ‖φ(x) − φ(x′)‖² = 2 − 2k(x, x′). At a "
             "large γ, k(x, x′) ≈ 0 unless x and x′ nearly coincide, so every pair of points is about √2 apart: "
             "the objective barely changes from one split to another, and Lloyd's iterations stop near wherever the "
             "draw started them. Step through the iterations: few points move, and the agreement with the classes "
             "falls from about 1 (γ = 1) towards 0."),
])
section_footer(__file__)
