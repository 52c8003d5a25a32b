"""Kriege's SVM objective solved by (stochastic) subgradient descent: the teaching solver beside libsvm's KernelSVM
(kernel_core.svm, whose docstring maps Kriege's lam to libsvm's C = 1/(2 n lam))."""
import time

import numpy as np

from ._validation import check_flag, check_int, check_positive_int, check_real, check_seed
from .kernels import gram
from .svm import _KernelClassifier, kriege_objective

SUBGRADIENT_MIN_LAM = 1e-12
"""Smallest lam of SubgradientSVM: its step eta_t = 1/(2 lam t) grows without bound as lam -> 0, and below this the
coefficients overflow floating point (libsvm's KernelSVM with C = 1/(2 n lam) handles a nearly hard margin)."""
MAX_STEPS = 20_000
"""Most steps one SubgradientSVM.fit or .step call takes (the app caps a run at this many): a step costs an n-vector
product with K, so a call stays bounded; more are refused with a sentence (call step again to go on)."""


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
