"""Fisher discriminant analysis, local FDA and their kernel versions (Sugiyama, "More on kernels", homework 2).

    from kernel_core import FisherDA, KernelFDA, fisher_laplacians
    z = FisherDA().fit(X, y).transform(X_new)                        # linear: phi^T x
    g = KernelFDA("rbf", eps=1e-3, gamma=1.0).fit(X, y).transform(X_new)   # kernel: alpha^T k(x)

Sugiyama writes the scatter matrices with pairwise weights (X with the samples x_i as columns there; rows here):

    S^(b) = 1/2 sum_ij W^(b)_ij (x_i - x_j)(x_i - x_j)^T = X^T L^(b) X,   L = D - W,   D = diag(sum_j W_ij)
    S^(w) = 1/2 sum_ij W^(w)_ij (x_i - x_j)(x_i - x_j)^T = X^T L^(w) X

    W^(w)_ij = A_ij / n_l                (y_i = y_j = l),   0     (y_i != y_j)
    W^(b)_ij = A_ij (1/n - 1/n_l)        (y_i = y_j = l),   1/n   (y_i != y_j)

with A_ij = 1 for FDA (then S^(b) = sum_l n_l (mu_l - mu)(mu_l - mu)^T and S^(w) = sum_i (x_i - mu_{y_i})(...)^T, the
textbook scatters) and the local-scaling affinity A_ij = exp(-||x_i - x_j||^2 / (s_i s_j)) for local FDA (s_i the
distance from x_i to its k-th nearest neighbour), so far-apart points of one class need not be pulled together.
FDA maximises the between-class scatter against the within-class one:

    S^(b) phi = lambda S^(w) phi                                  (linear; phi^T S^(w) phi = 1)
    K L^(b) K alpha = lambda (K L^(w) K + eps I) alpha            (kernel: phi = sum_i alpha_i phi(x_i), K = Phi Phi^T)

the regularised form Sugiyama advises, eps relative to tr(K L^(w) K) / n here so it does not depend on K's scale.
"""
import numpy as np
from scipy.linalg import eigh
from scipy.spatial.distance import cdist

from ._validation import (
    check_array,
    check_features,
    check_finite,
    check_flag,
    check_label_array,
    check_positive_int,
    check_real,
    check_size,
)
from .algebra import KernelModel

FDA_EPS = 1e-3
"""The kernel FDA's default regulariser eps (relative: eps x tr(K L^(w) K) / n is added on the diagonal). Without it
the within-class scatter of an RBF kernel's feature space can be made 0 on the training points: every class
projects to one value and new points are projected by an overfitted direction."""
LOCAL_NEIGHBOURS = 7
"""k of local FDA's local scaling s_i (the distance to the k-th nearest neighbour), the value Sugiyama's LFDA uses."""
MAX_POINTS = 3_000
"""The most training points: the kernel version solves a dense n x n generalised eigenproblem (~10 n^3)."""


def _classes(y, n):
    y = check_label_array(y, "y")
    if len(y) != n:
        raise ValueError(f"y must have one label per sample ({n}), got {len(y)}.")
    try:
        classes, codes = np.unique(y, return_inverse=True)
    except TypeError:
        raise ValueError("y mixes labels that cannot be compared; use all numbers or all text.") from None
    if len(classes) < 2:
        raise ValueError("y has only one class: Fisher discriminant analysis separates at least two.")
    return classes, codes


def local_affinity(X, n_neighbors=LOCAL_NEIGHBOURS):
    """A_ij = exp(-||x_i - x_j||^2 / (s_i s_j)), s_i = ||x_i - x_i^(k)||, the distance to the k-th nearest neighbour
    (the local scaling of Zelnik-Manor and Perona that local FDA uses); k is capped at n - 1. A scale s_i = 0
    (k duplicates of x_i) is replaced by the smallest positive one, so A stays finite."""
    X = check_array(X, "X")
    n = len(X)
    if n > MAX_POINTS:
        raise ValueError(f"Local FDA takes at most {MAX_POINTS:,} points (an n x n affinity); got {n:,}.")
    k = min(check_positive_int(n_neighbors, "n_neighbors"), n - 1)
    D2 = cdist(X, X, "sqeuclidean")
    if k == 0:
        return np.ones((1, 1))
    s = np.sqrt(np.sort(D2, axis=1)[:, k])
    positive = s[s > 0]
    s = np.where(s > 0, s, positive.min() if positive.size else 1.0)
    with np.errstate(over="ignore", under="ignore"):
        return np.exp(-D2 / np.outer(s, s))


