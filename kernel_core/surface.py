"""Decision surfaces over a grid, at the speed the picture needs.

Every kernel model of the lecture predicts with a kernel expansion (seeds 000, 003)

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

from ._validation import check_array
from .algebra import Kernel, Scaled, Sum, as_kernel

CHUNK = 20_000  # grid points per direct-evaluation block (bounded memory)


def _axis_factor(kind, gamma, grid, coords):
    d = grid[:, None] - coords[None, :]
    return np.exp(-gamma * (d * d if kind == "rbf" else np.abs(d)))


def _poly_surface(points, weights, xs, ys, gamma, coef0, degree):
    """sum_i w_i (g (x1 p_i1 + x2 p_i2) + c)^m via the multinomial expansion in x1^j x2^k."""
    Z = np.zeros((len(ys), len(xs)))
    for j in range(degree + 1):
        for k in range(degree + 1 - j):
            l = degree - j - k
            coef = factorial(degree) / (factorial(j) * factorial(k) * factorial(l)) * gamma ** (j + k) * coef0 ** l
            s = float(np.sum(weights * points[:, 0] ** j * points[:, 1] ** k))
            if coef and s:
                Z += coef * s * np.outer(ys ** k, xs ** j)
    return Z


def _direct(points, weights, kernel, xs, ys):
    g1, g2 = np.meshgrid(xs, ys)
    grid = np.c_[g1.ravel(), g2.ravel()]
    out = np.empty(len(grid))
    for start in range(0, len(grid), CHUNK):
        out[start:start + CHUNK] = kernel(grid[start:start + CHUNK], points) @ weights
    return out.reshape(len(ys), len(xs))


def expansion_surface(points, weights, bias, kernel, xs, ys):
    """Z[b, a] = sum_i weights[i] k(points[i], (xs[a], ys[b])) + bias, for 2-D points.

    kernel: a kernel_core Kernel (compositions included) or a kernel name with default parameters.
    """
    points = check_array(points, "points")
    if points.shape[1] != 2:
        raise ValueError(f"Decision surfaces are drawn for 2-D data; the points have {points.shape[1]} features.")
    weights = np.asarray(weights, dtype=np.float64).ravel()
    if len(weights) != len(points):
        raise ValueError(f"{len(weights)} weights for {len(points)} points; one weight per point is needed.")
    xs = check_array(np.asarray(xs, float), "xs", ndim=1)
    ys = check_array(np.asarray(ys, float), "ys", ndim=1)
    kernel = as_kernel(kernel)
    return _surface(points, weights, kernel, xs, ys) + float(bias)


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
    if hasattr(model, "expansion"):
        points, weights, bias = model.expansion()
        return expansion_surface(points, weights, bias, model.kernel_, xs, ys)
    g1, g2 = np.meshgrid(np.asarray(xs, float), np.asarray(ys, float))
    grid = np.c_[g1.ravel(), g2.ravel()]
    f = model.decision_function if hasattr(model, "decision_function") else model.predict
    return np.asarray(f(grid), dtype=np.float64).reshape(len(ys), len(xs))
