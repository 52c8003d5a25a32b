"""The Kernels topic's figure builders for a kernel and its Gram matrix: k(x, x₀) over the plane and its slice, the
Gram matrix and its spectra, their live sweeps, vᵀKv's cells and the features' bars (why PSD), and the stationarity
probe's contours. Plain data in, figure out, presentation mode passed in (`present`), cached per arguments. Main
charts have no title (the section's header names them) and the height of `main_height`, so their plotting area stays
≥ 440 px tall on a 1280x720 projector. The geometry and non-kernel figures are in figures_geometry.py, those of
kernels made from kernels (substitution, ANOVA) in figures_closure.py."""
import numpy as np
import plotly.graph_objects as go

import kernel_core as kc
import ui.sweep_payload
from ui.cache import cache_data
from ui.figures import builders
from ui.figures.caching import cached_figure
from ui.figures.style import base_layout, power_of_ten, under_axis
from ui.theme import DIVERGING, NEGATIVE, POSITIVE

MAIN = {True: 556, False: 480}      # px of a section's main chart: presentation mode / normal
COLUMNS = (5, 3)                    # the picture's column and the one beside it (bar, controls, formula)
SIDE = {True: 300, False: 280}      # px of a chart beside it (a Gram matrix under the main chart)
SLICE = {True: 195, False: 280}     # px of the slice, under the bar, the formula and x₀'s sliders: on screen presenting
SPECTRUM = {True: 245, False: 280}  # px of a spectrum beside it: presenting, its title under the axis (_under_axis)


def main_height(present):
    return MAIN[bool(present)]


@cached_figure
def kernel_surface(xs, Z, x0, present=False):
    """k(x, x₀) over the plane, the reference point x₀ starred."""
    return builders.surface_heatmap.uncached(xs, Z, x0, None, height=main_height(present), present=present)


@cache_data(max_entries=8)
def surface_sweep(xs, values, Zs, chart, slider, label="γ", by="index", drag=True):
    """The frames of a sweep of the kernel (its γ, or its degree m: `label`, `by`, `drag` as ui.sweep_payload.payload) as
    ui.sweep's payload, each kernel_surface at that value: the heatmap (trace 0) in the colour scale kernel_surface
    gives that frame (diverging where it changes sign, sequential where not; the colour bar follows) over that
    frame's range, and its eight level lines (trace 1)."""
    Zs = np.asarray(Zs, np.float32)
    lines = [builders.level_points(xs, xs, Z, np.linspace(float(Z.min()), float(Z.max()), 10)[1:-1]) for Z in Zs]
    layer = ui.sweep_payload.layer(1, "lines", dict(color="white", width=1, dash="solid"), lines)
    return ui.sweep_payload.payload(chart, slider, label, values, ui.sweep_payload.styled_field(0, Zs), [layer], drag=drag, by=by,
                            fmt=_fmt(by))


@cached_figure
def kernel_slice(xs, values, x0_1, title, present=False):
    """The slice through x₀; presenting, its title goes under the x axis, so the short chart keeps its plotting area."""
    fig = builders.slice_line.uncached(xs, values, x0_1, None if present else title, height=SLICE[bool(present)],
                                       present=present)
    if present:   # room over the plot for the line's "x₀"
        fig.update_xaxes(title=under_axis("x₁", title)).update_layout(margin=dict(t=26))
    return fig


@cached_figure
def gram_map(K, y, present=False):
    """The Gram matrix ordered by class (the shared heatmap, at the main chart's height)."""
    fig = builders.gram_heatmap.uncached(K, y, title=None, present=present)
    return fig.update_layout(height=main_height(present))


@cached_figure
def gram_side(K, y, title=None, present=False):
    """The Gram matrix ordered by class, at a side chart's height (under a section's main chart)."""
    fig = builders.gram_heatmap.uncached(K, y, title=title, present=present)
    return fig.update_layout(height=SIDE[bool(present)])


