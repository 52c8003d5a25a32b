"""Kernel ridge regression: the topic's figure builders (plain data in, figure out; presentation mode passed in as
`present`; fixed axis ranges, float32 arrays)."""
import numpy as np
import plotly.graph_objects as go
import streamlit as st

import ui.sweep
from ui.cache import cache_data
from ui.figures import LEGEND_ABOVE, LEGEND_INSIDE, base_layout, cached_figure, log_x_vline
from ui.theme import ACCENT, NEGATIVE, POSITIVE, TAG_BACKGROUND

DATA_COLOR, TRUTH_COLOR, BAND_COLOR = "#222222", "#999999", "rgba(0,114,178,0.18)"
SAMPLE_COLORS = ("#E69F00", "#CC79A7", "#009E73", "#56B4E9", "#D55E00", "#F0E442", "#999999", "#000000")
STRIP = 0.3            # share of the fit chart's plot height under the data band: the αᵢ stems
# fit_figure's curve and α markers (the subscript i as markup: a 12 px ᵢ reads as "ı")
F_NAME, ALPHA_NAME, ALPHA_SIZE = "f(x) = Σ α<sub>i</sub> k(x<sub>i</sub>, x)", "α<sub>i</sub>", 7
BAND_NAME = "± 2 std (GP, σ² = λ)"   # fit_figure's band (its legend entry last: the legend stays two rows)
COLUMNS = (3, 2)       # a section's main chart and the column beside it (the bar, the section's controls, formulas)
# (normal, presentation) chart heights. The bar sits beside the main chart (settings.frame), so at 1280x720 in
# presentation mode only the navigation and the section's heading (~150 px) are above it: it fills the rest.
HEIGHT = {"fit": (520, 570), "main": (520, 570), "side": (440, 420), "curves": (330, 380),
          "compare": (460, 470),   # Compare A / B's two fits, under the two bars and the legend row
          "under_bar": (330, 230)}  # a curve under the bar beside the main chart: on a projector it ends on screen


def height(kind, present):
    return HEIGHT[kind][bool(present)]


def legend(present):
    """A chart's legend: above the plot area, or inside its top edge in presentation mode, where the plot area
    keeps the chart's height (at least 440 px of a projector's 720)."""
    return LEGEND_INSIDE if present else LEGEND_ABOVE


def latex(body, where=None):
    """st.latex with a thin space at the end: KaTeX lets an aligned block or a final subscript overhang its box by
    ~2 px, which makes the formula's box scroll (it looks cut off) in a column."""
    (where or st).latex(body + r"\;")


def _f32(a):
    return np.asarray(a, dtype=np.float32)


def nice_step(span, count):
    """The smallest of 1, 2, 5 x 10^k that puts at most `count` steps in `span`."""
    raw = span / count
    base = 10 ** np.floor(np.log10(raw))
    return float(next(m * base for m in (1, 2, 5, 10) if m * base >= raw))


def _nice_below(v):
    """The largest of 1, 2, 5 x 10^k that is at most v (> 0): a tick on the αᵢ axis."""
    base = 10 ** np.floor(np.log10(v))
    return float(max(m * base for m in (1, 2, 5) if m * base <= v * (1 + 1e-9)))


def _y_range(*arrays):
    lo = min(float(np.min(a)) for a in arrays)
    hi = max(float(np.max(a)) for a in arrays)
    pad = 0.25 * (hi - lo) + 0.5
    return [lo - pad, hi + pad]


def _data_trace(X, y, name="data", **kw):
    return go.Scatter(x=_f32(X[:, 0]), y=_f32(y), mode="markers", name=name,
                      marker=dict(color=DATA_COLOR, size=8, line=dict(color="white", width=1)),
                      hovertemplate="x = %{x:.3f}<br>y = %{y:.3f}<extra></extra>", **kw)


def fit_floor(layout):
    """The y (data units) where the fit chart's data band ends and the αᵢ strip under it begins."""
    return layout["meta"]["floor"]


