"""The polynomial kernel's explicit feature map: phi with k(x, y) = phi(x)^T phi(y) written out (Held, Kriege and Nguyen).

- the monomial map with its multinomial square-root coefficients, the names of its features,
- the cost of phi(x)^T phi(y) vs k(x, y), counted and measured,
- a linear classifier on the degree-2 map (the "lift").
The eigen map of a Gram matrix is in eigen_map.py, the RBF kernel's finite maps in kernel_approximation.py.
"""
import math
import time
from functools import lru_cache
from itertools import chain, combinations_with_replacement

import numpy as np
from sklearn.linear_model import LogisticRegression

from ._validation import (
    check_array,
    check_finite,
    check_flag,
    check_labels,
    check_positive_int,
    check_real,
    check_seed,
)
from .kernels import MAX_DEGREE

MAX_FEATURES = 200_000
"""Widest explicit polynomial map built (C(d+m, m) grows like d^m: Kriege's feature explosion)."""
MAX_ENTRIES = 20_000_000
"""Largest n x width array of features built (160 MB of float64)."""


# ------------------------------------------------------------------ the polynomial kernel's map
def poly_feature_count(n_features, degree, coef0=1.0):
    """Width of the map of (gamma x^T y + coef0)^degree on d = n_features inputs, as an exact integer:
    C(d+m, m) monomials of degree <= m when coef0 != 0, C(d+m-1, m) of degree exactly m when coef0 = 0."""
    d = check_positive_int(n_features, "n_features")
    m = check_positive_int(degree, "degree", high=MAX_DEGREE)
    return math.comb(d + m, m) if check_real(coef0, "coef0") != 0 else math.comb(d + m - 1, m)


@lru_cache(maxsize=32)
def _monomials(d, m, with_constant):
    """Every monomial as a sorted row of m symbols: 0 is the constant 1 (only with a constant), i is x_i.
    Returns the rows (D, m), the multinomial coefficient m! / alpha! of each and its degree j."""
    symbols = range(0 if with_constant else 1, d + 1)
    rows = np.fromiter(chain.from_iterable(combinations_with_replacement(symbols, m)), np.intp).reshape(-1, m)
    run = np.ones_like(rows)  # position inside a run of equal symbols: the product over a run of length c is c!
    for k in range(1, m):
        run[:, k] = np.where(rows[:, k] == rows[:, k - 1], run[:, k - 1] + 1, 1)
    multinomial = math.factorial(m) / np.prod(run, axis=1, dtype=np.float64)
    return rows, multinomial, m - np.count_nonzero(rows == 0, axis=1)


def _poly_terms(d, degree, gamma, coef0):
    m = check_positive_int(degree, "degree", high=MAX_DEGREE)
    gamma = check_real(gamma, "gamma", low=0.0)
    coef0 = check_real(coef0, "coef0")
    if coef0 < 0:
        raise ValueError(f"coef0 = {coef0:g} < 0: some coefficients gamma^j r^(m-j) are negative, so no real "
                         "feature map exists (the kernel is not positive semi-definite in general).")
    width = poly_feature_count(d, m, coef0)
    if width > MAX_FEATURES:
        raise ValueError(f"The degree-{m} map of {d} inputs has {width:,} features, more than the {MAX_FEATURES:,} "
                         "built here; the kernel computes the same inner product without building them.")
    rows, multinomial, j = _monomials(d, m, coef0 != 0)
    with np.errstate(over="ignore", invalid="ignore"):
        c = multinomial * np.float64(gamma) ** j * np.float64(coef0) ** (m - j)
    if not np.all(np.isfinite(c)):
        raise ValueError(f"The coefficients gamma^j coef0^(m-j) of the degree-{m} map overflow floating point "
                         f"(gamma = {gamma:g}, coef0 = {coef0:g}); use a smaller gamma, coef0 or degree.")
    return rows, c


