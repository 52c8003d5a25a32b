"""Geometry in feature space from the kernel alone (Sugiyama) and Kriege's counterexamples."""
import numpy as np

from ._validation import check_array, check_finite, check_size
from .kernels import gram


def feature_space_geometry(x, z, kernel="rbf", **params):
    """Norms, distance and angle of phi(x), phi(z), using only kernel values:

        ||phi(x)|| = sqrt(k(x, x))
        ||phi(x) - phi(z)||^2 = k(x, x) - 2 k(x, z) + k(z, z)
        cos(theta) = k(x, z) / sqrt(k(x, x) k(z, z))

    (Sugiyama prints the first line as ||f||^2 = sqrt(K); the square root gives the norm itself.)
    x and z are single points (1-D, or one row). Every value is finite, except cos_angle and angle_deg,
    which are NaN when phi(x) or phi(z) is the zero vector (the angle is undefined).
    """
    x, z = _point(x, "x"), _point(z, "z")
    if len(x) != len(z):
        raise ValueError(f"x has {len(x)} coordinate(s) but z has {len(z)}; both need the same number.")
    K = gram(np.vstack([x, z]), kernel=kernel, **params)
    kxx, kxz, kzz = float(K[0, 0]), float(K[0, 1]), float(K[1, 1])
    if kxx < 0 or kzz < 0:
        raise ValueError("k(x, x) is negative here, so this kernel is no inner product: "
                         "norms and angles in feature space do not exist.")
    with np.errstate(over="ignore", invalid="ignore"):
        d2 = max(kxx - 2 * kxz + kzz, 0.0)
        denom = kxx ** 0.5 * kzz ** 0.5
    if not (np.isfinite(d2) and np.isfinite(denom)):
        raise ValueError("The distance in feature space overflowed (kernel values too large for floating point); "
                         "use smaller points or parameters.")
    cos = float(np.clip(kxz / denom, -1.0, 1.0)) if denom > 0 else float("nan")
    return {"k_xx": kxx, "k_xz": kxz, "k_zz": kzz, "norm_x": kxx ** 0.5, "norm_z": kzz ** 0.5,
            "distance": d2 ** 0.5, "cos_angle": cos,
            "angle_deg": float(np.degrees(np.arccos(cos))) if denom > 0 else float("nan")}


def _point(x, name):
    """One point as a 1-D array: a number, a 1-D vector or a single row; several rows are refused."""
    if isinstance(x, (str, bytes)):
        raise ValueError(f"{name} must be a point (numbers), not text ({x[:30]!r}).")
    try:
        shape = np.shape(x)
    except (ValueError, TypeError):
        raise ValueError(f"{name} must be one point, a flat list of numbers.") from None
    if len(shape) > 2 or (len(shape) == 2 and shape[0] != 1):
        raise ValueError(f"{name} must be one point (a 1-D vector of coordinates); got shape {shape}, "
                         "which holds several points.")
    return check_array(np.asarray(x).reshape(-1), name, ndim=1)


def _vector(x, name):
    if isinstance(x, (str, bytes)):
        raise ValueError(f"{name} must be numbers, not text ({x[:30]!r}).")
    try:
        A = np.asarray(x)
    except (ValueError, TypeError):
        raise ValueError(f"{name} must be a flat list of numbers.") from None
    return check_array(A.reshape(-1), name, ndim=1)


def sin_cos_kernel(x, z):
    """k(x, x') = sin(x) cos(x') for scalars: not symmetric (Kriege), so not a kernel."""
    x, z = _vector(x, "x"), _vector(z, "z")
    check_size(len(x), len(z), "The matrix sin(x) cos(z)")
    return np.outer(np.sin(x), np.cos(z))


def bilinear_kernel(X, Y, M):
    """k(x, x') = x^T M x' (Kriege): a valid kernel exactly when M is symmetric and PSD."""
    X = check_array(X, "X")
    Y = check_array(Y, "Y")
    M = check_array(M, "M")
    if M.shape != (X.shape[1], Y.shape[1]):
        raise ValueError(f"M must be {X.shape[1]} x {Y.shape[1]} to match the data, got {M.shape}.")
    check_size(len(X), len(Y))
    with np.errstate(over="ignore", invalid="ignore"):
        K = X @ M @ Y.T
    return check_finite(K, "x^T M x'", "scale the data or M")
