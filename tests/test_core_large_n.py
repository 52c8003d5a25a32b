"""Large n: approximate kernel PCA / kernel ridge on Nystrom and random Fourier features against scikit-learn
(Nystroem + Ridge, RBFSampler, KernelPCA, KernelRidge), convergence to the exact fit as the number of features
grows, the cheap error measures, the exact-or-approximate rule, and bad input."""
import re

import numpy as np
import pytest
from scipy.linalg import eigh
from sklearn.decomposition import PCA
from sklearn.decomposition import KernelPCA as SkKernelPCA
from sklearn.kernel_approximation import Nystroem
from sklearn.kernel_ridge import KernelRidge as SkKernelRidge
from sklearn.linear_model import Ridge
from sklearn.metrics.pairwise import rbf_kernel

from kernel_core import ApproxKernelPCA, ApproxKernelRidge, KernelPCA, kernel_error, kpca_gap, large_dataset, resolve_method, ridge_gap
from kernel_core.kernel_approximation import approximation_error
from kernel_core.large_n import EXACT_MAX_N, aligned_error

X2, _ = large_dataset("moons", 150, 0.1, seed=1)
X1, Y1 = large_dataset("sine", 150, 0.25, seed=2)
GRID = np.linspace(0, 2 * np.pi, 50)[:, None]


def up_to_sign(A, B):
    """max |A - B| after flipping each column of A to match B."""
    return max(min(np.abs(A[:, i] - B[:, i]).max(), np.abs(A[:, i] + B[:, i]).max()) for i in range(A.shape[1]))


# ------------------------------------------------------------------ kernel ridge
@pytest.mark.parametrize("method", ["nystroem", "rff"])
def test_ridge_equals_sklearn_ridge_on_the_same_features(method):
    lam = 0.3
    model = ApproxKernelRidge(method, 40, gamma=1.0, lam=lam, seed=3).fit(X1, Y1)
    Z = model.map_.transform(X1)
    sk = Ridge(alpha=lam, fit_intercept=False, solver="cholesky").fit(Z, Y1)
    assert np.allclose(model.coef_, sk.coef_, atol=1e-8)
    assert np.allclose(model.predict(GRID), sk.predict(model.map_.transform(GRID)), atol=1e-8)


def test_ridge_nystroem_with_every_point_as_landmark_is_exact_kernel_ridge():
    lam, n = 0.1, len(X1)
    f = ApproxKernelRidge("nystroem", n, gamma=1.0, lam=lam).fit(X1, Y1).predict(GRID)
    assert np.allclose(f, SkKernelRidge(alpha=lam, kernel="rbf", gamma=1.0).fit(X1, Y1).predict(GRID), atol=1e-6)


def test_ridge_converges_to_exact_like_sklearn_nystroem_pipeline():
    """Both ours and scikit-learn's Nystroem + Ridge approach the exact KernelRidge as m grows; on 2-D data with
    gamma = 2 the kernel is far from low rank, so the first m are coarse."""
    X, y = X2, np.sin(3 * X2[:, 0]) + X2[:, 1]
    exact = SkKernelRidge(alpha=0.1, kernel="rbf", gamma=2.0).fit(X, y).predict(X)
    ours, theirs = [], []
    for m in (5, 20, 80, 150):
        ours.append(np.abs(ApproxKernelRidge("nystroem", m, 2.0, 0.1).fit(X, y).predict(X) - exact).max())
        ny = Nystroem(gamma=2.0, n_components=m, random_state=0).fit(X)
        f = Ridge(alpha=0.1, fit_intercept=False).fit(ny.transform(X), y).predict(ny.transform(X))
        theirs.append(np.abs(f - exact).max())
    assert ours[0] > 10 * ours[2] and theirs[0] > 10 * theirs[2]
    assert ours[-1] < 1e-6 and theirs[-1] < 1e-6      # m = n: exact for both