def poly_feature_map(X, degree, gamma=1.0, coef0=1.0):
    """Phi(X) with Phi(X) @ Phi(Y).T = (gamma X Y^T + coef0)^degree (the polynomial kernel, Held and Kriege).

    Multinomial theorem on z = (1, x_1, ..., x_d):
        (gamma x^T y + r)^m = sum_alpha  m! / (alpha_0! alpha_1! ... alpha_d!) gamma^j r^(m-j)  x^alpha y^alpha
    so phi_alpha(x) = sqrt(c_alpha) x^alpha with c_alpha = m! / alpha! * gamma^j * r^(m-j).
        m = degree, r = coef0 (>= 0, else some c_alpha < 0 and no real map exists), gamma > 0,
        alpha = exponents (alpha_0 = m - j for the constant), j = |alpha| = degree of the monomial.
    Features are ordered by degree, then lexicographically (names: poly_feature_names). Width: C(d+m, m)
    for r > 0, C(d+m-1, m) for r = 0 (only degree-m monomials); e.g. Held's six features for d = m = 2.
    """
    X = check_array(X, "X")
    rows, c = _poly_terms(X.shape[1], degree, gamma, coef0)
    if X.shape[0] * len(rows) > MAX_ENTRIES:
        raise ValueError(f"{X.shape[0]} points x {len(rows):,} features is too large to build; use fewer points.")
    with np.errstate(over="ignore", invalid="ignore"):
        Phi = _apply_terms(X, rows, np.sqrt(c))
    return check_finite(Phi, f"The degree-{int(degree)} feature map", "scale the data or use a smaller degree, gamma or coef0")


def _apply_terms(X, rows, weights):
    """weights * product of the symbols in each row, for every point: z = (1, x_1, ..., x_d)."""
    Z = np.hstack([np.ones((X.shape[0], 1)), X])
    Phi = Z[:, rows[:, 0]]
    for k in range(1, rows.shape[1]):
        Phi *= Z[:, rows[:, k]]
    Phi *= weights
    return Phi


_SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _coefficient(c, latex):
    """sqrt(c) as text: '√2', '2', '1.225'; '' when it is 1."""
    if abs(c - round(c)) < 1e-9 * max(c, 1.0):
        c = int(round(c))
        root = math.isqrt(c)
        if root * root == c:
            return "" if root == 1 else str(root)
        return rf"\sqrt{{{c}}}" if latex else f"√{c}"
    return f"{math.sqrt(c):.4g}"


def poly_feature_names(n_features, degree, gamma=1.0, coef0=1.0, latex=False):
    """Names of poly_feature_map's features in its order, e.g. '√2·x₁·x₂', 'x₁²' (latex: '\\sqrt{2}\\,x_{1} x_{2}')."""
    d = check_positive_int(n_features, "n_features")
    latex = check_flag(latex, "latex")
    rows, c = _poly_terms(d, degree, gamma, coef0)
    names = []
    for row, ci in zip(rows, c):
        powers = [(int(i), int(np.count_nonzero(row == i))) for i in np.unique(row) if i != 0]
        if latex:
            mono = " ".join(f"x_{{{i}}}" + (f"^{{{p}}}" if p > 1 else "") for i, p in powers)
        else:
            mono = "·".join(f"x{str(i).translate(_SUB)}" + (str(p).translate(_SUP) if p > 1 else "") for i, p in powers)
        coef = _coefficient(float(ci), latex)
        sep = r"\," if latex else "·"
        names.append(coef + sep + mono if coef and mono else (coef or mono or "1"))
    return names


def poly_operation_counts(n_features, degree, homogeneous=False):
    """Multiplications and additions for one value of Kriege's kernels (x^T x')^m or (1 + x^T x')^m.

    kernel:   x^T x' costs d mults and d-1 adds, (+1 add for the 1), then the power m-1 mults.
    explicit: build phi(x) and phi(x') (each monomial of degree >= 2 is a lower one times one x_i: 1 mult),
              then sum_alpha c_alpha x^alpha x'^alpha: D mults, one more per coefficient c_alpha != 1, D-1 adds.
              c_alpha = 1 only for x_i^m (d of them) and, with the 1, the constant.
    Kriege, d = m = 2, (x^T x')^2: explicit 3 + 3 + 4 = 10 mults and 2 adds; kernel 3 mults and 1 add.
    Returns {"features": D, "explicit": (mults, adds), "kernel": (mults, adds)}.
    """
    d = check_positive_int(n_features, "n_features")
    m = check_positive_int(degree, "degree")
    D = math.comb(d + m - 1, m) if homogeneous else math.comb(d + m, m)
    low = 0 if homogeneous else 1 + d  # monomials of degree 0 and 1 need no multiplication to build
    built = 0 if m == 1 else D - low
    unit = D if m == 1 else d + (0 if homogeneous else 1)
    return {"features": D, "explicit": (2 * built + D + (D - unit), D - 1),
            "kernel": (d + m - 1, d - 1 + (0 if homogeneous else 1))}


