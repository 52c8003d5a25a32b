"""The app's one 2-D classification data set: chosen once in the sidebar, used by every page."""
import streamlit as st

from kernel_core import CLASSIFICATION_DATASETS

from . import compute
from .ranges import DATA, DEFAULT_DATASET


def dataset_sidebar():
    """Sidebar controls for the shared data set (values live in session state under data_*)."""
    sb = st.sidebar
    sb.markdown("### Data set")
    names = list(CLASSIFICATION_DATASETS)
    name = sb.selectbox("Preset", names, index=names.index(DEFAULT_DATASET), key="data_preset",
                        format_func=str.capitalize, bind="query-params",
                        help="2-D two-class data used by every page that classifies or draws a Gram matrix.")
    lo, hi, default, step = DATA["n_samples"]
    n = sb.slider("Points", lo, hi, default, step, key="data_n", bind="query-params")
    lo, hi, default, step = DATA["noise"]
    noise = sb.slider("Noise", lo, hi, default, step, key="data_noise", bind="query-params")
    lo, hi, default, step = DATA["seed"]
    seed = sb.number_input("Random seed", lo, hi, default, step, key="data_seed", bind="query-params")
    sb.caption(describe(name, n, noise, seed))


def describe(name, n, noise, seed):
    return f"{name.capitalize()}: {n} points, noise {noise:g}, seed {int(seed)}"


def current_dataset():
    """The data set chosen in the sidebar (drawn by app.py before every page): X, y, description."""
    ss = st.session_state
    args = (ss.get("data_preset", DEFAULT_DATASET), ss.get("data_n", DATA["n_samples"][2]),
            ss.get("data_noise", DATA["noise"][2]), int(ss.get("data_seed", DATA["seed"][2])))
    X, y = compute.dataset(*args)
    return X, y, describe(*args)
