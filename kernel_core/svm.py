"""The kernelized support vector machine (Kriege), two ways.

Kriege writes the (linear) SVM as

    w = argmin_w (1/n) sum_i max{0, 1 - y_i w^T x_i} + lam ||w||^2

and kernelizes it with w = sum_j alpha_j y_j phi(x_j):

    J(alpha) = (1/n) sum_i max{0, 1 - y_i alpha^T k_i} + lam alpha^T D_y K D_y alpha
    k_i = (y_1 k(x_1, x_i), ..., y_n k(x_n, x_i)),   so  y_i alpha^T k_i = (D_y K D_y alpha)_i
    predict: y = sign(sum_i alpha_i y_i k(x_i, x))

K: Gram matrix K[i, j] = k(x_i, x_j); D_y = diag(y_1, ..., y_n), y_i in {-1, +1}; n: number of
training points; lam: the penalty lambda.

1. `KernelSVM` (the exact solver): libsvm through scikit-learn, `SVC(kernel="precomputed")` fed by
   our `gram`, so every kernel of kernel_core works, compositions included. libsvm solves

       min_{w, b} 1/2 ||w||^2 + C sum_i max{0, 1 - y_i (w^T phi(x_i) + b)}

   Dividing by n C gives Kriege's objective (plus the offset b, which libsvm adds unpenalised):

       (1/n) sum_i max{0, 1 - y_i f(x_i)} + 1/(2 n C) ||w||^2   =>   lam = 1/(2 n C),  C = 1/(2 n lam)

2. `SubgradientSVM` (the teaching solver): Kriege's update, in alpha, with the loss curve kept.
"""
import hashlib
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.model_selection import StratifiedKFold
from sklearn.svm import SVC

from ._validation import (
    check_array,
    check_features,
    check_finite,
    check_flag,
    check_int,
    check_label_array,
    check_labels,
    check_list,
    check_positive_int,
    check_real,
    check_seed,
    describe,
)
from .algebra import as_kernel
from .kernels import gram
from .spectral import _check_square, verdict

MARGIN_ATOL = 1e-3  # y f(x) within this of 1 counts as "on the margin" (libsvm stops at KKT tolerance 1e-3)
MIN_HOLDOUT = 10    # fewer points than this: train on all of them, hold none out
SUBGRADIENT_MIN_LAM = 1e-12
"""Smallest lam of SubgradientSVM: its step eta_t = 1/(2 lam t) grows without bound as lam -> 0, and below this the
coefficients overflow floating point (libsvm's KernelSVM with C = 1/(2 n lam) handles a nearly hard margin)."""
MAX_STEPS = 20_000
"""Most steps one SubgradientSVM.fit or .step call takes (the app caps a run at this many): a step costs an n-vector
product with K, so a call stays bounded; more are refused with a sentence (call step again to go on)."""
MAX_ITER = 100_000  # libsvm iterations before it stops unconverged (~0.2 s for 300 points; badly scaled
                    # kernels such as a degree-10 polynomial can otherwise run for minutes)


def _reciprocal(n, value, name, other):
    n, value = check_positive_int(n, "n"), check_real(value, name, low=0.0)
    out = 1.0 / (2.0 * n * value)
    if not np.isfinite(out) or out == 0.0:
        raise ValueError(f"{name} = {value:g} with n = {n} gives {other} = 1/(2 n {name}) outside floating point; "
                         f"use a {name} nearer 1.")
    return out


def C_from_lam(lam, n):
    """C = 1 / (2 n lam): libsvm's C for Kriege's penalty lam on n training points."""
    return _reciprocal(n, lam, "lam", "C")


def lam_from_C(C, n):
    """lam = 1 / (2 n C): Kriege's penalty for libsvm's C on n training points."""
    return _reciprocal(n, C, "C", "lam")


def _check_vector(v, name, n):
    v = check_array(v, name, ndim=1)
    if len(v) != n:
        raise ValueError(f"{name} has {len(v)} entries; one per training point ({n}) is needed.")
    return v