def _under_axis(fig, title, present):
    """Presenting, a side chart's title stands under its x axis ("index · eigenvalues of K, descending"): the ~45 px
    a title takes over the plot go to the plot, and what follows the chart ends on the projector's first screen."""
    if present and title:
        fig.update_layout(title=None, margin=dict(t=10)).update_xaxes(title=under_axis("index", title))
    return fig


@cached_figure
def spectrum(ev, title=None, height=None, present=False):
    """Eigenvalues, descending; negative ones red."""
    fig = builders.spectrum_bars.uncached(ev, title, present=present)
    return _under_axis(fig, title, present).update_layout(height=height or SPECTRUM[bool(present)])


DECADES = 6   # a log spectrum's axis spans 6 decades below its top power of ten; smaller |λ| are as good as 0


def log_bars(ev):
    """The bars of a log spectrum drawn on a linear axis of decades, so the live sweep's bars (from 0 to y) and the
    static figure are one drawing: (h, ticks). h[i] = log10(|λᵢ| / floor) ≥ 0, negated where λᵢ is significantly
    negative (below −PSD_RTOL·max|λ|: drawn red, as tall as |λᵢ|); floor = 10^(k − DECADES), 10^k the smallest power
    of ten ≥ max|λ|; ticks: the labels of the decades 0, 2, 4, 6 (10^(k−6) … 10^k)."""
    ev = np.asarray(ev, float)
    top = max(float(np.abs(ev).max()), 1e-300)
    k = int(np.ceil(np.log10(top) - 1e-9))
    h = np.clip(np.log10(np.maximum(np.abs(ev), 1e-300)) - (k - DECADES), 0.0, None)
    h = np.where(ev < -kc.PSD_RTOL * top, -h, h)
    return h, [power_of_ten(k - DECADES + d) for d in range(0, DECADES + 1, 2)]


@cached_figure
def log_spectrum(ev, title=None, present=False):
    """|λ| on a log scale, descending, the significantly negative ones red: the decay over the decades that a linear
    axis squeezes into one spike at λ₁. Drawn as log_bars (a linear axis of decades, labelled 10^k), which the γ
    sweep redraws frame by frame (spectrum_sweep)."""
    ev = np.asarray(ev, float)
    h, ticks = log_bars(ev)
    red = (ev < -kc.PSD_RTOL * np.abs(ev).max()).astype(np.int8)   # significantly negative (at the floor too)
    fig = go.Figure(go.Bar(x=np.arange(1, len(ev) + 1, dtype=np.int32), y=np.abs(h).astype(np.float32),
                           customdata=ev.astype(np.float32),
                           marker=dict(color=red, colorscale=[[0, POSITIVE], [1, NEGATIVE]], cmin=0, cmax=1),
                           hovertemplate="λ_%{x} = %{customdata:.4g}<extra></extra>"))
    fig.update_xaxes(title="index")
    fig.update_yaxes(title="|λ| (log scale)", range=[0, DECADES + 0.2], autorange=False, tickmode="array",
                     tickvals=list(range(0, DECADES + 1, 2)), ticktext=ticks)
    fig = base_layout(fig, title, height=SPECTRUM[bool(present)], present=present, bargap=builders.SPECTRUM_BARGAP)
    return _under_axis(fig, title, present)


TOPS = (1, 2, 4, 6, 8, 10)   # a fixed-tick spectrum's axis ends at one of these × 10^k: four readable steps


def spectrum_axis(top):
    """The y axis of a spectrum whose largest eigenvalue is `top`: (end, the five tick labels 0 … end)."""
    top = max(float(top), 1e-300) * 1.02
    k = np.floor(np.log10(top))
    end = next(t for t in TOPS if t * 10 ** k >= top * (1 - 1e-9)) * 10 ** k
    return float(end), [f"{v:.4g}" for v in np.linspace(0, end, 5)]


def psd_like(ev):
    """No eigenvalue below 0 beyond round-off (a fixed-tick spectrum from 0 shows them all)."""
    ev = np.asarray(ev, float)
    return float(ev.min()) >= -1e-9 * max(float(np.abs(ev).max()), 1e-300)


