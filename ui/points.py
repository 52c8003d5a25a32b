"""The student's points: one 2-D data set per session, shared by every page. It starts from the
sidebar preset; clicks on a plot, the table editor and CSV uploads change it; undo and reset undo
that. While few enough, the points travel in the link (query parameter `pts`), with the names of the two classes
when a CSV gave them (`pts_classes`, e.g. cat|dog)."""
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import streamlit as st

import kernel_core as kc

from . import compute, figures
from .links import write_param
from .points_io import class_note, decode_classes, decode_edits, encode_classes, encode_edits, finite_number
from .ranges import DATA, DEFAULT_DATASET, PLANE
from .theme import CLASS_STYLE

KEY = "points_state"
URL_KEY = "pts"
CLASSES_KEY = "pts_classes"   # the names of class −1 and +1, read with the points (ui.links leaves both)
FOLLOW_KEY = "points_follow"  # (edits, class names) as link texts: a room's points to show (ui.room_state.apply)
UNDO_DEPTH = 30
PICK_RADIUS = 0.25     # a remove-click takes the nearest point within this distance
# A crosshair over the clickable subplot's plot area; the catcher itself takes no room under the chart.
CLICK_CSS = """[data-plot-click="xy"] .nsewdrag[data-subplot="xy"] { cursor: crosshair !important; }
[class*="st-key-clickable_"] [data-testid="stElementContainer"]:has([data-testid="stBidiComponentRegular"])
{ display: none; }"""
_CATCHER = st.components.v2.component("kernelscope.plot_click", js=(Path(__file__).parent / "plot_click.js").read_text(),
                                      css=CLICK_CSS, isolate_styles=False)
MODES = {"+1": f"Add {CLASS_STYLE[1]['name']} (●)", "-1": f"Add {CLASS_STYLE[-1]['name']} (✕)", "remove": "Remove"}
# The selected mode in its class's colour (the theme's primary colour, red, said "class −1" over a blue class +1);
# Remove in dark grey. {key}: the segmented control's widget key; its buttons stand in MODES' order.
MODE_CSS = "<style>" + "".join(
    f".st-key-{{key}} button[aria-checked=true]:nth-child({i}) {{{{ color: {color}; border-color: {color}; "
    f"background-color: {color}1a; }}}}"
    for i, color in enumerate((CLASS_STYLE[1]["color"], CLASS_STYLE[-1]["color"], "#374151"), start=1)) + "</style>"


@dataclass
class Points:
    X: np.ndarray
    y: np.ndarray
    preset: tuple
    edited: bool = False
    undo: list = field(default_factory=list)
    note: str = ""
    classes: tuple = None   # (name of class −1, name of class +1) when a CSV named them, else None
    set_aside: int = 0      # own points a change of preset replaced (Undo brings them back), until the next edit


PRESET_KEYS = ("data_preset", "data_n", "data_noise", "data_seed")   # the sidebar's widgets, in preset_args' order


def preset_args():
    ss = st.session_state
    return (ss.get("data_preset", DEFAULT_DATASET), ss.get("data_n", DATA["n_samples"][2]),
            ss.get("data_noise", DATA["noise"][2]), int(ss.get("data_seed", DATA["seed"][2])))


def state():
    """This session's points: from the link on the first run, then from the preset or the edits."""
    ss = st.session_state
    args = preset_args()
    s = ss.get(KEY)
    if s is None:
        s = Points(*compute.dataset(*args), args)
        link = st.query_params.get(URL_KEY)
        if link:
            try:
                X, y = decode_edits(link, s.X, s.y)
                s = Points(X, y, args, edited=True)
            except ValueError as err:
                s.note = f"The link's points could not be used: {err} The preset is shown instead."
            else:
                _classes_from_link(s)
        ss[KEY] = s
    follow = ss.pop(FOLLOW_KEY, None)
    if follow is not None:  # the lecturer's points (undoable: Undo brings the student's back)
        _follow(s, args, *follow)
    elif s.preset != args:  # another preset was chosen: start from it; undo brings the old points back
        _push(s)
        s.set_aside = len(s.y) if s.edited else 0
        s.X, s.y = compute.dataset(*args)
        s.preset, s.edited, s.classes = args, False, None
    _sync_url(s)
    return s


def _follow(s, args, text, classes):
    """Show a room's points: `text`, edits of the preset `args` as a link writes them ('' for the plain preset)."""
    X0, y0 = compute.dataset(*args)
    try:
        X, y = decode_edits(text, X0, y0) if text else (X0, y0)
        names = decode_classes(classes) if classes else None
    except ValueError as err:
        s.note = f"The room's points could not be used: {err}"
        return
    if s.preset == args and np.array_equal(X, s.X) and np.array_equal(y, s.y) and s.classes == names:
        return
    _push(s)
    s.X, s.y, s.preset, s.edited, s.classes = X, y, args, bool(text), names
    s.note = class_note(*names) if names else ""


