"""Kernel PCA page glue: cached calls into kernel_core.kpca (keyed by plain values) and the page's figures."""
import warnings

import numpy as np
import plotly.graph_objects as go
import streamlit as st

import kernel_core as kc

from . import figures
from .cache import cache_data
from .classroom import presenting
from .figures import cached_figure
from .points import click_catcher, on_plane
from .ranges import KPCA
from .theme import ACCENT, SEQUENTIAL

ENTRIES = 32
CONFIG = {**figures.CHART_CONFIG, "scrollZoom": False}  # PNG download only; the wheel scrolls the page, never zooms


# ---------------------------------------------------------------- cached compute
@cache_data(max_entries=ENTRIES)
def manifold(name, n, noise):
    """3-D S-curve / Swiss roll, sorted by the position t along the manifold (the Gram heatmaps then show
    the manifold's band structure)."""
    X, t = kc.make_manifold(name, n, noise, KPCA["manifold_seed"])
    order = np.argsort(t, kind="stable")
    return X[order], t[order]


def _quiet_fit(X, q, name, params, center):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # the page shows kp.psd_warning_ as a sentence
        return kc.KernelPCA(q, name, center=center, **dict(params)).fit(X)


@cache_data(max_entries=ENTRIES)
def fit(X, spec, center=True):
    """KernelPCA with the leading KPCA["spectrum"] components (capped at n) and the training projections."""
    name, params = spec
    kp = _quiet_fit(X, min(KPCA["spectrum"], len(X)), name, params, center)
    return kp, kp.transform(X)


@cache_data(max_entries=ENTRIES)
def laplacian(X, n_neighbors):
    """Laplacian eigenmap (2 components) and the warning about a disconnected graph, if any."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RuntimeWarning)
        G, gam = kc.laplacian_eigenmap(X, 2, min(n_neighbors, len(X) - 1))
    return G, gam, (str(caught[0].message) if caught else None)


@cache_data(max_entries=ENTRIES)
def denoise(X, gamma, noise, q_max):
    """Noisy copy of X, kPCA (RBF) on it, and the pre-images for every q = 1..q_max (so the q slider only picks).
    Returns noisy (n, d), Z (q_max, n, d), the mean distances ||z_q - x|| to the original points, and
    ||x_noisy - x||."""
    noisy = kc.add_noise(X, noise, seed=KPCA["noise_seed"])
    kp = _quiet_fit(noisy, q_max, "rbf", (("gamma", gamma),), True)
    Z = np.stack([kp.reconstruct(noisy, q) for q in range(1, q_max + 1)])
    return noisy, Z, np.linalg.norm(Z - X[None], axis=2).mean(axis=1), float(np.linalg.norm(noisy - X, axis=1).mean())


# ---------------------------------------------------------------- LaTeX helpers (formatting only)
def num_tex(v):
    """A number for LaTeX: 0.1234 or 3.9 \\times 10^{-14}."""
    mant, exp = f"{v:.2g}".partition("e")[::2]
    return rf"{mant}\times 10^{{{int(exp)}}}" if exp else mant


def vec_tex(v, head=3):
    """A long vector as (v_1, v_2, v_3, ..., v_n)^T with 3 significant figures."""
    v = np.asarray(v).ravel()
    shown = [f"{x:.3g}" for x in v[:head]] + ([r"\dots", f"{v[-1]:.3g}"] if len(v) > head + 1 else
                                                [f"{x:.3g}" for x in v[head:]])
    return r"\begin{pmatrix}" + " & ".join(shown) + r"\end{pmatrix}^{\!\top}"


def dot_tex(u, a, head=2):
    """u^T a written out: u_1 a_1 + u_2 a_2 + ... (first `head` terms)."""
    terms = [f"({x:.3g})({y:.3g})" for x, y in zip(np.ravel(u)[:head], np.ravel(a)[:head])]
    return " + ".join(terms) + (r" + \dots" if len(np.ravel(u)) > head else "")


# ---------------------------------------------------------------- figures
def _range(*cols, pad=0.08):
    v = np.concatenate([np.ravel(c) for c in cols])
    if not v.size:  # no points (the student deleted them all)
        return [-1.0, 1.0]
    lo, hi = float(np.min(v)), float(np.max(v))
    d = (hi - lo) or 1.0
    return [lo - pad * d, hi + pad * d]


def _layout(fig, title, **kw):
    """figures.base_layout, keeping 3-D markers small: presentation mode's large markers would bury a 3-D cloud."""
    sizes = [t.marker.size if t.type == "scatter3d" else None for t in fig.data]
    fig = figures.base_layout(fig, title, **kw)
    for trace, size in zip(fig.data, sizes):
        if size is not None:
            trace.marker.size = size * (1.5 if presenting() else 1)
    return fig


