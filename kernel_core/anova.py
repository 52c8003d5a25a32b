"""The ANOVA kernel (Kriege): a sum of one-dimensional kernels, one per coordinate,

    k(x, x') = sum_j k_j(x_j, x'_j)        here k_j(s, t) = exp(-gamma (s - t)^2), Gaussian in coordinate j

a kernel by the sum rule. A model f(x) = sum_i alpha_i k(x_i, x) learned with it is additive:

    f(x) = sum_j f_j(x_j),      f_j(t) = sum_i alpha_i k_j(x_ij, t)

(Kriege writes alpha_i y_i for the perceptron / SVM; for kernel ridge the y_i are inside alpha_i.)
Each f_j depends on coordinate j alone, so f cannot model an interaction such as x_1 x_2.
"""
import numpy as np

from ._validation import check_array, check_finite, check_pair, check_size
from .kernels import check_finite_gram, check_kernel_params, gram


def anova_parts(X, Y=None, kernel="rbf", **params):
    """The per-coordinate Gram matrices P[j, i, l] = k_j(X[i, j], Y[l, j]), shape (d, n, m).

    k_j is the named kernel (default Gaussian, `gamma` = 1 when not given) on the single column j, with the
    parameters of gram(); sum over j is the ANOVA kernel.
    """
    if isinstance(kernel, str) and kernel == "rbf" and params.get("gamma") is None:
        params = {**params, "gamma": 1.0}
    check_kernel_params(kernel, params)
    X, Y = check_pair(X, Y)
    check_size(len(X) * X.shape[1], len(Y), "The per-coordinate Gram matrices")
    return np.stack([gram(X[:, [j]], Y[:, [j]], kernel, **params) for j in range(X.shape[1])])


def anova_kernel(X, Y=None, gamma=1.0):
    """k(x, y) = sum_j exp(-gamma (x_j - y_j)^2), the Gram matrix of shape (n, m) (Y defaults to X).

    gamma > 0 is the width of every coordinate's Gaussian (gamma = 1 / (2 sigma^2) = 1 / h^2).
    """
    P = anova_parts(X, Y, "rbf", gamma=gamma)
    return check_finite_gram(P.sum(axis=0), "ANOVA")


def anova_components(X, alpha, T, kernel="rbf", **params):
    """The learned parts F[j, k] = f_j(T[k, j]) = sum_i alpha_i k_j(X[i, j], T[k, j]), shape (d, m).

    X (n, d): the training points; alpha (n,): the dual coefficients; T (m, d): where to evaluate (column j
    gives the values of coordinate j). Their sum over j is the prediction f(T[k]) = sum_i alpha_i k(x_i, T[k]).
    """
    X = check_array(X, "X")
    alpha = check_array(alpha, "alpha", ndim=1)
    if len(alpha) != len(X):
        raise ValueError(f"X has {len(X)} points but alpha has {len(alpha)} coefficients; they must match.")
    P = anova_parts(T, X, kernel, **params)          # (d, m, n): k_j(T[k, j], X[i, j])
    with np.errstate(over="ignore", invalid="ignore"):
        F = P @ alpha
    return check_finite(F, "The learned parts f_j", "scale the data or use smaller coefficients")
