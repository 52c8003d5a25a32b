"""Kernel PCA (seed 000) with pre-images and the Laplacian eigenmap (seed 002): linear vs kernel PCA,
centring K' = J K J, projecting a new point, denoising by pre-images, and a neighbourhood-graph embedding."""
import numpy as np
import streamlit as st

import kernel_core as kc
from ui import kernel_pca as kp_ui
from ui import points
from ui.classroom import explain
from ui.code import show_code
from ui.controls import KERNEL_LABELS, kernel_picker, labeller
from ui.data import current_dataset
from ui.exercises import Exercise, exercises
from ui.formulas import with_numbers
from ui.large_n import kpca_panel
from ui.ranges import KPCA

PAGE = "kernel_pca"
CONFIG = kp_ui.CONFIG
SOURCES = {"sidebar": "2-D data set from the sidebar", "s_curve": "S-curve (3-D)", "swiss_roll": "Swiss roll (3-D)"}
SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")

st.title("🌀 Kernel PCA")
st.markdown("PCA finds the directions of largest variance — but only **linear** ones. Kernel PCA does PCA on the "
            "feature vectors φ(x) while only ever touching the Gram matrix K (Held, seed 000). Sugiyama (seed 002) "
            "adds **pre-images** (mapping results back to the input space) and the **Laplacian eigenmap**.")

controls, steps = st.columns([1, 2], gap="large")
with controls:
    source = st.selectbox("Data", list(SOURCES), key=f"{PAGE}_data", format_func=labeller(SOURCES),
                          bind="query-params", help="Circles, moons, blobs, …: choose them in the sidebar.")
    if source == "sidebar":
        X, y, desc = current_dataset()
        t = None
    else:
        with st.container(key="secondary_kpca_manifold"):
            lo, hi, default, step = KPCA["manifold_n"]
            n_m = st.slider("Points on the manifold", lo, hi, default, step, key=f"{PAGE}_mn", bind="query-params")
            lo, hi, default, step = KPCA["manifold_noise"]
            noise_m = st.slider("Manifold noise", lo, hi, default, step, key=f"{PAGE}_mnoise", bind="query-params")
        X, t = kp_ui.manifold(source, n_m, noise_m)
        y, desc = None, f"{SOURCES[source]}: {n_m} points, noise {noise_m:g}, coloured by the position t along it"
    name, params = kernel_picker(PAGE)
    if source != "sidebar" and name in ("rbf", "laplacian"):
        st.caption("The Swiss roll spans about ±10: try γ ≈ 0.01–0.1 there; the S-curve spans about ±2.")
    pair_label = st.selectbox("Components drawn", KPCA["pairs"], key=f"{PAGE}_pair", bind="query-params",
                              format_func=lambda p: "η{} against η{}".format(*(f"⁽{c.translate(SUP)}⁾" for c in
                                                                                 p.split("-"))),
                              help="Kernel PCA is unsupervised: it orders directions by variance, and the one that "
                                   "splits the classes need not be the first.")
spec = (name, tuple(params.items()))
n = len(X)
with steps:
    st.markdown("**The six steps (seed 000)** — this page's convention, the same as scikit-learn's:")
    numbers = with_numbers(name, params).split(" = ")[-1]  # the kernel with the current parameters plugged in
    st.latex(r"\textbf{1–2}\;\; K_{lm} = k(\mathbf{x}_l,\mathbf{x}_m),\quad k(\mathbf{x},\mathbf{y}) = " + numbers)
    st.latex(r"\textbf{3}\;\; K' = JKJ,\quad J = I_n - \tfrac{1}{n}\mathbf{1}\mathbf{1}^\top \qquad "
             r"\textbf{4}\;\; K'\mathbf{u}_i = \lambda_i\mathbf{u}_i,\ \ \|\mathbf{u}_i\| = 1")
    st.latex(r"\textbf{5}\;\; \mathbf{a}_i = \mathbf{u}_i/\sqrt{\lambda_i}\ \ (\text{so } \mathbf{a}_i^\top K'\mathbf{a}_i "
             r"= 1 = \|\mathbf{v}_i\|^2),\quad d_i = \lambda_i/n")
    st.latex(r"\textbf{6}\;\; \eta^{(i)}_l = K'^{(l,:)}\mathbf{a}_i = \sqrt{\lambda_i}\,u_i^{(l)}")
    st.caption("Seed 000's step 4 writes K′ = AΛAᵀ with orthonormal columns; taken literally that gives η = λᵢuᵢ. "
               "Its slide “Kernels and PCA (III)” asks for aᵢᵀK′aᵢ = 1 (unit-length axes vᵢ), which is aᵢ = uᵢ/√λᵢ: "
               "that is used here. λᵢ are eigenvalues of K′ (not divided by n); the variance along vᵢ is dᵢ = λᵢ/n.")

