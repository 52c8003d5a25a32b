"""Kernel ridge regression (Held, Bishop's notes and Kriege): the dual solve, the estimator, its primal form and
Kriege's objective, and cross-validation of the penalty and the kernel's parameters. Its Gaussian-process reading
(Bishop's notes, Bishop PRML 6.4) is in gaussian_process.py.

    from kernel_core import KernelRidge, cross_validate
    f = KernelRidge("rbf", lam=0.1, gamma=1.0).fit(X, y).predict(X_new)

Symbols: X (n, p) training inputs x_l, y (n,) targets, K = [k(x_i, x_j)] the n x n Gram matrix,
k(x) = (k(x_1, x), ..., k(x_n, x)) the kernel column of a new point, lam the ridge penalty lambda,
alpha the n dual variables, beta the p primal variables.
"""
import warnings
from dataclasses import dataclass
from itertools import product

import numpy as np
from scipy.linalg import LinAlgError, LinAlgWarning, cho_factor, cho_solve, lapack, lstsq
from sklearn.model_selection import KFold, ShuffleSplit

from ._validation import (
    check_array,
    check_choice,
    check_features,
    check_finite,
    check_positive_int,
    check_real,
    check_seed,
    check_targets,
    describe,
)
from .kernels import gram

RCOND = 1e-12
"""Below this reciprocal condition number (LAPACK dpocon) K + lam I counts as singular: Cholesky would
return numbers dominated by round-off, so the solve falls back to least squares."""


def _check_xy(X, y):
    return check_targets(X, y)


def _finite(a, what):
    return check_finite(a, what, "scale the data or use a larger lam or noise")


def solve_dual(K, y, lam):
    """alpha = (K + lam I)^{-1} y, by Cholesky; least squares (minimum-norm alpha) with a warning when
    K + lam I is numerically singular (lam = 0 and duplicated points) or not positive definite (a kernel
    that is not PSD, such as sigmoid).

    Returns (alpha, solver) with solver "cholesky" or "lstsq".
    """
    A = K + lam * np.eye(len(K))  # the ridge sits on the diagonal
    try:
        c, lower = cho_factor(A, lower=True, check_finite=False)
        rcond, info = lapack.dpocon(c, np.linalg.norm(A, 1), uplo="L")
        if info == 0 and rcond > RCOND:
            # alpha = (K + lam I)^-1 y
            return cho_solve((c, lower), y, check_finite=False), "cholesky"
    except LinAlgError:
        pass
    warnings.warn(f"K + lam I is singular or not positive definite (lam = {lam:g}); "
                  "using the least-squares solution instead.",
                  LinAlgWarning, stacklevel=3)
    # alpha = argmin ||(K + lam I) alpha - y||, the shortest such alpha
    return lstsq(A, y, check_finite=False)[0], "lstsq"


class KernelRidge:
    """Kernel ridge regression: minimise ||y - X beta||^2 + lam ||beta||^2 in feature space (Held).

        alpha = (K + lam I_n)^{-1} y            (dual variables: Held, Bishop's notes, Nguyen)
        f(x)  = sum_l alpha_l k(x_l, x)         (prediction)

    lam >= 0 is the penalty lambda of Held, Bishop's notes and Nguyen; scikit-learn calls it `alpha`, so this equals
    `sklearn.kernel_ridge.KernelRidge(alpha=lam, kernel=..., **params)`. Kriege writes
    (K + n lam' I)^{-1} y: pass lam = n * lam' (see `lam_from_kriege`).
    `kernel` is a name from KERNEL_FUNCTIONS (parameters as keywords) or a `Kernel` object such as
    `c1 * Kernel("rbf", gamma=g) + c2 * Kernel("linear")` (Kriege's semi-parametric regression).
    """

    def __init__(self, kernel="rbf", lam=1.0, **params):
        self.kernel = kernel
        self.lam = lam
        self.params = params

    def _gram(self, X, Y=None):
        return gram(X, Y, self.kernel, **self.params)

    def fit(self, X, y):
        lam = check_real(self.lam, "lam", low=0.0, low_inclusive=True)
        X, y = _check_xy(X, y)
        K = self._gram(X)
        with np.errstate(over="ignore", invalid="ignore"):
            alpha, self.solver_ = solve_dual(K, y, lam)
        self.dual_coef_ = _finite(alpha, "The dual coefficients alpha")
        self.X_fit_ = X
        return self

    def predict(self, X):
        if not hasattr(self, "dual_coef_"):
            raise ValueError("This KernelRidge is not fitted yet; call fit(X, y) first.")
        X = check_features(X, self.X_fit_.shape[1])
        # f(x) = sum_l alpha_l k(x_l, x)
        with np.errstate(over="ignore", invalid="ignore"):
            f = self._gram(X, self.X_fit_) @ self.dual_coef_
        return _finite(f, "The prediction")


