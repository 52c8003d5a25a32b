"""AppTest of Kernel PCA › Kernel LPP: the eigenvalues on screen against scipy's Laplacian eigenmap of the training
points (L φ = γ D φ, solved here) and against scikit-learn's RBF kernel with the generalised eigenproblem solved here;
the held-out points embedded by g(x) = Aᵀk(x); the cap on the points."""
import json

import numpy as np
from scipy.linalg import eigh
from sklearn.metrics.pairwise import rbf_kernel
from sklearn.neighbors import kneighbors_graph

from kernel_core import make_classification, make_manifold
from pages.kernel_pca.settings import KEY
from tests.app_pages import open_page, page_errors, values
from ui.ranges import KPCA

PAGE = "pages/kernel_pca/kernel_lpp.py"
MOONS, MOONS_Y = make_classification("moons", 120, 0.1, 0)   # the sidebar's default data set


def latex(at):
    return " ".join(lx.value for lx in at.latex)


def chart(at):
    c = next(c for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{KEY.KLPP_CHART}"))
    return json.loads(c.proto.spec)



def split(n):
    order = np.random.default_rng(KPCA["subsample_seed"]).permutation(n)
    n_test = int(round(KPCA["klpp_held_out"] * n))
    return np.sort(order[n_test:]), np.sort(order[:n_test])


def graph(X, k):
    W = kneighbors_graph(X, k, include_self=False)
    W = W.maximum(W.T).toarray()
    return W, np.diag(W.sum(axis=1))


def test_eigenvalues_and_embedding_against_scipy():
    at = open_page(PAGE)
    assert not page_errors(at) and not at.error
    train, test = split(len(MOONS))
    X = MOONS[train]
    W, D = graph(X, 10)
    gam = eigh(D - W, D, eigvals_only=True)[1:3]
    assert rf"\gamma_2 = {gam[0]:.4g},\ \ \gamma_3 = {gam[1]:.4g}" in latex(at)
    K = rbf_kernel(X, gamma=1.0)
    KDK = K @ D @ K
    lam, A = eigh(K @ (D - W) @ K, KDK + 1e-8 * np.trace(KDK) / len(X) * np.eye(len(X)))
    G = K @ A
    keep = [i for i in range(len(lam)) if G[:, i] @ D @ G[:, i] >= 0.5
            and (np.diag(D) @ G[:, i]) ** 2 / (np.trace(D) * (G[:, i] @ D @ G[:, i])) < 0.5][:2]
    assert rf"\lambda_1 = {lam[keep[0]]:.4g},\ \ \lambda_2 = {lam[keep[1]]:.4g}" in latex(at)
    held = next(t for t in chart(at)["data"] if t["name"].startswith("held out"))
    g_new = rbf_kernel(MOONS[test], X, gamma=1.0) @ A[:, keep]
    x = values(held["x"])
    assert len(x) == len(test)
    np.testing.assert_allclose(np.abs(x), np.abs(g_new[:, 0]), atol=1e-4)   # up to the sign chosen on screen


def test_with_an_invertible_kernel_it_is_the_laplacian_eigenmap():
    at = open_page(PAGE)
    at.selectbox(key=KEY.DATA).set_value("s_curve").run()
    assert not page_errors(at) and not at.error
    assert r"|\mathrm{corr}(g_1, \varphi_2)| = 1.000" in latex(at)
    n = at.slider(key=KEY.MANIFOLD_N).value
    S, t = make_manifold("s_curve", n, at.slider(key=KEY.MANIFOLD_NOISE).value, 0)
    S = S[np.argsort(t, kind="stable")]
    if n > KPCA["klpp_max"]:   # the section's cap: a seeded subsample (compute.Data.cap)
        S = S[np.sort(np.random.default_rng(KPCA["subsample_seed"]).choice(n, KPCA["klpp_max"], replace=False))]
    train, _ = split(len(S))
    S = S[train]
    W, D = graph(S, 10)
    gam = eigh(D - W, D, eigvals_only=True)[1:3]
    assert rf"\gamma_2 = {gam[0]:.4g}" in latex(at)


def test_more_points_than_the_cap_use_a_subsample_and_say_so():
    at = open_page(PAGE)
    at.selectbox(key=KEY.DATA).set_value("s_curve").run()
    at.slider(key=KEY.MANIFOLD_N).set_value(400).run()
    assert not page_errors(at)
    n = KPCA["klpp_max"]
    assert f"{n - round(KPCA['klpp_held_out'] * n)} points fitted" in " ".join(c.value for c in at.caption)
    assert "uses 200 of your 400 points" in " ".join(i.value for i in at.info)


def test_a_graph_in_pieces_shows_its_zero_eigenvalues_as_0_and_warns():
    """k = 2: the moons' training graph falls apart (scipy counts the pieces), so L φ = γ D φ has several zero
    eigenvalues; the screen shows them as 0 (not −6.8e−16) and the disconnected-graph warning."""
    from scipy.sparse.csgraph import connected_components
    at = open_page(PAGE)
    at.slider(key=KEY.NEIGHBOURS).set_value(2).run()
    assert not page_errors(at)
    train = split(len(MOONS))[0]
    A = kneighbors_graph(MOONS[train], 2, include_self=False)
    assert connected_components(A.maximum(A.T), directed=False)[0] > 2
    text = latex(at)
    assert r"\gamma_2 = 0,\ \ \gamma_3 = 0" in text and "e-1" not in text
    assert at.warning
