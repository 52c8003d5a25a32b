"""Two prediction rules, one idea: at a new point x, k-NN votes among its k nearest training points, the
kernelized perceptron sums αᵢ yᵢ k(xᵢ, x) over the points it got wrong. Kriege's comparison table, with the
numbers of both models on the same split. Click the map to move x."""
import streamlit as st

import kernel_core as kc
from pages.perceptron_knn import compute, figures, settings
from pages.perceptron_knn.settings import KEY
from ui import points, points_click
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.figures import CHART_CONFIG
from ui.links import opened
from ui.nav import section_footer
from ui.ranges import PERCEPTRON_KNN as R

ss = st.session_state


def move_x(x1, x2):
    """A click on the map: x moves there, and into the address bar (`perceptron_knn_query=0.5,0.25`), so "Link to
    this view" opens the same comparison."""
    ss[KEY.query] = (round(x1, 2), round(x2, 2))
    st.query_params[KEY.query] = f"{ss[KEY.query][0]:g},{ss[KEY.query][1]:g}"
    return True


def linked_x():
    """x from the link or the class's followed view (two finite numbers inside the plane, "x1,x2"), else None (a bad
    value is left unused). A followed view is in the run's first copy of the address (ui.links.opened)."""
    text = opened(KEY.query, None)
    try:
        x = tuple(float(v) for v in str(text).split(","))
    except ValueError:
        return None
    lo, hi = compute.BOUNDS[0], compute.BOUNDS[1]
    if len(x) != 2 or not all(lo <= v <= hi for v in x):   # also rejects nan and inf
        return None
    return x


def sign(v):
    return "+1" if v > 0 else "−1"


@st.fragment
def panel():
    """The bar and everything it changes (a move reruns only this panel; a click on the map the whole app)."""
    S = settings.top(__file__)
    s = points.state()
    X, y = s.X, s.y
    if KEY.query not in ss:
        ss[KEY.query] = linked_x() or R["query"]
    x = tuple(ss[KEY.query])
    k = int(ss.get(KEY.k) or R["k"][2])
    try:
        data = compute.split(X, y, points.held_out(X, y, S.held_out, S.seed))
        k = min(k, len(data.ytr))
        model = compute.fit_perceptron(data, S.kernel, S.epochs, S.seed)
        T = len(model.history_["index"])
        frame = compute.perceptron_frame(data, S.kernel, S.epochs, S.seed, T)
        nn = compute.knn(data, k)
        q = compute.query(data, S.kernel, S.epochs, S.seed, k, x)
    except (ValueError, TypeError) as err:
        st.error(f"The two rules cannot be compared on these points: {err}" if len(y) else
                 "There are no points: undo the last change, reset to the preset or choose one in the sidebar.")
        points_click.toolbar(settings.PAGE)
        return
    n = len(data.ytr)

    left, right = st.columns([3, 2], gap="medium")
    with left:
        fig = figures.rules_map(compute.BOUNDS, frame.Z, data.Xtr, data.ytr, frame.alpha, x, q.neighbours,
                                present=presenting())
        points_click.click_chart(points_click.on_plane(fig.to_dict()), KEY.rules_map, move_x, config=CHART_CONFIG)
    with right:
        st.markdown(f"**k-NN** at x = ({x[0]:g}, {x[1]:g}): its {k} nearest of all {n} training points vote")
        st.latex(rf"\begin{{array}}{{l}}\hat y = \operatorname{{sign}}\big(\textstyle\sum_{{i=1}}^{{{n}}} y_i\,"
                 rf"[\mathbf{{x}}_i \in N_{{{k}}}(\mathbf{{x}})]\big) \\ \quad = \operatorname{{sign}}({k * q.f_knn:+.0f}) = "
                 rf"{sign(q.f_knn)}\end{{array}}")
        st.markdown(f"**Perceptron**: only its {q.used} points with αᵢ ≠ 0 (ringed) vote, by similarity")
        st.latex(rf"\begin{{array}}{{l}}\hat y = \operatorname{{sign}}\big(\textstyle\sum_{{\alpha_i \ne 0}} \alpha_i\, y_i\, "
                 rf"k(\mathbf{{x}}_i, \mathbf{{x}})\big) \\ \quad = \operatorname{{sign}}({q.f_perceptron:.3g}) = "
                 rf"{sign(q.f_perceptron)}\end{{array}}")
        exercises(settings.PAGE, [
            Exercise("perceptron_points_used", "To predict one new point, how many training points does each rule use?",
                     ("Both use all n training points",
                      "The perceptron uses only the points with αᵢ ≠ 0 (its mistakes); k-NN must search all n for the k "
                      "nearest", "k-NN uses only k points; the perceptron all n"), 1,
                     {KEY.kernel: "rbf", KEY.gamma: 1.0},
                     "The ringed points are the perceptron's αᵢ ≠ 0; k-NN's dotted lines join x to its k nearest, found "
                     "by measuring the distance to all n. Kriege's table: the perceptron “depends on wrongly classified "
                     "examples only”; k-NN “depends on all data ⇒ inefficient”."),
        ])
        row = st.container(horizontal=True, gap="medium")
        row.metric(f"{k}-NN, held out", f"{nn.test:.1%}" if len(data.yte) else "—", width="content")
        row.metric("Perceptron, held out", f"{frame.test:.1%}" if len(data.yte) else "—", width="content")
    st.caption(f"Background: the fully trained perceptron's f ({S.kernel.describe()}, {T} visits); the star is the new "
               f"point x (click the map to move it); dotted lines join it to its {k} nearest training points (k from the "
               "k-NN section). Held-out points are not drawn: neither rule uses them to predict.")

    acc = (lambda v: f"{v:.1%}") if len(data.yte) else (lambda v: "—")
    st.markdown(
        f"| Kriege's comparison | {k}-NN | Kernelized perceptron |\n|---|---|---|\n"
        f"| **Training** | none | {len(model.mistakes_per_epoch_)} epochs, {int(model.history_['mistake'].sum())} "
        "mistakes |\n"
        f"| **Points used to predict** | all {n} (searched for the {k} nearest) | {q.used} with αᵢ ≠ 0 |\n"
        f"| **Training accuracy** | {nn.train:.1%} | {frame.train:.1%} |\n"
        f"| **Held-out accuracy** | {acc(nn.test)} | {acc(frame.test)} |\n"
        "| **Advantages** | No training necessary | Optimized weights can lead to improved performance · Can capture "
        "“global trends” with suitable kernels · Depends on “wrongly classified” examples only |\n"
        "| **Disadvantages** | Depends on all data ⇒ inefficient | Training requires optimization |")


panel()
explain("For the Gaussian kernel, k(xᵢ, x) is near 1 for points close to x and near 0 far away, so the perceptron's "
        "sum is roughly Σ αᵢ yᵢ [xᵢ “close” to x]: **kernels are similarity functions** and the two rules look alike "
        "(Kriege).")
explain("**Parametric vs non-parametric** (Kriege): a parametric model has a fixed, finite set of parameters (linear "
        "regression, the linear perceptron: w has as many numbers as x has features). A non-parametric model grows "
        "with the data (the kernelized perceptron: one αᵢ per point; k-NN: the data themselves) — potentially much "
        "more expressive, but more costly. Kernels give a principled way of deriving non-parametric models from "
        "parametric ones. With the linear kernel the perceptron's α collapse back into w = Σ αᵢ yᵢ xᵢ.")
show_code(kc.KernelPerceptron.predict, kc.KNNVote.decision_function)

section_footer(__file__)
