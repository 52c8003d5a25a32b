"""The RKHS topic's cached calls into kernel_core, one per picture, each returning a dataclass. Keyed by plain values
(a ui.kernel_choice choice, tuples of numbers), bounded, shared by the class. Errors of kernel_core come out as
ValueError with a sentence; the sections show it."""
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from ui.cache import cache_data

ENTRIES = 64


# ---------------------------------------------------------------- the reproducing property
GRID_X = np.linspace(-3.0, 3.0, 241)      # x of the curves (the centres' axis)


@dataclass(frozen=True)
class Curve:
    xs: np.ndarray            # x on the axis
    f: np.ndarray             # f(x) = Σ αᵢ k(xᵢ, x) on xs
    bumps: np.ndarray         # αᵢ k(xᵢ, x) on xs, one column per centre
    K: np.ndarray             # the Gram matrix of the centres
    norm2: float              # ‖f‖²_H = αᵀKα


@cache_data(max_entries=ENTRIES)
def rkhs_curve(centres, alpha, choice):
    """f = Σ αᵢ k(xᵢ, ·) over the axis, its bumps, the centres' Gram matrix and ‖f‖²_H (kernel_core.rkhs)."""
    X, a = np.asarray(centres, float).reshape(-1, 1), np.asarray(alpha, float)
    kernel = choice.kernel()
    if not len(a):          # no centres: f = 0, the empty sum
        return Curve(GRID_X, np.zeros_like(GRID_X), np.zeros((len(GRID_X), 0)), np.zeros((0, 0)), 0.0)
    f = kc.rkhs_function(X, a, kernel)
    grid = GRID_X[:, None]
    return Curve(GRID_X, f(grid), f.bumps(grid), kernel(X), kc.rkhs_norm(a, X, kernel, squared=True))


@dataclass(frozen=True)
class AtPoint:
    k_at: np.ndarray          # k(xᵢ, x′), one per centre
    inner: float              # ⟨f, k(x′, ·)⟩_H = Σᵢ αᵢ · 1 · k(xᵢ, x′) (the inner product of two expansions)
    value: float              # f(x′), the curve evaluated at x′
    distance: np.ndarray      # ‖k(x, ·) − k(x′, ·)‖_H = √(k(x, x) − 2k(x, x′) + k(x′, x′)) on the axis (Sugiyama)


@cache_data(max_entries=ENTRIES)
def reproducing_at(centres, alpha, choice, xprime):
    """At x′: ⟨f, k(x′, ·)⟩_H by the RKHS inner product and f(x′) by evaluating f; and the feature-space distance
    from k(x′, ·) to every k(x, ·) on the axis (for the band |f(x) − f(x′)| ≤ ‖f‖_H ‖k(x, ·) − k(x′, ·)‖_H)."""
    X, a = np.asarray(centres, float).reshape(-1, 1), np.asarray(alpha, float)
    kernel, p = choice.kernel(), np.array([[float(xprime)]])
    grid = GRID_X[:, None]
    if not len(a):          # f = 0: both numbers are 0
        inner = value = 0.0
    else:
        inner = kc.rkhs_inner(a, X, [1.0], p, kernel)
        value = float(kc.rkhs_function(X, a, kernel)(p)[0])
    d2 = kernel.diag(grid) - 2 * kernel(grid, p)[:, 0] + kernel(p)[0, 0]
    k_at = kernel(X, p)[:, 0] if len(a) else np.zeros(0)
    return AtPoint(k_at, inner, value, np.sqrt(np.clip(d2, 0, None)))


@cache_data(max_entries=ENTRIES)
def through_values(centres, values, choice):
    """α with Σⱼ αⱼ k(xⱼ, xᵢ) = yᵢ at every centre: K α = y (least squares when K is singular), so f passes
    through (xᵢ, yᵢ); ‖f‖²_H = αᵀKα is then the smallest norm of any f of the RKHS through these values."""
    X = np.asarray(centres, float).reshape(-1, 1)
    K = choice.kernel()(X)
    # alpha = K^-1 y (the shortest least-squares α when K is singular: linear or polynomial kernels)
    return np.linalg.lstsq(K, np.asarray(values, float), rcond=None)[0]