def fisher_laplacians(y, affinity=None):
    """(L^(b), L^(w)) = (D^(b) - W^(b), D^(w) - W^(w)) for the labels y, with Sugiyama's pairwise weights (module
    docstring); affinity None: A_ij = 1 (FDA), else the n x n A of local FDA (local_affinity)."""
    y = check_label_array(y, "y")
    n = len(y)
    classes, codes = _classes(y, n)
    A = np.ones((n, n)) if affinity is None else check_array(affinity, "affinity")
    if A.shape != (n, n):
        raise ValueError(f"affinity must be {n} x {n} (one row and column per label); it is {A.shape}.")
    same = codes[:, None] == codes[None, :]
    n_l = np.bincount(codes)[codes]                    # n_l of each sample's class
    W_w = np.where(same, A / n_l[:, None], 0.0)
    W_b = np.where(same, A * (1 / n - 1 / n_l[:, None]), 1 / n)
    return np.diag(W_b.sum(axis=1)) - W_b, np.diag(W_w.sum(axis=1)) - W_w


def _sorted_eigh(B, A, m, what):
    """The m generalised eigenvectors of B v = lambda A v with the largest lambda (descending)."""
    try:
        lam, V = eigh(B, A)
    except (np.linalg.LinAlgError, ValueError):
        raise ValueError(f"{what} cannot be solved here (the within-class matrix is not positive definite in "
                         "floating point); use a larger eps.") from None
    return lam[::-1][:m], V[:, ::-1][:, :m]


class _Fisher:
    def _weights(self, X, y):
        X = check_array(X, "X")
        if len(X) > MAX_POINTS:
            raise ValueError(f"Fisher discriminant analysis here takes at most {MAX_POINTS:,} points; got {len(X):,}.")
        classes, codes = _classes(y, len(X))
        local = check_flag(self.local, "local")
        A = local_affinity(X, self.n_neighbors) if local else None
        L_b, L_w = fisher_laplacians(codes, A)
        self.classes_ = classes
        return X, codes, L_b, L_w

    def _orient(self, Z, codes):
        """Flip each component so that the last class (+1 of two classes -1, +1) projects above the first."""
        signs = np.where(Z[codes == codes.max()].mean(axis=0) >= Z[codes == 0].mean(axis=0), 1.0, -1.0)
        return signs

    def _fitted(self):
        if not hasattr(self, "eigenvalues_"):
            raise ValueError(f"This {type(self).__name__} is not fitted yet; call fit(X, y) first.")


class FisherDA(_Fisher):
    """Linear FDA (local FDA with local=True), Sugiyama's form:

        S^(b) phi = lambda S^(w) phi,   S^(b) = X^T L^(b) X,   S^(w) = X^T L^(w) X,   z(x) = phi^T x

    phi normalised so that phi^T (S^(w) + eps I) phi = 1 (eps relative to tr(S^(w)) / d: a tiny ridge when a class
    has no spread in some direction); the components of the largest lambda (for two classes FDA has one: S^(b) has
    rank 1), oriented so that the last class projects higher.

    Learned: components_ (d, m) = phi, eigenvalues_ (m,) the Fisher ratios, S_b_, S_w_, classes_.
    """

    def __init__(self, n_components=1, local=False, n_neighbors=LOCAL_NEIGHBOURS, eps=1e-9):
        self.n_components, self.local, self.n_neighbors, self.eps = n_components, local, n_neighbors, eps

    def fit(self, X, y):
        X, codes, L_b, L_w = self._weights(X, y)
        d = X.shape[1]
        m = check_positive_int(self.n_components, "n_components", high=d)
        eps = check_real(self.eps, "eps", low=0.0, low_inclusive=True, high=1.0)
        with np.errstate(all="ignore"):
            S_b, S_w = X.T @ L_b @ X, X.T @ L_w @ X
        check_finite(np.r_[S_b.ravel(), S_w.ravel()], "The scatter matrices", "scale the data down")
        S_b, S_w = (S_b + S_b.T) / 2, (S_w + S_w.T) / 2
        ridge = eps * max(np.trace(S_w) / d, 1e-300) + 1e-300
        lam, V = _sorted_eigh(S_b, S_w + ridge * np.eye(d), m, "S(b) phi = lambda S(w) phi")
        V = V * self._orient(X @ V, codes)
        self.components_, self.eigenvalues_, self.S_b_, self.S_w_ = V, lam, S_b, S_w
        return self

    def transform(self, X):
        """z(x) = phi^T x for each row x of X: (len(X), m)."""
        self._fitted()
        X = check_features(X, self.components_.shape[0])
        with np.errstate(all="ignore"):
            return check_finite(X @ self.components_, "The projections", "scale the data down")