def _classes_from_link(s):
    """The class names the link carries with its points (a sentence and plain −1 / +1 when they cannot be used)."""
    text = st.query_params.get(CLASSES_KEY)
    if text is None:
        return
    try:
        s.classes = decode_classes(text)
        s.note = class_note(*s.classes)
    except ValueError as err:
        s.note = f"{err} The classes are called −1 and +1 instead."


def describe(s):
    name, n, noise, seed = s.preset
    if s.edited:
        return f"your own points ({len(s.y)})"
    return f"{name.capitalize()}: {n} points, noise {noise:g}, seed {seed}"


def _push(s):
    s.undo.append((s.X, s.y, s.edited, s.classes, s.preset))
    del s.undo[:-UNDO_DEPTH]


def held_out(X, y, share, seed, base=None):
    """Held-out mask (one bool per point of X, y) of a train / held-out split with `share` held out.

    The split is drawn over the `base` points (default: the session's sidebar preset) by
    kernel_core.holdout_split, per point; each point keeps the set of its base point (same place and class).
    A point not in the base (clicked on a map, from a link or the table) is a training point, always, so
    adding or removing one moves no other point between the sets. When no base point is left (a CSV or the
    table replaced them all), the points themselves are split."""
    X, y = np.asarray(X, float).reshape(-1, 2), np.asarray(y)
    X0, y0 = compute.dataset(*state().preset) if base is None else base
    _, test0 = kc.holdout_split(y0, share, seed, X=X0)
    key = [(x1 + 0.0, x2 + 0.0, int(c)) for (x1, x2), c in zip(np.asarray(X0, float), y0)]
    sets = dict(zip(key, np.isin(np.arange(len(key)), test0)))
    found = [sets.get((x1 + 0.0, x2 + 0.0, int(c))) for (x1, x2), c in zip(X, y)]
    if len(y) and all(f is None for f in found):
        mask = np.zeros(len(y), bool)
        mask[kc.holdout_split(y, share, seed, X=X)[1]] = True
        return mask
    return np.array([bool(f) for f in found], dtype=bool)


def link_text(s):
    """The edits as link text, '' for the plain preset, None when they are too many for a link."""
    return encode_edits(*compute.dataset(*s.preset), s.X, s.y) if s.edited else ""


def _sync_url(s):
    text = link_text(s)
    names = encode_classes(s.classes) if text else None
    for key, value in ((URL_KEY, text), (CLASSES_KEY, names)):
        write_param(key, value)


def replace(X, y, note="", classes=None):
    """Make (X, y) the session's points (undoable); `classes`: the names of class −1 and +1, when they have some."""
    s = state()
    _push(s)
    s.X, s.y, s.edited, s.note = np.asarray(X, float).reshape(-1, 2), np.asarray(y, int), True, note
    s.set_aside = 0
    s.classes = tuple(classes) if classes else None
    _sync_url(s)


def undo():
    s = state()
    if s.undo:
        s.X, s.y, s.edited, s.classes, preset = s.undo.pop()
        s.set_aside = 0
        if preset != s.preset:   # points of another preset (a change of preset replaced them): its settings too
            s.preset = preset
            for key, value in zip(PRESET_KEYS, preset):
                st.session_state[key] = value
        _sync_url(s)


def reset():
    s = state()
    _push(s)
    s.X, s.y = compute.dataset(*s.preset)
    s.edited, s.classes, s.set_aside = False, None, 0
    _sync_url(s)


def add(x1, x2, label):
    s = state()
    replace(np.vstack([s.X, [[x1, x2]]]), np.append(s.y, label), classes=s.classes)


def remove_near(x1, x2):
    """Remove the point nearest to (x1, x2) if it is within PICK_RADIUS; True when one was removed."""
    s = state()
    if not len(s.y):
        return False
    d = np.hypot(s.X[:, 0] - x1, s.X[:, 1] - x2)
    i = int(np.argmin(d))
    if d[i] > PICK_RADIUS:
        return False
    keep = np.arange(len(s.y)) != i
    replace(s.X[keep], s.y[keep], classes=s.classes)
    return True


def toolbar(page, narrow=False):
    """Mode (add +1 / add −1 / remove), undo and reset, above a clickable chart (`narrow`: in a column beside it,
    the mode on a row of its own, then undo, reset and the count). True when Undo or Reset was pressed in this run
    (a caller inside an st.fragment then reruns the whole app, so every part shows the changed points)."""
    s = state()
    st.html(MODE_CSS.format(key=f"{page}_click_mode"))

    def mode(container):
        container.segmented_control("Click on the plot to", list(MODES), format_func=MODES.get,
                                    key=f"{page}_click_mode", default="+1", selection_mode="single")

    if narrow:   # the mode straight in the caller's column, above the row (no container of its own: one element less)
        mode(st)
        c2, c3, c4 = st.columns([1, 1, 1.3], vertical_alignment="center")
    else:
        c1, c2, c3, c4 = st.columns([4, 1, 1, 2], vertical_alignment="bottom")
        mode(c1)
    undone = c2.button("↩ Undo", key=f"{page}_undo", on_click=undo, disabled=not s.undo, width="stretch")
    was_reset = c3.button("⟲ Reset", key=f"{page}_reset", on_click=reset, disabled=not s.edited, width="stretch",
                          help="Back to the sidebar preset")
    c4.caption(f"{len(s.y)} points — {describe(s)}")
    return undone or was_reset


