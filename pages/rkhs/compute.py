"""The RKHS topic's cached calls into kernel_core, one per picture, each returning a dataclass. Keyed by plain values
(a ui.kernel_choice choice, tuples of numbers), bounded, shared by the class. Errors of kernel_core come out as
ValueError with a sentence; the sections show it."""
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from ui.cache import cache_data
from ui.ranges import RKHS_REPRESENTER as THM

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


# ---------------------------------------------------------------- the representer theorem
@dataclass(frozen=True)
class Representer:
    X: np.ndarray             # the n points (n x 1)
    y: np.ndarray             # their targets (squared loss) or labels ±1 (hinge loss)
    D: int                    # features of the explicit map φ
    map_kind: str             # "poly": the polynomial kernel's exact map; "rff": random Fourier features for RBF
    names: tuple              # the features' names (poly) or () (random Fourier features)
    alpha: np.ndarray         # w* = Σ αᵢ φ(xᵢ)
    norm2: float              # ‖w*‖²
    data: float               # the loss term at w* (and at every w* + t u)
    J: float                  # Kriege's objective at w*
    f_points: np.ndarray      # f*(xᵢ) = w*ᵀφ(xᵢ)
    room: bool                # the φ(xᵢ) leave a direction free (else u = 0: every w is Σ αᵢ φ(xᵢ) already)
    u_dot: np.ndarray         # φ(xᵢ)ᵀu, one per point (0 up to round-off)
    xs: np.ndarray            # x of the curves
    f: np.ndarray             # f*(x) = w*ᵀφ(x)
    u_curve: np.ndarray       # u(x) = uᵀφ(x): 0 at every xᵢ
    ts: np.ndarray            # t of the objective curves
    data_t: np.ndarray        # the loss term at w* + t u, for every t in ts
    penalty_t: np.ndarray     # λ‖w* + t u‖²
    J_t: np.ndarray           # their sum


def _problem(choice, n, loss):
    """(Φ as a function of points, D, kind, names, X, y): the first n points of the table and the explicit map."""
    X = np.asarray(THM["x"][:n], float).reshape(-1, 1)
    y = np.asarray(THM["y"][:n], float)
    if loss == "hinge":
        y = np.where(y >= 0, 1.0, -1.0)
    p = dict(choice.params)
    if choice.name == "poly":
        def phi(Z):
            return kc.poly_feature_map(Z, p["degree"], p["gamma"], p["coef0"])
        names = tuple(kc.poly_feature_names(1, p["degree"], p["gamma"], p["coef0"]))
        return phi, len(names), "poly", names, X, y
    if choice.name != "rbf":
        raise ValueError("This section takes the polynomial kernel (its exact map) or RBF (random Fourier features).")
    rff = kc.RandomFourierFeatures(THM["rff"], p["gamma"], THM["rff_seed"]).fit(X)
    return rff.transform, rff.width_, "rff", (), X, y


def _direction(Phi, Phi_xs):
    """u: of the unit vectors orthogonal to every φ(xᵢ), the one that changes f most on the axis (its features
    Phi_xs; kernel_core.orthogonal_direction)."""
    return kc.orthogonal_direction(Phi, along=Phi_xs)


@cache_data(max_entries=ENTRIES)
def representer(choice, n, loss, lam):
    """The regularised solution w* = Σ αᵢ φ(xᵢ) on the first n points of ui.ranges.RKHS_REPRESENTER, a unit u ⟂
    every φ(xᵢ) and what adding t u does: f over the axis, the loss term, λ‖w‖² and J against t. ValueError (a
    sentence) when the map cannot be built."""
    phi, D, kind, names, X, y = _problem(choice, n, loss)
    Phi = phi(X)
    xs = np.linspace(*THM["domain"], THM["grid"])
    Phi_xs = phi(xs[:, None])
    alpha = kc.representer_coefficients(Phi, y, lam, loss)
    w = Phi.T @ alpha
    data, _, J = kc.representer_objective(Phi, y, w, lam, loss)
    try:
        u = _direction(Phi, Phi_xs)
        room = True
    except ValueError:                             # the φ(xᵢ) span the feature space: no u
        u, room = np.zeros(D), False
    ts = np.linspace(*THM["t"][:2], THM["t_grid"])
    curves = np.array([kc.representer_objective(Phi, y, w + t * u, lam, loss) for t in ts])
    return Representer(X, y, D, kind, names, alpha, float(w @ w), data, J, Phi @ w, room, Phi @ u, xs,
                       Phi_xs @ w, Phi_xs @ u, ts, curves[:, 0], curves[:, 1], curves[:, 2])


@dataclass(frozen=True)
class Shifted:
    norm2: float              # ‖w* + t u‖²
    data: float               # the loss term at w* + t u
    penalty: float            # λ‖w* + t u‖²
    J: float
    moved: float              # max |f(xᵢ) − f*(xᵢ)| over the points (0 up to round-off)


@cache_data(max_entries=ENTRIES)
def shifted(choice, n, loss, lam, t):
    """Kriege's objective at w = w* + t u (kernel_core.representer_objective), and how far the predictions on the
    points moved (representer() must have room for u)."""
    r = representer(choice, n, loss, lam)
    phi, *_ = _problem(choice, n, loss)
    Phi = phi(r.X)
    w_star = Phi.T @ r.alpha
    w = w_star + t * _direction(Phi, phi(r.xs[:, None]))
    data, penalty, J = kc.representer_objective(Phi, r.y, w, lam, loss)
    return Shifted(float(w @ w), data, penalty, J, float(np.max(np.abs(Phi @ w - Phi @ w_star))))
