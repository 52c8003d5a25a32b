"""Kernel PCA and kernel ridge regression for large n, on a finite feature map z(x) in R^D with
z(x)^T z(y) ~ k(x, y) (Nystrom: Williams & Seeger 2001; random Fourier features: Rahimi & Recht 2007;
the maps are kernel_core.kernel_approximation's NystroemFeatures / RandomFourierFeatures, RBF kernel only).

    kp = ApproxKernelPCA(2, "nystroem", n_features=300, gamma=2.0).fit(X)     # PCA of the centred z(x_l)
    f = ApproxKernelRidge("rff", n_features=500, gamma=1.0, lam=0.1).fit(X, y).predict(X_new)
    err = kernel_error(kp.map_, X, gamma=2.0)        # ||K_S - Z_S Z_S^T||_F / ||K_S||_F on a subsample S

The exact methods (KernelPCA, KernelRidge) need the n x n Gram matrix: O(n^2) memory and an O(n^3) solve
(KernelPCA's few leading eigenpairs: O(n^2) per Lanczos step). Here the cost is O(n D^2 + D^3) and the memory
O(n D). Symbols: n points, D = n_features (Nystrom: m landmarks), Z (n, D) the rows z(x_l)^T, q components,
lam the ridge penalty of KernelRidge (Held, Bishop's notes and Nguyen; scikit-learn's `alpha`).
"""
import numpy as np
from scipy.linalg import LinAlgError, cho_factor, cho_solve, eigh, orthogonal_procrustes
from sklearn import datasets as skd

from ._validation import check_array, check_choice, check_positive_int, check_real, check_seed, check_size, describe
from .kernel_approximation import APPROXIMATIONS
from .kernels import gram
from .kpca import KernelPCA
from .ridge import KernelRidge, _check_xy

EXACT_MAX_N = 3000
"""Largest n fitted exactly (an n x n Gram matrix: 72 MB at n = 3000, 3.2 GB at n = 20 000)."""
ERROR_SAMPLE = 1000
"""Points of the random subsample on which the approximation error is measured (O(size^2), whatever n is)."""
MAX_SAMPLES = 50_000
METHODS = {"exact": "exact", "nystroem": "Nyström", "rff": "random Fourier features"}
LARGE_DATASETS = ("moons", "circles", "sine")


def large_dataset(name="moons", n_samples=5000, noise=0.1, seed=0):
    """Seeded data for the large-n demos, up to MAX_SAMPLES points: scikit-learn's make_moons / make_circles
    (X (n, 2), labels y in {-1, +1}) or the noisy sine of the kernel ridge page (x uniform on [0, 2 pi],
    X (n, 1) sorted, y = sin x + noise)."""
    check_choice(name, LARGE_DATASETS, "data set")
    n = check_positive_int(n_samples, "n_samples", high=MAX_SAMPLES)
    noise = check_real(noise, "noise", low=0.0, low_inclusive=True, high=5.0)
    seed = check_seed(seed)
    if name == "moons":
        X, y = skd.make_moons(n, noise=noise, random_state=seed)
    elif name == "circles":
        X, y = skd.make_circles(n, noise=noise, factor=0.5, random_state=seed)
    else:
        rng = np.random.default_rng(seed)
        x = np.sort(rng.uniform(0.0, 2 * np.pi, size=n))
        return x[:, None], np.sin(x) + rng.normal(scale=noise, size=n)
    return X, np.where(y > 0, 1, -1)


def resolve_method(method, n):
    """The method used for n points: "auto-nystroem" / "auto-rff" mean exact up to EXACT_MAX_N points and that
    approximation above; "exact" above EXACT_MAX_N is refused (ValueError), the Gram matrix would not fit."""
    n = check_positive_int(n, "n", high=MAX_SAMPLES)
    check_choice(method, (*METHODS, "auto-nystroem", "auto-rff"), "method")
    if method in ("auto-nystroem", "auto-rff"):
        return "exact" if n <= EXACT_MAX_N else method[5:]
    if method == "exact" and n > EXACT_MAX_N:
        raise ValueError(f"The exact fit is limited to n <= {EXACT_MAX_N:,} points: its n x n Gram matrix of "
                         f"n = {n:,} would take {8 * n * n / 1e9:.1f} GB. Choose Nyström or random Fourier features.")
    return method


def feature_map(method, n_features, gamma, seed=0):
    """An unfitted NystroemFeatures ("nystroem", n_features landmarks) or RandomFourierFeatures ("rff")."""
    return APPROXIMATIONS[check_choice(method, APPROXIMATIONS, "approximation")](n_features, gamma, seed)


