"""Plotly figure builders: arrays in, go.Figure out. Fixed axis ranges (a rerun remounts the chart),
float32 arrays (never lists), fonts sized for a projector. Builders on a page's rerun path are wrapped in
`cached_figure`: a slider move that comes back to a setting re-sends the finished figure, it is not built again."""
import functools
import json

import contourpy
import numpy as np
import plotly.graph_objects as go
import plotly.io as pio

from .cache import cache_data
from .classroom import presenting
from .theme import (
    CLASS_STYLE,
    DECISION,
    DIVERGING,
    FONT_SIZE,
    NEGATIVE,
    POSITIVE,
    PRESENT_FONT_SIZE,
    PRESENT_MARKER_SIZE,
    SEQUENTIAL,
    TEMPLATE,
)

CHART_CONFIG = {
    # The Plotly toolbar on hover keeps one job: download the figure as PNG (made in the browser, offline).
    "displaylogo": False,
    "modeBarButtonsToRemove": ["zoom2d", "pan2d", "select2d", "lasso2d", "zoomIn2d", "zoomOut2d", "autoScale2d",
                               "resetScale2d", "toggleSpikelines", "hoverClosestCartesian", "hoverCompareCartesian",
                               "zoom3d", "pan3d", "orbitRotation", "tableRotation", "resetCameraDefault3d",
                               "resetCameraLastSave3d", "hoverClosest3d"],
    "toImageButtonOptions": {"format": "png", "scale": 2},
}


FIGURE_CACHE = 32   # finished figures remembered per builder, shared by every session (~0.1 MB each at most)


class Spec(go.Figure):
    """A finished figure as plain JSON-ready data (numpy arrays already base64 typed arrays), built and
    validated once. `st.plotly_chart` reads a figure only through `to_dict()`, so drawing a Spec skips
    Plotly's validation and deep copy (20–60 ms a figure); a plain dict would be validated all over again."""

    def __init__(self, spec):  # deliberately no super().__init__(): there is nothing left to validate
        object.__setattr__(self, "spec", spec)

    def to_dict(self):
        return self.spec

    def figure(self):
        """A live go.Figure again (validated), for code that wants to change it."""
        return go.Figure(self.spec)

    def __reduce__(self):
        return Spec, (self.spec,)


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


FILLED = {"heatmap", "contour"}  # traces with a colour bar and no legend entry unless asked for
THREE_D = {"scatter3d", "surface", "mesh3d", "cone", "streamtube", "volume", "isosurface"}


def _text(title):
    return (title.get("text") if isinstance(title, dict) else title) or ""


def _legend_entries(data):
    names = []
    for trace in data:
        shown = trace.get("showlegend", trace.get("type") not in FILLED)
        if shown and trace.get("name"):
            names.append(str(trace["name"]))
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
        titled = any(_text(a.get("title")) for a in shown)
        tick_px = max(across * fs, CHAR * fs * labels + 8) if ticks else 0
        return 10 + tick_px + (2.1 if ticks else 2.7) * fs * titled
    names = _legend_entries(data)
    legend = layout.get("showlegend", len(names) > 1) and names
    margin = {"l": side("y", 3.1), "b": side("x", 2.2),
              "t": 50 * fs / FONT_SIZE if _text(layout.get("title")) else 14 + 0.6 * fs if legend else 10,
              "r": 10 + 12 * fs / FONT_SIZE}   # half the last x tick label overhangs the plot
    bars = [t for t in data if t.get("showscale", t.get("type") in FILLED)
            or (t.get("marker") or {}).get("showscale")]
    if bars:
        bar = bars[0].get("colorbar") or (bars[0].get("marker") or {}).get("colorbar") or {}
        margin["r"] = 24 + max(bar.get("thickness", 30) + 3.9 * fs, CHAR * fs * len(_text(bar.get("title"))))
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


