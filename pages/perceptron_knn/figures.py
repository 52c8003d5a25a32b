"""The Perceptron vs k-NN topic's figure builders: plain data in, figure out (presentation mode passed in)."""
import numpy as np
import plotly.graph_objects as go

import ui.sweep_payload
from ui.cache import cache_data
from ui.figures import Built, base_layout, cached_figure, decision_map, level_points, level_style
from ui.theme import ACCENT, CLASS_STYLE, NEGATIVE, POSITIVE, PRESENT_MARKER_SIZE

from .compute import BOUNDS, K_VALUES, axes

MAP_HEIGHT = {False: 500, True: 516}   # px; the plot area of a map stays >= 440 px tall on a projector


def _f32(a):
    return np.asarray(a, np.float32)


def _held_out(fig, X, y, present, **where):
    """Held-out points: hollow markers in the class colours."""
    for label, style in CLASS_STYLE.items():
        m = y == label
        fig.add_trace(go.Scatter(x=_f32(X[m, 0]), y=_f32(X[m, 1]), mode="markers", name=f"held out: {style['name']}",
                                 marker=dict(color=style["color"], size=PRESENT_MARKER_SIZE if present else 9,
                                             symbol=style["symbol"] + "-open", line=dict(width=2)),
                                 hovertemplate="held-out point<br>(%{x:.2f}, %{y:.2f})<extra></extra>"), **where)


def _plane(fig, b):
    """No axis titles (x₁, x₂ go without saying on the plane; the room goes to the plot), y ticks on whole numbers
    clear of the plot's top and bottom (a label at the top edge would stick out over the chart's small top margin).
    The sign of f keeps decision_map's colours, those of the classes (f > 0 blue, as class +1)."""
    fig.update_traces(showlegend=False, selector=dict(type="contour"))
    fig.update_xaxes(title=None)
    ticks = [t for t in range(int(np.ceil(b[2])), int(np.floor(b[3])) + 1) if b[2] + 0.3 < t < b[3] - 0.3]
    fig.update_yaxes(title=None, constrain="domain", tickvals=ticks)


def _rings(fig, X, alpha, alpha_max, **where):
    """Rings of area ∝ alpha_i around the points with alpha_i > 0."""
    used = np.flatnonzero(alpha > 0)
    if not len(used):
        return
    size = 10 + 26 * np.sqrt(alpha[used] / max(alpha_max, 1.0))  # diameter ∝ sqrt(alpha): area ∝ alpha
    fig.add_trace(go.Scatter(x=_f32(X[used, 0]), y=_f32(X[used, 1]), mode="markers", name="α > 0 (ring area ∝ α)",
                             customdata=_f32(np.c_[used, alpha[used]]),
                             marker=dict(size=_f32(size), color="rgba(0,0,0,0)", line=dict(color="black", width=1.2)),
                             hovertemplate="point %{customdata[0]:.0f}: α = %{customdata[1]:.0f}<extra></extra>"), **where)


@cached_figure
def perceptron_map(b, Z, Xtr, ytr, Xte, yte, alpha, alpha_max, visit, present=False):
    """The perceptron's f over the plane; rings of area ∝ alpha_i around the points it uses; the last visited point
    marked (a thick red ring when it was a mistake). Training points filled, held-out hollow."""
    xs, ys = axes(b)
    fig = decision_map(xs, ys, Z, Xtr, ytr, levels=(0.0,), zlabel="f(x)", present=present).figure
    _held_out(fig, Xte, yte, present)
    _plane(fig, b)
    fig = base_layout(fig, None, height=MAP_HEIGHT[present], present=present)
    _rings(fig, Xtr, alpha, alpha_max)   # after base_layout: presentation's marker size is for the points only
    if visit is not None:
        i, wrong = visit
        fig.add_trace(go.Scatter(x=_f32([Xtr[i, 0]]), y=_f32([Xtr[i, 1]]), mode="markers",
                                 name="mistake: α updated" if wrong else "visited: correct",
                                 marker=dict(size=30, color="rgba(0,0,0,0)", symbol="circle",
                                             line=dict(color=NEGATIVE if wrong else ACCENT, width=4)),
                                 hovertemplate=f"visited point {i}<extra></extra>"))
    return fig


@cached_figure
def classifier_map(b, Z, Xtr, ytr, Xte, yte, zlabel, present=False):
    """A classifier's f over the plane with the training (filled) and held-out (hollow) points. Its parts
    (ui.figures.DecisionParts): the heatmap and the line f = 0, what a sweep of k redraws."""
    xs, ys = axes(b)
    fig, parts = decision_map(xs, ys, Z, Xtr, ytr, levels=(0.0,), zlabel=zlabel, present=present)
    _held_out(fig, Xte, yte, present)
    _plane(fig, b)
    return Built(base_layout(fig, None, height=MAP_HEIGHT[present], present=present), parts)


