"""Kernel PCA against scikit-learn and against seed 000's six steps done by hand; pre-images (seed 002's
denoising) and the Laplacian eigenmap against scikit-learn's SpectralEmbedding."""
import warnings

import numpy as np
import pytest
from sklearn.decomposition import PCA
from sklearn.decomposition import KernelPCA as SkKernelPCA
from sklearn.manifold import SpectralEmbedding
from sklearn.metrics.pairwise import laplacian_kernel, pairwise_kernels
from sklearn.neighbors import kneighbors_graph

from kernel_core import KernelPCA, add_noise, centring_matrix, laplacian_eigenmap, make_classification, make_manifold
from kernel_core.kpca import LANCZOS_MIN_N, PREIMAGE_TOL

X, _ = make_classification("moons", 80, noise=0.1, seed=3)
X_NEW = np.random.default_rng(7).uniform(-1.5, 2.5, size=(9, 2))

KERNELS = [
    ("rbf", {"gamma": 2.0}),
    ("linear", {}),
    ("poly", {"degree": 3, "gamma": 0.5, "coef0": 1.0}),
    ("laplacian", {"gamma": 1.0}),
    ("sigmoid", {"gamma": 0.5, "coef0": 0.0}),
]


def sklearn_kpca(name, params, q):
    """scikit-learn's KernelPCA with the dense solver; the Laplacian kernel goes in precomputed."""
    if name == "laplacian":
        sk = SkKernelPCA(q, kernel="precomputed", eigen_solver="dense").fit(laplacian_kernel(X, **params))
        return sk, sk.transform(laplacian_kernel(X, **params)), sk.transform(laplacian_kernel(X_NEW, X, **params))
    sk = SkKernelPCA(q, kernel=name, eigen_solver="dense", **params).fit(X)
    return sk, sk.transform(X), sk.transform(X_NEW)


def assert_equal_up_to_sign(ours, theirs, atol=1e-9):
    assert ours.shape == theirs.shape
    for i in range(ours.shape[1]):
        sign = 1.0 if np.abs(ours[:, i] - theirs[:, i]).max() <= np.abs(ours[:, i] + theirs[:, i]).max() else -1.0
        np.testing.assert_allclose(ours[:, i], sign * theirs[:, i], atol=atol, err_msg=f"component {i + 1}")


@pytest.mark.parametrize("name, params", KERNELS, ids=[k for k, _ in KERNELS])
def test_projections_and_eigenvalues_equal_sklearn(name, params):
    q = 2 if name == "linear" else 4  # the linear kernel on 2-D data has rank 2 after centring
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # sigmoid: negative tail eigenvalues (tested below)
        kp = KernelPCA(q, name, **params).fit(X)
        fit_transformed = KernelPCA(q, name, **params).fit_transform(X)
    sk, train, new = sklearn_kpca(name, params, q)
    np.testing.assert_allclose(kp.eigenvalues_, sk.eigenvalues_, rtol=1e-9)
    assert_equal_up_to_sign(kp.transform(X), train)
    assert_equal_up_to_sign(fit_transformed, train)
    assert_equal_up_to_sign(kp.transform(X_NEW), new)


def test_eigenvalues_are_of_the_centred_gram_matrix_not_divided_by_n():
    K = pairwise_kernels(X, metric="rbf", gamma=2.0)
    J = np.eye(len(X)) - np.ones((len(X), len(X))) / len(X)
    expected = np.sort(np.linalg.eigvalsh(J @ K @ J))[::-1][:5]
    kp = KernelPCA(5, "rbf", gamma=2.0).fit(X)
    np.testing.assert_allclose(kp.eigenvalues_, expected, rtol=1e-10)
    assert np.all(np.diff(kp.eigenvalues_) <= 0)                            # descending
    # d_i = lambda_i / n is the variance of the projections on axis i (seed 000, step 5)
    np.testing.assert_allclose(kp.fit_transform(X).var(axis=0), kp.eigenvalues_ / len(X), rtol=1e-9)


def test_center_false_gives_the_raw_gram_eigenvalues():
    K = pairwise_kernels(X, metric="rbf", gamma=2.0)
    expected = np.sort(np.linalg.eigvalsh(K))[::-1][:3]
    kp = KernelPCA(3, "rbf", center=False, gamma=2.0).fit(X)
    np.testing.assert_allclose(kp.eigenvalues_, expected, rtol=1e-10)
    assert kp.eigenvalues_[0] > KernelPCA(3, "rbf", gamma=2.0).fit(X).eigenvalues_[0]  # the mean direction


