"""The SVM topic's decision maps and their parts: plain data in (arrays, a compute.Fit, a surface), a finished figure
out; presentation mode is the explicit `present` argument. Axis ranges are fixed (a rerun remounts the chart). The
maps' legend and key, the margins map and its live sweep, the teaching solver's map; the loss charts are in
figures_loss.py, the cross-validation grid in figures_cv.py."""
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go
from _plotly_utils.utils import to_typed_array_spec

import kernel_core as kc
import ui.sweep_payload
from ui.cache import cache_data
from ui.figures import (
    Built,
    DecisionParts,
    Spec,
    add_classes,
    base_layout,
    cached_figure,
    decision_map,
    level_lines,
    level_points,
    level_style,
)
from ui.theme import ACCENT, CLASS_STYLE, PRESENT_FONT_SIZE, TAG_BACKGROUND

WRONG, INSIDE = "#CC79A7", ACCENT   # markers of misclassified and inside-the-margin points
# The main chart's height (px): its plotting area fills the first screen of a 1280x720 projector in presentation
# mode (no title, no axis titles, no legend there: the formula beside it and the lecturer say what it shows).
MAP_HEIGHT = {False: 600, True: 540}
PAIR_HEIGHT = {False: 420, True: 504}   # two maps side by side (presentation: under a frameless one-row bar)
COMPARE_HEIGHT = {False: 480, True: 462}  # Compare A / B's maps: under the two bars and the legend row
CHART_HEIGHT = {False: 520, True: 560}  # the main chart in a wide left column (teaching map, CV grid, hinge)
SIDE_HEIGHT = {False: 320, True: 330}   # a chart in the right column (the loss curve)
TEACH_HEIGHT = {False: 580, True: 560}  # the teaching map (title and legend under it at normal size)


KEY_SIZE = {False: 15, True: PRESENT_FONT_SIZE}   # px of a pair of maps' key: over them, or beside them presenting


SV_NAME = "support vector (size ∝ α)"
SV_MARKER = dict(symbol="circle-open", color="black", line=dict(width=1.5))
MARKED = {"misclassified": dict(symbol="diamond-open", size=17, color=WRONG, line=dict(width=2.5)),
          "inside the margin": dict(symbol="diamond-open", size=17, color=INSIDE, line=dict(width=2.5))}


def key_html(items, size=PRESENT_FONT_SIZE, stack=False):
    """A chart's legend as one block of HTML in presentation type (or `size` px), for beside the chart when presenting
    (a Plotly legend there would cost the chart a third of its size): each (colour, glyph, name) as the glyph in its
    colour, then the name; in a row that wraps between entries, or `stack`ed one under another (a narrow column:
    a long name wraps)."""
    wrap = "normal" if stack else "nowrap"
    cells = "".join(f'<span style="white-space:{wrap}"><span style="color:{color};font-weight:700">{glyph}</span>'
                    f'\u2009{name}</span>' for color, glyph, name in items)
    flow = "flex-direction:column;gap:0.5rem" if stack else "flex-wrap:wrap;gap:0.1rem 1.1rem"
    return (f'<div class="ks-chart-key" style="font-size:{size}px;line-height:1.35;display:flex;{flow};'
            f'margin-bottom:0.6rem">{cells}</div>')


def map_key(show_test=True, size=PRESENT_FONT_SIZE, stack=False):
    """The margins map's key (key_html): its lines and the marks on its points."""
    items = [("black", "━", "f = 0" if stack else "boundary f = 0"), ("black", "╌", "f = ±1" if stack else "margins f = ±1"),
             (SV_MARKER["color"], "◯", "support vector" if stack else "support vector (size ∝ αᵢ)")]
    # stacked in a narrow column, "misclassified" breaks at a soft hyphen instead of inside a letter
    items += [(marker["color"], "◇", name.replace("mis", "mis\u00ad") if stack else name)
              for name, marker in MARKED.items()]
    if show_test:
        items.append(("#555555", "○ ✕", "held out (hollow)"))
    return key_html(items, size, stack)


TEACH_KEY = key_html([("black", "━", "after t subgradient steps"), (ACCENT, "╌", "libsvm")])   # one row


def sv_sizes(alpha, C):
    """Ring sizes of the support vectors: 9 px, and up to 15 more as αᵢ grows to C."""
    return (9 + 15 * np.asarray(alpha) / C).astype(np.float32)


def marked(y_tr, f_tr):
    """(misclassified, inside the margin) masks of the training points (MARKED's order)."""
    z = y_tr * f_tr
    right = (f_tr > 0) == (y_tr > 0)
    return ~right, right & (z < 1 - kc.svm.MARGIN_ATOL)


def _legend(fig, show=True):
    fig.update_layout(showlegend=show, legend=dict(orientation="h", x=0, y=-0.12, yanchor="top"))
    return fig