class ApproxKernelPCA:
    """Kernel PCA on finite features: PCA of the centred z(x_l) (RBF kernel).

        z_bar = (1/n) sum_l z(x_l),   Z_c = Z - 1 z_bar^T            (centring in feature space, like K' = J K J)
        C = Z_c^T Z_c = W Lambda W^T   (D x D, eigh; q leading pairs)  -> Z_c Z_c^T = J Z Z^T J ~ K'
        eta^(i)(x) = (z(x) - z_bar)^T w_i                             (projection on axis i)
    The non-zero eigenvalues of Z_c^T Z_c and Z_c Z_c^T are the same, so lambda_i (`eigenvalues_`, NOT divided by
    n) and eta^(i)(x_l) = sqrt(lambda_i) u_i^(l) follow KernelPCA's convention: the projections are comparable to
    exact kernel PCA up to sign (and up to a rotation inside a group of equal eigenvalues).
    Signs: the projection of largest magnitude on each axis is positive, as in KernelPCA.
    """

    def __init__(self, n_components=2, method="nystroem", n_features=300, gamma=1.0, seed=0):
        self.n_components = n_components
        self.method = method
        self.n_features = n_features
        self.gamma = gamma
        self.seed = seed

    def fit(self, X):
        X = check_array(X, "X")
        q = check_positive_int(self.n_components, "n_components")
        self.map_ = feature_map(self.method, self.n_features, self.gamma, self.seed).fit(X)
        check_size(self.map_.width_, self.map_.width_, "The feature covariance Z^T Z", "Use fewer n_features.")
        Z = self.map_.transform(X)
        if q > Z.shape[1]:
            raise ValueError(f"n_components = {q} is more than the {Z.shape[1]} features of the approximate map.")
        self.mean_ = Z.mean(axis=0)
        Z -= self.mean_                                    # Z_c = Z - 1 z_bar^T
        C = Z.T @ Z
        # C = W Lambda W^T, the q leading eigenpairs of the D x D matrix
        lam, W = eigh(C, subset_by_index=(len(C) - q, len(C) - 1))
        lam, W = np.clip(lam[::-1], 0.0, None), W[:, ::-1]
        eta = Z @ W
        rows = np.argmax(np.abs(eta), axis=0)              # as KernelPCA: largest |projection| positive
        signs = np.where(eta[rows, np.arange(q)] < 0, -1.0, 1.0)
        self.components_, self.embedding_ = W * signs, eta * signs
        self.eigenvalues_ = lam
        self.total_variance_ = float(np.einsum("ij,ij->", Z, Z))  # tr(Z_c Z_c^T) ~ tr K'
        self.explained_variance_ratio_ = lam / self.total_variance_ if self.total_variance_ > 0 else np.zeros_like(lam)
        self.n_samples_ = len(X)
        return self

    def transform(self, X):
        """eta^(i)(x) = (z(x) - z_bar)^T w_i for each row x of X; shape (m, n_components)."""
        if not hasattr(self, "components_"):
            raise ValueError("This ApproxKernelPCA is not fitted yet; call fit(X) first.")
        return (self.map_.transform(X) - self.mean_) @ self.components_

    def fit_transform(self, X):
        return self.fit(X).embedding_


class ApproxKernelRidge:
    """Ridge regression on finite features z(x) (RBF kernel), the primal form of kernel ridge regression:

        (Z^T Z + lam I_D) w = Z^T y       (a D x D solve, Cholesky)
        f(x) = z(x)^T w
    With K ~ Z Z^T this is KernelRidge's alpha = (Z Z^T + lam I_n)^{-1} y, f = Z Z^T alpha: w = Z^T alpha by the
    push-through identity (Held's Woodbury step). lam is KernelRidge's lam (Held, Bishop's notes and Nguyen, scikit-learn's
    `alpha`), so this equals sklearn.linear_model.Ridge(alpha=lam, fit_intercept=False) on Z; Kriege's
    (K + n lam' I) is lam = n lam'. lam > 0 is required: Z^T Z alone is singular when D > n.
    """

    def __init__(self, method="nystroem", n_features=300, gamma=1.0, lam=0.1, seed=0):
        self.method = method
        self.n_features = n_features
        self.gamma = gamma
        self.lam = lam
        self.seed = seed

    def fit(self, X, y):
        lam = check_real(self.lam, "lam", low=0.0)
        X, y = _check_xy(X, y)
        self.map_ = feature_map(self.method, self.n_features, self.gamma, self.seed).fit(X)
        check_size(self.map_.width_, self.map_.width_, "The feature covariance Z^T Z", "Use fewer n_features.")
        Z = self.map_.transform(X)
        A = Z.T @ Z
        A[np.diag_indices_from(A)] += lam                  # the ridge sits on the diagonal
        try:
            # w = (Z^T Z + lam I_D)^{-1} Z^T y
            self.coef_ = cho_solve(cho_factor(A, lower=True, check_finite=False), Z.T @ y, check_finite=False)
        except LinAlgError:
            raise ValueError(f"Z^T Z + lam I is not positive definite at lam = {lam:g}; use a larger lam.") from None
        return self

    def predict(self, X):
        if not hasattr(self, "coef_"):
            raise ValueError("This ApproxKernelRidge is not fitted yet; call fit(X, y) first.")
        return self.map_.transform(X) @ self.coef_