def kriege_objective(K, y, alpha, b, lam):
    """Kriege's SVM objective, J(alpha, b) = (1/n) sum_i max{0, 1 - y_i (f_i + b)} + lam alpha^T D_y K D_y alpha,
    with f = K D_y alpha (f_i = sum_j alpha_j y_j k(x_j, x_i)). y in {-1, +1}."""
    K = _check_square(K)
    y, alpha = _check_vector(y, "y", len(K)), _check_vector(alpha, "alpha", len(K))
    b, lam = check_real(b, "b"), check_real(lam, "lam", low=0.0, low_inclusive=True)
    with np.errstate(over="ignore", invalid="ignore"):
        u = alpha * y                               # D_y alpha
        f = K @ u
        hinge = np.maximum(0.0, 1.0 - y * (f + b))
        J = float(hinge.mean() + lam * (u @ f))
    if not np.isfinite(J):
        raise ValueError("The objective overflowed (values too large for floating point); use smaller alpha, b or K.")
    return J


def seed_objective(K, y, alpha, b, lam):
    """Deprecated name of `kriege_objective` (kept for one release)."""
    warnings.warn("seed_objective is deprecated; use kriege_objective.", DeprecationWarning, stacklevel=2)
    return kriege_objective(K, y, alpha, b, lam)


def margin_counts(y, f):
    """Count, for labels y in {-1, +1} and decision values f, the misclassified points (sign(f) != y),
    the margin violations (y f < 1: misclassified or inside the margin) and those inside the margin
    but on the right side (0 <= y f < 1)."""
    y = check_array(y, "y", ndim=1)
    f = _check_vector(f, "f", len(y))
    with np.errstate(over="ignore"):
        z = y * f
    wrong = int(np.sum((np.asarray(f) > 0) != (np.asarray(y) > 0)))
    violations = int(np.sum(z < 1.0 - MARGIN_ATOL))
    return {"misclassified": wrong, "margin_violations": violations, "inside_margin": violations - wrong}


class _KernelClassifier:
    """Shared by both solvers: f(x) = sum_i w_i k(p_i, x) + b from `expansion()`."""

    def _fit_data(self, X, y):
        X = check_array(X)
        ys, classes = check_labels(y, len(X))
        self.kernel_ = as_kernel(self.kernel, **self.params)
        self.classes_ = classes
        return X, ys

    def _check_fitted(self):
        if not hasattr(self, "intercept_"):
            raise ValueError(f"This {type(self).__name__} is not fitted yet; call fit(X, y) first.")

    def decision_function(self, X):
        """f(x) = sum_i w_i k(p_i, x) + b; > 0 means classes_[1]."""
        self._check_fitted()
        points, weights, b = self.expansion()
        X = check_features(X, points.shape[1])
        if len(points) == 0:  # no alpha_i > 0 yet: f = b everywhere
            return np.full(len(X), float(b))
        return check_finite(gram(X, points, kernel=self.kernel_) @ weights + b, "The decision function")

    def predict(self, X):
        """sign(f(x)), as the original class labels."""
        return np.where(self.decision_function(X) > 0, self.classes_[1], self.classes_[0])