# ---------------------------------------------------------------- 1. linear vs kernel PCA
st.subheader("1 · Linear PCA and kernel PCA on the same data")
st.caption(f"Data: {desc}. Linear PCA is kernel PCA with k(x, y) = xᵀy (its λᵢ are n − 1 times the covariance "
           "eigenvalues); it is drawn on its components 1 and 2, kernel PCA on the components chosen above.")
if source == "sidebar":
    explain("Click on the input plot to add or remove points and watch both projections change.")
    points.toolbar(PAGE)
c1, c2, c3 = st.columns(3)
with c1:
    if source == "sidebar":
        points.clickable_chart(kp_ui.data_figure(X, y, t, "Input space (click to edit)"), PAGE,
                               key=f"{PAGE}_data_fig", config=CONFIG)
    else:
        st.plotly_chart(kp_ui.data_figure(X, y, t, "Input space (drag to rotate)"), key=f"{PAGE}_data_fig",
                        config=CONFIG)
if n < 2:
    c2.warning(f"Kernel PCA needs at least two points; the data set has {n}. Click on the input plot to add points "
               "(or ⟲ Reset to the sidebar preset).")
    st.stop()
if y is not None and len(np.unique(y)) < 2:
    c2.info("All points are of one class. Kernel PCA does not use the labels (it is unsupervised): the colours "
            "only show them, so nothing changes but the picture's colours.")
try:
    with st.spinner("Kernel PCA: eigenvectors of the Gram matrix…"):
        kp, eta = kp_ui.fit(X, spec)
        lin, eta_lin = kp_ui.fit(X, ("linear", ()))
except ValueError as err:
    c2.error(f"Kernel PCA cannot be computed with these settings: {err}")
    st.stop()
pair = kp_ui.pair_of(pair_label)
if max(pair) >= eta.shape[1]:
    c3.info(f"Only {eta.shape[1]} components with n = {n} points: components 1 and 2 are drawn.")
    pair = (0, 1)
i1, i2 = pair
comp_axes = tuple(f"η⁽{i + 1}⁾".translate(SUP) for i in pair)
c2.plotly_chart(kp_ui.embedding_figure(eta_lin, y, t, "Linear PCA", axes=("PC 1", "PC 2")),
                key=f"{PAGE}_linear_fig", config=CONFIG)
kpca_fig = kp_ui.embedding_figure(eta[:, pair], y, t, f"Kernel PCA — {KERNEL_LABELS[name]}",
                                  axes=comp_axes)  # drawn again in 2 and 5
c3.plotly_chart(kpca_fig, key=f"{PAGE}_kpca_fig", config=CONFIG)
s1, s2 = st.columns(2)
s1.plotly_chart(kp_ui.spectrum_figure(lin.eigenvalues_, lin.explained_variance_ratio_, "Linear PCA: eigenvalues"),
                key=f"{PAGE}_linear_spectrum", config=CONFIG)
s2.plotly_chart(kp_ui.spectrum_figure(kp.eigenvalues_, kp.explained_variance_ratio_,
                                      f"Kernel PCA: the {len(kp.eigenvalues_)} largest eigenvalues of K′"),
                key=f"{PAGE}_kpca_spectrum", config=CONFIG)
