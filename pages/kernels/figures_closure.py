"""The Kernels topic's figures of kernels made from kernels: the Gram matrix of the Gaussian around a kernel
(substitution) and the ANOVA kernel's fit over the plane and its two learned parts. Plain data in, figure out,
cached per arguments; sized by figures.main_height."""
import numpy as np
import plotly.graph_objects as go

from pages.kernels.figures import main_height
from ui.figures import builders
from ui.figures.caching import cached_figure
from ui.figures.style import base_layout


@cached_figure
def subst_gram_map(K, y, present=False):
    """The substituted Gaussian's Gram matrix, on a fixed colour range 0 ... 1 (its values for a valid κ), so a σ
    move shows the matrix sharpening or flattening; a larger range when κ is not PSD and k exceeds 1."""
    fig = builders.gram_heatmap.uncached(K, y, title=None, present=present, colorscale="Viridis", zmin=0.0,
                                         zmax=max(1.0, float(np.max(K))))
    return fig.update_layout(height=main_height(present))


ANOVA_RANGE = (-2.5, 2.5)   # fixed f axis of the ANOVA section (and the map's colour range)


@cached_figure
def anova_map(xs, Z, X, y, labels, present=False):
    """f(x) = f₁(x₁) + f₂(x₂) over the plane with the data: for the class labels the boundary f = 0 and the classes,
    for the regression target the data as dots and a few level lines."""
    xs = np.asarray(xs, np.float32)
    Z = np.asarray(Z, np.float32)
    lo, hi = ANOVA_RANGE
    fig = go.Figure(go.Heatmap(x=xs, y=xs, z=Z, colorscale="RdBu", zmin=lo, zmax=hi, opacity=0.8,
                               colorbar=dict(title="f(x)", thickness=14),
                               hovertemplate="x = (%{x:.2f}, %{y:.2f})<br>f = %{z:.3f}<extra></extra>"))
    if labels:
        fig.add_trace(builders.level_lines(xs, xs, Z, 0.0, color="black", width=3))
        builders.add_classes(fig, X, y)
    else:
        for level in (-1.0, 0.0, 1.0, 2.0):
            fig.add_trace(builders.level_lines(xs, xs, Z, level, color="black", width=2 if level == 0 else 1,
                                               dash="solid" if level == 0 else "dot"))
        fig.add_trace(go.Scatter(x=X[:, 0].astype(np.float32), y=X[:, 1].astype(np.float32), mode="markers",
                                 name="data", marker=dict(color="black", size=5), hoverinfo="skip"))
    rng = [float(xs[0]), float(xs[-1])]
    fig.update_xaxes(range=rng, title="x₁", constrain="domain")
    fig.update_yaxes(range=rng, title="x₂", scaleanchor="x", constrain="domain")
    fig = base_layout(fig, None, height=main_height(present), present=present)
    return fig.update_traces(selector=dict(name="data"), marker_size=7 if present else 5)   # dots, not the classes'


@cached_figure
def anova_parts(xs, parts, truth, X, present=False):
    """The learned f₁(x₁) and f₂(x₂), one panel each, with the data's coordinates as a rug and (regression target)
    the true parts sin(x₁) and x₂²/2, dashed, over the data's range. Presenting, the panels stand side by side, so
    the chart ends on the first screen under the bar, the targets and the formula."""
    from plotly.subplots import make_subplots

    xs = np.asarray(xs, np.float32)
    lo, hi = ANOVA_RANGE
    fig = make_subplots(rows=1, cols=2, horizontal_spacing=0.2) if present else \
        make_subplots(rows=2, cols=1, vertical_spacing=0.2)
    for j in range(2):
        row, col = (1, j + 1) if present else (j + 1, 1)
        fig.add_trace(go.Scatter(x=xs, y=np.asarray(parts[j], np.float32), mode="lines", name=f"learned f{j + 1}",
                                 line=dict(color="#0072B2", width=3),
                                 hovertemplate=f"x{j + 1} = %{{x:.2f}}<br>f{j + 1} = %{{y:.3f}}<extra></extra>"),
                      row=row, col=col)
        if truth is not None:
            inside = (xs >= X[:, j].min() - 0.25) & (xs <= X[:, j].max() + 0.25)
            fig.add_trace(go.Scatter(x=xs[inside], y=np.asarray(truth[j], np.float32)[inside], mode="lines",
                                     name="truth", line=dict(color="black", width=2, dash="dash"),
                                     hoverinfo="skip"), row=row, col=col)
        fig.add_trace(go.Scatter(x=X[:, j].astype(np.float32), y=np.full(len(X), lo + 0.15, np.float32),
                                 mode="markers", marker=dict(symbol="line-ns-open", size=10, color="#555555"),
                                 hoverinfo="skip"), row=row, col=col)
        fig.update_xaxes(range=[float(xs[0]), float(xs[-1])], title_text=f"x{'₁₂'[j]}", title_standoff=2,
                         row=row, col=col)
        fig.update_yaxes(range=[lo, hi], title_text=f"f{'₁₂'[j]}(x{'₁₂'[j]})", row=row, col=col)
    return base_layout(fig, None, height=ANOVA_PARTS[bool(present)], present=present)


ANOVA_PARTS = {True: 170, False: 360}   # px of the two panels f₁, f₂ beside the map
