"""The Kernels topic's figure builders: plain data in, figure out, presentation mode passed in (`present`), cached
per arguments. Main charts have no title (the section's header names them) and the height of `main_height`, so
their plotting area stays ≥ 440 px tall on a 1280x720 projector."""
import numpy as np
import plotly.graph_objects as go

from ui.figures import builders
from ui.figures.caching import cached_figure
from ui.figures.style import _colorscale, base_layout
from ui.theme import NEGATIVE

MAIN = {True: 556, False: 480}      # px of a section's main chart: presentation mode / normal
COLUMNS = (5, 3)                    # the picture's column and the one beside it (bar, controls, formula)
SIDE = {True: 300, False: 280}      # px of a chart beside it (the slice, the spectrum)


def main_height(present):
    return MAIN[bool(present)]


@cached_figure
def kernel_surface(xs, Z, x0, present=None):
    """k(x, x₀) over the plane, the reference point x₀ starred."""
    return builders.surface_heatmap.uncached(xs, Z, x0, None, height=main_height(present), present=present)


@cached_figure
def kernel_slice(xs, values, x0_1, title, present=None):
    return builders.slice_line.uncached(xs, values, x0_1, title, height=SIDE[bool(present)], present=present)


@cached_figure
def gram_map(K, y, present=None):
    """The Gram matrix ordered by class (the shared heatmap, at the main chart's height)."""
    fig = builders.gram_heatmap.uncached(K, y, title=None, present=present)
    return fig.update_layout(height=main_height(present))


@cached_figure
def spectrum(ev, title=None, height=None, present=None):
    """Eigenvalues, descending; negative ones red."""
    fig = builders.spectrum_bars.uncached(ev, title, present=present)
    return fig.update_layout(height=height or SIDE[bool(present)])


@cached_figure
def sin_cos_map(xs, Z, present=None):
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
def quadratic_form_map(xs, Q, psd, present=None):
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
def data_map(X, y, highlight, present=None):
    """The data set with xᵢ and xⱼ ringed (the geometry section's clickable plane)."""
    return builders.scatter_classes.uncached(X, y, None, height=main_height(present), highlight=highlight,
                                             labels=("xᵢ", "xⱼ"), present=present)