class KernelFDA(_Fisher, KernelModel):
    """Kernel FDA (kernel local FDA with local=True), Sugiyama's dual eigenproblem, regularised:

        K L^(b) K alpha = lambda (K L^(w) K + eps' I) alpha,   eps' = eps tr(K L^(w) K) / n,   g(x) = alpha^T k(x)

    k(x) = (k(x_1, x), ..., k(x_n, x)). Solved by scipy's eigh; alpha normalised so that
    alpha^T (K L^(w) K + eps' I) alpha = 1; the components of the largest lambda, oriented so that the last class
    projects higher. With the linear kernel it is linear FDA written in alpha (phi = X^T alpha).

    Learned: dual_coef_ (n, m) = alpha, eigenvalues_ (m,), embedding_ (n, m) = K alpha, X_fit_, ridge_, classes_.
    """

    def __init__(self, kernel="rbf", eps=FDA_EPS, n_components=1, local=False, n_neighbors=LOCAL_NEIGHBOURS,
                 **params):
        self.kernel, self.eps, self.n_components = kernel, eps, n_components
        self.local, self.n_neighbors, self.params = local, n_neighbors, params

    def fit(self, X, y):
        X, codes, L_b, L_w = self._weights(X, y)
        n = len(X)
        m = check_positive_int(self.n_components, "n_components", high=n)
        eps = check_real(self.eps, "eps", low=0.0, high=1e3)
        check_size(n, n)
        K = self._kernel()(X)
        K = (K + K.T) / 2
        with np.errstate(all="ignore"):
            KBK, KWK = K @ L_b @ K, K @ L_w @ K
            KBK, KWK = (KBK + KBK.T) / 2, (KWK + KWK.T) / 2
            ridge = eps * max(float(np.trace(KWK)) / n, 1e-300)
        if not (np.all(np.isfinite(KBK)) and np.all(np.isfinite(KWK)) and np.isfinite(ridge)):
            raise ValueError("K L K overflows floating point on these points; scale the data or the kernel down.")
        # K L(b) K alpha = lambda (K L(w) K + eps' I) alpha, largest lambda first
        lam, Alpha = _sorted_eigh(KBK, KWK + ridge * np.eye(n), m, "K L(b) K alpha = lambda (K L(w) K + eps I) alpha")
        G = K @ Alpha
        Alpha = Alpha * self._orient(G, codes)
        self.dual_coef_, self.eigenvalues_, self.embedding_ = Alpha, lam, K @ Alpha
        self.X_fit_, self.ridge_ = X, ridge
        return self

    def transform(self, X):
        """g(x) = alpha^T k(x) for each row x of X: (len(X), m)."""
        self._fitted()
        X = check_features(X, self.X_fit_.shape[1])
        check_size(len(X), len(self.X_fit_), "The kernel columns k(x)")
        with np.errstate(all="ignore"):
            G = self._kernel()(X, self.X_fit_) @ self.dual_coef_
        return check_finite(G, "The projections", "scale the data or use a smaller gamma")
