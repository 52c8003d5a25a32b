"""The Mercer page's cached calls into kernel_core.feature_maps and its Plotly figures."""
import math

import numpy as np
import plotly.graph_objects as go

import kernel_core as kc
from kernel_core import feature_maps as fm

from . import compute
from .cache import cache_data
from .classroom import presenting
from .figures import CHART_CONFIG, add_classes, base_layout, cached_figure, decision_map
from .ranges import MERCER
from .theme import ACCENT, CLASS_STYLE, NEGATIVE, POSITIVE

ENTRIES = 32
CONFIG = {**CHART_CONFIG, "scrollZoom": False}  # PNG download only; the wheel scrolls the page past the 3-D lift


# ------------------------------------------------------------------ cached calls
@cache_data(max_entries=ENTRIES)
def feature_table(x, y, degree, coef0):
    """Names (text, LaTeX), phi(x), phi(y), their products and sum, x^T y and k(x, y) for two 2-D points (gamma = 1)."""
    P = kc.poly_feature_map(np.array([x, y]), degree, 1.0, coef0)
    xy = np.array([x]), np.array([y])
    return dict(names=kc.poly_feature_names(2, degree, 1.0, coef0),
                latex=kc.poly_feature_names(2, degree, 1.0, coef0, latex=True),
                px=P[0], py=P[1], products=P[0] * P[1], dot=float(P[0] @ P[1]), xty=float(np.dot(x, y)),
                k=float(kc.gram(*xy, "poly", degree=degree, gamma=1.0, coef0=coef0)[0, 0]))


@cache_data(max_entries=ENTRIES)
def lift(n, noise, C):
    """The circles of this section, their 3-D lift, the fitted plane and f(x) over the 2-D plane."""
    X, y = kc.make_classification("circles", n, noise, 0)
    clf = fm.LiftedLinearClassifier(C).fit(X, y)
    box = MERCER["lift_box"]
    xs = np.linspace(-box, box, 101)
    g1, g2 = np.meshgrid(xs, xs)
    Z = clf.decision_function(np.c_[g1.ravel(), g2.ravel()]).reshape(g1.shape)
    return X, y, clf.transform(X), clf.weights_, clf.intercept_, clf.accuracy_, clf.conic(), xs, Z


@cache_data(max_entries=4)
def timings(d_values, m_values, max_features):
    """Measured once per server (a few milliseconds in all), then served from the cache:
    rows (d, m, D, explicit seconds or None when D is too large to build, kernel seconds or None)."""
    rows = []
    for d in d_values:
        for m in m_values:
            D = fm.poly_feature_count(d, m, 1.0)
            rows.append((d, m, D, *(fm.time_explicit_vs_kernel(d, m) if D <= max_features else (None, None))))
    return rows


@cache_data(max_entries=ENTRIES)
def eigen(X, spec, q):
    """Gram matrix eigenvalues, the error curve over q, and the q-component map (or the reason it does not exist)."""
    K = compute.build_kernel(spec)(X)
    ev, _ = fm.gram_eigh(K)
    curve = fm.reconstruction_errors(ev)
    try:
        em = kc.eigen_feature_map(K, min(q, len(K)))
    except ValueError as err:
        return ev, curve, None, str(err)
    return ev, curve, em, ""


@cache_data(max_entries=ENTRIES)
def approximations(X, gamma, n_components, seed):
    """K, its RFF and Nystrom approximations with n_components features (Nystrom: at most n), and their errors."""
    K = kc.gram(X, kernel="rbf", gamma=gamma)
    Zr = kc.RandomFourierFeatures(n_components, gamma, seed).fit(X).transform(X)
    Zn = kc.NystroemFeatures(min(n_components, len(X)), gamma, seed).fit(X).transform(X)
    return K, Zr @ Zr.T, Zn @ Zn.T, fm.approximation_error(K, Zr), fm.approximation_error(K, Zn)


@cache_data(max_entries=ENTRIES)
def error_curves(X, gamma):
    """Mean +- sd error over a few seeds for each number of features (Nystrom only up to n landmarks)."""
    sizes = MERCER["approx_sizes"]
    reps = MERCER["approx_repeats"]
    out = {"rff": (sizes, *fm.approximation_error_curve(X, gamma, sizes, "rff", reps))}
    small = [s for s in sizes if s <= len(X)]
    out["nystroem"] = (small, *fm.approximation_error_curve(X, gamma, small, "nystroem", reps))
    return out


# ------------------------------------------------------------------ figures
def _layout(fig, title, **kw):
    """figures.base_layout, keeping 3-D markers small: presentation mode's large markers would bury a 3-D cloud."""
    sizes = [t.marker.size if t.type == "scatter3d" else None for t in fig.data]
    fig = base_layout(fig, title, **kw)
    for trace, size in zip(fig.data, sizes):
        if size is not None:
            trace.marker.size = size * (1.5 if presenting() else 1)
    return fig