def click_catcher(key, window, subplot="xy", on_click=None):
    """The click catcher for the chart just drawn inside `st.container(key=f"clickable_{chart key}")`; its
    value in this run: (x, y) of a new click on `subplot` inside `window`, else None. `on_click(x, y)` runs as a
    widget callback (before the script) with the same checked place. Every click a page sees passes clicked_place."""
    def callback():
        place = clicked_place((st.session_state.get(key) or {}).get("click"), subplot, window)
        if place is not None and on_click is not None:
            on_click(*place)

    return clicked_place(_CATCHER(key=key, data={"subplot": subplot}, on_click_change=callback).click, subplot, window)


def click_chart(fig, key, on_click, subplot="xy", **kwargs):
    """st.plotly_chart of `fig` (a go.Figure or ui.figures.Spec) whose clicks on the plot area of `subplot`
    call on_click(x, y) with data coordinates inside the chart's axis ranges; the whole app reruns when it returns
    True (a chart inside an st.fragment would otherwise rerun only its fragment, and other sections would miss the new
    points). Streamlit reports selections, not bare clicks (streamlit issue #8824): a tiny component beside the chart
    listens to the chart's own drag layer and sends the clicked place."""
    with st.container(key=f"clickable_{key}"):
        st.plotly_chart(fig, key=key, **kwargs)
        place = click_catcher(f"{key}_click", plotted_window(fig, subplot), subplot)
    if place is not None and on_click(*place):
        st.rerun()


def plotted_window(fig, subplot="xy"):
    """((x0, x1), (y0, y1)): the axis ranges of `subplot` in the figure (a go.Figure, a ui.figures.Spec or its dict);
    None when an axis has no fixed range (no click on it is then taken)."""
    axes = re.fullmatch(r"x(\d*)y(\d*)", subplot)
    if axes is None:
        return None
    names = (f"xaxis{axes[1]}", f"yaxis{axes[2]}")
    if isinstance(fig, figures.Spec) or isinstance(fig, dict):
        layout = (fig.to_dict() if isinstance(fig, figures.Spec) else fig).get("layout", {})
        ranges = [(layout.get(name) or {}).get("range") for name in names]
    else:
        ranges = [fig.layout[name].range for name in names]
    try:
        return tuple((float(min(r)), float(max(r))) for r in ranges)
    except (TypeError, ValueError):
        return None


def clicked_place(click, subplot="xy", window=None):
    """(x, y) of a click message from the browser, or None for anything else. The message is not trusted: a
    hand-built one may hold text, null, a list, a bool, NaN, infinities, an integer beyond float range, no x at all,
    or a place outside the plotted `window` ((x0, x1), (y0, y1)); only two finite numbers inside it are taken
    (a click on the chart lies within its axis ranges, up to round-off)."""
    if not isinstance(click, dict) or click.get("subplot") != subplot or window is None:
        return None
    place = []
    for name, (lo, hi) in zip(("x", "y"), window):
        value = finite_number(click.get(name))
        slack = 1e-9 * max(hi - lo, 1.0)
        if value is None or not lo - slack <= value <= hi + slack:
            return None
        place.append(min(max(value, lo), hi))
    return tuple(place)


def _edit(page, x1, x2):
    if not (PLANE[0] <= x1 <= PLANE[1] and PLANE[0] <= x2 <= PLANE[1]):  # the clickable maps show the plane
        return False
    mode = st.session_state.get(f"{page}_click_mode") or "+1"
    if mode == "remove":
        if not remove_near(x1, x2):
            st.toast("No point there to remove — click on a point.")
            return False
    else:
        add(round(x1, 2), round(x2, 2), int(mode))
    return True


def clickable_chart(fig, page, key, **kwargs):
    """st.plotly_chart on the plane whose clicks edit the points: add one of the mode's class where the plot
    is clicked (to 2 decimals), or remove the nearest point."""
    click_chart(on_plane(figures.to_spec(fig)), key, lambda x1, x2: _edit(page, x1, x2), **kwargs)


def on_plane(spec):
    """The figure `spec` (plain data) with both axes fixed to the plane and no zoom / pan by dragging (a drag
    is not a click); a ui.figures.Spec."""
    layout = spec["layout"]
    return figures.Spec({**spec, "layout": {
        **layout, "dragmode": False,
        "xaxis": {**layout.get("xaxis", {}), "range": list(PLANE), "constrain": "domain"},
        "yaxis": {**layout.get("yaxis", {}), "range": list(PLANE), "constrain": "domain", "scaleanchor": "x"}}})
