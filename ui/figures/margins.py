"""Margins reserved on the server, and a finished figure as plain data (`Spec`)."""
import json
import math
import re

import plotly.graph_objects as go
import plotly.io as pio

from ..theme import FONT_SIZE


class Spec(go.Figure):
    """A finished figure as plain JSON-ready data (numpy arrays already base64 typed arrays), built and
    validated once. `st.plotly_chart` reads a figure only through `to_dict()`, so drawing a Spec skips
    Plotly's validation and deep copy (20–60 ms a figure); a plain dict would be validated all over again.
    `parts`: what its builder said of its traces as it drew them (ui.figures.Built: e.g. which ones a live sweep
    redraws, and their styles), None when it said nothing."""

    def __init__(self, spec, parts=None):  # deliberately no super().__init__(): there is nothing left to validate
        object.__setattr__(self, "spec", spec)
        object.__setattr__(self, "parts", parts)

    def to_dict(self):
        return self.spec

    def figure(self):
        """A live go.Figure again (validated), for code that wants to change it."""
        return go.Figure(self.spec)

    def __reduce__(self):
        return Spec, (self.spec, self.parts)


def to_spec(fig):
    """A figure as the plain data `st.plotly_chart` sends (arrays as base64 typed arrays), with its margins
    reserved (`reserve_margins`)."""
    return fig.spec if isinstance(fig, Spec) else reserve_margins(json.loads(pio.to_json(fig, validate=False)))


# ---------------------------------------------------------------- margins reserved on the server
# Plotly draws a chart, lets the tick labels, axis titles, colour bar and legend push the margins out, and
# then draws the whole chart once more with the wider margins. Every data change re-creates a chart in
# Streamlit, so that second drawing came with every slider step: a third or more of the browser's time per
# changed chart (bench/README.md). The margins below are estimated from the figure, generously; Plotly still
# widens them when something does not fit (at the price of the second drawing), so nothing is ever cut off.
# tests/test_browser.py checks that no chart of any page needs that at default settings.
CHAR = 0.65        # width of a character of the chart font, in font sizes
ROW = 2.3          # height of a legend row, in font sizes
ENTRY = 46         # a legend entry's symbol and gaps, in px
GAP = 6            # px between the x axis' title and a legend under it
CHART_WIDTH = 440  # px a chart is assumed to have (a two-column chart's): a horizontal legend wraps inside its
                   # plot area. A builder of a wider chart says so with layout.meta = {"chart_width": px}.


MODEBAR = 40       # px under the chart's top edge that Plotly's toolbar covers (on hover), and a gap
FILLED = {"heatmap", "contour"}  # traces with a colour bar and no legend entry unless asked for
THREE_D = {"scatter3d", "surface", "mesh3d", "cone", "streamtube", "volume", "isosurface"}


def _text(title):
    return (title.get("text") if isinstance(title, dict) else title) or ""


def _legend_entries(data):
    names = []
    for trace in data:
        shown = trace.get("showlegend", trace.get("type") not in FILLED)
        if shown and trace.get("name"):
            names.append(re.sub(r"<[^>]*>", "", str(trace["name"])))   # the text shown, without its tags
    return names


def _legend_push(layout, names, height, margin):
    """(side, px, y, grow) for a legend outside the plot area: the margin it needs, the legend's y when it had
    to move (else None) and the px the chart grows by; None when it sits inside. A legend under the plot hangs
    |y| plot heights below it, while the x axis' tick labels and title take a fixed height (`margin["b"]` so
    far): on a short plot or in presentation type they would meet. Such a legend is moved down to clear them,
    and the chart grows by as much, so the plot keeps its height."""
    legend = layout.get("legend", {})
    meta = layout.get("meta")
    chart_width = meta.get("chart_width", CHART_WIDTH) if isinstance(meta, dict) else CHART_WIDTH
    # Streamlit's chart theme sets the legend's own type size, so a legend does not grow with layout.font
    # (presentation mode); the constants above are measured at FONT_SIZE.
    lfs = (legend.get("font") or {}).get("size", FONT_SIZE)
    widths = [ENTRY + CHAR * lfs * len(name) for name in names]
    horizontal = legend.get("orientation") == "h"
    x = legend.get("x", 1.02)
    y = legend.get("y", 1.0 if not horizontal else -0.1)
    rows = 1
    if horizontal:
        line = 0.0
        for w in widths:
            if line and line + w > chart_width - margin["l"] - margin["r"]:
                rows, line = rows + 1, 0.0
            line += w
    else:
        rows = len(names)
    legend_h = rows * ROW * lfs + 10
    anchor = legend.get("yanchor", "auto")
    if anchor == "auto":   # Plotly hangs a horizontal legend from its y
        anchor = "top" if horizontal or y >= 2 / 3 else "bottom" if y <= 1 / 3 else "middle"
    below = {"top": legend_h, "middle": legend_h / 2, "bottom": 0.0}[anchor]   # legend height under y
    above = legend_h - below
    t, b = margin["t"], margin["b"]
    if y < 0:   # |y| plot heights under the plot, then the legend: solved for the bottom margin b
        need = (-y * (height - t) + below) / (1 - y)
        if need - legend_h >= b + GAP:
            return "b", need, None, 0
        hang = b + GAP + above            # y's depth under the plot: the legend's top GAP px under the axis
        pinned = round(hang + below + 4)
        grow = max(0, pinned - round(need))
        return "b", pinned, -hang / (height + grow - t - pinned), grow
    if y > 1:   # likewise over the plot, for the top margin
        return "t", ((y - 1) * (height - b) + above) / y + 12, None, 0
    if x >= 1 and not horizontal:
        return "r", max(widths, default=0) + 20, None, 0
    return None


