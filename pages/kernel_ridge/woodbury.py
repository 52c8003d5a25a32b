"""Kernel ridge regression › The Woodbury identity (Held): (A + UCV)⁻¹ = A⁻¹ − A⁻¹U(C⁻¹ + VA⁻¹U)⁻¹VA⁻¹ with U = Xᵀ,
V = X, A = λI_p, C = I_n, Held's chain of equalities from (XᵀX + λI_p)⁻¹Xᵀ to Xᵀ(XXᵀ + λI_n)⁻¹ evaluated line by
line on a data matrix X, and what each side costs as n and p change."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.kernel_ridge import compute_derivations, settings
from pages.kernel_ridge.figures_derivations import cost_map
from pages.kernel_ridge.settings import KEY
from ui import figures as ui_figures
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.formulas import latex
from ui.nav import section_footer, section_header
from ui.ranges import KERNEL_RIDGE as R

CHART = {"config": ui_figures.CHART_CONFIG}
SIZES = {k: tuple(sorted({int(round(v)) for v in np.geomspace(*R[k][:2], 25)} | {R[k][2]}))   # the default too
         for k in ("woodbury_n", "woodbury_p")}
I_P, I_N = r"\mathbf I_p", r"\mathbf I_n"
XT, XXT = r"\mathbf X^\top", r"\mathbf X\mathbf X^\top"
B = rf"(\lambda{I_N} + {XXT})^{{-1}}"
CHAIN = (   # Held's lines, in his order (kernel_core.woodbury_steps evaluates each as written)
    rf"({XT}\mathbf X + \lambda{I_P})^{{-1}}{XT}",
    rf"\bigl(\tfrac1\lambda{I_P} - \tfrac1\lambda{XT}({I_N} + \tfrac1\lambda{XXT})^{{-1}}\mathbf X\tfrac1\lambda\bigr){XT}",
    rf"\tfrac1\lambda{XT}\bigl({I_N} - {B}{XXT}\bigr)",
    rf"\tfrac1\lambda{XT}\bigl({B}(\lambda{I_N} + {XXT}) - {B}{XXT}\bigr)",
    rf"\tfrac1\lambda{XT}\bigl({B}(\lambda{I_N} + {XXT} - {XXT})\bigr)",
    rf"{XT}{B}",
)

section_header(__file__)
present = presenting()


def _gap(v):
    """A difference in LaTeX: 7.2 × 10⁻¹⁴, or 0 to the last bit."""
    if v == 0:
        return r"0\ \text{(to the last bit)}"
    mantissa, exponent = f"{v:.1e}".split("e")
    return rf"{mantissa}\times10^{{{int(exponent)}}}"


def _count(v):
    """A whole count with thin spaces between digit groups: 2\\,021."""
    return f"{v:,.0f}".replace(",", r"\,")


def chain(res):
    """Held's chain, each line with its largest entry-wise difference from the first (\"off by\")."""
    rows = [rf"&{CHAIN[0]} && \quad\text{{the left side}}"]
    rows += [rf"=\;&{line} && \quad\text{{off by }} {_gap(g)}" for line, g in zip(CHAIN[1:], res.steps.gaps[1:])]
    latex(r"\begin{alignedat}{2}" + r"\\[2pt] ".join(rows) + r"\end{alignedat}")


@st.fragment
def identity():
    """The bar, n and p, the cost map and the chain's numbers: only this part reruns when they move."""
    s, left, right = settings.frame()
    with right:
        a, b = st.columns(2)
        n = a.select_slider("Points n (rows of X)", SIZES["woodbury_n"], value=R["woodbury_n"][2], key=KEY.WB_N,
                            bind="query-params")
        p = b.select_slider("Features p (columns)", SIZES["woodbury_p"], value=R["woodbury_p"][2], key=KEY.WB_P,
                            bind="query-params")
        latex(r"\begin{aligned}&(\mathbf A + \mathbf U\mathbf C\mathbf V)^{-1} = \mathbf A^{-1}\\ &\quad - "
                      r"\mathbf A^{-1}\mathbf U(\mathbf C^{-1} + \mathbf V\mathbf A^{-1}\mathbf U)^{-1}\mathbf V"
                      rf"\mathbf A^{{-1}}\\ &\mathbf U = {XT},\ \mathbf V = \mathbf X,\ \mathbf A = \lambda{I_P},\ "
                      rf"\mathbf C = {I_N}\end{{aligned}}")
    with left:
        st.plotly_chart(cost_map(n, p, present=present), key=KEY.WB_CHART, **CHART)
    if s.lam <= 0:
        right.info("The identity needs λ > 0 (Held): A = λI_p must be invertible. Untick λ = 0 in the bar.")
        return
    try:
        res = compute_derivations.woodbury(n, p, s.lam)
    except ValueError as err:
        right.error(f"The chain cannot be evaluated here: {err}")
        return
    c = res.costs
    with right:
        latex(rf"\begin{{aligned}}&\mathbf X:\ {n}\times{p},\ \lambda = {s.lam:.4g}\\ &\text{{left}}\ (p\times p):"
                      rf"\ 2np^2 + p^3/3 = {_count(c['left'])}\\ &\text{{right}}\ (n\times n):\ 2n^2p + n^3/3 = "
                      rf"{_count(c['right'])}\end{{aligned}}")
        cheaper = "the right side (n × n)" if c["right"] < c["left"] else (
            "the left side (p × p)" if c["left"] < c["right"] else "neither: p = n")
        st.caption(f"Cheaper here: {cheaper}. Multiply-adds to form the matrix, factor it (Cholesky) and solve.")
    chain(res)


identity()
explain("Held needs the scalar products xᵢᵀxⱼ of the points, the entries of XXᵀ, but ridge regression's "
        "β = (XᵀX + λI_p)⁻¹Xᵀy has XᵀX. The Woodbury identity with A = λI_p, C = I_n turns the p × p inverse into an "
        "n × n one; the chain above is his derivation, each line computed as written on a random X (standard normal "
        "entries) and compared entry by entry with the first. Then β = Xᵀα with α = (XXᵀ + λI_n)⁻¹y, and XXᵀ can be "
        "replaced by any Gram matrix K: kernel ridge regression. On the map, the left side costs ~p³ and the right "
        "~n³: the dual route pays off when p > n, and a kernel's feature space may have p = ∞.")
st.caption("X here is a random n × p matrix (entries N(0, 1), seed 0), not the bar's data: the identity holds for "
           "every X, and the sliders set its shape. λ is the bar's. Costs count multiply-adds, leading terms only.")
show_code(kc.woodbury_inverse, kc.woodbury_steps, kc.woodbury_costs)
section_footer(__file__)
