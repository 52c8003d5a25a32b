"""The RKHS topic's figure builders: plain data in, figure out, presentation mode passed in (`present`), cached per
arguments; fixed axis ranges, float32 arrays. Main charts have no title (the section's header names them)."""
import numpy as np
import plotly.graph_objects as go

from ui.figures import LEGEND_ABOVE, LEGEND_INSIDE, base_layout, cached_figure
from ui.theme import ACCENT, NEGATIVE, POSITIVE

MAIN = {True: 570, False: 520}      # px of a section's main chart (presentation / normal): ≥ 440 px plot at 1280x720
BUMP_COLOR = "#8C8C8C"


def main_height(present):
    return MAIN[bool(present)]



def _f32(a):
    return np.asarray(a, dtype=np.float32)


def nice_limit(*arrays, low=1.5):
    """A fixed symmetric y limit over the arrays: 1.15 × the largest |value|, up to a 1 / 2 / 5 × 10^k step, ≥ low."""
    m = max([low / 1.15] + [float(np.max(np.abs(a))) for a in arrays if np.size(a)]) * 1.15
    base = 10 ** np.floor(np.log10(m))
    return float(next(k * base for k in (1, 1.5, 2, 3, 4, 5, 6, 8, 10) if k * base >= m))


@cached_figure
def reproducing_figure(xs, f, bumps, centres, alpha, xprime, value, k_at, band, limit, present=False):
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
                       legend=LEGEND_INSIDE if present else LEGEND_ABOVE, dragmode=False, meta=dict(chart_width=800))


# ---------------------------------------------------------------- the representer theorem
STAR_COLOR, U_COLOR = "#8C8C8C", "#E69F00"
SIDE = {True: 340, False: 320}      # px of the objective-against-t chart


@cached_figure
def representer_figure(xs, f, u_curve, t, X, y, f_points, hinge, room, limit, present=False):
    """f = (w* + t u)ᵀφ(x) (thick) over f* = w*ᵀφ(x) (t = 0, dashed) and the added t·u(x) (dotted, 0 at every xᵢ);
    the data and the predictions f(xᵢ), which no t moves. Hinge loss: the labels ±1 and the margin lines f = ±1.
    Without `room` (the φ(xᵢ) span the feature space) only f* and the data. y axis: ±limit (fixed as t moves)."""
    xs, x = _f32(xs), np.asarray(X, float).ravel()
    fig = go.Figure()
    if hinge:
        for level in (-1.0, 1.0):
            fig.add_hline(y=level, line=dict(color="#BBBBBB", width=1, dash="dot"))
    if room:
        fig.add_trace(go.Scatter(x=xs, y=_f32(t * u_curve), mode="lines", name="t·u(x): 0 at every xᵢ",
                                 line=dict(color=U_COLOR, width=2.5, dash="dot"),
                                 hovertemplate="x = %{x:.2f}<br>t·u(x) = %{y:.4f}<extra></extra>"))
        fig.add_trace(go.Scatter(x=xs, y=_f32(f), mode="lines", name="f* = w*ᵀφ (t = 0)",
                                 line=dict(color=STAR_COLOR, width=2.5, dash="dash"),
                                 hovertemplate="x = %{x:.2f}<br>f*(x) = %{y:.4f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=xs, y=_f32(f + t * u_curve), mode="lines",
                             name="f = (w* + t u)ᵀφ" if room else "f* = w*ᵀφ",
                             line=dict(color=POSITIVE, width=4),
                             hovertemplate="x = %{x:.2f}<br>f(x) = %{y:.4f}<extra></extra>"))
    labels = np.asarray(y, float)
    colours = np.where(labels > 0, POSITIVE, NEGATIVE).tolist() if hinge else "#222222"
    fig.add_trace(go.Scatter(x=_f32(x), y=_f32(labels), mode="markers",
                             name="yᵢ = ±1" if hinge else "(xᵢ, yᵢ)",
                             marker=dict(color=colours, size=11, symbol="square" if hinge else "circle",
                                         line=dict(color="white", width=1)),
                             hovertemplate="x = %{x:.2f}<br>y = %{y:.3f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=_f32(x), y=_f32(f_points), mode="markers", name="f(xᵢ): fixed",
                             marker=dict(color="rgba(0,0,0,0)", size=16, line=dict(color="black", width=2.5)),
                             hovertemplate="x = %{x:.2f}<br>f(xᵢ) = %{y:.4f}<extra></extra>"))
    fig.update_xaxes(title="x", range=[float(xs[0]), float(xs[-1])], zeroline=False)
    fig.update_yaxes(title="f(x)", range=[-limit, limit], zeroline=True, zerolinecolor="#888888")
    # the legend inside the top edge (the data stay in |f| ≤ 1.5): the plot area keeps the chart's height
    return base_layout(fig, None, height=main_height(present), present=present, showlegend=True, legend=LEGEND_INSIDE,
                       dragmode=False)


@cached_figure
def objective_figure(ts, data_t, penalty_t, J_t, t, lam, present=False):
    """Kriege's objective against t: the loss term (flat: no prediction moves), λ‖w* + t u‖² = λ(‖w*‖² + t²) and J,
    the current t marked; the minimum is at t = 0."""
    ts = _f32(ts)
    top = float(np.max(J_t)) * 1.08 or 1.0
    fig = go.Figure()
    for values, name, colour, dash in ((data_t, "loss term (1/n) Σ loss", ACCENT, "solid"),
                                       (penalty_t, f"λ‖w‖² (λ = {lam:g})", U_COLOR, "dash"),
                                       (J_t, "J = loss + λ‖w‖²", POSITIVE, "solid")):
        fig.add_trace(go.Scatter(x=ts, y=_f32(values), mode="lines", name=name, line=dict(color=colour, width=3,
                                 dash=dash), hovertemplate="t = %{x:.2f}<br>%{y:.4g}<extra></extra>"))
    k = int(np.argmin(np.abs(ts - t)))
    fig.add_trace(go.Scatter(x=_f32([t, t, t]), y=_f32([data_t[k], penalty_t[k], J_t[k]]), mode="markers",
                             showlegend=False, marker=dict(color="black", size=10),
                             hovertemplate="t = %{x:.2f}<br>%{y:.4g}<extra></extra>"))
    fig.add_vline(x=float(t), line=dict(color="black", width=1, dash="dot"))
    fig.update_xaxes(title="t (how much of u is added to w*)", range=[float(ts[0]), float(ts[-1])])
    fig.update_yaxes(title="value", range=[0.0, top])
    return base_layout(fig, None, height=SIDE[bool(present)], present=present, showlegend=True, legend=LEGEND_ABOVE)
