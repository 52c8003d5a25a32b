"""The Mercer topic's figure builders: plain data in, figure out; presentation mode passed in as `present`."""
import math
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

import ui.sweep_payload
from ui.cache import cache_data
from ui.figures import CHART_CONFIG, Built, add_classes, base_layout, cached_figure, decision_map, under_axis
from ui.ranges import MERCER as R
from ui.theme import ACCENT, CLASS_STYLE, NEGATIVE, POSITIVE

from .compute import shown_rows

CONFIG = {**CHART_CONFIG, "scrollZoom": False}  # PNG download only; the wheel scrolls the page past the 3-D lift


def main_height(present):
    """Height of a section's main chart: its plot area stays >= 440 px on a 1280x720 projector (a
    log x axis reserves a little more room for its labels: ui.figures.margins)."""
    return 568 if present else 520


def main_title(title, present):
    """A main chart's title: none on the projector, where the section's heading above says what the chart shows and
    the chart's full height goes to the plot."""
    return None if present else title



def _layout(fig, title, present, **kw):
    """base_layout, keeping 3-D markers small: presentation mode's large markers would bury a 3-D cloud."""
    sizes = [t.marker.size if t.type == "scatter3d" else None for t in fig.data]
    fig = base_layout(fig, title, present=present, **kw)
    for trace, size in zip(fig.data, sizes):
        if size is not None:
            trace.marker.size = size * (1.5 if present else 1)
    return fig


# ------------------------------------------------------------------ the map φ
@cached_figure
def feature_bars(names, px, py, title, present=False):
    """φᵢ(x), φᵢ(y) and their product per feature (in Held's order): the products add up to k(x, y)."""
    fig = go.Figure()
    for vals, name, color in ((px, "φᵢ(x)", POSITIVE), (py, "φᵢ(y)", CLASS_STYLE[-1]["color"]),
                              (px * py, "φᵢ(x)·φᵢ(y)", ACCENT)):
        fig.add_trace(go.Bar(x=list(names), y=np.asarray(vals, np.float32), name=name, marker_color=color,
                             hovertemplate="%{x}: %{y:.4g}<extra>" + name + "</extra>"))
    fig.add_hline(y=0, line=dict(color="black", width=1))
    fig.update_xaxes(type="category", tickangle=-45 if len(names) > 8 else 0)
    return base_layout(fig, main_title(title, present), height=main_height(present), present=present, barmode="group", showlegend=True,
                       legend=dict(x=1, xanchor="right", y=1, yanchor="top", bgcolor="rgba(255,255,255,0.8)"))


# ------------------------------------------------------------------ the lift
# The lift's camera: nearly along the z₂ = √2·x₁x₂ axis, the plane edge-on. Presenting (a wide, short chart), the eye
# is closer and the cube a little higher, so it fills the chart's height; on a laptop or a phone (a narrow chart) the
# closer eye would cut the cube at the sides.
CAMERA = {False: dict(eye=dict(x=0.45, y=-2.1, z=0.4)),
          True: dict(eye=dict(x=0.41, y=-1.95, z=0.37), center=dict(x=0, y=0, z=-0.12))}