def reserve_margins(spec):
    """`spec` with layout.margin wide enough for what Plotly would otherwise push it out for (see above).
    3-D scenes keep their margins (they have no axes in the margin)."""
    layout = spec.setdefault("layout", {})
    data = spec.get("data", [])
    if any(key.startswith("scene") for key in layout) or any(t.get("type") in THREE_D for t in data):
        return spec
    fs = (layout.get("font") or {}).get("size", FONT_SIZE)
    height = layout.get("height", 450)
    axes = {key: value for key, value in layout.items() if key[:5] in ("xaxis", "yaxis")}

    def side(letter, across):
        """Margin for the tick labels (`across` font sizes, or their text's width) and title of an axis."""
        shown = [a for key, a in axes.items() if key[0] == letter and a.get("visible", True)] or [{}]
        ticks = [a for a in shown if a.get("showticklabels", True)]
        labels = max((len(str(t)) for a in ticks for t in a.get("ticktext") or ()), default=0)
        if any(str(a.get("tickformat", "")).endswith("e") for a in ticks):   # "1e+10": five characters at least
            labels = max(labels, 5)
        if any(a.get("exponentformat") == "power" and a.get("type") == "log" for a in ticks):
            labels = max(labels, 6)   # "10⁻¹⁴": the raised exponent is set wider than its character count
        titled = any(_text(a.get("title")) for a in shown)
        # a y axis's labels stand beside it (their text's width); an x axis's under it (one line, however long)
        wide = CHAR * fs * labels + 8 if letter == "y" else 0
        tick_px = max(across * fs, wide) if ticks else 0
        if letter == "x" and any(a.get("type") == "log" for a in ticks):
            tick_px += 0.2 * fs   # a log axis's labels ("10", "100") sit a little lower than a linear axis's
        turned = [a for a in ticks if a.get("tickangle") not in (None, 0, "auto")]
        if letter == "x" and turned:   # slanted category labels (names of features): their height when turned
            names = max((len(str(v)) for t in data for v in (t.get("x") if isinstance(t.get("x"), list) else ())
                         if isinstance(v, str)), default=0)
            angle = math.radians(abs(float(turned[0]["tickangle"])))
            tick_px = max(tick_px, CHAR * fs * names * math.sin(angle) + fs * math.cos(angle) + 8)
        return 10 + tick_px + (2.1 if ticks else 2.7) * fs * titled
    names = _legend_entries(data)
    legend = layout.get("showlegend", len(names) > 1) and names
    # the top: a title's, a legend's row, or what the figure asked for (room for an annotation over the plot)
    margin = {"l": side("y", 3.1), "b": side("x", 2.2),
              "t": max(50 * fs / FONT_SIZE if _text(layout.get("title")) else 14 + 0.6 * fs if legend else 10,
                       (layout.get("margin") or {}).get("t") or 0),
              "r": 10 + 12 * fs / FONT_SIZE}   # half the last x tick label overhangs the plot
    right = [a for key, a in axes.items() if key[0] == "y" and a.get("side") == "right" and a.get("visible", True)]
    if right:  # a second y axis on the right (e.g. an error curve over eigenvalues): its tick labels and title
        margin["r"] = max(margin["r"], 10 + 3.3 * fs + 2.1 * fs * any(_text(a.get("title")) for a in right))
    bars = [t for t in data if t.get("showscale", t.get("type") in FILLED)
            or (t.get("marker") or {}).get("showscale")]
    if bars:
        bar = bars[0].get("colorbar") or (bars[0].get("marker") or {}).get("colorbar") or {}
        percent = "%" in str(bar.get("tickformat", ""))   # tick labels such as "100%": a character wider
        margin["r"] = 24 + max(bar.get("thickness", 30) + (3.9 + CHAR * percent) * fs,
                               CHAR * fs * len(_text(bar.get("title"))) + 0.4 * fs)
        # The colour bar's title stands above the bar; over an untitled chart it would push the top margin (a
        # second drawing). And Plotly's toolbar (MODEBAR px tall, shown on hover) sits in the chart's top right
        # corner, over the bar's top tick label. A bar a little shorter than the plot, from its bottom, clears both.
        titled = _text(bar.get("title")) and not _text(layout.get("title"))
        plot_h = height - margin["t"] - margin["b"]
        free = max(0.0, (MODEBAR - margin["t"]) / plot_h) if plot_h > 0 else 0.0
        if titled or free:
            for trace in bars:
                holder = trace if "colorbar" in trace else trace.get("marker", trace)
                holder["colorbar"] = {"len": round(min(0.86 if titled else 1.0, 1.0 - free), 3), "y": 0.0,
                                      "yanchor": "bottom", **(holder.get("colorbar") or {})}
    # A tick label at the very end of an axis overhangs the plot by half its size, into the margin estimated
    # above; without this Plotly would push that margin (and draw the chart twice) for a few pixels.
    for key, axis in axes.items():
        if isinstance(axis, dict) and "automargin" not in axis:
            axis["automargin"] = "left+right" if key[0] == "y" else "top+bottom"
    if legend:
        push = _legend_push(layout, legend, height, {**margin, "t": round(margin["t"])})
        if push:
            key, px, y, grow = push
            margin[key] = max(margin[key], px)
            if y is not None:
                layout["legend"] = {**layout.get("legend", {}), "y": y}
                layout["height"] = height + grow
    layout["margin"] = {**layout.get("margin", {}), **{k: int(round(v)) for k, v in margin.items()}}
    return spec
