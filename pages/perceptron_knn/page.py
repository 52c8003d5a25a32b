"""Perceptron vs k-NN (seed 003): watch the kernelized perceptron learn mistake by mistake, beside k-NN
on the same data; the two prediction rules, the seed's comparison table, and overfitting without a
regulariser."""
import numpy as np
import streamlit as st

import kernel_core as kc
from ui import figures, points
from ui import perceptron_knn as pk
from ui.classroom import explain
from ui.code import show_code
from ui.controls import KERNEL_LABELS, kernel_picker, labeller, log_slider
from ui.data import current_dataset
from ui.exercises import Exercise, exercises
from ui.formulas import other_notations, with_numbers
from ui.ranges import PERCEPTRON_KNN as R
from ui.ranges import PLANE

PAGE = "perceptron_knn"
STEP, PLAYING, TICKING = f"{PAGE}_replay_step", f"{PAGE}_playing", f"{PAGE}_ticking"  # replay position, play flag,
# and whether the panel was registered with its timer in this page run
CHART = figures.CHART_CONFIG

st.title("🧠 Perceptron vs k-NN")
st.markdown("The **kernelized perceptron** keeps one number αᵢ per training point — how often that point was "
            "misclassified — and predicts with a kernel-weighted vote of the points it got wrong. **k-NN** "
            "votes among the k nearest points and needs no training at all. Both are *non-parametric*: they "
            "keep (part of) the data instead of a fixed set of weights (seed 003, Kriege).")

X, y, data_desc = current_dataset()


def slider(label, param, help=None):
    lo, hi, default, step = R[param]
    return st.slider(label, lo, hi, default, step, key=f"{PAGE}_{param}", help=help, bind="query-params")


controls, rules = st.columns([1, 2], gap="large")
with controls:
    name, params = kernel_picker(PAGE)
    epochs = slider("Epochs (at most)", "epochs", "Passes over the training data; training stops early after "
                    "an epoch without a mistake.")
    with st.container(key="secondary_perceptron_knn_split"):
        held_out = slider("Held-out share", "held_out", "Part of the data kept back to measure accuracy on unseen "
                          "points.")
        lo, hi, default, step = R["order_seed"]
        seed = int(st.number_input("Random seed (split and visiting order)", lo, hi, default, step,
                                   key=f"{PAGE}_order_seed", bind="query-params"))
ptuple = tuple(params.items())
with rules:
    st.latex(with_numbers(name, params))
    with st.container(key="explain_perceptron_knn_notations"):
        st.caption("This page uses scikit-learn's γ, r = coef0, m = degree; the same kernel in the lecture notes:")
        notations = other_notations(name, params)
        for col, (seed_name, tex, note) in zip(st.columns(len(notations)), notations):
            col.markdown(f"**{seed_name}** — {note}")
            col.latex(tex)
    st.markdown("**Training** (seed 003): start with α = 0; visit the training points in a fresh random order each "
                "epoch; on a mistake add 1 to the visited point's α:")
    st.latex(r"y_i \sum_{j=1}^{n} \alpha_j\, y_j\, k(\mathbf{x}_j, \mathbf{x}_i) \le 0 \;\Longrightarrow\; "
             r"\alpha_i \leftarrow \alpha_i + 1")
    st.caption("Seed 003 writes the test both as yᵢ wᵀxᵢ < 0 and as ŷ ≠ yᵢ. With α = 0 every sum is 0 and the strict "
               "“< 0” would never fire, so this page counts sign(0) as wrong (≤ 0). It uses the step ηₜ = 1: αᵢ is a "
               "mistake count (a constant step only rescales f). There is no bias term, as in the seed.")

try:
    Xtr, Xte, ytr, yte = pk.split(X, y, held_out, seed)
    with st.spinner("Training the perceptron…"):
        model = pk.fit_perceptron(Xtr, ytr, name, ptuple, epochs, seed)
