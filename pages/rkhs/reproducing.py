"""RKHS › The reproducing property (Sugiyama): f = Σ αᵢ k(xᵢ, ·) built from clicked centres; at x′ the RKHS inner
product ⟨f, k(x′, ·)⟩_H and the value f(x′) are the same number; ‖f‖²_H = αᵀKα, and the norm bounds how fast f can
change, so a wiggly f needs a large norm."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.rkhs import centres, compute, figures
from pages.rkhs.settings import KEY, frame
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.figures import CHART_CONFIG
from ui.formulas import latex, with_numbers
from ui.nav import section_footer, section_header
from ui.points_click import click_chart

KERNELS = ("rbf", "laplacian", "poly", "linear")     # Mercer kernels: the sigmoid has no RKHS
SHOWN_TERMS = 2                                      # lines of a sum's terms written out (two a line)

section_header(__file__)
present = presenting()


def _tex(v):
    """v for LaTeX with 3 significant digits: 9.54 \\times 10^{-6} rather than 9.54e-06 (far from a centre)."""
    mantissa, _, exponent = f"{v:.3g}".partition("e")
    return rf"{mantissa}\times 10^{{{int(exponent)}}}" if exponent else mantissa


def _terms(a, k):
    """The terms (αᵢ)(k(xᵢ, x′)) with their numbers for an aligned block: two a line, at most SHOWN_TERMS lines."""
    parts = [(rf"({_tex(ai)})" if ai < 0 else _tex(ai)) + rf"\cdot{_tex(ki)}" for ai, ki in zip(a, k)]
    lines = [" + ".join(parts[i:i + 2]) for i in range(0, min(len(parts), 2 * SHOWN_TERMS), 2)]
    if len(parts) > 2 * SHOWN_TERMS:
        lines.append(rf"\cdots\ ({len(parts)}\text{{ terms}})")
    return r"\\ &\quad + ".join(lines) or "0"


def example(values, choice):
    """on_click of an example: the five example centres with α such that f passes through `values` there."""
    x = np.array(centres.EXAMPLE_X)
    centres.replace(x, np.round(compute.through_values(tuple(x), tuple(values), choice), 4))


def toolbar(choice):
    b = st.columns(2)
    b[0].button("↩ Undo", key=KEY.rep_undo, on_click=centres.undo, disabled=not centres.can_undo(), width="stretch")
    b[1].button("⟲ Reset", key=KEY.rep_reset, on_click=centres.reset, disabled=centres.is_default(), width="stretch",
                help="Back to the four centres the section starts with")
    b[0].button("Smooth example", key=KEY.rep_smooth, on_click=example, args=((1, 1, 1, 1, 1), choice),
                width="stretch", help="Five centres; α solves Kα = y, so f(xᵢ) = 1 at each of them")
    b[1].button("Wiggly example", key=KEY.rep_wiggly, on_click=example,
                args=((1, -1, 1, -1, 1), choice), width="stretch", help="The same five centres; f(xᵢ) = +1, −1, +1, −1, +1")


@st.fragment
def body():
    s, left, right = frame(options=KERNELS)
    X, a, note = centres.usable(centres.table())
    with right:
        xprime = st.slider("x′ (the point to evaluate at)", -3.0, 3.0, 0.3, 0.05, key=KEY.xprime,
                           bind="query-params")
        numbers = st.container()
        toolbar(s.choice)
        kernel_formula = st.container()
    if not s.choice.kernel().is_mercer:
        right.warning("With r < 0 the polynomial kernel is not positive semi-definite: it has no RKHS and no norm. "
                      "Choose r ≥ 0.")
        return
    try:
        curve = compute.rkhs_curve(tuple(X[:, 0]), tuple(a), s.choice)
        at = compute.reproducing_at(tuple(X[:, 0]), tuple(a), s.choice, xprime)
    except ValueError as err:
        right.error(f"f cannot be evaluated with this kernel on these centres: {err}")
        return
    norm = float(np.sqrt(curve.norm2))
    limit = figures.nice_limit(curve.f, curve.bumps, a)
    with left:
        fig = figures.reproducing_figure(curve.xs, curve.f, curve.bumps, X, a, xprime, at.value, at.k_at,
                                         norm * at.distance, limit, present=present)

        def on_click(cx, cy):
            return abs(cy) <= limit and centres.add(cx, cy)

        click_chart(fig, KEY.rep_chart, on_click, config=CHART_CONFIG)
    with numbers:
        if not len(a):
            st.info("No centres: f = 0. Click on the chart to add one.")
        m = st.columns(2)
        m[0].metric("⟨f, k(x′,·)⟩ℋ", f"{at.inner:.6f}",
                    help="The RKHS inner product Σᵢ Σⱼ aᵢ bⱼ k(xᵢ, yⱼ) of f and g = k(x′, ·) (b = (1), y = (x′))")
        m[1].metric(f"f({xprime:g}) on the curve", f"{at.value:.6f}",
                    help=f"f evaluated at x′; the two differ by {abs(at.inner - at.value):.1e}")
        latex(rf"\begin{{aligned}}\langle f, k(x', \cdot)\rangle_{{\mathcal H}} &= \sum_{{i=1}}^{{{len(a)}}}"
                      rf"\alpha_i\, k(x_i, x') \\ &= {_terms(a, at.k_at)} \\ &= {at.inner:.4f} = f(x')"
                      r"\end{aligned}")
        latex(rf"\begin{{aligned}}\|f\|_{{\mathcal H}}^2 &= \boldsymbol\alpha^\top\mathbf K\boldsymbol\alpha"
                      rf" = \textstyle\sum_{{i,j}}\alpha_i\alpha_j k(x_i, x_j) \\ &= {curve.norm2:.4g},\quad"
                      rf"\|f\|_{{\mathcal H}} = {norm:.4g}\end{{aligned}}")
    with kernel_formula:
        latex(with_numbers(s.choice.name, dict(s.choice.params), aligned=True))
    if note:
        st.warning(note)
    if st.session_state.get(centres.NOTE):
        st.warning(st.session_state[centres.NOTE])
    with st.expander(f"✏️ The centres xᵢ and coefficients αᵢ ({len(a)} of at most {centres.MAX_CENTRES})"):
        st.data_editor(centres.table(), key=centres.editor_key(), num_rows="dynamic", on_change=centres.commit_edits,
                       column_config={"x": st.column_config.NumberColumn("xᵢ", format="%.2f", min_value=-3.0,
                                                                         max_value=3.0),
                                      "α": st.column_config.NumberColumn("αᵢ", format="%.3f")})
        st.caption(f"Click on the chart to add a centre, or edit the table (add rows at the bottom, select rows to "
                   f"delete them). At most {centres.MAX_CENTRES} centres, on −3 ≤ x ≤ 3.")


body()

explain("**The reproducing property.** Sugiyama: the RKHS ℋ of a kernel K holds the functions f = Σᵢ αᵢ φ(xᵢ) "
        "with φ(x) = K(x, ·), and its inner product is fixed by ⟨φ(x), φ(x′)⟩ℋ = K(x, x′). Hence, for every "
        "f in ℋ, ⟨f, φ(x′)⟩ℋ = Σᵢ αᵢ K(xᵢ, x′) = f(x′): taking the inner product with K(x′, ·) *evaluates* f at "
        "x′. Move x′: the grey dots on the dotted line are the bumps' values αᵢ k(xᵢ, x′); they add up to the star.")
explain("**The norm and wiggliness.** ‖f‖ℋ² = ⟨f, f⟩ℋ = αᵀKα. With the reproducing property and Cauchy–Schwarz, "
        "|f(x) − f(x′)| = |⟨f, k(x, ·) − k(x′, ·)⟩ℋ| ≤ ‖f‖ℋ · ‖k(x, ·) − k(x′, ·)‖ℋ, where Sugiyama's distance "
        "‖φ(x) − φ(x′)‖² = K(x, x) − 2K(x, x′) + K(x′, x′): f never leaves the green band. A steep or wiggly f "
        "needs a large norm — press *Smooth* and then *Wiggly*: the same five centres, values ±1 instead of 1, "
        "and ‖f‖ℋ grows several-fold (large bumps of alternating sign that nearly cancel). This is why a penalty "
        "λ‖f‖ℋ² (kernel ridge regression, the SVM) asks for smooth functions.")
explain("Conventions: the app writes the Gaussian kernel as exp(−γ (x − x′)²); Sugiyama writes "
        "exp(−‖x − x′‖²/c²), so γ = 1/c². For the Gaussian, ‖φ(x)‖² = K(x, x) = 1, so |f(x′)| ≤ ‖f‖ℋ everywhere.")
show_code(kc.rkhs_function, kc.rkhs_inner, kc.rkhs_norm)
section_footer(__file__)
