"""AppTest of the Kernel PCA page: the numbers it shows against scikit-learn / scipy computed here, the new point's
projection, the sigmoid warning, the 3-D manifolds, the pre-image panel and the Laplacian eigenmap."""
import numpy as np
import pytest
from scipy.linalg import eigh
from scipy.sparse.csgraph import connected_components
from sklearn.decomposition import PCA
from sklearn.decomposition import KernelPCA as SkKernelPCA
from sklearn.neighbors import kneighbors_graph

from kernel_core import make_classification, make_manifold
from tests.app_pages import open_page, page_errors

FILE = "pages/kernel-pca.py"
P = "kernel_pca"
MOONS = make_classification("moons", 120, 0.1, 0)[0]   # the sidebar's default data set


@pytest.fixture(scope="module")
def fresh():
    return open_page(FILE)


def latex(at):
    return " ".join(lx.value for lx in at.latex)


def laplacian_gammas(X, k):
    """gamma_2, gamma_3 of L phi = gamma D phi on the symmetrised k-NN graph, by scipy directly."""
    W = kneighbors_graph(X, k, include_self=False)
    W = W.maximum(W.T).toarray()
    D = np.diag(W.sum(axis=1))
    return eigh(D - W, D, eigvals_only=True)[1:3]


def test_default_view_shows_sklearn_eigenvalues(fresh):
    at = fresh
    assert not page_errors(at) and not at.error and not at.warning
    sk = SkKernelPCA(2, kernel="rbf", gamma=1.0, eigen_solver="dense").fit(MOONS)
    lam = sk.eigenvalues_
    text = latex(at)
    assert rf"\lambda_1 = {lam[0]:.4g},\ \lambda_2 = {lam[1]:.4g}" in text
    assert rf"d_1 = \lambda_1/n = {lam[0]:.4g}/120 = {lam[0] / 120:.4g}" in text
    lin = (len(MOONS) - 1) * PCA(2).fit(MOONS).explained_variance_     # linear kPCA: (n - 1) x covariance eigenvalues
    assert rf"\lambda_1 = {lin[0]:.4g},\ \lambda_2 = {lin[1]:.4g}" in text
    assert "100.0\\%" in text                                          # 2-D data: two components carry everything
    assert "= 0.5" not in " ".join(c.value for c in at.caption)       # no placeholder numbers in captions
    assert len(at.get("plotly_chart")) >= 12


def test_new_point_projection_and_formula_match_sklearn():
    at = open_page(FILE)
    at.slider(key=f"{P}_new1").set_value(1.0).run()
    at.slider(key=f"{P}_new2").set_value(-0.5).run()
    assert not page_errors(at)
    sk = SkKernelPCA(2, kernel="rbf", gamma=1.0, eigen_solver="dense").fit(MOONS)
    eta = sk.transform(np.array([[1.0, -0.5]]))[0]
    text = latex(at)
    for i, v in enumerate(eta, start=1):                              # up to the sign of each component
        assert (f" = {v:.4g}" in text) or (f" = {-v:.4g}" in text), (i, v)
    k1 = np.exp(-np.sum((MOONS[0] - [1.0, -0.5]) ** 2))                # k(x, x_1) with gamma = 1
    assert f"{k1:.3g}" in text and r"\mathbf{k}'(\mathbf{x}) = J" in text


def test_sigmoid_warns_instead_of_failing():
    at = open_page(FILE)
    at.selectbox(key=f"{P}_kernel").set_value("sigmoid").run()
    at.slider(key=f"{P}_coef0").set_value(-1.0).run()
    assert not page_errors(at) and not at.error
    warnings = " ".join(w.value for w in at.warning)
    assert "negative eigenvalues" in warnings and "not positive semi-definite" in warnings
    assert any("Pre-images here are computed for the RBF kernel" in i.value for i in at.info)


def test_s_curve_is_3d_with_its_own_controls_and_laplacian_numbers():
    at = open_page(FILE)
    at.selectbox(key=f"{P}_data").set_value("s_curve").run()
    assert not page_errors(at) and not at.error
    n = at.slider(key=f"{P}_mn").value
    noise = at.slider(key=f"{P}_mnoise").value
    assert [w.key for w in at.number_input if w.key.startswith(f"{P}_new")] == [f"{P}_new{i}" for i in (1, 2, 3)]
    S, _ = make_manifold("s_curve", n, noise, 0)
    g2, g3 = laplacian_gammas(S, 10)
    assert rf"\gamma_2 = {g2:.4g},\quad \gamma_3 = {g3:.4g}" in latex(at)
    at.slider(key=f"{P}_k").set_value(20).run()
    g2, g3 = laplacian_gammas(S, 20)
    assert rf"\gamma_2 = {g2:.4g},\quad \gamma_3 = {g3:.4g}" in latex(at)
    assert any("S-curve (3-D)" in c.value for c in at.caption)


def test_disconnected_neighbourhood_graph_is_a_warning():
    at = open_page(FILE)
    at.selectbox(key="data_preset").set_value("blobs").run()
    at.slider(key=f"{P}_k").set_value(2).run()
    X, _ = make_classification("blobs", 120, 0.1, 0)
    W = kneighbors_graph(X, 2)
    parts = connected_components(W.maximum(W.T), directed=False)[0]
    assert parts > 1
    assert not page_errors(at)
    assert any(f"falls into {parts} disconnected pieces" in w.value for w in at.warning)


def test_preimage_panel_reports_the_noise_it_added():
    at = open_page(FILE)
    at.slider(key=f"{P}_noise").set_value(0.3).run()
    at.slider(key=f"{P}_q").set_value(20).run()
    assert not page_errors(at)
    noisy = MOONS + np.random.default_rng(1).normal(scale=0.3, size=MOONS.shape)   # KPCA["noise_seed"] = 1
    baseline = np.linalg.norm(noisy - MOONS, axis=1).mean()
    text = latex(at)
    assert rf"\overline{{\|\tilde{{\mathbf{{x}}}} - \mathbf{{x}}\|}} = {baseline:.4f}" in text
    assert r"(q = 20;\ \text{best }" in text


def test_uncentred_gram_rows_do_not_sum_to_zero_but_centred_do(fresh):
    K = np.exp(-((MOONS[:, None, :] - MOONS[None, :, :]) ** 2).sum(-1))
    text = latex(fresh)
    assert rf"\max_i\,|(K\mathbf{{1}})_i| = {np.abs(K.sum(axis=1)).max():.4g}" in text
    tail = text.split(r"\max_i\,|(K'\mathbf{1})_i| = ")[1]
    mantissa, exponent = tail.split(r"\times 10^{")[0], int(tail.split(r"\times 10^{")[1].split("}")[0])
    assert float(mantissa) * 10.0 ** exponent < 1e-10                   # ~1e-14: round-off
