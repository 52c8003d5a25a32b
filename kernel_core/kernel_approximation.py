"""Finite feature maps for the RBF kernel, whose own map is infinite: random Fourier features and Nystrom
(scikit-learn's kernel_approximation module builds the same two), and how much of the Gram matrix each misses.
"""
import numpy as np
from scipy.linalg import eigh

from ._validation import (
    check_array,
    check_choice,
    check_finite,
    check_positive_int,
    check_real,
    check_seed,
    check_size,
    describe,
)
from .feature_maps import MAX_FEATURES
from .kernels import gram

FEWER = "Use fewer points or fewer features (n_components)."
NYSTROEM_RTOL = 1e-10
"""Eigenvalues of K_mm below NYSTROEM_RTOL * max eigenvalue are dropped (pseudo-inverse), not inverted."""


class RandomFourierFeatures:
    """Random Fourier features for k(x, y) = exp(-gamma ||x - y||^2) (Rahimi & Recht 2007):

        z(x) = sqrt(2 / D) cos(W^T x + b),  W[:, j] ~ N(0, 2 gamma I),  b_j ~ Uniform[0, 2 pi)
        E[z(x)^T z(y)] = k(x, y)   (Bochner: the RBF kernel is the Fourier transform of N(0, 2 gamma I))
    D = n_components; the error of z(x)^T z(y) shrinks like 1 / sqrt(D). gamma = 1 / (2 sigma^2).
    Same construction as sklearn.kernel_approximation.RBFSampler (used in the tests as a cross-check).
    """

    def __init__(self, n_components=100, gamma=1.0, seed=0):
        self.n_components = n_components
        self.gamma = gamma
        self.seed = seed

    def fit(self, X):
        X = check_array(X, "X")
        D = check_positive_int(self.n_components, "n_components", high=MAX_FEATURES)
        gamma = check_real(self.gamma, "gamma", low=0.0)
        check_size(len(X), D, "The random Fourier features (points x n_components)", FEWER)
        check_size(X.shape[1], D, "The random weights W (features x n_components)", FEWER)
        rng = np.random.default_rng(check_seed(self.seed))
        self.random_weights_ = np.sqrt(2 * gamma) * rng.normal(size=(X.shape[1], D))
        self.random_offset_ = rng.uniform(0, 2 * np.pi, size=D)
        self.width_ = D
        return self

    def transform(self, X):
        if not hasattr(self, "random_weights_"):
            raise ValueError("Call fit before transform.")
        X = check_array(X, "X")
        if X.shape[1] != self.random_weights_.shape[0]:
            raise ValueError(f"X has {X.shape[1]} features but the map was fitted on {self.random_weights_.shape[0]}.")
        check_size(len(X), self.width_, "The random Fourier features (points x n_components)", FEWER)
        with np.errstate(over="ignore", invalid="ignore"):
            Z = X @ self.random_weights_ + self.random_offset_
        check_finite(Z, "W^T x", "scale the data or use a smaller gamma")
        np.cos(Z, out=Z)
        Z *= np.sqrt(2.0 / Z.shape[1])
        return Z


class NystroemFeatures:
    """Nystrom approximation of the RBF kernel from m landmarks L (m data points drawn without replacement):

        K ~ K_nm K_mm^+ K_mn,   z(x) = Lambda_k^{-1/2} U_k^T k(L, x)
    where K_mm = k(L, L) = U Lambda U^T keeps its k eigenvalues above NYSTROEM_RTOL * max (pseudo-inverse),
    K_nm = k(X, L). Exact on the landmarks; exact everywhere once m = rank K. m = n_components.
    Same approximation as sklearn.kernel_approximation.Nystroem (used in the tests as a cross-check).
    """

    def __init__(self, n_components=100, gamma=1.0, seed=0):
        self.n_components = n_components
        self.gamma = gamma
        self.seed = seed

    def fit(self, X):
        X = check_array(X, "X")
        m = check_positive_int(self.n_components, "n_components")
        if m > len(X):
            raise ValueError(f"Nystrom needs n_components <= the number of points ({len(X)}), got {m}.")
        self.gamma_ = check_real(self.gamma, "gamma", low=0.0)
        self.landmark_indices_ = np.random.default_rng(check_seed(self.seed)).choice(len(X), m, replace=False)
        self.landmarks_ = X[self.landmark_indices_]
        lam, U = eigh(gram(self.landmarks_, kernel="rbf", gamma=self.gamma_))
        keep = lam > NYSTROEM_RTOL * lam.max()
        # z(x) = Lambda_k^{-1/2} U_k^T k(L, x), so z(x)^T z(y) = k(x, L) K_mm^+ k(L, y)
        self.normalization_ = U[:, keep] / np.sqrt(lam[keep])
        self.width_ = int(keep.sum())
        return self

    def transform(self, X):
        if not hasattr(self, "normalization_"):
            raise ValueError("Call fit before transform.")
        return gram(check_array(X, "X"), self.landmarks_, kernel="rbf", gamma=self.gamma_) @ self.normalization_


APPROXIMATIONS = {"rff": RandomFourierFeatures, "nystroem": NystroemFeatures}


def approximation_error(K, Z):
    """||K - Z Z^T||_F / ||K||_F: how much of the Gram matrix the finite map Z misses."""
    return float(np.linalg.norm(K - Z @ Z.T) / max(np.linalg.norm(K), 1e-300))


def approximation_error_curve(X, gamma, sizes, method="rff", repeats=5, seed=0):
    """Mean and standard deviation over `repeats` seeds of approximation_error for each number of
    features in `sizes`, for method "rff" or "nystroem". Returns two arrays of len(sizes)."""
    check_choice(method, APPROXIMATIONS, "approximation")
    X = check_array(X, "X")
    K = gram(X, kernel="rbf", gamma=gamma)
    reps = check_positive_int(repeats, "repeats", high=100)
    seed = check_seed(seed)
    if isinstance(sizes, (str, bytes)) or np.ndim(sizes) != 1 or len(sizes) == 0:
        raise ValueError(f"sizes must be a non-empty list of feature counts, got {describe(sizes)}.")
    errors = np.array([[approximation_error(K, APPROXIMATIONS[method](D, gamma, seed + r).fit(X).transform(X))
                        for r in range(reps)] for D in sizes])
    return errors.mean(axis=1), errors.std(axis=1)