@cached_figure
def gram_spectrum(ev, title=None, present=False):
    """The Gram section's spectrum: the shared bars on a y axis from 0 with five fixed ticks (spectrum_axis), so
    the γ sweep draws each γ's spectrum exactly as this figure would (spectrum_sweep). ev: PSD up to round-off."""
    fig = spectrum.uncached(ev, title, present=present)
    end, labels = spectrum_axis(np.max(ev))
    return fig.update_yaxes(range=[0, end], tickmode="array", tickvals=list(np.linspace(0, end, 5)), ticktext=labels,
                            autorange=False)


@cache_data(max_entries=8)
def gram_sweep(sw, y, chart, slider, label="γ", by="index"):
    """The Gram matrix of every value of compute.GramSweep `sw` (of γ or the degree m: `label`, `by` as
    ui.sweep_payload.payload) as ui.sweep's payload, each gram_map at that value (the heatmap, trace 0: class-ordered, block
    means above builders.MAX_HEATMAP points, in the colour scale gram_map gives that frame over its range)."""
    order = np.argsort(y, kind="stable")
    Ks = [np.asarray(K[np.ix_(order, order)], np.float32) for K in sw.K]
    if len(order) > builders.MAX_HEATMAP:
        Ks = [builders._block_means(K, builders.MAX_HEATMAP)[0].astype(np.float32) for K in Ks]
    field = ui.sweep_payload.styled_field(0, np.stack([K[::-1] for K in Ks]))   # i down
    return ui.sweep_payload.payload(chart, slider, label, sw.values, field, [], by=by, fmt=_fmt(by))


def _fmt(by):
    return "{:g}" if by == "index" else "{:.0f}"


@cache_data(max_entries=8)
def spectrum_sweep(sw, chart, slider, label="γ", by="index", log=False):
    """The spectrum of every value of `sw` as ui.sweep's payload (trace 0, a "bars" layer, negative ones red).
    log: each frame as log_spectrum draws it (log_bars: heights in decades, the sign of each row the bar's colour,
    style.magnitude; each frame's tick labels, style.ticks). Otherwise each gram_spectrum at that value, the bars
    scaled into the static axis (style.tops: each frame's axis end) -- None then unless every frame is PSD up to
    round-off (a linear axis from 0 has no room below it)."""
    x = np.arange(1, sw.ev.shape[1] + 1)
    style = dict(color=POSITIVE, negative=NEGATIVE, width=1 - builders.SPECTRUM_BARGAP)
    if log:
        frames = [log_bars(ev) for ev in sw.ev]
        style |= dict(magnitude=True, ticks=[ticks for _, ticks in frames])
        rows = [np.column_stack([x, h]) for h, _ in frames]
    else:
        if not all(psd_like(ev) for ev in sw.ev):
            return None
        axes = [spectrum_axis(np.max(ev)) for ev in sw.ev]
        style |= dict(tops=[end for end, _ in axes], ticks=[labels for _, labels in axes])
        rows = [np.column_stack([x, ev]) for ev in sw.ev]
    bars = ui.sweep_payload.layer(0, "bars", style, rows)
    return ui.sweep_payload.payload(chart, slider, label, sw.values, None, [bars], by=by, fmt=_fmt(by))


@cached_figure
def vkv_cells(terms, present=False):
    """The n x n cells vᵢ vⱼ k(xᵢ, xⱼ) with their values: their sum is vᵀKv (diverging colours around 0)."""
    terms = np.asarray(terms, np.float32)
    n = len(terms)
    m = max(float(np.max(np.abs(terms))), 1e-30)
    labels = np.array([f"x{subscript(i + 1)}" for i in range(n)])
    fig = go.Figure(go.Heatmap(x=labels, y=labels, z=terms, colorscale=DIVERGING, zmin=-m, zmax=m,
                               text=np.vectorize(lambda t: f"{t:.3g}")(terms), texttemplate="%{text}",
                               textfont=dict(size=18 if present else 14),
                               colorbar=dict(title="vᵢvⱼK[i,j]", thickness=14),
                               hovertemplate="i = %{y}, j = %{x}<br>vᵢ vⱼ k(xᵢ, xⱼ) = %{z:.4g}<extra></extra>"))
    fig.update_xaxes(constrain="domain")     # columns xⱼ, rows xᵢ (hover names i and j)
    fig.update_yaxes(autorange="reversed", scaleanchor="x", constrain="domain")
    return base_layout(fig, None, height=main_height(present), present=present)


