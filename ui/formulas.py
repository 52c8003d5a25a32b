"""LaTeX for the kernels with the current numbers, and the seeds' other notations with the mapping."""
import math


def _g(v):
    return f"{v:.4g}"


GENERIC = {
    "linear": r"k(\mathbf{x},\mathbf{y}) = \mathbf{x}^\top\mathbf{y}",
    "poly": r"k(\mathbf{x},\mathbf{y}) = (\gamma\,\mathbf{x}^\top\mathbf{y} + r)^m",
    "rbf": r"k(\mathbf{x},\mathbf{y}) = \exp\!\left(-\gamma\,\|\mathbf{x}-\mathbf{y}\|_2^2\right)",
    "laplacian": r"k(\mathbf{x},\mathbf{y}) = \exp\!\left(-\gamma\,\|\mathbf{x}-\mathbf{y}\|_1\right)",
    "sigmoid": r"k(\mathbf{x},\mathbf{y}) = \tanh\!\left(\gamma\,\mathbf{x}^\top\mathbf{y} + r\right)",
}


def with_numbers(name, p):
    """The kernel's formula with the current parameter values plugged in."""
    if name == "linear":
        return GENERIC["linear"]
    if name == "poly":
        return (GENERIC["poly"] + rf" = ({_g(p['gamma'])}\,\mathbf{{x}}^\top\mathbf{{y}} + {_g(p['coef0'])})"
                rf"^{{{p['degree']}}}")
    if name in ("rbf", "laplacian"):
        norm = r"\|\mathbf{x}-\mathbf{y}\|_2^2" if name == "rbf" else r"\|\mathbf{x}-\mathbf{y}\|_1"
        return GENERIC[name] + rf" = \exp\!\left(-{_g(p['gamma'])}\,{norm}\right)"
    return GENERIC["sigmoid"] + rf" = \tanh\!\left({_g(p['gamma'])}\,\mathbf{{x}}^\top\mathbf{{y}} + {_g(p['coef0'])}\right)"


def other_notations(name, p):
    """[(seed, latex, explanation)] for the same kernel written the way the other seeds write it."""
    if name == "rbf":
        g = p["gamma"]
        sigma, h = 1 / math.sqrt(2 * g), 1 / math.sqrt(g)
        return [
            ("Seeds 001, 004 (Bishop)", rf"\exp\!\left(-\frac{{\|\mathbf{{x}}-\mathbf{{y}}\|^2}}{{2\sigma^2}}\right) \\ "
             rf"\sigma = \tfrac{{1}}{{\sqrt{{2\gamma}}}} = {_g(sigma)}", "σ is the bandwidth"),
            ("Seed 003 (Kriege)", rf"\exp\!\left(-\frac{{\|\mathbf{{x}}-\mathbf{{y}}\|^2}}{{h^2}}\right) \\ "
             rf"h = \tfrac{{1}}{{\sqrt{{\gamma}}}} = {_g(h)}", "seed 002 calls h c"),
        ]
    if name == "laplacian":
        return [("Seed 003 (Kriege)", rf"\exp\!\left(-\frac{{\|\mathbf{{x}}-\mathbf{{y}}\|_1}}{{h}}\right) \\ "
                 rf"h = \frac{{1}}{{\gamma}} = {_g(1 / p['gamma'])}", "L1 distance, not squared")]
    if name == "sigmoid":
        return [("Seed 000 (Held)", rf"\tanh(\alpha\,\mathbf{{x}}^\top\mathbf{{y}} + c) \\ \alpha = \gamma = {_g(p['gamma'])},"
                 rf"\ c = r = {_g(p['coef0'])}", "scikit-learn calls α gamma and c coef0")]
    if name == "poly":
        return [("Seed 003 (Kriege)", r"(\mathbf{x}^\top\mathbf{x}' + 1)^d", "γ = 1, r = 1, d = m; r = 0 gives only degree-m monomials")]
    return [("All seeds", r"\mathbf{x}^\top\mathbf{y}", "the ordinary inner product: φ(x) = x")]