def _coloured(fig, E, y, t, size=7, name="data"):
    """2-D points coloured by class (y) or by the position along the manifold (t)."""
    if y is not None:
        return figures.add_classes(fig, E, y, size=size)
    fig.add_trace(go.Scatter(x=E[:, 0].astype(np.float32), y=E[:, 1].astype(np.float32), mode="markers", name=name,
                             marker=dict(color=t.astype(np.float32), colorscale=SEQUENTIAL, size=size,
                                         colorbar=dict(title="t", thickness=12)),
                             customdata=np.arange(len(E), dtype=np.int32),
                             hovertemplate="point %{customdata}<br>(%{x:.3f}, %{y:.3f})<extra></extra>"))
    return fig


def _star(fig, p, label="new x"):
    fig.add_trace(go.Scatter(x=np.float32([p[0]]), y=np.float32([p[1]]), mode="markers+text", name=label,
                             text=[label], textposition="top center", textfont=dict(size=16),
                             marker=dict(symbol="star", size=20, color=ACCENT, line=dict(color="black", width=1.5)),
                             hovertemplate=label + " → (%{x:.3f}, %{y:.3f})<extra></extra>"))
    return fig


@cached_figure
def data_figure(X, y, t, title, point=None, height=380):
    """The input data: 2-D scatter by class, or a rotatable 3-D scatter coloured by t."""
    if X.shape[1] == 3:
        fig = go.Figure(go.Scatter3d(x=X[:, 0].astype(np.float32), y=X[:, 1].astype(np.float32),
                                     z=X[:, 2].astype(np.float32), mode="markers",
                                     marker=dict(size=3, color=t.astype(np.float32), colorscale=SEQUENTIAL),
                                     hovertemplate="(%{x:.2f}, %{y:.2f}, %{z:.2f})<extra></extra>"))
        if point is not None:
            fig.add_trace(go.Scatter3d(x=np.float32([point[0]]), y=np.float32([point[1]]), z=np.float32([point[2]]),
                                       mode="markers", marker=dict(size=9, color=ACCENT, symbol="diamond")))
        scene = {f"{a}axis": dict(range=_range(X[:, i], [] if point is None else [point[i]]), title=f"x{i + 1}")
                 for i, a in enumerate("xyz")}
        fig.update_layout(scene=dict(**scene, aspectmode="cube"), scene_camera=dict(eye=dict(x=1.5, y=-1.5, z=0.9)))
        return _layout(fig, title, height=height)
    fig = _coloured(go.Figure(), X, y, t)
    if point is not None:
        _star(fig, point)
    fig.update_xaxes(range=_range(X[:, 0], [] if point is None else [point[0]]), title="x₁")
    fig.update_yaxes(range=_range(X[:, 1], [] if point is None else [point[1]]), title="x₂")
    return figures.base_layout(fig, title, height=height)


@cached_figure
def embedding_figure(E, y, t, title, axes=("η⁽¹⁾", "η⁽²⁾"), point=None, height=380):
    """Projections onto components 1-2 (or any 2-D embedding), optionally with a new point's projection."""
    fig = _coloured(go.Figure(), E, y, t)
    if point is not None:
        _star(fig, point)
    fig.update_xaxes(range=_range(E[:, 0], [] if point is None else [point[0]]), title=axes[0], zeroline=True)
    fig.update_yaxes(range=_range(E[:, 1], [] if point is None else [point[1]]), title=axes[1], zeroline=True)
    return figures.base_layout(fig, title, height=height)


@cached_figure
def spectrum_figure(ev, shares, title):
    fig = figures.spectrum_bars.uncached(ev, title)
    fig.update_traces(customdata=(100 * np.asarray(shares)).astype(np.float32),
                      hovertemplate="λ_%{x} = %{y:.4g}<br>share λ/tr K′ = %{customdata:.1f}%<extra></extra>")
    fig.update_xaxes(title="component i")
    fig.update_yaxes(title="λᵢ")
    return figures.base_layout(fig, title, height=300)


@cached_figure
def gram_figure(K, y, title):
    """figures.gram_heatmap; manifold data (no classes) are ordered by t instead."""
    fig = figures.gram_heatmap.uncached(K, y if y is not None else np.ones(len(K)), title)
    if y is None:
        fig.update_yaxes(title="i (ordered by t along the manifold)")
    return figures.base_layout(fig, title, height=380)