def test_ridge_rff_error_shrinks_with_more_features():
    exact = SkKernelRidge(alpha=0.1, kernel="rbf", gamma=1.0).fit(X1, Y1).predict(GRID)
    err = [np.mean([np.abs(ApproxKernelRidge("rff", D, 1.0, 0.1, seed=s).fit(X1, Y1).predict(GRID) - exact).max()
                    for s in range(3)]) for D in (10, 100, 500)]
    assert err[0] > err[1] > err[2] and err[2] < 0.1


# ------------------------------------------------------------------ kernel PCA
def test_kpca_nystroem_with_every_point_equals_sklearn_kernel_pca():
    n = len(X2)
    ours = ApproxKernelPCA(3, "nystroem", n, gamma=2.0).fit(X2)
    sk = SkKernelPCA(3, kernel="rbf", gamma=2.0, eigen_solver="dense").fit(X2)
    assert np.allclose(ours.eigenvalues_, sk.eigenvalues_, rtol=1e-8)
    assert up_to_sign(ours.embedding_, sk.transform(X2)) < 1e-6
    X_new = np.random.default_rng(0).uniform(-1, 2, size=(7, 2))
    assert up_to_sign(ours.transform(X_new), sk.transform(X_new)) < 1e-6


@pytest.mark.parametrize("method", ["nystroem", "rff"])
def test_kpca_is_sklearn_pca_of_the_features(method):
    ours = ApproxKernelPCA(2, method, 60, gamma=2.0, seed=4).fit(X2)
    Z = ours.map_.transform(X2)
    sk = PCA(2, svd_solver="full").fit(Z)
    assert up_to_sign(ours.embedding_, sk.transform(Z)) < 1e-9
    assert np.allclose(ours.eigenvalues_, sk.explained_variance_ * (len(Z) - 1), rtol=1e-9)


@pytest.mark.parametrize("method", ["nystroem", "rff"])
def test_kpca_converges_to_exact_as_features_grow(method):
    X, _ = large_dataset("moons", 400, 0.1, seed=5)
    exact = SkKernelPCA(2, kernel="rbf", gamma=2.0, eigen_solver="dense").fit_transform(X)
    sizes = (10, 50, 400) if method == "nystroem" else (10, 300, 3000)   # RFF: error ~ 1/sqrt(D), slowly
    err = [np.mean([aligned_error(ApproxKernelPCA(2, method, D, 2.0, seed=s).fit_transform(X), exact)
                    for s in range(3)]) for D in sizes]
    assert err[0] > err[1] > err[2]
    assert err[2] < (1e-6 if method == "nystroem" else 0.1)


def test_projection_signs_follow_kernel_pca():
    ours = ApproxKernelPCA(2, "nystroem", len(X2), gamma=2.0).fit_transform(X2)
    exact = KernelPCA(2, "rbf", gamma=2.0).fit_transform(X2)
    assert np.abs(ours - exact).max() < 1e-6


def test_kernel_pca_lanczos_path_equals_dense_eigh():
    """n >= LANCZOS_MIN_N: KernelPCA takes its few leading eigenpairs from ARPACK; same numbers as LAPACK."""
    X, _ = large_dataset("moons", 1200, 0.1, seed=6)
    kp = KernelPCA(3, "rbf", gamma=2.0).fit(X)
    Kc = kp.Kc_
    lam = eigh(Kc, eigvals_only=True, subset_by_index=(len(X) - 3, len(X) - 1))[::-1]
    assert np.allclose(kp.eigenvalues_, lam, rtol=1e-10)
    sk = SkKernelPCA(3, kernel="rbf", gamma=2.0, eigen_solver="dense").fit_transform(X)
    assert up_to_sign(kp.fit_transform(X), sk) < 1e-6


# ------------------------------------------------------------------ error measures and the rule
def test_kernel_error_on_all_points_is_the_full_error_and_a_subsample_estimates_it():
    X, _ = large_dataset("moons", 1500, 0.1, seed=7)
    fmap = ApproxKernelRidge("rff", 50, 2.0, 0.1).fit(X, X[:, 0]).map_
    Z = fmap.transform(X)
    full = approximation_error(rbf_kernel(X, gamma=2.0), Z)
    assert kernel_error(fmap, X, 2.0, size=len(X)) == pytest.approx(full, rel=1e-12)
    assert kernel_error(fmap, X, 2.0, size=500) == pytest.approx(full, rel=0.15)


