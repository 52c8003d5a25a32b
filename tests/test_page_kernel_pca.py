"""AppTest of the Kernel PCA sections' numbers against scikit-learn / scipy computed here: the eigenvalues and variance
shares of the default view, the new point's projection, the sigmoid warning, the 3-D manifolds' Laplacian eigenmap,
the disconnected neighbourhood graph, the pre-images, the centring of the Gram matrix and the derivation's numbers.
The classroom features (clicks, exercises, presentation mode, the browser click): test_page_kernel_pca_interaction.py;
the work bounded at the largest data set: test_page_kernel_pca_largest.py."""

import numpy as np
import pytest
from scipy.linalg import eigh
from scipy.sparse.csgraph import connected_components
from sklearn.decomposition import PCA
from sklearn.decomposition import KernelPCA as SkKernelPCA
from sklearn.neighbors import kneighbors_graph

import kernel_core as kc
from kernel_core import make_classification, make_manifold
from pages.kernel_pca.settings import KEY
from tests.app_pages import open_page, page_errors, values
from tests.support.kernel_pca_sections import CENTRING, DENOISING, LAPLACIAN, LINEAR_VS_KERNEL, MOONS, NEW_POINT, chart, latex, texts
from ui.ranges import KPCA


def laplacian_gammas(X, k):
    """gamma_2, gamma_3 of L phi = gamma D phi on the symmetrised k-NN graph, by scipy directly."""
    W = kneighbors_graph(X, k, include_self=False)
    W = W.maximum(W.T).toarray()
    D = np.diag(W.sum(axis=1))
    return eigh(D - W, D, eigvals_only=True)[1:3]


@pytest.fixture(scope="module")
def first():
    return open_page(LINEAR_VS_KERNEL)


def test_default_view_shows_sklearn_eigenvalues(first):
    at = first
    assert not page_errors(at) and not at.error and not at.warning
    sk = SkKernelPCA(2, kernel="rbf", gamma=1.0, eigen_solver="dense").fit(MOONS)
    lam = sk.eigenvalues_
    text = latex(at)
    assert rf"\text{{kernel PCA: }}\lambda_1 &= {lam[0]:.4g},\ \lambda_2 = {lam[1]:.4g}" in text
    assert rf"d_1 = \lambda_1/n &= {lam[0] / 120:.4g}\ \ (n = 120)" in text
    lin = (len(MOONS) - 1) * PCA(2).fit(MOONS).explained_variance_     # linear kPCA: (n - 1) x covariance eigenvalues
    assert rf"\text{{linear PCA: }}\lambda_1 &= {lin[0]:.4g},\ \lambda_2 = {lin[1]:.4g}" in text
    assert "100.0\\%" in text                                          # 2-D data: two components carry everything
    cov = np.linalg.eigvalsh(np.cov(MOONS.T))[::-1]                   # Held's Σ̂ = XᵀX/(n − 1), X centred
    assert rf"VDV^\top,\\ D &= \operatorname{{diag}}({cov[0]:.4g},\, {cov[1]:.4g})" in text
    assert "= 0.5" not in texts(at.caption)                            # no placeholder numbers in captions
    keys = [c.proto.id.rsplit("-", 1)[-1] for c in at.get("plotly_chart")]
    assert sorted(keys) == sorted([KEY.INPUT_CHART, KEY.KPCA_CHART, KEY.LINEAR_CHART, KEY.SHARES_CHART])
    bars = chart(at, KEY.SHARES_CHART)[0]["data"]                        # the variance shares, kernel and linear
    K = np.exp(-((MOONS[:, None] - MOONS[None]) ** 2).sum(-1))
    J = np.eye(len(K)) - 1 / len(K)
    assert values(bars[0]["y"])[:2] == pytest.approx(100 * lam / np.trace(J @ K @ J), rel=1e-4)   # λᵢ / tr K′
    assert len(values(bars[0]["y"])) == KPCA["spectrum"] and len(values(bars[1]["y"])) == 2


def test_new_point_projection_and_formula_match_sklearn():
    at = open_page(NEW_POINT)
    at.slider(key=KEY.NEW[0]).set_value(1.0).run()
    at.slider(key=KEY.NEW[1]).set_value(-0.5).run()
    assert not page_errors(at)
    sk = SkKernelPCA(2, kernel="rbf", gamma=1.0, eigen_solver="dense").fit(MOONS)
    eta = sk.transform(np.array([[1.0, -0.5]]))[0]
    text = latex(at)
    for i, v in enumerate(eta, start=1):                              # up to the sign of each component
        assert (f" = {v:.4g}" in text) or (f" = {-v:.4g}" in text), (i, v)
    k1 = np.exp(-np.sum((MOONS[0] - [1.0, -0.5]) ** 2))                # k(x, x_1) with gamma = 1
    assert f"{k1:.3g}" in text and r"\mathbf{k}'(\mathbf{x}) = J" in text


def test_sigmoid_warns_instead_of_failing():
    at = open_page(LINEAR_VS_KERNEL)
    at.selectbox(key=KEY.KERNEL).set_value("sigmoid").run()
    at.slider(key=KEY.COEF0).set_value(-1.0).run()
    assert not page_errors(at) and not at.error
    warnings = texts(at.warning)
    assert "negative eigenvalues" in warnings and "not positive semi-definite" in warnings
    at.switch_page(DENOISING).run()                                   # the bar's kernel is kept between sections
    assert at.selectbox(key=KEY.KERNEL).value == "sigmoid"
    assert any("Pre-images here are computed for the RBF kernel" in i.value for i in at.info)


