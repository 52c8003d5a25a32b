"""Kernel FDA beside linear FDA's figures (pages/kernel_pca/fda.py): the plane with both thresholds, the training
and held-out points, and the strip of both projections on one scale."""
import numpy as np
import plotly.graph_objects as go

from ui import figures
from ui.figures import cached_figure

from .figures import INSIDE, MAIN

FDA_STRIP = {True: 230, False: 210}   # px of the FDA projections' strip chart under the plane


def _fda_points(fig, X, y, train, test, size, legend=True, values=None, row=None, jitter=None, label=""):
    """The training points by class and the held-out ones as diamonds: on the plane (values None) or on one row of
    the strip chart (x = values, y = row + jitter)."""
    from ui.theme import CLASS_STYLE

    for lab, style in CLASS_STYLE.items():
        for idx, held in ((train, False), (test, True)):
            sel = idx[y[idx] == lab]
            marker = dict(color=style["color"], symbol="diamond" if held else style["symbol"],
                          size=size + (3 if held else 0),
                          line=dict(color="black" if held else "white", width=1.5 if held else 0.5))
            name = f"{style['name']}, held out" if held else style["name"]
            if values is None:
                px, py, hover = X[sel, 0], X[sel, 1], "(%{x:.2f}, %{y:.2f})"
            else:
                px, py, hover = values[sel], row + jitter[sel], label + " → %{x:.2f}"
            fig.add_trace(go.Scatter(x=np.asarray(px, np.float32), y=np.asarray(py, np.float32), mode="markers",
                                     name=name, legendgroup="held out" if held else name,
                                     showlegend=legend and not held, marker=marker,
                                     hovertemplate=hover + "<extra></extra>"))
    if legend:   # one key for both classes' held-out diamonds (two keyed by class made a legend row more)
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name="held out", legendgroup="held out",
                                 marker=dict(color="white", symbol="diamond", size=size + 3,
                                             line=dict(color="black", width=1.5)), hoverinfo="skip"))
    return fig


@cached_figure
def fda_figure(X, y, train, test, xs, ys, G, cut_kernel, phi, cut_linear, present=False):
    """Kernel FDA beside linear FDA on the plane: g(x) = αᵀk(x) − threshold (blue above, orange below; the threshold
    the midpoint of the training class means), kernel FDA's threshold g(x) = threshold as a solid line, linear FDA's
    (the line φᵀx = its midpoint, ⟂ φ) dashed, the training points by class and the held-out ones as diamonds."""
    from ui.figures.builders import level_lines
    from ui.theme import DECISION

    Gc = np.asarray(G - cut_kernel, np.float32)
    m = float(np.max(np.abs(Gc))) or 1.0
    fig = go.Figure(go.Heatmap(x=xs.astype(np.float32), y=ys.astype(np.float32), z=Gc, colorscale=DECISION, zmin=-m,
                               zmax=m, opacity=0.6, showscale=False,
                               hovertemplate="x = (%{x:.2f}, %{y:.2f})<br>g(x) − threshold = %{z:.3f}<extra></extra>"))
    line = level_lines(xs, ys, Gc, 0.0, color="black", width=3)
    line.update(name="kernel FDA boundary", showlegend=True)
    fig.add_trace(line)
    a, b = float(phi[0]), float(phi[1])          # linear FDA's threshold: the points with φᵀx = cut
    if abs(b) >= abs(a):
        lx = np.array([xs[0], xs[-1]])
        ly = (cut_linear - a * lx) / b
    else:
        ly = np.array([ys[0], ys[-1]])
        lx = (cut_linear - b * ly) / a
    fig.add_trace(go.Scatter(x=lx.astype(np.float32), y=ly.astype(np.float32), mode="lines",
                             name="linear FDA boundary", line=dict(color="black", width=2.5, dash="dash"),
                             hoverinfo="skip"))
    _fda_points(fig, X, y, train, test, 10 if present else 7)
    top = float(ys[-1]) + 0.3 * float(ys[-1] - ys[0])            # room for the legend inside the top edge
    fig.update_xaxes(range=[float(xs[0]), float(xs[-1])], title="x₁")
    fig.update_yaxes(range=[float(ys[0]), top], title="x₂")
    # presenting: 12 px more than MAIN keeps the plotting area at 440 px under the larger tick labels (as kernel LPP)
    return figures.base_layout(fig, None, height=MAIN[bool(present)] + (12 if present else 0), present=present,
                               showlegend=True, legend=dict(INSIDE, x=0.0, xanchor="left"))


@cached_figure
def fda_strip_figure(y, train, test, z, cut_linear, g, cut_kernel, present=False):
    """Both projections of every point on one scale, (v − threshold) / the training points' pooled within-class std,
    so the two separations compare: linear FDA's φᵀx on the lower row, kernel FDA's αᵀk(x) on the upper; held-out
    diamonds; the threshold at 0."""

    def scaled(v, cut):
        t = train
        r = np.r_[v[t][y[t] > 0] - v[t][y[t] > 0].mean(), v[t][y[t] < 0] - v[t][y[t] < 0].mean()]
        return (v - cut) / (float(np.sqrt(np.mean(r ** 2))) or 1.0)

    fig = go.Figure()
    jitter = np.random.default_rng(0).uniform(-0.25, 0.25, len(y))
    rows = (("linear FDA: φᵀx", scaled(z, cut_linear)), ("kernel FDA: αᵀk(x)", scaled(g, cut_kernel)))
    for r, (label, v) in enumerate(rows):
        _fda_points(fig, None, y, train, test, 9 if present else 7, legend=False, values=v, row=r, jitter=jitter,
                    label=label)
    fig.add_vline(x=0, line=dict(color="black", width=2))
    spread = max(float(np.max(np.abs(np.r_[rows[0][1], rows[1][1]]))), 1.0)
    fig.update_xaxes(range=[-1.05 * spread, 1.05 * spread], title="(projection − threshold) / within-class std",
                     zeroline=False)
    fig.update_yaxes(range=[-0.5, 1.5], tickvals=[0, 1], ticktext=["linear", "kernel"])
    return figures.base_layout(fig, None, height=FDA_STRIP[bool(present)], present=present, showlegend=False)
