"""The Kernels topic's figure builders: plain data in, figure out, presentation mode passed in (`present`), cached
per arguments. Main charts have no title (the section's header names them) and the height of `main_height`, so
their plotting area stays ≥ 440 px tall on a 1280x720 projector."""
import numpy as np
import plotly.graph_objects as go

import kernel_core as kc
import ui.sweep
from ui.cache import cache_data
from ui.figures import builders
from ui.figures.caching import cached_figure
from ui.figures.style import _colorscale, base_layout, under_axis
from ui.theme import DIVERGING, NEGATIVE, POSITIVE

MAIN = {True: 556, False: 480}      # px of a section's main chart: presentation mode / normal
COLUMNS = (5, 3)                    # the picture's column and the one beside it (bar, controls, formula)
SIDE = {True: 300, False: 280}      # px of a chart beside it (a Gram matrix under the main chart)
SLICE = {True: 195, False: 280}     # px of the slice, under the bar, the formula and x₀'s sliders: on screen presenting
SPECTRUM = {True: 245, False: 280}  # px of a spectrum beside it: presenting, its title under the axis (_under_axis)


def main_height(present):
    return MAIN[bool(present)]


@cached_figure
def kernel_surface(xs, Z, x0, present=None):
    """k(x, x₀) over the plane, the reference point x₀ starred."""
    return builders.surface_heatmap.uncached(xs, Z, x0, None, height=main_height(present), present=present)


@cache_data(max_entries=8)
def surface_sweep(xs, values, Zs, chart, slider, label="γ", by="index", drag=True):
    """The frames of a sweep of the kernel (its γ, or its degree m: `label`, `by`, `drag` as ui.sweep.payload) as
    ui.sweep's payload, each kernel_surface at that value: the heatmap (trace 0) in the colour scale kernel_surface
    gives that frame (diverging where it changes sign, sequential where not; the colour bar follows) over that
    frame's range, and its eight level lines (trace 1)."""
    Zs = np.asarray(Zs, np.float32)
    lines = [builders.level_points(xs, xs, Z, np.linspace(float(Z.min()), float(Z.max()), 10)[1:-1]) for Z in Zs]
    layer = ui.sweep.layer(1, "lines", dict(color="white", width=1, dash="solid"), lines)
    return ui.sweep.payload(chart, slider, label, values, ui.sweep.styled_field(0, Zs), [layer], drag=drag, by=by,
                            fmt=_fmt(by))


@cached_figure
def kernel_slice(xs, values, x0_1, title, present=None):
    """The slice through x₀; presenting, its title goes under the x axis, so the short chart keeps its plotting area."""
    fig = builders.slice_line.uncached(xs, values, x0_1, None if present else title, height=SLICE[bool(present)],
                                       present=present)
    if present:   # room over the plot for the line's "x₀"
        fig.update_xaxes(title=under_axis("x₁", title)).update_layout(margin=dict(t=26))
    return fig


@cached_figure
def gram_map(K, y, present=None):
    """The Gram matrix ordered by class (the shared heatmap, at the main chart's height)."""
    fig = builders.gram_heatmap.uncached(K, y, title=None, present=present)
    return fig.update_layout(height=main_height(present))


@cached_figure
def gram_side(K, y, title=None, present=None):
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
def spectrum(ev, title=None, height=None, present=None):
    """Eigenvalues, descending; negative ones red."""
    fig = builders.spectrum_bars.uncached(ev, title, present=present)
    return _under_axis(fig, title, present).update_layout(height=height or SPECTRUM[bool(present)])


DECADES = 6   # a log spectrum's axis spans 6 decades below its top power of ten; smaller |λ| are as good as 0
SUPER = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


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
    return h, [f"10{str(k - DECADES + d).translate(SUPER)}" for d in range(0, DECADES + 1, 2)]


@cached_figure
def log_spectrum(ev, title=None, present=None):
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
def gram_spectrum(ev, title=None, present=None):
    """The Gram section's spectrum: the shared bars on a y axis from 0 with five fixed ticks (spectrum_axis), so
    the γ sweep draws each γ's spectrum exactly as this figure would (spectrum_sweep). ev: PSD up to round-off."""
    fig = spectrum.uncached(ev, title, present=present)
    end, labels = spectrum_axis(np.max(ev))
    return fig.update_yaxes(range=[0, end], tickmode="array", tickvals=list(np.linspace(0, end, 5)), ticktext=labels,
                            autorange=False)