share, share_lin = kp.explained_variance_ratio_, lin.explained_variance_ratio_
st.latex(rf"\text{{kernel PCA: }}\lambda_1 = {kp.eigenvalues_[0]:.4g},\ \lambda_2 = {kp.eigenvalues_[1]:.4g},\quad "
         rf"d_1 = \lambda_1/n = {kp.eigenvalues_[0]:.4g}/{n} = {kp.eigenvalues_[0] / n:.4g},\quad "
         rf"\frac{{\lambda_1+\lambda_2}}{{\operatorname{{tr}}K'}} = \frac{{{kp.eigenvalues_[0] + kp.eigenvalues_[1]:.4g}}}"
         rf"{{{kp.total_variance_:.4g}}} = {100 * (share[0] + share[1]):.1f}\%")
st.latex(rf"\text{{linear PCA: }}\lambda_1 = {lin.eigenvalues_[0]:.4g},\ \lambda_2 = {lin.eigenvalues_[1]:.4g},\quad "
         rf"\frac{{\lambda_1+\lambda_2}}{{\operatorname{{tr}}K'}} = {100 * (share_lin[0] + share_lin[1]):.1f}\%")
if kp.psd_warning_:
    st.warning("⚠️ " + kp.psd_warning_ + " The shares λᵢ / tr K′ then count the negative eigenvalues too.")
if X.shape[1] == 2:
    explain("On 2-D data linear PCA can only **rotate** the cloud (it has two non-zero eigenvalues). Kernel PCA "
            "has up to n components, ordered by variance, not by class: with a suitable kernel one of them pulls "
            "the classes apart — not always the first (try the circles with components 1 and 3).")
show_code(kc.KernelPCA.fit, kc.KernelPCA.transform)


# ---------------------------------------------------------------- 2. centring
st.subheader("2 · Centring in feature space: K′ = J K J")
try:
    with st.spinner("Fitting without centring…"):
        raw, eta_raw = kp_ui.fit(X, spec, center=False)
except ValueError as err:
    st.error(f"The uncentred fit failed: {err}")
    st.stop()
h1, h2 = st.columns(2)
h1.plotly_chart(kp_ui.gram_figure(kp.K_, y, "K (uncentred)"), key=f"{PAGE}_K", config=CONFIG)
h2.plotly_chart(kp_ui.gram_figure(kp.Kc_, y, "K′ = J K J (centred)"), key=f"{PAGE}_Kc", config=CONFIG)
st.latex(r"K'_{il} = K_{il} - \tfrac{1}{n}\textstyle\sum_j K_{jl} - \tfrac{1}{n}\sum_j K_{ij} + \tfrac{1}{n^2}\sum_{j,m} "
         rf"K_{{jm}}:\quad \max_i\,|(K\mathbf{{1}})_i| = {np.abs(kp.K_.sum(axis=1)).max():.4g},\ \ "
         r"\max_i\,|(K'\mathbf{1})_i| = " + kp_ui.num_tex(np.abs(kp.Kc_.sum(axis=1)).max()))
e1, e2 = st.columns(2)
e1.plotly_chart(kp_ui.embedding_figure(eta_raw[:, pair], y, t, f"Without centring (K instead of K′) — "
                                       f"{KERNEL_LABELS[name]}", axes=comp_axes), key=f"{PAGE}_raw_fig", config=CONFIG)
e2.plotly_chart(kpca_fig, key=f"{PAGE}_centred_fig", config=CONFIG)
explain(f"Left: without centring, λ₁ = {raw.eigenvalues_[0]:.4g}; right: with centring, λ₁ = {kp.eigenvalues_[0]:.4g}. "
            "The derivation assumes the φ(xₗ) are centred (seed 000). Without centring, the \"PCA\" runs around the "
            "origin of the feature space instead of the **mean** of the φ(xₗ), so the first axis largely points at that "
            "mean and λ₁ is larger. After centring, every row and column of K′ sums to 0.")
show_code(kc.centring_matrix)