def alpha_scale(alpha):
    """The αᵢ strip's scale: m (its axis runs from −m up, the strip STRIP of the plot's height spanning 2m) and the
    tick a (ticks at −a, 0, a)."""
    m = float(np.max(np.abs(alpha))) * 1.15 or 1.0
    return m, _nice_below(m / 1.15)


def band_polygon(xs, f, std, lo, hi):
    """The ± 2 std band as one closed polygon (x, y): along the upper edge f + 2 std, back along the lower edge,
    clipped to the data band [lo, hi] of the fit chart (it never covers the αᵢ strip under it)."""
    return np.r_[xs, xs[::-1]], np.clip(np.r_[f + 2 * std, (f - 2 * std)[::-1]], lo, hi)


def fit_y_range(y, truth=None, reach=None):
    """The fit chart's data band [lo, hi]: the data (and sin x), and, for a kernel whose k(x, x) is one value, the
    band's widest reach ±2√k(x, x) (the prior's, far from the data) with a little room. It does not depend on λ or
    γ, so a live sweep's frames keep the static picture's axes; a band beyond it (e.g. around a curve that
    overshoots the data) is clipped."""
    lo, hi = _y_range(y, truth if truth is not None else y)
    if reach:
        room = reach + 0.05 * (hi - lo)
        lo, hi = min(lo, -room), max(hi, room)
    return lo, hi


@cached_figure
def fit_figure(X, y, xs, f, alpha, truth=False, present=False, chart_height=None, std=None, reach=None, legend=True,
               tag=None):
    """The fitted curve over the data (with sin x when `truth`) and, in a strip under it on the same x axis, the
    dual coefficients αᵢ as stems. One plot area (the strip is an overlaid y axis), so the data band keeps most of
    the chart's height; clicks below `fit_floor` (on the strip) are not data. With `std` (compute.fit_band) the
    ± 2 std band of the GP with σ² = λ under the curve (all NaN: an empty band trace, so a live sweep can draw the
    band at values where there is one); `reach`: fit_y_range's. `legend` False: none (Compare A / B's one row above
    both charts says it); `tag`: a name in the plot's top left corner ("A: …")."""
    truth = np.sin(xs) if truth else None
    lo, hi = fit_y_range(y, truth, reach)
    floor = lo - (hi - lo) * STRIP / (1 - STRIP)
    m, a = alpha_scale(alpha)
    fig = go.Figure()
    if std is not None:   # first: under the curve (and sin x); empty (NaN std) where K + λI is not PD, for a sweep
        shown = bool(np.all(np.isfinite(std)))
        bx, by = band_polygon(xs, f, std, lo, hi) if shown else ([], [])
        fig.add_trace(go.Scatter(x=_f32(bx), y=_f32(by), fill="toself", fillcolor=BAND_COLOR, line=dict(width=0),
                                 mode="lines", name=BAND_NAME, hoverinfo="skip", showlegend=shown, legendrank=1001))
    if truth is not None:
        fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(truth), mode="lines", name="sin x (truth)",
                                 line=dict(color=TRUTH_COLOR, dash="dot", width=2), hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(f), mode="lines", name=F_NAME,
                             line=dict(color=POSITIVE, width=3),
                             hovertemplate="x = %{x:.2f}<br>f(x) = %{y:.3f}<extra></extra>"))
    fig.add_trace(_data_trace(X, y))
    stems_y = np.column_stack([np.zeros_like(alpha), alpha, np.full_like(alpha, np.nan)]).ravel()
    fig.add_trace(go.Scatter(x=_f32(np.repeat(X[:, 0], 3)), y=_f32(stems_y), mode="lines", yaxis="y2",
                             line=dict(color=ACCENT, width=2), hoverinfo="skip", showlegend=False))
    fig.add_trace(go.Scatter(x=_f32(X[:, 0]), y=_f32(alpha), mode="markers", name=ALPHA_NAME, yaxis="y2",
                             marker=dict(color=np.where(alpha < 0, NEGATIVE, ACCENT), size=ALPHA_SIZE),
                             customdata=np.arange(len(alpha), dtype=np.int32), showlegend=False,
                             hovertemplate="point %{customdata}<br>α = %{y:.4g}<extra></extra>"))
    step = nice_step(hi - lo, 5)
    ticks = np.arange(np.ceil(lo / step), np.floor(hi / step) + 1) * step
    fig.update_xaxes(title="x", range=[float(xs[0]), float(xs[-1])])
    fig.update_layout(
        yaxis=dict(title="y", range=[floor, hi], tickvals=ticks.tolist(), ticktext=[f"{t:g}" for t in ticks],
                   zeroline=False),
        yaxis2=dict(overlaying="y", side="left", range=[-m, -m + 2 * m / STRIP], showgrid=False, zeroline=True,
                    zerolinecolor="#BBBBBB", tickvals=[-a, 0.0, a], ticktext=[f"{-a:.3g}", "0", f"{a:.3g}"],
                    tickfont=dict(color=ACCENT)),
        meta=dict(floor=lo, chart_width=900))
    fig.add_shape(type="line", xref="paper", x0=0, x1=1, yref="y", y0=lo, y1=lo, line=dict(color="#888888", width=1))
    fig.add_annotation(xref="paper", x=0.005, yref="y", y=lo, yanchor="top", xanchor="left", showarrow=False,
                       text=f"dual coefficients α<sub>i</sub>: ≥ 0, <span style='color:{NEGATIVE}'>&lt; 0</span>",
                       font=dict(color=ACCENT))   # the α markers' key (a legend entry shows one colour only)
    if tag:   # on a projector two tagged charts side by side keep their height: no x tick labels or title
        fig.add_annotation(text=f"<b>{tag}</b>", xref="paper", yref="paper", x=0.01, y=0.99, xanchor="left",
                           yanchor="top", showarrow=False, bgcolor=TAG_BACKGROUND)
        if present:
            fig.update_xaxes(title=None, showticklabels=False)
    h = chart_height or height("fit", present)
    # the legend inside: the plot area keeps the chart's height
    return base_layout(fig, None, height=h, present=present, showlegend=legend, legend=LEGEND_INSIDE)


