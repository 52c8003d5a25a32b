"""Kernel PCA (Held) with pre-images for the RBF kernel, and the Laplacian eigenmap (Sugiyama).

    kp = KernelPCA(n_components=2, kernel="rbf", gamma=2.0).fit(X)
    eta = kp.transform(X_new)         # projections onto the principal axes in feature space
    Z = kp.reconstruct(X_noisy, 4)    # pre-images of the projections on 4 components (denoising)
    G, gam = laplacian_eigenmap(X, n_components=2, n_neighbors=10)
"""
import warnings

import numpy as np
from scipy.linalg import eigh
from scipy.sparse.csgraph import connected_components
from scipy.sparse.linalg import ArpackError, ArpackNoConvergence, eigsh

from ._validation import check_array, check_features, check_flag, check_positive_int, check_real, check_seed, check_size
from .algebra import Kernel, KernelModel
from .graphs import knn_graph
from .spectral import psd_threshold

PREIMAGE_TOL = 1e-6
"""The fixed-point iteration stops when no pre-image moves by more than this (relative to the data scale)."""
PREIMAGE_MAX_ITER = 10_000
"""The most fixed-point iterations `reconstruct` runs (each is an m x n kernel evaluation): the iteration usually
stops within a few dozen, and a larger max_iter is refused rather than left to run."""
PREIMAGE_MIN_WEIGHT = 1e-12
"""A fixed-point step is skipped when |sum_i gamma_i k(z, x_i)| falls below this: the step would divide by ~0."""
LANCZOS_MIN_N = 1000
"""From this many points on, q <= n / 20 leading eigenpairs come from Lanczos (ARPACK eigsh, O(n^2) per step, as
scikit-learn's eigen_solver="arpack"): LAPACK's eigh reduces the whole matrix to tridiagonal form even with
subset_by_index, O(n^3) — at n = 3000 on one core 1.6–4 s against ~0.2 s (bench/bench_large_n.py)."""


def _leading_eigh(A, q):
    """The q largest eigenpairs of the symmetric A, ascending (like eigh with subset_by_index)."""
    n = len(A)
    if not np.any(A):   # points all in one place: K' = 0, every eigenvalue 0 (ARPACK stops: "starting vector is zero")
        return np.zeros(q), np.eye(n)[:, n - q:]       # what eigh answers for the zero matrix
    if n >= LANCZOS_MIN_N and q <= n // 20:
        try:  # seeded start vector (not 1: the centred K' has K'1 = 0), tol=0: to machine precision
            lam, U = eigsh(A, k=q, which="LA", v0=np.random.default_rng(0).uniform(-1, 1, n), tol=0)
            order = np.argsort(lam)
            return lam[order], U[:, order]
        except (ArpackNoConvergence, ArpackError):   # no convergence, or a breakdown: the dense solver answers
            pass
    return eigh(A, subset_by_index=(n - q, n - 1))


def centring_matrix(n):
    """J = I_n - (1/n) 1 1^T (Held): K' = J K J centres the feature vectors phi(x_l)."""
    n = check_positive_int(n, "n")
    check_size(n, n, "The centring matrix J")
    return np.eye(n) - np.full((n, n), 1.0 / n)


def _flip_signs(U):
    """Make each column's entry of largest magnitude positive (scikit-learn's svd_flip): deterministic signs."""
    rows = np.argmax(np.abs(U), axis=0)
    return U * np.sign(U[rows, np.arange(U.shape[1])])


