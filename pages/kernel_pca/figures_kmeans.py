"""Kernel k-means' picture: the points coloured by their cluster at one iteration, over the regions of the plane
nearest (in the feature space) to each cluster's mean; the objective falling over the iterations."""
import numpy as np
import plotly.graph_objects as go

from ui import figures
from ui.figures import cached_figure

from .figures import MAIN, SIDE

CLUSTERS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")   # Okabe-Ito, colour-blind safe
SYMBOLS = ("circle", "x", "diamond", "square", "triangle-up", "star")             # and a shape per cluster


def _tint(hex_colour, share=0.22):
    """The colour mixed with white (a region's background under its points)."""
    rgb = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - share * (255 - c)):02x}" for c in rgb)


@cached_figure
def kmeans_figure(X, labels, xs, ys, Z, k, present=False):
    """The clusters (colour and shape) over their regions (tints): each grid point takes the cluster of the nearest
    feature-space mean."""
    scale = [[i / max(k - 1, 1), _tint(CLUSTERS[i])] for i in range(k)] if k > 1 else [[0, _tint(CLUSTERS[0])],
                                                                                        [1, _tint(CLUSTERS[0])]]
    fig = go.Figure(go.Heatmap(x=np.asarray(xs, np.float32), y=np.asarray(ys, np.float32), z=np.asarray(Z, np.int8),
                               zmin=0, zmax=max(k - 1, 1), colorscale=scale, showscale=False, hoverinfo="skip"))
    for c in range(k):
        m = labels == c
        fig.add_trace(go.Scatter(x=X[m, 0].astype(np.float32), y=X[m, 1].astype(np.float32), mode="markers",
                                 name=f"cluster {c + 1} ({int(m.sum())})",
                                 marker=dict(color=CLUSTERS[c], symbol=SYMBOLS[c], size=9 if present else 7,
                                             line=dict(color="white", width=0.5)),
                                 hovertemplate=f"cluster {c + 1}<br>(%{{x:.2f}}, %{{y:.2f}})<extra></extra>"))
    fig.update_xaxes(range=[float(xs[0]), float(xs[-1])], title="x₁", constrain="domain")
    fig.update_yaxes(range=[float(ys[0]), float(ys[-1])], title="x₂", scaleanchor="x", constrain="domain")
    # presenting, the legend inside the plot's top edge and 12 px more (as kernel PCA's map): a plot ≥ 440 px tall
    return figures.base_layout(fig, None, height=MAIN[bool(present)] + (12 if present else 0), present=present,
                               showlegend=True,
                               legend=figures.LEGEND_INSIDE if present else figures.LEGEND_ABOVE)


@cached_figure
def objective_figure(objective, shown, present=False):
    """Σ‖φ(xᵢ) − μ_c‖² at each iteration (it never rises: Lloyd's steps each lower it), the shown one ringed."""
    t = np.arange(len(objective), dtype=np.int32)
    fig = go.Figure(go.Scatter(x=t, y=np.asarray(objective, np.float32), mode="lines+markers", name="objective",
                               line=dict(color="#0072B2", width=3),
                               hovertemplate="iteration %{x}<br>Σ‖φ(x) − μ‖² = %{y:.4g}<extra></extra>"))
    fig.add_trace(go.Scatter(x=[int(shown)], y=[float(objective[shown])], mode="markers", name="shown",
                             marker=dict(size=16, color="rgba(0,0,0,0)", line=dict(color="black", width=2)),
                             hoverinfo="skip"))
    fig.update_xaxes(title="iteration", dtick=1, range=[-0.5, max(len(objective) - 0.5, 1.5)])
    fig.update_yaxes(title="Σ‖φ(x) − μ‖²")
    return figures.base_layout(fig, None, height=SIDE[bool(present)], present=present, showlegend=False)
