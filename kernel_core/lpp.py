"""Kernel locality preserving projection (Sugiyama): the Laplacian eigenmap's neighbourhood graph, solved in the span
of the kernel functions, so that new points can be embedded too."""
import numpy as np
from scipy.linalg import eigh

from ._validation import check_array, check_features, check_finite, check_positive_int, check_real
from .algebra import KernelModel
from .graphs import knn_graph

LPP_EPS = 1e-8
"""Sugiyama: when KDK is not full rank, replace it by KDK + eps I. Here eps = LPP_EPS * tr(KDK) / n (relative to
the mean diagonal entry, so the ridge does not depend on the kernel's scale)."""
CARRIED = 0.5
"""A generalised eigenvector counts only when KDK, not the ridge, carries at least this share of its norm
<(KDK + eps I) alpha, alpha> = 1: the others live where K is (numerically) singular and embed every point at ~0."""


class KernelLPP(KernelModel):
    """Kernel LPP (Sugiyama), embedding of a sample x into m dimensions:

        g(x) = A^T k(x),   k(x) = (K(x, x_1), ..., K(x, x_n))^T,   A = (alpha_1 | ... | alpha_m)
        K L K alpha = lambda K D K alpha,   <K D K alpha_i, alpha_j> = delta_ij

    with W the symmetrised k-nearest-neighbour graph (W[i, j] = 1 if x_j is among the k nearest neighbours of x_i
    or vice versa), D = diag(sum_j W[i, j]), L = D - W, and the alpha of the smallest lambda. The training points
    embed as G = A^T K. Solved by scipy's eigh(K L K, K D K + eps I) (the ridge of LPP_EPS, as Sugiyama advises
    when KDK is not full rank).

    Sugiyama keeps the m smallest lambda. Here, as in the Laplacian eigenmap, the trivial direction is dropped: when
    the constant vector lies in the span of K, K alpha = 1 solves the problem with lambda = 0 (L 1 = 0) and embeds
    every point at the same place; so do directions the ridge alone carries (K alpha ~ 0). When K is invertible,
    phi = K alpha turns the problem into L phi = lambda D phi: on the training points kernel LPP *is* the Laplacian
    eigenmap (same phi up to sign, same eigenvalues).

    Learned: dual_coef_ (n, m) = A, eigenvalues_ (m,) ascending, embedding_ (n, m) = K A, W_, K_, X_fit_.
    """

    def __init__(self, n_components=2, kernel="rbf", n_neighbors=10, eps=LPP_EPS, **params):
        self.n_components = n_components
        self.kernel = kernel
        self.n_neighbors = n_neighbors
        self.eps = eps
        self.params = params

    def fit(self, X):
        X = check_array(X, "X")
        n = X.shape[0]
        if n < 4:
            raise ValueError("Kernel LPP needs at least 4 points.")
        m = check_positive_int(self.n_components, "n_components", high=n - 2)
        eps = check_real(self.eps, "eps", low=0.0, high=1.0)
        W = knn_graph(X, self.n_neighbors)
        D = np.diag(W.sum(axis=1))
        L = D - W
        K = self._kernel()(X)
        K = (K + K.T) / 2
        with np.errstate(all="ignore"):
            KLK, KDK = K @ L @ K, K @ D @ K
            KLK, KDK = (KLK + KLK.T) / 2, (KDK + KDK.T) / 2
            ridge = eps * max(float(np.trace(KDK)) / n, 1e-300)
        if not (np.all(np.isfinite(KLK)) and np.all(np.isfinite(KDK)) and np.isfinite(ridge)):
            raise ValueError("K L K overflows floating point on these points; scale the data or the kernel down.")
        # K L K alpha = lambda (K D K + eps I) alpha, ascending lambda, <(KDK + eps I) alpha_i, alpha_j> = delta_ij
        try:
            lam, Alpha = eigh(KLK, KDK + ridge * np.eye(n), driver="gvd")
        except (np.linalg.LinAlgError, ValueError):
            raise ValueError("The generalised eigenproblem K L K alpha = lambda (K D K + eps I) alpha cannot be "
                             "solved here (K D K + eps I is not positive definite in floating point); use a larger "
                             "eps.") from None
        with np.errstate(all="ignore"):
            G = K @ Alpha
        if not np.all(np.isfinite(G)):
            raise ValueError("The embedding K alpha overflows floating point on these points; use a larger eps.")
        carried = np.einsum("ij,ii,ij->j", G, D, G)            # g^T D g = <KDK alpha, alpha>
        degrees = np.diag(D)
        constant = (degrees @ G) ** 2 / (degrees.sum() * np.maximum(carried, 1e-300))   # share of the constant in g
        keep = np.flatnonzero((carried >= CARRIED) & (constant < 0.5))
        if keep.size < m:
            raise ValueError(f"Kernel LPP finds only {keep.size} non-trivial direction(s) for this kernel on these "
                             f"points (K has too small a rank); ask for at most {keep.size} or use another kernel.")
        keep = keep[:m]
        self.n_dropped_ = int(keep[0])                        # trivial directions below the first kept one
        G = G[:, keep]
        signs = np.sign(G[np.argmax(np.abs(G), axis=0), np.arange(m)])   # as _flip_signs: largest entry positive
        self.dual_coef_ = Alpha[:, keep] * signs
        self.embedding_ = K @ self.dual_coef_
        self.eigenvalues_ = lam[keep]
        self.W_, self.K_, self.X_fit_, self.ridge_ = W, K, X, ridge
        return self

    def transform(self, X):
        """g(x) = A^T k(x) for each row x of X: (len(X), m)."""
        if not hasattr(self, "dual_coef_"):
            raise ValueError("This KernelLPP is not fitted yet; call fit(X) first.")
        X = check_features(X, self.X_fit_.shape[1])
        with np.errstate(all="ignore"):
            G = self._kernel()(X, self.X_fit_) @ self.dual_coef_
        return check_finite(G, "The embedding of these points", "scale the data or use a smaller gamma")