# ---------------------------------------------------------------- 3. a new point
@st.fragment
def new_point_panel():
    st.subheader("3 · Projecting a new point")
    d = X.shape[1]
    key = "new_point_2d" if d == 2 else "new_point_3d"
    lo, hi, default, step = KPCA[key]
    cols = st.columns(d + 1)
    if d == 2:
        x = [cols[i].slider(f"new x{'₁₂'[i]}", lo, hi, default[i], step, key=f"{PAGE}_new{i + 1}",
                            bind="query-params") for i in range(2)]
        cols[2].caption("… or click on the left plot: the new point ★ jumps there.")
    else:
        x = [cols[i].number_input(f"new x{'₁₂₃'[i]}", lo, hi, default[i], step, key=f"{PAGE}_new{i + 1}",
                                  bind="query-params") for i in range(3)]
    x = np.array([x], dtype=float)
    k, kc_vec = kp.kernel_vectors(x)
    proj = kp.transform(x)[0]
    left, right = st.columns(2)
    with left:
        if d == 2:
            kp_ui.placing_chart(kp_ui.data_figure(X, y, t, "The new point in input space (click to move it)",
                                                  point=x[0]), f"{PAGE}_new_data_fig", (f"{PAGE}_new1", f"{PAGE}_new2"),
                                config=CONFIG)
        else:
            st.plotly_chart(kp_ui.data_figure(X, y, t, "The new point in input space", point=x[0]),
                            key=f"{PAGE}_new_data_fig", config=CONFIG)
    right.plotly_chart(kp_ui.embedding_figure(eta[:, pair], y, t, "… and where it projects", axes=comp_axes,
                                              point=proj[list(pair)]), key=f"{PAGE}_new_proj_fig", config=CONFIG)
    st.latex(r"\mathbf{k}(\mathbf{x}) = \big(k(\mathbf{x},\mathbf{x}_1),\dots,k(\mathbf{x},\mathbf{x}_n)\big)^{\!\top} = "
             + kp_ui.vec_tex(k))
    st.latex(r"\mathbf{k}'(\mathbf{x}) = J\big(\mathbf{k}(\mathbf{x}) - \tfrac{1}{n}K\mathbf{1}\big) = "
             + kp_ui.vec_tex(kc_vec))
    st.latex(r"k'_l = k(\mathbf{x},\mathbf{x}_l) - \tfrac{1}{n}\textstyle\sum_j k(\mathbf{x},\mathbf{x}_j) - \tfrac{1}{n}"
             r"\sum_j K_{jl} + \tfrac{1}{n^2}\sum_{j,m}K_{jm}\quad\text{(the centred kernel vector)}")
    for i in pair:
        st.latex(rf"\eta^{{({i + 1})}}(\mathbf{{x}}) = \mathbf{{k}}'(\mathbf{{x}})^\top\mathbf{{a}}_{i + 1} = "
                 rf"{kp_ui.dot_tex(kc_vec, kp.dual_coef_[:, i])} = {proj[i]:.4g}")
    st.caption(f"The sum runs over all n = {n} training points; aᵢ are the dual coefficients of step 5. For a training "
               "point xₗ, k′(xₗ) is row l of K′ and this is step 6. Seed 000 writes it uncentred as "
               "φ(x)ᵀvᵢ = Σₗ aᵢ⁽ˡ⁾ k(x, xₗ).")
    show_code(kc.KernelPCA.kernel_vectors)


new_point_panel()