except (ValueError, TypeError) as err:
    if len(y):
        st.error(f"The perceptron cannot be trained on these data with this kernel: {err}")
    else:
        st.error("There are no points to train on: undo the last change, reset to the preset or choose one in the "
                 "sidebar.")
    points.toolbar(PAGE)
    st.stop()
b = (*PLANE, *PLANE)  # the plane of the clickable map (ui.points.on_plane fixes its axes to this square)
n_train = len(Xtr)
st.caption(f"Data set (sidebar): {data_desc} → {n_train} training points (filled markers) and {len(Xte)} held-out "
           "points (hollow markers), drawn per point with the seed above (a point you add leaves the others where "
           "they are).")


# ---------------------------------------------------------------- 1. the perceptron learning, beside k-NN
def replay_position(T):
    """Visits replayed so far: None in the state means 'fully trained'."""
    step = st.session_state.get(STEP)
    return T if step is None else min(int(step), T)


def press_reset():
    st.session_state[STEP], st.session_state[PLAYING] = 0, False


def press_play(T):
    ss = st.session_state
    if not ss.get(PLAYING) and replay_position(T) >= T:
        ss[STEP] = 0  # Play at the end starts over
    ss[PLAYING] = not ss.get(PLAYING)


def press_step(history, unit):
    st.session_state[STEP] = pk.advance(history, replay_position(len(history["index"])), unit)


def perceptron_panel():
    ss = st.session_state
    if bool(ss.get(PLAYING)) != ss.get(TICKING):
        st.rerun()  # Play, Pause or the end of play: rerun the page so this panel gets (or loses) its timer
    h = model.history_
    T = len(h["index"])
    st.subheader("Kernelized perceptron")
    unit = st.radio("Step goes", list(pk.STEP_UNITS), format_func=labeller(pk.STEP_UNITS), horizontal=True,
                    key=f"{PAGE}_unit", bind="query-params")
    step = replay_position(T)
    if ss.get(PLAYING):  # a tick of the timer: replay one more unit of the recorded history
        step = ss[STEP] = pk.advance(h, step, unit)
        if step >= T:
            ss[PLAYING] = False
            st.rerun()
    playing = bool(ss.get(PLAYING))
    c1, c2, c3 = st.columns(3)
    c1.button("⏭ Step", key=f"{PAGE}_step_button", disabled=playing or step >= T, width="stretch",
              on_click=press_step, args=(h, unit), help="Fully trained: press Reset to replay." if step >= T else None)
    c2.button("⏸ Pause" if playing else "▶ Play", key=f"{PAGE}_play_button", width="stretch",
              on_click=press_play, args=(T,))
    c3.button("⏮ Reset", key=f"{PAGE}_reset_button", width="stretch", on_click=press_reset)

    frame = pk.perceptron_frame(Xtr, ytr, Xte, yte, name, ptuple, epochs, seed, step, b)
    E = len(model.mistakes_per_epoch_)
    epoch_now = int(h["epoch"][step - 1]) + 1 if step else 0
    m1, m2, m3 = st.columns(3)
    m1.metric("Epoch", f"{epoch_now} / {E}")
    m2.metric("Visits", f"{step} / {T}")
    m3.metric("Points used (α ≠ 0)", f"{frame['used']} of {n_train}")
    m4, m5, m6 = st.columns(3)
    m4.metric("Training accuracy", f"{frame['train']:.1%}")
    m5.metric("Held-out accuracy", f"{frame['test']:.1%}")
    m6.metric("Mistakes so far", int(h["mistake"][:step].sum()))
    visit = None
    if step:
        t = step - 1
        i, wrong, margin, a = int(h["index"][t]), bool(h["mistake"][t]), float(h["margin"][t]), float(h["alpha"][t])
        visit = (i, wrong)
        verdict = (rf"\le 0 \;\Rightarrow\; \text{{mistake: }}\alpha_{{{i}}}: {a - 1:.0f} \to {a:.0f}" if wrong
                   else rf"> 0 \;\Rightarrow\; \text{{correct, }}\alpha_{{{i}}} = {a:.0f}\text{{ stays}}")
        st.latex(rf"\text{{visit {step}: }} y_{{{i}}}\, f(\mathbf{{x}}_{{{i}}}) = {margin:.3g} {verdict}")
    else:
        st.latex(r"\text{before training: } \alpha = \mathbf{0},\ f(\mathbf{x}) = 0 \text{ everywhere}")
    title = f"{KERNEL_LABELS[name]} perceptron after {step} visits"
    points.clickable_chart(pk.perceptron_map(b, frame["Z"], Xtr, ytr, Xte, yte, frame["alpha"],
                                             float(model.alpha_.max()), visit, title),
                           PAGE, key=f"{PAGE}_perceptron_map", config=CHART)
    done = step // n_train
    st.plotly_chart(pk.mistakes_bars(model.mistakes_per_epoch_, done, int(h["mistake"][done * n_train:step].sum())),
                    key=f"{PAGE}_mistakes", config=CHART)
    status = ("converged: the last epoch made no mistake" if model.converged_ else
              f"not converged in {E} epochs — no line in feature space separates these training points, or more "
              "epochs are needed")
    st.caption(f"Training {status}. Ring area ∝ αᵢ; the ringed point is the one just visited (red: a mistake).")
    show_code(kc.KernelPerceptron.fit, kc.KernelPerceptron.decision_function)