@cache_data(max_entries=8)
def gram_sweep(sw, y, chart, slider, label="γ", by="index"):
    """The Gram matrix of every value of compute.GramSweep `sw` (of γ or the degree m: `label`, `by` as
    ui.sweep.payload) as ui.sweep's payload, each gram_map at that value (the heatmap, trace 0: class-ordered, block
    means above builders.MAX_HEATMAP points, in the colour scale gram_map gives that frame over its range)."""
    order = np.argsort(y, kind="stable")
    Ks = [np.asarray(K[np.ix_(order, order)], np.float32) for K in sw.K]
    if len(order) > builders.MAX_HEATMAP:
        Ks = [builders._block_means(K, builders.MAX_HEATMAP)[0].astype(np.float32) for K in Ks]
    field = ui.sweep.styled_field(0, np.stack([K[::-1] for K in Ks]))   # i down
    return ui.sweep.payload(chart, slider, label, sw.values, field, [], by=by, fmt=_fmt(by))


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
    bars = ui.sweep.layer(0, "bars", style, rows)
    return ui.sweep.payload(chart, slider, label, sw.values, None, [bars], by=by, fmt=_fmt(by))


@cached_figure
def sin_cos_map(xs, Z, present=None):
    """k(x, x′) = sin(x) cos(x′) over [−π, π]²: not symmetric about the diagonal x = x′ (drawn), with Kriege's
    pair (0, π/2) and (π/2, 0) marked."""
    xs = np.asarray(xs, np.float32)
    fig = go.Figure(go.Heatmap(x=xs, y=xs, z=np.asarray(Z, np.float32), **_colorscale(Z),
                               colorbar=dict(title="k", thickness=14),
                               hovertemplate="x = %{y:.2f}, x′ = %{x:.2f}<br>k = %{z:.3f}<extra></extra>"))
    ends = [float(xs[0]), float(xs[-1])]
    fig.add_trace(go.Scatter(x=ends, y=ends, mode="lines", line=dict(color="black", dash="dash", width=2),
                             hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=[np.pi / 2, 0.0], y=[0.0, np.pi / 2], mode="markers+text",
                             text=["k(0, π/2) = 0", "k(π/2, 0) = 1"], textposition=["bottom center", "top center"],
                             textfont=dict(size=16, color="black"),
                             marker=dict(size=14, color="white", line=dict(color="black", width=2)),
                             hoverinfo="skip"))
    fig.update_xaxes(range=ends, title="x′", constrain="domain")
    fig.update_yaxes(range=ends, title="x", scaleanchor="x", constrain="domain")
    return base_layout(fig, None, height=main_height(present), present=present)


@cached_figure
def quadratic_form_map(xs, Q, psd, present=None):
    """k(x, x) = xᵀMx over the plane, with the line where it is 0; red where it is negative (no inner product
    is negative on the diagonal)."""
    xs = np.asarray(xs, np.float32)
    fig = go.Figure(go.Heatmap(x=xs, y=xs, z=np.asarray(Q, np.float32), **_colorscale(Q),
                               colorbar=dict(title="xᵀMx", thickness=14),
                               hovertemplate="x = (%{x:.2f}, %{y:.2f})<br>xᵀMx = %{z:.3f}<extra></extra>"))
    if not psd and float(np.min(Q)) < 0:
        fig.add_trace(builders.level_lines(xs, xs, Q, 0.0, color=NEGATIVE, width=3))
    rng = [float(xs[0]), float(xs[-1])]
    fig.update_xaxes(range=rng, title="x₁", constrain="domain")
    fig.update_yaxes(range=rng, title="x₂", scaleanchor="x", constrain="domain")
    return base_layout(fig, None, height=main_height(present), present=present)


@cached_figure
def data_map(X, y, highlight, present=None):
    """The data set with xᵢ and xⱼ ringed (the geometry section's clickable plane)."""
    return builders.scatter_classes.uncached(X, y, None, height=main_height(present), highlight=highlight,
                                             labels=("xᵢ", "xⱼ"), present=present)


@cached_figure
def subst_gram_map(K, y, present=None):
    """The substituted Gaussian's Gram matrix, on a fixed colour range 0 ... 1 (its values for a valid κ), so a σ
    move shows the matrix sharpening or flattening; a larger range when κ is not PSD and k exceeds 1."""
    fig = builders.gram_heatmap.uncached(K, y, title=None, present=present, colorscale="Viridis", zmin=0.0,
                                         zmax=max(1.0, float(np.max(K))))
    return fig.update_layout(height=main_height(present))


ANOVA_RANGE = (-2.5, 2.5)   # fixed f axis of the ANOVA section (and the map's colour range)


@cached_figure
def anova_map(xs, Z, X, y, labels, present=None):
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
def anova_parts(xs, parts, truth, X, present=None):
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


@cached_figure
def vkv_cells(terms, present=None):
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
def feature_bars(names, w, present=None):
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
def shift_contours(xs, Zs, x0s, d, turned, present=None):
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
