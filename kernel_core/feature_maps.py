"""Explicit feature maps: phi with k(x, y) = phi(x)^T phi(y) written out (Held, Kriege and Nguyen).

- the polynomial kernel's monomial map with its multinomial square-root coefficients,
- the eigen map of a Gram matrix, phi(x_l) = Lambda^{1/2} V[l, :] (Held),
- two finite stand-ins for the RBF kernel's infinite map: random Fourier features and Nystrom,
- a linear classifier on the degree-2 map (the "lift"), and the cost of phi(x)^T phi(y) vs k(x, y).
"""
import math
import time
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, combinations_with_replacement

import numpy as np
from scipy.linalg import eigh
from sklearn.linear_model import LogisticRegression

from ._validation import (
    check_array,
    check_choice,
    check_finite,
    check_flag,
    check_labels,
    check_positive_int,
    check_real,
    check_seed,
    check_size,
    describe,
)
from .kernels import MAX_DEGREE, gram
from .spectral import _check_square, is_symmetric, psd_threshold

MAX_FEATURES = 200_000
"""Widest explicit polynomial map built (C(d+m, m) grows like d^m: Kriege's feature explosion)."""
MAX_ENTRIES = 20_000_000
"""Largest n x width array of features built (160 MB of float64)."""
FEWER = "Use fewer points or fewer features (n_components)."
NYSTROEM_RTOL = 1e-10
"""Eigenvalues of K_mm below NYSTROEM_RTOL * max eigenvalue are dropped (pseudo-inverse), not inverted."""


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


# ------------------------------------------------------------------ the eigen map of a Gram matrix
def gram_eigh(K):
    """K = V Lambda V^T (scipy/LAPACK eigh): eigenvalues descending, eigenvector signs fixed (largest entry > 0)."""
    K = _check_square(K)
    if not is_symmetric(K):
        raise ValueError("K is not symmetric, so it is no Gram matrix and has no eigen feature map.")
    ev, V = eigh(K)
    ev, V = ev[::-1], V[:, ::-1]
    V = V * np.where(V[np.argmax(np.abs(V), axis=0), np.arange(V.shape[1])] < 0, -1.0, 1.0)
    return ev, V


@dataclass(frozen=True)
class EigenMap:
    features: np.ndarray     # (n, q): row l is phi(x_l) = Lambda_q^{1/2} V[l, :q]
    eigenvalues: np.ndarray  # all n, descending (insignificant negatives clipped to 0)
    rank: int                # eigenvalues above spectral.psd_threshold (PSD_RTOL * max|lambda|)
    error: float             # ||K - Phi Phi^T||_F / ||K||_F


def eigen_feature_map(K, q=None):
    """The eigen feature map of Held, truncated to q components (default: the rank of K).

        K = V Lambda V^T,  phi(x_l) = Lambda_q^{1/2} V[l, :q]^T  ->  phi(x_l)^T phi(x_k) ~ K[l, k]
    (Held writes K = V^T Lambda V and phi(x_l) = Lambda^{1/2} V^(:, l): its V is this V^T.)
    Exact at q = rank. A negative eigenvalue has no real square root: then no real map exists (ValueError).
    """
    ev, V = gram_eigh(K)
    threshold = psd_threshold(ev)   # |eigenvalue| below it: round-off
    negative = ev < -threshold
    if negative.any():
        raise ValueError(f"K has {int(negative.sum())} negative eigenvalue(s) (smallest {ev[-1]:.4g}): "
                         "Lambda^(1/2) would be imaginary, so no real feature map reproduces K — "
                         "the kernel is not a Mercer kernel.")
    ev = np.clip(ev, 0.0, None)  # round-off negatives (within the threshold) are zeros
    rank = int(np.count_nonzero(ev > threshold))
    q = rank if q is None else check_positive_int(q, "q", high=len(ev))
    Phi = V[:, :q] * np.sqrt(ev[:q])
    K = np.asarray(K, dtype=np.float64)
    error = float(np.linalg.norm(K - Phi @ Phi.T) / max(np.linalg.norm(K), 1e-300))
    return EigenMap(Phi, ev, rank, error)


def reconstruction_errors(eigenvalues):
    """Relative error ||K - Phi_q Phi_q^T||_F / ||K||_F for q = 0, 1, ..., n from the eigenvalues alone:
        sqrt(sum of lambda_i^2 over the eigenvalues not used) / sqrt(sum of all lambda_i^2).
    Only positive eigenvalues can be used (descending); negative ones stay in the error for every q,
    so for an indefinite K the curve levels off above 0."""
    ev = np.sort(check_array(eigenvalues, "eigenvalues", ndim=1))[::-1]
    sq = ev ** 2
    usable = np.where(ev > 0, sq, 0.0)
    left = sq.sum() - np.concatenate([[0.0], np.cumsum(usable)])
    return np.sqrt(np.clip(left, 0.0, None) / max(sq.sum(), 1e-300))


