"""Eigenvalues of Gram matrices and the PSD test (Held and Kriege): a kernel is valid when it is
symmetric and every Gram matrix it makes is positive semi-definite.
"""
from dataclasses import dataclass

import numpy as np
from scipy.linalg import eigvalsh

from ._validation import check_array, check_real

PSD_RTOL = 1e-8
"""An eigenvalue counts as negative only below -PSD_RTOL * max|eigenvalue|: round-off in a float64
eigen-solver is of order n * 1e-16 relative, so smaller negatives are numerical noise, not evidence."""

SYMMETRY_RTOL = 1e-10
"""K is symmetric when max|K - K^T| <= SYMMETRY_RTOL * max|K|."""


def _check_square(K):
    if isinstance(K, (str, bytes)):
        raise ValueError(f"A Gram matrix must be numbers, not text ({K[:30]!r}).")
    try:
        shape = np.shape(K)
    except (ValueError, TypeError):
        raise ValueError("A Gram matrix must be a square table of numbers; the rows have different lengths.") from None
    if len(shape) != 2 or shape[0] != shape[1]:
        raise ValueError(f"A Gram matrix must be square; got shape {shape}.")
    K = np.asarray(K)
    if K.size and K.dtype.kind not in "biuf":
        K = check_array(K, "The matrix")  # a sentence for text, objects or complex numbers
    K = np.asarray(K, dtype=np.float64)
    if K.ndim != 2 or K.shape[0] != K.shape[1]:
        raise ValueError(f"A Gram matrix must be square; got shape {K.shape}.")
    if K.size == 0:
        raise ValueError("The matrix is empty.")
    if not np.all(np.isfinite(K)):
        raise ValueError("The matrix contains NaN or infinite values.")
    return K


def is_symmetric(K):
    K = _check_square(K)
    return float(np.max(np.abs(K - K.T))) <= SYMMETRY_RTOL * max(float(np.max(np.abs(K))), 1e-300)


def spectrum(K):
    """Eigenvalues of a symmetric matrix K, in descending order (LAPACK through scipy's eigvalsh)."""
    K = _check_square(K)
    if not is_symmetric(K):
        raise ValueError("spectrum() needs a symmetric matrix; this one is not (K != K^T), "
                         "so it cannot be the Gram matrix of a kernel.")
    return eigvalsh(K)[::-1]


def psd_threshold(eigenvalues, rtol=PSD_RTOL):
    """The round-off threshold rtol * max|eigenvalue|: an eigenvalue within it of 0 is numerical noise (negligible),
    one below minus it is evidence that K is not PSD. rtol: a finite number >= 0 (PSD_RTOL by default)."""
    rtol = check_real(rtol, "rtol", low=0.0, low_inclusive=True)
    ev = np.asarray(eigenvalues, dtype=np.float64)
    return rtol * max(float(np.max(np.abs(ev))) if ev.size else 0.0, 1e-300)


def is_psd(K, rtol=PSD_RTOL):
    """True when K is symmetric and no eigenvalue is below -rtol * max|eigenvalue|."""
    return verdict(K, rtol).psd


@dataclass(frozen=True)
class Verdict:
    symmetric: bool
    psd: bool
    min_eigenvalue: float
    max_abs_eigenvalue: float
    n_negative: int
    reason: str


def verdict(K, rtol=PSD_RTOL):
    """Is K a valid Gram matrix? Symmetry first, then the eigenvalues; with a sentence saying why."""
    psd_threshold((), rtol)   # a bad rtol is refused before any work
    K = _check_square(K)
    if not is_symmetric(K):
        i, j = np.unravel_index(np.argmax(np.abs(K - K.T)), K.shape)
        return Verdict(False, False, float("nan"), float("nan"), 0,
                       f"not symmetric: K[{i},{j}] = {K[i, j]:.4g} but K[{j},{i}] = {K[j, i]:.4g}")
    ev = spectrum(K)
    scale = max(float(np.max(np.abs(ev))), 1e-300)
    negative = ev < -psd_threshold(ev, rtol)
    n_neg = int(negative.sum())
    if n_neg:
        reason = (f"{n_neg} eigenvalue(s) are negative (smallest {ev[-1]:.4g}, beyond the round-off "
                  f"tolerance {rtol:g} x {scale:.3g}): some vector v has v^T K v < 0")
    else:
        reason = f"symmetric and all eigenvalues >= 0 up to round-off (smallest {ev[-1]:.3g})"
    return Verdict(True, n_neg == 0, float(ev[-1]), scale, n_neg, reason)
