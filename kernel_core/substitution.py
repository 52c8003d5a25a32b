"""Kernel substitution inside the Gaussian (Nguyen; Bishop's PRML eq. 6.24 via the blog notes).

The Gaussian kernel only needs squared distances, and a squared distance only needs inner products:

    ||x - x'||^2 = x^T x + x'^T x' - 2 x^T x'

Replacing every inner product by a kernel kappa (kernel substitution) gives

    k(x, x') = exp(-(kappa(x, x) + kappa(x', x') - 2 kappa(x, x')) / (2 sigma^2))
             = exp(-||phi(x) - phi(x')||^2 / (2 sigma^2))        (phi the feature map of kappa)

a Gaussian in kappa's feature space: a kernel whenever kappa is one. With kappa linear it is the RBF
kernel exp(-gamma ||x - x'||^2) with gamma = 1 / (2 sigma^2).
"""
import numpy as np

from ._validation import check_pair, check_real, check_size
from .algebra import as_kernel
from .kernels import check_finite_gram

DIAG_ROWS = 64
"""Rows per block for kappa(x, x) of the points Y: a block costs DIAG_ROWS^2 kernel values, so the diagonal of m
points costs m * DIAG_ROWS of them (not m^2)."""


def _diag(kappa, A):
    """kappa(a, a) for every row a of A, shape (len(A),)."""
    return np.concatenate([np.diag(kappa(A[s:s + DIAG_ROWS])) for s in range(0, len(A), DIAG_ROWS)])


def substituted_gaussian(X, Y=None, inner="linear", sigma=1.0):
    """K[i, j] = exp(-(kappa(x_i, x_i) + kappa(y_j, y_j) - 2 kappa(x_i, y_j)) / (2 sigma^2)), shape (n, m).

    X (n, d), Y (m, d) (Y defaults to X); inner: the kernel kappa, a Kernel object (compositions included)
    or a kernel name such as "poly"; sigma > 0: the Gaussian's width (gamma = 1 / (2 sigma^2)).
    The bracket is the squared distance ||phi(x) - phi(x')||^2 in kappa's feature space: >= 0 for a valid
    kappa; for one that is not PSD (the sigmoid) it can be negative, and k can exceed 1.
    """
    kappa = as_kernel(inner)
    sigma = check_real(sigma, "sigma", low=0.0)
    X, Y_ = check_pair(X, Y)
    check_size(len(X), len(Y_))
    K_xy = kappa(X, Y_)
    d_x = np.diag(K_xy).copy() if Y is None else _diag(kappa, X)   # the same numbers as K_xy's diagonal: exact 0
    d_y = d_x if Y is None else _diag(kappa, Y_)
    with np.errstate(all="ignore"):
        # D = kappa(x, x) + kappa(x', x') - 2 kappa(x, x') = ||phi(x) - phi(x')||^2, then K = exp(-D / (2 sigma^2)),
        # built in the memory of K_xy, a fresh array (no n x m temporaries)
        K = K_xy
        K *= -2.0
        K += d_x[:, None]
        K += d_y[None, :]
        K *= -1.0 / (2.0 * np.float64(sigma) ** 2)
        np.exp(K, out=K)
    return check_finite_gram(K, "substituted Gaussian")