@cached_figure
def feature_bars(names, px, py, title):
    """phi_i(x), phi_i(y) and their product per feature: the products add up to k(x, y)."""
    idx = np.arange(len(names), dtype=np.int32)
    fig = go.Figure()
    for vals, name, color in ((px, "φᵢ(x)", POSITIVE), (py, "φᵢ(y)", CLASS_STYLE[-1]["color"]),
                              (px * py, "φᵢ(x)·φᵢ(y)", ACCENT)):
        fig.add_trace(go.Bar(x=idx, y=np.asarray(vals, np.float32), name=name, marker_color=color,
                             customdata=np.array(names), hovertemplate="%{customdata}: %{y:.4g}<extra>" + name + "</extra>"))
    fig.add_hline(y=0, line=dict(color="black", width=1))
    fig.update_xaxes(tickvals=idx, ticktext=names, tickangle=-45 if len(names) > 8 else 0)
    return base_layout(fig, title, height=380, barmode="group", showlegend=True,
                       legend=dict(orientation="h", y=1.02, yanchor="bottom", x=1, xanchor="right"))


@cached_figure
def lift_3d(Phi, y, w, b):
    """The lifted points in (x1², √2·x1·x2, x2²) and the plane w·z + b = 0, clipped to the box."""
    box = MERCER["lift_box3d"] ** 2
    lo = np.array([0.0, -box / math.sqrt(2), 0.0])
    hi = np.array([box, box / math.sqrt(2), box])
    fig = go.Figure()
    for label, style in CLASS_STYLE.items():
        P = Phi[y == label].astype(np.float32)
        fig.add_trace(go.Scatter3d(x=P[:, 0], y=P[:, 1], z=P[:, 2], mode="markers", name=style["name"],
                                   marker=dict(size=2.5 if style["symbol"] == "x" else 3.5, color=style["color"],
                                               symbol="x" if style["symbol"] == "x" else "circle"),
                                   hovertemplate="φ = (%{x:.2f}, %{y:.2f}, %{z:.2f})<extra></extra>"))
    k = int(np.argmax(np.abs(w)))
    if abs(w[k]) > 1e-12:  # solve the plane for its steepest coordinate over a grid of the other two
        i, j = [a for a in range(3) if a != k]
        gi, gj = np.meshgrid(np.linspace(lo[i], hi[i], 30), np.linspace(lo[j], hi[j], 30))
        gk = -(b + w[i] * gi + w[j] * gj) / w[k]
        gk[(gk < lo[k]) | (gk > hi[k])] = np.nan
        axes = {i: gi, j: gj, k: gk}
        fig.add_trace(go.Surface(x=axes[0].astype(np.float32), y=axes[1].astype(np.float32), z=axes[2].astype(np.float32),
                                 showscale=False, opacity=0.45, colorscale=[[0, ACCENT], [1, ACCENT]],
                                 name="plane", hoverinfo="skip"))
    scene = dict(xaxis=dict(title="x₁²", range=[lo[0], hi[0]]), yaxis=dict(title="√2·x₁x₂", range=[lo[1], hi[1]]),
                 zaxis=dict(title="x₂²", range=[lo[2], hi[2]]), aspectmode="cube",
                 camera=dict(eye=dict(x=0.45, y=-2.1, z=0.4)))  # nearly along the √2·x1x2 axis: the plane edge-on
    return _layout(fig, "Lifted: φ(x) = (x₁², √2·x₁x₂, x₂²) and the separating plane", height=480,
                       scene=scene, showlegend=True, legend=dict(x=0, y=1))


@cached_figure
def ellipse_map(xs, Z, X, y, title):
    """f(x) = w·φ(x) + b over the plane; its zero line is the plane mapped back: a conic around 0."""
    return decision_map(xs, xs, Z, X, y, title=title, levels=(0.0,), height=480, zlabel="f(x)")


@cached_figure
def explosion_plot(d, m):
    """Width C(d+m, m) of the degree-<=m map against d (log-log), one line per degree; the choice marked."""
    ds = np.unique(np.geomspace(1, 1e5, 60).round()).astype(np.int64)
    fig = go.Figure()
    for deg in range(MERCER["m"][0], MERCER["m"][1] + 1):
        # float64, not float32: C(d+m, m) reaches 10^43, beyond float32's 3.4 x 10^38
        fig.add_trace(go.Scatter(x=ds.astype(np.float32), y=np.array([math.comb(int(v) + deg, deg) for v in ds], np.float64),
                                 mode="lines", name=f"m = {deg}", line=dict(width=2.5 if deg == m else 1.2),
                                 hovertemplate="d = %{x:,}<br>C(d+m, m) = %{y:.3s}<extra>m = " + str(deg) + "</extra>"))
    fig.add_trace(go.Scatter(x=np.array([d], np.float32), y=np.array([float(math.comb(d + m, m))], np.float64),
                             mode="markers", name="your choice", marker=dict(size=14, color="black", symbol="star"),
                             hovertemplate="d = %{x:,}, m = " + str(m) + "<br>%{y:,.0f} features<extra></extra>"))
    fig.add_annotation(x=4, y=math.log10(50_015_001), text="seed 003: d = 10 000, k = 2", showarrow=True, ax=-110,
                       ay=-50, bgcolor="rgba(255,255,255,0.9)")
    fig.update_xaxes(type="log", title="d (input dimension)", range=[0, 5])
    fig.update_yaxes(type="log", title="number of features C(d+m, m)", range=[0, 45], exponentformat="power")
    return base_layout(fig, "The feature explosion", height=420, showlegend=True)


