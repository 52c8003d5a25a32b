"""The Beyond-vectors topic's figure builders: plain data in, figure out, presentation mode passed in (`present`),
cached per arguments. A main chart has no title (the section's header names it) and the height of MAIN, so its
plotting area stays ≥ 440 px tall on a 1280x720 projector."""
import numpy as np
import plotly.graph_objects as go

from ui.figures import CHART_CONFIG, base_layout, cached_figure, gram_heatmap
from ui.theme import CLASS_STYLE, DIVERGING, NEGATIVE, SEQUENTIAL

MAIN = {True: 560, False: 470}      # px of a section's main chart: presentation mode / normal
SIDE = {True: 420, False: 380}      # px of a chart under the main one
KERNEL_CELLS = 96                   # K's heatmap: above 96 nodes block means (with the graph: ≤ 100 KiB a move)
CONFIG = {**CHART_CONFIG, "scrollZoom": False}


def _range(v, pad=0.12):
    lo, hi = float(np.min(v)), float(np.max(v))
    d = (hi - lo) or 1.0
    return [lo - pad * d, hi + pad * d]


@cached_figure
def graph_figure(pos, A, values, node, predicted=None, labelled=None, present=False):
    """The graph's nodes at `pos`, edges in grey, coloured by `values`: the heat K[:, node] (predicted None), or
    the kernel ridge output f with each node's predicted class as its marker (circle +1, x −1) and the labelled
    nodes boxed. The source node is ringed and numbered. No drag (a click picks a node)."""
    pos = np.asarray(pos, np.float32)
    i, j = np.nonzero(np.triu(A, 1))
    seg = np.full((3 * len(i), 2), np.nan, np.float32)
    seg[0::3], seg[1::3] = pos[i], pos[j]
    fig = go.Figure(go.Scatter(x=seg[:, 0], y=seg[:, 1], mode="lines", line=dict(color="#BBBBBB", width=1),
                               hoverinfo="skip", name="edges"))
    values = np.asarray(values, np.float32)
    size = 15 if present else 11
    if predicted is None:
        colour = dict(colorscale=SEQUENTIAL, cmin=0.0, cmax=max(float(values.max()), 1e-12),
                      colorbar=dict(title="K[i, j]", thickness=14))
        symbol, hover = "circle", "node %{customdata}<br>K[i, j] = %{marker.color:.4f}<extra></extra>"
    else:
        m = max(float(np.abs(values).max()), 1e-12)
        colour = dict(colorscale=DIVERGING, cmin=-m, cmax=m, colorbar=dict(title="f(i)", thickness=14))
        symbol = np.where(np.asarray(predicted) > 0, CLASS_STYLE[1]["symbol"], CLASS_STYLE[-1]["symbol"])
        hover = "node %{customdata}<br>f(i) = %{marker.color:.4f}<extra></extra>"
    fig.add_trace(go.Scatter(x=pos[:, 0], y=pos[:, 1], mode="markers", name="nodes",
                             customdata=np.arange(len(pos), dtype=np.int32), hovertemplate=hover,
                             marker=dict(color=values, symbol=symbol, size=size, showscale=True,
                                         line=dict(color="#444444", width=0.7), **colour)))
    if labelled is not None and len(labelled):
        lab = pos[np.asarray(labelled)]
        fig.add_trace(go.Scatter(x=lab[:, 0], y=lab[:, 1], mode="markers+text", name="labelled",
                                 text=["labelled"] + [""] * (len(lab) - 1), textposition="bottom center",
                                 marker=dict(symbol="square-open", size=size + 12, color="black", line=dict(width=2)),
                                 hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=pos[[node], 0], y=pos[[node], 1], mode="markers+text", name="source",
                             text=[f"<b>j = {node}</b>"], textposition="top center",
                             textfont=dict(size=18 if present else 15, color="black"),
                             marker=dict(symbol="circle-open", size=size + 14, color="black", line=dict(width=3)),
                             hoverinfo="skip"))
    hidden = dict(showticklabels=False, showgrid=False, zeroline=False, title=None)
    fig.update_xaxes(range=_range(pos[:, 0]), **hidden)
    fig.update_yaxes(range=_range(pos[:, 1]), **hidden)
    return base_layout(fig, None, height=MAIN[bool(present)], present=present, dragmode=False)


