"""Feature-space geometry against explicit feature maps (seeds 000, 002), the seed-003
counterexamples, and the seeded toy data sets."""
import math

import numpy as np
import pytest

from kernel_core import (
    CLASSIFICATION_DATASETS,
    MANIFOLDS,
    bilinear_kernel,
    feature_space_geometry,
    is_psd,
    is_symmetric,
    make_classification,
    make_manifold,
    make_sine,
    sin_cos_kernel,
    spectrum,
    verdict,
)

PAIRS = [([1.0, 2.0], [-0.5, 0.3]), ([0.0, 0.0], [1.0, 1.0]), ([0.3, -1.2], [2.0, 0.7]), ([1.5, -0.5], [1.5, -0.5])]


def phi_poly2(x):
    """Seed 000: (x^T y + 1)^2 = phi(x)^T phi(y) with this 6-dimensional map."""
    x1, x2 = x
    r2 = math.sqrt(2)
    return np.array([1.0, r2 * x1, r2 * x2, x1 ** 2, x2 ** 2, r2 * x1 * x2])


@pytest.mark.parametrize("x, z", PAIRS)
def test_poly2_geometry_equals_explicit_feature_map(x, z):
    fx, fz = phi_poly2(x), phi_poly2(z)
    norm_x, norm_z = np.linalg.norm(fx), np.linalg.norm(fz)
    cos = float(np.clip(fx @ fz / (norm_x * norm_z), -1, 1))
    g = feature_space_geometry(x, z, kernel="poly", degree=2, gamma=1.0, coef0=1.0)
    assert g["k_xz"] == pytest.approx(fx @ fz, rel=1e-12)
    assert g["norm_x"] == pytest.approx(norm_x, rel=1e-12)
    assert g["norm_z"] == pytest.approx(norm_z, rel=1e-12)
    assert g["distance"] == pytest.approx(np.linalg.norm(fx - fz), abs=1e-6 * max(norm_x, norm_z))
    assert g["cos_angle"] == pytest.approx(cos, abs=1e-12)
    assert g["angle_deg"] == pytest.approx(math.degrees(math.acos(cos)), abs=1e-5)


@pytest.mark.parametrize("gamma", [0.1, 1.0, 3.0])
@pytest.mark.parametrize("x, z", [([0.0, 0.0, 0.0], [1.0, -1.0, 0.5]), ([2.0, 1.0, -1.0], [1.5, 1.2, -0.4]),
                                  ([0.3, 0.3, 0.3], [0.3, 0.3, 0.3])])
def test_rbf_geometry_identities(x, z, gamma):
    k = math.exp(-gamma * sum((a - b) ** 2 for a, b in zip(x, z)))
    g = feature_space_geometry(x, z, kernel="rbf", gamma=gamma)
    assert g["norm_x"] == pytest.approx(1.0, abs=1e-15)                # ||phi(x)||^2 = 1
    assert g["norm_z"] == pytest.approx(1.0, abs=1e-15)
    assert g["distance"] ** 2 == pytest.approx(2 - 2 * k, abs=1e-12)   # ||phi(x) - phi(z)||^2 = 2 - 2k
    assert g["cos_angle"] == pytest.approx(k, abs=1e-12)                 # cos(theta) = k


@pytest.mark.parametrize("x, z", PAIRS)
def test_linear_geometry_is_ordinary_euclidean_geometry(x, z):
    x, z = np.array(x), np.array(z)
    g = feature_space_geometry(x, z, kernel="linear")
    assert g["norm_x"] == pytest.approx(np.linalg.norm(x), abs=1e-12)
    assert g["distance"] == pytest.approx(np.linalg.norm(x - z), abs=1e-7)
    if np.linalg.norm(x) and np.linalg.norm(z):
        assert g["cos_angle"] == pytest.approx(x @ z / (np.linalg.norm(x) * np.linalg.norm(z)), abs=1e-12)
    else:
        assert math.isnan(g["cos_angle"])                                   # no angle with the zero vector


def test_geometry_refuses_a_negative_self_similarity():
    assert math.tanh(1.0 * 0.01 - 5.0) < 0                                 # k(x, x) < 0 for this sigmoid
    with pytest.raises(ValueError, match="negative"):
        feature_space_geometry([0.1], [0.2], kernel="sigmoid", gamma=1.0, coef0=-5.0)


def test_sin_cos_kernel_is_not_symmetric():
    assert sin_cos_kernel(0.0, math.pi / 2)[0, 0] == pytest.approx(0.0, abs=1e-15)   # sin 0 cos(pi/2) = 0
    assert sin_cos_kernel(math.pi / 2, 0.0)[0, 0] == pytest.approx(1.0, abs=1e-15)   # sin(pi/2) cos 0 = 1
    x = np.linspace(0.1, 3.0, 6)
    K = sin_cos_kernel(x, x)
    expected = np.array([[math.sin(a) * math.cos(b) for b in x] for a in x])
    np.testing.assert_allclose(K, expected, rtol=1e-12, atol=1e-15)
    v = verdict(K)
    assert not v.symmetric and not v.psd
    assert not is_symmetric(K) and not is_psd(K)
    with pytest.raises(ValueError, match="symmetric"):
        spectrum(K)


