"""GaussianProcessRegressor.sample_prior (f ~ GP(0, k), Bishop's notes after PRML 6.4) and the posterior it becomes,
checked statistically against independent computations: the sample covariance of many draws against K from
scikit-learn's pairwise_kernels, against scikit-learn's own prior draws (an unfitted GaussianProcessRegressor's
sample_y), a closed form for the linear kernel (each draw is w·x); the posterior mean / std against scikit-learn's
GaussianProcessRegressor(optimizer=None, alpha=noise), the posterior draws' covariance against its covariance."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.gaussian_process import GaussianProcessRegressor as SkGP
from sklearn.gaussian_process.kernels import RBF
from sklearn.metrics.pairwise import pairwise_kernels

from kernel_core import GaussianProcessRegressor, Kernel
from kernel_core.gaussian_process import MAX_PRIOR_SAMPLES
from ui.ranges import KERNEL_RIDGE_POINTS

X = np.linspace(-2.0, 2.0, 7)[:, None]
DRAWS = 40_000


def cov_tolerance(K, n):
    """5 standard errors of a sample covariance entry of Gaussian draws: var(s_ij) ≈ (K_ii K_jj + K_ij²) / n; plus
    the largest jitter on the diagonal (JITTER x 10^JITTER_STEPS = 1e-6 of the mean k(x, x))."""
    d = np.diag(K)
    return 5 * np.sqrt((np.outer(d, d) + K ** 2) / n) + 1e-6 * d.mean()


@pytest.mark.parametrize("name, params", [("rbf", {"gamma": 0.7}), ("laplacian", {"gamma": 1.3}),
                                          ("poly", {"gamma": 0.5, "degree": 2, "coef0": 1.0}), ("linear", {})])
def test_prior_sample_covariance_is_the_gram_matrix(name, params):
    f = GaussianProcessRegressor(Kernel(name, **params), 0.1).sample_prior(X, DRAWS, seed=3)
    assert f.shape == (DRAWS, len(X))
    K = pairwise_kernels(X, metric=name, **params)        # independent: scikit-learn's kernels
    emp = f.T @ f / DRAWS                                  # the mean is known to be 0
    assert np.all(np.abs(emp - K) <= cov_tolerance(K, DRAWS))
    assert np.all(np.abs(f.mean(axis=0)) <= 5 * np.sqrt((np.diag(K) + 1e-6 * np.diag(K).mean()) / DRAWS))


def test_prior_agrees_with_sklearn_unfitted_sample_y():
    """scikit-learn's unfitted GP draws from its prior N(0, kernel(X)); RBF(ℓ) is exp(-γ‖x − x′‖²) with γ = 1/(2ℓ²).
    The draws differ (other generators); their covariances and means agree within sampling error."""
    gamma = 0.7
    ours = GaussianProcessRegressor(Kernel("rbf", gamma=gamma), 0.1).sample_prior(X, DRAWS, seed=0)
    sk = SkGP(kernel=RBF(length_scale=np.sqrt(1 / (2 * gamma))), optimizer=None).sample_y(X, DRAWS, random_state=0).T
    K = pairwise_kernels(X, metric="rbf", gamma=gamma)
    assert np.all(np.abs(np.cov(ours.T) - np.cov(sk.T)) <= np.sqrt(2) * cov_tolerance(K, DRAWS))
    assert np.all(np.abs(ours.mean(0) - sk.mean(0)) <= 5 * np.sqrt(2 / DRAWS))


def test_linear_kernel_draws_are_lines_through_the_origin():
    """k(x, x′) = x x′ in 1-D: f = w x with w ~ N(0, 1), so f(x) / x is one number per draw (up to the jitter)."""
    x = np.array([[-1.5], [-0.5], [0.5], [1.0], [2.0]])
    f = GaussianProcessRegressor(Kernel("linear"), 0.1).sample_prior(x, 2000, seed=1)
    slopes = f / x[:, 0]
    assert np.abs(slopes - slopes[:, :1]).max() < 1e-3
    assert abs(np.var(slopes[:, 0]) - 1.0) < 0.15                      # w ~ N(0, 1): 2000 draws


def test_seeded_and_needs_no_fit():
    gp = GaussianProcessRegressor(Kernel("rbf", gamma=1.0), 0.1)
    np.testing.assert_array_equal(gp.sample_prior(X, 5, seed=7), gp.sample_prior(X, 5, seed=7))
    assert not np.allclose(gp.sample_prior(X, 5, seed=7), gp.sample_prior(X, 5, seed=8))
    assert not hasattr(gp, "dual_coef_")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-5, 5), min_size=1, max_size=12), st.floats(0.01, 100), st.integers(1, 6),
       st.integers(0, 2**32 - 1))
def test_any_finite_points_give_finite_draws(xs, gamma, n, seed):
    """Repeated or very close x make K singular (an RBF K of close points is PSD only up to round-off): the jitter
    keeps Cholesky working and the draws finite, each row of the right length."""
    f = GaussianProcessRegressor(Kernel("rbf", gamma=gamma), 0.1).sample_prior(np.array(xs)[:, None], n, seed)
    assert f.shape == (n, len(xs)) and np.all(np.isfinite(f))
    same = np.equal.outer(xs, xs)                            # repeated x: the same value in every draw (jitter aside)
    assert np.all(np.abs(f[:, None, :] - f[:, :, None])[:, same] < 1e-3)


@pytest.mark.parametrize("X_bad, n, err", [
    (np.array([[0.0], [np.nan]]), 3, "NaN"), (np.array([[0.0], [np.inf]]), 3, "infinite"),
    (np.array([0.0, 1.0]), 3, "2-D"), (X, 0, "positive"), (X, MAX_PRIOR_SAMPLES + 1, "at most")])
def test_bad_input_is_a_sentence(X_bad, n, err):
    with pytest.raises(ValueError, match=err):
        GaussianProcessRegressor(Kernel("rbf"), 0.1).sample_prior(X_bad, n)


def test_a_kernel_that_is_not_psd_has_no_prior():
    with pytest.raises(ValueError, match="not positive semi-definite"):
        GaussianProcessRegressor(Kernel("sigmoid", gamma=2.0, coef0=-1.0), 0.1).sample_prior(X, 3)


def test_posterior_mean_std_and_draws_match_sklearn_on_the_topics_points():
    """The section's posterior on the built-in points: mean and latent std equal scikit-learn's with the same
    fixed kernel and alpha = σ²; the posterior draws' sample covariance is scikit-learn's posterior covariance."""
    Xd = np.array(KERNEL_RIDGE_POINTS["x"])[:, None]
    y = np.array(KERNEL_RIDGE_POINTS["y"])
    gamma, noise = 0.8, 0.0631
    xs = np.linspace(-1.0, 7.0, 9)[:, None]
    gp = GaussianProcessRegressor(Kernel("rbf", gamma=gamma), noise).fit(Xd, y)
    sk = SkGP(kernel=RBF(length_scale=np.sqrt(1 / (2 * gamma))), alpha=noise, optimizer=None).fit(Xd, y)
    mean, std = gp.predict(xs, return_std=True)
    sk_mean, sk_cov = sk.predict(xs, return_cov=True)
    np.testing.assert_allclose(mean, sk_mean, atol=1e-10)
    np.testing.assert_allclose(std, np.sqrt(np.clip(np.diag(sk_cov), 0, None)), atol=1e-7)
    draws = gp.sample_y(xs, DRAWS, seed=2).T
    assert np.all(np.abs(np.cov(draws.T) - sk_cov) <= cov_tolerance(sk_cov, DRAWS))
    # far from the data the posterior is the prior again: std → √k(x, x) = 1; next to a point it is much smaller
    assert std[0] > 0.95 and std[np.argmin(np.abs(xs[:, 0] - 3.0))] < 0.4