@cached_figure
def error_vs_q(curve, q, title):
    qs = np.arange(len(curve), dtype=np.int32)
    fig = go.Figure(go.Scatter(x=qs, y=np.asarray(curve, np.float32), mode="lines+markers", marker=dict(size=4),
                               line=dict(color=POSITIVE), hovertemplate="q = %{x}<br>error = %{y:.3g}<extra></extra>"))
    fig.add_vline(x=q, line=dict(color="black", dash="dot"), annotation_text=f"q = {q}", annotation_position="top right")
    fig.update_xaxes(title="q (components kept)", range=[0, min(len(curve) - 1, 40)])
    fig.update_yaxes(title="relative error ‖K − ΦΦᵀ‖ / ‖K‖", range=[0, 1.05])
    return base_layout(fig, title, height=340)


@cached_figure
def eigen_scatter(Phi, y, title):
    """The data in its first two eigen features (phi_1, phi_2)."""
    P = np.zeros((len(y), 2))
    P[:, :min(2, Phi.shape[1])] = Phi[:, :2]
    fig = add_classes(go.Figure(), P, y, size=7)
    lim = float(np.max(np.abs(P))) * 1.1 or 1.0
    fig.update_xaxes(title="φ₁(x) = √λ₁ V[:, 1]", range=[-lim, lim], constrain="domain")
    fig.update_yaxes(title="φ₂(x) = √λ₂ V[:, 2]", range=[-lim, lim], scaleanchor="x")
    return base_layout(fig, title, height=340)


@cached_figure
def spectrum_with_q(ev, q, title):
    """Eigenvalues (negative in red) with the kept ones solid and the dropped ones faded."""
    ev = np.asarray(ev, np.float32)
    colors = np.where(ev < 0, NEGATIVE, POSITIVE)
    opacity = np.where(np.arange(len(ev)) < q, 1.0, 0.35).astype(np.float32)
    fig = go.Figure(go.Bar(x=np.arange(1, len(ev) + 1, dtype=np.int32), y=ev, marker=dict(color=colors, opacity=opacity),
                           hovertemplate="λ_%{x} = %{y:.4g}<extra></extra>"))
    fig.add_hline(y=0, line=dict(color="black", width=1))
    fig.update_xaxes(title="index i", range=[0.5, min(len(ev), 40) + 0.5])
    fig.update_yaxes(title="λᵢ")
    return base_layout(fig, title, height=340, bargap=0.1)


@cached_figure
def error_vs_features(curves, D, title):
    fig = go.Figure()
    for method, label, color in (("rff", "random Fourier features", POSITIVE), ("nystroem", "Nyström", ACCENT)):
        sizes, mean, sd = curves[method]
        fig.add_trace(go.Scatter(x=np.asarray(sizes, np.float32), y=np.asarray(mean, np.float32), name=label,
                                 mode="lines+markers", line=dict(color=color),
                                 error_y=dict(type="data", array=np.asarray(sd, np.float32), visible=True),
                                 hovertemplate="D = %{x}<br>error = %{y:.3g}<extra>" + label + "</extra>"))
    sizes, mean, _ = curves["rff"]
    guide = mean[0] * np.sqrt(sizes[0] / np.asarray(sizes, np.float64))  # the Monte-Carlo rate, through the first point
    fig.add_trace(go.Scatter(x=np.asarray(sizes, np.float32), y=guide.astype(np.float32), name="∝ 1/√D", mode="lines",
                             line=dict(color="grey", dash="dash", width=1), hoverinfo="skip"))
    fig.add_vline(x=D, line=dict(color="black", dash="dot"))
    fig.update_xaxes(type="log", title="number of features D (Nyström: landmarks m)", range=[0.2, 2.4])
    fig.update_yaxes(type="log", title="relative error ‖K − ZZᵀ‖ / ‖K‖", range=[-7, 0.3], exponentformat="power")
    return base_layout(fig, title, height=380, showlegend=True, legend=dict(x=0.01, y=0.02))
