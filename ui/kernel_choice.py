"""A kernel as the student chose it: plain values that key the caches, build the kernel_core Kernel and describe
themselves on screen. `Single` is one kernel of KERNEL_PARAMS with its parameters; `Composed` combines one or two
choices by a closure rule (sum, product, a positive scale, exp, a polynomial with non-negative coefficients)."""
from dataclasses import dataclass, replace

import kernel_core as kc

LABELS = {
    "rbf": "RBF / Gaussian",
    "laplacian": "Laplacian",
    "poly": "Poly (PSD for r ≥ 0)",   # short enough for the narrowest bar's open list (1280x720, presenting)
    "linear": "Linear",
    "sigmoid": "Sigmoid (not PSD)",
}
# Labels of earlier versions, which old links still hold (a link names a select box's choice by its label):
# old label -> key of LABELS. ui.links reads them as the choice they meant.
OLD_LABELS = {"Polynomial": "poly"}
NAMES = {**LABELS, "poly": "Polynomial"}   # in titles, beside the parameters (r is shown there)
SYMBOLS = {"gamma": "γ", "degree": "m", "coef0": "r"}


@dataclass(frozen=True)
class Single:
    name: str                # a key of kernel_core.KERNEL_PARAMS
    params: tuple = ()       # ((parameter, value), ...) in KERNEL_PARAMS order

    @classmethod
    def of(cls, name, **params):
        return cls(name, tuple(params.items()))

    def kernel(self):
        return kc.Kernel(self.name, **dict(self.params))

    def describe(self):
        """In words for titles: 'RBF / Gaussian, γ = 1'."""
        return ", ".join([NAMES[self.name], *(f"{SYMBOLS[p]} = {v:g}" for p, v in self.params)])

    @property
    def gamma(self):
        """γ of this kernel, None when it has none (linear)."""
        return dict(self.params).get("gamma")

    def with_params(self, **changes):
        """The same choice with some of its parameters replaced (names it does not have are ignored)."""
        return replace(self, params=tuple((p, changes.get(p, v)) for p, v in self.params))

    def with_gamma(self, gamma):
        """The same choice with γ replaced (None when the kernel has no γ)."""
        if self.gamma is None:
            return None
        return replace(self, params=tuple((p, gamma if p == "gamma" else v) for p, v in self.params))


@dataclass(frozen=True)
class Composed:
    op: str                  # "sum", "product", "scale", "exp" or "polynomial"
    first: "Single | Composed"
    second: "Single | Composed | None" = None
    arg: object = None       # the scale c, or the polynomial's coefficients

    def kernel(self):
        k1 = self.first.kernel()
        if self.op == "sum":
            return k1 + self.second.kernel()
        if self.op == "product":
            return k1 * self.second.kernel()
        if self.op == "scale":
            return self.arg * k1
        if self.op == "exp":
            return k1.exp()
        if self.op == "polynomial":
            return k1.polynomial(self.arg)
        raise ValueError(f"Unknown composition {self.op!r}.")

    def describe(self):
        if self.op in ("sum", "product"):
            return f"({self.first.describe()}) {'+' if self.op == 'sum' else '·'} ({self.second.describe()})"
        return f"{self.op}({self.first.describe()})"

    @property
    def gamma(self):
        """γ of the first kernel k₁ (the one a (C, γ) search moves)."""
        return self.first.gamma

    def with_gamma(self, gamma):
        first = self.first.with_gamma(gamma)
        return None if first is None else replace(self, first=first)


# px Compare A / B's pictures give up on a projector when the row of A's and B's settings wraps to a second row
SECOND_ROW_PX = 72


def compare_height(height, present, *choices):
    """The height of Compare A / B's two pictures for the kernels chosen in A's and B's settings. On a projector
    (1280 px) that row holds each side's kernel, one kernel parameter and C or λ; a second kernel parameter or a
    combined kernel wraps it to a second row (the pictures' bottoms then went 58–66 px below 720), so the pictures
    give up that row's height and stay on the first screen."""
    wraps = present and not all(isinstance(c, Single) and len(c.params) <= 1 for c in choices)
    return height - SECOND_ROW_PX if wraps else height
