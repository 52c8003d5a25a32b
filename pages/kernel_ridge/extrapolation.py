"""Kernel ridge regression › RBF + linear: Kriege's semi-parametric regression. Far from the data an RBF fit falls
back to 0; a linear part carries the trend beyond it."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.kernel_ridge import compute, figures, settings
from pages.kernel_ridge.settings import KEY
from ui import figures as ui_figures
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.formulas import latex
from ui.nav import section_footer, section_header
from ui.ranges import KERNEL_RIDGE as R

CHART = {"config": ui_figures.CHART_CONFIG}

section_header(__file__)
present = presenting()


def tex(v):
    """A number for LaTeX with 4 significant figures: 3.12 or 1.567 \\times 10^{-6}."""
    mant, exp = f"{v:.4g}".partition("e")[::2]
    return rf"{mant}\times 10^{{{int(exp)}}}" if exp else mant


@st.fragment
def semi_parametric():
    """The bar, c₁, c₂ and the trend, and the two fits: only this part reruns when one of them moves."""
    s, left, right = settings.frame()
    with right:
        c1 = st.slider("c₁ (RBF part)", *R["c1"][:3], R["c1"][3], key=KEY.C1, bind="query-params")
        c2 = st.slider("c₂ (linear part)", *R["c2"][:3], R["c2"][3], key=KEY.C2, bind="query-params")
        slope = st.slider("Trend added to the data: y + t·x", *R["slope"][:3], R["slope"][3], key=KEY.SLOPE,
                          bind="query-params")
        h = 1 / np.sqrt(s.gamma)
        latex(rf"\begin{{aligned}}k(\mathbf x,\mathbf x') &= {c1:g}\,\exp\!\left(-\frac{{\|\mathbf x-\mathbf x'\|^2}}"
                      rf"{{{h:.3g}^2}}\right)\\ &\quad + {c2:g}\,\mathbf x^\top\mathbf x'\end{{aligned}}")
        st.caption(f"Kriege writes the RBF width as h: h = 1/√γ = {h:.3g} (γ = {s.gamma:g}"
                   f"{' from the bar' if s.kernel.gamma is not None else ', the default: pick RBF in the bar to set it'}"
                   f"); λ = {s.lam:.4g} from the bar, in Held's convention α = (K + λI)⁻¹y. Kriege's own "
                   f"regression solves (K + nλ′I)α = y: this λ is his λ′ = λ / n = {s.lam / max(s.n, 1):.4g}.")
    with left:
        try:
            X, _ = compute.dataset(s.data)
            res = compute.semi_parametric(s.data, s.gamma, s.lam, c1, c2, slope)
        except ValueError as err:
            st.error(f"This kernel cannot be fitted: {err}")
            return
        parts = (c1 * res.f1, c2 * res.f2) if c2 > 0 else None
        st.plotly_chart(figures.semi_figure(X, res.y, res.xs, res.f_rbf, res.f_both, compute.x_range(X, 0),
                                            parts=parts, present=present), key=KEY.SEMI_CHART, **CHART)
    if c2 > 0:
        # Kriege's split of the learned function: one α, two parts, each a function of its own kernel
        far = -1   # the grid's right end, beyond the data
        latex(r"\begin{aligned}f(\mathbf x) &= \textstyle\sum_i\alpha_i k(\mathbf x_i, \mathbf x)\\ &= c_1 f_1(\mathbf x) + "
                      r"c_2 f_2(\mathbf x)\\ f_1(\mathbf x) &= \textstyle\sum_i\alpha_i\exp(-\|\mathbf x_i - \mathbf x\|^2/h^2)\\ "
                      r"f_2(\mathbf x) &= \textstyle\sum_i\alpha_i\mathbf x_i^\top\mathbf x\\ "
                      rf"&x = {res.xs[far]:.3g}:\ \ {c1:g}\cdot{tex(res.f1[far])}\\ &\quad + {c2:g}\cdot{tex(res.f2[far])} = "
                      rf"{tex(c1 * res.f1[far] + c2 * res.f2[far])}\\ &f(x)\ \text{{(the fit)}} = {tex(res.f_both[far])}"
                      r"\end{aligned}", right)


semi_parametric()
explain("Outside the data every RBF bump has died away, so the RBF fit falls back to 0: a non-parametric model "
        "**fails to extrapolate**. The linear part c₂ xᵀx′ carries the trend beyond the data; the RBF part bends "
        "the curve inside it — 'parametric models are too rigid, nonparametric models fail to extrapolate' (Kriege).")
show_code(kc.Kernel.__add__, kc.algebra.Sum)
exercises(settings.PAGE, [
    Exercise("kr_extrapolate", "Data with a linear trend: far outside the data, what do RBF alone and RBF + linear "
             "predict (Kriege's semi-parametric regression)?",
             ("Both continue the trend", "RBF alone falls back to 0; RBF + linear continues the trend",
              "RBF alone continues the trend; RBF + linear flattens out"), 1,
             {**settings.LAM_OFF, KEY.C1: 1.0, KEY.C2: 1.0, KEY.SLOPE: 1.0},
             "Every RBF bump exp(−‖x − xᵢ‖²/h²) dies away far from the data, so f(x) = Σ αᵢ k(xᵢ, x) → 0 — "
             "'nonparametric models fail to extrapolate' (Kriege). The linear part c₂ xᵀx′ adds a straight line "
             "that carries the trend beyond the data."),
])
section_footer(__file__)
