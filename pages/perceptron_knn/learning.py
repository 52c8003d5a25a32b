"""Watch the kernelized perceptron learn: Step / Play / Pause / Reset replay its recorded training, visit by
visit, from α = 0 (one fit per setting; stepping never refits). Click the map to add or remove a point."""
import streamlit as st

import kernel_core as kc
from pages.perceptron_knn import compute, figures, settings
from pages.perceptron_knn.settings import KEY
from ui import points, points_click
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.controls import labeller
from ui.figures import CHART_CONFIG
from ui.formulas import other_notations, with_numbers
from ui.nav import section_footer
from ui.ranges import PERCEPTRON_KNN as R

STEP_UNITS = {"mistake": "to the next mistake", "visit": "one visit", "epoch": "to the end of the epoch"}
ss = st.session_state


def position(T):
    """Visits replayed so far (the section opens at α = 0)."""
    return min(int(ss.get(KEY.step) or 0), T)


def press_reset():
    ss[KEY.step], ss[KEY.playing] = 0, False


def press_play(T):
    if not ss.get(KEY.playing) and position(T) >= T:
        ss[KEY.step] = 0   # Play at the end starts over
    ss[KEY.playing] = not ss.get(KEY.playing)


def press_step(history, unit):
    ss[KEY.step] = compute.advance(history, position(len(history["index"])), unit)


def visit_formula(h, step):
    if not step:
        return r"\text{before training: } \alpha = \mathbf{0},\; f(\mathbf{x}) = 0"
    t = step - 1
    i, wrong, margin, a = int(h["index"][t]), bool(h["mistake"][t]), float(h["margin"][t]), float(h["alpha"][t])
    verdict = (rf"\le 0 \;\Rightarrow\; \text{{mistake: }} \alpha_{{{i}}}: {a - 1:.0f} \to {a:.0f}" if wrong
               else rf"> 0 \;\Rightarrow\; \text{{correct: }} \alpha_{{{i}}} = {a:.0f}")
    return (rf"\begin{{array}}{{l}} \text{{visit {step}: }} y_{{{i}}}\, f(\mathbf{{x}}_{{{i}}}) = {margin:.3g} \\ "
            rf"\quad {verdict} \end{{array}}")


def objective_formula(J, n):
    """Kriege's perceptron objective in α with this step's numbers: J(α) = (1/n) Σ max{0, −yᵢ αᵀkᵢ}."""
    return (r"\begin{array}{l} J(\boldsymbol\alpha) = \frac{1}{n}\sum_{i=1}^{n}\max\{0,\,-y_i\,"
            r"\boldsymbol\alpha^\top \mathbf{k}_i\} \\ "
            rf"\quad = \tfrac{{1}}{{{n}}} \cdot {n * J:.4g} = {J:.4g} \end{{array}}")


def notations(kernel):
    """The kernel as the lecture notes write it (inline formulas, one line each)."""
    return " ".join(f"**{source}**: ${tex.replace(chr(92) * 2, ',')}$ ({note})."
                    for source, tex, note in other_notations(kernel.name, dict(kernel.params)))


