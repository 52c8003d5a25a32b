"""The Kernel PCA topic's shared settings (the bar at the top of each of its sections): the data (the sidebar's 2-D
set, or an S-curve / Swiss roll in 3-D), the kernel and its parameters, and the two components drawn. The one place
that names the topic's widget keys: sections, the exercises' reveal dicts and the tests use the names below (today's
names, so links made before the sections still open the same view)."""
from dataclasses import dataclass

import numpy as np
import streamlit as st

from kernel_core import KERNEL_PARAMS
from ui import points
from ui.controls import labeller, param_widget
from ui.data import current_dataset
from ui.figures import to_spec
from ui.kernel_choice import LABELS as KERNEL_LABELS
from ui.kernel_choice import Single
from ui.points_click import click_catcher, on_plane, plotted_window
from ui.points_io import finite_number
from ui.ranges import KPCA as R
from ui.settings import bar as settings_bar
from ui.settings import remember

from . import compute

PAGE = "kernel_pca"       # prefix of every widget key of the topic
SOURCES = {"sidebar": "2-D (sidebar)", "s_curve": "S-curve (3-D)", "swiss_roll": "Swiss roll (3-D)"}
SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


class KEY:
    """Widget keys (bound to the link: `/kernel-pca?kernel_pca_kernel=poly&kernel_pca_pair=1-3`)."""
    DATA, KERNEL, PAIR = f"{PAGE}_data", f"{PAGE}_kernel", f"{PAGE}_pair"
    GAMMA, DEGREE, COEF0 = f"{PAGE}_gamma", f"{PAGE}_degree", f"{PAGE}_coef0"
    MANIFOLD_N, MANIFOLD_NOISE = f"{PAGE}_mn", f"{PAGE}_mnoise"
    # the sections' own controls
    NEW = (f"{PAGE}_new1", f"{PAGE}_new2", f"{PAGE}_new3")      # the new point's coordinates
    Q, NOISE = f"{PAGE}_q", f"{PAGE}_noise"                      # denoising: components kept, noise added
    NEIGHBOURS = f"{PAGE}_k"                                     # Laplacian eigenmap: k of the k-NN graph
    MATRIX = f"{PAGE}_matrix"                                    # centring: K or K′ in the heatmap
    # charts (tests and bench.screens find them by these keys)
    INPUT_CHART, KPCA_CHART, LINEAR_CHART, SHARES_CHART = (f"{PAGE}_data_fig", f"{PAGE}_kpca_fig",
                                                           f"{PAGE}_linear_fig", f"{PAGE}_shares")
    GRAM_CHART, RAW_CHART, CENTRED_CHART = f"{PAGE}_gram", f"{PAGE}_raw_fig", f"{PAGE}_centred_fig"
    NEW_INPUT_CHART, NEW_PROJ_CHART = f"{PAGE}_new_data_fig", f"{PAGE}_new_proj_fig"
    DENOISE_CHART, CURVE_CHART = f"{PAGE}_denoise_fig", f"{PAGE}_denoise_curve"
    LAP_CHART, LAP_KPCA_CHART = f"{PAGE}_lap_fig", f"{PAGE}_lap_kpca_fig"
    KLPP_CHART = f"{PAGE}_klpp_fig"                              # kernel LPP
    FDA_EPS, FDA_LOCAL, FDA_CHART = f"{PAGE}_fda_eps", f"{PAGE}_fda_local", f"{PAGE}_fda_fig"   # kernel FDA
    FDA_STRIP_CHART = f"{PAGE}_fda_strip"
    KMEANS_K, KMEANS_SEED, KMEANS_STEP = f"{PAGE}_kmeans_k", f"{PAGE}_kmeans_seed", f"{PAGE}_kmeans_step"   # k-means
    KMEANS_CHART = f"{PAGE}_kmeans_fig"
    LARGE_CHART = f"{PAGE}_large_fig"                            # ui.large_n names its widgets "{PAGE}_large_*"

    @staticmethod
    def large(name):
        """A widget of the large-n section (ui.large_n): "n", "method", "m", "gamma", "data"."""
        return f"{PAGE}_large_{name}"

    @staticmethod
    def exercise(name):
        return f"{PAGE}_ex_{name}"


KEYS = (KEY.DATA, KEY.KERNEL, KEY.GAMMA, KEY.DEGREE, KEY.COEF0, KEY.PAIR, KEY.MANIFOLD_N, KEY.MANIFOLD_NOISE,
        # the sections' own settings keep their values too while the student walks through the topic
        *KEY.NEW, KEY.Q, KEY.NOISE, KEY.NEIGHBOURS, KEY.MATRIX, KEY.FDA_EPS, KEY.FDA_LOCAL, KEY.KMEANS_K,
        KEY.KMEANS_SEED, KEY.KMEANS_STEP)


@dataclass(frozen=True)
class Settings:
    source: str            # a key of SOURCES
    kernel: Single
    pair: tuple            # the two components drawn, as column indices: (0, 1) = η⁽¹⁾ against η⁽²⁾
    manifold: tuple = ()   # (points, noise) of the S-curve / Swiss roll; () for the sidebar's data

    @property
    def name(self):
        return self.kernel.name

    @property
    def params(self):
        return dict(self.kernel.params)


def pair_of(label):
    """'1-3' -> (0, 2): the two components drawn, as column indices."""
    i, j = (int(c) - 1 for c in label.split("-"))
    return i, j


def component(i):
    """Column index i as the axis title η⁽ⁱ⁺¹⁾."""
    return f"η⁽{i + 1}⁾".translate(SUP)


def _pair_label(label):
    return ", ".join(component(i) for i in pair_of(label))