def test_seed_000_six_steps_by_hand():
    """Seed 000: K' = J K J, K' = A Lambda A^T with a_i^T K' a_i = 1, eta_l^(i) = K'[l, :] a_i."""
    n = len(X)
    K = np.array([[np.exp(-1.5 * np.sum((a - b) ** 2)) for b in X] for a in X])    # step 2, double loop
    J = np.eye(n) - np.ones((n, n)) / n                                               # step 3
    Kc = J @ K @ J
    lam, U = np.linalg.eigh(Kc)                                                       # step 4
    lam, U = lam[::-1][:3], U[:, ::-1][:, :3]
    A = U / np.sqrt(lam)                                                              # step 5
    np.testing.assert_allclose(np.diag(A.T @ Kc @ A), 1.0, rtol=1e-10)
    eta = np.array([[Kc[l, :] @ A[:, i] for i in range(3)] for l in range(n)])        # step 6
    np.testing.assert_allclose(centring_matrix(n), J, atol=1e-15)
    kp = KernelPCA(3, "rbf", gamma=1.5).fit(X)
    np.testing.assert_allclose(kp.Kc_, Kc, atol=1e-12)
    assert_equal_up_to_sign(kp.fit_transform(X), eta)
    # a new point: its centred kernel vector J (k(x) - K 1 / n) times a_i
    k = np.array([[np.exp(-1.5 * np.sum((x - b) ** 2)) for b in X] for x in X_NEW])
    kc = (k - K.mean(axis=1)[None, :]) @ J
    assert_equal_up_to_sign(kp.transform(X_NEW), kc @ A)
    np.testing.assert_allclose(kp.kernel_vectors(X_NEW)[1], kc, atol=1e-12)


def test_linear_kernel_pca_is_ordinary_pca():
    S, _ = make_manifold("s_curve", 150, noise=0.05, seed=1)
    assert_equal_up_to_sign(KernelPCA(2, "linear").fit(S).transform(S), PCA(2).fit_transform(S), atol=1e-8)


def test_signs_are_deterministic():
    a = KernelPCA(3, "rbf", gamma=2.0).fit(X).transform(X_NEW)
    b = KernelPCA(3, "rbf", gamma=2.0).fit(X[::-1]).transform(X_NEW)
    np.testing.assert_allclose(a, b, atol=1e-9)
    U = KernelPCA(3, "rbf", gamma=2.0).fit(X).eigenvectors_
    assert np.all(U[np.argmax(np.abs(U), axis=0), range(3)] > 0)


def test_sigmoid_is_finite_and_warns_about_negative_eigenvalues():
    with pytest.warns(RuntimeWarning, match="negative eigenvalues"):
        kp = KernelPCA(2, "sigmoid", gamma=2.0, coef0=-1.0).fit(X)
    assert kp.psd_warning_ and "not positive semi-definite" in kp.psd_warning_
    assert np.all(np.isfinite(kp.transform(X_NEW))) and np.all(np.isfinite(kp.fit_transform(X)))
    # more components than positive eigenvalues: the negative ones are kept in eigenvalues_, their projections are 0
    with pytest.warns(RuntimeWarning):
        full = KernelPCA(len(X), "sigmoid", gamma=2.0, coef0=-1.0).fit(X)
    negative = full.eigenvalues_ < 0
    assert negative.any()
    assert np.all(full.transform(X_NEW)[:, negative] == 0) and np.all(np.isfinite(full.transform(X_NEW)))


def test_psd_kernel_does_not_warn_and_clips_round_off():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        kp = KernelPCA(4, "linear").fit(X)                                  # rank 2: lambda_3, lambda_4 are round-off
    assert kp.psd_warning_ is None
    assert kp.eigenvalues_[2] == 0 and kp.eigenvalues_[3] == 0
    assert np.all(kp.transform(X_NEW)[:, 2:] == 0)


def test_bad_input_is_a_sentence():
    with pytest.raises(ValueError, match="not fitted"):
        KernelPCA().transform(X)
    with pytest.raises(ValueError, match="at most"):
        KernelPCA(200).fit(X)
    with pytest.raises(ValueError, match="Unknown kernel"):
        KernelPCA(2, "cosine").fit(X)
    with pytest.raises(ValueError, match="feature"):
        KernelPCA(2).fit(X).transform(np.ones((2, 3)))
    with pytest.raises(ValueError, match="RBF"):
        KernelPCA(2, "linear").fit(X).reconstruct(X)


