"""Stationary and radial kernels (Bishop's notes: "stationary, because they are invariant to translations in input
space"; "homogeneous kernels, also known as radial basis functions"): a probe that tells them apart on numbers.

    stationary:  k(x, x') = k(x - x')         the same value for x0 + d and x0 wherever x0 is
    radial:      k(x, x') = k(||x - x'||)     and the same again when d is rotated (Euclidean norm)

The RBF kernel is both; the Laplacian kernel exp(-gamma ||x - x'||_1) (scikit-learn's, with the l1 norm) is stationary
but radial in the l1 norm only; the linear, polynomial and sigmoid kernels depend on x^T x' and are neither.
"""
import numpy as np

from ._validation import check_array, check_finite
from .algebra import as_kernel

MAX_PROBES = 100


def shift_probe(kernel, x0s, d, **params):
    """(k(x0 + d, x0) for each row x0 of x0s, k(x0 + R d, x0) for each, R the rotation by 45 degrees): equal down
    the first array for a stationary kernel, equal across the two for a radial one. d is one 2-D offset. (45, not
    90 degrees: a quarter turn keeps the l1 norm too, so it would not catch the Laplacian kernel's diamonds.)"""
    x0s = check_array(x0s, "x0s")
    if x0s.shape[1] != 2 or len(x0s) > MAX_PROBES:
        raise ValueError(f"x0s must be points of the plane, (m, 2) with m <= {MAX_PROBES}; it has shape {x0s.shape}.")
    d = check_array(d, "d", ndim=1)
    if d.shape != (2,):
        raise ValueError(f"d must be one offset in the plane, 2 numbers; it has {d.size}.")
    k = as_kernel(kernel, **params)
    c = np.sqrt(0.5)
    turned = np.array([c * (d[0] - d[1]), c * (d[0] + d[1])])   # R d, rotated by 45 degrees: the same Euclidean length
    with np.errstate(all="ignore"):
        shifted = np.array([k(x0[None, :] + d, x0[None, :])[0, 0] for x0 in x0s])
        rotated = np.array([k(x0[None, :] + turned, x0[None, :])[0, 0] for x0 in x0s])
    return check_finite(shifted, "k(x0 + d, x0)"), check_finite(rotated, "k(x0 + R d, x0)")