def fit_sweep_traces(spec):
    """What a sweep of the fit chart needs of its static figure (fit_figure, as a dict or a ui.figures.Spec): the
    indices of the traces it redraws (the curve f, the stems, the α markers), the main y axis's range [floor, hi],
    and the styles as drawn (the lines' colour and width, the markers' size: larger in presentation mode); then the
    band's trace index (None: no band drawn), its fill colour and the data band's bottom (the band's clip)."""
    d = spec if isinstance(spec, dict) else spec.to_dict()
    data = d["data"]
    named = {t.get("name"): i for i, t in enumerate(data)}
    stems = next(i for i, t in enumerate(data) if t.get("yaxis") == "y2" and t.get("mode") == "lines")
    f, a, band = named[F_NAME], named[ALPHA_NAME], named.get(BAND_NAME)
    line = lambda i: (data[i]["line"]["color"], float(data[i]["line"]["width"]))   # noqa: E731
    return f, stems, a, tuple(float(v) for v in d["layout"]["yaxis"]["range"]), line(f), line(stems), \
        float(data[a]["marker"]["size"]), band, None if band is None else data[band]["fillcolor"], \
        float(fit_floor(d["layout"]))


def _strip_y(alpha, m, floor, hi):
    """α in the main y axis's units: where fit_figure's α axis (from −m, 2m over the strip) draws it."""
    return floor + (np.asarray(alpha, float) + m) * STRIP / (2 * m) * (hi - floor)


