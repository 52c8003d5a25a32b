"""Kernel objects and the closure rules (Sugiyama and Kriege): sums, products, positive scaling,
exp(k) and polynomials with non-negative coefficients of a kernel are again kernels.

    k = Kernel("rbf", gamma=0.5) + 2 * Kernel("linear")
    K = k(X)                # Gram matrix, same as gram(X, kernel=k)

Written after scikit-learn's `gaussian_process.kernels` (k1 + k2 -> Sum, k1 * k2 -> Product).
"""
from numbers import Real

import numpy as np

from ._validation import check_array, check_list, check_pair, check_real, check_size
from .kernels import DEFAULTS, MERCER, check_finite_gram, check_kernel_params, gram

DIAG_BLOCK = 64
"""Rows per block when only the diagonal k(x, x) is needed (a block is DIAG_BLOCK x DIAG_BLOCK: n · 64 kernel values
in all; with 1000 a 100 000-row diagonal took 7 s)."""


class Kernel:
    """A named base kernel with fixed parameters; calling it returns the Gram matrix."""

    def __init__(self, name, **params):
        check_kernel_params(name, params)  # fail early, with the same message as gram()
        self.name = name
        self.params = dict(params)

    def __call__(self, X, Y=None):
        return gram(X, Y, self.name, **self.params)

    def diag(self, X):
        """k(x, x) for every row x of X, shape (n,), in blocks of DIAG_BLOCK rows (never the n x n matrix)."""
        X = check_array(X, "X")
        return np.concatenate([np.diag(self(X[s:s + DIAG_BLOCK])) for s in range(0, len(X), DIAG_BLOCK)])

    @property
    def is_mercer(self):
        """True when the kernel is PSD for every data set (the closure rules keep this)."""
        if self.name == "poly":
            coef0 = self.params.get("coef0")
            return (DEFAULTS["coef0"] if coef0 is None else coef0) >= 0
        return MERCER[self.name]

    # A numpy array on the left of + or * must not broadcast the kernel into an array of kernels (it would call the
    # kernel's __rmul__ element by element): numpy defers to the kernel, whose sentence refuses the array.
    __array_ufunc__ = None

    def __add__(self, other):
        return Sum(self, _operand(other, "+"))

    __radd__ = __add__

    def __mul__(self, other):
        if isinstance(other, Real) and not isinstance(other, bool):
            return Scaled(other, self)
        return Product(self, _operand(other, "*"))

    __rmul__ = __mul__

    def exp(self):
        """exp(k(x, y)), a kernel when k is (Kriege)."""
        return Exp(self)

    def polynomial(self, coefs):
        """sum_i coefs[i] k(x, y)^i, a kernel when every coefficient is >= 0 (Kriege)."""
        return Polynomial(self, coefs)

    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"Kernel({self.name!r}{', ' if args else ''}{args})"

    def latex(self):
        """The formula, e.g. \\exp(-0.5\\,\\|x-y\\|^2)."""
        p = {k: DEFAULTS[k] if self.params.get(k) is None else self.params[k] for k in DEFAULTS}
        g = "\\gamma" if p.get("gamma") is None else _num(p["gamma"])
        return {
            "linear": "x^\\top y",
            "poly": f"({g}\\,x^\\top y {_plus(p['coef0'])})^{{{p['degree']}}}",
            "rbf": f"\\exp(-{g}\\,\\|x-y\\|_2^2)",
            "laplacian": f"\\exp(-{g}\\,\\|x-y\\|_1)",
            "sigmoid": f"\\tanh({g}\\,x^\\top y {_plus(p['coef0'])})",
        }[self.name]


class _Composite(Kernel):
    """Base of composed kernels: evaluates its parts and combines their Gram matrices."""

    name = "composite"

    def __init__(self, *parts):
        self.parts = tuple(_operand(k, "composing") for k in parts)
        self.params = {}

    def __call__(self, X, Y=None):
        X, Y = check_pair(X, Y)
        check_size(len(X), len(Y))
        with np.errstate(over="ignore", invalid="ignore"):
            K = self._combine(*(k(X, Y) for k in self.parts))
        return check_finite_gram(K, "composed")

    def combine(self, *grams):
        """The composition's Gram matrix from its parts' Gram matrices (one per part, all of one shape)."""
        if len(grams) != len(self.parts):
            raise TypeError(f"combine takes {len(self.parts)} Gram matrix(ces), one per part; got {len(grams)}.")
        grams = [check_array(K, "K") for K in grams]
        if len({K.shape for K in grams}) > 1:
            raise ValueError(f"The Gram matrices have shapes {[K.shape for K in grams]}; they must match.")
        with np.errstate(over="ignore", invalid="ignore"):
            return check_finite_gram(self._combine(*grams), "composed")

    @property
    def is_mercer(self):
        return all(k.is_mercer for k in self.parts)


