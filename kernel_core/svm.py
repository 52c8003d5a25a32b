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

2. `SubgradientSVM` (the teaching solver, kernel_core.subgradient): Kriege's update, in alpha, with the loss curve
   kept.

Model selection on KernelSVM (a seeded split, a cross-validated grid) is in kernel_core.model_selection.
"""
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import SVC

from ._validation import (
    check_array,
    check_features,
    check_finite,
    check_labels,
    check_positive_int,
    check_real,
)
from .algebra import as_kernel
from .kernels import gram
from .spectral import _check_square, verdict

MARGIN_ATOL = 1e-3  # y f(x) within this of 1 counts as "on the margin" (libsvm stops at KKT tolerance 1e-3)
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


def _libsvm(K, y, C, max_iter):
    with warnings.catch_warnings():  # hitting max_iter is reported by converged_, not by a warning
        warnings.simplefilter("ignore", ConvergenceWarning)
        try:
            return SVC(kernel="precomputed", C=C, max_iter=max_iter).fit(K, y)
        except ValueError:  # libsvm's coefficients came out inf / NaN
            raise ValueError("libsvm could not solve this problem: its coefficients overflowed (kernel values too large "
                             "or too badly scaled); scale the data or change C, gamma, degree or coef0.") from None


def _warn_if_indefinite(K):
    v = verdict(K)
    if not v.psd:
        warnings.warn(f"The Gram matrix is not positive semi-definite ({v.n_negative} negative eigenvalues, smallest "
                      f"{v.min_eigenvalue:.3g}): the SVM problem is not convex, so libsvm returns a stationary point, "
                      "not a guaranteed optimum.", RuntimeWarning, stacklevel=3)