@cache_data(max_entries=8)
def fit_sweep_payload(sw, X, traces, chart, slider, label, drag):
    """The frames of compute.Sweep `sw` as ui.sweep's payload, each fit_figure at that value: the ± 2 std band (a
    "fill" layer in the band trace's place, under the curve; empty where K + λI is not positive definite), the curve
    f, the stems and markers of the αᵢ (coloured by sign, on the strip's own scale at that frame, which the α axis's
    tick labels follow); the data and sin x do not change."""
    f_trace, stem_trace, alpha_trace, (floor, hi), (f_color, f_width), (stem_color, stem_width), size, \
        band_trace, band_color, lo = traces
    x = X[:, 0]
    curves, stems, pos, neg, ticks, bands = [], [], [], [], [], []
    if band_trace is not None and sw.S is not None:
        bands = [np.column_stack(band_polygon(sw.xs, f, std, lo, hi)) if np.all(np.isfinite(std)) else
                 np.empty((0, 2)) for f, std in zip(sw.F, sw.S)]
    for f, alpha in zip(sw.F, sw.alphas):
        m, a = alpha_scale(alpha)
        ya, y0 = _strip_y(alpha, m, floor, hi), _strip_y(0.0, m, floor, hi)
        curves.append(np.column_stack([sw.xs, f]))
        stems.append(np.column_stack([np.repeat(x, 3),
                                      np.column_stack([np.full_like(ya, y0), ya, np.full_like(ya, np.nan)]).ravel()]))
        stems[-1][2::3, 0] = np.nan
        for rows, mask in ((pos, alpha >= 0), (neg, alpha < 0)):
            rows.append(np.column_stack([x[mask], ya[mask], np.full(int(mask.sum()), size)]))
        ticks.append([(_strip_y(v, m, floor, hi), t) for v, t in ((-a, f"{-a:.3g}"), (0.0, "0"), (a, f"{a:.3g}"))])
    layers = [ui.sweep.layer(f_trace, "lines", dict(color=f_color, width=f_width, dash="solid"), curves),
              ui.sweep.layer(stem_trace, "lines", dict(color=stem_color, width=stem_width, dash="solid"), stems),
              # the negative αᵢ just before the trace of the markers (not hiding it: the positive ones do)
              ui.sweep.layer(alpha_trace - 0.5, "markers", dict(symbol="circle", color=NEGATIVE, width=0), neg),
              ui.sweep.layer(alpha_trace, "markers", dict(symbol="circle", color=ACCENT, width=0), pos)]
    if bands:
        layers.append(ui.sweep.layer(band_trace, "fill", dict(color=band_color), bands))
    data = ui.sweep.payload(chart, slider, label, sw.values, None, layers, drag=drag)
    data["ticks"] = ui.sweep.axis_ticks("y2", ticks)
    return data


@cached_figure
def cost_figure(n, p, present=False):
    """Operations of the two routes to β against the number of features p, at this n: primal np² + p³/3 (a p × p
    solve), dual n²p + n³/3 (an n × n solve); they cross near p = n."""
    ps = np.unique(np.round(np.geomspace(1, 1e5, 121)))
    primal, dual = n * ps ** 2 + ps ** 3 / 3, n * n * ps + n ** 3 / 3
    fig = go.Figure([
        go.Scatter(x=_f32(ps), y=_f32(primal), mode="lines", name="primal: np² + p³/3", line=dict(color=POSITIVE,
                   width=3), hovertemplate="p = %{x:.0f}<br>%{y:.3g} operations<extra>primal</extra>"),
        go.Scatter(x=_f32(ps), y=_f32(dual), mode="lines", name="dual: n²p + n³/3", line=dict(color=NEGATIVE,
                   width=3), hovertemplate="p = %{x:.0f}<br>%{y:.3g} operations<extra>dual</extra>")])
    here = (n * p * p + p ** 3 / 3, n * n * p + n ** 3 / 3)
    fig.add_trace(go.Scatter(x=[p, p], y=list(here), mode="markers", name=f"p = {p} (the slider)", hoverinfo="skip",
                             marker=dict(color=[POSITIVE, NEGATIVE], size=12, symbol="circle-open", line=dict(width=3))))
    log_x_vline(fig, n, f"p = n = {n}", "bottom right" if present else "top left")   # clear of the legend
    fig.update_xaxes(title="features p (log scale)", type="log", range=[0, 5], dtick=1, tickformat="~g")
    top = float(np.log10(max(primal.max(), dual.max())))
    fig.update_yaxes(title="floating-point operations (log)", type="log", range=[0, top + 0.3], dtick=2,
                     tickformat=".0e")
    return base_layout(fig, None, height=height("main", present), present=present, showlegend=True,
                       legend=legend(present), meta=dict(chart_width=800))