@cached_figure
def denoise_figure(X, noisy, Z, title):
    """Original points (grey), noisy points (hollow) and their pre-images (filled), joined by thin lines."""
    d = X.shape[1]
    seg = np.full((3 * len(X), d), np.nan, dtype=np.float32)
    seg[0::3], seg[1::3] = noisy, Z
    styles = [("original", X, dict(color="#BBBBBB", size=6)),
              ("noisy", noisy, dict(color="rgba(0,0,0,0)", size=7, line=dict(color="#555555", width=1))),
              ("pre-image", Z, dict(color=ACCENT, size=6))]
    fig = go.Figure()
    if d == 3:
        fig.add_trace(go.Scatter3d(x=seg[:, 0], y=seg[:, 1], z=seg[:, 2], mode="lines", name="moved",
                                   line=dict(color="#999999", width=1), hoverinfo="skip"))
        for name, P, marker in styles:
            marker = dict(marker, size=marker["size"] // 2)
            fig.add_trace(go.Scatter3d(x=P[:, 0].astype(np.float32), y=P[:, 1].astype(np.float32),
                                       z=P[:, 2].astype(np.float32), mode="markers", name=name, marker=marker))
        scene = {f"{a}axis": dict(range=_range(noisy[:, i], X[:, i])) for i, a in enumerate("xyz")}
        fig.update_layout(scene=dict(**scene, aspectmode="cube"))
    else:
        fig.add_trace(go.Scatter(x=seg[:, 0], y=seg[:, 1], mode="lines", name="moved",
                                 line=dict(color="#999999", width=1), hoverinfo="skip"))
        for name, P, marker in styles:
            fig.add_trace(go.Scatter(x=P[:, 0].astype(np.float32), y=P[:, 1].astype(np.float32), mode="markers",
                                     name=name, marker=marker,
                                     hovertemplate=name + " (%{x:.2f}, %{y:.2f})<extra></extra>"))
        fig.update_xaxes(range=_range(noisy[:, 0], X[:, 0]), title="x₁")
        fig.update_yaxes(range=_range(noisy[:, 1], X[:, 1]), title="x₂", scaleanchor="x")
    return _layout(fig, title, height=440, showlegend=True, legend=dict(orientation="h", y=-0.22, x=0.0),
                   meta=dict(chart_width=540))


@cached_figure
def error_curve(errors, baseline, q, title):
    qs = np.arange(1, len(errors) + 1, dtype=np.int32)
    fig = go.Figure(go.Scatter(x=qs, y=np.asarray(errors, np.float32), mode="lines+markers", name="pre-images",
                               line=dict(color=ACCENT, width=3),
                               hovertemplate="q = %{x}<br>mean ‖ẑ − x‖ = %{y:.4f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=np.int32([q]), y=np.float32([errors[q - 1]]), mode="markers", name="chosen q",
                             marker=dict(size=16, color="black", symbol="circle-open", line=dict(width=3))))
    fig.add_hline(y=baseline, line=dict(color="#555555", dash="dash"),
                  annotation_text="noisy points", annotation_position="top right")
    fig.update_xaxes(title="q (components kept)", range=[0.5, len(errors) + 0.5])
    fig.update_yaxes(title="mean distance to the original", range=[0, 1.1 * max(float(np.max(errors)), baseline)])
    return figures.base_layout(fig, title, height=440)


# ---------------------------------------------------------------- placing the new point by a click
def pair_of(label):
    """'1-3' -> (0, 2): the two components drawn, as column indices."""
    i, j = (int(c) - 1 for c in label.split("-"))
    return i, j


def snap(v, lo, hi, step):
    """A clicked coordinate as a valid slider value: on the slider's step, inside its range."""
    return float(min(max(round(round(v / step) * step, 2), lo), hi))


def _place(catcher_key, slider_keys):
    """Click callback (runs before the script, so the sliders can still be set): the clicked place becomes
    the new point."""
    click = (st.session_state.get(catcher_key) or {}).get("click")
    if click:
        lo, hi, _, step = KPCA["new_point_2d"]
        for key, axis in zip(slider_keys, "xy"):
            st.session_state[key] = snap(float(click[axis]), lo, hi, step)


def placing_chart(fig, key, slider_keys, **kwargs):
    """st.plotly_chart on the plane whose clicks move the new point (the two sliders keyed `slider_keys`)
    instead of editing the data: the click catcher of ui.points.click_chart, with a callback."""
    with st.container(key=f"clickable_{key}"):
        st.plotly_chart(on_plane(figures.to_spec(fig)), key=key, **kwargs)
        click_catcher(f"{key}_click", on_click=lambda: _place(f"{key}_click", slider_keys))