@cached_figure
def lift_3d(Phi, y, w, b, present=False):
    """The lifted points in (x₁², √2·x₁x₂, x₂²) and the plane w·z + b = 0, clipped to the box."""
    box = R["lift_box3d"] ** 2
    lo = np.array([0.0, -box / math.sqrt(2), 0.0])
    hi = np.array([box, box / math.sqrt(2), box])
    fig = go.Figure()
    for label, style in CLASS_STYLE.items():
        P = Phi[y == label].astype(np.float32)
        fig.add_trace(go.Scatter3d(x=P[:, 0], y=P[:, 1], z=P[:, 2], mode="markers", name=style["name"],
                                   marker=dict(size=2.5 if style["symbol"] == "x" else 3.5, color=style["color"],
                                               symbol="x" if style["symbol"] == "x" else "circle"),
                                   hovertemplate="z = φ(x) = (%{x:.2f}, %{y:.2f}, %{z:.2f})<extra></extra>"))
    k = int(np.argmax(np.abs(w)))
    if abs(w[k]) > 1e-12:  # solve the plane for its steepest coordinate over a grid of the other two
        i, j = [a for a in range(3) if a != k]
        gi, gj = np.meshgrid(np.linspace(lo[i], hi[i], 30), np.linspace(lo[j], hi[j], 30))
        gk = -(b + w[i] * gi + w[j] * gj) / w[k]
        gk[(gk < lo[k]) | (gk > hi[k])] = np.nan
        axes = {i: gi, j: gj, k: gk}
        fig.add_trace(go.Surface(x=axes[0].astype(np.float32), y=axes[1].astype(np.float32),
                                 z=axes[2].astype(np.float32), showscale=False, opacity=0.45,
                                 colorscale=[[0, ACCENT], [1, ACCENT]], name="plane", hoverinfo="skip"))
    # the axes named z₁, z₂, z₃ as in the plane's equation beside the chart (the section's text maps them to x₁²,
    # √2x₁x₂, x₂²): a 3-D axis title stands where Plotly puts it, and "√2·x₁x₂" ran over its own tick labels
    scene = dict(xaxis=dict(title="z₁", range=[lo[0], hi[0]]), yaxis=dict(title="z₂", range=[lo[1], hi[1]]),
                 zaxis=dict(title="z₃", range=[lo[2], hi[2]]), aspectmode="cube",
                 camera=CAMERA[bool(present)])
    # (the legend's symbols at their normal size, not the 3-D markers' few pixels)
    fig = _layout(fig, main_title("Lifted: z = φ(x) and the separating plane", present), present,
                  height=main_height(present), scene=scene, showlegend=True,
                  legend=dict(x=0, y=1, itemsizing="constant"))
    return fig.update_layout(margin=dict(l=0, r=0, t=10 if present else 50, b=0))


@cached_figure
def ellipse_map(xs, Z, X, y, title, present=False):
    """f(x) = w·φ(x) + b over the plane; its zero line is the plane mapped back: a conic around 0. Presenting, it
    stands under the bar and the plane's equation and ends on the first screen: no colour bar (the black zero line is
    the point), and its title under the x axis."""
    fig = decision_map(xs, xs, Z, X, y, title=None if present else title, levels=(0.0,),
                       height=215 if present else 330, zlabel="f(x)", present=present).figure
    if present:
        fig.update_traces(showscale=False, selector=dict(type="heatmap")).update_xaxes(title=under_axis("x₁", title))
    return fig


# ------------------------------------------------------------------ the explosion
@cached_figure
def explosion_plot(d, m, present=False):
    """Width C(d+m, m) of the degree-≤m map against d (log-log), one line per degree; the choice marked."""
    ds = np.unique(np.geomspace(1, 1e5, 60).round()).astype(np.int64)
    fig = go.Figure()
    for deg in range(R["m"][0], R["m"][1] + 1):
        # float64, not float32: C(d+m, m) reaches 10^43, beyond float32's 3.4 x 10^38
        fig.add_trace(go.Scatter(x=ds.astype(np.float32),
                                 y=np.array([math.comb(int(v) + deg, deg) for v in ds], np.float64),
                                 mode="lines", name=f"m = {deg}", line=dict(width=3.5 if deg == m else 1.2),
                                 hovertemplate="d = %{x:,}<br>C(d+m, m) = %{y:.3s}<extra>m = " + str(deg) + "</extra>"))
    fig.add_trace(go.Scatter(x=np.array([d], np.float32), y=np.array([float(math.comb(d + m, m))], np.float64),
                             mode="markers", name="your d, m", marker=dict(size=14, color="black", symbol="star"),
                             hovertemplate="d = %{x:,}, m = " + str(m) + "<br>%{y:,.0f} features<extra></extra>"))
    fig.add_annotation(x=4, y=math.log10(50_015_001), text="Kriege: d = 10 000, k = 2 (his k is m here)", showarrow=True, ax=-110,
                       ay=-50, bgcolor="rgba(255,255,255,0.9)")
    fig.update_xaxes(type="log", title="d (input dimension)", range=[0, 5])
    fig.update_yaxes(type="log", title="features C(d+m, m)", range=[0, 45], exponentformat="power")
    return base_layout(fig, main_title("The feature explosion", present), height=main_height(present), present=present, showlegend=True)