@cached_figure
def kernel_map(K, y, beta, present=False):
    """The diffusion kernel K = exp(−βL) as a heatmap, the nodes ordered by class (the data's classes, a path's
    halves, the two clusters): blocks where heat stays inside a class."""
    fig = gram_heatmap.uncached(K, y, title=f"K = exp(−βL) at β = {beta:g}", present=present,
                                cells=KERNEL_CELLS)
    return fig.update_layout(height=SIDE[bool(present)])


# ---------------------------------------------------------------- a kernel measure of independence
NULL_HEIGHT = {True: 240, False: 270}    # px of the permutation histogram beside the scatter
NULL_BINS = 30


@cached_figure
def pairs_scatter(x, y, axis, present=False):
    """The sample (xᵢ, yᵢ), standardised, on the fixed square [−axis, axis]²."""
    fig = go.Figure(go.Scatter(x=np.asarray(x, np.float32), y=np.asarray(y, np.float32), mode="markers",
                               marker=dict(color=CLASS_STYLE[1]["color"], opacity=0.75, line=dict(width=0)),
                               hovertemplate="x = %{x:.2f}<br>y = %{y:.2f}<extra></extra>"))
    rng = [-axis, axis]
    fig.update_xaxes(range=rng, title="x (standardised)", constrain="domain", zeroline=True)
    fig.update_yaxes(range=rng, title="y (standardised)", scaleanchor="x", constrain="domain", zeroline=True)
    return base_layout(fig, None, height=MAIN[bool(present)], present=present, dragmode=False)


@cached_figure
def null_histogram(null, statistic, p, present=False):
    """The permutation null of HSIC as a histogram on a log axis (the observed value is often far to the right of
    every shuffle), the observed HSIC as a red line labelled with its p-value."""
    values = np.asarray(null, float)
    floor = max(float(values.max()), statistic, 1e-300) * 1e-6
    lo, hi = np.log10(max(min(float(values.min()), statistic), floor)), np.log10(max(float(values.max()), statistic, floor))
    lo, hi = lo - 0.15 * max(hi - lo, 0.2), hi + 0.15 * max(hi - lo, 0.2)
    counts, edges = np.histogram(np.log10(np.maximum(values, floor)), bins=NULL_BINS, range=(lo, hi))
    step_x = np.repeat(10 ** edges, 2)[1:-1].astype(np.float32)
    step_y = np.repeat(counts, 2).astype(np.float32)
    fig = go.Figure(go.Scatter(x=step_x, y=step_y, mode="lines", fill="tozeroy", line=dict(color="#888888", width=1),
                               fillcolor="rgba(136,136,136,0.45)", name="shuffled", hoverinfo="skip"))
    top = float(counts.max()) * 1.25 or 1.0
    fig.add_trace(go.Scatter(x=np.asarray([statistic, statistic], np.float32), y=np.asarray([0, top], np.float32),
                             mode="lines", line=dict(color=NEGATIVE, width=3), name="observed", hoverinfo="skip"))
    fig.add_annotation(x=np.log10(max(statistic, floor)), y=top, text=f"observed, p = {p:.3g}", showarrow=False,
                       yanchor="top", xanchor="right" if np.log10(max(statistic, floor)) > (lo + hi) / 2 else "left",
                       font=dict(color=NEGATIVE))
    ticks = dict(dtick=1, exponentformat="power") if hi - lo > 2 else dict(dtick="D2", exponentformat="e")
    fig.update_xaxes(type="log", range=[lo, hi], title="HSIC (log scale)", **ticks)
    fig.update_yaxes(range=[0, top], title="shuffles")
    return base_layout(fig, None, height=NULL_HEIGHT[bool(present)], present=present, dragmode=False)