def knn_panel():
    st.subheader("k-nearest neighbours")
    k = slider("k (neighbours)", "k", "How many nearest training points vote.")
    k_used = min(k, n_train)
    if k_used < k:
        st.warning(f"Only {n_train} training points: k-NN uses k = {k_used}.")
    try:
        frame = pk.knn_frame(Xtr, ytr, Xte, yte, k_used, b)
    except ValueError as err:
        st.error(f"k-NN cannot be fitted on these data: {err}")
        return
    m1, m2, m3 = st.columns(3)
    m1.metric("Training", "none")
    m2.metric("k", k_used)
    m3.metric("Points used", f"all {n_train}")
    m4, m5, m6 = st.columns(3)
    m4.metric("Training accuracy", f"{frame['train']:.1%}")
    m5.metric("Held-out accuracy", f"{frame['test']:.1%}")
    st.latex(rf"f(\mathbf{{x}}) = \tfrac{{1}}{{{k_used}}}\sum_{{i=1}}^{{{n_train}}} y_i\,"
             rf"[\mathbf{{x}}_i \text{{ among the {k_used} nearest}}]")
    st.plotly_chart(figures.Spec(frame["fig"]), key=f"{PAGE}_knn_map", config=CHART)
    st.caption("The colour is the vote f ∈ [−1, 1]: the share of +1 neighbours minus the share of −1 neighbours; "
               "the black line is the tie f = 0. With k = 1 every training point is classified correctly.")
    show_code(kc.KNNVote)


st.header("1 · Watch the perceptron learn, beside k-NN")
explain("**Step** replays the recorded training one visit, one mistake or one epoch at a time; **Play** runs "
        "it; **Reset** goes back to α = 0. Changing a setting above retrains once; stepping never does. **Click on the "
        "perceptron's map** to add a point of the chosen class (or remove one): both models retrain on the new data.")
points.toolbar(PAGE)  # outside the panels' fragments: Undo and Reset rerun the whole page, which retrains
left, right = st.columns(2, gap="large")
with left:
    st.session_state[TICKING] = bool(st.session_state.get(PLAYING))
    st.fragment(perceptron_panel, run_every=R["play_every"] if st.session_state[TICKING] else None)()
with right:
    st.fragment(knn_panel)()


