"""Why a kernel's Gram matrix is positive semidefinite (Kriege): with the feature map phi and
Phi = [phi(x_1), ..., phi(x_n)] (d x n), K = Phi^T Phi, so for every vector v

    v^T K v = sum_i sum_j v_i v_j k(x_i, x_j) = ||sum_i v_i phi(x_i)||^2 = ||Phi v||^2 >= 0.

For a function that is not a kernel (the sigmoid, a polynomial with r < 0) no real phi exists, and the eigenvector
of K's most negative eigenvalue is a v with v^T K v < 0.
"""
from dataclasses import dataclass

import numpy as np

from ._validation import check_array, check_real
from .eigen_map import eigen_feature_map, gram_eigh
from .feature_maps import poly_feature_map
from .kernels import DEFAULTS, gram
from .spectral import PSD_RTOL, _check_square


def quadratic_form(K, v):
    """v^T K v = sum_i sum_j v_i v_j K[i, j] for a square K and a vector v of the same length."""
    K = _check_square(K)
    v = _check_vector(v, len(K))
    return float(v @ K @ v)


def _check_vector(v, n):
    v = check_array(v, "v", ndim=1)
    if len(v) != n:
        raise ValueError(f"v has {len(v)} entries but there are {n} points; give one weight per point.")
    return v


def explicit_features(X, kernel="poly", **params):
    """(Phi, how): the rows phi(x_i) of a feature map with Phi Phi^T = K, and how it was made.
        "poly" with coef0 >= 0: the explicit monomial map (poly_feature_map), how = "explicit";
        "linear": phi(x) = x, how = "explicit";
        other kernels with a PSD Gram matrix (RBF, Laplacian): the eigen map phi(x_l) = Lambda^{1/2} V[l, :] of
        K itself (Held; Kriege's proof that a PSD matrix is a Gram matrix), how = "eigen";
        a K with a negative eigenvalue: (None, "none") — no real map reproduces it."""
    X = check_array(X, "X")
    if kernel == "linear":
        return X.copy(), "explicit"
    p = {k: DEFAULTS[k] if params.get(k) is None else params[k] for k in ("gamma", "degree", "coef0")}
    if kernel == "poly" and p["coef0"] >= 0:   # gamma None: scikit-learn's default 1 / n_features
        gamma = 1.0 / X.shape[1] if p["gamma"] is None else p["gamma"]
        return poly_feature_map(X, p["degree"], gamma, p["coef0"]), "explicit"
    try:
        return eigen_feature_map(gram(X, kernel=kernel, **params)).features, "eigen"
    except ValueError:
        return None, "none"


@dataclass(frozen=True)
class BothWays:
    K: np.ndarray             # the Gram matrix (n x n)
    terms: np.ndarray         # v_i v_j K[i, j], whose sum is v^T K v
    vkv: float                # v^T K v from K
    Phi: np.ndarray | None    # rows phi(x_i) (None: no real feature map)
    w: np.ndarray | None      # sum_i v_i phi(x_i) = Phi^T v
    norm2: float | None       # ||w||^2 from the features
    how: str                  # "explicit", "eigen" or "none" (see explicit_features)


def vkv_both_ways(X, v, kernel="poly", **params):
    """v^T K v computed from the Gram matrix, and ||sum_i v_i phi(x_i)||^2 computed from the features (Kriege:
    x^T K x = ||Phi x||^2 >= 0); equal up to round-off whenever a real feature map exists."""
    X = check_array(X, "X")
    v = _check_vector(v, len(X))
    K = gram(X, kernel=kernel, **params)
    terms = np.outer(v, v) * K
    Phi, how = explicit_features(X, kernel, **params)
    w = None if Phi is None else Phi.T @ v
    return BothWays(K, terms, float(v @ K @ v), Phi, w, None if w is None else float(w @ w), how)


def negative_direction(K):
    """(lambda_min, v): the smallest eigenvalue of the symmetric K and its unit eigenvector, so v^T K v = lambda_min.
    K is PSD exactly when no v does better, so lambda_min < -PSD_RTOL * max|lambda| is a witness that K is not a
    Gram matrix of any feature map. The sign of v is fixed (its largest entry is positive)."""
    ev, V = gram_eigh(K)
    v = V[:, -1]
    v = v if v[np.argmax(np.abs(v))] > 0 else -v
    return float(ev[-1]), v


def is_negative_witness(K, v, rtol=PSD_RTOL):
    """v^T K v < 0 beyond round-off (-rtol * max|K| * ||v||^2)."""
    rtol = check_real(rtol, "rtol", low=0.0, low_inclusive=True)
    v = _check_vector(v, len(K))
    return quadratic_form(K, v) < -rtol * max(float(np.max(np.abs(K))), 1e-300) * float(v @ v) * len(v)
