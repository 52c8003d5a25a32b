"""The reproducing kernel Hilbert space (RKHS) of a kernel k (Sugiyama, "More on kernels"): the functions
f = Σᵢ αᵢ k(xᵢ, ·), their inner product and norm, and the reproducing property ⟨f, k(x′, ·)⟩_H = f(x′).

    f = rkhs_function([[-1.0], [0.5]], [1.0, -0.5], "rbf", gamma=1.0)
    f([[0.2]])                                   # f(0.2) = Σᵢ αᵢ k(xᵢ, 0.2)
    rkhs_inner(f.alpha, f.centres, [1.0], [[0.2]], f.kernel)   # ⟨f, k(0.2, ·)⟩_H: the same number
    rkhs_norm(f.alpha, f.centres, f.kernel)      # ‖f‖_H = √(αᵀKα)

Symbols: xᵢ the centres (rows of X), αᵢ their coefficients, K[i, j] = k(xᵢ, xⱼ) the Gram matrix,
k(x, ·) = φ(x) the function the kernel puts at x (Sugiyama: ⟨φ(x), φ(x′)⟩_H = K(x, x′)).
"""
import numpy as np

from ._validation import check_array, check_finite, check_flag, check_pair, describe
from .algebra import as_kernel
from .spectral import PSD_RTOL


def _coefficients(a, X, name):
    """a as a 1-D float array with one coefficient per row of X, or a ValueError that says why."""
    a = check_array(a, name, ndim=1)
    if len(a) != len(X):
        raise ValueError(f"{name} has {len(a)} coefficient(s) but there are {len(X)} centre(s); give one each.")
    return a


def _finite(value, what):
    """value when every entry is finite; else a ValueError that says the sum overflowed."""
    return check_finite(value, what, "use smaller coefficients or kernel values")


class RKHSFunction:
    """f(x) = Σᵢ αᵢ k(xᵢ, x): a function of the RKHS of `kernel`, built from centres xᵢ (rows of `centres`) and
    coefficients αᵢ (`alpha`). Calling it on rows X returns f at each row: K(X, centres) α."""

    def __init__(self, centres, alpha, kernel):
        self.centres = check_array(centres, "centres")
        self.alpha = _coefficients(alpha, self.centres, "alpha")
        self.kernel = as_kernel(kernel)

    def __call__(self, X):
        X, _ = check_pair(X, self.centres)
        K = self.kernel(X, self.centres)
        with np.errstate(over="ignore", invalid="ignore"):
            return _finite(K @ self.alpha, "f(x) = Σᵢ αᵢ k(xᵢ, x)")

    def bumps(self, X):
        """The terms αᵢ k(xᵢ, x), one column per centre, shape (len(X), n): their row sums are f(X)."""
        X, _ = check_pair(X, self.centres)
        K = self.kernel(X, self.centres)
        with np.errstate(over="ignore", invalid="ignore"):
            return _finite(K * self.alpha, "αᵢ k(xᵢ, x)")

    def inner(self, other):
        """⟨f, g⟩_H for another RKHSFunction g of the same kernel (rkhs_inner)."""
        if not isinstance(other, RKHSFunction):
            raise TypeError(f"other must be an RKHSFunction (as rkhs_function makes), got {describe(other)}.")
        return rkhs_inner(self.alpha, self.centres, other.alpha, other.centres, self.kernel)

    def norm(self, squared=False):
        """‖f‖_H = √(αᵀKα) (rkhs_norm)."""
        return rkhs_norm(self.alpha, self.centres, self.kernel, squared=squared)


def rkhs_function(centres, alpha, kernel="rbf", **params):
    """f = Σᵢ αᵢ k(xᵢ, ·) as an evaluator: `rkhs_function(X, alpha, "rbf", gamma=1)(Z)` is f at the rows of Z.

    `kernel` is a kernel name with its parameters as keywords, or a kernel_core Kernel (compositions too)."""
    return RKHSFunction(centres, alpha, as_kernel(kernel, **params))


def rkhs_inner(a, X, b, Y, kernel="rbf", **params):
    """⟨f, g⟩_H = Σᵢ Σⱼ aᵢ bⱼ k(xᵢ, yⱼ) = aᵀ K(X, Y) b for f = Σᵢ aᵢ k(xᵢ, ·) and g = Σⱼ bⱼ k(yⱼ, ·).

    It follows from ⟨k(x, ·), k(y, ·)⟩_H = k(x, y) by linearity. With g = k(x′, ·) (b = [1], Y = [x′]) it is
    Σᵢ aᵢ k(xᵢ, x′) = f(x′): the reproducing property ⟨f, k(x′, ·)⟩_H = f(x′)."""
    X, Y = check_pair(X, Y)
    a, b = _coefficients(a, X, "a"), _coefficients(b, Y, "b")
    K = as_kernel(kernel, **params)(X, Y)
    with np.errstate(over="ignore", invalid="ignore"):
        return float(_finite(a @ K @ b, "⟨f, g⟩_H = aᵀK(X, Y)b"))


def rkhs_norm(alpha, X, kernel="rbf", squared=False, **params):
    """‖f‖_H = √⟨f, f⟩_H = √(αᵀKα) for f = Σᵢ αᵢ k(xᵢ, ·), K[i, j] = k(xᵢ, xⱼ); ‖f‖²_H with `squared`.

    αᵀKα ≥ 0 for a positive semi-definite kernel; a value below 0 only by round-off (within PSD_RTOL of
    Σ |αᵢ αⱼ K[i, j]|) counts as 0. A clearly negative one means the kernel is not PSD on these centres, so
    there is no RKHS norm: ValueError."""
    squared = check_flag(squared, "squared")
    X = check_array(X, "X")
    alpha = _coefficients(alpha, X, "alpha")
    K = as_kernel(kernel, **params)(X)
    with np.errstate(over="ignore", invalid="ignore"):
        q = float(_finite(alpha @ K @ alpha, "‖f‖²_H = αᵀKα"))
        scale = float(_finite(np.abs(alpha) @ np.abs(K) @ np.abs(alpha), "‖f‖²_H = αᵀKα"))
    if q < 0:
        if q < -PSD_RTOL * scale:
            raise ValueError(f"αᵀKα = {q:.4g} < 0: this kernel is not positive semi-definite on these centres, "
                             "so it defines no RKHS norm (choose a Mercer kernel).")
        q = 0.0
    return q if squared else float(np.sqrt(q))
