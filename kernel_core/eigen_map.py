"""The eigen feature map of a Gram matrix (Held): K = V Lambda V^T gives phi(x_l) = Lambda^{1/2} V[l, :], exact on
the n points it was built from, and its error when only the q largest eigenvalues are kept.
"""
from dataclasses import dataclass

import numpy as np
from scipy.linalg import eigh

from ._validation import check_array, check_positive_int
from .spectral import _check_square, is_symmetric, psd_threshold


def gram_eigh(K):
    """K = V Lambda V^T (scipy/LAPACK eigh): eigenvalues descending, eigenvector signs fixed (largest entry > 0)."""
    K = _check_square(K)
    if not is_symmetric(K):
        raise ValueError("K is not symmetric, so it is no Gram matrix and has no eigen feature map.")
    ev, V = eigh(K)
    ev, V = ev[::-1], V[:, ::-1]
    V = V * np.where(V[np.argmax(np.abs(V), axis=0), np.arange(V.shape[1])] < 0, -1.0, 1.0)
    return ev, V


@dataclass(frozen=True)
class EigenMap:
    features: np.ndarray     # (n, q): row l is phi(x_l) = Lambda_q^{1/2} V[l, :q]
    eigenvalues: np.ndarray  # all n, descending (insignificant negatives clipped to 0)
    rank: int                # eigenvalues above spectral.psd_threshold (PSD_RTOL * max|lambda|)
    error: float             # ||K - Phi Phi^T||_F / ||K||_F


def eigen_feature_map(K, q=None):
    """The eigen feature map of Held, truncated to q components (default: the rank of K).

        K = V Lambda V^T,  phi(x_l) = Lambda_q^{1/2} V[l, :q]^T  ->  phi(x_l)^T phi(x_k) ~ K[l, k]
    (Held writes K = V^T Lambda V and phi(x_l) = Lambda^{1/2} V^(:, l): its V is this V^T.)
    Exact at q = rank. A negative eigenvalue has no real square root: then no real map exists (ValueError).
    """
    ev, V = gram_eigh(K)
    threshold = psd_threshold(ev)   # |eigenvalue| below it: round-off
    negative = ev < -threshold
    if negative.any():
        raise ValueError(f"K has {int(negative.sum())} negative eigenvalue(s) (smallest {ev[-1]:.4g}): "
                         "Lambda^(1/2) would be imaginary, so no real feature map reproduces K — "
                         "the kernel is not a Mercer kernel.")
    ev = np.clip(ev, 0.0, None)  # round-off negatives (within the threshold) are zeros
    rank = int(np.count_nonzero(ev > threshold))
    q = rank if q is None else check_positive_int(q, "q", high=len(ev))
    Phi = V[:, :q] * np.sqrt(ev[:q])
    K = np.asarray(K, dtype=np.float64)
    error = float(np.linalg.norm(K - Phi @ Phi.T) / max(np.linalg.norm(K), 1e-300))
    return EigenMap(Phi, ev, rank, error)


def reconstruction_errors(eigenvalues):
    """Relative error ||K - Phi_q Phi_q^T||_F / ||K||_F for q = 0, 1, ..., n from the eigenvalues alone:
        sqrt(sum of lambda_i^2 over the eigenvalues not used) / sqrt(sum of all lambda_i^2).
    Only positive eigenvalues can be used (descending); negative ones stay in the error for every q,
    so for an indefinite K the curve levels off above 0."""
    ev = np.sort(check_array(eigenvalues, "eigenvalues", ndim=1))[::-1]
    sq = ev ** 2
    usable = np.where(ev > 0, sq, 0.0)
    left = sq.sum() - np.concatenate([[0.0], np.cumsum(usable)])
    return np.sqrt(np.clip(left, 0.0, None) / max(sq.sum(), 1e-300))