@cached_figure
def semi_figure(X, y, xs, f_rbf, f_both, x_data, present=False):
    fig = go.Figure()
    fig.add_vrect(x0=x_data[0], x1=x_data[1], fillcolor="rgba(0,0,0,0.05)", line_width=0,
                  annotation_text="data", annotation_position="top left")
    fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(f_rbf), mode="lines", name="c₁ RBF only",
                             line=dict(color=NEGATIVE, width=3, dash="dash")))
    fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(f_both), mode="lines", name="c₁ RBF + c₂ linear",
                             line=dict(color=POSITIVE, width=3)))
    fig.add_trace(_data_trace(X, y))
    fig.update_xaxes(title="x", range=[float(xs[0]), float(xs[-1])])
    fig.update_yaxes(title="y", range=_y_range(y, f_both))
    return base_layout(fig, None, height=height("main", present), present=present, showlegend=True,
                       legend=legend(present), meta=dict(chart_width=800))


@cached_figure
def cv_heatmap(res, grid_name, current, present=False):
    """log10 CV error over (grid parameter, λ); the best setting starred, the current one ringed."""
    gvals = np.array([s[grid_name] for s in res.settings])
    Z = _f32(np.log10(res.errors))
    fig = go.Figure(go.Heatmap(x=np.arange(len(gvals), dtype=np.int32), y=np.arange(len(res.lams), dtype=np.int32),
                               z=Z, colorscale="Viridis_r", colorbar=dict(title="log₁₀ CV MSE", thickness=14),
                               showlegend=False, customdata=np.dstack(np.meshgrid(gvals, res.lams)).astype(np.float32),
                               hovertemplate=f"{grid_name} = %{{customdata[0]:.3g}}<br>λ = %{{customdata[1]:.3g}}"
                                             "<br>log₁₀ MSE = %{z:.3f}<extra></extra>"))
    fig.add_trace(go.Contour(x=np.arange(len(gvals)), y=np.arange(len(res.lams)), z=Z, showscale=False,
                             contours_coloring="none", ncontours=8, line=dict(color="white", width=1),
                             hoverinfo="skip", showlegend=False))
    best = (int(np.argmax(gvals == res.best_params[grid_name])), int(np.argmax(res.lams == res.best_lam)))
    fig.add_trace(go.Scatter(x=[best[0]], y=[best[1]], mode="markers", name="best (CV)", hoverinfo="skip",
                             marker=dict(symbol="star", size=20, color="white", line=dict(color="black", width=1.5))))
    cur = (float(np.interp(np.log10(current[0]), np.log10(gvals), np.arange(len(gvals)))),
           float(np.interp(np.log10(max(current[1], res.lams[0])), np.log10(res.lams), np.arange(len(res.lams)))))
    fig.add_trace(go.Scatter(x=[cur[0]], y=[cur[1]], mode="markers", name="current", hoverinfo="skip",
                             marker=dict(symbol="circle-open", size=18, color="red", line=dict(width=3))))
    label = "γ" if grid_name == "gamma" else grid_name
    if present:   # a projector: short tick labels (the exponents of the decades) and no legend (the caption beside
        # the map names the star and the ring), so the map keeps the chart's height
        decades = np.flatnonzero(np.isclose(np.log10(gvals), np.round(np.log10(gvals))))
        fig.update_xaxes(title=f"log₁₀ {label}", tickvals=decades,
                         ticktext=[f"{np.log10(gvals[i]):.0f}".replace("-", "−") for i in decades])
    else:
        fig.update_xaxes(title=f"{label} (log scale)", tickvals=np.arange(len(gvals)),
                         ticktext=[f"{g:g}" for g in gvals])
    fig.update_xaxes(range=[-0.5, len(gvals) - 0.5])
    fig.update_yaxes(title="λ (log scale)", tickvals=np.arange(len(res.lams)), ticktext=[f"{v:g}" for v in res.lams],
                     range=[-0.5, len(res.lams) - 0.5])
    return base_layout(fig, None, height=height("main", present), present=present, showlegend=not present,
                       legend=legend(present), meta=dict(chart_width=700))


