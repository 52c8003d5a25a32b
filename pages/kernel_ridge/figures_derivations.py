"""Kernel ridge regression: the figure builders of the derivation sections (plain data in, figure out; presentation
mode passed in as `present`; fixed axis ranges)."""
import numpy as np
import plotly.graph_objects as go

from pages.kernel_ridge.figures import fit_y_range, height, legend
from ui.figures import base_layout, cached_figure, decision_map
from ui.theme import NEGATIVE, POSITIVE


def _f64(a):
    return np.asarray(a, dtype=np.float64)


@cached_figure
def objectives_figure(steps, J_w, J_a, J_star, k, present=False):
    """J(w_k) − J* and J(a_k) − J* against the step k of gradient descent (both axes log; a log axis has no 0, so
    step 0 is drawn at k = 0.5 and a gap below round-off, 10⁻¹⁴ J*, at that floor). The step the slider reads is
    ringed. Both curves falling to the floor is the two objectives meeting at the optimum."""
    x = np.where(steps == 0, 0.5, steps).astype(float)
    floor = 1e-14 * max(abs(J_star), 1e-300)
    gaps = [np.maximum(_f64(J) - J_star, floor) for J in (J_a, J_w)]
    fig = go.Figure([
        go.Scatter(x=x, y=gaps[0], mode="lines+markers", name="J(a) − J*, a = −(1/λ)(Φw − t)", marker=dict(size=5),
                   line=dict(color=NEGATIVE, width=3), customdata=np.c_[steps, J_a],
                   hovertemplate="step %{customdata[0]}<br>J(a) = %{customdata[1]:.10g}<extra></extra>"),
        go.Scatter(x=x, y=gaps[1], mode="lines+markers", name="J(w) − J*", marker=dict(size=5),
                   line=dict(color=POSITIVE, width=3), customdata=np.c_[steps, J_w],
                   hovertemplate="step %{customdata[0]}<br>J(w) = %{customdata[1]:.10g}<extra></extra>")])
    i = int(np.searchsorted(steps, k))
    fig.add_trace(go.Scatter(x=[x[i], x[i]], y=[gaps[1][i], gaps[0][i]], mode="markers",
                             name=f"step {k} (the slider)", hoverinfo="skip",
                             marker=dict(color=[POSITIVE, NEGATIVE], size=14, symbol="circle-open", line=dict(width=3))))
    fig.add_hline(y=floor, line=dict(color="black", dash="dot"))
    # a log axis places annotations by log10 of the value (add_hline's own annotation would land elsewhere)
    fig.add_annotation(x=0.02, xref="paper", xanchor="left", y=np.log10(floor), yanchor="bottom", showarrow=False,
                       text="round-off: J(w) = J(a) = J*")
    top, bottom = float(np.log10(max(gaps[0].max(), gaps[1].max()))), float(np.log10(floor)) - 0.5
    # the decades written in full, step 0 at its place (Plotly's own labels ran together: "10002000")
    ticks = [0.5, *(10.0 ** e for e in range(int(np.log10(max(x[-1], 1.0))) + 1))]
    fig.update_xaxes(title="gradient-descent step k (log; step 0 at the left edge)", type="log",
                     range=[np.log10(0.4), np.log10(max(x[-1], 1.0)) + 0.1], tickvals=ticks,
                     ticktext=["0", *(f"{t:g}" for t in ticks[1:])])
    # presenting, the legend is inside the plot's top: a fifth of the height over the highest gap keeps it clear
    fig.update_yaxes(title="J − J*, J* = the optimum's objective (log)", type="log", tickformat=".0e",
                     range=[bottom, top + (0.25 * (top - bottom) if present else 0) + 0.5])   # "1e-14": margin reserved
    return base_layout(fig, None, height=height("main", present), present=present, showlegend=True,
                       legend=legend(present), meta=dict(chart_width=560))


COST_RANGE = (0.0, 4.0)   # log10 of n and p on the cost map: 1 to 10 000


@cached_figure
def cost_map(n, p, present=False):
    """log10(left side's cost / right side's) over n and p (both log, 1 to 10⁴): blue where the right side (the n × n
    inverse) is cheaper, red where the left (p × p) is; they cost the same on the diagonal p = n. The slider's (n, p)
    is marked."""
    lo, hi = COST_RANGE
    g = np.linspace(lo, hi, 81)
    N, P = np.meshgrid(10 ** g, 10 ** g)                  # rows: p, columns: n
    left, right = 2 * N * P ** 2 + P ** 3 / 3, 2 * N ** 2 * P + N ** 3 / 3
    ratio = np.log10(left / right)
    fig = go.Figure(go.Heatmap(x=10 ** g, y=10 ** g, z=ratio.astype(np.float32), zmid=0, zmin=-6, zmax=6,
                               colorscale="RdBu",
                               colorbar=dict(title="left / right", thickness=16, tickvals=[-6, -4, -2, 0, 2, 4, 6],
                                             ticktext=["10⁻⁶", "10⁻⁴", "10⁻²", "1", "10²", "10⁴", "10⁶"]),
                               hovertemplate="n = %{x:.3g}, p = %{y:.3g}<br>left / right = 10^%{z:.2f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=[10 ** lo, 10 ** hi], y=[10 ** lo, 10 ** hi], mode="lines", hoverinfo="skip",
                             line=dict(color="black", dash="dot"), name="p = n: equal cost"))
    fig.add_trace(go.Scatter(x=[n], y=[p], mode="markers", name=f"n = {n}, p = {p} (the sliders)", hoverinfo="skip",
                             marker=dict(size=16, symbol="x", color="black", line=dict(width=2, color="white"))))
    fig.update_xaxes(title="points n (log)", type="log", range=[lo, hi], dtick=1, tickformat="~s")
    fig.update_yaxes(title="features p (log)", type="log", range=[lo, hi], dtick=1, tickformat="~s")
    return base_layout(fig, None, height=height("main", present), present=present, showlegend=True,
                       legend=legend(present), meta=dict(chart_width=560))