def test_preimage_error_decreases_as_q_grows():
    clean, _ = make_classification("moons", 120, noise=0.0, seed=0)
    noisy = add_noise(clean, 0.15, seed=1)
    kp = KernelPCA(40, "rbf", gamma=2.0).fit(noisy)
    qs = [1, 2, 4, 8, 16, 40]
    to_input = [np.mean(np.linalg.norm(kp.reconstruct(noisy, q) - noisy, axis=1)) for q in qs]
    assert all(a > b for a, b in zip(to_input, to_input[1:])), to_input
    residual = [kp.feature_space_residual(noisy, q).mean() for q in qs]
    assert all(a > b for a, b in zip(residual, residual[1:])), residual
    # ||phi(x) - P phi(x)||^2 by hand for q = 1: 1 - 2 k.mean + K.mean - eta_1^2 (RBF: k(x, x) = 1)
    K = pairwise_kernels(noisy, metric="rbf", gamma=2.0)
    eta1 = kp.fit_transform(noisy)[:, 0]
    np.testing.assert_allclose(kp.feature_space_residual(noisy, 1), 1 - 2 * K.mean(axis=1) + K.mean() - eta1 ** 2,
                               atol=1e-10)
    # a few components denoise: the pre-images are closer to the clean moons than the noisy points are
    denoised = kp.reconstruct(noisy, 8)
    assert np.mean(np.linalg.norm(denoised - clean, axis=1)) < 0.9 * np.mean(np.linalg.norm(noisy - clean, axis=1))


def test_preimage_with_every_component_returns_the_training_points():
    kp = KernelPCA(len(X) - 1, "rbf", gamma=2.0).fit(X)                    # P phi(x_l) = phi(x_l)
    np.testing.assert_allclose(kp.reconstruct(X), X, atol=10 * PREIMAGE_TOL * np.ptp(X))  # to the iteration's tolerance


def test_laplacian_eigenmap_solves_the_generalized_problem_and_matches_sklearn():
    S, t = make_manifold("s_curve", 300, noise=0.0, seed=0)
    G, gam = laplacian_eigenmap(S, n_components=2, n_neighbors=10)
    W = kneighbors_graph(S, 10, include_self=False)
    W = W.maximum(W.T).toarray()
    D = np.diag(W.sum(axis=1))
    L = D - W
    np.testing.assert_allclose(L @ G, D @ G * gam, atol=1e-9)              # L phi = gamma D phi
    np.testing.assert_allclose(G.T @ D @ G, np.eye(2), atol=1e-9)           # <D phi_i, phi_j> = delta_ij
    assert 0 < gam[0] <= gam[1]
    assert abs(np.corrcoef(G[:, 0], t)[0, 1]) > 0.95                         # the first coordinate unrolls the S
    E = SpectralEmbedding(2, affinity="precomputed", eigen_solver="arpack", random_state=0).fit_transform(W)
    for i in range(2):                                                       # same eigenvectors, other scaling
        assert abs(np.corrcoef(G[:, i], E[:, i])[0, 1]) > 0.9999


def test_laplacian_eigenmap_warns_on_a_disconnected_graph():
    two = np.r_[np.random.default_rng(0).normal(size=(20, 2)), 100 + np.random.default_rng(1).normal(size=(20, 2))]
    with pytest.warns(RuntimeWarning, match="disconnected"):
        G, _ = laplacian_eigenmap(two, 2, n_neighbors=3)
    assert np.all(np.isfinite(G))


@pytest.mark.parametrize("n", [300, LANCZOS_MIN_N, 2000])
def test_identical_points_have_no_variance_and_answer_finitely(n):
    """Points all in one place (issue 34: a link or CSV of identical points): the centred K′ is the zero matrix, every
    eigenvalue 0. From LANCZOS_MIN_N points on, ARPACK's start vector became zero on it and it raised its own
    ArpackError ("Starting vector is zero") out of kernel_core."""
    X = np.full((n, 2), 0.5)
    model = KernelPCA(2, "rbf", gamma=1.0).fit(X)
    np.testing.assert_array_equal(model.eigenvalues_, [0.0, 0.0])
    assert np.all(np.isfinite(model.transform(np.array([[0.5, 0.5], [1.0, -1.0]]))))
