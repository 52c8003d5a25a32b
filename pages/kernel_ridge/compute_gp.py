"""Kernel ridge regression read as a Gaussian process: the cached kernel_core calls of the two GP sections (the
posterior beside kernel ridge with λ = σ², and draws from the prior and the posterior), keyed by plain values (the
topic's data key, a ui.kernel_choice.Single, σ², the number of draws, a seed), returning dataclasses."""
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from pages.kernel_ridge.compute import ENTRIES, _fit_krr, _grid, dataset, x_range
from ui.cache import cache_data
from ui.ranges import KERNEL_RIDGE as R
from ui.ranges import KERNEL_RIDGE_POINTS


@dataclass(frozen=True)
class GPView:
    xs: np.ndarray
    mean: np.ndarray
    std: np.ndarray        # of the latent f
    samples: np.ndarray    # (grid, n_samples)
    gap: float             # max |m(x) − f_KRR(x)| on the grid, KRR with λ = σ²
    scale: float           # max |f_KRR(x)|


@dataclass(frozen=True)
class GPPrior:
    xs: np.ndarray         # the plotting grid
    prior_std: np.ndarray  # √k(x, x): the prior's standard deviation
    prior: np.ndarray      # (n_samples, grid): draws from GP(0, k)
    n: int                 # data points conditioned on (0: the posterior is the prior)
    mean: np.ndarray       # posterior mean m(x) on the grid (0 without data)
    std: np.ndarray        # posterior std of the latent f (the prior's without data)
    samples: np.ndarray    # (n_samples, grid): posterior draws (the prior's without data)
    probe: tuple | None    # (x*, k(x*, x*), k*ᵀ(K + σ²I)⁻¹k*, m(x*)) at the last data point; None without data
    left_out: int = 0      # points beyond GP_MAX_POINTS (the earliest ones), not conditioned on


@cache_data(max_entries=ENTRIES)
def gp_view(data, kernel, noise, n_samples, seed):
    """GP posterior mean, latent std and seeded samples on the grid; KRR with λ = σ² on the same grid."""
    X, y = dataset(data)
    xs = _grid(X)
    gp = kc.GaussianProcessRegressor(kernel.kernel(), noise).fit(X, y)
    mean, std = gp.predict(xs, return_std=True)
    samples = gp.sample_y(xs, n_samples, seed) if n_samples else np.empty((len(xs), 0))
    krr = _fit_krr(kernel.kernel(), noise, X, y).predict(xs)  # kernel ridge with lam = sigma^2
    return GPView(xs[:, 0], mean, std, samples, float(np.max(np.abs(mean - krr))), float(np.max(np.abs(krr))))


GP_MAX_POINTS = 300   # the GP prior section conditions on at most the last 300 points: its solves grow as n³
WINDOW = (min(KERNEL_RIDGE_POINTS["x"]) - R["margin"], max(KERNEL_RIDGE_POINTS["x"]) + R["margin"])  # x with no data


@cache_data(max_entries=ENTRIES)
def gp_prior(data, kernel, noise, n_samples, seed):
    """Draws from the prior GP(0, k) on the grid and, given the data's points (none: the prior again), the posterior
    mean, latent std and draws with noise variance σ²; the two numbers of the variance formula at the last point.
    Returns (GPPrior, X, y): the points conditioned on (the last GP_MAX_POINTS)."""
    X, y = (np.empty((0, 1)), np.empty(0)) if data[0] == "own" and not data[1] else dataset(data)
    left_out = max(len(X) - GP_MAX_POINTS, 0)
    X, y = X[left_out:], y[left_out:]
    lo, hi = x_range(X) if len(X) else (np.inf, -np.inf)
    xs = np.linspace(min(lo, WINDOW[0]), max(hi, WINDOW[1]), R["grid"])[:, None]
    k = kernel.kernel()
    gp = kc.GaussianProcessRegressor(k, noise)
    prior = gp.sample_prior(xs, n_samples, seed)
    prior_std = np.sqrt(np.clip(k.diag(xs), 0.0, None))
    if not len(X):
        return GPPrior(xs[:, 0], prior_std, prior, 0, np.zeros(len(xs)), prior_std, prior, None), X, y
    gp.fit(X, y)
    mean, std = gp.predict(xs, return_std=True)
    x_star = X[-1:]
    m_star, s_star = gp.predict(x_star, return_std=True)
    k_star = float(k.diag(x_star)[0])
    probe = (float(x_star[0, 0]), k_star, k_star - float(s_star[0]) ** 2, float(m_star[0]))
    return GPPrior(xs[:, 0], prior_std, prior, len(X), mean, std, gp.sample_y(xs, n_samples, seed).T, probe,
                   left_out), X, y
