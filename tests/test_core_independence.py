"""kernel_core.independence (Sugiyama's kernel measure of independence, HSIC and its permutation test) against
independent computations: an explicit double loop with the centring matrix H written out, scikit-learn's
pairwise_kernels, the explicit degree-2 polynomial feature map (cross-covariance matrix and its singular values),
scipy's non-symmetric eigenvalues, the linear kernel's closed form cov(x, y)^2; invariances by hypothesis; and the
test's calibration (independent data: p-values roughly uniform over seeds; y = x^2: small p while Pearson's r misses
it)."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from scipy import stats
from scipy.linalg import eigvals
from scipy.spatial.distance import pdist
from sklearn.metrics.pairwise import pairwise_kernels

import kernel_core as kc
from kernel_core import Kernel
from kernel_core.independence import MAX_PERMUTATIONS, hsic_permutations

RBF = Kernel("rbf", gamma=0.5)


def pair(kind="square", n=40, noise=0.1, seed=0):
    x, y = kc.make_dependence(kind, n, noise, seed)
    return x[:, None], y[:, None]


def hsic_double_loop(X, Y, kx, ky, **params):
    """tr(K H L H) / n^2 term by term: K, L by pairwise_kernels, H = I - 11^T/n written out, four nested sums."""
    n = len(X)
    K = pairwise_kernels(X, metric=kx, **params.get("x", {}))
    L = pairwise_kernels(Y, metric=ky, **params.get("y", {}))
    H = [[(1.0 if i == j else 0.0) - 1.0 / n for j in range(n)] for i in range(n)]
    KH = [[sum(K[i][a] * H[a][j] for a in range(n)) for j in range(n)] for i in range(n)]
    LH = [[sum(L[i][a] * H[a][j] for a in range(n)) for j in range(n)] for i in range(n)]
    return sum(KH[i][j] * LH[j][i] for i in range(n) for j in range(n)) / n ** 2


def hsic_sklearn(X, Y, gx, gy):
    """The biased HSIC with scikit-learn's Gram matrices and numpy's matrix products."""
    n = len(X)
    K = pairwise_kernels(X, metric="rbf", gamma=gx)
    L = pairwise_kernels(Y, metric="rbf", gamma=gy)
    H = np.eye(n) - np.ones((n, n)) / n
    return np.trace(K @ H @ L @ H) / n ** 2


# ---------------------------------------------------------------- the statistic
def test_hsic_equals_the_double_loop_with_h_written_out():
    X, Y = pair("circle", 14, 0.1, 3)
    assert kc.hsic(X, Y, RBF, Kernel("rbf", gamma=2.0)) == pytest.approx(
        hsic_double_loop(X, Y, "rbf", "rbf", x={"gamma": 0.5}, y={"gamma": 2.0}), rel=1e-12)
    poly = Kernel("poly", degree=2, gamma=1.0, coef0=1.0)
    assert kc.hsic(X, Y, poly, Kernel("linear")) == pytest.approx(
        hsic_double_loop(X, Y, "poly", "linear", x={"degree": 2, "gamma": 1.0, "coef0": 1.0}), rel=1e-12)


@pytest.mark.parametrize("kind", ["linear", "square", "circle", "independent"])
def test_hsic_equals_the_biased_hsic_from_sklearn_pairwise_kernels(kind):
    X, Y = pair(kind, 120, 0.2, 1)
    assert kc.hsic(X, Y, Kernel("rbf", gamma=0.3), Kernel("rbf", gamma=3.0)) == pytest.approx(
        hsic_sklearn(X, Y, 0.3, 3.0), rel=1e-10)


def test_hsic_accepts_one_dimensional_samples_and_several_features():
    x, y = kc.make_dependence("square", 30, 0.1, 0)
    assert kc.hsic(x, y, RBF, RBF) == kc.hsic(x[:, None], y[:, None], RBF, RBF)
    X2 = np.c_[x, y]
    assert kc.hsic(X2, y, RBF, RBF) == pytest.approx(hsic_sklearn(X2, y[:, None], 0.5, 0.5), rel=1e-10)


def test_linear_kernels_give_the_squared_covariance():
    x, y = kc.make_dependence("linear", 50, 0.3, 2)
    cov = np.cov(x, y, bias=True)[0, 1]
    assert kc.hsic(x, y, Kernel("linear"), Kernel("linear")) == pytest.approx(cov ** 2, rel=1e-10)
    assert kc.kernel_rho(x, y, Kernel("linear"), Kernel("linear")) == pytest.approx(abs(cov), rel=1e-8)


def test_explicit_feature_map_cross_covariance_gives_rho_hat_and_hsic():
    """(gamma x y + r)^2 in 1-D = phi(x)^T phi(y), phi(x) = (r, sqrt(2 gamma r) x, gamma x^2): the empirical
    cross-covariance C = Phi~^T Psi~ / n has rho_hat = its largest singular value, HSIC = ||C||_F^2."""
    x, y = kc.make_dependence("square", 60, 0.1, 4)
    g, r = 0.7, 1.5

    def phi(v):
        return np.c_[np.full_like(v, r), np.sqrt(2 * g * r) * v, g * v ** 2]

    P, Q = phi(x), phi(y)
    C = (P - P.mean(0)).T @ (Q - Q.mean(0)) / len(x)
    k = Kernel("poly", degree=2, gamma=g, coef0=r)
    assert kc.hsic(x, y, k, k) == pytest.approx(np.sum(C ** 2), rel=1e-9)
    assert kc.kernel_rho(x, y, k, k) == pytest.approx(np.linalg.svd(C, compute_uv=False)[0], rel=1e-7)


def test_rho_hat_is_sqrt_of_the_top_eigenvalue_of_kl_and_at_most_sqrt_hsic():
    X, Y = pair("circle", 50, 0.05, 0)
    n = len(X)
    H = np.eye(n) - 1.0 / n
    K = H @ pairwise_kernels(X, metric="rbf", gamma=0.5) @ H
    L = H @ pairwise_kernels(Y, metric="rbf", gamma=0.5) @ H
    top = np.max(eigvals(K @ L).real)
    rho = kc.kernel_rho(X, Y, RBF, RBF)
    assert rho == pytest.approx(np.sqrt(top) / n, rel=1e-6)
    assert rho ** 2 <= kc.hsic(X, Y, RBF, RBF) * (1 + 1e-9)


def test_constant_y_gives_zero_and_p_value_one():
    x = np.linspace(-1, 1, 25)
    for k in (RBF, Kernel("linear"), Kernel("laplacian", gamma=1.0)):
        assert kc.hsic(x, np.full(25, 3.0), RBF, k) == pytest.approx(0.0, abs=1e-15)
    assert kc.hsic_test(x, np.full(25, 3.0), RBF, RBF, 50, 0)[1] == 1.0


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_invariances(data):
    n = data.draw(st.integers(2, 12))
    X = data.draw(hnp.arrays(np.float64, (n, 1), elements=st.floats(-3, 3)))
    Y = data.draw(hnp.arrays(np.float64, (n, 2), elements=st.floats(-3, 3)))
    p = np.random.default_rng(data.draw(st.integers(0, 100))).permutation(n)
    ky = Kernel("laplacian", gamma=0.7)
    h = kc.hsic(X, Y, RBF, ky)
    assert h >= 0
    assert kc.hsic(X[p], Y[p], RBF, ky) == pytest.approx(h, rel=1e-9, abs=1e-15)    # the pairs kept together
    assert kc.hsic(Y, X, ky, RBF) == pytest.approx(h, rel=1e-9, abs=1e-15)          # symmetric in (x, y)
    assert kc.hsic(X + 5.0, Y - 2.0, RBF, ky) == pytest.approx(h, rel=1e-6, abs=1e-12)  # shift-invariant kernels
    assert kc.kernel_rho(X, Y, RBF, ky) ** 2 <= h * (1 + 1e-6) + 1e-12


# ---------------------------------------------------------------- the permutation test
def test_null_sample_is_hsic_of_the_shuffled_pairs_and_the_p_value_counts_it():
    """The same seeded permutations (numpy's default_rng(seed).permutation(n), one after the other) applied to y
    directly and HSIC recomputed from scratch with scikit-learn."""
    X, Y = pair("square", 30, 0.3, 5)
    t = hsic_permutations(X, Y, RBF, RBF, 60, seed=7)
    rng = np.random.default_rng(7)
    expected = [hsic_sklearn(X, Y[rng.permutation(30)], 0.5, 0.5) for _ in range(60)]
    np.testing.assert_allclose(t.null, expected, rtol=1e-9)
    assert t.statistic == pytest.approx(hsic_sklearn(X, Y, 0.5, 0.5), rel=1e-10)
    assert t.p_value == (1 + sum(v >= t.statistic for v in expected)) / 61
    assert kc.hsic_test(X, Y, RBF, RBF, 60, seed=7) == (t.statistic, t.p_value)


def test_square_is_uncorrelated_for_pearson_but_dependent_for_hsic():
    x, y = kc.make_dependence("square", 150, 0.1, 0)
    r, p_pearson = stats.pearsonr(x, y)
    assert abs(r) < 0.2 and p_pearson > 0.05
    stat, p = kc.hsic_test(x, y, RBF, RBF, 200, seed=0)
    assert p == 1 / 201                              # no shuffle reaches the observed value


@pytest.mark.parametrize("kind", ["linear", "circle"])
def test_dependent_samples_reject(kind):
    x, y = kc.make_dependence(kind, 100, 0.1, 1)
    k = Kernel("rbf", gamma=2.0)
    assert kc.hsic_test(x, y, k, k, 200, seed=1)[1] < 0.01


def test_independent_samples_give_roughly_uniform_p_values():
    ps = [kc.hsic_test(*kc.make_dependence("independent", 40, 0.0, s), RBF, RBF, 99, seed=s)[1] for s in range(60)]
    assert stats.kstest(ps, "uniform").pvalue > 0.01
    assert 0.0 <= np.mean(np.array(ps) <= 0.05) <= 0.2


# ---------------------------------------------------------------- helpers and bad input
def test_median_heuristic_against_scipy_pdist():
    x, _ = kc.make_dependence("linear", 41, 0.1, 3)
    sigma = np.median(pdist(x[:, None]))
    assert kc.median_heuristic_gamma(x) == pytest.approx(1 / (2 * sigma ** 2), rel=1e-9)
    with pytest.raises(ValueError, match="median distance"):
        kc.median_heuristic_gamma(np.r_[np.zeros(10), 1.0])


def test_make_dependence_is_seeded_and_square_is_uncorrelated():
    a, b = kc.make_dependence("circle", 20, 0.2, 4), kc.make_dependence("circle", 20, 0.2, 4)
    np.testing.assert_array_equal(a[0], b[0]), np.testing.assert_array_equal(a[1], b[1])
    x, y = kc.make_dependence("square", 4000, 0.1, 0)
    assert abs(np.corrcoef(x, y)[0, 1]) < 0.05
    with pytest.raises(ValueError, match="Unknown kind"):
        kc.make_dependence("spiral")


@pytest.mark.parametrize("call, match", [
    (lambda: kc.hsic(np.ones(5), np.ones(6), RBF, RBF), "in pairs"),
    (lambda: kc.hsic([1.0], [2.0], RBF, RBF), "at least 2"),
    (lambda: kc.hsic([1.0, np.nan], [2.0, 3.0], RBF, RBF), "NaN"),
    (lambda: kc.hsic([1.0, 2.0], [2.0, 3.0], Kernel("sigmoid"), RBF), "positive semi-definite"),
    (lambda: kc.hsic([1e60, 2.0], [2.0, 3.0], Kernel("linear"), RBF), "too large"),
    (lambda: kc.hsic_test(np.ones(5), np.ones(5), RBF, RBF, MAX_PERMUTATIONS + 1), "at most"),
    (lambda: kc.hsic_test(np.arange(2000.0), np.arange(2000.0), RBF, RBF, 100), "limit"),
    (lambda: kc.hsic_test(np.ones(5), np.ones(5), RBF, RBF, 10, seed=-1), "seed"),
])
def test_bad_input_is_refused_with_a_sentence(call, match):
    with pytest.raises(ValueError, match=match):
        call()
