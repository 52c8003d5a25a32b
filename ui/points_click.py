"""Clicks on a plot: the click catcher beside a chart (Streamlit reports selections, not bare clicks), the one check
every click passes (`clicked_place`: two finite numbers inside the plotted window), and the plane's charts whose
clicks edit the student's points (ui.points) with the toolbar above them: the mode, Undo, Reset."""
import re
from pathlib import Path

import streamlit as st

from . import figures
from .points import add, describe, remove_near, reset, state, undo
from .points_io import finite_number
from .ranges import PLANE
from .theme import CLASS_STYLE

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
