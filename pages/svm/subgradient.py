"""SVM › Kriege's objective, step by step: the same problem as libsvm, solved by (stochastic) subgradient descent;
the boundary after t steps beside libsvm's, and the loss curve approaching libsvm's optimum J*."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.svm import compute, figures, figures_loss
from pages.svm.settings import KEY, PAGE, data, frame
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.controls import labeller
from ui.figures import CHART_CONFIG
from ui.nav import section_footer, section_header
from ui.ranges import SVM as R

BATCH = {"all": "all n (subgradient descent)", "one": "1 random point (SGD, as in Kriege)"}
# presenting: the choice on one row, without its label line, so every step button is in sight beside the map
BATCH_PRESENTING = {"all": "all n points per step", "one": "1 random point (SGD)"}
TEACH = "svm_teaching"   # session-state key of this student's solver
STEPS = (("+1 step", "teach_step1", 1), ("+10 steps", "teach_step10", 10), ("+100 steps", "teach_step100", 100),
         ("Run to convergence", "teach_converge", None))

section_header(__file__)
present = presenting()


def solver(d, s, batch, fresh=False):
    """This student's solver for the current problem (a fresh one when the problem changed, or on Reset)."""
    signature = (d.X.tobytes(), d.y.tobytes(), d.part.tr.tobytes(), s, batch)
    held = st.session_state.get(TEACH)
    if fresh or held is None or held["signature"] != signature:
        held = st.session_state[TEACH] = {"signature": signature,
                                          "model": compute.teaching_solver(d.X, d.y, d.part, s.kernel, s.C, batch)}
    return held["model"]


def controls():
    """Points per step, the step buttons and Reset; returns (batch, {label: clicked}, reset clicked)."""
    batch = st.radio("Points per step", list(BATCH), format_func=labeller(BATCH_PRESENTING if present else BATCH),
                     key=KEY.BATCH, horizontal=True, bind="query-params",
                     label_visibility="collapsed" if present else "visible")
    row = st.container(horizontal=True, gap="small", key="step_buttons")
    clicks = {label: row.button(label, key=f"{PAGE}_{key}") for label, key, _ in STEPS}
    return batch, clicks, row.button("Reset", key=f"{PAGE}_teach_reset")


@st.fragment
def panel():
    """Everything the solver's buttons change (they rerun only this panel)."""
    s, left, right = frame()
    d = data()
    box = compute.bounds(d.X)
    if d.missing:
        left.info(d.missing)
        return
    with right:
        if present:   # the map's title and legend are off on the projector: its key stands here
            st.markdown(figures.TEACH_KEY, unsafe_allow_html=True)
        batch, clicks, reset = controls()
    try:
        fit = compute.fit(d.X, d.y, d.part, s.kernel, s.C)
        Z_exact = compute.surface(fit.points, fit.weights, fit.b, s.kernel, box)
        model = solver(d, s, batch, fresh=reset)
    except ValueError as err:
        st.error(f"The teaching solver cannot start: {err}")
        return
    for label, _, steps in STEPS:
        if clicks[label]:
            with st.spinner(f"Taking {label[1:] if steps else 'steps to convergence'}…"):
                compute.advance(model, steps)
    t, curve = model.n_iter_, model.loss_curve_
    Z_teach = compute.surface(*model.expansion(), s.kernel, box)
    tr = d.part.tr
    with left:
        st.plotly_chart(figures.teaching_map(box, Z_teach, Z_exact, d.X[tr], d.y[tr],
                                             f"After {t} steps: solid = subgradient, dashed = libsvm", present=present),
                        key=f"{PAGE}_teach_map", config=CHART_CONFIG)
    with right:
        st.plotly_chart(figures_loss.loss_figure(curve, fit.J, present=present), key=f"{PAGE}_loss", config=CHART_CONFIG)
        m = st.columns(2)
        m[0].metric("Steps t", t)
        m[1].metric("J(αₜ)", f"{curve[-1]:.5f}", f"{curve[-1] - fit.J:+.2e} vs libsvm", delta_color="inverse")
        m = st.columns(2)
        m[0].metric("Gap to libsvm", f"{(curve[-1] - fit.J) / fit.J:+.2%}")
        m[1].metric("Boundary agreement", f"{float(np.mean((Z_teach > 0) == (Z_exact > 0))):.1%}",
                    help="Share of the plotted plane where both put the same class")
    if model.converged_:
        st.success(f"Converged: the best J improved by less than {R['tol']:g}·J over the last {model.window} steps.")
    elif t >= R["max_steps"]:
        st.warning(f"Stopped at the cap of {R['max_steps']} steps.")
    elif clicks["Run to convergence"]:
        st.info(f"Still moving after {R['max_seconds']:g} s of work — click again to continue.")
    eta = 1 / (2 * fit.lam * max(t, 1))
    m_txt = "n" if batch == "all" else "1"
    st.latex(rf"\boldsymbol\alpha \leftarrow (1 - 2\lambda\eta_t)\,\boldsymbol\alpha + \frac{{\eta_t}}{{{m_txt}}}"
             rf"\,\big[\,y_i f(\mathbf{{x}}_i) < 1\,\big]_i,\quad \eta_t = \frac{{1}}{{2\lambda t}} = "
             rf"\frac{{1}}{{2\cdot{fit.lam:.4g}\cdot{max(t, 1)}}} = {eta:.4g}")


