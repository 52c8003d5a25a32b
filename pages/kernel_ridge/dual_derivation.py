"""Kernel ridge regression › The dual derivation (Bishop's notes after PRML 6.1; Nguyen): J(w) over an explicit
map φ, the condition ∇J = 0 that makes w = Φᵀa, the dual objective J(a) with K = ΦΦᵀ and its solution
a = (K + λI)⁻¹t, each evaluated along gradient descent on J(w) and shown equal at the optimum."""
import numpy as np
import pandas as pd
import streamlit as st

import kernel_core as kc
from pages.kernel_ridge import compute_derivations, settings
from pages.kernel_ridge.figures_derivations import objectives_figure
from pages.kernel_ridge.settings import KEY
from ui import figures as ui_figures
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.formulas import latex
from ui.nav import section_footer, section_header
from ui.ranges import KERNEL_RIDGE as R

CHART = {"config": ui_figures.CHART_CONFIG}
LAST, DEFAULT_STEP = R["dual_step"]
STEPS = (0, *sorted({int(round(v)) for v in np.geomspace(1, LAST, 61)}))   # the step slider's options (recorded)

section_header(__file__)
present = presenting()


def formulas(d, i, lam):
    """The four steps of the derivation with the numbers of step k = d.path.steps[i] plugged in, then the prediction
    at a new x from both solves."""
    path = d.path
    k = int(path.steps[i])
    latex(rf"\begin{{aligned}}J(\mathbf w) &= \tfrac12\textstyle\sum_n(\mathbf w^\top\boldsymbol\phi(x_n) - t_n)^2"
                  rf"\\ &\quad + \tfrac{{\lambda}}{{2}}\mathbf w^\top\mathbf w\\ J(\mathbf w_{{{k}}}) &= "
                  rf"{path.J_w[i]:.6g}\end{{aligned}}")
    latex(r"\begin{aligned}&\nabla J = 0 \;\Rightarrow\\ \mathbf w &= -\tfrac{1}{\lambda}\textstyle\sum_n(\mathbf w^\top"
                  r"\boldsymbol\phi(x_n) - t_n)\,\boldsymbol\phi(x_n)\\ &= \textstyle\sum_n a_n\boldsymbol\phi(x_n) "
                  r"= \boldsymbol\Phi^\top\mathbf a,\\ "
                  r"a_n &= -\tfrac{1}{\lambda}(\mathbf w^\top\boldsymbol\phi(x_n) - t_n)\\ "
                  rf"&\|\mathbf w_{{{k}}} - \boldsymbol\Phi^\top\mathbf a_{{{k}}}\| = {path.gap[i]:.3g}\end{{aligned}}")
    latex(r"\begin{aligned}J(\mathbf a) &= \tfrac12\mathbf a^\top\boldsymbol\Phi\boldsymbol\Phi^\top\boldsymbol\Phi"
                  r"\boldsymbol\Phi^\top\mathbf a\\ &\quad - \mathbf a^\top\boldsymbol\Phi\boldsymbol\Phi^\top\mathbf t + "
                  r"\tfrac12\mathbf t^\top\mathbf t\\ &\quad + \tfrac{\lambda}{2}\mathbf a^\top\boldsymbol\Phi\boldsymbol\Phi^\top"
                  r"\mathbf a\\ &= \tfrac12\mathbf a^\top\mathbf K\mathbf K\mathbf a - \mathbf a^\top"
                  r"\mathbf K\mathbf t\\ &\quad + \tfrac12\mathbf t^\top\mathbf t + \tfrac{\lambda}{2}\mathbf a^\top"
                  rf"\mathbf K\mathbf a\\ J(\mathbf a_{{{k}}}) &= {path.J_a[i]:.6g}\end{{aligned}}")
    latex(rf"\begin{{aligned}}\mathbf a &= (\mathbf K + \lambda\mathbf I_N)^{{-1}}\mathbf t,\ \ N = {d.n},\ "
                  rf"\lambda = {lam:.4g}\\ J(\mathbf w^*) &= {path.J_star:.10g}\\ J(\mathbf a^*) &= "
                  rf"{path.J_a_star:.10g}\end{{aligned}}")
    # Bishop's notes and Nguyen go on to the prediction: the same y(x) from w* (M × M) and from a* (N × N)
    latex(r"\begin{aligned}y(\mathbf x) &= \mathbf w^\top\boldsymbol\phi(\mathbf x) = \mathbf a^\top\boldsymbol\Phi"
                  r"\boldsymbol\phi(\mathbf x)\\ &= \mathbf k(\mathbf x)^\top(\mathbf K + \lambda\mathbf I_N)^{-1}\mathbf t,\\ "
                  r"k_n(\mathbf x) &= k(\mathbf x_n, \mathbf x)\\ "
                  rf"&x = {d.x_new:.4g}:\\ \mathbf w^{{*\top}}\boldsymbol\phi(\mathbf x) &= {d.y_primal:.10g}\\ "
                  rf"\mathbf k(\mathbf x)^\top\mathbf a^* &= {d.y_dual:.10g}\end{{aligned}}")


