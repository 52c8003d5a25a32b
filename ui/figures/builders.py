"""Figure builders shared by several topics: arrays in, figure out. Fixed axis ranges (a rerun remounts the
chart), float32 arrays (never lists)."""
from dataclasses import dataclass

import contourpy
import numpy as np
import plotly.graph_objects as go

from ..theme import CLASS_STYLE, DECISION, NEGATIVE, POSITIVE
from .caching import Built, cached_figure
from .style import _colorscale, base_layout

CLASS_EDGE = dict(color="white", width=0.5)   # the rim of add_classes' markers


def level_points(xs, ys, Z, levels):
    """The curves Z = level (for each level) as one (n, 2) float32 array of vertices, pieces separated by a NaN row.
    Traced on the server by contourpy (matplotlib's contouring library). An empty Z has no curves."""
    if not np.size(Z):
        return np.empty((0, 2), np.float32)
    gen = contourpy.contour_generator(np.asarray(xs, float), np.asarray(ys, float), np.asarray(Z, float),
                                      line_type=contourpy.LineType.Separate)
    pieces = [seg for level in np.atleast_1d(levels) for seg in gen.lines(float(level)) if len(seg) > 1]
    nan = np.full((1, 2), np.nan)
    P = np.vstack([part for seg in pieces for part in (seg, nan)][:-1]) if pieces else np.empty((0, 2))
    return P.astype(np.float32)


def level_lines(xs, ys, Z, levels, **line):
    """The curves Z = level (for each level) as one line trace, pieces separated by NaN (`level_points`): a few
    hundred vertices go to the browser instead of the whole grid again, and the browser does not re-trace a
    go.Contour on every redraw."""
    P = level_points(xs, ys, Z, levels)
    return go.Scatter(x=P[:, 0].copy(), y=P[:, 1].copy(), mode="lines", line=line, hoverinfo="skip",
                      showlegend=False, connectgaps=False)



SPECTRUM_BARGAP = 0.05   # the spectrum's gap between bars (a fraction of a bar's slot; the live sweep draws them so too)
MAX_HEATMAP = 128   # cells per axis sent to the browser (keeps a chart under ~150 KB per rerun)


def _block_means(A, size):
    """A (n x n) averaged over a size x size grid of nearly equal blocks (for display only)."""
    edges = np.linspace(0, len(A), size + 1).astype(int)
    rows = np.add.reduceat(A, edges[:-1], axis=0) / np.diff(edges)[:, None]
    return np.add.reduceat(rows, edges[:-1], axis=1) / np.diff(edges)[None, :], edges


@cached_figure
def gram_heatmap(K, y, title="Gram matrix K (ordered by class)", present=False, cells=MAX_HEATMAP, **heatmap):
    """Heatmap of K with rows and columns sorted by class; hover shows the original i, j and K[i, j];
    `heatmap` overrides the heatmap's colours (e.g. a fixed zmin / zmax to compare several matrices).
    Above `cells` points (MAX_HEATMAP unless a chart beside it needs some of the bytes) the picture shows block
    means (and says so): the browser gets at most cells² cells whatever n is."""
    order = np.argsort(y, kind="stable")
    Ks = K[np.ix_(order, order)]
    n = len(order)
    n_neg = int(np.sum(y < 0))
    if n > cells:
        Ks, edges = _block_means(Ks, cells)
        boundary = np.searchsorted(edges, n_neg) - 0.5
        trace = go.Heatmap(z=Ks.astype(np.float32), **_colorscale(Ks), colorbar=dict(title="k", thickness=14),
                           hovertemplate="block (%{y}, %{x})<br>mean K = %{z:.4f}<extra></extra>")
        title = f"{title} — {n} points shown as {cells}×{cells} block means"
    else:
        boundary = n_neg - 0.5
        labels = [str(i) for i in order]  # category axes named by the original indices: hover shows i and j
        trace = go.Heatmap(x=labels, y=labels, z=Ks.astype(np.float32), **_colorscale(Ks),
                           colorbar=dict(title="k", thickness=14),
                           hovertemplate="i = %{y}, j = %{x}<br>K[i, j] = %{z:.4f}<extra></extra>")
    fig = go.Figure(trace.update(**heatmap))
    if 0 < n_neg < n:  # the class boundary inside the ordered matrix
        fig.add_hline(y=boundary, line=dict(color="white", width=2))
        fig.add_vline(x=boundary, line=dict(color="white", width=2))
    # Sorted original indices name the cells (hover tells them); "category", or Plotly would read the numeric
    # strings as numbers and place the columns at those positions.
    labelled = dict(type="category", showticklabels=False) if n <= cells else {}
    fig.update_yaxes(autorange="reversed", title="i (class −1 first)", showgrid=False, **labelled)
    fig.update_xaxes(title="j", showgrid=False, scaleanchor="y", constrain="domain", **labelled)
    return base_layout(fig, title, present=present)


@cached_figure
def spectrum_bars(ev, title="Eigenvalues of K (descending)", present=False):
    """Bar chart of eigenvalues; negative ones in red so a student cannot miss them."""
    ev = np.asarray(ev, dtype=np.float32)
    negative = (ev < 0).astype(np.int8)   # one byte a bar, coloured by a two-colour scale (not 120 colour names)
    fig = go.Figure(go.Bar(x=np.arange(1, len(ev) + 1, dtype=np.int32), y=ev,
                           marker=dict(color=negative, colorscale=[[0, POSITIVE], [1, NEGATIVE]], cmin=0, cmax=1),
                           hovertemplate="λ_%{x} = %{y:.4g}<extra></extra>"))
    fig.add_hline(y=0, line=dict(color="black", width=1))
    fig.update_xaxes(title="index")
    fig.update_yaxes(title="eigenvalue λ")
    return base_layout(fig, title, present=present, bargap=SPECTRUM_BARGAP)


