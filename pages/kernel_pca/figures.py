"""The Kernel PCA topic's figure builders: plain data in, figure out, presentation mode passed in (`present`), cached
per arguments. A section's main chart has no title (the section's header and the axes name it) and the height of
MAIN, so its plotting area stays ≥ 440 px tall on a 1280x720 projector; the charts beside it are SIDE tall."""
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

import ui.sweep_payload
from ui import figures
from ui.cache import cache_data
from ui.figures import CLASS_EDGE, Built, cached_figure, marker_size
from ui.theme import ACCENT, CLASS_STYLE, NEGATIVE, POSITIVE, SEQUENTIAL

from .compute import GAMMAS

MAIN = {True: 560, False: 470}      # px of a section's main chart: presentation mode / normal
# px of a chart in the column beside it, under the bar (presenting, it ends on the first screen of 1280x720)
SIDE = {True: 200, False: 300}
INPUT = {True: 310, False: 400}     # px of the clickable input plane beside the main chart (its mode buttons under it)
ROW = {True: 400, False: 360}       # px of the charts in a row under the main one
COLUMNS = (1.2, 1)                  # the main chart's column and the one beside it (the bar, controls, numbers)
INSIDE = dict(orientation="h", x=1.0, xanchor="right", y=1.0, yanchor="top", bgcolor="rgba(255,255,255,0.8)")
CONFIG = {**figures.CHART_CONFIG, "scrollZoom": False}  # PNG download only; the wheel scrolls the page, never zooms
POINT_SIZE = 7                      # px of a 2-D chart's points (presentation mode: base_layout's size)


def _range(*cols, pad=0.08):
    v = np.concatenate([np.ravel(c) for c in cols])
    if not v.size:  # no points (the student deleted them all)
        return [-1.0, 1.0]
    lo, hi = float(np.min(v)), float(np.max(v))
    d = (hi - lo) or 1.0
    return [lo - pad * d, hi + pad * d]


def _layout(fig, title, height, present, **kw):
    """figures.base_layout, keeping 3-D markers small: presentation mode's large markers would bury a 3-D cloud."""
    sizes = [t.marker.size if t.type == "scatter3d" else None for t in fig.data]
    fig = figures.base_layout(fig, title, height=height, present=present, **kw)
    for trace, size in zip(fig.data, sizes):
        if size is not None:
            trace.marker.size = size * (1.5 if present else 1)
    return fig


def _coloured(fig, E, y, t, size=POINT_SIZE, name="data"):
    """2-D points coloured by class (y) or by the position along the manifold (t)."""
    if y is not None:
        return figures.add_classes(fig, E, y, size=size)
    fig.add_trace(go.Scatter(x=E[:, 0].astype(np.float32), y=E[:, 1].astype(np.float32), mode="markers", name=name,
                             marker=dict(color=t.astype(np.float32), colorscale=SEQUENTIAL, size=size,
                                         colorbar=dict(title="t", thickness=12)),
                             customdata=np.arange(len(E), dtype=np.int32),
                             hovertemplate="point %{customdata}<br>(%{x:.3f}, %{y:.3f})<extra></extra>"))
    return fig


def _star(fig, p, label="new x"):
    fig.add_trace(go.Scatter(x=np.float32([p[0]]), y=np.float32([p[1]]), mode="markers+text", name=label,
                             text=[label], textposition="top center", textfont=dict(size=16),
                             marker=dict(symbol="star", size=20, color=ACCENT, line=dict(color="black", width=1.5)),
                             hovertemplate=label + " → (%{x:.3f}, %{y:.3f})<extra></extra>"))
    return fig