@st.fragment
def derivation():
    """The bar, p and the step, the chart of J(w) and J(a) and the numbers: only this part reruns when they move."""
    s, left, right = settings.frame()
    with right:
        p = st.slider("Features M: φ(x) = (u, u², …, uᴹ), u = x / max|x|", *R["dual_p"][:3], R["dual_p"][3],
                      key=KEY.DUAL_P, bind="query-params")
        k = st.select_slider("Gradient-descent step k", STEPS, value=DEFAULT_STEP, key=KEY.DUAL_STEP,
                             bind="query-params", help="Read J(w) and J(a) at this step of the descent on J(w).")
    if s.lam <= 0:
        right.info("The dual needs λ > 0: aₙ = −(1/λ)(wᵀφ(xₙ) − tₙ) divides by it. Untick λ = 0 in the bar.")
        return
    try:
        d = compute_derivations.dual_derivation(s.data, p, s.lam, STEPS)
    except ValueError as err:
        right.error(f"No derivation on these data: {err}")
        return
    path = d.path
    if d.n < d.n_all:
        right.caption(f"The derivation uses a seeded random {d.n} of the {d.n_all} points: the dual's N × N solve grows "
                      "as N³.")
    i = int(np.searchsorted(path.steps, min(k, int(path.steps[-1]))))
    with left:
        st.plotly_chart(objectives_figure(path.steps, path.J_w, path.J_a, path.J_star, int(path.steps[i]),
                                          present=present), key=KEY.DUAL_CHART, **CHART)
        st.dataframe(pd.DataFrame({f"w at step {path.steps[i]}": path.w[i], "Φᵀa there": d.w_from_a[i],
                                   "w* (M × M solve)": path.w_star, "Φᵀa* (N × N solve)": d.w_from_a_star},
                                  index=[f"w{j + 1} (u^{j + 1})" for j in range(p)]).style.format("{:.6g}"))
    with right:
        formulas(d, i, s.lam)
        if not path.converged:
            st.warning(f"Gradient descent has not converged after {path.steps[-1]:,} steps (λ = {s.lam:.4g} is small "
                       "beside ΦᵀΦ's spread): J* is from the direct solve.")
        elif k > path.steps[-1]:
            st.caption(f"The descent converged at step {path.steps[-1]:,}: the numbers are the optimum's.")
        st.caption(f"Nguyen's eq. (4) prints aₙ = −(1/N)(wᵀφ(xₙ) − tₙ): a misprint, his (2) divides by λ. With 1/N "
                   f"the a at the optimum would be λ/N = {s.lam:.4g}/{d.n} = {s.lam / d.n:.4g} times a*, so Φᵀa ≠ w "
                   "and a would not solve (8), a = (K + λI)⁻¹t: the factor is 1/λ, as in (2) and Bishop's notes.")


derivation()
explain("Gradient descent on J(w) from w = 0 (step 1/L, L the largest eigenvalue of ΦᵀΦ + λI). At every step the "
        "formula aₙ = −(1/λ)(wᵀφ(xₙ) − tₙ) gives dual variables, and J(a) — the same objective with w = Φᵀa "
        "substituted, written with K = ΦΦᵀ only — is evaluated at them. Away from the optimum w ≠ Φᵀa "
        "(∇J(w) = λ(w − Φᵀa)), so J(a) is the objective at another point and lies higher; at the optimum w = Φᵀa, "
        "the two meet at J*, and a = (K + λI)⁻¹t, the n × n solve of kernel ridge. φ is explicit here "
        "(M powers of u), so both sides can be computed; the dual needs only K, which is why any kernel can take "
        "ΦΦᵀ's place. Bishop's notes and Nguyen write Φ with rows φ(xₙ)ᵀ, so K = ΦΦᵀ (Kriege: K = ΦᵀΦ with "
        "columns, the same matrix). Nguyen opens with why it matters: many linear models for regression and "
        "classification can be rewritten in such a dual form, where the kernel arises naturally — the support vector "
        "machine is the next one (*Support vector machines*).")
st.caption("The bar's kernel is not used here: the derivation needs an explicit φ, and K = ΦΦᵀ is the kernel of "
           "this φ, k(x, x′) = Σₘ uᵐu′ᵐ. λ is the bar's (Held's and Bishop's, α = (K + λI)⁻¹y). The descent's "
           "iterates are computed in closed form, w_k = w* − (I − ηH)ᵏw*, the same numbers as k steps of "
           "w ← w − η∇J(w).")
show_code(kc.primal_objective, kc.dual_objective, kc.dual_derivation)
section_footer(__file__)