# ---------------------------------------------------------------- 2. the two rules and the seed's table
st.header("2 · Two prediction rules, one idea")
c1, c2 = st.columns(2, gap="large")
with c1:
    st.markdown("**k-nearest neighbours** — every training point can vote, only the k closest do:")
    st.latex(r"\hat y = \operatorname{sign}\Big(\sum_{i=1}^{n} y_i\,[\mathbf{x}_i \in N_k(\mathbf{x})]\Big)")
    st.caption("N_k(x): the k training points nearest to x; [·] is 1 when true, 0 otherwise.")
with c2:
    st.markdown("**Kernelized perceptron** — every point votes with weight αᵢ and similarity k(xᵢ, x):")
    st.latex(r"\hat y = \operatorname{sign}\Big(\sum_{i=1}^{n} \alpha_i\, y_i\, k(\mathbf{x}_i, \mathbf{x})\Big)")
explain("For the Gaussian kernel, k(xᵢ, x) is near 1 for points close to x and near 0 far away, so the "
            "perceptron's sum is roughly Σ αᵢ yᵢ [xᵢ “close” to x]: **kernels are similarity functions** and "
            "the two rules look alike (seed 003).")
st.markdown(
    "| | k-NN | Kernelized perceptron |\n|---|---|---|\n"
    "| **Advantages** | No training necessary | Optimized weights can lead to improved performance · Can capture "
    "“global trends” with suitable kernels · Depends on “wrongly classified” examples only |\n"
    "| **Disadvantages** | Depends on all data ⇒ inefficient | Training requires optimization |")
st.caption("Comparison table from seed 003. Above, the perceptron's prediction uses the points with α ≠ 0; k-NN must "
           "search all training points for every prediction.")
explain("**Parametric vs non-parametric** (seed 003): a parametric model has a fixed, finite set of parameters "
            "(linear regression, the linear perceptron: w has as many numbers as x has features). A non-parametric "
            "model grows with the data (the kernelized perceptron: one αᵢ per point; k-NN: the data themselves) — "
            "potentially much more expressive, but more costly. Kernels give a principled way of deriving "
            "non-parametric models from parametric ones. With the linear kernel the perceptron's α collapse back "
            "into w = Σ αᵢ yᵢ xᵢ.")


# ---------------------------------------------------------------- 3. overfitting without regularisation
@st.fragment
def overfit_panel():
    st.header("3 · No regulariser: the perceptron can memorise noise")
    explain("“Overfitting can of course happen (if we choose poor parameters). Can combat overfitting by "
                "regularization: this is already built into kernelized linear regression (and SVMs), but not the "
                "kernelized perceptron” (seed 003). Here an RBF perceptron is trained on its own noisy data set "
                f"({R['demo_n']} points, the same split share, epochs and seed as above) for a range of γ.")
    c1, c2, c3 = st.columns(3)
    sets = list(kc.CLASSIFICATION_DATASETS)
    data = c1.selectbox("Data set", sets, index=sets.index(R["demo_data"]), key=f"{PAGE}_demo_data",
                        format_func=str.capitalize, bind="query-params")
    with c2:
        lo, hi, default, step = R["demo_noise"]
        noise = st.slider("Noise", lo, hi, default, step, key=f"{PAGE}_demo_noise", bind="query-params")
    with c3:
        gamma = log_slider("γ of the map", f"{PAGE}_demo_gamma", *R["demo_gamma"],
                           help="Large γ: narrow bumps around single points.")
    try:
        with st.spinner(f"Training the RBF perceptron for {R['sweep'][2]} values of γ…"):
            fr = pk.overfit_frame(data, noise, seed, held_out, epochs, gamma)
    except ValueError as err:
        st.error(f"The demonstration cannot run with these settings: {err}")
        return
    gammas, train, test = fr["gammas"], fr["train"], fr["test"]
    left, right = st.columns(2, gap="large")
    left.plotly_chart(figures.Spec(fr["curve"]), key=f"{PAGE}_overfit_curve", config=CHART)
    right.plotly_chart(figures.Spec(fr["map"]), key=f"{PAGE}_overfit_map", config=CHART)
    best = int(np.argmax(test))
    big = len(gammas) - 1
    st.markdown(f"At the largest γ = {gammas[big]:g} the perceptron classifies **{train[big]:.0%}** of its "
                f"training points correctly but only **{test[big]:.0%}** of the held-out points; the best held-out "
                f"accuracy, **{test[best]:.0%}**, is at γ = {gammas[best]:.3g} (training {train[best]:.0%}).")
    gap = train[big] - test[big]
    if train[big] == 1.0 and gap > 0.05:
        st.warning(f"Memorised: every noisy training point is right, yet held-out accuracy is {gap:.0%} lower — "
                   "the fit to the noise does not carry over to new points. Each training point gets its own narrow "
                   "bump; nothing in the perceptron's objective penalises such a wiggly f.")
    else:
        st.info(f"Here the large-γ perceptron does not memorise much (training {train[big]:.0%}, held-out "
                f"{test[big]:.0%}); raise the noise or the epochs to see it happen.")
    st.caption("The perceptron's training stops at the last iterate, so held-out accuracy jumps a little from γ to γ. "
               "Seed 003's cure: choose γ by cross-validation, or use a regularised method (kernel ridge, SVM).")
    show_code(kc.KernelPerceptron.fit, kc.KernelPerceptron.predict)