@cached_figure
def feature_bars(names, w, present=False):
    """The components of w = Σᵢ vᵢ φ(xᵢ): the sum of their squares is ‖w‖² = vᵀKv."""
    w = np.asarray(w, np.float32)
    fig = go.Figure(go.Bar(x=list(names), y=w, marker_color=np.where(w < 0, NEGATIVE, POSITIVE),
                           hovertemplate="%{x}: %{y:.4g}<extra></extra>"))
    fig.add_hline(y=0, line=dict(color="black", width=1))
    fig.update_yaxes(title="component of Σ vᵢ φ(xᵢ)")
    return base_layout(fig, None, height=SIDE[bool(present)], present=present, bargap=0.1)


def subscript(i):
    """1 -> "₁" (the points x₁ … xₙ)."""
    return str(i).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


PROBE_COLORS = ("#0072B2", "#D55E00", "#009E73")   # one colour per reference point x₀ of the stationarity picture


@cached_figure
def shift_contours(xs, Zs, x0s, d, turned, present=False):
    """k(·, x₀) for three reference points x₀ as contour lines (each surface at its 75th, 90th and 97th percentile,
    the region most similar to x₀), x₀ starred, x₀ + d a dot and x₀ + Rd a square in x₀'s colour. A stationary kernel
    draws the same contours three times, shifted; a radial one draws circles."""
    from ui.figures.builders import level_lines

    fig = go.Figure()
    for i, (Z, x0) in enumerate(zip(Zs, x0s)):
        colour = PROBE_COLORS[i % len(PROBE_COLORS)]
        levels = [float(v) for v in np.quantile(Z, (0.75, 0.9, 0.97))]
        line = level_lines(xs, xs, Z, levels, color=colour, width=2.5)
        line.update(name=f"k(x, x₀⁽{i + 1}⁾)".replace("⁽1⁾", "⁽¹⁾").replace("⁽2⁾", "⁽²⁾").replace("⁽3⁾", "⁽³⁾"),
                    showlegend=True)
        fig.add_trace(line)
        px = np.array([x0, np.add(x0, d), np.add(x0, turned)], np.float32)
        fig.add_trace(go.Scatter(x=px[:, 0], y=px[:, 1], mode="markers", showlegend=False,
                                 marker=dict(symbol=["star", "circle", "square"], size=[16, 10, 10], color=colour,
                                             line=dict(color="black", width=1)),
                                 text=["x₀", "x₀ + d", "x₀ + Rd"], hovertemplate="%{text}<extra></extra>"))
    fig.update_xaxes(range=[float(xs[0]), float(xs[-1])], title="x₁", constrain="domain", constraintoward="left")
    # both axes keep the plane's range and shrink their domain to stay square (a phone's tall column would otherwise
    # stretch the y range to ±10)
    fig.update_yaxes(range=[float(xs[0]), float(xs[-1])], title="x₂", scaleanchor="x", constrain="domain")
    # The square plane stands at the left of its box (next to its y tick labels) and the legend at the box's top right,
    # in the width the plane leaves (over the plane's corner only in a box no wider than the plane): a legend at the
    # box's left lay over the y tick labels (the plane is narrower than its box), and one beside the box (x >= 1)
    # takes a margin off the width the plane needs to keep a 440 px plotting area on a projector. Presenting, 12 px
    # more height (434 px under the larger tick labels).
    return base_layout(fig, None, height=main_height(present) + (12 if present else 0), present=present,
                       showlegend=True, legend=dict(orientation="v", x=0.999, xanchor="right", y=1, yanchor="top",
                                                    bgcolor="rgba(255,255,255,0.8)"))
