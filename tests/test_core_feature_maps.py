"""Explicit feature maps (seeds 000, 003, 004) against scikit-learn and the seeds' closed forms:
Phi Phi^T = K for the polynomial map, its width, the eigen map, random Fourier features and Nystrom
(cross-checked with sklearn's RBFSampler / Nystroem), and the lift of the circles."""
import itertools
import math

import numpy as np
import pytest
from sklearn.kernel_approximation import Nystroem, RBFSampler
from sklearn.linear_model import LogisticRegression
from sklearn.metrics.pairwise import pairwise_kernels, polynomial_kernel, rbf_kernel
from sklearn.preprocessing import PolynomialFeatures

from kernel_core import (
    NystroemFeatures,
    RandomFourierFeatures,
    eigen_feature_map,
    make_classification,
    poly_feature_map,
    poly_feature_names,
)
from kernel_core.eigen_map import reconstruction_errors
from kernel_core.feature_maps import (
    MAX_FEATURES,
    LiftedLinearClassifier,
    poly_feature_count,
    poly_operation_counts,
    time_explicit_vs_kernel,
)
from kernel_core.kernel_approximation import approximation_error, approximation_error_curve

R2 = math.sqrt(2)


def data(seed, n, d, scale=0.8):
    return scale * np.random.default_rng(seed).normal(size=(n, d))


