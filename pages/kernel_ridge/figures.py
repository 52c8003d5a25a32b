"""Kernel ridge regression: the topic's figure builders (plain data in, figure out; presentation mode passed in as
`present`; fixed axis ranges, float32 arrays)."""
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

import ui.sweep_payload
from ui.cache import cache_data
from ui.figures import LEGEND_ABOVE, LEGEND_INSIDE, Built, base_layout, cached_figure, log_x_vline, marker_size
from ui.theme import ACCENT, NEGATIVE, POSITIVE, TAG_BACKGROUND

DATA_COLOR, TRUTH_COLOR, BAND_COLOR = "#222222", "#999999", "rgba(0,114,178,0.18)"
STRIP = 0.3            # share of the fit chart's plot height under the data band: the αᵢ stems
# fit_figure's curve and α markers (the subscript i as markup: a 12 px ᵢ reads as "ı")
F_NAME, ALPHA_NAME, ALPHA_SIZE = "f(x) = Σ α<sub>i</sub> k(x<sub>i</sub>, x)", "α<sub>i</sub>", 7
F_LINE, STEM_LINE = (POSITIVE, 3), (ACCENT, 2)   # (colour, width) of the curve f and of the αᵢ stems
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


def fit_bounds(xs, y, truth=False, reach=None):
    """The fit chart's data band (x0, x1, lo, hi): the grid's ends and fit_y_range (with sin x when `truth`). The
    strip of αᵢ lies under lo; the section reads a click against these bounds."""
    lo, hi = fit_y_range(y, np.sin(xs) if truth else None, reach)
    return float(xs[0]), float(xs[-1]), lo, hi


@dataclass(frozen=True)
class FitParts:
    """What fit_figure says of the traces a live sweep redraws, recorded as it adds them: the indices of the curve
    f, the αᵢ stems and markers and of the ± 2 std band (None: not drawn); the main y axis's range (floor, hi) and
    the data band's bottom lo (the band's clip); the curve's and stems' (colour, width), the α markers' size (larger
    on a projector) and the band's fill colour."""
    curve: int
    stems: int
    alpha: int
    band: int | None
    y_range: tuple
    lo: float
    curve_line: tuple = F_LINE
    stem_line: tuple = STEM_LINE
    alpha_size: int = ALPHA_SIZE
    band_color: str = BAND_COLOR


@cached_figure
def fit_figure(X, y, xs, f, alpha, truth=False, present=False, chart_height=None, std=None, reach=None, legend=True,
               tag=None):
    """The fitted curve over the data (with sin x when `truth`) and, in a strip under it on the same x axis, the
    dual coefficients αᵢ as stems. One plot area (the strip is an overlaid y axis), so the data band keeps most of
    the chart's height; clicks below lo (fit_bounds: on the strip) are not data. With `std` (compute.fit_band) the
    ± 2 std band of the GP with σ² = λ under the curve (all NaN: an empty band trace, so a live sweep can draw the
    band at values where there is one); `reach`: fit_y_range's. `legend` False: none (Compare A / B's one row above
    both charts says it); `tag`: a name in the plot's top left corner ("A: …"). Its parts: FitParts."""
    _, _, lo, hi = fit_bounds(xs, y, truth, reach)
    truth = np.sin(xs) if truth else None
    floor = lo - (hi - lo) * STRIP / (1 - STRIP)
    m, a = alpha_scale(alpha)
    fig = go.Figure()
    band = None
    if std is not None:   # first: under the curve (and sin x); empty (NaN std) where K + λI is not PD, for a sweep
        band = len(fig.data)
        shown = bool(np.all(np.isfinite(std)))
        bx, by = band_polygon(xs, f, std, lo, hi) if shown else ([], [])
        fig.add_trace(go.Scatter(x=_f32(bx), y=_f32(by), fill="toself", fillcolor=BAND_COLOR, line=dict(width=0),
                                 mode="lines", name=BAND_NAME, hoverinfo="skip", showlegend=shown, legendrank=1001))
    if truth is not None:
        fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(truth), mode="lines", name="sin x (truth)",
                                 line=dict(color=TRUTH_COLOR, dash="dot", width=2), hoverinfo="skip"))
    curve = len(fig.data)
    fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(f), mode="lines", name=F_NAME,
                             line=dict(color=F_LINE[0], width=F_LINE[1]),
                             hovertemplate="x = %{x:.2f}<br>f(x) = %{y:.3f}<extra></extra>"))
    fig.add_trace(_data_trace(X, y))
    stems_y = np.column_stack([np.zeros_like(alpha), alpha, np.full_like(alpha, np.nan)]).ravel()
    stems = len(fig.data)
    fig.add_trace(go.Scatter(x=_f32(np.repeat(X[:, 0], 3)), y=_f32(stems_y), mode="lines", yaxis="y2",
                             line=dict(color=STEM_LINE[0], width=STEM_LINE[1]), hoverinfo="skip", showlegend=False))
    alphas = len(fig.data)
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
        meta=dict(chart_width=900))
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
    parts = FitParts(curve, stems, alphas, band, (floor, hi), lo, alpha_size=marker_size(ALPHA_SIZE, present))
    # the legend inside: the plot area keeps the chart's height
    return Built(base_layout(fig, None, height=h, present=present, showlegend=legend, legend=LEGEND_INSIDE), parts)


