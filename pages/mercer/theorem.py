"""Mercer's theorem (Held; Kriege's outlook): on a compact set a kernel is a uniformly convergent series
k(x, x′) = Σ λᵢ φᵢ(x) φᵢ(x′) of its integral operator's eigenfunctions. Here X = [−3, 3], the eigenfunctions
computed by the Nyström method on a fine grid, and the first q terms of the series set against k."""
import streamlit as st

import kernel_core as kc
from pages.mercer import compute, settings
from pages.mercer.figures import CONFIG
from pages.mercer.figures_theorem import decay_figure, eigenfunctions_figure, series_figure
from pages.mercer.settings import KEY, PAGE, THM_SUFFIX
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.controls import pick_kernel
from ui.formulas import with_numbers
from ui.nav import section_footer, section_header
from ui.ranges import MERCER as R

section_header(__file__)
A, B = R["thm_interval"]


def numbers(t, q):
    """The theorem, then this kernel's numbers: the first eigenvalues, the sum of all of them and the sup gap."""
    st.latex(r"\begin{aligned}k(x, x') &= \textstyle\sum_{i=1}^{\infty}\lambda_i\,\phi_i(x)\,\phi_i(x')\\ "
             r"\textstyle\int_X k(x, x')\phi_i(x')\,dx' &= \lambda_i\phi_i(x)\end{aligned}\;")
    first = ",\\ ".join(f"{v:.3g}" for v in t.eigenvalues[:3])
    gap = t.sup_errors[q - 1]
    shown = f"{gap:.1e}".replace("e-", r"\times10^{-") + "}" if 0 < gap < 1e-3 else f"{gap:.3g}"
    st.latex(rf"\begin{{aligned}}&\lambda_1, \lambda_2, \lambda_3 = {first}\\ &\textstyle\sum_i \lambda_i = "
             rf"\int_X k(x, x)\,dx = {t.trace:.4g}\\ &\max_{{x, x'}}\,|k - k_{{{q}}}| = {shown}\end{{aligned}}\;")


@st.fragment
def panel():
    present = presenting()
    chart, side = st.columns([3, 2], gap="medium")
    with side:
        settings.fixed_bar(f"Here a kernel of one variable on the compact set X = [{A:g}, {B:g}], with its own "
                           "picker: Mercer's theorem holds for any continuous PSD kernel there.")
        choice = pick_kernel(PAGE, "kernel", "rbf", st, THM_SUFFIX, options=["rbf", "laplacian", "poly"])
        c1, c2 = st.columns(2)
        q = c1.slider("terms q", *R["thm_q"][:3], R["thm_q"][3], key=KEY.Q_THM, bind="query-params",
                      help="How many terms of the series to add up.")
        x2 = c2.slider("x′", *R["thm_x2"][:3], R["thm_x2"][3], key=KEY.X2_THM,
                       bind="query-params", help="The second argument, held fixed: k(·, x′) is drawn.")
    try:
        t = compute.theorem(choice, q, x2)
    except ValueError as err:
        side.error(f"No Mercer expansion: {err}")
        return
    with chart:
        st.plotly_chart(series_figure(t.xs, t.k, t.terms, t.x2, present=present), key=KEY.THM_CHART, config=CONFIG)
    with side:
        st.latex(with_numbers(choice.name, dict(choice.params), aligned=True) + r"\;")   # a thin space: KaTeX overhangs its box without
        numbers(t, q)
    left, right = st.columns(2, gap="medium")
    left.plotly_chart(eigenfunctions_figure(t.xs, t.phis, present=present), key="mercer_theorem_phis", config=CONFIG)
    right.plotly_chart(decay_figure(t.eigenvalues, t.sup_errors, q, present=present), key="mercer_theorem_decay",
                       config=CONFIG)


panel()
explain("Kriege's outlook: on a compact X ⊂ ℝⁿ a kernel expands in a **uniformly convergent** series of bounded "
        "functions, k(x, x′) = Σ λᵢ φᵢ(x) φᵢ(x′); Held's version: k(x, y) = φ(x)ᵀφ(y) with q = ∞ allowed, "
        "φ(x) = (√λ₁ φ₁(x), √λ₂ φ₂(x), …). The φᵢ are the eigenfunctions of the integral operator "
        "f ↦ ∫ k(·, x′) f(x′) dx′. Add terms with q and watch the blue sum close on the dashed k: for the RBF kernel "
        "the eigenvalues fall off faster than exponentially, so a handful of terms is enough; the Laplacian kernel's "
        "fall like 1/i², and its series needs many; the polynomial (γxx′ + r)^m of one variable has only m + 1 "
        "non-zero eigenvalues — its series is finite, Held's explicit map. The eigen map of K (previous section) is "
        "the same construction on the data points instead of on X.")
st.caption(f"Computed by the Nyström method: the integral operator on [{A:g}, {B:g}] discretised on {R['thm_grid']} "
           "midpoints x_j with weight h, (hK)uᵢ = λᵢuᵢ, φᵢ(x_j) = uᵢ[j]/√h, extended between the grid points by "
           "φᵢ(x) = (h/λᵢ) Σⱼ k(x, x_j) φᵢ(x_j). The gap max |k − k_q| is over the grid's pairs.")
show_code(kc.mercer_expansion, kc.MercerExpansion.at)
section_footer(__file__)