def lam_from_kriege(lam_kriege, n):
    """Kriege minimises (1/n) ||K alpha - y||^2 + lam' alpha^T K alpha, so alpha = (K + n lam' I)^{-1} y:
    his lam' is this module's lam (Held's, Bishop's notes', Nguyen's) divided by n. Returns lam = n * lam'."""
    lam = check_positive_int(n, "n") * check_real(lam_kriege, "lam'", low=0.0, low_inclusive=True)
    return check_finite(lam, "lam = n lam'", "use a smaller lam' or n")


def lam_from_seed003(lam_kriege, n):
    """Deprecated name of `lam_from_kriege` (kept for one release)."""
    warnings.warn("lam_from_seed003 is deprecated; use lam_from_kriege.", DeprecationWarning, stacklevel=2)
    return lam_from_kriege(lam_kriege, n)


def primal_ridge(X, y, lam):
    """beta = (X^T X + lam I_p)^{-1} X^T y, ridge regression without intercept (Held): a p x p solve.
    Equal to X^T alpha with alpha = (X X^T + lam I_n)^{-1} y by the Woodbury identity (an n x n solve)."""
    lam = check_real(lam, "lam", low=0.0)
    X, y = _check_xy(X, y)
    with np.errstate(over="ignore", invalid="ignore"):
        A = X.T @ X + lam * np.eye(X.shape[1])
        b = X.T @ y
    if not (np.all(np.isfinite(A)) and np.all(np.isfinite(b))):
        raise ValueError("X^T X overflowed (values too large for floating point); scale the data first.")
    try:
        # beta = (X^T X + lam I_p)^-1 X^T y
        beta = cho_solve(cho_factor(A), b)
    except LinAlgError:
        raise ValueError(f"X^T X + lam I is numerically singular at lam = {lam:g}; use a larger lam.") from None
    return _finite(beta, "The ridge solution")


def kriege_ridge_objective(K, y, alpha, lam):
    """Kriege's kernelized linear regression (KLR) objective in alpha:

        J(alpha) = (1/n) ||K alpha - y||^2 + lam alpha^T K alpha

    (his ||alpha^T K - y||^2; K is symmetric). It is the primal (1/n) sum_i (w^T x_i - y_i)^2 + lam ||w||^2 with
    w = sum_j alpha_j x_j: w^T x_i = alpha^T k_i and ||w||^2 = alpha^T K alpha. Its minimiser is
    alpha = (K + n lam I)^{-1} y, so Kriege's lam is Held's lam / n (lam_from_kriege).

    K: the n x n Gram matrix; y: n targets; alpha: n dual coefficients; lam >= 0 (Kriege's)."""
    K = check_array(K, "K")
    if K.shape[0] != K.shape[1]:
        raise ValueError(f"K must be a square Gram matrix; it has shape {K.shape}.")
    n = len(K)
    y, alpha = check_array(y, "y", ndim=1), check_array(alpha, "alpha", ndim=1)
    for v, name in ((y, "y"), (alpha, "alpha")):
        if len(v) != n:
            raise ValueError(f"{name} has {len(v)} entries but K is {n} x {n}; give one per point.")
    lam = check_real(lam, "lam", low=0.0, low_inclusive=True)
    with np.errstate(over="ignore", invalid="ignore"):
        Ka = K @ alpha
        J = float(np.sum((Ka - y) ** 2) / n + lam * (alpha @ Ka))
    if not np.isfinite(J):
        raise ValueError("The objective overflowed (values too large for floating point); scale K, y or alpha down.")
    return J


def power_features(x, degree):
    """phi(x) = (x, x^2, ..., x^degree) for 1-D inputs x: p = degree features (Kriege's basis functions)."""
    x = check_array(x, "x", ndim=1)
    degree = check_positive_int(degree, "degree", high=30)
    with np.errstate(over="ignore", invalid="ignore"):
        Phi = x[:, None] ** np.arange(1, degree + 1)
    return check_finite(Phi, f"The powers x^1 ... x^{degree}", "scale x to about [-1, 1] or use a lower degree")


def solve_costs(n, p):
    """Leading floating-point operation counts of the two routes to beta (Cholesky solve = m^3 / 3):
    primal forms X^T X (n p^2) and solves p x p; dual forms K = X X^T (n^2 p) and solves n x n."""
    n, p = check_positive_int(n, "n"), check_positive_int(p, "p")
    return {"primal": n * p * p + p ** 3 / 3, "dual": n * n * p + n ** 3 / 3}


