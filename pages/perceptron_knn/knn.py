"""k-nearest neighbours on the perceptron's train / held-out split: k on a slider, the vote over the plane, the
accuracies. No training at all; every training point is kept."""
import streamlit as st

import kernel_core as kc
from pages.perceptron_knn import compute, figures, settings
from pages.perceptron_knn.settings import KEY
from ui import points, points_click
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.figures import CHART_CONFIG
from ui.nav import section_footer
from ui.ranges import PERCEPTRON_KNN as R
from ui.sweep import sweep


def cv_line(data, k):
    """Kriege's answer to "how to choose k?": the CV error of this k and of the best k, numbers plugged in."""
    try:
        cv = compute.knn_cv(data)
    except ValueError as err:
        st.caption(f"k cannot be cross-validated on these training points: {err}")
        return
    err = cv.errors[cv.ks.index(k)] if k in cv.ks else float("nan")
    best = float(cv.errors.min())
    st.latex(r"\begin{array}{l}\mathrm{CV}(k) = \tfrac{1}{F}\textstyle\sum_{f}\tfrac{1}{|T_f|}\sum_{i\in T_f}"   # (an array:
             r"[\hat y_{-f}(\mathbf x_i) \ne y_i] \\ "                                         # aligned overflowed by 2 px)
             rf"\mathrm{{CV}}({k}) = {err:.3f},\quad \mathrm{{CV}}({cv.best}) = {best:.3f}\ \text{{(least)}}"
             r"\end{array}")
    st.caption(f"How to choose k? Cross-validation (Kriege): F = {min(compute.CV_FOLDS, len(data.ytr))} folds Tf of "
               "the training points; ŷ₋f is the vote without Tf. The k with the least CV error is "
               f"k = {cv.best}.")


@st.fragment
def panel():
    """The bar, k and everything they change (a move reruns only this panel)."""
    S = settings.top(__file__, kernel=False, epochs=False)
    s = points.state()
    X, y = s.X, s.y
    left, right = st.columns([3, 2], gap="medium")
    with right:
        k = int(st.select_slider("k (neighbours)", compute.K_VALUES, value=R["k"][2], key=KEY.k, bind="query-params",
                                 format_func=lambda v: f"{v:g}",   # a sweep hands k over as 12.0: "12"
                                 help="How many nearest training points vote. Drag it, or drag the map sideways: the map "
                                      "follows k while you drag (every k is computed at once)."))
        try:
            data = compute.split(X, y, points.held_out(X, y, S.held_out, S.seed))
            n_train = len(data.ytr)
            k_used = min(k, n_train)
            if k_used < k:
                st.warning(f"Only {n_train} training points: k-NN uses k = {k_used}.")
            result = compute.knn(data, k_used)
        except ValueError as err:
            st.error(f"k-NN cannot be fitted on these data: {err}")
            return
        st.latex(rf"f(\mathbf{{x}}) = \tfrac{{1}}{{{k_used}}}\sum_{{i=1}}^{{{n_train}}} y_i\,"
                 rf"[\mathbf{{x}}_i \in N_{{{k_used}}}(\mathbf{{x}})]")
        cv_line(data, k)
        row = st.container(horizontal=True, gap="medium")
        row.metric("Training", "none", width="content")
        row.metric("k", k_used, width="content")
        row.metric("Points used", f"all {n_train}", width="content")
        row = st.container(horizontal=True, gap="medium")
        row.metric("Training accuracy", f"{result.train:.1%}", width="content")
        row.metric("Held-out accuracy", f"{result.test:.1%}" if len(data.yte) else "—", width="content")
        exercises(settings.PAGE, [
            Exercise("knn_k1", "What does k = 1 do to the k-NN boundary?",
                     ("It becomes a smooth curve",
                      "It follows every training point, noisy ones included: 100 % training accuracy and a jagged boundary",
                      "The whole plane gets the majority class"), 1,
                     {KEY.k: 1},
                     "With k = 1 every training point is its own nearest neighbour: training accuracy 100 %, and each point "
                     "— a noisy one too — claims the region around it. Larger k averages more neighbours and smooths the "
                     "boundary. How to choose k? Kriege: cross-validation."),
        ])
    with left:
        fig = figures.classifier_map(compute.BOUNDS, result.Z, data.Xtr, data.ytr, data.Xte, data.yte, "vote",
                                     present=presenting())
        points_click.clickable_chart(fig, settings.PAGE, key=KEY.knn_map, config=CHART_CONFIG)
        # every k's map, computed only when the sweep sends its frames, into the parts the map says it has
        sweep(figures.knn_sweep_meta(KEY.knn_map, KEY.k),
              lambda: figures.knn_sweep_payload(compute.knn_sweep(data), fig.parts, KEY.knn_map, KEY.k),
              depends=(data.Xtr, data.ytr, fig.parts))
    st.caption(f"{k_used}-NN vote over the plane: the colour is f ∈ [−1, 1], the share of +1 neighbours minus the "
               "share of −1 neighbours; the black line is the tie f = 0. Filled markers: training points; hollow: "
               "held out, the same split as the perceptron's. With k = 1 every training point is classified "
               "correctly. ⟷ sweep k: drag the k slider, or the map sideways, and the map follows every k live.")


panel()
points_click.toolbar(settings.PAGE)   # outside the panel: Undo and Reset rerun the whole app
explain("**k-NN** votes among the k training points nearest to x and needs no training at all: the model *is* the "
        "data. N_k(x) is the set of the k training points nearest to x; [·] is 1 when true, 0 otherwise. Small k "
        "follows every point, noisy ones included; larger k averages more neighbours and smooths the boundary.")
show_code(kc.KNNVote)


section_footer(__file__)