def bar():
    """The topic bar: data, kernel and its parameters, the components drawn (the manifold's size and noise in a
    popover while a manifold is chosen), flowing in the width it is given (a section draws it in the column beside
    its main picture). Returns the Settings."""
    (col,) = settings_bar([1])
    with col, st.container(horizontal=True, gap="small", vertical_alignment="bottom", wrap=True):
        source = st.selectbox("Data", list(SOURCES), key=KEY.DATA, format_func=labeller(SOURCES), width=185,
                              bind="query-params", help="Circles, moons, blobs, …: choose them in the sidebar.")
        options = list(KERNEL_LABELS)
        name = st.selectbox("Kernel", options, index=options.index("rbf"), key=KEY.KERNEL, width=175,
                            format_func=labeller(KERNEL_LABELS), bind="query-params")
        params = {p: param_widget(PAGE, name, p) for p in KERNEL_PARAMS[name]}
        pair = st.selectbox("Components", R["pairs"], key=KEY.PAIR, format_func=_pair_label, bind="query-params",
                            width=125, help="Kernel PCA is unsupervised: it orders directions by variance, and the "
                                            "one that splits the classes need not be the first.")
        manifold = ()
        if source != "sidebar":
            with st.popover("Manifold", help="Points and noise of the S-curve / Swiss roll"):
                lo, hi, default, step = R["manifold_n"]
                n = st.slider("Points on the manifold", lo, hi, default, step, key=KEY.MANIFOLD_N,
                              bind="query-params")
                lo, hi, default, step = R["manifold_noise"]
                noise = st.slider("Manifold noise", lo, hi, default, step, key=KEY.MANIFOLD_NOISE,
                                  bind="query-params")
                if name in ("rbf", "laplacian"):
                    st.caption("The Swiss roll spans about ±10: try γ ≈ 0.01–0.1 there; the S-curve spans about ±2.")
            manifold = (n, noise)
    remember(KEYS)
    return Settings(source, Single(name, tuple(params.items())), pair_of(pair), manifold)


def sidebar_view():
    """What the sidebar shows of the shared data (the preset, the points, the undo stack). A section's fragment
    compares it with the value of the last full run and reruns the whole app when a control inside the fragment
    (an exercise's Check, Undo, Reset) changed it, so the sidebar never shows stale data."""
    s = points.state()
    return st.session_state.get("data_preset"), len(s.undo), s.edited, len(s.y)


def keep_sidebar_current(shown):
    if sidebar_view() != shown:
        st.rerun()


def data(s):
    """The points of the bar's data source (a compute.Data, every point)."""
    if s.source == "sidebar":
        X, y, describe = current_dataset()
        return compute.Data(X, y, None, describe, len(X))
    n, noise = s.manifold
    X, t = compute.manifold(s.source, n, noise)
    return compute.Data(X, None, t, f"{SOURCES[s.source]}: {n} points, noise {noise:g}, coloured by the position t "
                        "along it", n)


def usable(d, where=st, need=2):
    """Whether the section can work on the points d; says why not (or that one class is no problem) in `where`."""
    if d.n < need:
        where.warning(f"This section needs at least {need} points; the data set has {d.n}. Click on the input plot "
                      "of the first section to add points (or ⟲ Reset to the sidebar preset).")
        return False
    if d.y is not None and len(np.unique(d.y)) < 2:
        where.info("All points are of one class. Kernel PCA does not use the labels (it is unsupervised): the "
                   "colours only show them.")
    return True


def reveal(**values):
    """A reveal dict (ui.exercises) by setting name: reveal(kernel="poly", gamma=1.0, pair="1-3")."""
    return {getattr(KEY, name.upper()): value for name, value in values.items()}


# ---------------------------------------------------------------- a click on the input plane places the new point
def snap(v, lo, hi, step):
    """A clicked coordinate as a valid slider value: on the slider's step, inside its range (the low end for a value
    that is no finite number; ui.points_click.clicked_place lets none through)."""
    v = finite_number(v)
    if v is None:
        return float(lo)
    v = min(max(v, lo), hi)
    return float(min(max(round(round(v / step) * step, 2), lo), hi))


def _place(x, y):
    """Click callback (runs before the script, so the sliders can still be set): the clicked place, checked by
    ui.points_click.click_catcher (finite, on the plane), becomes the new point."""
    lo, hi, _, step = R["new_point_2d"]
    for key, v in zip(KEY.NEW, (x, y)):
        st.session_state[key] = snap(v, lo, hi, step)


def placing_chart(fig, key, **kwargs):
    """st.plotly_chart of the input plane whose clicks move the new point (the sliders KEY.NEW) instead of editing
    the data: the click catcher of ui.points, with a callback."""
    spec = on_plane(to_spec(fig))
    with st.container(key=f"clickable_{key}"):
        st.plotly_chart(spec, key=key, **kwargs)
        click_catcher(f"{key}_click", plotted_window(spec), on_click=_place)


def frame(shown, cap, need=2):
    """A section's frame: the sidebar kept current, the picture's column and, beside it, the bar over the data capped
    at `cap` points. Returns (settings, data, left, right), or None when the data cannot be used (said on the page)."""
    from .figures import COLUMNS

    keep_sidebar_current(shown)
    left, right = st.columns(COLUMNS, gap="medium")
    with right:
        s = bar()
        d = data(s).cap(cap)
        if not usable(d, need=need):
            return None
    return s, d, left, right


def neighbours():
    """k of the k-NN graph, beside the picture (the Laplacian eigenmap and kernel LPP share the key and its value)."""
    lo, hi, default, step = R["neighbors"]
    return st.slider("Neighbours per point (k of the k-NN graph)", lo, hi, default, step, key=KEY.NEIGHBOURS,
                     bind="query-params")