def panel():
    """The bar and everything it changes (a bar move or a tick of Play reruns only this panel)."""
    if bool(ss.get(KEY.playing)) != ss.get(KEY.ticking):
        st.rerun()   # Play, Pause or the end of play: the whole page runs again, so the panel gets (loses) its timer
    S = settings.top(__file__)
    present = presenting()
    s = points.state()
    X, y = s.X, s.y
    try:
        data = compute.split(X, y, points.held_out(X, y, S.held_out, S.seed))
        model = compute.fit_perceptron(data, S.kernel, S.epochs, S.seed)
    except (ValueError, TypeError) as err:
        if len(y):
            st.error(f"The perceptron cannot be trained on these data with this kernel: {err}")
        else:
            st.error("There are no points to train on: undo the last change, reset to the preset or choose one "
                     "in the sidebar.")
        return
    h, n_train = model.history_, len(data.ytr)
    T, E = len(h["index"]), len(model.mistakes_per_epoch_)
    unit = ss.get(KEY.unit) or "mistake"
    step = position(T)
    if ss.get(KEY.playing):   # a tick of the timer: replay one more unit of the recorded history
        step = ss[KEY.step] = compute.advance(h, step, unit)
        if step >= T:
            ss[KEY.playing] = False
            st.rerun()
    playing = bool(ss.get(KEY.playing))
    frame = compute.perceptron_frame(data, S.kernel, S.epochs, S.seed, step)
    visit = (int(h["index"][step - 1]), bool(h["mistake"][step - 1])) if step else None

    left, right = st.columns([3, 2], gap="medium")
    with right:
        buttons = st.container(horizontal=True)
        buttons.button("⏭ Step", key=KEY.step_button, disabled=playing or step >= T, width="stretch",
                  on_click=press_step, args=(h, unit), help="Fully trained: press Reset to replay." if step >= T else None)
        buttons.button("⏸ Pause" if playing else "▶ Play", key=KEY.play_button, width="stretch", on_click=press_play,
                  args=(T,))
        buttons.button("⏮ Reset", key=KEY.reset_button, width="stretch", on_click=press_reset, help="Back to α = 0")
        st.radio("Step goes", list(STEP_UNITS), format_func=labeller(STEP_UNITS), horizontal=True, key=KEY.unit,
                 bind="query-params", label_visibility="collapsed")
        st.latex(visit_formula(h, step))
        st.latex(objective_formula(frame.objective, n_train))
        epoch_now = int(h["epoch"][step - 1]) + 1 if step else 0
        row = st.container(horizontal=True, gap="medium")
        row.metric("Epoch", f"{epoch_now} / {E}", width="content")
        row.metric("Visits", f"{step} / {T}", width="content")
        row.metric("Mistakes so far", int(h["mistake"][:step].sum()), width="content")
        row = st.container(horizontal=True, gap="medium")
        row.metric("Training accuracy", f"{frame.train:.1%}", width="content")
        row.metric("Held-out accuracy", f"{frame.test:.1%}" if len(data.yte) else "—", width="content")
        row.metric("Points used (α ≠ 0)", f"{frame.used} of {n_train}", width="content")
    with left:
        fig = figures.perceptron_map(compute.BOUNDS, frame.Z, data.Xtr, data.ytr, data.Xte, data.yte, frame.alpha,
                                     float(model.alpha_.max()), visit, present=present)
        points_click.clickable_chart(fig, settings.PAGE, key=KEY.perceptron_map, config=CHART_CONFIG)
        st.latex(with_numbers(S.kernel.name, dict(S.kernel.params)))
    with right:
        done = step // n_train
        st.plotly_chart(figures.mistakes_bars(model.mistakes_per_epoch_, done,
                                              int(h["mistake"][done * n_train:step].sum()), present=present),
                        key=KEY.mistakes, config=CHART_CONFIG)
    status = (f"the recorded training converged in {E} epochs (its last made no mistake)" if model.converged_ else
              f"the recorded training did not converge in {E} epochs — no line in feature space separates these "
              "training points, or more epochs are needed")
    st.caption(f"{S.kernel.describe()} perceptron after {step} of {T} visits; {status}. Filled markers: "
               f"{n_train} training points; hollow: {len(data.yte)} held out (drawn from the preset's points; a point "
               "you add is always a training point). Ring area ∝ αᵢ; the ringed point is the one just visited (red: "
               "a mistake). Bars: mistakes per epoch, faint for the whole recorded run. This page uses "
               f"scikit-learn's γ, r = coef0, m = degree; the lecture notes write the kernel as {notations(S.kernel)}")


ss[KEY.ticking] = bool(ss.get(KEY.playing))
st.fragment(panel, run_every=R["play_every"] if ss[KEY.ticking] else None)()
points_click.toolbar(settings.PAGE)   # outside the panel: Undo and Reset rerun the whole app

st.markdown("**Training** (Kriege): start with α = 0; visit the training points one by one; on a mistake add 1 to "
            "the visited point's α:")
st.latex(r"y_i \sum_{j=1}^{n} \alpha_j\, y_j\, k(\mathbf{x}_j, \mathbf{x}_i) \le 0 \;\Longrightarrow\; "
         r"\alpha_i \leftarrow \alpha_i + 1")