@dataclass
class CVResult:
    """K-fold cross-validation over a grid: errors[i, j] is the mean squared error for lams[i] and the
    j-th setting of `settings` (dicts of kernel parameters); train_errors the same on the training folds."""
    lams: np.ndarray
    settings: list
    errors: np.ndarray
    train_errors: np.ndarray
    best_lam: float
    best_params: dict
    best_error: float


CV_SCHEMES = ("kfold", "monte_carlo")


def cross_validate(X, y, kernel="rbf", lams=(0.01, 0.1, 1.0), grid=None, n_folds=5, seed=0, scheme="kfold",
                   test_size=0.2, **params):
    """Cross-validation of (lam, kernel parameters) for KernelRidge (Kriege: "choose kernels and parameters by
    cross-validation"; his summary names k-fold and Monte Carlo cross-validation). `grid` maps a parameter name to
    its values (all combinations are tried); `params` are kept fixed.

        CV(lam, theta) = (1/R) sum_{r=1}^{R} (1/|T_r|) sum_{i in T_r} (f_{-r}(x_i) - y_i)^2

    f_{-r} fitted without the test set T_r. scheme "kfold": R = n_folds disjoint folds of a seeded shuffle, each
    point tested once (scikit-learn's KFold); "monte_carlo": R = n_folds independent random test sets of
    round(test_size * n) points (scikit-learn's ShuffleSplit) — a point may be tested several times or never."""
    X, y = _check_xy(X, y)
    n_folds = check_positive_int(n_folds, "n_folds")
    seed = check_seed(seed)
    scheme = check_choice(scheme, CV_SCHEMES, "cross-validation scheme")
    test_size = check_real(test_size, "test_size", low=0.0, high=1.0)
    if scheme == "monte_carlo" and not 1 <= round(test_size * len(X)) <= len(X) - 1:
        raise ValueError(f"test_size = {test_size:g} of {len(X)} points leaves no test or no training point; "
                         "choose a share that keeps at least one of each.")
    if not 2 <= n_folds <= len(X):
        raise ValueError(f"Cross-validation needs 2 <= n_folds <= n samples; got n_folds = {n_folds} "
                         f"with {len(X)} samples.")
    if isinstance(lams, (str, bytes)) or np.ndim(lams) != 1 or len(lams) == 0:
        raise ValueError(f"lams must be a non-empty list of penalties, got {describe(lams)}.")
    lams = np.asarray([check_real(v, "lam", low=0.0, low_inclusive=True) for v in lams])
    grid = {} if grid is None else grid
    if not isinstance(grid, dict):
        raise TypeError(f"grid must map parameter names to lists of values, got {type(grid).__name__}.")
    for name, values in grid.items():
        if isinstance(values, (str, bytes)) or np.ndim(values) != 1 or len(values) == 0:
            raise ValueError(f"grid[{name!r}] must be a non-empty list of values, got {describe(values)}.")
    settings = [dict(zip(grid, (check_real(v, str(name)) for name, v in zip(grid, values))))
                for values in product(*grid.values())]
    errors = np.zeros((len(lams), len(settings)))
    train = np.zeros_like(errors)
    if scheme == "kfold":
        folds = list(KFold(n_folds, shuffle=True, random_state=seed).split(X))
    else:   # Monte Carlo: n_folds random test sets of round(test_size n) points each
        folds = list(ShuffleSplit(n_folds, test_size=round(test_size * len(X)), random_state=seed).split(X))
    for j, setting in enumerate(settings):
        K = gram(X, None, kernel, **params, **setting)  # one Gram matrix per setting, sliced per fold
        for tr, te in folds:
            K_tr, K_te = K[np.ix_(tr, tr)], K[np.ix_(te, tr)]
            for i, lam in enumerate(lams):
                alpha, _ = solve_dual(K_tr, y[tr], lam)  # the same solve as KernelRidge.fit
                errors[i, j] += np.mean((K_te @ alpha - y[te]) ** 2) / n_folds
                train[i, j] += np.mean((K_tr @ alpha - y[tr]) ** 2) / n_folds
    if not (np.all(np.isfinite(errors)) and np.all(np.isfinite(train))):
        raise ValueError("The cross-validation errors overflowed: the targets or the kernel's values are too large "
                         "to square; rescale y or choose a smaller kernel parameter.")
    i, j = np.unravel_index(np.argmin(errors), errors.shape)
    return CVResult(lams, settings, errors, train, float(lams[i]), settings[j], float(errors[i, j]))