# ------------------------------------------------------------------ finite maps for the RBF kernel
class RandomFourierFeatures:
    """Random Fourier features for k(x, y) = exp(-gamma ||x - y||^2) (Rahimi & Recht 2007):

        z(x) = sqrt(2 / D) cos(W^T x + b),  W[:, j] ~ N(0, 2 gamma I),  b_j ~ Uniform[0, 2 pi)
        E[z(x)^T z(y)] = k(x, y)   (Bochner: the RBF kernel is the Fourier transform of N(0, 2 gamma I))
    D = n_components; the error of z(x)^T z(y) shrinks like 1 / sqrt(D). gamma = 1 / (2 sigma^2).
    Same construction as sklearn.kernel_approximation.RBFSampler (used in the tests as a cross-check).
    """

    def __init__(self, n_components=100, gamma=1.0, seed=0):
        self.n_components = n_components
        self.gamma = gamma
        self.seed = seed

    def fit(self, X):
        X = check_array(X, "X")
        D = check_positive_int(self.n_components, "n_components", high=MAX_FEATURES)
        gamma = check_real(self.gamma, "gamma", low=0.0)
        check_size(len(X), D, "The random Fourier features (points x n_components)", FEWER)
        check_size(X.shape[1], D, "The random weights W (features x n_components)", FEWER)
        rng = np.random.default_rng(check_seed(self.seed))
        self.random_weights_ = np.sqrt(2 * gamma) * rng.normal(size=(X.shape[1], D))
        self.random_offset_ = rng.uniform(0, 2 * np.pi, size=D)
        self.width_ = D
        return self

    def transform(self, X):
        if not hasattr(self, "random_weights_"):
            raise ValueError("Call fit before transform.")
        X = check_array(X, "X")
        if X.shape[1] != self.random_weights_.shape[0]:
            raise ValueError(f"X has {X.shape[1]} features but the map was fitted on {self.random_weights_.shape[0]}.")
        check_size(len(X), self.width_, "The random Fourier features (points x n_components)", FEWER)
        with np.errstate(over="ignore", invalid="ignore"):
            Z = X @ self.random_weights_ + self.random_offset_
        check_finite(Z, "W^T x", "scale the data or use a smaller gamma")
        np.cos(Z, out=Z)
        Z *= np.sqrt(2.0 / Z.shape[1])
        return Z


class NystroemFeatures:
    """Nystrom approximation of the RBF kernel from m landmarks L (m data points drawn without replacement):

        K ~ K_nm K_mm^+ K_mn,   z(x) = Lambda_k^{-1/2} U_k^T k(L, x)
    where K_mm = k(L, L) = U Lambda U^T keeps its k eigenvalues above NYSTROEM_RTOL * max (pseudo-inverse),
    K_nm = k(X, L). Exact on the landmarks; exact everywhere once m = rank K. m = n_components.
    Same approximation as sklearn.kernel_approximation.Nystroem (used in the tests as a cross-check).
    """

    def __init__(self, n_components=100, gamma=1.0, seed=0):
        self.n_components = n_components
        self.gamma = gamma
        self.seed = seed

    def fit(self, X):
        X = check_array(X, "X")
        m = check_positive_int(self.n_components, "n_components")
        if m > len(X):
            raise ValueError(f"Nystrom needs n_components <= the number of points ({len(X)}), got {m}.")
        self.gamma_ = check_real(self.gamma, "gamma", low=0.0)
        self.landmark_indices_ = np.random.default_rng(check_seed(self.seed)).choice(len(X), m, replace=False)
        self.landmarks_ = X[self.landmark_indices_]
        lam, U = eigh(gram(self.landmarks_, kernel="rbf", gamma=self.gamma_))
        keep = lam > NYSTROEM_RTOL * lam.max()
        # z(x) = Lambda_k^{-1/2} U_k^T k(L, x), so z(x)^T z(y) = k(x, L) K_mm^+ k(L, y)
        self.normalization_ = U[:, keep] / np.sqrt(lam[keep])
        self.width_ = int(keep.sum())
        return self

    def transform(self, X):
        if not hasattr(self, "normalization_"):
            raise ValueError("Call fit before transform.")
        return gram(check_array(X, "X"), self.landmarks_, kernel="rbf", gamma=self.gamma_) @ self.normalization_


APPROXIMATIONS = {"rff": RandomFourierFeatures, "nystroem": NystroemFeatures}


def approximation_error(K, Z):
    """||K - Z Z^T||_F / ||K||_F: how much of the Gram matrix the finite map Z misses."""
    return float(np.linalg.norm(K - Z @ Z.T) / max(np.linalg.norm(K), 1e-300))


def approximation_error_curve(X, gamma, sizes, method="rff", repeats=5, seed=0):
    """Mean and standard deviation over `repeats` seeds of approximation_error for each number of
    features in `sizes`, for method "rff" or "nystroem". Returns two arrays of len(sizes)."""
    check_choice(method, APPROXIMATIONS, "approximation")
    X = check_array(X, "X")
    K = gram(X, kernel="rbf", gamma=gamma)
    reps = check_positive_int(repeats, "repeats", high=100)
    seed = check_seed(seed)
    if isinstance(sizes, (str, bytes)) or np.ndim(sizes) != 1 or len(sizes) == 0:
        raise ValueError(f"sizes must be a non-empty list of feature counts, got {describe(sizes)}.")
    errors = np.array([[approximation_error(K, APPROXIMATIONS[method](D, gamma, seed + r).fit(X).transform(X))
                        for r in range(reps)] for D in sizes])
    return errors.mean(axis=1), errors.std(axis=1)


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