class Sum(_Composite):
    """k(x, y) = k1(x, y) + k2(x, y)"""

    def _combine(self, K1, K2):
        return K1 + K2

    def latex(self):
        return f"{self.parts[0].latex()} + {self.parts[1].latex()}"

    def __repr__(self):
        return f"({self.parts[0]!r} + {self.parts[1]!r})"


class Product(_Composite):
    """k(x, y) = k1(x, y) k2(x, y)"""

    def _combine(self, K1, K2):
        return K1 * K2

    def latex(self):
        return f"\\left[{self.parts[0].latex()}\\right]\\cdot\\left[{self.parts[1].latex()}\\right]"

    def __repr__(self):
        return f"({self.parts[0]!r} * {self.parts[1]!r})"


class Scaled(_Composite):
    """k(x, y) = c k1(x, y) with c > 0"""

    def __init__(self, c, k):
        self.c = check_real(c, "the scale c", low=0.0)
        super().__init__(k)

    def _combine(self, K):
        return self.c * K

    def latex(self):
        return f"{_num(self.c)}\\left[{self.parts[0].latex()}\\right]"

    def __repr__(self):
        return f"{self.c!r} * {self.parts[0]!r}"


class Exp(_Composite):
    """k(x, y) = exp(k1(x, y))"""

    def _combine(self, K):
        return np.exp(K)

    def latex(self):
        return f"\\exp\\left({self.parts[0].latex()}\\right)"

    def __repr__(self):
        return f"{self.parts[0]!r}.exp()"


class Polynomial(_Composite):
    """k(x, y) = sum_i c_i k1(x, y)^i with every c_i >= 0"""

    def __init__(self, k, coefs):
        coefs = [check_real(c, f"coefficient c{i}", low=0.0, low_inclusive=True)
                 for i, c in enumerate(check_list(coefs, "coefs", "coefficients c0, c1, ..."))]
        if not coefs or not any(coefs):
            raise ValueError("A polynomial of a kernel needs at least one positive coefficient.")
        self.coefs = coefs
        super().__init__(k)

    def _combine(self, K):
        out = np.zeros_like(K)
        for c in reversed(self.coefs):  # Horner: (((c_m K + c_{m-1}) K + ...) K + c_0)
            out = out * K + c
        return out

    def latex(self):
        inner = self.parts[0].latex()
        terms = [f"{_num(c)}" + ("" if i == 0 else f"\\left[{inner}\\right]" + (f"^{{{i}}}" if i > 1 else ""))
                 for i, c in enumerate(self.coefs) if c]
        return " + ".join(terms)

    def __repr__(self):
        return f"{self.parts[0]!r}.polynomial({self.coefs!r})"


def _operand(other, op):
    if isinstance(other, Kernel):
        return other
    raise TypeError(f"Cannot combine a kernel with {type(other).__name__} by '{op}'; "
                    "use another Kernel (for scaling, multiply by a positive number).")


def as_kernel(kernel, **params):
    """A kernel name with its parameters, or a Kernel object (compositions included) -> Kernel.
    The one place every estimator turns its `kernel` argument into a kernel."""
    if isinstance(kernel, Kernel):
        if params:
            raise TypeError("Pass kernel parameters to the Kernel object, not alongside it, when kernel is a Kernel.")
        return kernel
    if isinstance(kernel, str):
        return Kernel(kernel, **params)
    raise TypeError(f"kernel must be a kernel name such as 'rbf' or a Kernel object, got {type(kernel).__name__}.")


def _num(v):
    return f"{v:.3g}".replace("e+0", "e").replace("e-0", "e-")


def _plus(v):
    """'+ 1' or '- 1': an added term with its sign (never '+ -1')."""
    return f"- {_num(-v)}" if v < 0 else f"+ {_num(v)}"


class KernelModel:
    """An estimator given its kernel as a name and parameters or as a Kernel (attributes `kernel`, `params`):
    `_kernel()` is that kernel (as_kernel), built when it is needed."""

    def _kernel(self):
        return as_kernel(self.kernel, **self.params)