# ------------------------------------------------------------------ polynomial map
@pytest.mark.parametrize("d", [1, 2, 3, 4])
@pytest.mark.parametrize("degree", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("gamma, coef0", [(1.0, 0.0), (1.0, 1.0), (0.7, 0.5), (0.3, 2.0)])
def test_phi_phi_transpose_is_the_polynomial_kernel(d, degree, gamma, coef0):
    X, Y = data(0, 7, d), data(1, 5, d)
    P, Q = poly_feature_map(X, degree, gamma, coef0), poly_feature_map(Y, degree, gamma, coef0)
    K = polynomial_kernel(X, Y, degree=degree, gamma=gamma, coef0=coef0)
    np.testing.assert_allclose(P @ Q.T, K, rtol=1e-10, atol=1e-10)


def brute_force_count(d, m, with_constant):
    """Exponent vectors alpha in {0..m}^d with |alpha| = m (no constant) or |alpha| <= m, counted one by one."""
    return sum(1 for a in itertools.product(range(m + 1), repeat=d) if (sum(a) <= m if with_constant else sum(a) == m))


@pytest.mark.parametrize("d", [1, 2, 3, 4])
@pytest.mark.parametrize("degree", [1, 2, 3, 4, 5])
def test_width_is_the_binomial_count(d, degree):
    with_c = poly_feature_map(data(2, 3, d), degree, 1.0, 1.0).shape[1]
    without = poly_feature_map(data(2, 3, d), degree, 1.0, 0.0).shape[1]
    assert with_c == math.comb(d + degree, degree) == brute_force_count(d, degree, True)       # seed 003, (1 + x^T x')^m
    assert without == math.comb(d + degree - 1, degree) == brute_force_count(d, degree, False)  # seed 003, (x^T x')^m
    assert poly_feature_count(d, degree, 1.0) == with_c and poly_feature_count(d, degree, 0.0) == without
    assert len(poly_feature_names(d, degree, 1.0, 1.0)) == with_c


def test_slide_example_d_10000_k_2_is_about_50_million_not_100():
    assert poly_feature_count(10_000, 2, 0.0) == 50_005_000
    assert poly_feature_count(10_000, 2, 1.0) == 50_015_001
    assert 10_000 ** 2 == 100_000_000  # the slide's "~100M" is the O(d^k) estimate


def test_monomials_match_sklearn_polynomial_features_up_to_the_coefficients():
    X = data(3, 6, 3)
    for m in (2, 3):
        mono = PolynomialFeatures(m).fit_transform(X)                 # 1, x1, x2, x3, x1^2, x1 x2, ... (same order)
        ones = np.ones((1, 3))
        coefs = poly_feature_map(ones, m, 1.0, 1.0)[0]                 # at x = 1 each feature is its coefficient
        np.testing.assert_allclose(poly_feature_map(X, m, 1.0, 1.0), mono * coefs, rtol=1e-12)


def test_seed000_six_feature_map_and_names():
    x = np.array([[0.3, -1.2]])
    expected = {"1": 1.0, "√2·x₁": R2 * 0.3, "√2·x₂": R2 * -1.2, "x₁²": 0.09, "x₂²": 1.44, "√2·x₁·x₂": R2 * 0.3 * -1.2}
    got = dict(zip(poly_feature_names(2, 2, 1.0, 1.0), poly_feature_map(x, 2, 1.0, 1.0)[0]))
    assert set(got) == set(expected)
    for name, value in expected.items():
        assert got[name] == pytest.approx(value, rel=1e-12)


def test_kriege_homogeneous_map_and_latex_names():
    x = np.array([[2.0, -0.5]])
    assert poly_feature_names(2, 2, 1.0, 0.0) == ["x₁²", "√2·x₁·x₂", "x₂²"]
    np.testing.assert_allclose(poly_feature_map(x, 2, 1.0, 0.0)[0], [4.0, R2 * -1.0, 0.25])
    assert r"\sqrt{3}\,x_{1}^{2} x_{2}" in poly_feature_names(2, 3, 1.0, 0.0, latex=True)
    assert "x₁³" in poly_feature_names(2, 3, 1.0, 0.0)


def test_operation_counts_reproduce_kriege():
    c = poly_operation_counts(2, 2, homogeneous=True)   # "Embedding: #+: 2 #*: 3+3+4=10, Functional: #+: 1 #*: 3"
    assert c == {"features": 3, "explicit": (10, 2), "kernel": (3, 1)}
    big = poly_operation_counts(10_000, 2)
    assert big["features"] == 50_015_001 and big["kernel"] == (10_001, 10_000)
    assert big["explicit"][0] > 10_000 * big["kernel"][0]


@pytest.mark.parametrize("bad, error", [({"coef0": -1.0}, ValueError), ({"degree": 0}, ValueError),
                                        ({"degree": 2.5}, ValueError), ({"gamma": 0.0}, ValueError),
                                        ({"gamma": "big"}, TypeError)])
def test_bad_parameters_are_refused_with_a_sentence(bad, error):
    args = {"degree": 2, "gamma": 1.0, "coef0": 1.0} | bad
    with pytest.raises(error, match=r"\w+ \w+"):
        poly_feature_map(data(0, 3, 2), **args)


def test_too_many_features_is_refused():
    with pytest.raises(ValueError, match="features"):
        poly_feature_map(data(0, 2, 200), 3)                     # C(203, 3) = 1.37 M > MAX_FEATURES
    assert math.comb(203, 3) > MAX_FEATURES


def test_timing_returns_positive_seconds():
    explicit, kernel = time_explicit_vs_kernel(20, 2)
    assert 0 < kernel < 0.1 and 0 < explicit < 0.1


# ------------------------------------------------------------------ eigen map
def test_eigen_map_reconstructs_K_exactly_at_the_rank():
    X = data(4, 40, 2)
    K = polynomial_kernel(X, degree=2, gamma=1.0, coef0=1.0)       # rank 6: seed 000's six features
    em = eigen_feature_map(K)
    assert em.rank == 6 and em.features.shape == (40, 6)
    np.testing.assert_allclose(em.features @ em.features.T, K, atol=1e-9 * np.abs(K).max())
    assert em.error < 1e-12
    lin = eigen_feature_map(X @ X.T)
    assert lin.rank == 2 and lin.error < 1e-12


@pytest.mark.parametrize("q", [1, 3, 10, 30])
def test_truncated_error_is_the_tail_of_the_spectrum(q):
    X = data(5, 30, 2)
    K = rbf_kernel(X, gamma=0.8)
    lam = np.sort(np.linalg.eigvalsh(K))[::-1]                     # numpy's eigensolver, not the code under test
    expected = math.sqrt(np.sum(lam[q:] ** 2) / np.sum(lam ** 2))
    em = eigen_feature_map(K, q)
    assert em.error == pytest.approx(expected, rel=1e-6, abs=1e-12)
    assert reconstruction_errors(em.eigenvalues)[q] == pytest.approx(expected, rel=1e-6, abs=1e-12)
    # phi(x_l) = Lambda^{1/2} V[l, :q]: Phi Phi^T is the best rank-q approximation of K
    assert np.linalg.matrix_rank(em.features @ em.features.T) == min(q, 30)


def test_sigmoid_gram_has_no_real_feature_map():
    X = data(6, 40, 2, scale=1.5)
    K = pairwise_kernels(X, metric="sigmoid", gamma=2.0, coef0=-1.0)
    with pytest.raises(ValueError, match="negative eigenvalue"):
        eigen_feature_map(K)
    lam = np.linalg.eigvalsh(K)
    floor = math.sqrt(np.sum(lam[lam < 0] ** 2) / np.sum(lam ** 2))
    curve = reconstruction_errors(lam)
    assert curve[-1] == pytest.approx(floor, rel=1e-9) and floor > 0.01
    assert np.all(np.diff(curve) <= 1e-15)


def test_eigen_map_refuses_a_non_symmetric_matrix():
    with pytest.raises(ValueError, match="symmetric"):
        eigen_feature_map(np.array([[1.0, 2.0], [0.0, 1.0]]))


# ------------------------------------------------------------------ random Fourier features and Nystrom
def test_rff_equals_sklearn_rbfsampler_with_the_same_draws():
    X = data(7, 25, 3)
    ours = RandomFourierFeatures(64, gamma=0.6, seed=3).fit(X)
    sk = RBFSampler(gamma=0.6, n_components=64, random_state=0).fit(X)
    sk.random_weights_, sk.random_offset_ = ours.random_weights_, ours.random_offset_
    np.testing.assert_allclose(ours.transform(X), sk.transform(X), rtol=1e-12, atol=1e-12)


def test_rff_is_unbiased_and_its_error_falls_with_the_number_of_features():
    X = data(8, 30, 2)
    K = rbf_kernel(X, gamma=0.5)
    mean = np.mean([(lambda Z: Z @ Z.T)(RandomFourierFeatures(200, 0.5, s).fit(X).transform(X)) for s in range(60)], axis=0)
    assert np.abs(mean - K).max() < 0.05                            # E[z(x)^T z(y)] = k(x, y)
    errors = {D: np.mean([approximation_error(K, RandomFourierFeatures(D, 0.5, s).fit(X).transform(X))
                          for s in range(10)]) for D in (10, 100, 1000)}
    assert errors[10] > 2 * errors[100] > 4 * errors[1000]         # ~ 1/sqrt(D): a factor ~3.2 per decade
    sk = np.mean([approximation_error(K, RBFSampler(gamma=0.5, n_components=100, random_state=s).fit_transform(X))
                  for s in range(10)])
    assert 0.5 < errors[100] / sk < 2                                # same accuracy as scikit-learn's sampler


def test_nystroem_equals_sklearn_with_the_same_landmarks():
    X = data(9, 40, 2)
    ours = NystroemFeatures(12, gamma=0.7, seed=1).fit(X)
    Z = ours.transform(X)
    sk = Nystroem(kernel="rbf", gamma=0.7, n_components=12, random_state=0).fit(X[ours.landmark_indices_])
    Zs = sk.transform(X)
    np.testing.assert_allclose(Z @ Z.T, Zs @ Zs.T, atol=1e-8)
    K = rbf_kernel(X, gamma=0.7)
    L = ours.landmark_indices_
    np.testing.assert_allclose((Z @ Z.T)[np.ix_(L, L)], K[np.ix_(L, L)], atol=1e-8)   # exact on the landmarks


def test_nystroem_error_falls_with_the_number_of_landmarks_and_vanishes_at_n():
    X = data(10, 60, 2)
    K = rbf_kernel(X, gamma=1.0)
    errors = [np.mean([approximation_error(K, NystroemFeatures(m, 1.0, s).fit(X).transform(X)) for s in range(8)])
              for m in (3, 10, 30)]
    assert errors[0] > errors[1] > errors[2]
    assert approximation_error(K, NystroemFeatures(60, 1.0, 0).fit(X).transform(X)) < 1e-6
    with pytest.raises(ValueError, match="n_components"):
        NystroemFeatures(61, 1.0).fit(X)


def test_error_curve_decreases_for_both_methods():
    X = data(11, 50, 2)
    for method in ("rff", "nystroem"):
        mean, std = approximation_error_curve(X, 1.0, [5, 20, 50], method, repeats=4)
        assert mean.shape == std.shape == (3,) and mean[0] > mean[1] > mean[2]
    with pytest.raises(ValueError, match="Unknown approximation"):
        approximation_error_curve(X, 1.0, [5], "exact")


# ------------------------------------------------------------------ the lift
def test_lift_separates_the_circles_with_a_plane_that_is_an_ellipse():
    X, y = make_classification("circles", 200, 0.05, 0)
    clf = LiftedLinearClassifier(C=10.0).fit(X, y)
    assert clf.accuracy_ == 1.0
    A, B, C, b, ellipse = clf.conic()
    assert ellipse and A < 0 and C < 0 and b > 0                     # inside (class +1) where f > 0
    radius = math.sqrt(-b / A)                                      # x2 = 0 on the boundary: A x1^2 + b = 0
    assert 0.5 < radius < 1.0                                       # between the circles (radii 0.5 and 1)
    Phi = np.c_[X[:, 0] ** 2, R2 * X[:, 0] * X[:, 1], X[:, 1] ** 2]  # seed 004's map written out
    sk = LogisticRegression(C=10.0).fit(Phi, y)
    np.testing.assert_allclose(clf.weights_, sk.coef_[0], rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(clf.decision_function(X), sk.decision_function(Phi), rtol=1e-6, atol=1e-6)
