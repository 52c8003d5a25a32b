"""SVM › The hinge loss: max{0, 1 − z} against z = y f(x), beside the perceptron's loss and the 0/1 loss, with every
point of the current fit placed on it; Kriege's objective split into its loss and its penalty."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.svm import compute, figures_loss
from pages.svm.settings import KEY, PAGE, data, frame
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.figures import CHART_CONFIG
from ui.nav import section_footer, section_header
from ui.ranges import SVM as R

section_header(__file__)
present = presenting()


@st.fragment
def panel():
    """The hinge loss with every point on it, and J split into loss and penalty (the bar reruns only this panel)."""
    s, left, right = frame()
    d = data()
    if d.missing:
        left.info(d.missing)
        return
    try:
        fit = compute.fit(d.X, d.y, d.part, s.kernel, s.C)
    except ValueError as err:
        left.error(f"The SVM cannot be fitted on these points with this kernel: {err}")
    else:
        tr, te = d.part.tr, d.part.te
        z_tr = d.y[tr] * fit.f_tr
        hinge = float(np.mean(np.maximum(0, 1 - z_tr)))
        cnt = fit.counts
        with left:
            p = float(st.session_state.get(KEY.P, R["lp"][2]))
            st.plotly_chart(figures_loss.hinge_figure(z_tr, d.y[tr], d.y[te] * fit.f_te, d.y[te], p, present=present),
                            key=f"{PAGE}_hinge", config=CHART_CONFIG)
        with right:
            if present:   # the chart has no legend on the projector: its key stands first here
                st.markdown(figures_loss.hinge_key(p), unsafe_allow_html=True)
            st.latex(r"\ell(z) = \max\{0,\, 1 - z\},\qquad z = y\,f(\mathbf{x})")
            st.latex(r"J = \tfrac{1}{n}\textstyle\sum_i \ell(z_i) + \lambda\,\boldsymbol\alpha^\top D_y K D_y \boldsymbol\alpha")
            st.latex(rf"= {hinge:.4f} + {fit.J - hinge:.4f} = {fit.J:.4f}")
            st.latex(rf"\lambda = \tfrac{{1}}{{2nC}} = \tfrac{{1}}{{2\cdot{fit.n}\cdot{s.C:g}}} = {fit.lam:.3g}")
            st.markdown(f"- **{cnt['misclassified']}** training points with z < 0 (misclassified)\n"
                        f"- **{cnt['inside_margin']}** with 0 ≤ z < 1 (right side, inside the margin)\n"
                        f"- **{fit.n - cnt['margin_violations']}** with z ≥ 1: no loss at all")
            p = st.slider("p of the ℓp loss", *R["lp"][:2], R["lp"][2], R["lp"][3], key=KEY.P, bind="query-params",
                          help="Kriege's summary lists the ℓp loss beside the squared, 0/1, perceptron and hinge "
                               "losses; p = 2 is the squared loss.")
            lp = float(np.mean(np.abs(1 - z_tr) ** p))
            st.latex(r"\ell_p = |y - f(\mathbf{x})|^p = |1 - z|^p\ \ (y = \pm 1)")
            st.latex(rf"\tfrac{{1}}{{n}}\textstyle\sum_i |1 - z_i|^{{{p:g}}} = {lp:.4f}")
            st.caption("Points beyond the axis are drawn at its edge; hollow markers: held-out points. The ℓp loss "
                       "(dash-dot) charges points on the right side beyond z = 1 too: a regression loss, used for "
                       "classification it pulls every f(xᵢ) towards its label.")


panel()
explain("Kriege: the perceptron's loss max{0, −z} only punishes mistakes; the SVM's hinge also charges "
        "points that are right but **closer than 1** to the boundary, which is what pushes the margin open. His "
        "summary lists the losses a model may use: squared, ℓp, 0/1, perceptron and hinge — all five are on the "
        "picture, the squared loss as ℓp with p = 2 (for y = ±1, (y − f)² = (1 − z)²). The same table of his "
        "adds the ℓ₂ regulariser, three methods — the exact solution (kernel ridge's α = (K + nλI)⁻¹y, *Kernel "
        "ridge*), gradient descent (*The dual, derived*) and (minibatch) SGD (*Kriege's objective, step by step*) — "
        "and two evaluation metrics, the empirical risk as mean squared error (*Choosing λ and γ by "
        "cross-validation*) and accuracy (the cross-validation accuracy of *Choosing C and γ*).")
show_code(kc.kriege_objective)
section_footer(__file__)