class KernelSVM(_KernelClassifier):
    """Soft-margin SVM solved exactly by libsvm on our Gram matrix.

        min_{w, b} 1/2 ||w||^2 + C sum_i max{0, 1 - y_i f(x_i)},   f(x) = sum_i alpha_i y_i k(x_i, x) + b

    kernel: a kernel name with its parameters as keywords (gamma, degree, coef0, as in scikit-learn)
    or a kernel_core Kernel (compositions included). C > 0: the price of a margin violation
    (Kriege's lam = 1/(2 n C)). Learned: support_ (indices of the support vectors, alpha_i > 0),
    support_vectors_, dual_coef_ (alpha_i y_i of the support vectors, 0 <= alpha_i <= C; 1-D here,
    scikit-learn stores it as (1, n_SV)), intercept_ (b, a float), kernel_, classes_, n_iter_ and
    converged_ (False when libsvm hit max_iter = MAX_ITER iterations first).
    """

    max_iter = MAX_ITER

    def __init__(self, kernel="rbf", C=1.0, **params):
        self.kernel = kernel
        self.C = C
        self.params = params

    def fit(self, X, y):
        C = check_real(self.C, "C", low=0.0)
        X, ys = self._fit_data(X, y)
        K = gram(X, kernel=self.kernel_)
        if not self.kernel_.is_mercer:
            _warn_if_indefinite(K)
        # libsvm's dual: max_a sum_i a_i - 1/2 sum_ij a_i a_j y_i y_j K_ij, 0 <= a_i <= C, sum_i a_i y_i = 0
        svc = _libsvm(K, ys, C, self.max_iter)
        self.n_iter_ = int(svc.n_iter_[0])
        self.converged_ = self.n_iter_ < self.max_iter
        self.support_ = svc.support_.copy()
        self.support_vectors_ = X[self.support_]
        self.dual_coef_ = svc.dual_coef_[0].copy()
        self.intercept_ = float(svc.intercept_[0])
        self.n_features_in_ = X.shape[1]
        self.n_samples_fit_ = len(X)
        return self

    def expansion(self):
        """(support vectors, alpha_i y_i, b): f(x) = sum_i alpha_i y_i k(x_i, x) + b."""
        self._check_fitted()
        return self.support_vectors_, self.dual_coef_, self.intercept_

    def kriege_alpha(self, n):
        """alpha over all n training points (0 off the support vectors), in Kriege's notation; n must be the number
        of points the model was fitted on."""
        self._check_fitted()
        n = check_positive_int(n, "n")
        if n != self.n_samples_fit_:
            raise ValueError(f"n must be the number of training points, {self.n_samples_fit_}: the model was fitted "
                             f"on {self.n_samples_fit_} points, got n = {n}.")
        alpha = np.zeros(n)
        alpha[self.support_] = np.abs(self.dual_coef_)
        return alpha

    def seed_alpha(self, n):
        """Deprecated name of `kriege_alpha` (kept for one release)."""
        warnings.warn("seed_alpha is deprecated; use kriege_alpha.", DeprecationWarning, stacklevel=2)
        return self.kriege_alpha(n)