def _map(xs, ys, Z, X, y, title, levels, height, present):
    """ui.figures.decision_map (a Built) with its level lines named for the legend; presentation mode drops the axis
    titles (x₁, x₂ go without saying) so the plot keeps its height."""
    fig, parts = decision_map(xs, ys, Z, X, y, title, levels=levels, height=height, present=present)
    for level, t in zip(levels, parts.lines):
        fig.data[t].update(name="boundary f = 0" if level == 0 else "margins f = ±1", showlegend=level >= 0)
    if present:
        fig.update_xaxes(title=None)
        fig.update_yaxes(title=None)
        fig.data[parts.heat].update(colorbar=dict(title=None, thickness=12))
    return Built(fig, parts)


LEVELS = (-1.0, 0.0, 1.0)   # the margins map's level lines, in its traces' order


@dataclass(frozen=True)
class MapParts(DecisionParts):
    """Where the margins map's frame put the traces a fit fills in, which a live sweep redraws too (indices,
    recorded as `_map_frame` added them): decision_map's heatmap and lines f = −1, 0, +1 (LEVELS' order), the
    support vectors' rings and the marked points (MARKED's order)."""
    sv: int
    marked: tuple


@cached_figure
def svm_map(box, Z, fit, X, y, tr, te, C, title=None, show_test=True, height=None, legend=True, tag=None,
            present=False, x_ticks=True):
    """The margins map: filled f(x), boundary f = 0 and margins f = ±1, support vectors ringed and sized by α,
    misclassified and inside-the-margin training points marked, held-out points hollow. X, y: all points; tr, te:
    the split. tag: a name written in the plot's corner (costs no margin, unlike a title); with a tag in presentation
    mode the colour bar goes, so two maps side by side keep their size under the bar. Its parts: MapParts.
    Its frame (`_map_frame`: these points and this layout, drawn once by Plotly and cached, the same for every fit
    on these points) with the fit's data written into the traces its parts name, encoded as Plotly encodes arrays:
    building and validating the whole figure in Plotly would be most of a γ step that misses the cache."""
    frame = _map_frame(box, Z.shape, X, y, tr, te, title, show_test, height, legend, tag, present=present,
                       x_ticks=x_ticks)
    spec, parts = frame.to_dict(), frame.parts    # a fresh copy (a cache hit is unpickled)
    data = spec["data"]
    xs, ys = np.linspace(box[0], box[1], Z.shape[1]), np.linspace(box[2], box[3], Z.shape[0])
    Zf = np.asarray(Z, dtype=np.float32)              # as ui.figures.decision_map draws it
    m = float(np.max(np.abs(Zf))) or 1.0
    data[parts.heat].update(z=_array(Zf), zmin=-m, zmax=m)
    for t, level in zip(parts.lines, LEVELS):
        P = level_points(xs, ys, Zf, level)
        data[t].update(x=_array(P[:, 0]), y=_array(P[:, 1]))
    sv = tr[fit.sv]
    data[parts.sv].update(x=_array(X[sv, 0].astype(np.float32)), y=_array(X[sv, 1].astype(np.float32)),
                          customdata=_array(fit.alpha.astype(np.float32)))
    data[parts.sv]["marker"]["size"] = _array(sv_sizes(fit.alpha, C))
    for t, mask in zip(parts.marked, marked(y[tr], fit.f_tr)):
        P = X[tr][mask]
        data[t].update(x=_array(P[:, 0].astype(np.float32)), y=_array(P[:, 1].astype(np.float32)))
    return Built(Spec(spec), parts)


def _array(a):
    """A numpy array as Plotly writes it into a figure's JSON: a typed array {dtype, bdata[, shape]}, [] when empty."""
    return to_typed_array_spec(np.ascontiguousarray(a)) if a.size else []


@cached_figure
def _map_frame(box, shape, X, y, tr, te, title, show_test, height, legend, tag, present=False, x_ticks=True):
    """svm_map without a fit: these points and this layout, its heatmap, level lines, support vectors and marked
    points empty but in place (svm_map writes a fit's data into them); its parts say where they are."""
    xs, ys = np.linspace(box[0], box[1], shape[1]), np.linspace(box[2], box[3], shape[0])
    fig, base = _map(xs, ys, None, X[tr], y[tr], title, LEVELS, height or MAP_HEIGHT[present], present)
    empty = np.zeros(0, np.float32)
    sv = len(fig.data)
    fig.add_trace(go.Scatter(x=empty, y=empty, mode="markers", name=SV_NAME, customdata=empty,
                             marker=dict(**SV_MARKER, size=empty),
                             hovertemplate="support vector<br>α = %{customdata:.3g}<extra></extra>"))
    marked_traces = []
    for name, marker in MARKED.items():
        marked_traces.append(len(fig.data))
        fig.add_trace(go.Scatter(x=empty, y=empty, mode="markers", name=name, hoverinfo="skip", marker=marker))
    if show_test and len(te):
        for label, style in CLASS_STYLE.items():
            P = X[te][y[te] == label]
            fig.add_trace(go.Scatter(x=P[:, 0].astype(np.float32), y=P[:, 1].astype(np.float32), mode="markers",
                                     name=f"held out, {style['name']}", hovertemplate="held out<extra></extra>",
                                     marker=dict(symbol=f"{style['symbol']}-open", size=9, color=style["color"],
                                                 line=dict(width=1.5))))
    if tag:
        # inside the plotting area ("x domain": the axis' own, narrowed by the equal scales), clear of the tick labels
        fig.add_annotation(text=f"<b>{tag}</b>", xref="x domain", yref="y domain", x=0.02, y=0.98, xanchor="left",
                           yanchor="top", showarrow=False, bgcolor=TAG_BACKGROUND)
        if present:   # no colour bar: two maps keep a plotting area of 440 px under the bar
            fig.data[base.heat].showscale = False
    if not x_ticks:   # Compare A / B presenting: under two settings rows and the legend row, 440 px need their room
        fig.update_xaxes(showticklabels=False)
    if legend and not present:  # the section's main map, in a wide column (ui.figures.reserve_margins)
        fig.update_layout(meta=dict(chart_width=560))
    return Built(_legend(fig, legend and not present),
                 MapParts(**vars(base), sv=sv, marked=tuple(marked_traces)))