def _strip_y(alpha, m, floor, hi):
    """α in the main y axis's units: where fit_figure's α axis (from −m, 2m over the strip) draws it."""
    return floor + (np.asarray(alpha, float) + m) * STRIP / (2 * m) * (hi - floor)


@cache_data(max_entries=8)
def fit_sweep_payload(sw, X, parts, chart, slider, label, drag):
    """The frames of compute.Sweep `sw` as ui.sweep's payload, each fit_figure at that value (its FitParts:
    `parts`): the ± 2 std band (a "fill" layer in the band trace's place, under the curve; empty where K + λI is not
    positive definite), the curve f, the stems and markers of the αᵢ (coloured by sign, on the strip's own scale at
    that frame, which the α axis's tick labels follow); the data and sin x do not change."""
    (floor, hi), lo, size = parts.y_range, parts.lo, parts.alpha_size
    x = X[:, 0]
    curves, stems, pos, neg, ticks, bands = [], [], [], [], [], []
    if parts.band is not None and sw.S is not None:
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
    (f_color, f_width), (stem_color, stem_width) = parts.curve_line, parts.stem_line
    layers = [ui.sweep_payload.layer(parts.curve, "lines", dict(color=f_color, width=f_width, dash="solid"), curves),
              ui.sweep_payload.layer(parts.stems, "lines", dict(color=stem_color, width=stem_width, dash="solid"),
                                     stems),
              # the negative αᵢ just before the trace of the markers (not hiding it: the positive ones do)
              ui.sweep_payload.layer(parts.alpha - 0.5, "markers", dict(symbol="circle", color=NEGATIVE, width=0), neg),
              ui.sweep_payload.layer(parts.alpha, "markers", dict(symbol="circle", color=ACCENT, width=0), pos)]
    if bands:
        layers.append(ui.sweep_payload.layer(parts.band, "fill", dict(color=parts.band_color), bands))
    data = ui.sweep_payload.payload(chart, slider, label, sw.values, None, layers, drag=drag)
    data["ticks"] = ui.sweep_payload.axis_ticks("y2", ticks)
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
def semi_figure(X, y, xs, f_rbf, f_both, x_data, parts=None, present=False):
    """The RBF-only fit, the RBF + linear fit and, with parts = (c₁f₁, c₂f₂), the sum's two parts (dotted)."""
    fig = go.Figure()
    # the band's name at its foot: the legend stands over its top
    fig.add_vrect(x0=x_data[0], x1=x_data[1], fillcolor="rgba(0,0,0,0.05)", line_width=0,
                  annotation_text="the data's range", annotation_position="bottom left")
    fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(f_rbf), mode="lines", name="c₁ RBF only",
                             line=dict(color=NEGATIVE, width=3, dash="dash")))
    fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(f_both), mode="lines", name="c₁ RBF + c₂ linear",
                             line=dict(color=POSITIVE, width=3)))
    for part, name, colour in zip(parts or (), ("c₁ f₁ (its RBF part)", "c₂ f₂ (its linear part)"),
                                  (POSITIVE, ACCENT)):
        fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(part), mode="lines", name=name,
                                 line=dict(color=colour, width=2, dash="dot")))
    fig.add_trace(_data_trace(X, y))
    fig.update_xaxes(title="x", range=[float(xs[0]), float(xs[-1])])
    fig.update_yaxes(title="y", range=_y_range(y, f_both))
    return base_layout(fig, None, height=height("main", present), present=present, showlegend=True,
                       legend=legend(present), meta=dict(chart_width=800))


def legend_items(truth, band):
    """fit_figure's key as ui.legend swatches (sin x when `truth`, the ± 2 std band when `band`), for the one legend
    row over Compare A / B's two fits."""
    from ui import legend as lg

    items = [(lg.line(TRUTH_COLOR, dash=True, width=2), "sin x (truth)")] if truth else []
    items += [(lg.line(POSITIVE, width=3), F_NAME), (lg.dot(DATA_COLOR), "data"),
              (lg.stems(ACCENT, NEGATIVE), f"{ALPHA_NAME} ≥ 0, < 0")]
    return items + ([(lg.band(BAND_COLOR), BAND_NAME)] if band else [])