def _fastest(fn, budget):
    """Fastest of repeated calls (at least 3) within `budget` seconds, in seconds per call."""
    best, spent, reps = math.inf, 0.0, 0
    while reps < 3 or spent < budget:
        t0 = time.perf_counter()
        fn()
        dt = time.perf_counter() - t0
        best, spent, reps = min(best, dt), spent + dt, reps + 1
    return best


def time_explicit_vs_kernel(n_features, degree, coef0=1.0, budget=2e-4, seed=0):
    """Measured seconds for one phi(x)^T phi(y) (building both maps from the known monomial table) and one
    k(x, y) = (x^T y + r)^m on two random points of dimension d; each is repeated for about `budget`
    seconds (at least 3 times) and its fastest run kept. Input checks are outside the timed code."""
    d = check_positive_int(n_features, "n_features")
    budget = check_real(budget, "budget", low=0.0, high=1.0)
    x, y = np.random.default_rng(check_seed(seed)).normal(size=(2, 1, d))
    rows, c = _poly_terms(d, degree, 1.0, coef0)
    w = np.sqrt(c)

    def explicit():
        return (_apply_terms(x, rows, w) @ _apply_terms(y, rows, w).T).item()

    def kernel():
        return ((x @ y.T + coef0) ** degree).item()

    return _fastest(explicit, budget), _fastest(kernel, budget)


# ------------------------------------------------------------------ the lift
class LiftedLinearClassifier:
    """A linear classifier (scikit-learn's LogisticRegression) on the degree-2 homogeneous map of 2-D points,

        phi(x) = (x1^2, sqrt(2) x1 x2, x2^2)   (Kriege and Nguyen: phi(x)^T phi(y) = (x^T y)^2)
        f(x) = w^T phi(x) + b = w1 x1^2 + sqrt(2) w2 x1 x2 + w3 x2^2 + b
    A plane f = 0 in the 3-D feature space is a conic (an ellipse when 2 w1 w3 > w2^2) centred at 0 in 2-D.
    C is LogisticRegression's inverse regularisation strength.
    """

    def __init__(self, C=1.0):
        self.C = C

    @staticmethod
    def transform(X):
        X = check_array(X, "X")
        if X.shape[1] != 2:
            raise ValueError(f"The lift takes 2-D points; X has {X.shape[1]} features.")
        return poly_feature_map(X, 2, gamma=1.0, coef0=0.0)

    def fit(self, X, y):
        Phi = self.transform(X)
        y, _ = check_labels(y, len(Phi))
        C = check_real(self.C, "C", low=0.0)
        model = LogisticRegression(C=C).fit(Phi, y)
        self.weights_, self.intercept_ = model.coef_[0].copy(), float(model.intercept_[0])
        self.accuracy_ = float(np.mean(np.sign(self.decision_function(X)) == y))
        return self

    def decision_function(self, X):
        if not hasattr(self, "weights_"):
            raise ValueError("Call fit before decision_function.")
        return self.transform(X) @ self.weights_ + self.intercept_

    def conic(self):
        """(A, B, C, b) of A x1^2 + B x1 x2 + C x2^2 + b = 0 and whether it is an ellipse (B^2 < 4AC)."""
        w1, w2, w3 = self.weights_
        A, B, C = float(w1), float(np.sqrt(2) * w2), float(w3)
        return A, B, C, self.intercept_, B * B < 4 * A * C
