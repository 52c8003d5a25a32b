"""Decision surfaces over a grid, at the speed the picture needs.

Every kernel model of the lecture predicts with a kernel expansion (Held and Kriege)

    f(x) = sum_i w_i k(p_i, x) + b

(perceptron: w_i = alpha_i y_i; SVM: w_i = alpha_i y_i over the support vectors, b = intercept;
ridge: w_i = alpha_i). On a grid x = (xs[a], ys[b]) some kernels factorise over the two axes, so
the whole surface is one small matrix product instead of len(xs) * len(ys) * m kernel evaluations:

    RBF:        exp(-g ||x - p||^2) = exp(-g (x1 - p1)^2) * exp(-g (x2 - p2)^2)
    Laplacian:  exp(-g ||x - p||_1) = exp(-g |x1 - p1|)  * exp(-g |x2 - p2|)
    => Z = (Ey * w) @ Ex^T + b,  Ex[a, i] = e(xs[a] - p_i1),  Ey[b, i] = e(ys[b] - p_i2)

    linear:     f(x) = beta^T x + b with beta = sum_i w_i p_i          (the primal weights)
    polynomial: (g x^T p + c)^m expanded by the multinomial theorem into monomials x1^j x2^k
                (the explicit feature map, (m+1)(m+2)/2 features in 2-D).
Sums and positive multiples of kernels give sums and multiples of surfaces; anything else is
evaluated directly, in chunks.
"""
from math import factorial

import numpy as np

from ._validation import check_array, check_finite, check_real, check_size
from .algebra import Kernel, Scaled, Sum, as_kernel

CHUNK = 20_000  # grid points per direct-evaluation block (bounded memory)
CHUNK_ENTRIES = 4_000_000  # ... and at most this many kernel values per block (32 MB)


def _axis_factor(kind, gamma, grid, coords):
    d = grid[:, None] - coords[None, :]
    return np.exp(-gamma * (d * d if kind == "rbf" else np.abs(d)))


def _poly_surface(points, weights, xs, ys, gamma, coef0, degree):
    """sum_i w_i (g (x1 p_i1 + x2 p_i2) + c)^m via the multinomial expansion in x1^j x2^k."""
    Z = np.zeros((len(ys), len(xs)))
    for j in range(degree + 1):
        for k in range(degree + 1 - j):
            l = degree - j - k
            coef = (factorial(degree) / (factorial(j) * factorial(k) * factorial(l))
                    * np.float64(gamma) ** (j + k) * np.float64(coef0) ** l)
            s = float(np.sum(weights * points[:, 0] ** j * points[:, 1] ** k))
            if coef and s:
                Z += coef * s * np.outer(ys ** k, xs ** j)
    return Z


def _direct(points, weights, kernel, xs, ys):
    g1, g2 = np.meshgrid(xs, ys)
    grid = np.c_[g1.ravel(), g2.ravel()]
    out = np.empty(len(grid))
    step = max(1, min(CHUNK, CHUNK_ENTRIES // len(points)))
    for start in range(0, len(grid), step):
        out[start:start + step] = kernel(grid[start:start + step], points) @ weights
    return out.reshape(len(ys), len(xs))


def expansion_surface(points, weights, bias, kernel, xs, ys):
    """Z[b, a] = sum_i weights[i] k(points[i], (xs[a], ys[b])) + bias, for 2-D points.

    kernel: a kernel_core Kernel (compositions included) or a kernel name with default parameters.
    Returns a finite array of shape (len(ys), len(xs)), or a ValueError when the values overflow.
    """
    points = check_array(points, "points")
    if points.shape[1] != 2:
        raise ValueError(f"Decision surfaces are drawn for 2-D data; the points have {points.shape[1]} features.")
    try:
        weights = np.asarray(weights).reshape(-1)
    except (ValueError, TypeError):
        raise ValueError("weights must be a flat list of numbers, one per point.") from None
    weights = check_array(weights, "weights", ndim=1)
    if len(weights) != len(points):
        raise ValueError(f"{len(weights)} weights for {len(points)} points; one weight per point is needed.")
    xs, ys = check_array(xs, "xs", ndim=1), check_array(ys, "ys", ndim=1)
    bias = check_real(bias, "bias")
    kernel = as_kernel(kernel)
    check_size(len(ys), len(xs), "The surface grid", "Use fewer grid points.")
    check_size(max(len(xs), len(ys)), len(points), "The surface's kernel values (grid axis x points)")
    with np.errstate(over="ignore", invalid="ignore"):
        Z = _surface(points, weights, kernel, xs, ys) + bias
    return check_finite(Z, "The decision surface", "scale the data or use a smaller gamma, degree or coef0")


def _surface(points, weights, kernel, xs, ys):
    if isinstance(kernel, Sum):
        return sum(_surface(points, weights, k, xs, ys) for k in kernel.parts)
    if isinstance(kernel, Scaled):
        return kernel.c * _surface(points, weights, kernel.parts[0], xs, ys)
    if type(kernel) is not Kernel:
        return _direct(points, weights, kernel, xs, ys)
    p = dict(kernel.params)
    gamma = p.get("gamma")
    gamma = 1.0 / points.shape[1] if gamma is None else gamma
    if kernel.name in ("rbf", "laplacian"):
        Ex = _axis_factor(kernel.name, gamma, xs, points[:, 0])
        Ey = _axis_factor(kernel.name, gamma, ys, points[:, 1])
        return (Ey * weights) @ Ex.T
    if kernel.name == "linear":
        beta = weights @ points
        return beta[1] * ys[:, None] + beta[0] * xs[None, :]
    if kernel.name == "poly":
        degree = int(p.get("degree") or 3)
        coef0 = 1.0 if p.get("coef0") is None else p["coef0"]
        if degree <= 12:
            return _poly_surface(points, weights, xs, ys, gamma, coef0, degree)
    return _direct(points, weights, kernel, xs, ys)


def decision_surface(model, xs, ys):
    """The model's decision function (classifiers) or prediction (regressors) on the grid xs x ys,
    shape (len(ys), len(xs)). Kernel models provide `expansion()` -> (points, weights, bias) and
    `kernel_`; any other model (k-NN, ...) is evaluated point by point through its own method."""
    xs, ys = check_array(xs, "xs", ndim=1), check_array(ys, "ys", ndim=1)
    if hasattr(model, "expansion"):
        points, weights, bias = model.expansion()
        if len(points) == 0:  # no point carries weight yet: f = b everywhere
            return np.full((len(ys), len(xs)), float(bias))
        return expansion_surface(points, weights, bias, model.kernel_, xs, ys)
    f = getattr(model, "decision_function", None) or getattr(model, "predict", None)
    if not callable(f):
        raise TypeError(f"decision_surface needs a fitted model with decision_function or predict, "
                        f"got {type(model).__name__}.")
    check_size(len(ys), len(xs), "The surface grid", "Use fewer grid points.")
    g1, g2 = np.meshgrid(xs, ys)
    grid = np.c_[g1.ravel(), g2.ravel()]
    Z = np.asarray(f(grid), dtype=np.float64).reshape(len(ys), len(xs))
    if not np.all(np.isfinite(Z)):
        raise ValueError("The model's predictions on the grid are not finite.")
    return Z