class SubgradientSVM(_KernelClassifier):
    """Kriege's objective, solved by (stochastic) subgradient descent; the loss is recorded per step.

        J(alpha, b) = (1/n) sum_i max{0, 1 - y_i (f_i + b)} + lam alpha^T D_y K D_y alpha,  f = K D_y alpha

    The update is Kriege's SGD rule w <- w (1 - 2 lam eta_t) + eta_t y_i phi(x_i) [y_i f(x_i) < 1],
    written for alpha (w = sum_j alpha_j y_j phi(x_j)), averaged over a batch S of size m:

        alpha <- (1 - 2 lam eta_t) alpha + (eta_t / m) [y_i (f_i + b) < 1]_{i in S},   eta_t = 1 / (2 lam t)

    (this is the subgradient of J in w; in alpha's own coordinates it is that subgradient with the
    matrix D_y K D_y divided out, which keeps the steps well scaled for any kernel). eta_t = 1/(2 lam t)
    is the step for a 2 lam-strongly convex objective (Pegasos). The offset b, which Kriege leaves
    out and libsvm adds unpenalised, is set after each step to its best value for the current alpha
    (a 1-D piecewise-linear minimisation); fit_intercept=False keeps b = 0, Kriege's exact form.

    lam > 0: the penalty (lam = 1/(2 n C) gives libsvm's problem); n_steps: steps taken by fit;
    batch_size: None = all n points per step (subgradient descent), 1 = one random point (SGD);
    tol: `step` stops early once the best J improved by less than tol * J over the last `window` steps.
    Learned: alpha_ (n,), intercept_, loss_curve_ (J before step 1 and after each step), n_iter_,
    converged_, X_fit_, kernel_, classes_. `step(n)` continues from where the last call stopped.
    """

    window = 100

    def __init__(self, kernel="rbf", lam=0.01, n_steps=1000, batch_size=None, fit_intercept=True, tol=None,
                 seed=0, **params):
        self.kernel = kernel
        self.lam = lam
        self.n_steps = n_steps
        self.batch_size = batch_size
        self.fit_intercept = fit_intercept
        self.tol = tol
        self.seed = seed
        self.params = params

    def fit(self, X, y):
        self._lam = check_real(self.lam, "lam", low=0.0)
        if self._lam < SUBGRADIENT_MIN_LAM:
            raise ValueError(f"lam = {self._lam:g} is below {SUBGRADIENT_MIN_LAM:g}: the step 1/(2 lam t) would overflow "
                             "floating point. Use a larger lam, or KernelSVM (libsvm) with C = 1/(2 n lam).")
        n_steps = check_int(self.n_steps, "n_steps", low=0, high=MAX_STEPS)
        X, ys = self._fit_data(X, y)
        n = len(X)
        self._m = n if self.batch_size is None else min(check_positive_int(self.batch_size, "batch_size"), n)
        self._tol = None if self.tol is None else check_real(self.tol, "tol", low=0.0)
        self._fit_intercept = check_flag(self.fit_intercept, "fit_intercept")
        self._K = gram(X, kernel=self.kernel_)
        self._rng = np.random.default_rng(check_seed(self.seed))
        self.X_fit_, self.y_fit_ = X, ys
        self.alpha_, self._g, self.intercept_ = np.zeros(n), np.zeros(n), 0.0   # g = K D_y alpha, kept up to date
        self._curve = [kriege_objective(self._K, ys, self.alpha_, 0.0, self._lam)]
        self._best = self._curve[:]                          # running minimum of the curve
        self.converged_ = False
        return self.step(n_steps)

    def step(self, n=1, max_seconds=None):
        """Take up to n more steps, 0 ... MAX_STEPS (fewer when tol says converged or after max_seconds); returns self."""
        self._check_fitted()
        n = check_int(n, "n", low=0, high=MAX_STEPS)
        if max_seconds is not None:
            max_seconds = check_real(max_seconds, "max_seconds", low=0.0, low_inclusive=True)
        K, ys, lam, m, alpha, g, b = self._K, self.y_fit_, self._lam, self._m, self.alpha_, self._g, self.intercept_
        curve, best, N = self._curve, self._best, len(ys)
        deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        for _ in range(n):
            t = len(curve)
            eta = 1.0 / (2.0 * lam * t)
            S = slice(None) if m == N else self._rng.choice(N, m, replace=False)
            v = np.zeros(N)
            v[S] = ys[S] * (g[S] + b) < 1.0                   # hinge subgradient: points with y_i f(x_i) < 1
            # alpha <- (1 - 2 lam eta) alpha + (eta / m) v
            alpha *= 1.0 - 2.0 * lam * eta
            g *= 1.0 - 2.0 * lam * eta
            alpha += (eta / m) * v
            g += K @ (ys * v * (eta / m))
            if self._fit_intercept:
                b = _best_offset(ys, g)
            curve.append(float(np.maximum(0.0, 1.0 - ys * (g + b)).mean() + lam * ((alpha * ys) @ g)))
            if not np.isfinite(curve[-1]):
                raise ValueError(f"The subgradient steps overflowed at step {t} (lam = {lam:g}: the step 1/(2 lam t) "
                                 "is too large for these kernel values); use a larger lam.")
            best.append(min(best[-1], curve[-1]))
            if self._tol is not None and t > self.window and best[-self.window - 1] - best[-1] <= self._tol * best[-1]:
                self.converged_ = True
                break
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.intercept_ = float(b)
        self.loss_curve_ = np.asarray(curve)
        self.n_iter_ = len(curve) - 1
        return self

    def expansion(self):
        """(training points with alpha_i > 0, alpha_i y_i, b)."""
        self._check_fitted()
        nz = self.alpha_ > 0
        return self.X_fit_[nz], (self.alpha_ * self.y_fit_)[nz], self.intercept_


def _libsvm(K, y, C, max_iter):
    with warnings.catch_warnings():  # hitting max_iter is reported by converged_, not by a warning
        warnings.simplefilter("ignore", ConvergenceWarning)
        try:
            return SVC(kernel="precomputed", C=C, max_iter=max_iter).fit(K, y)
        except ValueError:  # libsvm's coefficients came out inf / NaN
            raise ValueError("libsvm could not solve this problem: its coefficients overflowed (kernel values too large "
                             "or too badly scaled); scale the data or change C, gamma, degree or coef0.") from None


def _best_offset(y, g):
    """b minimising (1/n) sum_i max{0, 1 - y_i (g_i + b)}: the slope in b is
    #{y_i = -1 active} - #{y_i = +1 active}, non-decreasing; it crosses 0 at a breakpoint r_i = y_i - g_i."""
    r = y - g
    order = np.argsort(r, kind="stable")
    r, ys = r[order], y[order]
    # just right of breakpoint k: the +1 points with r_i > b are active, the -1 points with r_i <= b are
    pos_right = np.sum(ys > 0) - np.cumsum(ys > 0)
    neg_left = np.cumsum(ys < 0)
    k = int(np.argmax(neg_left - pos_right >= 0))
    return float(r[k])