# ------------------------------------------------------------------ the eigen map
@cached_figure
def spectrum_and_error(ev, curve, q, title, present=False):
    """Eigenvalues of K (negative ones red; the q kept solid, the rest faded) and, on the right axis, the relative
    reconstruction error after keeping the first q: one picture, read at the same index."""
    ev = np.asarray(ev, np.float32)
    n_show = min(len(ev), 40)
    colors = np.where(ev < 0, NEGATIVE, POSITIVE)
    opacity = np.where(np.arange(len(ev)) < q, 1.0, 0.35).astype(np.float32)
    fig = go.Figure(go.Bar(x=np.arange(1, len(ev) + 1, dtype=np.int32), y=ev, name="eigenvalue λᵢ",
                           marker=dict(color=colors, opacity=opacity),
                           hovertemplate="λ_%{x} = %{y:.4g}<extra></extra>"))
    fig.add_trace(go.Scatter(x=np.arange(len(curve), dtype=np.int32), y=np.asarray(curve, np.float32), yaxis="y2",
                             mode="lines+markers", marker=dict(size=5), line=dict(color=ACCENT, width=2.5),
                             name="error after keeping q",
                             hovertemplate="q = %{x}<br>error = %{y:.3g}<extra></extra>"))
    fig.add_hline(y=0, line=dict(color="black", width=1))
    fig.add_vline(x=q + 0.5, line=dict(color="black", dash="dot"), annotation_text=f"q = {q}",
                  annotation_position="top right")
    fig.update_xaxes(title="index i (bars) = components kept q (line)", range=[0.5, n_show + 0.5])
    fig.update_yaxes(title="λᵢ")
    # both axes' zero on one line: the error axis (0 to 1.05) starts as far below its 0 as the eigenvalues do
    top = max(float(ev.max()), 0.0) * 1.05 or 1.0
    low = min(float(ev.min()), 0.0) * 1.1
    below = -low / (top - low)
    fig.update_yaxes(range=[low, top])
    fig.update_layout(yaxis2=dict(title="‖K − ΦΦᵀ‖ / ‖K‖", overlaying="y", side="right", showgrid=False,
                                  range=[-below * 1.05 / (1 - below), 1.05], tickmode="auto", tickformat=".1f"))
    return base_layout(fig, main_title(title, present), height=main_height(present), present=present, bargap=0.1, showlegend=True,
                       legend=dict(x=0.99, xanchor="right", y=0.6, yanchor="middle", bgcolor="rgba(255,255,255,0.8)"))


@cached_figure
def eigen_scatter(Phi, y, title, present=False):
    """The data in its first two eigen features (φ₁, φ₂)."""
    P = np.zeros((len(y), 2))
    P[:, :min(2, Phi.shape[1])] = Phi[:, :2]
    fig = add_classes(go.Figure(), P, y, size=7)
    lim = float(np.max(np.abs(P))) * 1.1 or 1.0
    fig.update_xaxes(title="φ₁(x) = √λ₁ V[:, 1]", range=[-lim, lim], constrain="domain")
    fig.update_yaxes(title="φ₂(x) = √λ₂ V[:, 2]", range=[-lim, lim], scaleanchor="x")
    return base_layout(fig, title, height=380, present=present)


# ------------------------------------------------------------------ finite maps of the RBF kernel
@cached_figure
def error_vs_features(rff, nystroem, D, title, present=False):
    """Relative error of K ≈ ZZᵀ against the number of features: (sizes, mean, sd) of each method, 1/√D guide."""
    fig = go.Figure()
    for (sizes, mean, sd), label, color in ((rff, "random Fourier features", POSITIVE), (nystroem, "Nyström", ACCENT)):
        fig.add_trace(go.Scatter(x=np.asarray(sizes, np.float32), y=np.asarray(mean, np.float32), name=label,
                                 mode="lines+markers", line=dict(color=color, width=3),
                                 # on a log axis a whisker below zero would run off the chart: it stops at a
                                 # tenth of the mean
                                 error_y=dict(type="data", array=np.asarray(sd, np.float32), visible=True,
                                              arrayminus=np.minimum(sd, 0.9 * np.asarray(mean)).astype(np.float32)),
                                 hovertemplate="D = %{x}<br>error = %{y:.3g}<extra>" + label + "</extra>"))
    sizes, mean, _ = rff
    guide = mean[0] * np.sqrt(sizes[0] / np.asarray(sizes, np.float64))  # the Monte-Carlo rate, through the first point
    fig.add_trace(go.Scatter(x=np.asarray(sizes, np.float32), y=guide.astype(np.float32), name="∝ 1/√D", mode="lines",
                             line=dict(color="grey", dash="dash", width=1.5), hoverinfo="skip"))
    fig.add_vline(x=D, line=dict(color="black", dash="dot"))
    ticks = [2, 5, 10, 20, 50, 100, 200]   # each written in full (Plotly's own labels read "2 5 10 2 5 100 2")
    fig.update_xaxes(type="log", title="number of features D (Nyström: landmarks m)", range=[0.2, 2.4],
                     tickvals=ticks, ticktext=[str(t) for t in ticks])
    smallest = min((float(v) for v in (*rff[1], *nystroem[1]) if v > 0), default=1.0)
    fig.update_yaxes(type="log", title="relative error ‖K − ZZᵀ‖ / ‖K‖", exponentformat="power",
                     range=[min(-7.0, np.floor(np.log10(smallest)) - 0.3), 0.3])
    return base_layout(fig, main_title(title, present), height=main_height(present), present=present,
                       showlegend=True, legend=dict(x=0.01, y=0.02))