# ---------------------------------------------------------------- the k-spectrum kernel on strings
@cached_figure
def string_gram(K, names, annotate, present=False, x_title="t (line number)", z_title="k(s, t)"):
    """The strings' Gram matrix as a heatmap, each row and column named by its string (class sign, the string, and
    ✓ / ✗ for the leave-one-out label when there is one, in `names`); the values written in the cells when
    `annotate`. The kernel between samples draws its Gram matrix with it too (x_title, z_title: its axis names)."""
    n = len(names)
    fig = go.Figure(go.Heatmap(z=np.asarray(K, np.float32), x=list(range(n)), y=list(range(n)), colorscale="Blues",
                               colorbar=dict(title=z_title, thickness=14),
                               text=[[f"{v:.3g}" for v in row] for row in K] if annotate else None,
                               texttemplate="%{text}" if annotate else None,
                               customdata=[[f"{names[i]} · {names[j]}" for j in range(n)] for i in range(n)],
                               hovertemplate="%{customdata}<br>k = %{z:.4g}<extra></extra>"))
    # rows named by their strings; columns by their line numbers s₁ … sₙ (the strings again would not fit above)
    fig.update_xaxes(tickvals=list(range(n)), ticktext=[f"s{i + 1}" for i in range(n)], title=x_title)
    fig.update_yaxes(tickvals=list(range(n)), ticktext=list(names), tickfont=dict(family="monospace"),
                     autorange="reversed")
    # a phone (ui/phone.js): the names would take a third of the width, so the rows are s₁ … sₙ as the columns, and
    # a key under the matrix names them (the full name stays in the hover)
    phone = dict(axes=dict(yaxis=dict(ticktext=[f"s{i + 1}" for i in range(n)])),
                 key=[f"s{i + 1} {_short(name)}" for i, name in enumerate(names)])
    return base_layout(fig, None, height=MAIN[bool(present)], present=present, meta=dict(phone=phone))


def _short(name, most=30):
    """A name in at most `most` characters for a phone's key: its middle left out (…), its end (✓ / ✗) kept."""
    return name if len(name) <= most else name[:most - 3] + "…" + name[-2:]


CLOUDS = {True: 300, False: 280}   # px of the small multiples of the samples under the Gram matrix


@cached_figure
def clouds(samples, labels, present=False):
    """Each sample as a small scatter, blobs (class +1) in the top row and rings (−1) under them, on one scale."""
    from plotly.subplots import make_subplots

    cols = len(samples) // 2
    fig = make_subplots(rows=2, cols=cols, horizontal_spacing=0.02, vertical_spacing=0.06)
    for i, (S, c) in enumerate(zip(samples, labels)):
        style = CLASS_STYLE[int(c)]
        fig.add_trace(go.Scatter(x=S[:, 0].astype(np.float32), y=S[:, 1].astype(np.float32), mode="markers",
                                 marker=dict(color=style["color"], symbol=style["symbol"], size=4), showlegend=False,
                                 hovertemplate=f"sample {i + 1}<br>(%{{x:.2f}}, %{{y:.2f}})<extra></extra>"),
                      row=i // cols + 1, col=i % cols + 1)
    fig.update_xaxes(range=[-3.2, 3.2], showticklabels=False)
    fig.update_yaxes(range=[-3.2, 3.2], showticklabels=False)
    return base_layout(fig, None, height=CLOUDS[bool(present)], present=present)


@cached_figure
def small_graphs(names, graphs, labels, present=False):
    """Each graph drawn on a circle (node i at angle 2πi/n), with a cycle (class +1) in the top row and the trees
    (−1) under them."""
    from plotly.subplots import make_subplots

    cols = len(graphs) // 2
    fig = make_subplots(rows=2, cols=cols, subplot_titles=list(names), horizontal_spacing=0.03, vertical_spacing=0.12)
    for i, (A, c) in enumerate(zip(graphs, labels)):
        n = len(A)
        angle = 2 * np.pi * np.arange(n) / n + np.pi / 2
        px, py = np.cos(angle), np.sin(angle)
        ex, ey = [], []
        for a, b in zip(*np.nonzero(np.triu(A))):
            ex += [px[a], px[b], None]
            ey += [py[a], py[b], None]
        row, col = i // cols + 1, i % cols + 1
        fig.add_trace(go.Scatter(x=ex, y=ey, mode="lines", line=dict(color="#888888", width=2), hoverinfo="skip",
                                 showlegend=False), row=row, col=col)
        style = CLASS_STYLE[int(c)]
        fig.add_trace(go.Scatter(x=px.astype(np.float32), y=py.astype(np.float32), mode="markers", showlegend=False,
                                 marker=dict(color=style["color"], size=9), hovertemplate=f"{names[i]}<extra></extra>"),
                      row=row, col=col)
    fig.update_xaxes(range=[-1.3, 1.3], visible=False)
    fig.update_yaxes(range=[-1.3, 1.3], visible=False)
    fig = base_layout(fig, None, height=CLOUDS[bool(present)], present=present)
    return fig.update_layout(margin=dict(t=36))   # room for the first row's subplot titles (the graphs' names)