class KernelPCA(KernelModel):
    """Kernel PCA, the six steps of Held:

        1. choose a kernel k;  2. K[l, m] = k(x_l, x_m);  3. K' = J K J,  J = I_n - (1/n) 1 1^T;
        4. K' = A Lambda A^T;  5. a_i = i-th column of A, d_i = lambda_i / n;
        6. eta_l^(i) = K'[l, :] a_i   (projection of point l on axis i).

    The axes v_i = sum_l a_i^(l) phi(x_l) have unit length when a_i^T K' a_i = 1, so a_i = u_i / sqrt(lambda_i)
    with u_i the unit eigenvector (Held, "Kernels and PCA (III)"); then eta^(i) = sqrt(lambda_i) u_i, as
    in scikit-learn. A new point x projects as eta^(i)(x) = k'(x)^T a_i with the centred kernel vector
    k'(x) = J (k(x) - K 1 / n),  k(x)_l = k(x, x_l).

    Symbols: n samples; K Gram matrix; J centring matrix; lambda_i eigenvalues of K' (descending, stored as
    `eigenvalues_`, NOT divided by n); d_i = lambda_i / n the variance along v_i; A (n, q) = `dual_coef_`.
    center=False skips step 3 (K' = K): the first axis then mostly points at the mean of the phi(x_l).
    Indefinite kernels (sigmoid): eigenvalues above -PSD_RTOL * max|lambda| are round-off and clipped to 0;
    larger negative ones are reported in `psd_warning_` (and a warning) and their components set to 0.
    """

    def __init__(self, n_components=2, kernel="rbf", center=True, **params):
        self.n_components = n_components
        self.kernel = kernel
        self.center = center
        self.params = params

    def fit(self, X):
        X = check_array(X, "X")
        n = X.shape[0]
        q = check_positive_int(self.n_components, "n_components", high=n)
        self.center = check_flag(self.center, "center")
        kernel = self._kernel()
        K = kernel(X)
        self.X_fit_, self.K_ = X, K
        self.K_row_means_, self.K_mean_ = K.mean(axis=0), K.mean()
        # K' = J K J: subtract row and column means, add back the grand mean
        Kc = K - self.K_row_means_[None, :] - self.K_row_means_[:, None] + self.K_mean_ if self.center else K.copy()
        Kc = (Kc + Kc.T) / 2  # exact symmetry for eigh
        self.Kc_ = Kc
        # K' = A Lambda A^T, only the q leading eigenpairs (LAPACK eigh; Lanczos for few of many)
        lam, U = _leading_eigh(Kc, q)
        lam, U = lam[::-1], _flip_signs(U[:, ::-1])
        threshold = psd_threshold(lam)
        lam = np.where(np.abs(lam) <= threshold, 0.0, lam)  # round-off (either sign) -> 0
        self.psd_warning_ = None
        smallest = lam[-1]
        if not kernel.is_mercer and q < n:
            smallest = eigh(Kc, eigvals_only=True, subset_by_index=(0, 0))[0]
        if smallest < -threshold:
            self.psd_warning_ = (f"K' has negative eigenvalues (smallest {smallest:.4g}, largest {lam[0]:.4g}): the "
                                 f"{self.kernel} kernel is not positive semi-definite here, so these are not variances. "
                                 "Components with a negative eigenvalue are set to 0.")
            warnings.warn(self.psd_warning_, RuntimeWarning, stacklevel=2)
        self.eigenvalues_, self.eigenvectors_ = lam, U
        positive = lam > 0
        # a_i = u_i / sqrt(lambda_i), so that a_i^T K' a_i = 1 (unit-length axis v_i)
        self.dual_coef_ = np.zeros_like(U)
        self.dual_coef_[:, positive] = U[:, positive] / np.sqrt(lam[positive])
        self.total_variance_ = float(np.trace(Kc))
        self.explained_variance_ratio_ = lam / self.total_variance_ if self.total_variance_ > 0 else np.zeros_like(lam)
        self.n_samples_ = n
        return self

    def _check_fitted(self):
        if not hasattr(self, "dual_coef_"):
            raise ValueError("This KernelPCA is not fitted yet; call fit(X) first.")

    def _components(self, n_components):
        """q <= the fitted number of components (default: all of them)."""
        fitted = self.dual_coef_.shape[1]
        return fitted if n_components is None else check_positive_int(n_components, "n_components", high=fitted)

    def kernel_vectors(self, X):
        """k(x) (m, n) with k(x)_l = k(x, x_l), and the centred k'(x) = J (k(x) - K 1 / n) (uncentred: k'(x) = k(x))."""
        self._check_fitted()
        X = check_features(X, self.X_fit_.shape[1])
        k = self._kernel()(X, self.X_fit_)
        if not self.center:
            return k, k
        # k'_l = k(x, x_l) - mean_j k(x, x_j) - mean_j K[j, l] + mean_jm K[j, m]
        kc = k - k.mean(axis=1, keepdims=True) - self.K_row_means_[None, :] + self.K_mean_
        return k, kc

    def transform(self, X):
        """eta^(i)(x) = k'(x)^T a_i for each row x of X; shape (m, n_components)."""
        return self.kernel_vectors(X)[1] @ self.dual_coef_

    def fit_transform(self, X):
        """Step 6 on the training data: eta_l^(i) = K'[l, :] a_i."""
        return self.fit(X).Kc_ @ self.dual_coef_

    def reconstruct(self, X, n_components=None, max_iter=300):
        """Pre-images (RBF kernel only): for each row x, the z whose phi(z) is closest to the projection of phi(x)
        onto the first q axes (the "naive idea" min_z ||phi(z) - f_0||^2 of Sugiyama), by the fixed-point
        iteration of Mika et al. (1999), started at z = x:

            P phi(x) = sum_l g_l phi(x_l),  g = A beta + (1 - 1^T A beta) 1 / n,  beta = A^T k'(x)  (first q a_i)
            z <- sum_l g_l k(z, x_l) x_l / sum_l g_l k(z, x_l)

        Used for denoising: noisy points -> project on q components -> map back. Returns Z (m, d).
        """
        self._check_fitted()
        if self.kernel != "rbf":
            raise ValueError(f"Pre-images by fixed-point iteration need the RBF kernel; this model uses {self.kernel!r}.")
        q = self._components(n_components)
        max_iter = check_positive_int(max_iter, "max_iter", high=PREIMAGE_MAX_ITER)
        A = self.dual_coef_[:, :q]
        X = check_array(X, "X")
        check_size(len(X), self.n_samples_, "The pre-image weights")
        beta = self.kernel_vectors(X)[1] @ A                                   # (m, q)
        g = beta @ A.T                                                         # (m, n)
        if self.center:
            g += (1.0 - g.sum(axis=1, keepdims=True)) / self.n_samples_
        Xf = self.X_fit_
        gamma = self.params.get("gamma") or 1.0 / Xf.shape[1]
        tol = PREIMAGE_TOL * max(float(np.ptp(Xf)), 1e-12)
        Z, active = X.copy(), np.ones(len(X), bool)
        for _ in range(max_iter):
            W = g[active] * Kernel("rbf", gamma=gamma)(Z[active], Xf)        # g_l k(z, x_l)
            den = W.sum(axis=1)
            ok = np.abs(den) > PREIMAGE_MIN_WEIGHT
            Znew = Z[active].copy()
            Znew[ok] = (W[ok] @ Xf) / den[ok, None]
            moved = np.max(np.abs(Znew - Z[active]), axis=1)
            Z[active] = Znew
            idx = np.flatnonzero(active)
            active[idx[(moved <= tol) | ~ok]] = False
            if not active.any():
                break
        return Z

    def feature_space_residual(self, X, n_components=None):
        """||phi'(x) - P_q phi'(x)||^2 = k'(x, x) - sum_{i<=q} eta^(i)(x)^2 for centred phi' (how much of phi(x)
        the first q axes miss; it can only shrink as q grows)."""
        self._check_fitted()
        q = self._components(n_components)
        X = check_array(X, "X")
        k, kc = self.kernel_vectors(X)
        kxx = self._kernel().diag(X)
        kxx_c = kxx - 2 * k.mean(axis=1) + self.K_mean_ if self.center else kxx
        eta = kc @ self.dual_coef_[:, :q]
        return kxx_c - np.sum(eta ** 2, axis=1)


