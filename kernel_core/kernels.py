"""The five kernels of the lecture (Held) with scikit-learn's parameter names, and `gram`.

Every kernel here equals `sklearn.metrics.pairwise.pairwise_kernels(X, Y, metric=name, **params)`.
A parameter left as None takes scikit-learn's default (gamma = 1 / n_features).
"""
import numpy as np
from scipy.spatial.distance import cdist

from ._validation import check_choice, check_finite, check_pair, check_positive_int, check_real, check_size

MAX_DEGREE = 50


def linear_kernel(X, Y):
    """k(x, y) = x^T y"""
    return X @ Y.T


def polynomial_kernel(X, Y, degree=3, gamma=None, coef0=1.0):
    """k(x, y) = (gamma x^T y + coef0)^degree

    degree: the power m; gamma: scale of the inner product; coef0: the offset r (Held writes
    (gamma x^T y + r)^m; Kriege uses gamma = 1, coef0 = 1).
    """
    K = X @ Y.T
    K *= gamma
    K += coef0
    return _power(K, degree)


def _power(K, degree):
    """K ** degree, overwriting K. An integer degree goes by repeated squaring: about 2 log2(degree) multiplications
    per entry instead of one pow() call each, several times faster on a large Gram matrix (the product of the
    same floating-point factors, so equal to pow up to a few units of round-off)."""
    if not float(degree).is_integer() or degree < 1:
        K **= degree
        return K
    d, result = int(degree), None
    while True:
        if d & 1:
            result = K.copy() if result is None else np.multiply(result, K, out=result)
        d >>= 1
        if not d:
            return result
        np.multiply(K, K, out=K)       # K ** (2^j)


def rbf_kernel(X, Y, gamma=None):
    """k(x, y) = exp(-gamma ||x - y||_2^2)

    gamma = 1 / (2 sigma^2) (Bishop's notes and Nguyen) = 1 / h^2 (Kriege).
    """
    K = cdist(X, Y, "sqeuclidean")
    K *= -gamma
    np.exp(K, out=K)
    return K


def laplacian_kernel(X, Y, gamma=None):
    """k(x, y) = exp(-gamma ||x - y||_1)

    gamma = 1 / h (Kriege).
    """
    K = cdist(X, Y, "cityblock")
    K *= -gamma
    np.exp(K, out=K)
    return K


def sigmoid_kernel(X, Y, gamma=None, coef0=1.0):
    """k(x, y) = tanh(gamma x^T y + coef0)

    Held writes tanh(alpha x^T y + c): alpha = gamma (slope), c = coef0 (offset).
    Not positive semi-definite in general: its Gram matrix can have negative eigenvalues.
    """
    K = X @ Y.T
    K *= gamma
    K += coef0
    np.tanh(K, out=K)
    return K


# One table maps a name to its function, one to its parameters (as scikit-learn's pairwise.py does).
KERNEL_FUNCTIONS = {
    "linear": linear_kernel,
    "poly": polynomial_kernel,
    "rbf": rbf_kernel,
    "laplacian": laplacian_kernel,
    "sigmoid": sigmoid_kernel,
}
KERNEL_PARAMS = {
    "linear": (),
    "poly": ("degree", "gamma", "coef0"),
    "rbf": ("gamma",),
    "laplacian": ("gamma",),
    "sigmoid": ("gamma", "coef0"),
}
DEFAULTS = {"degree": 3, "gamma": None, "coef0": 1.0}
MERCER = {"linear": True, "poly": True, "rbf": True, "laplacian": True, "sigmoid": False}
"""Whether the kernel is positive semi-definite for every parameter setting (Held: all but sigmoid;
poly needs coef0 >= 0)."""


def check_kernel_params(name, params):
    """Validate a kernel name and its parameters; return the full parameter dict (None = sklearn default)."""
    check_choice(name, KERNEL_FUNCTIONS, "kernel")
    allowed = KERNEL_PARAMS[name]
    unexpected = sorted(set(params) - set(allowed))
    if unexpected:
        takes = ", ".join(allowed) if allowed else "no parameters"
        raise TypeError(f"The {name} kernel takes {takes}; unexpected parameter(s): {', '.join(unexpected)}.")
    full = {p: params.get(p, DEFAULTS[p]) for p in allowed}
    if "degree" in full:
        full["degree"] = check_positive_int(full["degree"], "degree", high=MAX_DEGREE)
    if full.get("gamma") is not None:
        full["gamma"] = check_real(full["gamma"], "gamma", low=0.0)
    if "coef0" in full:
        full["coef0"] = check_real(full["coef0"], "coef0")
    return full


def gram(X, Y=None, kernel="rbf", **params):
    """The Gram matrix K[i, j] = k(X[i], Y[j]) (Y defaults to X), shape (n, m).

    `kernel` is a name from KERNEL_FUNCTIONS (with its parameters as keywords) or a `Kernel` object
    (including compositions such as `Kernel("rbf") + 0.5 * Kernel("linear")`).
    """
    if callable(kernel) and not isinstance(kernel, str):
        if params:
            raise TypeError("Pass kernel parameters to the Kernel object, not to gram(), when kernel is a Kernel.")
        return kernel(X, Y)
    full = check_kernel_params(kernel, params)
    X, Y = check_pair(X, Y)
    check_size(len(X), len(Y))
    if full.get("gamma", 0) is None:
        full["gamma"] = 1.0 / X.shape[1]
    with np.errstate(over="ignore", invalid="ignore"):
        K = KERNEL_FUNCTIONS[kernel](X, Y, **full)
    return check_finite_gram(K, kernel)


def check_finite_gram(K, what):
    """K when finite; else a ValueError naming the kernel `what` that overflowed."""
    return check_finite(K, f"The {what} kernel", "use a smaller gamma, degree or coefficient, or scale the data")