# ---------------------------------------------------------------- 4. pre-images
@st.fragment
def preimage_panel():
    st.subheader("4 · Pre-images: denoising by kernel PCA")
    gamma = params["gamma"] if name == "rbf" else KPCA["preimage_gamma"]
    c1, c2 = st.columns(2)
    lo, hi, default, step = KPCA["q"]
    q_max = min(hi, n - 1)
    q = min(c1.slider("q, components kept", lo, hi, default, step, key=f"{PAGE}_q", bind="query-params"), q_max)
    lo, hi, default, step = KPCA["extra_noise"]
    with c2.container(key="secondary_kpca_noise"):
        noise = st.slider("Noise added to the data", lo, hi, default, step, key=f"{PAGE}_noise", bind="query-params")
    if name != "rbf":
        st.info(f"Pre-images here are computed for the RBF kernel; this panel uses RBF with γ = {gamma:g} "
                f"(the page's kernel is {KERNEL_LABELS[name]}).")
    try:
        with st.spinner(f"Pre-images for q = 1 … {q_max}…"):
            noisy, Z, errors, baseline = kp_ui.denoise(X, gamma, noise, q_max)
    except ValueError as err:
        st.error(f"The pre-images cannot be computed: {err}")
        return
    left, right = st.columns([3, 2])
    left.plotly_chart(kp_ui.denoise_figure(X, noisy, Z[q - 1], f"Noisy points and their pre-images, q = {q}"),
                      key=f"{PAGE}_denoise_fig", config=CONFIG)
    right.plotly_chart(kp_ui.error_curve(errors, baseline, q, "How far the pre-images are from the original"),
                       key=f"{PAGE}_denoise_curve", config=CONFIG)
    best = int(np.argmin(errors)) + 1
    st.latex(r"\min_{\mathbf{z}}\ \|\phi(\mathbf{z}) - P_q\phi(\tilde{\mathbf{x}})\|^2,\qquad "
             r"\mathbf{z} \leftarrow \frac{\sum_l g_l\, k(\mathbf{z},\tilde{\mathbf{x}}_l)\,\tilde{\mathbf{x}}_l}"
             r"{\sum_l g_l\, k(\mathbf{z},\tilde{\mathbf{x}}_l)}\quad\text{(RBF, }\gamma = " + f"{gamma:g})")
    st.latex(rf"\overline{{\|\tilde{{\mathbf{{x}}}} - \mathbf{{x}}\|}} = {baseline:.4f}\ \longrightarrow\ "
             rf"\overline{{\|\mathbf{{z}} - \mathbf{{x}}\|}} = {errors[q - 1]:.4f}\quad(q = {q};\ \text{{best }} q = {best}:"
             rf"\ {errors[best - 1]:.4f})")
    explain("Seed 002 poses the pre-image problem as min_z ‖φ(z) − f₀‖² (f₀ = the projection in feature space) and "
                "leaves the method open; this page uses the fixed-point iteration of Mika et al. (1999), started at the "
                "noisy point, with weights g = the projection's expansion over the φ(x̃ₗ). Few components keep only the "
                "main structure (and blur it); many keep the noise as well. The curve shows where the balance lies for "
                "these data and this γ.")
    show_code(kc.KernelPCA.reconstruct)


preimage_panel()


# ---------------------------------------------------------------- 5. Laplacian eigenmap
@st.fragment
def laplacian_panel():
    st.subheader("5 · Laplacian eigenmap beside kernel PCA (seed 002)")
    lo, hi, default, step = KPCA["neighbors"]
    k = st.slider("Neighbours per point (k of the k-NN graph)", lo, hi, default, step, key=f"{PAGE}_k",
                  bind="query-params")
    try:
        with st.spinner("Laplacian eigenmap…"):
            G, gam, warn = kp_ui.laplacian(X, k)
    except ValueError as err:
        st.error(f"The Laplacian eigenmap cannot be computed: {err}")
        return
    if warn:
        st.warning("⚠️ " + warn)
    left, right = st.columns(2)
    left.plotly_chart(kpca_fig, key=f"{PAGE}_lap_kpca_fig", config=CONFIG)
    right.plotly_chart(kp_ui.embedding_figure(G, y, t, f"Laplacian eigenmap, k = {min(k, n - 1)}",
                                              axes=("φ₂", "φ₃")), key=f"{PAGE}_lap_fig", config=CONFIG)
    st.latex(r"W_{ij} = \begin{cases}1 & \mathbf{x}_j \text{ among the } k \text{ nearest neighbours of } \mathbf{x}_i"
             r"\text{ or vice versa}\\0&\text{otherwise}\end{cases},\quad D = \operatorname{diag}\big(\textstyle\sum_j "
             r"W_{ij}\big)")
    st.latex(r"L = D - W,\qquad L\boldsymbol{\varphi} = \gamma D\boldsymbol{\varphi},\quad \langle D\boldsymbol{\varphi}_i,"
             r"\boldsymbol{\varphi}_j\rangle = \delta_{ij}")
    st.latex(rf"\gamma_1 = 0\ (\boldsymbol{{\varphi}}_1 = \text{{const}},\ L\mathbf{{1}} = \mathbf{{0}}),\quad "
             rf"\gamma_2 = {gam[0]:.4g},\quad \gamma_3 = {gam[1]:.4g}")
    st.caption("Seed 002 sorts γ descending and keeps φₙ₋ₘ … φₙ₋₁; here γ is ascending, so the same vectors are "
               "φ₂, φ₃ (the smallest non-zero γ). This γ is an eigenvalue, not the kernel's γ. Kernel PCA keeps the "
               "directions of largest variance of all points; the eigenmap only keeps neighbours close, which "
               "unrolls manifolds such as the S-curve (seed 002 uses k = 10).")
    show_code(kc.laplacian_eigenmap)