st.markdown("Kriege starts from the linear classifier ŷ = sign(wᵀx), trained by stochastic gradient descent on the "
            "perceptron's loss:")
st.latex(r"\hat{\mathbf w} = \arg\min_{\mathbf w}\tfrac1n\textstyle\sum_{i=1}^{n}\max(0,\,-y_i\mathbf w^\top\mathbf x_i),"
         r"\qquad \hat y = \operatorname{sign}(\mathbf w^\top\mathbf x)")
st.markdown("**Why w lies in the span of the data** (Kriege's “handwavy proof”): gradient steps from w = 0 only ever "
            "add multiples of data points, so w stays Σⱼ αⱼ yⱼ φ(xⱼ), αⱼ counting the steps on point j. The SVM's "
            "step w ← (1 − 2ληₜ)w + ηₜ yᵢ φ(xᵢ) [yᵢ wᵀφ(xᵢ) < 1] rescales every α and adds to one (*SVM › Kriege's "
            "objective, step by step*); the representer theorem proves it for every optimum (*RKHS*).")
st.latex(r"\mathbf w_0 = \mathbf 0,\quad \mathbf w_{t+1} = \mathbf w_t + \eta_t\, y_i\,\phi(\mathbf x_i)\,"
         r"[y_i\mathbf w_t^\top\phi(\mathbf x_i) \le 0] \;\Longrightarrow\; \mathbf w_t = \textstyle\sum_{j=1}^{n}"
         r"\alpha_j\, y_j\, \phi(\mathbf x_j)")
st.markdown("**The objective in α** (Kriege): put w = Σⱼ αⱼ yⱼ φ(xⱼ) into the perceptron's loss "
            "(1/n) Σᵢ max(0, −yᵢ wᵀφ(xᵢ)); only inner products remain, and they become kernel values:")
st.latex(r"\begin{array}{l} J(\boldsymbol\alpha) = \tfrac{1}{n}\textstyle\sum_{i=1}^{n}\max\{0,-y_i\boldsymbol\alpha^\top"
         r"\mathbf{k}_i\}, \\ y_i\boldsymbol\alpha^\top \mathbf{k}_i = \textstyle\sum_{j=1}^{n}\alpha_j y_i y_j\,"
         r"k(\mathbf{x}_i,\mathbf{x}_j) \end{array}")   # two compact lines (an array: aligned overflowed its box by 2 px)
st.caption("kᵢ = (y₁ k(xᵢ, x₁), …, yₙ k(xᵢ, xₙ)). Beside the picture, J(α) at the step shown (training points "
           "only): each mistake step αᵢ ← αᵢ + 1 is a stochastic subgradient step on it, and it reaches 0 once every "
           "training point is on its side. α = 0 gives J = 0 as well — the perceptron's objective has a trivial "
           "minimiser, which is why the mistake test counts f = 0 as wrong (below).")
st.caption("Where this page differs from Kriege's lecture: Kriege picks the next point uniformly at random at every "
           "step; this page visits every training point once per epoch, in a fresh random order (a shuffle per "
           "epoch), so an epoch without a mistake proves the training points are separated and training can stop. "
           "Kriege writes the test both as yᵢ wᵀxᵢ < 0 and as ŷ ≠ yᵢ; with α = 0 every sum is 0 and the strict “< 0” "
           "would never fire, so this page counts sign(0) as wrong (≤ 0). It uses the step ηₜ = 1: αᵢ is a mistake "
           "count (a constant step only rescales f). There is no bias term, as in Kriege's perceptron.")
explain("**Step** replays the recorded training one visit, to the next mistake or to the end of the epoch; **Play** "
        "runs it; **Reset** goes back to α = 0. Changing a setting in the bar retrains once; stepping never does. "
        "**Click on the map** to add a point of the chosen class (or remove one): the perceptron retrains on the new "
        "data. The kernelized perceptron keeps one number αᵢ per training point — how often that point was "
        "misclassified — and predicts with a kernel-weighted vote of the points it got wrong.")
show_code(kc.KernelPerceptron.fit, kc.KernelPerceptron.decision_function)

section_footer(__file__)