def test_gaps_are_zero_when_exact_and_shrink_with_more_features():
    X, y = large_dataset("sine", 3000, 0.25, seed=8)
    gaps = [ridge_gap(X, y, GRID, "rff", D, 1.0, 0.1, size=300) for D in (10, 1000)]
    assert gaps[0] > 3 * gaps[1]
    assert ridge_gap(X, y, GRID, "nystroem", 300, 1.0, 0.1, size=300) < 1e-6
    X, _ = large_dataset("moons", 3000, 0.1, seed=8)
    assert kpca_gap(X, 2, "nystroem", 300, 2.0, size=300) < 1e-6
    assert kpca_gap(X, 2, "rff", 10, 2.0, size=300) > kpca_gap(X, 2, "rff", 1000, 2.0, size=300)


def test_aligned_error_ignores_signs_and_rotations():
    E = np.random.default_rng(0).normal(size=(30, 2))
    c, s = np.cos(0.7), np.sin(0.7)
    assert aligned_error(E @ np.array([[c, -s], [s, c]]) * [1, -1], E) < 1e-12
    assert aligned_error(E + 1.0, E) > 0.1


def test_exact_up_to_the_limit_then_the_chosen_approximation():
    assert resolve_method("auto-nystroem", EXACT_MAX_N) == "exact"
    assert resolve_method("auto-nystroem", EXACT_MAX_N + 1) == "nystroem"
    assert resolve_method("auto-rff", 20_000) == "rff"
    assert resolve_method("rff", 500) == "rff"
    with pytest.raises(ValueError, match=r"limited to n <= 3,000.*20,000 would take 3\.2 GB"):
        resolve_method("exact", 20_000)


def test_large_dataset_is_seeded_and_shaped():
    X, y = large_dataset("circles", 20_000, 0.05, seed=1)
    assert X.shape == (20_000, 2) and set(np.unique(y)) == {-1, 1}
    assert np.array_equal(X, large_dataset("circles", 20_000, 0.05, seed=1)[0])
    x, y = large_dataset("sine", 100, 0.0, seed=0)
    assert x.shape == (100, 1) and np.allclose(y, np.sin(x[:, 0])) and np.all(np.diff(x[:, 0]) >= 0)


SENTENCE = re.compile(r"^\w.{15,}[.)]$", re.S)   # a plain sentence; it may open with a parameter name


@pytest.mark.parametrize("call", [
    lambda: ApproxKernelRidge("nystroem", 10, 1.0, lam=0.0).fit(X1, Y1),
    lambda: ApproxKernelRidge("svd", 10, 1.0, 0.1).fit(X1, Y1),
    lambda: ApproxKernelRidge("nystroem", 1000, 1.0, 0.1).fit(X1, Y1),          # more landmarks than points
    lambda: ApproxKernelRidge("rff", 10, 1.0, 0.1).fit(X1, Y1[:-1]),
    lambda: ApproxKernelRidge("rff", 10, 1.0, 0.1).predict(X1),
    lambda: ApproxKernelRidge("rff", 10, -1.0, 0.1).fit(X1, Y1),
    lambda: ApproxKernelPCA(5, "nystroem", 3, 1.0).fit(X2),
    lambda: ApproxKernelPCA(2, "rff", 10, 1.0).transform(X2),
    lambda: ApproxKernelPCA(2, "rff", 10, 1.0).fit([[np.nan, 1.0]]),
    lambda: large_dataset("spirals", 100),
    lambda: large_dataset("moons", 10**6),
    lambda: resolve_method("fast", 100),
    lambda: aligned_error(np.ones((3, 2)), np.ones((4, 2))),
])
def test_bad_input_raises_value_error_with_a_sentence(call):
    with pytest.raises(ValueError) as err:
        call()
    assert SENTENCE.match(str(err.value)), str(err.value)