def _warn_if_indefinite(K):
    v = verdict(K)
    if not v.psd:
        warnings.warn(f"The Gram matrix is not positive semi-definite ({v.n_negative} negative eigenvalues, smallest "
                      f"{v.min_eigenvalue:.3g}): the SVM problem is not convex, so libsvm returns a stationary point, "
                      "not a guaranteed optimum.", RuntimeWarning, stacklevel=3)


def holdout_split(y, test_size=0.3, seed=0, X=None):
    """Seeded, stratified train / held-out split: (train indices, held-out indices), each sorted.
    With fewer than MIN_HOLDOUT points, or a class with fewer than 2, nothing is held out.

    Each point gets a seeded random key; each class holds out its round(test_size * n_class) points of
    smallest key (at least one, and at least one stays for training). Given X, a point's key is drawn
    from the point itself (its coordinates and the seed), so adding or removing a point moves at most
    one other point of its class between the two parts: a student who clicks a point onto the plot
    sees the effect of that point, not of a new random split."""
    test_size = check_real(test_size, "test_size", low=0.0, high=0.9)
    seed = check_seed(seed)
    y = check_label_array(y)
    idx = np.arange(len(y))
    classes, counts = np.unique(y, return_counts=True)
    if len(y) < MIN_HOLDOUT or len(counts) < 2 or counts.min() < 2:
        return idx, idx[:0]
    if X is None:
        keys = np.random.default_rng(seed).random(len(y))
    else:
        X = check_array(X)
        if len(X) != len(y):
            raise ValueError(f"X has {len(X)} points but y has {len(y)} labels; they must match.")
        salt = int(seed).to_bytes(8, "little", signed=True)
        rows = np.ascontiguousarray(X) + 0.0  # + 0.0: -0.0 and 0.0 are the same point
        keys = np.array([int.from_bytes(hashlib.blake2b(row.tobytes(), digest_size=8, key=salt).digest(), "little")
                         for row in rows], dtype=np.float64)
    test = []
    for c, n_c in zip(classes, counts):
        members = idx[y == c]
        k = min(max(int(round(test_size * n_c)), 1), n_c - 1) if test_size > 0 else 0
        test.extend(members[np.argsort(keys[members], kind="stable")[:k]])
    test = np.sort(np.asarray(test, dtype=int))
    return np.setdiff1d(idx, test), test


def cross_validate_grid(X, y, Cs, gammas, make_kernel, folds=3, seed=0):
    """Mean k-fold cross-validation accuracy of KernelSVM on every (gamma, C) of the grid.

    make_kernel(gamma) -> a kernel_core Kernel. Returns scores with shape (len(gammas), len(Cs)):
    row = gamma, column = C. The Gram matrix is computed once per gamma and sliced per fold; each fit
    stops after MAX_ITER // 4 libsvm iterations (so a badly scaled kernel cannot stall the grid).
    """
    X = check_array(X)
    ys, _ = check_labels(y, len(X))
    folds = check_positive_int(folds, "folds")
    seed = check_seed(seed)
    if min(np.unique(ys, return_counts=True)[1]) < folds:
        raise ValueError(f"{folds}-fold cross-validation needs at least {folds} points of each class.")
    Cs = [check_real(C, "C", low=0.0) for C in check_list(Cs, "Cs", "values of C")]
    gammas = check_list(gammas, "gammas", "values of gamma")
    if not callable(make_kernel):
        raise TypeError(f"make_kernel must be a function gamma -> Kernel, got {describe(make_kernel)}.")
    splits = list(StratifiedKFold(folds, shuffle=True, random_state=seed).split(X, ys))
    scores = np.zeros((len(gammas), len(Cs)))
    for a, gamma in enumerate(gammas):
        K = gram(X, kernel=as_kernel(make_kernel(gamma)))
        for tr, te in splits:
            for c, C in enumerate(Cs):
                svc = _libsvm(K[np.ix_(tr, tr)], ys[tr], C, MAX_ITER // 4)
                scores[a, c] += np.mean(svc.predict(K[np.ix_(te, tr)]) == ys[te]) / folds
    return scores