@cached_figure
def error_curves(values, train, held_out, current, label, present=False, chart_height=None, keyed=True):
    """Training vs held-out (CV) error along one parameter: the gap is over-fitting, both high is under-fitting.
    `keyed` False: no legend, and "MSE" on the y axis (a small chart beside another with the same two curves, their
    key and the full axis title)."""
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=_f32(values), y=_f32(train), mode="lines+markers", name="training error",
                             line=dict(color=ACCENT, width=3)))
    fig.add_trace(go.Scatter(x=_f32(values), y=_f32(held_out), mode="lines+markers", name="held-out error (CV)",
                             line=dict(color=NEGATIVE, width=3)))
    log_x_vline(fig, current, "current")
    lo, hi = np.log10(max(float(np.min(train)), 1e-6)) - 0.2, np.log10(float(np.max(held_out))) + 0.2
    fig.update_xaxes(title=label, type="log", range=[float(np.log10(values[0])), float(np.log10(values[-1]))],
                     dtick=1, tickformat="~g")
    fig.update_yaxes(title="mean squared error" if keyed else "MSE", type="log", range=[lo, hi], tickformat="~g",
                     dtick=1 if hi - lo > 1.5 else "D2")
    # a section's main chart (its height given) has its legend inside on a projector; a small one keeps it above
    return base_layout(fig, None, height=chart_height or height("curves", present), present=present, showlegend=keyed,
                       legend=legend(present and chart_height is not None))


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
    # one y range for both views: the data, the posterior band, the prior's band up to a cap
    cap = max(4.0, 3 * float(np.max(np.abs(y))) if len(y) else 0.0)
    lo, hi = _y_range(np.clip(-2 * ps, -cap, None), np.clip(2 * ps, None, cap), y if len(y) else [0.0],
                      np.clip(res.mean - 2 * res.std, -cap, None), np.clip(res.mean + 2 * res.std, None, cap))
    fig.update_xaxes(title="x", range=[float(xs[0]), float(xs[-1])])
    fig.update_yaxes(title="f(x)", range=[lo, hi])
    return base_layout(fig, None, height=height("main", present), present=present, showlegend=True,
                       legend=legend(present), meta=dict(chart_width=560))


def legend_items(truth, band):
    """fit_figure's key as ui.legend swatches (sin x when `truth`, the ± 2 std band when `band`), for the one legend
    row over Compare A / B's two fits."""
    from ui import legend as lg

    items = [(lg.line(TRUTH_COLOR, dash=True, width=2), "sin x (truth)")] if truth else []
    items += [(lg.line(POSITIVE, width=3), F_NAME), (lg.dot(DATA_COLOR), "data"),
              (lg.stems(ACCENT, NEGATIVE), f"{ALPHA_NAME} ≥ 0, < 0")]
    return items + ([(lg.band(BAND_COLOR), BAND_NAME)] if band else [])
