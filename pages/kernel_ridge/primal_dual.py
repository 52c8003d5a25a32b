"""Kernel ridge regression › Primal or dual: the same β by a p × p or an n × n solve (Held's Woodbury step, Bishop's
notes), what each costs, and how Kriege's λ relates to Held's (his nλ)."""
import numpy as np
import pandas as pd
import streamlit as st

import kernel_core as kc
from pages.kernel_ridge import compute, figures, settings
from pages.kernel_ridge.settings import KEY
from ui import figures as ui_figures
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.formulas import latex
from ui.nav import section_footer, section_header
from ui.ranges import KERNEL_RIDGE as R

CHART = {"config": ui_figures.CHART_CONFIG}

section_header(__file__)
present = presenting()


def lam_conventions(s, n):
    """Held's / Bishop's λ and Kriege's, with this n plugged in."""
    if s.kriege and not s.lam_zero:
        latex(rf"\lambda = n\,\lambda_{{\text{{Kriege}}}} = {n}\times{s.lam_value:g} = {s.lam:.4g}")
    else:
        latex(rf"\lambda_{{\text{{Kriege}}}} = \lambda / n = {s.lam:.4g} / {n} = {s.lam / n:.4g}")
    st.caption(f"λ here is Held's and Bishop's notes': α = (K + λI)⁻¹y. Kriege divides the squared error by n, so "
               f"his λ is λ / n (here n = {n}): λ = {s.lam:.4g} is Kriege's {s.lam / n:.4g}. scikit-learn calls λ "
               "alpha. The bar's λ popover lets the slider set Kriege's λ instead.")


def objective_line(res, n, lam):
    """Kriege's objective in α with this fit's numbers (λ_K = λ / n), equal to the primal at β = Xᵀα."""
    latex(r"\begin{aligned} J(\boldsymbol\alpha) &= \tfrac{1}{n}\|\mathbf K\boldsymbol\alpha - \mathbf y\|^2"
                  r" + \lambda_{\text{Kriege}}\, \boldsymbol\alpha^\top\mathbf K\boldsymbol\alpha \\ "
                  rf"&= {res.error_term:.4g} + {res.objective - res.error_term:.4g} = {res.objective:.4g}"
                  r"\end{aligned}")
    st.caption(f"Kriege's objective at α̂ (n = {n}, λ_Kriege = λ / n = {lam / n:.4g}); the primal "
               f"(1/n)‖Xβ − y‖² + λ_Kriege‖β‖² at β = Xᵀα̂ is {res.primal:.4g}, the same number (derivation below).")


@st.fragment
def primal_dual():
    """The bar, p, the two routes' β and costs: only this part reruns when one of them moves."""
    s, left, right = settings.frame()
    try:
        X, _ = compute.dataset(s.data)
    except ValueError as err:
        right.error(f"No data to fit: {err}")
        return
    n = len(X)
    with right:
        p = st.slider("Features p: u, u², …, uᵖ with u = x / max|x|", *R["p"][:3], R["p"][3], key=KEY.FEATURES,
                      bind="query-params")
        latex(r"\begin{aligned}\hat{\boldsymbol\beta} &= (\mathbf X^\top\mathbf X + \lambda\mathbf I_p)^{-1}"
                      r"\mathbf X^\top\mathbf y\\ &= \mathbf X^\top(\mathbf X\mathbf X^\top + \lambda\mathbf I_n)^{-1}"
                      r"\mathbf y\\ &= \mathbf X^\top\hat{\boldsymbol\alpha}\end{aligned}")
        if s.lam <= 0:
            st.info("The Woodbury identity needs λ > 0 (Held): untick λ = 0 in the bar to compare the two routes.")
        else:
            res = compute.primal_vs_dual(s.data, p, s.lam)
            st.dataframe(pd.DataFrame({"β primal (p × p)": res.beta_primal, "β = Xᵀα (n × n)": res.beta_dual,
                                       "difference": np.abs(res.beta_primal - res.beta_dual)},
                                      index=[f"β{j + 1} (u^{j + 1})" for j in range(p)]).style.format("{:.3e}"))
            st.caption(f"Linear kernel K = XXᵀ on these {p} features, λ = {s.lam:.4g}: the two columns agree to "
                       "round-off. Held names them: β are the **primal variables**, α = (K + λI)⁻¹y the **dual "
                       "variables**, and β = Xᵀα = Σₗ αₗxₗ weights the observations by them; with any other kernel in "
                       "K's place, that is kernel ridge regression.")
            objective_line(res, n, s.lam)
        lam_conventions(s, n)
    with left:
        st.plotly_chart(figures.cost_figure(n, p, present=present), key=KEY.COST_CHART, **CHART)
    rows = [(n, p), (n, 100), (n, 10_000), (100 * n, p)]
    costs = [kc.solve_costs(a, b) for a, b in rows]
    st.dataframe(pd.DataFrame({"n": [a for a, _ in rows], "p": [b for _, b in rows],
                               "primal ≈ np² + p³/3": [c["primal"] for c in costs],
                               "dual ≈ n²p + n³/3": [c["dual"] for c in costs],
                               "cheaper": ["primal" if c["primal"] < c["dual"] else "dual" for c in costs]})
                 .style.format({"primal ≈ np² + p³/3": "{:.2e}", "dual ≈ n²p + n³/3": "{:.2e}"}), hide_index=True)


