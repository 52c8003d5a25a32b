"""The student's points: one 2-D data set per session, shared by every page. It starts from the
sidebar preset; clicks on a plot, the table editor and CSV uploads change it; undo and reset undo
that. While few enough, the points travel in the link (query parameter `pts`)."""
import functools
from dataclasses import dataclass, field

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from . import compute, figures
from .points_io import decode_edits, encode_edits
from .ranges import DATA, DEFAULT_DATASET, PLANE
from .theme import CLASS_STYLE

KEY = "points_state"
URL_KEY = "pts"
UNDO_DEPTH = 30
GRID_STEP = 0.1        # spacing of the invisible clickable grid (the resolution of a click)
PICK_RADIUS = 0.25     # a remove-click takes the nearest point within this distance
MODES = {"+1": f"Add {CLASS_STYLE[1]['name']} (●)", "-1": f"Add {CLASS_STYLE[-1]['name']} (✕)", "remove": "Remove"}


@dataclass
class Points:
    X: np.ndarray
    y: np.ndarray
    preset: tuple
    edited: bool = False
    undo: list = field(default_factory=list)
    note: str = ""


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
        ss[KEY] = s
    elif s.preset != args:  # another preset was chosen: start from it; undo brings the old points back
        _push(s)
        s.X, s.y = compute.dataset(*args)
        s.preset, s.edited = args, False
    _sync_url(s)
    return s


def describe(s):
    name, n, noise, seed = s.preset
    if s.edited:
        return f"your own points ({len(s.y)})"
    return f"{name.capitalize()}: {n} points, noise {noise:g}, seed {seed}"


def _push(s):
    s.undo.append((s.X, s.y, s.edited))
    del s.undo[:-UNDO_DEPTH]


def link_text(s):
    """The edits as link text, '' for the plain preset, None when they are too many for a link."""
    return encode_edits(*compute.dataset(*s.preset), s.X, s.y) if s.edited else ""


def _sync_url(s):
    text = link_text(s)
    if text:
        st.query_params[URL_KEY] = text
    elif URL_KEY in st.query_params:
        del st.query_params[URL_KEY]


def replace(X, y, note=""):
    """Make (X, y) the session's points (undoable)."""
    s = state()
    _push(s)
    s.X, s.y, s.edited, s.note = np.asarray(X, float).reshape(-1, 2), np.asarray(y, int), True, note
    _sync_url(s)


def undo():
    s = state()
    if s.undo:
        s.X, s.y, s.edited = s.undo.pop()
        _sync_url(s)


def reset():
    s = state()
    _push(s)
    s.X, s.y = compute.dataset(*s.preset)
    s.edited = False
    _sync_url(s)


def add(x1, x2, label):
    s = state()
    replace(np.vstack([s.X, [[x1, x2]]]), np.append(s.y, label))


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
    replace(s.X[keep], s.y[keep])
    return True


def toolbar(page):
    """Mode (add +1 / add −1 / remove), undo and reset, above a clickable chart."""
    s = state()
    c1, c2, c3, c4 = st.columns([4, 1, 1, 2], vertical_alignment="bottom")
    c1.segmented_control("Click on the plot to", list(MODES), format_func=MODES.get, key=f"{page}_click_mode",
                         default="+1", selection_mode="single")
    c2.button("↩ Undo", key=f"{page}_undo", on_click=undo, disabled=not s.undo, width="stretch")
    c3.button("⟲ Reset", key=f"{page}_reset", on_click=reset, disabled=not s.edited, width="stretch",
              help="Back to the sidebar preset")
    c4.caption(f"{len(s.y)} points — {describe(s)}")


@functools.lru_cache(maxsize=16)
def grid_trace(x_range, y_range, x_step=GRID_STEP, y_step=None):
    """Invisible markers every (x_step, y_step) over the rectangle: the targets of clicks on empty plot area.
    A trace as plain data (see ui.figures.Spec), made once per rectangle; never changed in place."""
    gx = np.arange(x_range[0], x_range[1] + x_step / 2, x_step, dtype=np.float32)
    gy = np.arange(y_range[0], y_range[1] + (y_step or x_step) / 2, y_step or x_step, dtype=np.float32)
    mx, my = np.meshgrid(gx, gy)
    return figures.to_spec(go.Figure(go.Scatter(x=mx.ravel(), y=my.ravel(), mode="markers", name="click grid",
                                                showlegend=False, marker=dict(size=9, opacity=0),
                                                hoverinfo="none")))["data"][0]


def with_click_grid(fig, grid):
    """A new figure (a ui.figures.Spec) with the trace `grid` under the data, reporting clicks as point
    selections."""
    spec = figures.to_spec(fig)
    layout = {**spec.get("layout", {}), "clickmode": "event+select", "dragmode": False}
    return figures.Spec({**spec, "data": [grid, *spec["data"]], "layout": layout})


def grid_click_chart(fig, key, on_click, **kwargs):
    """st.plotly_chart of a figure from `with_click_grid`; a new click (x, y) on the grid's subplot calls
    on_click(x, y), and the app reruns when it returns True. Streamlit reports selections, not bare clicks
    (streamlit issue #8824), hence the grid; a repeated report of the same selection is ignored."""
    event = st.plotly_chart(fig, key=key, on_select="rerun", selection_mode="points", **kwargs)
    points = (event or {}).get("selection", {}).get("points", []) if event else []
    handled = f"{key}_handled"
    if not points:
        st.session_state.pop(handled, None)
        return
    p = points[0]
    signature = (p.get("curve_number"), p.get("point_index"), p.get("x"), p.get("y"))
    if st.session_state.get(handled) == signature:
        return
    st.session_state[handled] = signature
    curve = p.get("curve_number")
    traces = figures.to_spec(fig)["data"]
    if curve is not None and 0 <= curve < len(traces):  # only clicks on the subplot that carries the grid
        if _axes(traces[curve]) != _axes(traces[0]):
            return
    if on_click(float(p["x"]), float(p["y"])):
        st.rerun()


def _axes(trace):
    return trace.get("xaxis") or "x", trace.get("yaxis") or "y"


def _edit(page, x1, x2):
    mode = st.session_state.get(f"{page}_click_mode") or "+1"
    if mode == "remove":
        if not remove_near(x1, x2):
            st.toast("No point there to remove — click on a point.")
            return False
    else:
        add(round(x1, 2), round(x2, 2), int(mode))
    return True


def clickable_chart(fig, page, key, **kwargs):
    """st.plotly_chart whose clicks edit the points: an invisible grid under the data catches clicks on
    empty plot area (Streamlit reports selections, not bare clicks; streamlit issue #8824)."""
    spec = with_click_grid(fig, grid_trace(PLANE, PLANE)).spec
    # A click on a heatmap selects nothing and would be lost: filled maps let the click through to the grid.
    data = [{**{k: v for k, v in t.items() if k != "hovertemplate"}, "hoverinfo": "skip"}
            if t.get("type") == "heatmap" else t for t in spec["data"]]
    grid_click_chart(on_plane({**spec, "data": data}), key, lambda x1, x2: _edit(page, x1, x2), **kwargs)


def on_plane(spec):
    """The figure `spec` (plain data) with both axes fixed to the plane, so the click grid covers exactly the
    visible plane; a ui.figures.Spec."""
    layout = spec["layout"]
    return figures.Spec({**spec, "layout": {
        **layout, "xaxis": {**layout.get("xaxis", {}), "range": list(PLANE), "constrain": "domain"},
        "yaxis": {**layout.get("yaxis", {}), "range": list(PLANE), "constrain": "domain", "scaleanchor": "x"}}})
