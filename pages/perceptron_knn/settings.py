"""The Perceptron vs k-NN topic's shared settings (the bar at the top of each of its sections) and the one place
that names its widget keys: sections, exercises and tests use KEY, not key strings of their own."""
from dataclasses import dataclass

import streamlit as st

from kernel_core import KERNEL_PARAMS
from ui.classroom import presenting
from ui.controls import labeller, param_widget
from ui.kernel_choice import LABELS, Single
from ui.nav import section_header
from ui.ranges import PERCEPTRON_KNN as R
from ui.settings import bar as settings_bar
from ui.settings import remember

PAGE = "perceptron_knn"


@dataclass(frozen=True)
class Keys:
    kernel: str = f"{PAGE}_kernel"
    gamma: str = f"{PAGE}_gamma"
    degree: str = f"{PAGE}_degree"
    coef0: str = f"{PAGE}_coef0"
    epochs: str = f"{PAGE}_epochs"
    held_out: str = f"{PAGE}_held_out"
    seed: str = f"{PAGE}_order_seed"          # the seed of the split and of the visiting order
    # the sections' own controls
    unit: str = f"{PAGE}_unit"                # what one press of Step replays
    step: str = f"{PAGE}_replay_step"         # replay position (visits replayed so far)
    playing: str = f"{PAGE}_playing"          # Play is on
    ticking: str = f"{PAGE}_ticking"          # the panel has its timer in this run
    step_button: str = f"{PAGE}_step_button"
    play_button: str = f"{PAGE}_play_button"
    reset_button: str = f"{PAGE}_reset_button"
    perceptron_map: str = f"{PAGE}_perceptron_map"
    mistakes: str = f"{PAGE}_mistakes"
    k: str = f"{PAGE}_k"
    knn_map: str = f"{PAGE}_knn_map"
    rules_map: str = f"{PAGE}_rules_map"
    query: str = f"{PAGE}_query"              # the new point x of the rules' map (set by a click)
    demo_data: str = f"{PAGE}_demo_data"
    demo_noise: str = f"{PAGE}_demo_noise"
    demo_gamma: str = f"{PAGE}_demo_gamma"
    overfit_map: str = f"{PAGE}_overfit_map"
    overfit_curve: str = f"{PAGE}_overfit_curve"


KEY = Keys()
KEYS = (KEY.kernel, KEY.gamma, KEY.degree, KEY.coef0, KEY.epochs, KEY.held_out, KEY.seed,   # the bar
        KEY.k,       # and k, which the rules' section reads too
        KEY.query)   # the rules' new point x (set by a click on the map): in the link and the class's view


@dataclass(frozen=True)
class Settings:
    kernel: Single      # the perceptron's kernel (None in a section that does not use it)
    epochs: int         # most passes over the training data
    held_out: float     # share of the data kept back (perceptron and k-NN alike)
    seed: int           # seed of the train / held-out split and of the visiting order


def _slider(col, label, param, key, help=None):
    lo, hi, default, step = R[param]
    return col.slider(label, lo, hi, default, step, key=key, help=help, bind="query-params")


def bar(kernel=True, epochs=True):
    """The topic's settings bar (one row): kernel and its parameters, held-out share, epochs, seed. A section that
    does not use the kernel or the epochs leaves them out (kernel None, epochs the student's last value)."""
    ss = st.session_state
    name = ss.get(KEY.kernel, "rbf")
    params = KERNEL_PARAMS[name if name in KERNEL_PARAMS else "rbf"] if kernel else ()
    cols = iter(settings_bar([*([1.9] if kernel else []), *[1.1] * len(params), 1.1, *([1.1] if epochs else []),
                              0.8]))
    choice = None
    if kernel:
        names = list(LABELS)
        name = next(cols).selectbox("Kernel", names, index=names.index("rbf"), key=KEY.kernel,
                                    format_func=labeller(LABELS), bind="query-params")
        if KERNEL_PARAMS[name] != params:   # the kernel just changed: its own parameters' columns on the next run
            st.rerun()
        choice = Single(name, tuple((p, param_widget(PAGE, name, p, container=next(cols))) for p in params))
    held_out = _slider(next(cols), "Held-out share", "held_out", KEY.held_out,
                       "Part of the preset's points kept back (hollow markers) to measure accuracy on unseen points; "
                       "a point you add is always a training point.")
    n_epochs = (_slider(next(cols), "Epochs (at most)", "epochs", KEY.epochs, "Passes over the training data; "
                        "training stops early after an epoch without a mistake.") if epochs
                else ss.get(KEY.epochs, R["epochs"][2]))
    lo, hi, default, step = R["order_seed"]
    seed = int(next(cols).number_input("Seed", lo, hi, default, step, key=KEY.seed, bind="query-params",
                                       help="Random seed of the split and of the visiting order."))
    remember(KEYS)
    return Settings(choice, int(n_epochs), float(held_out), seed)


# On a projector the section's title sits beside the bar (not above it) and the bar is tighter (one line of label
# per widget, cut with … when long): the map below keeps a plot area >= 440 px tall inside the first 720 px.
PRESENT_CSS = """<style>
[data-testid="stMain"] [class*="st-key-topic_bar"] { padding: 0.25rem 0.8rem; }
[data-testid="stMain"] [class*="st-key-perceptron_knn_head"] h4 { font-size: 1.1rem; padding: 0; }
[data-testid="stMain"] [class*="st-key-topic_bar"] [data-testid="stWidgetLabel"] p {
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
/* the closed questions' button stands in the screen's top right corner (ui.exercises): the row leaves it room */
[data-testid="stMain"]:has([class*="st-key-ex_corner"]) .st-key-perceptron_knn_top { padding-right: 11.6rem; }
</style>"""


def top(file, **shown):
    """The section's header, then the bar (beside each other in presentation mode); returns the Settings. `shown`:
    bar's kernel / epochs flags."""
    if not presenting():
        section_header(file)
        return bar(**shown)
    st.html(PRESENT_CSS)
    head, rest = st.container(key="perceptron_knn_top").columns([1, 4], vertical_alignment="center")
    with head, st.container(key="perceptron_knn_head"):
        section_header(file)
    with rest:
        return bar(**shown)