panel()
st.latex(r"J(\boldsymbol\alpha) = \frac{1}{n}\sum_{i=1}^{n}\max\{0,\,1 - y_i f(\mathbf{x}_i)\}"
         r" + \lambda\,\boldsymbol\alpha^\top D_y K D_y\boldsymbol\alpha,\qquad "
         r"f(\mathbf{x}) = \sum_j \alpha_j y_j\, k(\mathbf{x}_j, \mathbf{x}) + b")
# Kriege's derivation of J(α) from J(w), each term with w = Σⱼ αⱼyⱼxⱼ put in, then his prediction rule; a thin space
# at the end, as the other topics' formulas have: KaTeX lets an aligned block overhang its box by ~2 px
st.latex(r"\begin{aligned}\max\{0,\,1 - y_i\mathbf w^\top\mathbf x_i\} &= \max\Big\{0,\,1 - y_i\textstyle\sum_j \alpha_j "
         r"y_j\,\underbrace{\mathbf x_j^\top\mathbf x_i}_{=\,k(\mathbf x_j,\mathbf x_i)}\Big\} = \max\{0,\,1 - y_i"
         r"\boldsymbol\alpha^\top\mathbf k^{(i)}\},\\ &\quad\mathbf k^{(i)} = \big(y_1k(\mathbf x_1,\mathbf x_i), \ldots, "
         r"y_nk(\mathbf x_n,\mathbf x_i)\big)^\top\\ \lambda\|\mathbf w\|_2^2 &= \lambda\textstyle\sum_i\sum_j "
         r"\alpha_i\alpha_j y_i y_j\, k(\mathbf x_i,\mathbf x_j) = \lambda\,\boldsymbol\alpha^\top D_y K D_y"
         r"\boldsymbol\alpha,\quad D_y = \operatorname{diag}(y_1, \ldots, y_n)\\ \hat y &= \operatorname{sign}\Big("
         r"\textstyle\sum_i \alpha_i y_i\, k(\mathbf x_i, \mathbf x)\Big)\quad\text{(Kriege; + b here, as libsvm)}"
         r"\end{aligned}\;")
st.caption("Kriege's objective J and libsvm's ½‖w‖² + C Σ max{0, 1 − yᵢ f(xᵢ)} (‖w‖² = αᵀD_yKD_yα) are the same "
           "problem divided by nC, with λ = 1/(2nC).")
explain("This is Kriege's SGD rule w ← w(1 − 2λη) + η yᵢ φ(xᵢ) [yᵢ f(xᵢ) < 1] written for α, with "
        "w = Σ αⱼ yⱼ φ(xⱼ); f already includes the offset b. Kriege's notes have no offset b; libsvm has one, so after "
        "each step b is set to its best value for the current α and both solve the same problem. The loss falls "
        "fast, then creeps: the error after t steps shrinks like 1/(λt), so a large C (small λ) is slow — libsvm "
        "solves the dual exactly instead.")
show_code(kc.SubgradientSVM.step, kc.kriege_objective)
section_footer(__file__)