def random_points(seed, n=20, p=2):
    return np.random.default_rng(seed).normal(size=(n, p))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bilinear_kernel_with_psd_symmetric_m_is_psd(seed):
    A = np.random.default_rng(seed + 10).normal(size=(3, 3))
    M = A @ A.T                                                            # symmetric PSD by construction
    X, Y = random_points(seed, p=3), random_points(seed + 1, n=7, p=3)
    loops = np.array([[sum(x[i] * M[i, j] * y[j] for i in range(3) for j in range(3)) for y in Y] for x in X])
    np.testing.assert_allclose(bilinear_kernel(X, Y, M), loops, rtol=1e-10, atol=1e-10)
    K = bilinear_kernel(X, X, M)
    assert verdict(K).symmetric and is_psd(K)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bilinear_kernel_with_indefinite_m_is_not_psd(seed):
    X = random_points(seed)
    K = bilinear_kernel(X, X, [[1.0, 0.0], [0.0, -1.0]])                 # x1 x1' - x2 x2'
    v = verdict(K)
    assert v.symmetric and not v.psd and v.n_negative >= 1
    assert not is_psd(K)


def test_bilinear_kernel_with_non_symmetric_m_is_not_symmetric():
    X = random_points(3)
    K = bilinear_kernel(X, X, [[1.0, 2.0], [0.0, 1.0]])
    assert not verdict(K).symmetric and not is_psd(K)


# ---------------------------------------------------------------- data sets

DATASETS = sorted(CLASSIFICATION_DATASETS)


def test_the_lecture_data_sets_are_available():
    assert {"moons", "circles", "xor", "spirals", "blobs", "linear"} <= set(DATASETS)
    assert {"s_curve", "swiss_roll"} <= set(MANIFOLDS)


@pytest.mark.parametrize("n", [20, 121, 400])
@pytest.mark.parametrize("name", DATASETS)
def test_classification_shapes_and_labels(name, n):
    X, y = make_classification(name, n_samples=n, noise=0.1, seed=0)
    assert X.shape == (n, 2) and X.dtype == np.float64 and np.all(np.isfinite(X))
    assert y.shape == (n,)
    assert set(np.unique(y).tolist()) == {-1, 1}                          # exactly -1/+1, both present


@pytest.mark.parametrize("name", DATASETS)
def test_both_classes_present_for_many_seeds(name):
    for seed in range(10):
        _, y = make_classification(name, n_samples=20, seed=seed)        # 20 = the app's smallest n
        assert set(np.unique(y).tolist()) == {-1, 1}, seed


@pytest.mark.parametrize("name", DATASETS)
def test_classification_seeding(name):
    X1, y1 = make_classification(name, n_samples=50, seed=3)
    X2, y2 = make_classification(name, n_samples=50, seed=3)
    np.testing.assert_array_equal(X1, X2)
    np.testing.assert_array_equal(y1, y2)
    X3, _ = make_classification(name, n_samples=50, seed=4)
    assert not np.array_equal(X1, X3)


@pytest.mark.parametrize("n", [1, 40, 333])
def test_make_sine(n):
    X, y = make_sine(n_samples=n, seed=1)
    assert X.shape == (n, 1) and y.shape == (n,)
    assert np.all((0 <= X) & (X <= 2 * np.pi)) and np.all(np.diff(X[:, 0]) >= 0)
    X0, y0 = make_sine(n_samples=n, noise=0.0, seed=1)
    np.testing.assert_allclose(y0, np.sin(X0[:, 0]), atol=1e-15)         # no noise: exactly sin(x)
    np.testing.assert_array_equal(make_sine(n_samples=n, seed=1)[1], y)
    if n > 1:
        assert not np.array_equal(make_sine(n_samples=n, seed=2)[0], X)


@pytest.mark.parametrize("n", [10, 500])
@pytest.mark.parametrize("name", sorted(MANIFOLDS))
def test_make_manifold(name, n):
    X, t = make_manifold(name, n_samples=n, seed=0)
    assert X.shape == (n, 3) and t.shape == (n,)
    X2, t2 = make_manifold(name, n_samples=n, seed=0)
    np.testing.assert_array_equal(X, X2)
    np.testing.assert_array_equal(t, t2)
    assert not np.array_equal(make_manifold(name, n_samples=n, seed=1)[0], X)


@pytest.mark.parametrize("call, match", [
    (lambda: make_classification("banana"), r"Unknown data set 'banana'.*moons"),
    (lambda: make_classification("Moons"), "Unknown data set"),
    (lambda: make_manifold("torus"), r"Unknown manifold 'torus'.*s_curve"),
    (lambda: make_classification("moons", n_samples=0), "n_samples must be a positive integer"),
    (lambda: make_classification("moons", n_samples=1), "at least 2 samples"),
    (lambda: make_sine(noise=-0.1), "noise must be >= 0"),
    (lambda: make_manifold("s_curve", n_samples=10 ** 6), "n_samples must be at most"),
])
def test_bad_data_set_arguments_raise(call, match):
    with pytest.raises(ValueError, match=match):
        call()