def per_presentation(func, max_entries, module, qualname, source=None):
    """`func` cached (`ui.cache.cache_data`, its entries kept under `module`.`qualname`, fresh ones when the code of
    `source`, default `func`, is edited) with presentation mode in the key: its figures are sized by it (fonts,
    markers, margins), so a lecturer presenting and a class of students on the same server never get each
    other's figures."""
    def keyed(present, *args, **kwargs):
        return func(*args, **kwargs)

    keyed.__module__, keyed.__qualname__ = module, qualname
    keyed.__wrapped__ = source or func  # inspect.getsource reads the code there
    cached = cache_data(max_entries=max_entries)(keyed)
    return lambda *args, **kwargs: cached(presenting(), *args, **kwargs)


def cached_figure(builder):
    """Decorator for a figure builder on a page's rerun path: the finished figure is kept per arguments
    (and presentation mode) in a bounded cache, so a class moving the same slider back and forth shares the
    work. Returns a Spec."""
    cached = per_presentation(lambda *args, **kwargs: to_spec(builder(*args, **kwargs)), FIGURE_CACHE,
                              builder.__module__, f"{builder.__qualname__}.spec", builder)

    @functools.wraps(builder)
    def wrapper(*args, **kwargs):
        return Spec(cached(*args, **kwargs))

    wrapper.uncached = builder
    return wrapper


def cache_with_figures(max_entries):
    """Decorator like `ui.cache.cache_data` for a function whose result holds figures (dicts from `to_spec`
    next to the numbers they show): presentation mode is part of the key (`per_presentation`)."""
    def decorate(func):
        return functools.wraps(func)(per_presentation(func, max_entries, func.__module__, func.__qualname__))

    return decorate


def level_lines(xs, ys, Z, levels, **line):
    """The curves Z = level (for each level) as one line trace, pieces separated by NaN. Traced on the
    server by contourpy (matplotlib's contouring library): a few hundred vertices go to the browser
    instead of the whole grid again, and the browser does not re-trace a go.Contour on every redraw."""
    gen = contourpy.contour_generator(np.asarray(xs, float), np.asarray(ys, float), np.asarray(Z, float),
                                      line_type=contourpy.LineType.Separate)
    pieces = [seg for level in np.atleast_1d(levels) for seg in gen.lines(float(level)) if len(seg) > 1]
    nan = np.full((1, 2), np.nan)
    P = np.vstack([part for seg in pieces for part in (seg, nan)][:-1]) if pieces else np.empty((0, 2))
    return go.Scatter(x=P[:, 0].astype(np.float32), y=P[:, 1].astype(np.float32), mode="lines", line=line,
                      hoverinfo="skip", showlegend=False, connectgaps=False)


def base_layout(fig, title=None, height=420, **kw):
    kw.setdefault("showlegend", False)
    present = presenting()
    if present:
        fig.update_traces(selector=dict(mode="markers"), marker_size=PRESENT_MARKER_SIZE)
    fig.update_layout(title=title, height=height, template=TEMPLATE,
                      font_size=PRESENT_FONT_SIZE if present else FONT_SIZE,
                      margin=dict(l=10, r=10, t=50 if title else 10, b=10), **kw)
    return fig


def _colorscale(Z):
    """Diverging around 0 when the values change sign, sequential otherwise."""
    if float(np.min(Z)) < 0 < float(np.max(Z)):
        m = float(np.max(np.abs(Z)))
        return dict(colorscale=DIVERGING, zmin=-m, zmax=m)
    return dict(colorscale=SEQUENTIAL)


MAX_HEATMAP = 128   # cells per axis sent to the browser (keeps a chart under ~150 KB per rerun)


def _block_means(A, size):
    """A (n x n) averaged over a size x size grid of nearly equal blocks (for display only)."""
    edges = np.linspace(0, len(A), size + 1).astype(int)
    rows = np.add.reduceat(A, edges[:-1], axis=0) / np.diff(edges)[:, None]
    return np.add.reduceat(rows, edges[:-1], axis=1) / np.diff(edges)[None, :], edges