@cached_figure
def data_figure(X, y, t, title=None, point=None, height=None, present=False):
    """The input data: 2-D scatter by class, or a rotatable 3-D scatter coloured by t; optionally the new point."""
    height = height or SIDE[bool(present)]
    if X.shape[1] == 3:
        fig = go.Figure(go.Scatter3d(x=X[:, 0].astype(np.float32), y=X[:, 1].astype(np.float32),
                                     z=X[:, 2].astype(np.float32), mode="markers",
                                     marker=dict(size=3, color=t.astype(np.float32), colorscale=SEQUENTIAL),
                                     hovertemplate="(%{x:.2f}, %{y:.2f}, %{z:.2f})<extra></extra>"))
        if point is not None:
            fig.add_trace(go.Scatter3d(x=np.float32([point[0]]), y=np.float32([point[1]]), z=np.float32([point[2]]),
                                       mode="markers", name="new x", marker=dict(size=9, color=ACCENT,
                                                                                  symbol="diamond")))
        scene = {f"{a}axis": dict(range=_range(X[:, i], [] if point is None else [point[i]]), title=f"x{i + 1}")
                 for i, a in enumerate("xyz")}
        fig.update_layout(scene=dict(**scene, aspectmode="cube"), scene_camera=dict(eye=dict(x=1.5, y=-1.5, z=0.9)))
        return _layout(fig, title, height, present)
    fig = _coloured(go.Figure(), X, y, t)
    if point is not None:
        _star(fig, point)
    # on a projector the axis titles go (x₁, x₂ go without saying) and the chart's title stands under the plane, in
    # the x title's place: the short chart beside the main one keeps its plotting area
    fig.update_xaxes(range=_range(X[:, 0], [] if point is None else [point[0]]), title=title if present else "x₁")
    fig.update_yaxes(range=_range(X[:, 1], [] if point is None else [point[1]]), title=None if present else "x₂")
    return figures.base_layout(fig, None if present else title, height=height, present=present)


@dataclass(frozen=True)
class ClassPoints:
    """One class's points in embedding_figure, what a live sweep of γ moves: their trace (recorded as the builder
    added it) and their markers as drawn (ui.figures.add_classes' look, at the size base_layout leaves them)."""
    trace: int
    size: int
    symbol: str
    color: str
    line_color: str
    width: float


@cached_figure
def embedding_figure(E, y, t, title=None, axes=("η⁽¹⁾", "η⁽²⁾"), point=None, height=None, present=False, fixed=None):
    """Projections onto two components (or any 2-D embedding), optionally with a new point's projection. fixed:
    one (low, high) for both axes instead of ranges around the points (a sweep's frames keep the axes). Its parts:
    a ClassPoints per class (CLASS_STYLE's order; none for points coloured by t)."""
    fig = go.Figure()
    first = len(fig.data)   # _coloured adds one trace per class, one after the other (add_classes)
    _coloured(fig, E, y, t)
    classes = () if y is None else tuple(
        ClassPoints(first + i, marker_size(POINT_SIZE, present), style["symbol"], style["color"], CLASS_EDGE["color"],
                    CLASS_EDGE["width"]) for i, style in enumerate(CLASS_STYLE.values()))
    if point is not None:
        _star(fig, point)
    ranges = [list(fixed)] * 2 if fixed else [_range(E[:, i], [] if point is None else [point[i]]) for i in (0, 1)]
    fig.update_xaxes(range=ranges[0], title=axes[0], zeroline=True)
    fig.update_yaxes(range=ranges[1], title=axes[1], zeroline=True)
    # a swept chart: a sideways drag sweeps γ, so it must not also draw Plotly's zoom box (nor zoom on release)
    drag = dict(dragmode=False) if fixed else {}
    return Built(figures.base_layout(fig, title, height=height or MAIN[bool(present)], present=present, **drag), classes)


@cached_figure
def shares_figure(kernel_shares, linear_shares, title, present=False):
    """Variance shares λᵢ / tr K′ of kernel PCA and of linear PCA, component by component (negative λ of an
    indefinite kernel in red)."""
    ks = np.asarray(kernel_shares, np.float32) * 100
    ls = np.asarray(linear_shares, np.float32) * 100
    fig = go.Figure([
        go.Bar(x=np.arange(1, len(ks) + 1, dtype=np.int32), y=ks, name="kernel PCA",
               marker_color=np.where(ks < 0, NEGATIVE, POSITIVE),
               hovertemplate="kernel PCA: λ_%{x} / tr K′ = %{y:.1f}%<extra></extra>"),
        go.Bar(x=np.arange(1, len(ls) + 1, dtype=np.int32), y=ls, name="linear PCA", marker_color="#999999",
               hovertemplate="linear PCA: λ_%{x} / tr K′ = %{y:.1f}%<extra></extra>")])
    fig.add_hline(y=0, line=dict(color="black", width=1))
    fig.update_xaxes(title="component i", range=[0.4, max(len(ks), len(ls)) + 0.6])
    fig.update_yaxes(title="share of tr K′ (%)")
    return figures.base_layout(fig, title, height=ROW[bool(present)], present=present, bargap=0.15,
                               showlegend=True, legend=dict(orientation="h", x=1.0, xanchor="right", y=1.0,
                                                            yanchor="top"))


