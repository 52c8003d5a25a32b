"""The closure rules beyond the operators (kernel_core.closure: Bishop's rules 2, 7, 8, 9, 10 and the generative
kernel p(x) p(x')) and why a Gram matrix is PSD (kernel_core.quadratic: v^T K v = ||sum v_i phi(x_i)||^2), each
against an independent computation: a plain double loop with math functions, the degree-2 feature maps written out
by hand, scikit-learn's pairwise_kernels, scipy's multivariate normal density, numpy's eigvalsh. Every valid rule's
Gram matrix is PSD (hypothesis)."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from scipy.stats import multivariate_normal
from sklearn.metrics.pairwise import pairwise_kernels

import kernel_core as kc
from kernel_core.closure import check_psd_matrix, gaussian_density
from kernel_core.quadratic import explicit_features, is_negative_witness, quadratic_form

TOL = dict(rtol=1e-10, atol=1e-12)
F = {"x1": lambda x: x[0], "exp_x1": lambda x: math.exp(x[0]), "norm2": lambda x: 1 + x[0] ** 2 + x[1] ** 2,
     "bump": lambda x: math.exp(-(x[0] ** 2 + x[1] ** 2) / 2)}
PHI = {"poly2": lambda x: [x[0] ** 2, math.sqrt(2) * x[0] * x[1], x[1] ** 2],
       "poly2_1": lambda x: [1, math.sqrt(2) * x[0], math.sqrt(2) * x[1], x[0] ** 2, math.sqrt(2) * x[0] * x[1],
                             x[1] ** 2]}


def data(seed, n=12):
    return np.random.default_rng(seed).normal(size=(n, 2))


def rbf(x, y, gamma):
    return math.exp(-gamma * sum((a - b) ** 2 for a, b in zip(x, y)))


def loop(X, Y, k):
    return np.array([[k(x, y) for y in Y] for x in X])


# ---------------------------------------------------------------- rule 2: f(x) k1(x, x') f(x')
@pytest.mark.parametrize("f", list(F))
def test_warped_is_a_double_loop(f):
    X, Y = data(0), data(1, n=5)
    k = kc.Warped(kc.Kernel("rbf", gamma=0.7), f)
    expected = loop(X, Y, lambda x, y: F[f](x) * rbf(x, y, 0.7) * F[f](y))
    np.testing.assert_allclose(k(X, Y), expected, **TOL)
    np.testing.assert_allclose(k(X), loop(X, X, lambda x, y: F[f](x) * rbf(x, y, 0.7) * F[f](y)), **TOL)


def test_warped_rejects_unknown_f_and_non_kernels():
    with pytest.raises(ValueError, match="Unknown function f"):
        kc.Warped(kc.Kernel("rbf"), "sin")
    with pytest.raises(TypeError, match="must be a Kernel object"):
        kc.Warped("rbf", "x1")


# ---------------------------------------------------------------- rule 7: k3(phi(x), phi(x'))
@pytest.mark.parametrize("phi", list(PHI))
def test_feature_mapped_is_the_kernel_on_handwritten_features(phi):
    X, Y = data(2), data(3, n=4)
    P, Q = np.array([PHI[phi](x) for x in X]), np.array([PHI[phi](y) for y in Y])
    k = kc.FeatureMapped(kc.Kernel("rbf", gamma=0.3), phi)
    np.testing.assert_allclose(k(X, Y), pairwise_kernels(P, Q, metric="rbf", gamma=0.3), **TOL)
    lin = kc.FeatureMapped(kc.Kernel("linear"), phi)(X, Y)   # phi(x)^T phi(y) = (x^T y)^2 or (x^T y + 1)^2
    np.testing.assert_allclose(lin, (X @ Y.T + (phi == "poly2_1")) ** 2, **TOL)


def test_feature_mapped_rejects_unknown_map():
    with pytest.raises(ValueError, match="Unknown feature map"):
        kc.FeatureMapped(kc.Kernel("rbf"), "poly3")


# ---------------------------------------------------------------- rule 8: x^T A x'
def test_matrix_kernel_is_a_double_loop():
    X, Y = data(4), data(5, n=3)
    B = np.array([[1.0, 0.5], [0.0, 2.0]])
    A = B.T @ B
    expected = loop(X, Y, lambda x, y: sum(x[i] * A[i, j] * y[j] for i in range(2) for j in range(2)))
    np.testing.assert_allclose(kc.MatrixKernel(A)(X, Y), expected, **TOL)
    np.testing.assert_allclose(kc.MatrixKernel(np.eye(2))(X), pairwise_kernels(X, metric="linear"), **TOL)


@pytest.mark.parametrize("A, match", [
    ([[1.0, 2.0], [0.0, 1.0]], "not symmetric"),
    ([[1.0, 2.0], [2.0, 1.0]], "negative eigenvalue"),
    ([[1.0, 0.0, 0.0]], "square"),
    ([[1.7e308, 0.0], [0.0, 1.0]], "too large"),
])
def test_matrix_kernel_refuses_a_matrix_that_is_not_symmetric_psd(A, match):
    with pytest.raises(ValueError, match=match):
        kc.MatrixKernel(A)


def test_matrix_kernel_checks_the_dimension():
    with pytest.raises(ValueError, match="features"):
        kc.MatrixKernel(np.eye(3))(data(0))


# ---------------------------------------------------------------- rules 9 and 10: kernels on sub-vectors
def test_kernels_on_sub_vectors_against_sklearn_on_the_columns():
    X, Y = data(6), data(7, n=5)
    a = pairwise_kernels(X[:, [0]], Y[:, [0]], metric="rbf", gamma=2.0)
    b = pairwise_kernels(X[:, [1]], Y[:, [1]], metric="polynomial", degree=2, gamma=1.0, coef0=1.0)
    ka, kb = kc.OnColumns(kc.Kernel("rbf", gamma=2.0), 0), kc.OnColumns(kc.Kernel("poly", degree=2, gamma=1.0), 1)
    np.testing.assert_allclose((ka + kb)(X, Y), a + b, **TOL)
    np.testing.assert_allclose((ka * kb)(X, Y), a * b, **TOL)
    # RBF on x1 times RBF on x2 (same gamma) is the RBF kernel on x
    r1, r2 = kc.OnColumns(kc.Kernel("rbf", gamma=0.5), 0), kc.OnColumns(kc.Kernel("rbf", gamma=0.5), 1)
    np.testing.assert_allclose((r1 * r2)(X, Y), pairwise_kernels(X, Y, metric="rbf", gamma=0.5), **TOL)


@pytest.mark.parametrize("cols", [(), (0, 0), (-1,), ("a",), (True,)])
def test_on_columns_rejects_bad_columns(cols):
    with pytest.raises(ValueError, match="columns"):
        kc.OnColumns(kc.Kernel("rbf"), cols)


def test_on_columns_beyond_the_features_is_a_sentence():
    with pytest.raises(ValueError, match="Column 3"):
        kc.OnColumns(kc.Kernel("rbf"), 2)(data(0))


# ---------------------------------------------------------------- the generative kernel p(x) p(x')
def test_generative_kernel_is_an_outer_product_of_scipy_densities_and_has_rank_one():
    X, Y = data(8, n=20), data(9, n=4)
    mean, sigma = np.array([0.3, -0.2]), 0.8
    p = multivariate_normal(mean, sigma**2 * np.eye(2))
    k = kc.Generative(mean, sigma)
    np.testing.assert_allclose(k(X, Y), np.outer(p.pdf(X), p.pdf(Y)), **TOL)
    np.testing.assert_allclose(gaussian_density(X, mean, sigma), p.pdf(X), **TOL)
    ev = np.linalg.eigvalsh(k(X))[::-1]
    np.testing.assert_allclose(ev[0], np.sum(p.pdf(X) ** 2), rtol=1e-10)
    assert np.all(np.abs(ev[1:]) < 1e-12 * ev[0]) and np.linalg.matrix_rank(k(X)) == 1


@pytest.mark.parametrize("mean, sigma, match", [([0.0], 1.0, "coordinate"), ([0.0, 0.0], 0.0, "sigma"),
                                                ([0.0, 0.0], 1e-300, "overflowed")])
def test_generative_bad_parameters_are_sentences(mean, sigma, match):
    with pytest.raises(ValueError, match=match):
        kc.Generative(mean, sigma)(data(0))


# ---------------------------------------------------------------- every valid rule is PSD (hypothesis)
NAMES = ["linear", "poly", "rbf", "laplacian"]


def rule(kind, name, name2, f, phi, b, mean, sigma):
    k1 = kc.Kernel(name, **({"degree": 2, "coef0": 1.0} if name == "poly" else {}))
    k2 = kc.Kernel(name2)
    return {"warp": lambda: kc.Warped(k1, f), "feature_map": lambda: kc.FeatureMapped(k1, phi),
            "matrix": lambda: kc.MatrixKernel(np.array([[b[0], b[1]], [0.0, b[2]]]).T @ np.array([[b[0], b[1]],
                                                                                                   [0.0, b[2]]])),
            "sub_sum": lambda: kc.OnColumns(k1, 0) + kc.OnColumns(k2, 1),
            "sub_product": lambda: kc.OnColumns(k1, 0) * kc.OnColumns(k2, 1),
            "generative": lambda: kc.Generative(mean, sigma)}[kind]()


@settings(max_examples=120, deadline=None, derandomize=True, database=None)
@given(kind=st.sampled_from(["warp", "feature_map", "matrix", "sub_sum", "sub_product", "generative"]),
       name=st.sampled_from(NAMES), name2=st.sampled_from(NAMES), f=st.sampled_from(list(F)),
       phi=st.sampled_from(list(PHI)), b=st.tuples(*[st.floats(-2, 2)] * 3),
       mean=st.tuples(st.floats(-2, 2), st.floats(-2, 2)), sigma=st.floats(0.2, 3.0),
       X=hnp.arrays(np.float64, st.tuples(st.integers(2, 15), st.just(2)), elements=st.floats(-2, 2)))
def test_every_valid_rule_gives_a_psd_gram_matrix(kind, name, name2, f, phi, b, mean, sigma, X):
    k = rule(kind, name, name2, f, phi, b, mean, sigma)
    K = k(X)
    assert k.is_mercer
    np.testing.assert_allclose(K, K.T, rtol=0, atol=1e-12 * max(np.abs(K).max(), 1e-300))
    assert kc.is_psd(K), kc.verdict(K).reason


# ---------------------------------------------------------------- why K is PSD: v^T K v both ways
def test_vkv_is_the_double_sum_and_the_norm_of_the_handwritten_feature_sum():
    X, v = data(10, n=5), np.array([0.5, -1.0, 0.25, 0.8, -0.3])
    r = kc.vkv_both_ways(X, v, "poly", degree=2, gamma=1.0, coef0=1.0)
    K = pairwise_kernels(X, metric="polynomial", degree=2, gamma=1.0, coef0=1.0)
    double_sum = sum(v[i] * v[j] * K[i, j] for i in range(5) for j in range(5))
    w = sum(v[i] * np.array(PHI["poly2_1"](X[i])) for i in range(5))
    assert r.how == "explicit"
    np.testing.assert_allclose(r.vkv, double_sum, rtol=1e-12)
    np.testing.assert_allclose(np.sort(np.abs(r.w)), np.sort(np.abs(w)), rtol=1e-12)   # same features, any order
    np.testing.assert_allclose(r.norm2, w @ w, rtol=1e-12)
    np.testing.assert_allclose(r.terms.sum(), double_sum, rtol=1e-12)
    assert quadratic_form(K, v) == pytest.approx(double_sum, rel=1e-12)


def test_vkv_for_rbf_uses_the_eigen_map_and_for_a_non_kernel_none():
    X, v = data(11, n=6), np.linspace(-1, 1, 6)
    r = kc.vkv_both_ways(X, v, "rbf", gamma=0.5)
    assert r.how == "eigen" and r.norm2 == pytest.approx(r.vkv, rel=1e-9) and r.vkv >= 0
    Phi, how = explicit_features(X, "linear")
    assert how == "explicit" and np.array_equal(Phi, X)
    K = kc.gram(X, kernel="poly", degree=2, gamma=1.0, coef0=-1.0)
    if np.linalg.eigvalsh(K)[0] < -1e-9:
        r = kc.vkv_both_ways(X, v, "poly", degree=2, gamma=1.0, coef0=-1.0)
        assert r.how == "none" and r.Phi is None and r.norm2 is None


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(X=hnp.arrays(np.float64, st.tuples(st.integers(2, 6), st.just(2)), elements=st.floats(-2, 2)),
       degree=st.integers(1, 3), coef0=st.floats(0, 2), seed=st.integers(0, 100))
def test_vkv_equals_the_feature_norm_and_is_not_negative(X, degree, coef0, seed):
    v = np.random.default_rng(seed).normal(size=len(X))
    r = kc.vkv_both_ways(X, v, "poly", degree=degree, gamma=1.0, coef0=coef0)
    scale = max(np.abs(r.K).max() * (v @ v), 1e-300)
    assert abs(r.vkv - r.norm2) <= 1e-10 * scale
    assert r.norm2 >= 0 and r.vkv >= -1e-10 * scale


def test_negative_direction_is_numpys_smallest_eigenpair_and_a_witness():
    X = data(12, n=6)
    K = kc.gram(X, kernel="poly", degree=2, gamma=1.0, coef0=-1.0)
    lam, v = kc.negative_direction(K)
    ev, V = np.linalg.eigh(K)
    assert lam == pytest.approx(ev[0], rel=1e-10)
    np.testing.assert_allclose(np.abs(v), np.abs(V[:, 0]), atol=1e-10)
    assert quadratic_form(K, v) == pytest.approx(lam, rel=1e-10)
    assert lam < 0 and is_negative_witness(K, v)
    assert not is_negative_witness(kc.gram(X, kernel="rbf"), kc.negative_direction(kc.gram(X, kernel="rbf"))[1])


def test_check_psd_matrix_and_vector_length():
    np.testing.assert_array_equal(check_psd_matrix(np.eye(2)), np.eye(2))
    with pytest.raises(ValueError, match="one weight per point"):
        kc.vkv_both_ways(data(0, n=4), np.ones(3), "rbf")


# ---------------------------------------------------------------- pairwise data (Kriege): kernels on (user, product)
@pytest.mark.parametrize("combine", ["product", "sum"])
def test_pairwise_gram_is_the_double_loop_over_pairs_and_rule_9_or_10_on_the_stacked_pairs(combine):
    rng = np.random.default_rng(3)
    U, P = rng.normal(size=(4, 1)), rng.normal(size=(3, 1))
    ku, kp = kc.Kernel("rbf", gamma=0.7), kc.Kernel("poly", degree=2, gamma=1.0, coef0=1.0)
    K = kc.pairwise_gram(ku(U), kp(P), combine)
    pairs = [(u, p) for u in U[:, 0] for p in P[:, 0]]          # (u₁, p₁), (u₁, p₂), …: the documented order
    op = (lambda a, b: a * b) if combine == "product" else (lambda a, b: a + b)
    loop = np.array([[op(math.exp(-0.7 * (u - v) ** 2), (p * q + 1.0) ** 2) for v, q in pairs] for u, p in pairs])
    np.testing.assert_allclose(K, loop, **TOL)
    Z = np.array(pairs)                                        # the pair x = (u, p) as a 2-D point: rules (9), (10)
    ka, kb = kc.OnColumns(ku, 0), kc.OnColumns(kp, 1)
    np.testing.assert_allclose(K, (ka * kb if combine == "product" else ka + kb)(Z), **TOL)


def test_pairwise_product_eigenvalues_are_the_products_of_both_spectra_so_it_is_psd():
    rng = np.random.default_rng(4)
    Ku, Kp = kc.gram(rng.normal(size=(5, 2)), kernel="rbf", gamma=1.0), kc.gram(rng.normal(size=(3, 2)), kernel="linear")
    ev = np.sort(np.linalg.eigvalsh(kc.pairwise_gram(Ku, Kp)))
    np.testing.assert_allclose(ev, np.sort(np.outer(np.linalg.eigvalsh(Ku), np.linalg.eigvalsh(Kp)).ravel()),
                               atol=1e-10)
    assert kc.verdict(kc.pairwise_gram(Ku, Kp)).psd


def test_pairwise_gram_refuses_what_is_no_gram_matrix():
    with pytest.raises(ValueError, match="square"):
        kc.pairwise_gram(np.ones((2, 3)), np.eye(2))
    with pytest.raises(ValueError, match="not symmetric"):
        kc.pairwise_gram(np.eye(2), np.array([[1.0, 2.0], [0.0, 1.0]]))
    with pytest.raises(ValueError, match="combine"):
        kc.pairwise_gram(np.eye(2), np.eye(2), "kron")