@cached_figure
def gram_heatmap(K, y, title="Gram matrix K (ordered by class)", **style):
    """Heatmap of K with rows and columns sorted by class; hover shows the original i, j and K[i, j];
    `style` overrides the heatmap's colours (e.g. a fixed zmin / zmax to compare several matrices).
    Above MAX_HEATMAP points the picture shows block means (and says so): the browser gets at most
    MAX_HEATMAP² cells whatever n is."""
    order = np.argsort(y, kind="stable")
    Ks = K[np.ix_(order, order)]
    n = len(order)
    n_neg = int(np.sum(y < 0))
    if n > MAX_HEATMAP:
        Ks, edges = _block_means(Ks, MAX_HEATMAP)
        boundary = np.searchsorted(edges, n_neg) - 0.5
        trace = go.Heatmap(z=Ks.astype(np.float32), **_colorscale(Ks), colorbar=dict(title="k", thickness=14),
                           hovertemplate="block (%{y}, %{x})<br>mean K = %{z:.4f}<extra></extra>")
        title = f"{title} — {n} points shown as {MAX_HEATMAP}×{MAX_HEATMAP} block means"
    else:
        boundary = n_neg - 0.5
        labels = [str(i) for i in order]  # category axes named by the original indices: hover shows i and j
        trace = go.Heatmap(x=labels, y=labels, z=Ks.astype(np.float32), **_colorscale(Ks),
                           colorbar=dict(title="k", thickness=14),
                           hovertemplate="i = %{y}, j = %{x}<br>K[i, j] = %{z:.4f}<extra></extra>")
    fig = go.Figure(trace.update(**style))
    if 0 < n_neg < n:  # the class boundary inside the ordered matrix
        fig.add_hline(y=boundary, line=dict(color="white", width=2))
        fig.add_vline(x=boundary, line=dict(color="white", width=2))
    # Sorted original indices name the cells (hover tells them); "category", or Plotly would read the numeric
    # strings as numbers and place the columns at those positions.
    labelled = dict(type="category", showticklabels=False) if n <= MAX_HEATMAP else {}
    fig.update_yaxes(autorange="reversed", title="i (class −1 first)", showgrid=False, **labelled)
    fig.update_xaxes(title="j", showgrid=False, scaleanchor="y", constrain="domain", **labelled)
    return base_layout(fig, title)


@cached_figure
def spectrum_bars(ev, title="Eigenvalues of K (descending)"):
    """Bar chart of eigenvalues; negative ones in red so a student cannot miss them."""
    ev = np.asarray(ev, dtype=np.float32)
    colors = np.where(ev < 0, NEGATIVE, POSITIVE)
    fig = go.Figure(go.Bar(x=np.arange(1, len(ev) + 1, dtype=np.int32), y=ev, marker_color=colors,
                           hovertemplate="λ_%{x} = %{y:.4g}<extra></extra>"))
    fig.add_hline(y=0, line=dict(color="black", width=1))
    fig.update_xaxes(title="index")
    fig.update_yaxes(title="eigenvalue λ")
    return base_layout(fig, title, bargap=0.05)


@cached_figure
def surface_heatmap(xs, Z, x0, title, z_label="k(x, x₀)"):
    """k(x, x0) over the plane as a heatmap with a few contour lines and the reference point."""
    xs = xs.astype(np.float32)
    Z = Z.astype(np.float32)
    fig = go.Figure(go.Heatmap(x=xs, y=xs, z=Z, **_colorscale(Z), colorbar=dict(title=z_label, thickness=14),
                               hovertemplate="x = (%{x:.2f}, %{y:.2f})<br>k = %{z:.4f}<extra></extra>"))
    lo, hi = float(np.min(Z)), float(np.max(Z))
    fig.add_trace(level_lines(xs, xs, Z, np.linspace(lo, hi, 10)[1:-1], color="white", width=1))
    fig.add_trace(go.Scatter(x=[x0[0]], y=[x0[1]], mode="markers", name="x₀", showlegend=False,
                             marker=dict(symbol="star", size=16, color="white", line=dict(color="black", width=1.5)),
                             hovertemplate="x₀ = (%{x:.2f}, %{y:.2f})<extra></extra>"))
    rng = [float(xs[0]), float(xs[-1])]
    fig.update_xaxes(range=rng, title="x₁", constrain="domain")
    fig.update_yaxes(range=rng, title="x₂", scaleanchor="x")
    return base_layout(fig, title, height=440)


