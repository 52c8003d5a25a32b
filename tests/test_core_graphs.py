"""kernel_core.graphs and kernel_core.lpp against independent computations: the Laplacian by a double loop, the
diffusion kernel against scipy's expm (Padé, not an eigendecomposition) and its properties (symmetric, PSD, rows
summing to 1, beta = 0 -> I), kernel ridge on nodes against scikit-learn's KernelRidge(kernel="precomputed"), and
kernel LPP against the Laplacian eigenmap solved here by scipy (L phi = gamma D phi) and against its own equation."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from scipy.linalg import eigh, expm
from sklearn.kernel_ridge import KernelRidge as SkKernelRidge
from sklearn.metrics.pairwise import rbf_kernel
from sklearn.neighbors import NearestNeighbors

import kernel_core as kc

MOONS = kc.make_classification("moons", 60, 0.1, 0)[0]


def loop_knn(X, k):
    """W[i, j] = 1 when j is among the k nearest of i or vice versa, by scikit-learn's NearestNeighbors and a loop."""
    n = len(X)
    idx = NearestNeighbors(n_neighbors=k + 1).fit(X).kneighbors(X, return_distance=False)
    W = np.zeros((n, n))
    for i in range(n):
        for j in idx[i]:
            if j != i:
                W[i, j] = W[j, i] = 1.0
    return W


def loop_laplacian(A):
    n = len(A)
    L = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            L[i, j] = (sum(A[i]) if i == j else 0.0) - A[i, j]      # D - A (a self-loop cancels)
    return L


def path_graph(n):
    A = np.zeros((n, n))
    for i in range(n - 1):
        A[i, i + 1] = A[i + 1, i] = 1.0
    return A


def test_knn_graph_matches_a_loop_over_nearest_neighbours():
    for k in (1, 3, 10):
        np.testing.assert_array_equal(kc.knn_graph(MOONS, k), loop_knn(MOONS, k))


def test_graph_laplacian_is_degree_minus_adjacency():
    A = kc.knn_graph(MOONS, 5)
    np.testing.assert_allclose(kc.graph_laplacian(A), loop_laplacian(A))
    W = np.random.default_rng(0).uniform(0, 2, (7, 7))
    W = W + W.T
    L = kc.graph_laplacian(W)
    np.testing.assert_allclose(L, loop_laplacian(W))
    np.testing.assert_allclose(L.sum(axis=1), 0, atol=1e-12)
    assert np.linalg.eigvalsh(L).min() > -1e-12


@pytest.mark.parametrize("bad, says", [
    (np.ones((2, 3)), "square"), ([[0, 1], [2, 0]], "symmetric"), ([[0, -1], [-1, 0]], "negative"),
    ([[0, np.nan], [np.nan, 0]], "NaN"), ("ab", "numbers")])
def test_graph_laplacian_refuses_what_is_not_an_undirected_graph(bad, says):
    with pytest.raises(ValueError, match=says):
        kc.graph_laplacian(bad)


@pytest.mark.parametrize("beta", [0.0, 0.1, 1.0, 3.7, 20.0])
def test_diffusion_kernel_equals_scipy_expm(beta):
    for A in (kc.knn_graph(MOONS, 4), path_graph(9)):
        L = kc.graph_laplacian(A)
        np.testing.assert_allclose(kc.diffusion_kernel(L, beta), expm(-beta * L), atol=1e-10)


def test_diffusion_kernel_properties():
    L = kc.graph_laplacian(kc.knn_graph(MOONS, 6))
    np.testing.assert_allclose(kc.diffusion_kernel(L, 0.0), np.eye(len(L)), atol=1e-12)
    K = kc.diffusion_kernel(L, 2.0)
    np.testing.assert_allclose(K, K.T)
    assert kc.is_psd(K) and np.linalg.eigvalsh(K).min() > 0
    np.testing.assert_allclose(K.sum(axis=1), 1.0, atol=1e-10)      # L 1 = 0  =>  K 1 = 1
    far = kc.diffusion_kernel(kc.graph_laplacian(path_graph(5)), 1e3)  # connected graph: K -> 11^T / n
    np.testing.assert_allclose(far, np.full((5, 5), 0.2), atol=1e-10)


def test_diffusion_on_a_path_spreads_from_the_chosen_node():
    K = kc.diffusion_kernel(kc.graph_laplacian(path_graph(11)), 1.0)
    heat = K[:, 5]
    assert np.argmax(heat) == 5 and np.all(np.diff(heat[:6]) > 0) and np.all(np.diff(heat[5:]) < 0)


