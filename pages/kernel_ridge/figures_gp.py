"""Kernel ridge › the Gaussian-process view: the posterior (mean, ± 2 std band, sample curves over the data) and the
prior GP(0, k) with its draws; plain data in, figure out, in the topic's style (pages/kernel_ridge/figures.py)."""
import numpy as np
import plotly.graph_objects as go

from ui.figures import base_layout, cached_figure
from ui.theme import POSITIVE

from .figures import BAND_COLOR, _data_trace, _f32, _y_range, height, legend

SAMPLE_COLORS = ("#E69F00", "#CC79A7", "#009E73", "#56B4E9", "#D55E00", "#F0E442", "#999999", "#000000")


@cached_figure
def gp_figure(X, y, xs, mean, std, samples, present=False):
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=_f32(np.r_[xs, xs[::-1]]), y=_f32(np.r_[mean + 2 * std, (mean - 2 * std)[::-1]]),
                             fill="toself", fillcolor=BAND_COLOR, line=dict(width=0), name="m(x) ± 2 std",
                             hoverinfo="skip"))
    for s in range(samples.shape[1]):
        fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(samples[:, s]), mode="lines",
                                 name=samples_name("posterior samples", samples.shape[1]),
                                 line=dict(color=SAMPLE_COLORS[s % len(SAMPLE_COLORS)], width=1.5),
                                 showlegend=s == 0, legendgroup="samples", hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(mean), mode="lines", name="posterior mean m(x)",
                             line=dict(color=POSITIVE, width=3),
                             customdata=_f32(std), hovertemplate="x = %{x:.2f}<br>m = %{y:.3f}<br>std = "
                                                                 "%{customdata:.3f}<extra></extra>"))
    fig.add_trace(_data_trace(X, y))
    fig.update_xaxes(title="x", range=[float(xs[0]), float(xs[-1])])
    fig.update_yaxes(title="f(x)", range=_y_range(y, mean - 2 * std, mean + 2 * std))
    # chart_width: the left column's (figures.COLUMNS) at 1400 px, where the four legend entries take two rows
    return base_layout(fig, None, height=height("main", present), present=present, showlegend=True,
                       legend=legend(present), meta=dict(chart_width=560))


PRIOR_COLOR = "#888888"


def samples_name(name, count):
    """The legend's name of `count` sample curves drawn in SAMPLE_COLORS: its line symbol shows the first colour
    only, so a dash in each further colour leads the name (one entry stands for all the curves)."""
    dashes = "".join(f'<span style="color:{c}">━</span>' for c in SAMPLE_COLORS[1:min(count, len(SAMPLE_COLORS))])
    return f"{dashes} {name}" if dashes else name


def _band(xs, lo, hi, name, color):
    return go.Scatter(x=_f32(np.r_[xs, xs[::-1]]), y=_f32(np.r_[hi, lo[::-1]]), fill="toself", fillcolor=color,
                      line=dict(width=0), name=name, hoverinfo="skip")


def gp_prior_bounds(y, res):
    """The prior / posterior chart's axes (x0, x1, lo, hi), one y range for both views: the data, the posterior band
    and the prior's band up to a cap (k(x, x) grows without bound for the linear and polynomial kernels). The section
    reads a click against them."""
    ps = res.prior_std
    cap = max(4.0, 3 * float(np.max(np.abs(y))) if len(y) else 0.0)
    lo, hi = _y_range(np.clip(-2 * ps, -cap, None), np.clip(2 * ps, None, cap), y if len(y) else [0.0],
                      np.clip(res.mean - 2 * res.std, -cap, None), np.clip(res.mean + 2 * res.std, None, cap))
    return float(res.xs[0]), float(res.xs[-1]), lo, hi


@cached_figure
def gp_prior_figure(X, y, res, posterior, present=False):
    """Draws from GP(0, k) and its ±2√k(x, x) band, or (posterior) the posterior mean, band and draws over the
    data with the prior's band as dotted lines; the last data point x* marked. The y range is the same in both views
    (the prior's band capped where k(x, x) grows without bound: linear, polynomial)."""
    xs, ps = res.xs, res.prior_std
    fig = go.Figure()
    if posterior:
        edge = np.r_[2 * ps, np.nan, -2 * ps]
        fig.add_trace(go.Scatter(x=_f32(np.r_[xs, np.nan, xs]), y=_f32(edge), mode="lines",
                                 name="prior ± 2√k(x, x)", line=dict(color=PRIOR_COLOR, dash="dot", width=1.5),
                                 hoverinfo="skip"))
        fig.add_trace(_band(xs, res.mean - 2 * res.std, res.mean + 2 * res.std, "m(x) ± 2 std", BAND_COLOR))
        draws, name, mean, mean_name = res.samples, "posterior samples", res.mean, "posterior mean m(x)"
    else:
        fig.add_trace(_band(xs, -2 * ps, 2 * ps, "0 ± 2√k(x, x)", "rgba(136,136,136,0.2)"))
        draws, name, mean, mean_name = res.prior, "prior samples f ~ GP(0, k)", np.zeros_like(xs), "prior mean 0"
    for i, f in enumerate(draws):
        fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(f), mode="lines", name=samples_name(name, len(draws)),
                                 legendgroup="samples",
                                 line=dict(color=SAMPLE_COLORS[i % len(SAMPLE_COLORS)], width=1.5),
                                 showlegend=i == 0, hoverinfo="skip"))
    std = res.std if posterior else ps
    fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(mean), mode="lines", name=mean_name,
                             line=dict(color=POSITIVE if posterior else PRIOR_COLOR, width=3,
                                       dash="solid" if posterior else "dash"),
                             customdata=_f32(std), hovertemplate="x = %{x:.2f}<br>mean = %{y:.3f}<br>std = "
                                                                 "%{customdata:.3f}<extra></extra>"))
    fig.add_trace(_data_trace(X, y, opacity=1.0 if posterior else 0.35))
    if res.probe is not None and posterior:
        fig.add_vline(x=res.probe[0], line=dict(color="black", dash="dot", width=1), annotation_text="x*",
                      annotation_position="top")
    x0, x1, lo, hi = gp_prior_bounds(y, res)
    fig.update_xaxes(title="x", range=[x0, x1])
    fig.update_yaxes(title="f(x)", range=[lo, hi])
    return base_layout(fig, None, height=height("main", present), present=present, showlegend=True,
                       legend=legend(present), meta=dict(chart_width=560))