def laplacian_eigenmap(X, n_components=2, n_neighbors=10):
    """Laplacian eigenmap embedding (Sugiyama).

        W[i, j] = 1 if x_j is among the n_neighbors nearest neighbours of x_i or vice versa, else 0
        D = diag(sum_j W[i, j]),  L = D - W
        L phi = gamma D phi,  <D phi_i, phi_j> = delta_ij

    L 1 = 0, so the smallest gamma is 0 with a constant phi; it is dropped and the next n_components
    eigenvectors (smallest non-zero gamma first) give the embedding G (n, n_components).
    Returns (G, gammas) with gammas the matching generalized eigenvalues, ascending.
    A disconnected neighbourhood graph gives several zero eigenvalues: a warning says so.
    """
    X = check_array(X, "X")
    n = X.shape[0]
    m = check_positive_int(n_components, "n_components", high=max(n - 2, 1))
    k = check_positive_int(n_neighbors, "n_neighbors", high=n - 1) if n > 1 else None
    if n < 3:
        raise ValueError("A Laplacian eigenmap needs at least 3 points.")
    check_size(n, n, "The Laplacian eigenmap's dense graph matrices")
    W = knn_graph(X, k)                                    # symmetric: i ~ j if either is a neighbour
    n_parts = connected_components(W, directed=False)[0]
    if n_parts > 1:
        warnings.warn(f"The {k}-nearest-neighbour graph falls into {n_parts} disconnected pieces; each piece "
                      "gets its own zero eigenvalue, so the embedding mostly tells the pieces apart. "
                      "Use more neighbours.", RuntimeWarning, stacklevel=2)
    D = np.diag(W.sum(axis=1))
    L = D - W
    # L phi = gamma D phi, smallest m + 1 generalized eigenpairs; drop the constant one
    gam, Phi = eigh(L, D, subset_by_index=(0, m))
    return _flip_signs(Phi[:, 1:]), gam[1:]


def add_noise(X, noise, seed=0):
    """A noisy copy of X for the denoising demo: X + N(0, noise^2) in every coordinate, seeded (same
    arguments -> same points)."""
    X = check_array(X, "X")
    noise = check_real(noise, "noise", low=0.0, low_inclusive=True, high=10.0)
    return X + np.random.default_rng(check_seed(seed)).normal(scale=noise, size=X.shape)
