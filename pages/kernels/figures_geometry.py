"""The Kernels topic's figures of the geometry in feature space and of two functions that are not kernels: the data
with xᵢ and xⱼ ringed (geometry), sin(x) cos(x′) over the square (not symmetric) and xᵀMx over the plane (bilinear).
Plain data in, figure out, cached per arguments; sized by figures.main_height."""
import numpy as np
import plotly.graph_objects as go

from pages.kernels.figures import main_height
from ui.figures import builders
from ui.figures.caching import cached_figure
from ui.figures.style import _colorscale, base_layout
from ui.theme import NEGATIVE


@cached_figure
def sin_cos_map(xs, Z, present=False):
    """k(x, x′) = sin(x) cos(x′) over [−π, π]²: not symmetric about the diagonal x = x′ (drawn), with Kriege's
    pair (0, π/2) and (π/2, 0) marked."""
    xs = np.asarray(xs, np.float32)
    fig = go.Figure(go.Heatmap(x=xs, y=xs, z=np.asarray(Z, np.float32), **_colorscale(Z),
                               colorbar=dict(title="k", thickness=14),
                               hovertemplate="x = %{y:.2f}, x′ = %{x:.2f}<br>k = %{z:.3f}<extra></extra>"))
    ends = [float(xs[0]), float(xs[-1])]
    fig.add_trace(go.Scatter(x=ends, y=ends, mode="lines", line=dict(color="black", dash="dash", width=2),
                             hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=[np.pi / 2, 0.0], y=[0.0, np.pi / 2], mode="markers+text",
                             text=["k(0, π/2) = 0", "k(π/2, 0) = 1"], textposition=["bottom center", "top center"],
                             textfont=dict(size=16, color="black"),
                             marker=dict(size=14, color="white", line=dict(color="black", width=2)),
                             hoverinfo="skip"))
    fig.update_xaxes(range=ends, title="x′", constrain="domain")
    fig.update_yaxes(range=ends, title="x", scaleanchor="x", constrain="domain")
    return base_layout(fig, None, height=main_height(present), present=present)


@cached_figure
def quadratic_form_map(xs, Q, psd, present=False):
    """k(x, x) = xᵀMx over the plane, with the line where it is 0; red where it is negative (no inner product
    is negative on the diagonal)."""
    xs = np.asarray(xs, np.float32)
    fig = go.Figure(go.Heatmap(x=xs, y=xs, z=np.asarray(Q, np.float32), **_colorscale(Q),
                               colorbar=dict(title="xᵀMx", thickness=14),
                               hovertemplate="x = (%{x:.2f}, %{y:.2f})<br>xᵀMx = %{z:.3f}<extra></extra>"))
    if not psd and float(np.min(Q)) < 0:
        fig.add_trace(builders.level_lines(xs, xs, Q, 0.0, color=NEGATIVE, width=3))
    rng = [float(xs[0]), float(xs[-1])]
    fig.update_xaxes(range=rng, title="x₁", constrain="domain")
    fig.update_yaxes(range=rng, title="x₂", scaleanchor="x", constrain="domain")
    return base_layout(fig, None, height=main_height(present), present=present)


@cached_figure
def data_map(X, y, highlight, present=False):
    """The data set with xᵢ and xⱼ ringed (the geometry section's clickable plane)."""
    return builders.scatter_classes.uncached(X, y, None, height=main_height(present), highlight=highlight,
                                             labels=("xᵢ", "xⱼ"), present=present)