@cached_figure
def teaching_map(box, Z_teach, Z_exact, X, y, title=None, present=False):
    """The teaching solver's f(x) with its boundary, and libsvm's boundary f = 0 as a green dashed line."""
    xs, ys = np.linspace(box[0], box[1], Z_teach.shape[1]), np.linspace(box[2], box[3], Z_teach.shape[0])
    fig, parts = _map(xs, ys, Z_teach, X, y, None if present else title, (0.0,), TEACH_HEIGHT[present], present)
    fig.data[parts.lines[0]].name = "boundary, subgradient"
    fig.add_trace(level_lines(xs, ys, Z_exact, 0.0, color=ACCENT, width=3, dash="dash").update(
        name="libsvm boundary", showlegend=True))
    return _legend(fig, not present)


@cached_figure
def scatter_all(X, y, present=False):
    """Only the data (when the model cannot be fitted), so the student still sees the points."""
    fig = add_classes(go.Figure(), X, y)
    fig.update_yaxes(scaleanchor="x")
    return base_layout(fig, "The data", height=420, present=present)


@cache_data(max_entries=8)
def sweep_payload(box, sw, X, y, tr, parts, chart, slider, label, drag):
    """The frames of compute.Sweep `sw` as ui.sweep's payload, each the margins map (svm_map, whose MapParts are
    `parts`) at that value: f as its heatmap (range ±max|f|), the lines f = −1, 0, +1, the rings of the support
    vectors, the marked points."""
    Zs = sw.Z.astype(np.float32)
    xs, ys = np.linspace(box[0], box[1], Zs.shape[2]), np.linspace(box[2], box[3], Zs.shape[1])
    ms = [float(np.max(np.abs(Z))) or 1.0 for Z in Zs]
    field = ui.sweep_payload.field(parts.heat, Zs, [(-m, m) for m in ms], parts.colorscale)
    Xtr = X[tr]
    layers = [ui.sweep_payload.layer(t, "lines", level_style(level), [level_points(xs, ys, Z, level) for Z in Zs])
              for t, level in zip(parts.lines, LEVELS)]
    layers.append(ui.sweep_payload.layer(parts.sv, "markers", dict(symbol=SV_MARKER["symbol"], color=SV_MARKER["color"],
                                                           width=SV_MARKER["line"]["width"]),
                                 [np.column_stack([Xtr[sv], sv_sizes(a, C)])
                                  for sv, a, C in zip(sw.sv, sw.alpha, sw.Cs)]))
    masks = [marked(y[tr], f) for f in sw.f_tr]
    for j, (t, marker) in enumerate(zip(parts.marked, MARKED.values())):
        layers.append(ui.sweep_payload.layer(t, "markers", dict(symbol=marker["symbol"], color=marker["color"],
                                                        width=marker["line"]["width"]),
                                     [np.column_stack([Xtr[m[j]], np.full(int(m[j].sum()), marker["size"])])
                                      for m in masks]))
    return ui.sweep_payload.payload(chart, slider, label, sw.values, field, layers, drag=drag)


def legend_items(held_out=True, short=False):
    """The margins map's key as ui.legend swatches, for the one legend row over Compare A / B's two maps. short: the
    projector's names, so the row fits one line in its larger type."""
    from ui import legend as lg

    items = [(lg.line("black", width=3), "boundary" if short else "boundary f = 0"),
             (lg.line("black", dash=True, width=1.5), "margins ±1" if short else "margins f = ±1")]
    items += [(lg.cross(s["color"]) if s["symbol"] == "x" else lg.dot(s["color"]), s["name"])
              for s in (CLASS_STYLE[1], CLASS_STYLE[-1])]
    items += [(lg.dot("black", filled=False, r=6), "support vector" if short else SV_NAME),
              (lg.diamond(WRONG), "misclassified"), (lg.diamond(INSIDE), "in margin" if short else "inside the margin")]
    if held_out:
        items.append((lg.dot(CLASS_STYLE[1]["color"], filled=False, r=4), "held out"))
    return items
