"""LaTeX for the kernels with the current numbers, and the lecture notes' other notations with the mapping.
Sources are named by author (Home's References table): Held, Bishop's notes, Sugiyama, Kriege, Nguyen."""
import math

import streamlit as st

PAD = r"\;"   # a thin space at a formula's end: KaTeX lets an aligned block or a final subscript overhang its box by
              # ~2 px, which makes the formula's box scroll (it looks cut off) in a column


def latex(body, where=None):
    """st.latex of `body` (in `where`, a column, else the page) with PAD at its end."""
    (where or st).latex(body + PAD)


def _g(v):
    return f"{v:.4g}"


def _plus(v):
    """'+ 1' or '- 1' (never '+ -1') for an added constant."""
    return f"- {_g(-v)}" if v < 0 else f"+ {_g(v)}"


GENERIC = {
    "linear": r"k(\mathbf{x},\mathbf{y}) = \mathbf{x}^\top\mathbf{y}",
    "poly": r"k(\mathbf{x},\mathbf{y}) = (\gamma\,\mathbf{x}^\top\mathbf{y} + r)^m",
    "rbf": r"k(\mathbf{x},\mathbf{y}) = \exp\!\left(-\gamma\,\|\mathbf{x}-\mathbf{y}\|_2^2\right)",
    "laplacian": r"k(\mathbf{x},\mathbf{y}) = \exp\!\left(-\gamma\,\|\mathbf{x}-\mathbf{y}\|_1\right)",
    "sigmoid": r"k(\mathbf{x},\mathbf{y}) = \tanh\!\left(\gamma\,\mathbf{x}^\top\mathbf{y} + r\right)",
}


def with_numbers(name, p, aligned=False):
    """The kernel's formula with the current parameter values plugged in; `aligned`: one step per line (for a
    narrow column)."""
    if name == "linear":
        return GENERIC["linear"]
    if name == "poly":
        numbers = (rf"({_g(p['gamma'])}\,\mathbf{{x}}^\top\mathbf{{y}} {_plus(p['coef0'])})"
                   rf"^{{{p['degree']}}}")
    elif name in ("rbf", "laplacian"):
        norm = r"\|\mathbf{x}-\mathbf{y}\|_2^2" if name == "rbf" else r"\|\mathbf{x}-\mathbf{y}\|_1"
        numbers = rf"\exp\!\left(-{_g(p['gamma'])}\,{norm}\right)"
    else:
        numbers = rf"\tanh\!\left({_g(p['gamma'])}\,\mathbf{{x}}^\top\mathbf{{y}} {_plus(p['coef0'])}\right)"
    if aligned:
        left, generic = GENERIC[name].split(" = ", 1)
        return rf"\begin{{aligned}}{left} &= {generic} \\ &= {numbers}\end{{aligned}}"
    return GENERIC[name] + " = " + numbers


def other_notations(name, p):
    """[(source, latex, explanation)] for the same kernel written the way the other lecture notes write it."""
    if name == "rbf":
        g = p["gamma"]
        sigma, h = 1 / math.sqrt(2 * g), 1 / math.sqrt(g)
        return [
            ("Bishop's notes, Nguyen", rf"\exp\!\left(-\frac{{\|\mathbf{{x}}-\mathbf{{y}}\|^2}}{{2\sigma^2}}\right) \\ "
             rf"\sigma = \tfrac{{1}}{{\sqrt{{2\gamma}}}} = {_g(sigma)}",
             "σ is the bandwidth; Nguyen prints the norm without the square (a typo): the app uses ‖x − y‖²"),
            ("Kriege", rf"\exp\!\left(-\frac{{\|\mathbf{{x}}-\mathbf{{y}}\|^2}}{{h^2}}\right) \\ "
             rf"h = \tfrac{{1}}{{\sqrt{{\gamma}}}} = {_g(h)}", "Sugiyama calls h c"),
        ]
    if name == "laplacian":
        return [("Kriege", rf"\exp\!\left(-\frac{{\|\mathbf{{x}}-\mathbf{{y}}\|_1}}{{h}}\right) \\ "
                 rf"h = \frac{{1}}{{\gamma}} = {_g(1 / p['gamma'])}", "L1 distance, not squared")]
    if name == "sigmoid":
        return [("Held", rf"\tanh(\alpha\,\mathbf{{x}}^\top\mathbf{{y}} + c) \\ \alpha = \gamma = {_g(p['gamma'])},"
                 rf"\ c = r = {_g(p['coef0'])}", "scikit-learn calls α gamma and c coef0")]
    if name == "poly":
        return [("Kriege", r"(\mathbf{x}^\top\mathbf{x}' + 1)^d", "γ = 1, r = 1, d = m; r = 0 gives only degree-m monomials"),
                ("Held", r"(\gamma\,\mathbf{x}^\top\mathbf{y} + r)^m",
                 "Held's form (scikit-learn's too); positive definite only for r ≥ 0")]
    return [("All the notes", r"\mathbf{x}^\top\mathbf{y}", "the ordinary inner product: φ(x) = x")]
