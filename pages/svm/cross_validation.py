"""SVM › Choosing C and γ: k-fold cross-validation accuracy over a (C, γ) grid on the training points (Kriege),
the best cell starred and the bar's setting boxed; Apply sets the bar to the best cell."""
import streamlit as st

import kernel_core as kc
from pages.svm import compute, figures_cv
from pages.svm.settings import KEY, PAGE, data, frame
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.figures import CHART_CONFIG
from ui.nav import section_footer, section_header
from ui.ranges import SVM as R

section_header(__file__)
present = presenting()


def apply_best(C_best, gamma_best):
    """on_click: set the bar's sliders before they are drawn in the next run."""
    st.session_state[KEY.C] = C_best
    st.session_state[KEY.GAMMA] = gamma_best


@st.fragment
def panel():
    """The grid, its best cell and Apply beside it (Apply and the bar rerun only this panel)."""
    s, left, right = frame()
    d = data()
    if d.missing:
        left.info(d.missing)
        return
    if s.gamma is None:
        left.info("The first kernel k₁ has no γ (linear): choose the RBF, Laplacian, polynomial or sigmoid kernel "
                  "in the bar to search over (C, γ).")
    else:
        try:
            cv = compute.cross_validation(d.X, d.y, d.part, s.kernel.with_gamma(0.0))   # ~0.6 s once, then cached
        except ValueError as err:
            left.error(f"Cross-validation failed: {err}")
        else:
            C_best, g_best, acc = cv.best
            with left:
                st.plotly_chart(figures_cv.cv_figure(cv.scores, cv.Cs, cv.gammas, (s.C, s.gamma), present=present),
                                key=f"{PAGE}_cv", config=CHART_CONFIG)
            with right:
                st.metric("Best cell", f"C = {C_best:g}, γ = {g_best:g}", f"CV accuracy {acc:.1%}", delta_color="off")
                st.button("Apply the best setting", key=f"{PAGE}_cv_apply", type="primary", on_click=apply_best,
                          args=(C_best, g_best), help="Sets C and γ of k₁ in the bar to the best cell.")
                st.latex(rf"\mathrm{{CV}}(C, \gamma) = \frac{{1}}{{{R['cv_folds']}}}\sum_{{k=1}}^{{{R['cv_folds']}}}"
                         rf"\mathrm{{acc}}_k(C, \gamma)")
                fits = len(cv.Cs) * len(cv.gammas) * R["cv_folds"]
                used = compute.cv_points(d.n)
                of = f"**{d.n}** training points" if used == d.n else f"**{used}** of the {d.n} training points"
                st.markdown(f"**{R['cv_folds']}** folds of the {of}; {len(cv.Cs)} × {len(cv.gammas)} settings = "
                            f"**{fits}** fits. The held-out points stay unseen.")
                if used < d.n:
                    st.caption(f"Cross-validated on a random {used} of the {d.n} training points (the same ones on "
                               f"every rerun): {fits} fits on all of them would take too long.")
                st.caption("★ best cell (ties go to the smallest γ, then the smallest C: the simplest boundary), "
                           "□ the bar's setting.")


panel()
explain("Small γ and C (bottom left): too simple a boundary, it underfits. Large γ (top rows): one narrow bump per "
        "point, it overfits and the accuracy falls again. Each fold is fitted on the other folds and scored on itself, "
        "so no point judges a model it trained — γ is that of k₁ (a second kernel, if combined, keeps its own).")
show_code(kc.cross_validate_grid)
section_footer(__file__)