@cached_figure
def gram_figure(K, y, title=None, height=None, present=False, **heatmap):
    """The shared Gram heatmap (ordered by class); manifold data (no classes) are ordered by t instead."""
    fig = figures.gram_heatmap.uncached(K, y if y is not None else np.ones(len(K)), title, present=present, **heatmap)
    if y is None:
        fig.update_yaxes(title="i (ordered by t along the manifold)")
    return fig.update_layout(height=height or MAIN[bool(present)])


@cached_figure
def denoise_figure(X, noisy, Z, title=None, present=False):
    """Original points (grey), noisy points (hollow) and their pre-images (filled), joined by thin lines."""
    d = X.shape[1]
    seg = np.full((3 * len(X), d), np.nan, dtype=np.float32)
    seg[0::3], seg[1::3] = noisy, Z
    styles = [("original", X, dict(color="#BBBBBB", size=6)),
              ("noisy", noisy, dict(color="rgba(0,0,0,0)", size=7, line=dict(color="#555555", width=1))),
              ("pre-image", Z, dict(color=ACCENT, size=6))]
    fig = go.Figure()
    if d == 3:
        fig.add_trace(go.Scatter3d(x=seg[:, 0], y=seg[:, 1], z=seg[:, 2], mode="lines", name="moved",
                                   line=dict(color="#999999", width=1), hoverinfo="skip"))
        for name, P, marker in styles:
            marker = dict(marker, size=marker["size"] // 2)
            fig.add_trace(go.Scatter3d(x=P[:, 0].astype(np.float32), y=P[:, 1].astype(np.float32),
                                       z=P[:, 2].astype(np.float32), mode="markers", name=name, marker=marker))
        scene = {f"{a}axis": dict(range=_range(noisy[:, i], X[:, i])) for i, a in enumerate("xyz")}
        fig.update_layout(scene=dict(**scene, aspectmode="cube"))
    else:
        fig.add_trace(go.Scatter(x=seg[:, 0], y=seg[:, 1], mode="lines", name="moved",
                                 line=dict(color="#999999", width=1), hoverinfo="skip"))
        for name, P, marker in styles:
            fig.add_trace(go.Scatter(x=P[:, 0].astype(np.float32), y=P[:, 1].astype(np.float32), mode="markers",
                                     name=name, marker=marker,
                                     hovertemplate=name + " (%{x:.2f}, %{y:.2f})<extra></extra>"))
        fig.update_xaxes(range=_range(noisy[:, 0], X[:, 0]), title="x₁")
        fig.update_yaxes(range=_range(noisy[:, 1], X[:, 1]), title="x₂")
    return _layout(fig, title, MAIN[bool(present)] + (12 if present else 0), present, showlegend=True,
                   legend=INSIDE)   # the legend's row costs the plot ~16 px: taller on a projector, still on screen


@cached_figure
def error_curve(errors, baseline, q, title=None, present=False):
    """Mean distance of the pre-images to the originals against q, the chosen q ringed, the noisy points' distance
    dashed."""
    qs = np.arange(1, len(errors) + 1, dtype=np.int32)
    fig = go.Figure(go.Scatter(x=qs, y=np.asarray(errors, np.float32), mode="lines+markers", name="pre-images",
                               line=dict(color=ACCENT, width=3),
                               hovertemplate="q = %{x}<br>mean ‖z − x‖ = %{y:.4f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=np.int32([q]), y=np.float32([errors[q - 1]]), mode="markers", name="chosen q",
                             marker=dict(size=16, color="black", symbol="circle-open", line=dict(width=3))))
    fig.add_hline(y=baseline, line=dict(color="#555555", dash="dash"),
                  annotation_text="noisy points", annotation_position="top right")
    fig.update_xaxes(title="q (components kept)", range=[0.5, len(errors) + 0.5])
    fig.update_yaxes(title="mean ‖z − x‖", range=[0, 1.1 * max(float(np.max(errors)), baseline)])
    return figures.base_layout(fig, title, height=SIDE[bool(present)], present=present)


@cached_figure
def klpp_figure(G, y, t, Phi, G_new, y_new, t_new, present=False):
    """Kernel LPP of the training points (filled, by class or t), the Laplacian eigenmap of the same points as black
    rings (on the dots when K is invertible), and the held-out points embedded by g(x) = Aᵀk(x) as diamonds."""
    fig = _coloured(go.Figure(), G, y, t)
    size = 17 if present else 12
    fig.add_trace(go.Scatter(x=Phi[:, 0].astype(np.float32), y=Phi[:, 1].astype(np.float32), mode="markers",
                             name="Laplacian eigenmap", marker=dict(symbol="circle-open", size=size, color="black",
                                                                    line=dict(width=1.2)),
                             hovertemplate="eigenmap (φ₂, φ₃) = (%{x:.3f}, %{y:.3f})<extra></extra>"))
    if len(G_new):
        colour = (np.where(y_new > 0, "#0072B2", "#D55E00") if y_new is not None
                  else np.asarray(t_new, np.float32))
        fig.add_trace(go.Scatter(x=G_new[:, 0].astype(np.float32), y=G_new[:, 1].astype(np.float32),
                                 mode="markers", name="held out: g(x) = Aᵀk(x)",
                                 marker=dict(symbol="diamond", size=size - 2, color=colour,
                                             colorscale=SEQUENTIAL if y_new is None else None,
                                             line=dict(color="black", width=1.5)),
                                 hovertemplate="held-out point → (%{x:.3f}, %{y:.3f})<extra></extra>"))
    fig.update_xaxes(range=_range(G[:, 0], Phi[:, 0], G_new[:, 0]), title="g₁ (φ₂)", zeroline=True)
    lo, hi = _range(G[:, 1], Phi[:, 1], G_new[:, 1])
    fig.update_yaxes(range=[lo, hi + 0.22 * (hi - lo)], title="g₂ (φ₃)", zeroline=True)   # room for the legend
    fig = figures.base_layout(fig, None, height=MAIN[bool(present)] + (12 if present else 0), present=present,
                              showlegend=True, legend=INSIDE)
    fig.update_traces(selector=dict(name="Laplacian eigenmap"), marker_size=size)
    return fig.update_traces(selector=dict(mode="markers", name="held out: g(x) = Aᵀk(x)"), marker_size=size - 2)


SWEPT = (-1.1, 1.1)   # both axes of the swept projection: η / max |η| lies in [−1, 1]


@cache_data(max_entries=8)
def sweep_payload(sw, y, parts, chart, slider):
    """The frames of compute.Sweep `sw` as ui.sweep's payload: each the projection (embedding_figure with
    fixed=SWEPT, whose ClassPoints are `parts`) at that γ, the points of each class as (x, y, size) markers."""
    layers = [ui.sweep_payload.layer(p.trace, "markers",
                                     dict(symbol=p.symbol, color=p.color, line_color=p.line_color, width=p.width),
                                     [np.column_stack([E[y == label], np.full(int(np.sum(y == label)), p.size)])
                                      for E in sw.E])
              for p, label in zip(parts, CLASS_STYLE)]
    return {**sweep_meta(chart, slider), "layers": layers}


def sweep_meta(chart, slider):
    """The sweep of γ without its frames (ui.sweep computes them only when it sends them). Its sign goes inside the
    plot's bottom right corner: above the plot it would stand over the section's heading, which hides it."""
    return {**ui.sweep_payload.payload(chart, slider, "γ", GAMMAS, drag=True), "sign": "bottom"}
