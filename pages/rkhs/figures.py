"""The RKHS topic's figure builders: plain data in, figure out, presentation mode passed in (`present`), cached per
arguments; fixed axis ranges, float32 arrays. Main charts have no title (the section's header names them)."""
import numpy as np
import plotly.graph_objects as go
import streamlit as st

from ui.figures import base_layout, cached_figure
from ui.theme import ACCENT, NEGATIVE, POSITIVE

MAIN = {True: 570, False: 520}      # px of a section's main chart (presentation / normal): ≥ 440 px plot at 1280x720
INSIDE = dict(orientation="h", x=0.01, y=0.99, yanchor="top", bgcolor="rgba(255,255,255,0.8)")
ABOVE = dict(orientation="h", y=1.02, yanchor="bottom", x=0)
BUMP_COLOR = "#8C8C8C"


def main_height(present):
    return MAIN[bool(present)]


def latex(body, where=None):
    """st.latex with a thin space at the end (KaTeX lets an aligned block overhang its box by ~2 px)."""
    (where or st).latex(body + r"\;")


def _f32(a):
    return np.asarray(a, dtype=np.float32)


def nice_limit(*arrays, low=1.5):
    """A fixed symmetric y limit over the arrays: 1.15 × the largest |value|, up to a 1 / 2 / 5 × 10^k step, ≥ low."""
    m = max([low / 1.15] + [float(np.max(np.abs(a))) for a in arrays if np.size(a)]) * 1.15
    base = 10 ** np.floor(np.log10(m))
    return float(next(k * base for k in (1, 1.5, 2, 3, 4, 5, 6, 8, 10) if k * base >= m))


@cached_figure
def reproducing_figure(xs, f, bumps, centres, alpha, xprime, value, k_at, band, limit, present=None):
    """f(x) = Σ αᵢ k(xᵢ, x) (thick) over its bumps αᵢ k(xᵢ, x) (dashed), the centres at (xᵢ, αᵢ), the line x = x′
    with the bumps' values there (their sum is f(x′), starred), and the band f(x′) ± ‖f‖_H ‖k(x, ·) − k(x′, ·)‖_H
    that f cannot leave. One plot area; a click on it adds a centre (x, α = y)."""
    xs = _f32(xs)
    fig = go.Figure()
    for sign, name in ((-1, None), (1, "band f(x′) ± ‖f‖·‖k(x,·) − k(x′,·)‖")):
        fig.add_trace(go.Scatter(x=xs, y=_f32(value + sign * band), mode="lines", name=name or "",
                                 showlegend=bool(name), legendgroup="band", hoverinfo="skip",
                                 line=dict(color=ACCENT, width=2, dash="dot")))
    n = bumps.shape[1]
    if n:
        sep = np.full((1, n), np.nan)
        fig.add_trace(go.Scatter(x=_f32(np.tile(np.r_[xs, np.nan], n)), y=_f32(np.vstack([bumps, sep]).T.ravel()),
                                 mode="lines", name="bumps αᵢ k(xᵢ, x)", hoverinfo="skip",
                                 line=dict(color=BUMP_COLOR, width=1.5, dash="dash")))
    fig.add_trace(go.Scatter(x=xs, y=_f32(f), mode="lines", name="f",
                             line=dict(color=POSITIVE, width=4),
                             hovertemplate="x = %{x:.2f}<br>f(x) = %{y:.4f}<extra></extra>"))
    c = np.asarray(centres, float).ravel()
    a = np.asarray(alpha, float)
    fig.add_trace(go.Scatter(x=_f32(c), y=_f32(a), mode="markers+text", name="centres (xᵢ, αᵢ)",
                             text=[str(i + 1) for i in range(len(c))], textposition="top center",
                             marker=dict(color=np.where(a < 0, NEGATIVE, ACCENT).tolist(), size=11, symbol="diamond",
                                         line=dict(color="white", width=1)),
                             customdata=np.c_[np.arange(1, len(c) + 1)].astype(np.int32),
                             hovertemplate="centre %{customdata[0]}: x = %{x:.2f}, α = %{y:.3f}<extra></extra>"))
    fig.add_vline(x=float(xprime), line=dict(color="black", width=1.5, dash="dot"))
    if n:
        fig.add_trace(go.Scatter(x=_f32(np.full(n, xprime)), y=_f32(a * k_at), mode="markers", showlegend=False,
                                 marker=dict(color=BUMP_COLOR, size=8, line=dict(color="white", width=1)),
                                 hovertemplate="αᵢ k(xᵢ, x′) = %{y:.4f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=[float(xprime)], y=[float(value)], mode="markers", name="f(x′)", showlegend=False,
                             marker=dict(color="black", size=18, symbol="star", line=dict(color="white", width=1)),
                             hovertemplate="x′ = %{x:.2f}<br>f(x′) = %{y:.4f}<extra></extra>"))
    fig.update_xaxes(title="x  (click to add a centre xᵢ with αᵢ = the click's height)", range=[float(xs[0]),
                     float(xs[-1])], zeroline=False)
    top = limit * (1.3 if present else 1.0)      # room for the legend inside the plot's top edge on a projector
    fig.update_yaxes(title="f(x), αᵢ", range=[-limit, top], zeroline=True, zerolinecolor="#888888")
    return base_layout(fig, None, height=main_height(present), present=present, showlegend=True,
                       legend=INSIDE if present else ABOVE, dragmode=False, meta=dict(chart_width=800))


# ---------------------------------------------------------------- the representer theorem
STAR_COLOR, U_COLOR = "#8C8C8C", "#E69F00"