def test_s_curve_is_3d_with_its_own_controls_and_laplacian_numbers():
    at = open_page(LAPLACIAN)
    at.selectbox(key=KEY.DATA).set_value("s_curve").run()
    assert not page_errors(at) and not at.error
    n = at.slider(key=KEY.MANIFOLD_N).value
    noise = at.slider(key=KEY.MANIFOLD_NOISE).value
    S, _ = make_manifold("s_curve", n, noise, 0)
    g2, g3 = laplacian_gammas(S, 10)
    assert rf"\gamma_2 = {g2:.4g},\ \ \gamma_3 = {g3:.4g}" in latex(at)
    at.slider(key=KEY.NEIGHBOURS).set_value(20).run()
    g2, g3 = laplacian_gammas(S, 20)
    assert rf"\gamma_2 = {g2:.4g},\ \ \gamma_3 = {g3:.4g}" in latex(at)
    at.switch_page(NEW_POINT).run()
    assert [w.key for w in at.number_input if w.key.startswith("kernel_pca_new")] == list(KEY.NEW)
    at.switch_page(LINEAR_VS_KERNEL).run()
    assert "S-curve (3-D)" in texts(at.caption)


def test_disconnected_neighbourhood_graph_is_a_warning():
    at = open_page(LAPLACIAN)
    at.selectbox(key="data_preset").set_value("blobs").run()
    at.slider(key=KEY.NEIGHBOURS).set_value(2).run()
    X, _ = make_classification("blobs", 120, 0.1, 0)
    W = kneighbors_graph(X, 2)
    parts = connected_components(W.maximum(W.T), directed=False)[0]
    assert parts > 1
    assert not page_errors(at)
    assert any(f"falls into {parts} disconnected pieces" in w.value for w in at.warning)


def test_preimages_report_the_noise_they_added():
    at = open_page(DENOISING)
    at.slider(key=KEY.NOISE).set_value(0.3).run()
    at.slider(key=KEY.Q).set_value(20).run()
    assert not page_errors(at)
    noisy = MOONS + np.random.default_rng(1).normal(scale=0.3, size=MOONS.shape)   # KPCA["noise_seed"] = 1
    baseline = np.linalg.norm(noisy - MOONS, axis=1).mean()
    text = latex(at)
    assert rf"\overline{{\|\tilde{{\mathbf{{x}}}} - \mathbf{{x}}\|}} &= {baseline:.4f}" in text
    Z = kc.KernelPCA(20, "rbf", gamma=1.0).fit(noisy).reconstruct(noisy, 20)        # the pre-images, by the core
    assert rf"&= {np.linalg.norm(Z - MOONS, axis=1).mean():.4f}\quad(q = 20)" in text


def test_uncentred_gram_rows_do_not_sum_to_zero_but_centred_do():
    at = open_page(CENTRING)
    K = np.exp(-((MOONS[:, None, :] - MOONS[None, :, :]) ** 2).sum(-1))
    text = latex(at)
    assert rf"\max_i\,|(K\mathbf{{1}})_i| &= {np.abs(K.sum(axis=1)).max():.4g}" in text
    tail = text.split(r"\max_i\,|(K'\mathbf{1})_i| &= ")[1]
    mantissa, exponent = tail.split(r"\times 10^{")[0], int(tail.split(r"\times 10^{")[1].split("}")[0])
    assert float(mantissa) * 10.0 ** exponent < 1e-10                   # ~1e-14: round-off
    heat = chart(at, KEY.GRAM_CHART)[0]["data"][0]                     # K′ by default ...
    assert abs(values(heat["z"]).reshape(120, 120).sum(axis=1)).max() < 1e-3
    at.segmented_control(key=KEY.MATRIX).set_value("K").run()          # ... K on the same colours
    heat_k = chart(at, KEY.GRAM_CHART)[0]["data"][0]
    assert values(heat_k["z"]).max() == pytest.approx(1.0, abs=1e-6)
    assert (heat_k["zmin"], heat_k["zmax"]) == (heat["zmin"], heat["zmax"])


def test_the_derivation_shows_sigma_phi_and_the_span_argument_with_this_fits_numbers():
    """Held's derivation expander: λ₁ = d₁n with scikit-learn's λ₁, unit-length axes aᵢᵀK′aᵢ = 1; with the linear
    kernel Σ̂^φ is the biased covariance (1/n) Σ x̃ₗx̃ₗᵀ of the points, and its largest eigenvalue is the d₁ shown."""
    at = open_page(LINEAR_VS_KERNEL)
    lam = SkKernelPCA(2, kernel="rbf", gamma=1.0, eigen_solver="dense").fit(MOONS).eigenvalues_
    text = latex(at)
    assert r"\widehat\Sigma^{\phi} = \frac{1}{n}\sum_{l=1}^{n}" in text
    assert rf"n &= 120,\quad \lambda_1 = d_1 n = {lam[0]:.4g},\quad d_1 = {lam[0] / 120:.4g}" in text
    assert r"\mathbf a_1^\top K'\mathbf a_1 &= 1.000000" in text and r"\mathbf a_2^\top K'\mathbf a_2 = 1.000000" in text
    at.selectbox(key=KEY.KERNEL).set_value("linear").run()
    assert not page_errors(at)
    d1 = np.linalg.eigvalsh(np.cov(MOONS.T, bias=True))[-1]            # Σ̂^φ for φ(x) = x
    assert rf"d_1 = {d1:.4g} \\" in latex(at)


def test_sugiyamas_kernel_trick_revisited_lists_the_kernelized_methods(first):
    words = texts(first.markdown)
    assert "Sugiyama's *kernel trick revisited*" in words
    for method in ("LPP (*Kernel LPP*)", "k-means (*Kernel k-means*)", "LFDA (*Kernel FDA vs linear FDA*)"):
        assert method in words


def test_helds_rayleigh_quotient_is_named_in_the_derivation(first):
    assert "Rayleigh quotient problem for K′" in texts(first.markdown)
