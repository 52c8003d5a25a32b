"""The Mercer's-theorem section's figure builders (plain data in, figure out; presentation mode passed in)."""
import numpy as np
import plotly.graph_objects as go

from ui.figures import base_layout, cached_figure
from ui.theme import ACCENT, POSITIVE

from .figures import main_height, main_title

TERM_COLORS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#D55E00", "#F0E442", "#999999")
INSIDE = dict(orientation="h", x=0.01, y=0.99, yanchor="top", bgcolor="rgba(255,255,255,0.85)")


def _f32(a):
    return np.asarray(a, dtype=np.float32)


@cached_figure
def series_figure(xs, k, terms, x2, present=False):
    """k(x, x′) over x (black, dashed), the sum of the first q terms (blue) and the terms λᵢφᵢ(x)φᵢ(x′) themselves
    (thin, coloured; the first seven), the fixed x′ marked: the series approaching k as q grows."""
    q = terms.shape[1]
    fig = go.Figure()
    for i in range(min(q, len(TERM_COLORS))):
        fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(terms[:, i]), mode="lines", name=f"λ{i + 1}φ{i + 1}(x)φ{i + 1}(x′)",
                                 line=dict(color=TERM_COLORS[i], width=1.5), legendgroup="terms",
                                 showlegend=i == 0, hovertemplate=f"term {i + 1}: %{{y:.4f}}<extra></extra>"))
    fig.data[0].name = "the terms λᵢφᵢ(x)φᵢ(x′)" if q > 1 else fig.data[0].name
    fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(k), mode="lines", name="k(x, x′)",
                             line=dict(color="black", width=3, dash="dash"), hovertemplate="k = %{y:.4f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(terms.sum(axis=1)), mode="lines", name=f"sum of q = {q} terms",
                             line=dict(color=POSITIVE, width=3.5), hovertemplate="sum = %{y:.4f}<extra></extra>"))
    fig.add_vline(x=x2, line=dict(color="black", dash="dot"), annotation_text=f"x′ = {x2:g}",
                  annotation_position="bottom right")
    hi = float(max(np.max(k), np.max(terms.sum(axis=1)), np.max(terms))) * 1.15 + 0.05
    lo = float(min(np.min(terms), np.min(terms.sum(axis=1)), 0.0)) * 1.15 - 0.05
    fig.update_xaxes(title="x (the compact set X = [a, b])", range=[float(xs[0]), float(xs[-1])])
    fig.update_yaxes(title="k(x, x′) and its series", range=[lo, hi + 0.35 * (hi - lo)])   # room for the legend
    return base_layout(fig, main_title("k(x, x′) = Σᵢ λᵢ φᵢ(x) φᵢ(x′), the first q terms", present),
                       height=main_height(present), present=present, showlegend=True, legend=INSIDE)


@cached_figure
def eigenfunctions_figure(xs, phis, present=False):
    """The first eigenfunctions φ₁, φ₂, … of the kernel's integral operator (orthonormal on [a, b])."""
    fig = go.Figure([go.Scatter(x=_f32(xs), y=_f32(phis[:, i]), mode="lines", name=f"φ{i + 1}",
                                line=dict(color=TERM_COLORS[i % len(TERM_COLORS)], width=2.5))
                     for i in range(phis.shape[1])])
    fig.update_xaxes(title="x")
    fig.update_yaxes(title="φᵢ(x)")
    return base_layout(fig, "Eigenfunctions: ∫ k(x, x′) φᵢ(x′) dx′ = λᵢ φᵢ(x)", height=340, present=present,
                       showlegend=True)


@cached_figure
def decay_figure(eigenvalues, sup_errors, q, present=False):
    """The eigenvalues λᵢ and the largest gap max |k − k_q| after q terms, both on a log axis over i = q."""
    i = np.arange(1, len(eigenvalues) + 1)
    floor = 1e-16 * max(float(eigenvalues[0]), 1e-300)
    fig = go.Figure([
        go.Bar(x=i, y=_f32(np.maximum(eigenvalues, floor)), name="λᵢ", marker=dict(color=POSITIVE,
               opacity=_f32(np.where(i <= q, 1.0, 0.35)))),
        go.Scatter(x=i, y=_f32(np.maximum(sup_errors, floor)), mode="lines+markers", name="max |k − k_q| (q = i)",
                   line=dict(color=ACCENT, width=2.5), marker=dict(size=5))])
    fig.add_vline(x=q + 0.5, line=dict(color="black", dash="dot"))
    fig.update_xaxes(title="i (eigenvalue) = q (terms)", range=[0.4, len(i) + 0.6])
    fig.update_yaxes(title="log scale", type="log", tickformat=".0e")   # "1e-16": its margin is reserved
    return base_layout(fig, "Eigenvalues decay; the series converges uniformly", height=340, present=present,
                       showlegend=True)