@given(hnp.arrays(np.float64, (6, 6), elements=st.floats(0, 3)), st.floats(0, 10))
@settings(max_examples=40, deadline=None, database=None, derandomize=True)
def test_diffusion_kernel_of_any_weighted_graph_is_psd_with_unit_row_sums(W, beta):
    W = W + W.T
    K = kc.diffusion_kernel(kc.graph_laplacian(W), beta)
    np.testing.assert_allclose(K, expm(-beta * kc.graph_laplacian(W)), atol=1e-9)
    np.testing.assert_allclose(K.sum(axis=1), 1.0, atol=1e-9)
    assert np.linalg.eigvalsh(K).min() > -1e-12


def test_diffusion_kernel_refuses_bad_beta_and_non_symmetric_L():
    with pytest.raises(ValueError, match="beta"):
        kc.diffusion_kernel(np.eye(3), -1.0)
    with pytest.raises(ValueError, match="symmetric"):
        kc.diffusion_kernel([[1, -1], [0, 0]], 1.0)


def test_node_ridge_equals_scikit_learn_precomputed_kernel_ridge():
    L = kc.graph_laplacian(kc.knn_graph(MOONS, 5))
    K = kc.diffusion_kernel(L, 1.5)
    labelled, y = np.array([3, 17, 40, 51]), np.array([1.0, -1.0, 1.0, -1.0])
    for lam in (1e-3, 0.1, 2.0):
        ref = SkKernelRidge(alpha=lam, kernel="precomputed").fit(K[np.ix_(labelled, labelled)], y)
        np.testing.assert_allclose(kc.node_ridge(K, labelled, y, lam), ref.predict(K[:, labelled]), atol=1e-10)
    with pytest.raises(ValueError, match="not a node"):
        kc.node_ridge(K, np.array([0, 60]), np.array([1.0, -1.0]))


# ---------------------------------------------------------------- kernel LPP
def eigenmap_by_scipy(X, k, m=2):
    """phi_2 ... phi_{m+1} and their gamma of L phi = gamma D phi (D-normalised), straight from scipy."""
    W = loop_knn(X, k)
    D = np.diag(W.sum(axis=1))
    gam, Phi = eigh(D - W, D)
    return Phi[:, 1:m + 1], gam[1:m + 1]


def test_kernel_lpp_equals_the_laplacian_eigenmap_when_K_is_invertible():
    X = kc.make_classification("moons", 40, 0.1, 1)[0]
    assert np.linalg.cond(rbf_kernel(X, gamma=20.0)) < 1e6   # well-conditioned K: the equality is exact
    model = kc.KernelLPP(2, "rbf", 6, gamma=20.0).fit(X)
    Phi, gam = eigenmap_by_scipy(X, 6)
    np.testing.assert_allclose(model.eigenvalues_, gam, rtol=1e-5)
    for i in range(2):   # same vector up to sign (both D-normalised: g^T D g = phi^T D phi = 1)
        s = np.sign(Phi[:, i] @ model.embedding_[:, i])
        np.testing.assert_allclose(model.embedding_[:, i], s * Phi[:, i], atol=1e-4)


def test_kernel_lpp_solves_its_generalised_eigenproblem_and_embeds_new_points_by_k():
    X = MOONS
    model = kc.KernelLPP(2, "rbf", 8, gamma=3.0).fit(X)
    K = rbf_kernel(X, gamma=3.0)
    W = loop_knn(X, 8)
    D = np.diag(W.sum(axis=1))
    L = D - W
    A, lam = model.dual_coef_, model.eigenvalues_
    B = K @ D @ K + model.ridge_ * np.eye(len(X))
    np.testing.assert_allclose(K @ L @ K @ A, B @ A * lam, atol=1e-8 * np.abs(K @ L @ K).max())
    np.testing.assert_allclose(A.T @ B @ A, np.eye(2), atol=1e-6)       # <(KDK + eps I) alpha_i, alpha_j> = delta
    np.testing.assert_allclose(model.embedding_, K @ A, atol=1e-12)      # G = A^T K
    Z = np.array([[0.3, -0.2], [1.5, 0.4]])
    np.testing.assert_allclose(model.transform(Z), rbf_kernel(Z, X, gamma=3.0) @ A, atol=1e-12)
    np.testing.assert_allclose(model.transform(X), model.embedding_, atol=1e-9)


def test_kernel_lpp_with_a_low_rank_kernel_stays_in_its_span():
    model = kc.KernelLPP(2, "linear", 8).fit(MOONS)   # K = X X^T has rank 2: g = X w, linear LPP
    w, *_ = np.linalg.lstsq(MOONS, model.embedding_, rcond=None)
    np.testing.assert_allclose(MOONS @ w, model.embedding_, atol=1e-8)
    with pytest.raises(ValueError, match="non-trivial"):
        kc.KernelLPP(3, "linear", 8).fit(MOONS)
