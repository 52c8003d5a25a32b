"""Gaussian-process regression with a fixed kernel (Bishop's notes, Bishop PRML 6.4): the posterior mean (kernel
ridge's prediction with lam = sigma^2), its variance, and functions drawn from the prior and the posterior.

    from kernel_core import GaussianProcessRegressor
    mean, std = GaussianProcessRegressor("rbf", noise=0.1, gamma=1.0).fit(X, y).predict(X_new, return_std=True)

Symbols: X (n, p) training inputs, y (n,) targets, K = [k(x_i, x_j)] the n x n Gram matrix,
k(x) = (k(x_1, x), ..., k(x_n, x)) the kernel column of a new point, sigma^2 the noise variance.
"""
import numpy as np
from scipy.linalg import LinAlgError, cho_factor, cho_solve

from ._validation import check_array, check_features, check_flag, check_positive_int, check_real, check_seed, check_size
from .algebra import as_kernel
from .kernels import gram
from .ridge import _check_xy, _finite

JITTER = 1e-10
"""Prior samples factor K + eps I with eps = JITTER x the mean of k(x_i, x_i): a valid kernel's K is PSD, but
round-off leaves it a hair short of it (an RBF Gram matrix of close points has eigenvalues of -1e-17), and a
repeated x makes it singular. eps grows tenfold (at most JITTER_STEPS times) until Cholesky succeeds; a kernel
that still fails is not PSD (sigmoid) and is refused."""
JITTER_STEPS = 4
MAX_PRIOR_SAMPLES = 100_000
"""The most functions one sample_prior call draws."""


