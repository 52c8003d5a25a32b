"""The mean-embedding kernel between samples (kernel_core.distributions): a double loop over every pair of points,
the linear kernel's closed form x̄ᵀȳ, MMD² against the embeddings computed with scikit-learn's rbf_kernel, PSD, and
the blobs and rings that share mean and covariance (only a characteristic kernel separates them)."""
import numpy as np
import pytest
from sklearn.metrics.pairwise import polynomial_kernel, rbf_kernel

import kernel_core as kc

rng = np.random.default_rng(11)
SAMPLES = [rng.normal(size=(n, 2)) + shift for n, shift in ((5, 0.0), (7, 1.0), (3, -0.5), (6, 2.0))]


def test_kernel_is_a_double_loop_over_pairs_of_points():
    K = kc.mean_embedding_kernel(SAMPLES, "rbf", gamma=0.7)
    for a, P in enumerate(SAMPLES):
        for b, Q in enumerate(SAMPLES):
            slow = sum(np.exp(-0.7 * np.sum((x - y) ** 2)) for x in P for y in Q) / (len(P) * len(Q))
            assert K[a, b] == pytest.approx(slow, rel=1e-12)
    assert kc.is_psd(K)


def test_linear_kernel_embeds_a_sample_as_its_mean():
    means = np.array([S.mean(axis=0) for S in SAMPLES])
    np.testing.assert_allclose(kc.mean_embedding_kernel(SAMPLES, "linear"), means @ means.T, atol=1e-12)
    assert kc.mmd2(SAMPLES[0], SAMPLES[1], "linear") == pytest.approx(np.sum((means[0] - means[1]) ** 2), rel=1e-10)


def test_mmd2_against_sklearns_kernel_means():
    X, Y = SAMPLES[1], SAMPLES[3]
    expected = rbf_kernel(X, X, gamma=0.5).mean() + rbf_kernel(Y, Y, gamma=0.5).mean() - 2 * rbf_kernel(
        X, Y, gamma=0.5).mean()
    assert kc.mmd2(X, Y, "rbf", gamma=0.5) == pytest.approx(expected, rel=1e-12)
    assert kc.mmd2(X, X, "rbf", gamma=0.5) == 0.0


def test_blobs_and_rings_share_moments_and_only_rbf_separates_them():
    bags, y = kc.distribution_bags(4, 200, 0)
    for B in bags:
        np.testing.assert_allclose(B.mean(axis=0), 0, atol=0.25)
        np.testing.assert_allclose(np.cov(B.T), np.eye(2), atol=0.35)
    K = kc.mean_embedding_kernel(bags, "rbf", gamma=1.0)
    predicted, _ = kc.nearest_mean_loo(K, y)
    assert np.all(predicted == y)
    Kp = np.array([[polynomial_kernel(P, Q, degree=2, gamma=1.0, coef0=1.0).mean() for Q in bags] for P in bags])
    np.testing.assert_allclose(kc.mean_embedding_kernel(bags, "poly", degree=2, gamma=1.0, coef0=1.0), Kp, rtol=1e-12)
    within = Kp[:4, :4][~np.eye(4, dtype=bool)].mean()
    across = Kp[:4, 4:].mean()
    assert abs(within - across) < 0.1 * within          # second moments alike: the polynomial kernel barely sees a class


def test_bad_inputs_get_a_sentence():
    with pytest.raises(TypeError, match="list of"):
        kc.mean_embedding_kernel("ab")
    with pytest.raises(ValueError, match="same"):
        kc.mean_embedding_kernel([np.ones((2, 2)), np.ones((2, 3))])