BUMP_COLOR = "rgba(0,114,178,0.35)"


@cached_figure
def network_figure(X, y, xs, h, bumps, centres, f, lam, present=False):
    """The RBF network h(x) = Σ wₘ exp(−γ(x − cₘ)²) over the data, each weighted bump wₘ exp(−γ(x − cₘ)²) faint
    under it, the centres cₘ as triangles on the bottom edge, and kernel ridge with the bar's λ dashed (none at
    λ = 0: NaN f). The y range is the data's (fit_y_range), fixed whatever the weights: a network that interpolates
    noisy data with huge weights swings beyond it, and the clipping shows that."""
    lo, hi = fit_y_range(y)
    fig = go.Figure()
    M = len(centres)
    bx = np.tile(np.r_[xs, np.nan], M)
    by = np.column_stack([np.clip(bumps, 2 * lo - hi, 2 * hi - lo), np.full(M, np.nan)]).ravel()
    fig.add_trace(go.Scatter(x=bx.astype(np.float32), y=by.astype(np.float32), mode="lines", hoverinfo="skip",
                             name="wₘ exp(−γ(x − cₘ)²), each bump", line=dict(color=BUMP_COLOR, width=1.5)))
    if np.all(np.isfinite(f)):
        fig.add_trace(go.Scatter(x=_f64(xs).astype(np.float32), y=_f64(f).astype(np.float32), mode="lines",
                                 name=f"kernel ridge, λ = {lam:.3g}", line=dict(color=NEGATIVE, width=3, dash="dash"),
                                 hovertemplate="x = %{x:.2f}<br>f(x) = %{y:.3f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=_f64(xs).astype(np.float32), y=np.clip(_f64(h), 2 * lo - hi, 2 * hi - lo).astype(np.float32),
                             mode="lines", name=f"h(x), M = {M} centres", line=dict(color=POSITIVE, width=3),
                             hovertemplate="x = %{x:.2f}<br>h(x) = %{y:.3f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=_f64(X[:, 0]).astype(np.float32), y=_f64(y).astype(np.float32), mode="markers",
                             name="data", marker=dict(color="#222222", size=8, line=dict(color="white", width=1)),
                             hovertemplate="x = %{x:.3f}<br>y = %{y:.3f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=_f64(centres).astype(np.float32), y=np.full(M, lo, np.float32), mode="markers",
                             name="centres cₘ", marker=dict(symbol="triangle-up", size=11, color=POSITIVE,
                                                            line=dict(color="white", width=1)),
                             hovertemplate="c = %{x:.3f}<extra></extra>"))
    fig.update_xaxes(title="x", range=[float(xs[0]), float(xs[-1])])
    fig.update_yaxes(title="y", range=[lo, hi])
    # on a projector the legend sits inside the top right corner, where the sine's data leave room
    return base_layout(fig, None, height=height("main", present), present=present, showlegend=True,
                       legend=dict(legend(present), x=0.99, xanchor="right") if present else legend(present),
                       meta=dict(chart_width=560))


@cached_figure
def ridge_limit_figure(lams, gaps, lam, present=False):
    """max over the points of |f_λ(xₙ) − h(xₙ)| against λ (both log), h the network with every point a centre; the
    bar's λ marked. The curve falling towards 0 as λ → 0 is kernel ridge becoming the network."""
    floor = 1e-16
    g = np.maximum(_f64(gaps), floor)
    fig = go.Figure(go.Scatter(x=_f64(lams), y=g, mode="lines+markers", marker=dict(size=5),
                               line=dict(color=POSITIVE, width=3), name="max |f_λ(xₙ) − h(xₙ)|, M = N",
                               hovertemplate="λ = %{x:.2g}<br>gap = %{y:.3g}<extra></extra>"))
    if lam > 0:
        fig.add_vline(x=lam, line=dict(color=NEGATIVE, dash="dash"))
        fig.add_annotation(x=np.log10(lam), y=0.02, yref="paper", yanchor="bottom", xanchor="left", showarrow=False,
                           text=f" the bar's λ = {lam:.3g}", font=dict(color=NEGATIVE))   # inside: no margin needed
    fig.update_xaxes(title="λ (log)", type="log", tickformat=".0e", dtick=2)
    fig.update_yaxes(title="max gap (log)", type="log", tickformat=".0e",
                     range=[np.log10(max(g.min(), floor)) - 0.5, np.log10(g.max()) + 0.5])
    return base_layout(fig, None, height=height("curves", present), present=present, showlegend=False,
                       meta=dict(chart_width=560))


@cached_figure
def classifier_figure(xs, ys, Z, X, y, centres, present=False):
    """Bishop's notes' classifying RBF network: h(x) = b + Σ wₘ exp(−γ‖x − cₘ‖²) over the plane (diverging at 0), its
    boundary h = 0 (sign(h) is the class), the points of both classes and the centres cₘ as triangles."""
    fig = decision_map(xs, ys, Z, X, y, None, levels=(0.0,), height=440 if present else 360,
                       zlabel="h(x)", present=present).figure
    fig.add_trace(go.Scatter(x=_f64(centres[:, 0]).astype(np.float32), y=_f64(centres[:, 1]).astype(np.float32),
                             mode="markers", name="centres cₘ",
                             marker=dict(symbol="triangle-up", size=11, color="#222222", line=dict(color="white", width=1)),
                             hovertemplate="c = (%{x:.2f}, %{y:.2f})<extra></extra>"))
    return fig.update_layout(showlegend=False, meta=dict(chart_width=560))