@cached_figure
def mistakes_bars(per_epoch, current, done_in_current, present=False):
    """Mistakes per epoch: the whole recorded run faint; over it the replayed part, finished epochs solid and the
    running epoch's count so far."""
    E = len(per_epoch)
    shown = np.zeros(E, dtype=np.float32)
    shown[:current] = per_epoch[:current]
    if current < E:
        shown[current] = done_in_current
    colors = [POSITIVE if e < current else ACCENT for e in range(E)]
    epochs = np.arange(1, E + 1, dtype=np.int32)
    fig = go.Figure([go.Bar(x=epochs, y=_f32(per_epoch), marker_color="rgba(0,0,0,0.12)",   # the whole recorded run
                            hovertemplate="epoch %{x}: %{y:.0f} mistakes in all<extra></extra>"),
                     go.Bar(x=epochs, y=shown, marker_color=colors,                           # replayed so far
                            hovertemplate="epoch %{x}: %{y:.0f} mistakes so far<extra></extra>")])
    fig.update_layout(barmode="overlay")
    fig.update_xaxes(title="epoch", range=[0.5, E + 0.5], dtick=1 if E <= 20 else 5)
    fig.update_yaxes(title="mistakes", range=[0, float(max(per_epoch.max(), 1)) * 1.1])
    return base_layout(fig, None, height=200 if present else 190, present=present)


@cached_figure
def rules_map(b, Z, Xtr, ytr, alpha, x, neighbours, present=False):
    """The points each rule uses to predict at a new point x: the perceptron's f over the plane with rings of area
    ∝ alpha_i around the points with alpha_i ≠ 0 (the only ones it uses), and lines from x to its k nearest training
    points (k-NN's vote; finding them takes the distance to every training point)."""
    xs, ys = axes(b)
    fig = decision_map(xs, ys, Z, Xtr, ytr, levels=(0.0,), zlabel="f(x)", present=present).figure
    _plane(fig, b)
    fig = base_layout(fig, None, height=MAP_HEIGHT[present], present=present)
    _rings(fig, Xtr, alpha, float(alpha.max(initial=1.0)))
    N = Xtr[np.asarray(neighbours, int)]
    segs = np.full((3 * len(N), 2), np.nan)
    segs[0::3], segs[1::3] = x, N
    fig.add_trace(go.Scatter(x=_f32(segs[:, 0]), y=_f32(segs[:, 1]), mode="lines", name="k nearest",
                             line=dict(color="black", width=1.5, dash="dot"), hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=_f32([x[0]]), y=_f32([x[1]]), mode="markers", name="new point x",
                             marker=dict(symbol="star", size=24, color="white", line=dict(color="black", width=2)),
                             hovertemplate="new point x = (%{x:.2f}, %{y:.2f})<extra></extra>"))
    return fig


@cached_figure
def overfit_curve(gammas, train, test, chosen, present=False):
    fig = go.Figure()
    for values, name, color, dash in ((train, "training", POSITIVE, "solid"), (test, "held-out", NEGATIVE, "dash")):
        fig.add_trace(go.Scatter(x=_f32(gammas), y=_f32(values), mode="lines+markers", name=name,
                                 line=dict(color=color, width=3, dash=dash),
                                 hovertemplate=f"γ = %{{x:.3g}}<br>{name} accuracy %{{y:.1%}}<extra></extra>"))
    fig.add_vline(x=chosen, line=dict(color="black", dash="dot"))
    fig.update_xaxes(type="log", title="γ (RBF)", range=[float(np.log10(gammas[0])) - 0.1,
                                                       float(np.log10(gammas[-1])) + 0.1])
    fig.update_yaxes(title="accuracy", range=[0.4, 1.02], tickformat=".0%")
    return base_layout(fig, None, height=330 if present else 300, present=present, showlegend=True,
                       legend=dict(orientation="h", x=0.0, y=1.02, yanchor="bottom"))


@cache_data(max_entries=8)
def knn_sweep_payload(sw, parts, chart, slider):
    """The frames of compute.KnnSweep `sw` as ui.sweep's payload, each the k-NN map (classifier_map, whose `parts`
    say where its heatmap and tie line are) at that k: the vote as its heatmap (range ±max|f|, as decision_map) and
    the tie line f = 0. The points do not move with k."""
    xs, ys = axes(BOUNDS)
    ms = [float(np.max(np.abs(Z))) or 1.0 for Z in sw.Z]
    field = ui.sweep_payload.field(parts.heat, sw.Z, [(-m, m) for m in ms], parts.colorscale)
    lines = ui.sweep_payload.layer(parts.lines[0], "lines", level_style(0.0),
                           [level_points(xs, ys, Z, 0.0) for Z in sw.Z])
    return {**knn_sweep_meta(chart, slider), "field": field, "layers": [lines]}


def knn_sweep_meta(chart, slider):
    """The sweep of k without its frames (ui.sweep computes them only when it sends them)."""
    return ui.sweep_payload.payload(chart, slider, "k", K_VALUES, drag=True, fmt="{:.0f}")