GAP = 2   # columns of 0 (white) between the triptych's matrices


def triptych(K, K_rff, K_nys):
    """The three matrices (at the shown rows) side by side in one, GAP white columns (k = 0) between them."""
    gap = np.zeros((len(K), GAP), np.float32)
    return np.hstack([np.asarray(K, np.float32), gap, np.asarray(K_rff, np.float32), gap,
                      np.asarray(K_nys, np.float32)])


TRIPTYCH_SCALE = "RdBu_r"   # the triptych's colour scale, on the fixed range −1 … 1


@dataclass(frozen=True)
class TriptychParts:
    """Where gram_triptych put what a live sweep of D redraws (recorded as it added it): the one heatmap, and its
    colour scale."""
    heat: int
    colorscale: str


@cached_figure
def gram_triptych(K, K_rff, K_nys, y, titles, present=False):
    """The exact RBF Gram matrix and its two approximations side by side, rows and columns ordered by class, one
    colour scale (−1 to 1) for all three: blue cells are negative similarities the exact kernel never gives. One
    heatmap (the live sweep of D redraws it whole), each matrix's name under it. Returns Built(figure,
    TriptychParts)."""
    keep = shown_rows(y)
    M = triptych(*(A[np.ix_(keep, keep)] for A in (K, K_rff, K_nys)))
    c = len(keep)
    fig = go.Figure()
    parts = TriptychParts(len(fig.data), TRIPTYCH_SCALE)
    fig.add_trace(go.Heatmap(z=M, colorscale=TRIPTYCH_SCALE, zmin=-1.0, zmax=1.0,
                             colorbar=dict(title="k", thickness=14), hovertemplate="K[i, j] = %{z:.4f}<extra></extra>"))
    # fixed ranges (a phone's layout reads the matrices' 3 : 1 shape off them, ui/phone_layout.js) and both axes
    # constrained to their domain: whichever way the chart is wider than 3 : 1, the matrices keep their shape
    fig.update_yaxes(range=[c - 0.5, -0.5], showticklabels=False, showgrid=False, zeroline=False, scaleanchor="x",
                     constrain="domain")
    fig.update_xaxes(range=[-0.5, 3 * c + 2 * GAP - 0.5], showticklabels=False, showgrid=False, zeroline=False,
                     constrain="domain", title=" ")   # an axis title's room under the matrices, for their names
    # (two lines each: side by side on a phone, one line each ran into the next)
    for i, title in enumerate(titles):   # right under the matrices, wherever the domain puts them
        fig.add_annotation(x=i * (c + GAP) + (c - 1) / 2, y=0, yref="y domain", yanchor="top", yshift=-6,
                           text=title, showarrow=False)
    # a title also gives the live sweep's sign its room above the matrices (nothing of the section's over it)
    # dragmode off: a sideways drag sweeps D (ui.sweep), it must not also draw Plotly's zoom box
    return Built(base_layout(fig, "The exact K and its two approximations ZZᵀ, on one colour scale",
                             present=present, height=380 if present else 350, dragmode=False), parts)


@cache_data(max_entries=8)
def approx_sweep_payload(sw, parts, chart, slider):
    """The frames of compute.ApproxSweep `sw` as ui.sweep's payload: each the triptych (gram_triptych, whose
    TriptychParts are `parts`) at that D, its one heatmap on the fixed scale −1 … 1."""
    Ms = np.stack([triptych(sw.K, r, n) for r, n in zip(sw.K_rff, sw.K_nys)])
    # rows top first as the chart shows them (y reversed): ui.sweep_payload.field takes rows of increasing y and flips them
    field = ui.sweep_payload.field(parts.heat, Ms[:, ::-1, :], [(-1.0, 1.0)] * len(Ms), parts.colorscale)
    return {**approx_sweep_meta(chart, slider), "field": field}


def approx_sweep_meta(chart, slider):
    """The sweep of D without its frames (ui.sweep computes them only when it sends them)."""
    return ui.sweep_payload.payload(chart, slider, "D", R["approx_sizes"], drag=True)