class GaussianProcessRegressor:
    """GP regression with a fixed kernel (Bishop's notes; formulas from Bishop PRML eq. 6.66-6.67).

    Prior f ~ GP(0, k), observations y = f(X) + noise with variance sigma^2 = `noise`:

        m(x)      = k(x)^T (K + sigma^2 I)^{-1} y             posterior mean (PRML 6.66)
        var f(x)  = k(x, x) - k(x)^T (K + sigma^2 I)^{-1} k(x)  posterior variance of the latent f
        var t(x)  = c - k(x)^T C^{-1} k(x) = var f(x) + sigma^2   predictive variance of a new target t
                    with c = k(x, x) + sigma^2, C = K + sigma^2 I (PRML 6.67)

    predict(return_std=True) returns the latent f's std; add sigma^2 to its square for t's.

    m(x) is the kernel ridge prediction with lam = sigma^2. Equal to scikit-learn's
    GaussianProcessRegressor(kernel=<the same fixed kernel>, alpha=noise, optimizer=None).
    """

    def __init__(self, kernel="rbf", noise=0.1, **params):
        self.kernel = kernel
        self.noise = noise
        self.params = params

    def _gram(self, X, Y=None):
        return gram(X, Y, self.kernel, **self.params)

    def _not_pd(self, what):
        """Why Cholesky failed, in a sentence: a kernel that is not Mercer (sigmoid, polynomial with r < 0) is no
        covariance; a Mercer kernel's K is PSD in exact arithmetic, so there it is round-off (values of K so large,
        e.g. a high-degree polynomial, that the noise and the jitter vanish beside them)."""
        if as_kernel(self.kernel, **self.params).is_mercer:
            return (f"{what} is not positive definite in floating point, although this kernel is PSD: its values "
                    "are so large here (e.g. a high polynomial degree) that round-off swamps the noise variance. "
                    "Lower the degree or γ, scale x down, or raise the noise.")
        return (f"{what} is not positive semi-definite (this kernel, e.g. sigmoid or a polynomial with r < 0, is not "
                "a Mercer kernel), so it is not a valid covariance: there is no Gaussian-process prior with this kernel.")

    def fit(self, X, y):
        noise = check_real(self.noise, "noise", low=0.0)
        X, y = _check_xy(X, y)
        C = self._gram(X) + noise * np.eye(len(X))  # covariance of y: K + sigma^2 I
        try:
            self.L_ = cho_factor(C, lower=True)
        except LinAlgError:
            raise ValueError(self._not_pd("K + noise I")) from None
        with np.errstate(over="ignore", invalid="ignore"):
            self.dual_coef_ = _finite(cho_solve(self.L_, y), "The GP weights")  # (K + sigma^2 I)^{-1} y
        self.X_fit_ = X
        return self

    def _check_fitted(self, X):
        if not hasattr(self, "dual_coef_"):
            raise ValueError("This GaussianProcessRegressor is not fitted yet; call fit(X, y) first.")
        return check_features(X, self.X_fit_.shape[1])

    def predict(self, X, return_std=False):
        """Posterior mean m(x); with return_std also the latent (noise-free) standard deviation."""
        return_std = check_flag(return_std, "return_std")
        X = self._check_fitted(X)
        Ks = self._gram(X, self.X_fit_)
        with np.errstate(over="ignore", invalid="ignore"):
            mean = _finite(Ks @ self.dual_coef_, "The posterior mean")
            if not return_std:
                return mean
            k_xx = as_kernel(self.kernel, **self.params).diag(X)  # k(x, x) for every new point
            var = k_xx - np.einsum("ij,ji->i", Ks, cho_solve(self.L_, Ks.T))
        # round-off can make a ~0 variance slightly negative
        return mean, _finite(np.sqrt(np.clip(var, 0.0, None)), "The posterior variance")

    def sample_prior(self, X, n_samples=5, seed=0):
        """Functions drawn from the prior f ~ GP(0, k) at the points X, before any data: shape (n_samples, len(X)).

        Every finite set of values (f(x_1), ..., f(x_N)) is jointly Gaussian, N(0, K) with K_ij = k(x_i, x_j)
        (Bishop's notes after PRML 6.4). One draw is f = L z, z ~ N(0, I), with L L^T = K + eps I (Cholesky);
        eps is a small jitter for numerical PSD, JITTER x mean k(x_i, x_i), grown tenfold while Cholesky fails
        (JITTER_STEPS times at most). Needs no fit; the noise variance plays no part in the prior of f.
        Raises ValueError when the kernel's K is not PSD (it cannot be a covariance), for more than
        MAX_PRIOR_SAMPLES draws, and for X that is not finite.
        """
        X = check_array(X, "X")
        n_samples = check_positive_int(n_samples, "n_samples", high=MAX_PRIOR_SAMPLES)
        check_size(len(X), len(X), "The prior covariance K (points x points)", "Use fewer points.")
        check_size(len(X), n_samples, "The prior samples (points x n_samples)", "Draw fewer samples or use fewer points.")
        rng = np.random.default_rng(check_seed(seed))
        with np.errstate(over="ignore", invalid="ignore"):
            K = _finite(self._gram(X), "The prior covariance K")
        scale = float(np.mean(np.diag(K)))
        eps = JITTER * (scale if scale > 0 else 1.0)
        for _ in range(JITTER_STEPS + 1):
            try:
                L = np.linalg.cholesky(K + eps * np.eye(len(X)))  # K + eps I = L L^T
                break
            except np.linalg.LinAlgError:
                eps *= 10.0
        else:
            raise ValueError(self._not_pd("The kernel's Gram matrix K"))
        z = rng.standard_normal((len(X), n_samples))
        return (L @ z).T  # f = L z, one row per sample function

    def sample_y(self, X, n_samples=3, seed=0):
        """Posterior sample functions f(X), shape (len(X), n_samples), drawn with a seeded generator."""
        X = self._check_fitted(X)
        n_samples = check_positive_int(n_samples, "n_samples")
        check_size(len(X), n_samples, "The posterior samples (points x n_samples)", "Draw fewer samples or use fewer points.")
        rng = np.random.default_rng(check_seed(seed))
        Ks = self._gram(X, self.X_fit_)
        with np.errstate(over="ignore", invalid="ignore"):
            cov = _finite(self._gram(X) - Ks @ cho_solve(self.L_, Ks.T), "The posterior covariance")
        w, V = np.linalg.eigh((cov + cov.T) / 2)  # cov = V diag(w) V^T; clip round-off below 0
        z = rng.standard_normal((len(w), n_samples))
        with np.errstate(over="ignore", invalid="ignore"):
            f = (Ks @ self.dual_coef_)[:, None] + V @ (np.sqrt(np.clip(w, 0.0, None))[:, None] * z)
        return _finite(f, "The posterior samples")
