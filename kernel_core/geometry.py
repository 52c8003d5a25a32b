"""Geometry in feature space from the kernel alone (seed 002) and the seed-003 counterexamples."""
import numpy as np

from ._validation import check_array
from .kernels import gram


def feature_space_geometry(x, z, kernel="rbf", **params):
    """Norms, distance and angle of phi(x), phi(z), using only kernel values:

        ||phi(x)|| = sqrt(k(x, x))
        ||phi(x) - phi(z)||^2 = k(x, x) - 2 k(x, z) + k(z, z)
        cos(theta) = k(x, z) / sqrt(k(x, x) k(z, z))

    (Seed 002 prints the first line as ||f||^2 = sqrt(K); the square root gives the norm itself.)
    """
    P = check_array(np.vstack([np.atleast_1d(np.asarray(x, float)), np.atleast_1d(np.asarray(z, float))]), "points")
    K = gram(P, kernel=kernel, **params)
    kxx, kxz, kzz = float(K[0, 0]), float(K[0, 1]), float(K[1, 1])
    if kxx < 0 or kzz < 0:
        raise ValueError("k(x, x) is negative here, so this kernel is no inner product: "
                         "norms and angles in feature space do not exist.")
    d2 = max(kxx - 2 * kxz + kzz, 0.0)
    denom = (kxx * kzz) ** 0.5
    cos = float(np.clip(kxz / denom, -1.0, 1.0)) if denom > 0 else float("nan")
    return {"k_xx": kxx, "k_xz": kxz, "k_zz": kzz, "norm_x": kxx ** 0.5, "norm_z": kzz ** 0.5,
            "distance": d2 ** 0.5, "cos_angle": cos,
            "angle_deg": float(np.degrees(np.arccos(cos))) if denom > 0 else float("nan")}


def sin_cos_kernel(x, z):
    """k(x, x') = sin(x) cos(x') for scalars: not symmetric (seed 003), so not a kernel."""
    x = np.asarray(x, float).ravel()
    z = np.asarray(z, float).ravel()
    return np.outer(np.sin(x), np.cos(z))


def bilinear_kernel(X, Y, M):
    """k(x, x') = x^T M x' (seed 003): a valid kernel exactly when M is symmetric and PSD."""
    X = check_array(X, "X")
    Y = check_array(Y, "Y")
    M = check_array(M, "M")
    if M.shape != (X.shape[1], Y.shape[1]):
        raise ValueError(f"M must be {X.shape[1]} x {Y.shape[1]} to match the data, got {M.shape}.")
    return X @ M @ Y.T