primal_dual()
explain("Floating-point operations to form the matrix and solve it by Cholesky. The dual route wins when p > n — "
        "and a kernel's feature space may have p = ∞ (Bishop's notes: 'we determine a by inverting an N × N "
        "matrix, whereas in the original parameter space … an M × M matrix'). X (n × p) holds the points as rows, "
        "as Held, Bishop's notes and Nguyen write it: K = XXᵀ, K = ΦΦᵀ with rows φ(xₙ)ᵀ. Kriege puts φ(xᵢ) in the "
        "columns of Φ (d × n) and writes K = ΦᵀΦ (*Why K is PSD*): his Φ is the transpose of theirs, K the same.")
with st.expander("Derivation: Kriege's objective in α (kernelized linear regression)"):
    st.markdown("Start from the primal, (1/n) Σᵢ (wᵀxᵢ − yᵢ)² + λ‖w‖² (Kriege's λ). The optimal w lies in the span "
                "of the data, w = Σⱼ αⱼ xⱼ, so each residual and the penalty need only inner products "
                "k(xⱼ, xᵢ) = xⱼᵀxᵢ:")
    latex(r"\begin{aligned} \mathbf w^\top\mathbf x_i - y_i &= \textstyle\sum_j \alpha_j\, k(\mathbf x_j, "
                  r"\mathbf x_i) - y_i = \boldsymbol\alpha^\top\mathbf k_i - y_i \\ \lambda\|\mathbf w\|^2 &= "
                  r"\lambda\, \boldsymbol\alpha^\top\mathbf K\boldsymbol\alpha \end{aligned}")
    latex(r"\begin{aligned} \hat{\boldsymbol\alpha} &= \arg\min_{\boldsymbol\alpha} \tfrac{1}{n}"
                  r"\|\boldsymbol\alpha^\top\mathbf K - \mathbf y\|^2 + \lambda\,\boldsymbol\alpha^\top\mathbf K"
                  r"\boldsymbol\alpha \\ &= (\mathbf K + n\lambda\mathbf I)^{-1}\mathbf y \end{aligned}")
    st.markdown("with kᵢ = (k(x₁, xᵢ), …, k(xₙ, xᵢ))ᵀ and K = [k₁ | … | kₙ]. Setting the gradient "
                "(2/n)K(Kα − y) + 2λKα to zero gives K((K + nλI)α − y) = 0, solved by α = (K + nλI)⁻¹y. Any kernel "
                "may now replace xⱼᵀxᵢ. Held's λ is Kriege's nλ — the line beside the picture evaluates J at the "
                "fitted α̂ with the slider's λ divided by n.")
show_code(kc.primal_ridge, kc.solve_costs, kc.kriege_ridge_objective)
section_footer(__file__)