def _subsample(n, size, seed):
    size = check_positive_int(size, "size")
    return np.sort(np.random.default_rng(check_seed(seed)).choice(n, size, replace=False)) if n > size else np.arange(n)


def kernel_error(fitted_map, X, gamma, size=ERROR_SAMPLE, seed=0):
    """Relative Frobenius error of the approximate Gram matrix on a random subsample S of `size` points (all of
    them when n <= size):   ||K_S - Z_S Z_S^T||_F / ||K_S||_F,  K_S = k(X_S, X_S),  Z_S = z(X_S).
    An estimate of kernel_approximation.approximation_error(K, Z) for all n points at O(size^2) cost."""
    if not isinstance(fitted_map, tuple(APPROXIMATIONS.values())):
        raise TypeError(f"fitted_map must be a fitted NystroemFeatures or RandomFourierFeatures, got {describe(fitted_map)}.")
    X = check_array(X, "X")
    S = X[_subsample(len(X), size, seed)]
    K = gram(S, kernel="rbf", gamma=check_real(gamma, "gamma", low=0.0))
    Z = fitted_map.transform(S)
    return float(np.linalg.norm(K - Z @ Z.T) / max(np.linalg.norm(K), 1e-300))


def aligned_error(E, E_ref):
    """||E R - E_ref||_F / ||E_ref||_F with R the best orthogonal q x q matrix (Procrustes): projections compared up
    to sign and up to a rotation inside groups of (nearly) equal eigenvalues, where the axes are not unique."""
    E, E_ref = check_array(E, "E"), check_array(E_ref, "E_ref")
    if E.shape != E_ref.shape:
        raise ValueError(f"The projections have shapes {E.shape} and {E_ref.shape}; they must match.")
    R = orthogonal_procrustes(E, E_ref)[0]
    return float(np.linalg.norm(E @ R - E_ref) / max(np.linalg.norm(E_ref), 1e-300))


def kpca_gap(X, n_components, method, n_features, gamma, size=ERROR_SAMPLE, seed=0):
    """Approximate against exact kernel PCA on the same random subsample of `size` points (exact is cheap there):
    aligned_error of the approximate projections against the exact ones."""
    X = check_array(X, "X")
    S = X[_subsample(len(X), size, seed)]
    D = _features(method, n_features, len(S))          # bad arguments are refused before the exact fit
    check_real(gamma, "gamma", low=0.0)
    exact = KernelPCA(n_components, "rbf", gamma=gamma).fit(S)
    approx = ApproxKernelPCA(n_components, method, D, gamma, seed).fit(S)
    return aligned_error(approx.embedding_, exact.Kc_ @ exact.dual_coef_)


def _features(method, n_features, n):
    """The approximation's size on a subsample of n points: Nyström cannot use more landmarks than points."""
    n_features = check_positive_int(n_features, "n_features")
    return min(n_features, n) if check_choice(method, APPROXIMATIONS, "approximation") == "nystroem" else n_features


def ridge_gap(X, y, grid, method, n_features, gamma, lam, size=ERROR_SAMPLE, seed=0):
    """Approximate against exact kernel ridge regression, both fitted on the same random subsample of `size`
    points (the exact n x n solve is cheap there): max over `grid` of |f_approx(x) - f_exact(x)|."""
    X, y = _check_xy(X, y)
    idx = _subsample(len(X), size, seed)
    D = _features(method, n_features, len(idx))        # bad arguments are refused before the exact fit
    exact = KernelRidge("rbf", lam=lam, gamma=gamma).fit(X[idx], y[idx])
    approx = ApproxKernelRidge(method, D, gamma, lam, seed).fit(X[idx], y[idx])
    return float(np.max(np.abs(approx.predict(grid) - exact.predict(grid))))