overfit_panel()


# ---------------------------------------------------------------- predict, then check (seed 003)
exercises(PAGE, [
    Exercise("perceptron_overfit", "Why does the kernelized perceptron overfit where the SVM does not (seed 003)?",
             ("The perceptron uses a kernel and the SVM does not",
              "The perceptron's objective has no regulariser; the SVM's adds λ αᵀD_yKD_yα, which penalises a wiggly f",
              "The perceptron sees fewer training points than the SVM"), 1,
             {f"{PAGE}_demo_data": R["demo_data"], f"{PAGE}_demo_noise": R["demo_noise"][2],
              f"{PAGE}_demo_gamma": 1000.0},
             "Seed 003: perceptron argmin_α (1/n) Σ max{0, −yᵢ αᵀkᵢ}; SVM the same sum with the hinge plus "
             "λ αᵀD_yKD_yα. Regularisation “is already built into kernelized linear regression (and SVMs), but not "
             "the kernelized perceptron”. Section 3 now uses γ = 1000: every noisy training point is classified "
             "right, yet the held-out accuracy is lower — nothing stops the perceptron from a narrow bump per point."),
    Exercise("perceptron_points_used", "To predict one new point, how many training points does each rule use?",
             ("Both use all n training points",
              "The perceptron only the points with αᵢ ≠ 0 (its mistakes); k-NN must search all n for the k nearest",
              "k-NN only k points; the perceptron all n"), 1,
             {f"{PAGE}_kernel": "rbf", f"{PAGE}_gamma": 1.0, STEP: None, PLAYING: False},
             "Compare “Points used (α ≠ 0)” under the perceptron (fully trained now) with k-NN's “Points used”. "
             "Seed 003's table: the perceptron “depends on wrongly classified examples only”; k-NN “depends on all "
             "data ⇒ inefficient” — only k points vote, but finding them means measuring the distance to all n."),
    Exercise("knn_k1", "What does k = 1 do to the k-NN boundary?",
             ("It becomes a smooth curve",
              "It follows every training point, noisy ones included: 100 % training accuracy and a jagged boundary",
              "The whole plane gets the majority class"), 1,
             {f"{PAGE}_k": 1},
             "With k = 1 every training point is its own nearest neighbour: training accuracy 100 %, and each point "
             "— a noisy one too — claims the region around it. Larger k averages more neighbours and smooths the "
             "boundary. How to choose k? Seed 003: cross-validation."),
])


from ui.nav import section_footer  # noqa: E402

section_footer(__file__)