@cached_figure
def slice_line(xs, values, x0_1, title, y_label="k(x, x₀)"):
    fig = go.Figure(go.Scatter(x=xs.astype(np.float32), y=np.asarray(values, np.float32), mode="lines",
                               line=dict(color=POSITIVE, width=3),
                               hovertemplate="x₁ = %{x:.2f}<br>k = %{y:.4f}<extra></extra>"))
    fig.add_vline(x=x0_1, line=dict(color="black", dash="dot"), annotation_text="x₀", annotation_position="top")
    fig.update_xaxes(title="x₁", range=[float(xs[0]), float(xs[-1])])
    fig.update_yaxes(title=y_label)
    return base_layout(fig, title, height=260)


def add_classes(fig, X, y, size=8):
    """One scatter trace per class, coloured *and* shaped (colour-blind safe); hover shows the index."""
    for label, style in CLASS_STYLE.items():
        m = y == label
        fig.add_trace(go.Scatter(x=X[m, 0].astype(np.float32), y=X[m, 1].astype(np.float32), mode="markers",
                                 name=style["name"], customdata=np.flatnonzero(m).astype(np.int32),
                                 marker=dict(color=style["color"], symbol=style["symbol"], size=size,
                                             line=dict(color="white", width=0.5)),
                                 hovertemplate="point %{customdata}<br>(%{x:.2f}, %{y:.2f})<extra></extra>"))
    return fig


@cached_figure
def scatter_classes(X, y, title=None, height=420, highlight=None, labels=None):
    """The data set, one trace per class, optionally ringing some points (labelled by `labels`)."""
    fig = add_classes(go.Figure(), X, y)
    if highlight is not None:
        H = X[list(highlight)]
        fig.add_trace(go.Scatter(x=H[:, 0], y=H[:, 1], mode="markers+text", name="chosen",
                                 text=list(labels or [""] * len(H)), textposition="top center",
                                 textfont=dict(size=18),
                                 marker=dict(size=20, color="rgba(0,0,0,0)", line=dict(color="black", width=2.5))))
    fig.update_yaxes(scaleanchor="x")
    return base_layout(fig, title, height=height, showlegend=True,
                       legend=dict(orientation="v", x=1.0, xanchor="left", y=1.0))


def decision_map(xs, ys, Z, X, y, title=None, levels=(0.0,), height=460, zlabel="f(x)"):
    """A model's decision function over the plane: filled heatmap (diverging at 0), contour lines at
    `levels` (the boundary f = 0, margins f = ±1, ...) and the data on top. Axis ranges are fixed."""
    Z = np.asarray(Z, dtype=np.float32)
    m = float(np.max(np.abs(Z))) or 1.0
    fig = go.Figure(go.Heatmap(x=np.asarray(xs, np.float32), y=np.asarray(ys, np.float32), z=Z,
                               colorscale=DECISION, zmin=-m, zmax=m, opacity=0.75,
                               colorbar=dict(title=zlabel, thickness=14),
                               hovertemplate="x = (%{x:.2f}, %{y:.2f})<br>f = %{z:.3f}<extra></extra>"))
    for level in levels:
        fig.add_trace(level_lines(xs, ys, Z, level, color="black", width=3 if level == 0 else 1.5,
                                  dash="solid" if level == 0 else "dash"))
    add_classes(fig, X, y)
    fig.update_xaxes(range=[float(xs[0]), float(xs[-1])], title="x₁", constrain="domain")
    fig.update_yaxes(range=[float(ys[0]), float(ys[-1])], title="x₂", scaleanchor="x")
    return base_layout(fig, title, height=height)