laplacian_panel()

# ---------------------------------------------------------------- 6. large n (Nyström / random features)
st.subheader("6 · Large n: exact up to 3 000 points, then Nyström or random features")
kpca_panel(PAGE)


exercises(PAGE, [
    Exercise("kpca_centring", "Section 2: what does centring K′ = JKJ change?",
             ("Nothing visible: K and K′ have the same eigenvectors",
              "Without it, component 1 mostly points at the mean of the φ(xₗ) (all points get similar η⁽¹⁾ and λ₁ is "
              "large); with it, every row of K′ sums to 0 and the components describe the spread around the mean",
              "It rescales the kernel so that k(x, x) = 1 for every point"), 1,
             {f"{PAGE}_data": "sidebar", f"{PAGE}_kernel": "rbf", f"{PAGE}_gamma": 0.1, f"{PAGE}_pair": "1-2"},
             "Seed 000: the derivation assumes centred φ(xₗ); centring in feature space is K′ = JKJ. With γ = 0.1 "
             "all k(x, y) are close to 1, so the uncentred first axis is almost the mean direction: compare λ₁ "
             "with and without centring in section 2, and the sums of the rows of K and K′."),
    Exercise("kpca_circles", "Circles (sidebar), polynomial kernel (xᵀy)²: where does kernel PCA put the difference "
             "between the inner and the outer ring?",
             ("On component 1: the ring split is the largest variance",
              "On component 3: components 1 and 2 carry x₁² − x₂² and x₁x₂ of the big outer ring, which vary more "
              "than the radius x₁² + x₂²",
              "Nowhere: a degree-2 kernel cannot separate circles"), 1,
             {f"{PAGE}_data": "sidebar", "data_preset": "circles", f"{PAGE}_kernel": "poly", f"{PAGE}_degree": 2,
              f"{PAGE}_gamma": 1.0, f"{PAGE}_coef0": 0.0, f"{PAGE}_pair": "1-3"},
             "φ(x) = (x₁², √2x₁x₂, x₂²) (seeds 003, 004) contains the squared radius, so one direction in feature space "
             "splits the rings — but PCA orders directions by variance, not by class, and that one comes third. "
             "The sidebar preset is now the circles; Undo in section 1 brings your previous points back."),
    Exercise("kpca_preimages", "Section 4: what happens to the denoised points (pre-images) as q grows?",
             ("They get steadily closer to the original points",
              "Few components blur the data onto its main structure; more components first help, then bring the "
              "noise back: the distance to the originals falls, then rises towards the noisy points' distance",
              "Nothing: the pre-images do not depend on q"), 1,
             {f"{PAGE}_data": "sidebar", f"{PAGE}_kernel": "rbf", f"{PAGE}_gamma": 1.0, f"{PAGE}_noise": 0.3,
              f"{PAGE}_q": 20},
             "Seed 002: the pre-image z solves min ‖φ(z) − f₀‖² with f₀ the projection onto q components. With all "
             "components f₀ = φ(x̃), so z returns to the noisy point; the curve's minimum is the useful q."),
])


from ui.nav import section_footer  # noqa: E402

section_footer(__file__)