@cached_figure
def surface_heatmap(xs, Z, x0, title, z_label="k(x, x₀)", height=440, present=False):
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
    return base_layout(fig, title, height=height, present=present)


@cached_figure
def slice_line(xs, values, x0_1, title, y_label="k(x, x₀)", height=260, present=False):
    fig = go.Figure(go.Scatter(x=xs.astype(np.float32), y=np.asarray(values, np.float32), mode="lines",
                               line=dict(color=POSITIVE, width=3),
                               hovertemplate="x₁ = %{x:.2f}<br>k = %{y:.4f}<extra></extra>"))
    fig.add_vline(x=x0_1, line=dict(color="black", dash="dot"), annotation_text="x₀", annotation_position="top")
    fig.update_xaxes(title="x₁", range=[float(xs[0]), float(xs[-1])])
    fig.update_yaxes(title=y_label)
    return base_layout(fig, title, height=height, present=present)


def log_x_vline(fig, x, text, position="bottom right"):
    """A dotted vertical line at x on a log x axis, with its label beside it ("bottom right" or "top left" of the
    line). Plotly places an annotation on a log axis at log10 of its x but a line at x itself, so add_vline's own
    annotation_text would stand at 10^x (off the line, or off the chart)."""
    fig.add_vline(x=x, line=dict(color="black", dash="dot"))
    bottom, right = position.split()[0] == "bottom", position.split()[-1] == "right"
    fig.add_annotation(x=float(np.log10(x)), xref="x", y=0 if bottom else 1, yref="paper", text=text,
                       showarrow=False, xanchor="left" if right else "right", yanchor="bottom" if bottom else "top")


def add_classes(fig, X, y, size=8):
    """One scatter trace per class (CLASS_STYLE's order, added one after the other), coloured *and* shaped
    (colour-blind safe), rimmed in CLASS_EDGE; hover shows the index."""
    for label, style in CLASS_STYLE.items():
        m = y == label
        fig.add_trace(go.Scatter(x=X[m, 0].astype(np.float32), y=X[m, 1].astype(np.float32), mode="markers",
                                 name=style["name"], customdata=np.flatnonzero(m).astype(np.int32),
                                 marker=dict(color=style["color"], symbol=style["symbol"], size=size,
                                             line=CLASS_EDGE),
                                 hovertemplate="point %{customdata}<br>(%{x:.2f}, %{y:.2f})<extra></extra>"))
    return fig


@cached_figure
def scatter_classes(X, y, title=None, height=420, highlight=None, labels=None, present=False):
    """The data set, one trace per class, optionally ringing some points (labelled by `labels`)."""
    fig = add_classes(go.Figure(), X, y)
    if highlight is not None:
        H = X[list(highlight)]
        fig.add_trace(go.Scatter(x=H[:, 0], y=H[:, 1], mode="markers+text", name="chosen",
                                 text=list(labels or [""] * len(H)), textposition="top center",
                                 textfont=dict(size=18),
                                 marker=dict(size=20, color="rgba(0,0,0,0)", line=dict(color="black", width=2.5))))
    fig.update_yaxes(scaleanchor="x")
    return base_layout(fig, title, height=height, present=present, showlegend=True,
                       legend=dict(orientation="v", x=1.0, xanchor="left", y=1.0))


def level_style(level):
    """A level line's look on a decision map: the boundary (level 0) solid and thick, the others dashed."""
    return dict(color="black", width=3 if level == 0 else 1.5, dash="solid" if level == 0 else "dash")


@dataclass(frozen=True)
class DecisionParts:
    """Where decision_map put what a live sweep of the map redraws (trace indices, recorded as it added them): the
    heatmap, the level lines in `levels`' order; and the heatmap's colour scale."""
    heat: int
    lines: tuple
    colorscale: str


def decision_map(xs, ys, Z, X, y, title=None, levels=(0.0,), height=460, zlabel="f(x)", present=False):
    """A model's decision function over the plane: filled heatmap (diverging at 0), contour lines at
    `levels` (the boundary f = 0, margins f = ±1, ...) and the data on top. Axis ranges are fixed.
    Returns Built(figure, DecisionParts). Z None: the map's frame, its heatmap and lines empty (range ±1) but in
    place, for a caller that writes a surface into them (pages/svm's margins map)."""
    Z = np.zeros((0, 0), np.float32) if Z is None else np.asarray(Z, dtype=np.float32)
    m = float(np.max(np.abs(Z), initial=0.0)) or 1.0
    fig = go.Figure()
    heat = len(fig.data)
    fig.add_trace(go.Heatmap(x=np.asarray(xs, np.float32), y=np.asarray(ys, np.float32), z=Z,
                             colorscale=DECISION, zmin=-m, zmax=m, opacity=0.75,
                             colorbar=dict(title=zlabel, thickness=14),
                             hovertemplate="x = (%{x:.2f}, %{y:.2f})<br>f = %{z:.3f}<extra></extra>"))
    lines = []
    for level in levels:
        lines.append(len(fig.data))
        fig.add_trace(level_lines(xs, ys, Z, level, **level_style(level)))
    add_classes(fig, X, y)
    fig.update_xaxes(range=[float(xs[0]), float(xs[-1])], title="x₁", constrain="domain")
    fig.update_yaxes(range=[float(ys[0]), float(ys[-1])], title="x₂", scaleanchor="x")
    return Built(base_layout(fig, title, height=height, present=present), DecisionParts(heat, tuple(lines), DECISION))
