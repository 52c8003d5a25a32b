"""The Kernel PCA topic's formulas: numbers written into LaTeX (formatting only, no computing), and the notes that
say how many points a section used."""
import numpy as np

from ui.formulas import with_numbers


def num_tex(v):
    """A number for LaTeX: 0.12 or 3.9 \\times 10^{-14}."""
    mant, exp = f"{v:.2g}".partition("e")[::2]
    return rf"{mant}\times 10^{{{int(exp)}}}" if exp else mant


def vec_tex(v, head=3):
    """A long vector as (v_1, v_2, v_3, ..., v_n)^T with 3 significant figures."""
    v = np.asarray(v).ravel()
    shown = [f"{x:.3g}" for x in v[:head]] + ([r"\dots", f"{v[-1]:.3g}"] if len(v) > head + 1 else
                                                [f"{x:.3g}" for x in v[head:]])
    return r"\begin{pmatrix}" + " & ".join(shown) + r"\end{pmatrix}^{\!\top}"


def dot_tex(u, a, head=2):
    """u^T a written out: u_1 a_1 + u_2 a_2 + ... (first `head` terms)."""
    terms = [f"({x:.3g})({y:.3g})" for x, y in zip(np.ravel(u)[:head], np.ravel(a)[:head])]
    return " + ".join(terms) + (r" + \dots" if len(np.ravel(u)) > head else "")


def kernel_tex(kernel):
    """k(x, y) with the bar's parameters plugged in (the right-hand side only)."""
    return with_numbers(kernel.name, dict(kernel.params)).split(" = ")[-1]


def used(data, what):
    """'' when a section used every point; else one sentence saying how many it used (shown on screen)."""
    if not data.capped:
        return ""
    return (f"{what} uses {data.n:,} of your {data.total:,} points (a random subsample, the same on every rerun), "
            "so that it answers within a second whatever the data.")
