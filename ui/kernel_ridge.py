"""Kernel ridge regression page: the student's points table, cached calls into kernel_core.ridge (keyed by
plain values) and the Plotly figures. Data keys: ("sine", n, noise, seed) or ("own", ((x, y), ...))."""
import warnings

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st
from plotly.subplots import make_subplots
from scipy.linalg import LinAlgWarning

import kernel_core as kc

from . import figures, points
from .cache import cache_data
from .figures import base_layout, cached_figure
from .ranges import KERNEL_RIDGE, KERNEL_RIDGE_POINTS
from .theme import ACCENT, NEGATIVE, POSITIVE

R = KERNEL_RIDGE
ENTRIES = 32
DATA_COLOR, TRUTH_COLOR, BAND_COLOR = "#222222", "#999999", "rgba(0,114,178,0.18)"
SAMPLE_COLORS = ("#E69F00", "#CC79A7", "#009E73", "#56B4E9", "#D55E00", "#F0E442", "#999999", "#000000")


# ---------------------------------------------------------------- the student's own points
POINTS, VERSION = "kernel_ridge_points", "kernel_ridge_points_version"
UNDO, PENDING, SOURCE = "kernel_ridge_points_undo", "kernel_ridge_pending_source", "kernel_ridge_source"
CLICK_MODE = "kernel_ridge_click_mode"
CLICK_MODES = {"add": "Add", "remove": "Remove"}
PICK_RADIUS = 0.03     # a remove-click takes the nearest point within this share of the plot's width / height


def init_points():
    """The table of own points lives in session state (initialised once), so it survives reruns and page
    switches; the editor's key carries a version that changes whenever the table is replaced. A click on the
    sine's plot asked (last run) to switch to own points: done here, before the data radio is drawn."""
    ss = st.session_state
    ss.setdefault(POINTS, pd.DataFrame(KERNEL_RIDGE_POINTS, dtype=float))
    ss.setdefault(VERSION, 0)
    if PENDING in ss:
        ss[SOURCE] = ss.pop(PENDING)


def editor_key():
    return f"kernel_ridge_editor_{st.session_state[VERSION]}"


def apply_edits(df, edits):
    """Apply a data_editor's change record ({edited_rows, added_rows, deleted_rows}) to a DataFrame."""
    df = df.copy()
    for row, change in edits.get("edited_rows", {}).items():
        for col, value in change.items():
            df.loc[df.index[int(row)], col] = value
    df = df.drop(df.index[[int(i) for i in edits.get("deleted_rows", [])]])
    added = pd.DataFrame(edits.get("added_rows", []), columns=df.columns, dtype=float)
    return pd.concat([df, added], ignore_index=True).astype(float)


def _set_points(df):
    """Replace the table (undoable: the old table and data source go on the undo stack)."""
    ss = st.session_state
    ss.setdefault(UNDO, []).append((ss[POINTS], ss.get(SOURCE, "sine")))
    del ss[UNDO][:-R["undo"]]
    ss[POINTS] = df.reset_index(drop=True).astype(float)
    ss[VERSION] += 1


def undo_points():
    """on_click of Undo: the previous table, and the data source it was shown with."""
    ss = st.session_state
    if ss.get(UNDO):
        ss[POINTS], ss[SOURCE] = ss[UNDO].pop()
        ss[VERSION] += 1


def commit_edits():
    """on_change of the editor: fold its edits into the stored table and start a fresh editor on it."""
    ss = st.session_state
    _set_points(apply_edits(ss[POINTS], ss.get(editor_key(), {})))


def duplicate_points():
    """Every point twice: with lambda = 0 the Gram matrix becomes singular."""
    df = st.session_state[POINTS]
    _set_points(pd.concat([df, df], ignore_index=True))


def points_frame(X, y):
    return pd.DataFrame({"x": np.round(X[:, 0], 3), "y": np.round(y, 3)})


def replace_points(X, y):
    _set_points(points_frame(X, y))


def own_points_key():
    """("own", ((x, y), ...)) from the stored table, and how many incomplete rows were left out."""
    df = st.session_state[POINTS]
    complete = df.dropna()
    return ("own", tuple(map(tuple, complete[["x", "y"]].to_numpy(float).tolist()))), len(df) - len(complete)


def click_edit(x, y, X, Y, source, spans):
    """A click at (x, y) on the fit plot: add a point there, or remove the nearest one (within PICK_RADIUS of
    the plot's spans). On the sine the edit starts from a copy of the sine's points (X, Y) and switches the page
    to own points on the next run. True when the points changed."""
    ss = st.session_state
    df = ss[POINTS] if source == "own" else points_frame(X, Y)
    if (ss.get(CLICK_MODE) or "add") == "remove":
        d = np.hypot((df["x"].to_numpy(float) - x) / spans[0], (df["y"].to_numpy(float) - y) / spans[1])
        if not np.any(d <= PICK_RADIUS):  # NaN rows never match
            st.toast("No point there to remove — click on a point.")
            return False
        df = df.drop(df.index[int(np.nanargmin(d))])
    else:
        df = pd.concat([df, pd.DataFrame({"x": [round(x, 3)], "y": [round(y, 3)]})], ignore_index=True)
    _set_points(df)
    if source != "own":
        ss[PENDING] = "own"
    return True


def _nice_step(span, count):
    """The smallest of 1, 2, 5 x 10^k that puts at most `count` steps in `span`."""
    raw = span / count
    base = 10 ** np.floor(np.log10(raw))
    return float(next(m * base for m in (1, 2, 5, 10) if m * base >= raw))


def clickable_fit(fig, key, X, Y, source, **kwargs):
    """The fit figure as a clickable chart (ui.points.click_chart): a click on the top plot (subplot "xy"),
    snapped to a nice step of its fixed x / y ranges, adds or removes a point; the plot below takes no clicks."""
    spec = figures.to_spec(fig)
    layout = spec["layout"]
    (x0, x1), (y0, y1) = layout["xaxis"]["range"], layout["yaxis"]["range"]
    sx, sy = _nice_step(x1 - x0, R["click_cols"]), _nice_step(y1 - y0, R["click_rows"])

    def on_click(x, y):
        return click_edit(_snap(x, sx), _snap(y, sy), X, Y, source, (x1 - x0, y1 - y0))

    points.click_chart(figures.Spec({**spec, "layout": {**layout, "dragmode": False}}), key, on_click, **kwargs)


def _snap(v, step):
    return round(round(v / step) * step, 6)


# ---------------------------------------------------------------- cached calls into kernel_core
@cache_data(max_entries=ENTRIES)
def dataset(key):
    """X (n, 1), y (n,) and the plotting range (x_lo, x_hi) for a data key."""
    if key[0] == "sine":
        X, y = kc.make_sine(*key[1:])
    else:
        pts = np.asarray(key[1], float).reshape(-1, 2)
        X, y = pts[:, :1], pts[:, 1]
    if len(X) == 0:
        raise ValueError("There are no complete points (x and y) in the table; add at least one.")
    return X, y


def x_range(X, margin=R["margin"]):
    lo, hi = float(X.min()), float(X.max())
    return lo - margin, hi + margin


def _grid(X, margin=R["margin"]):
    return np.linspace(*x_range(X, margin), R["grid"])[:, None]


def _fit_krr(kernel, lam, params, X, y):
    """KernelRidge fit that reports the least-squares fall-back instead of printing the warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LinAlgWarning)
        return kc.KernelRidge(kernel, lam, **dict(params)).fit(X, y)


@cache_data(max_entries=ENTRIES)
def krr_fit(key, kernel, params, lam):
    """Curve on the plotting grid, alpha, the training MSE and the solver used."""
    X, y = dataset(key)
    model = _fit_krr(kernel, lam, params, X, y)
    xs = _grid(X)
    return xs[:, 0], model.predict(xs), model.dual_coef_, float(np.mean((model.predict(X) - y) ** 2)), model.solver_


@cache_data(max_entries=ENTRIES)
def primal_vs_dual(key, p, lam):
    """Ridge on u = x / max|x| and its powers (u, ..., u^p): beta by the p x p and by the n x n route."""
    X, y = dataset(key)
    U = kc.power_features(X[:, 0] / np.abs(X).max(), p)
    beta_primal = kc.primal_ridge(U, y, lam)
    beta_dual = U.T @ kc.KernelRidge("linear", lam).fit(U, y).dual_coef_  # beta = X^T alpha
    return beta_primal, beta_dual


@cache_data(max_entries=ENTRIES)
def semi_parametric(key, gamma, lam, c1, c2, slope):
    """Seed 003's c1 RBF + c2 linear against c1 RBF alone, on y + slope * x, over a wider range."""
    X, y = dataset(key)
    y = y + slope * X[:, 0]
    xs = _grid(X, 2 * R["margin"])
    rbf = c1 * kc.Kernel("rbf", gamma=gamma)
    both = rbf + c2 * kc.Kernel("linear") if c2 > 0 else rbf
    curves = [_fit_krr(k, lam, (), X, y).predict(xs) for k in (rbf, both)]
    return xs[:, 0], y, curves[0], curves[1]


@cache_data(max_entries=ENTRIES)
def cv_grid(key, kernel, params, lams, grid_name, grid_values):
    """K-fold CV of (lam, one kernel parameter) over a grid; grid_name None means lam only."""
    X, y = dataset(key)
    grid = {grid_name: list(grid_values)} if grid_name else None
    fixed = {k: v for k, v in params if k != grid_name}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LinAlgWarning)
        return kc.cross_validate(X, y, kernel, lams, grid, n_folds=min(R["folds"], len(X)), **fixed)


def held_out_error(key, kernel, params, lam):
    """The K-fold CV mean squared error of this one setting (None when there are too few points)."""
    try:
        return float(cv_grid(key, kernel, params, (lam,), None, ()).errors[0, 0])
    except ValueError:
        return None


@cache_data(max_entries=ENTRIES)
def gp_view(key, kernel, params, noise, n_samples, seed):
    """GP posterior mean, latent std and seeded samples on the grid; KRR with lam = noise on the same grid."""
    X, y = dataset(key)
    xs = _grid(X)
    gp = kc.GaussianProcessRegressor(kernel, noise, **dict(params)).fit(X, y)
    mean, std = gp.predict(xs, return_std=True)
    samples = gp.sample_y(xs, n_samples, seed) if n_samples else np.empty((len(xs), 0))
    krr = _fit_krr(kernel, noise, params, X, y).predict(xs)  # kernel ridge with lam = sigma^2
    return xs[:, 0], mean, std, samples, float(np.max(np.abs(mean - krr))), float(np.max(np.abs(krr)))


# ---------------------------------------------------------------- figures
def _f32(a):
    return np.asarray(a, dtype=np.float32)


def _y_range(*arrays):
    lo = min(float(np.min(a)) for a in arrays)
    hi = max(float(np.max(a)) for a in arrays)
    pad = 0.25 * (hi - lo) + 0.5
    return [lo - pad, hi + pad]


def _data_trace(X, y, name="data"):
    return go.Scatter(x=_f32(X[:, 0]), y=_f32(y), mode="markers", name=name,
                      marker=dict(color=DATA_COLOR, size=8, line=dict(color="white", width=1)),
                      hovertemplate="x = %{x:.3f}<br>y = %{y:.3f}<extra></extra>")


@cached_figure
def fit_figure(X, y, xs, f, alpha, truth=False, height=520):
    """The fitted curve over the data (with sin x when `truth`), and the dual coefficients alpha as stems."""
    truth = np.sin(xs) if truth else None
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, row_heights=[0.68, 0.32], vertical_spacing=0.06)
    if truth is not None:
        fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(truth), mode="lines", name="sin x (truth)",
                                 line=dict(color=TRUTH_COLOR, dash="dot", width=2), hoverinfo="skip"), 1, 1)
    fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(f), mode="lines", name="f(x) = Σ αₗ k(xₗ, x)",
                             line=dict(color=POSITIVE, width=3),
                             hovertemplate="x = %{x:.2f}<br>f(x) = %{y:.3f}<extra></extra>"), 1, 1)
    fig.add_trace(_data_trace(X, y), 1, 1)
    stems_x = _f32(np.repeat(X[:, 0], 3))
    stems_y = np.column_stack([np.zeros_like(alpha), alpha, np.full_like(alpha, np.nan)]).ravel()
    fig.add_trace(go.Scatter(x=stems_x, y=_f32(stems_y), mode="lines", line=dict(color=ACCENT, width=2),
                             hoverinfo="skip", showlegend=False), 2, 1)
    fig.add_trace(go.Scatter(x=_f32(X[:, 0]), y=_f32(alpha), mode="markers", name="αₗ",
                             marker=dict(color=np.where(alpha < 0, NEGATIVE, ACCENT), size=7),
                             customdata=np.arange(len(alpha), dtype=np.int32),
                             hovertemplate="point %{customdata}<br>α = %{y:.4g}<extra></extra>"), 2, 1)
    fig.update_xaxes(range=[float(xs[0]), float(xs[-1])])
    fig.update_xaxes(title="x", row=2, col=1)
    fig.update_yaxes(title="y", range=_y_range(y, truth if truth is not None else y), row=1, col=1)
    m = float(np.max(np.abs(alpha))) * 1.15 or 1.0
    fig.update_yaxes(title="αₗ", range=[-m, m], zeroline=True, row=2, col=1)
    return base_layout(fig, None, height=height, showlegend=True, legend=dict(orientation="h", y=1.08, x=0))


@cached_figure
def semi_figure(X, y, xs, f_rbf, f_both, x_data):
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
    return base_layout(fig, None, height=380, showlegend=True, legend=dict(orientation="h", y=1.1, x=0))


@cached_figure
def cv_heatmap(res, grid_name, current):
    """log10 CV error over (grid parameter, lam); the best setting starred, the current one ringed."""
    gvals = np.array([s[grid_name] for s in res.settings])
    Z = _f32(np.log10(res.errors))
    fig = go.Figure(go.Heatmap(x=np.arange(len(gvals), dtype=np.int32), y=np.arange(len(res.lams), dtype=np.int32),
                               z=Z, colorscale="Viridis_r", colorbar=dict(title="log₁₀ CV MSE", thickness=14), showlegend=False,
                               customdata=np.dstack(np.meshgrid(gvals, res.lams)).astype(np.float32),
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
    fig.update_xaxes(title=f"{label} (log scale)", tickvals=np.arange(len(gvals)), ticktext=[f"{g:g}" for g in gvals],
                     range=[-0.5, len(gvals) - 0.5])
    fig.update_yaxes(title="λ (log scale)", tickvals=np.arange(len(res.lams)), ticktext=[f"{v:g}" for v in res.lams],
                     range=[-0.5, len(res.lams) - 0.5])
    return base_layout(fig, None, height=440, showlegend=True, legend=dict(orientation="h", y=1.08, x=0))


@cached_figure
def error_curves(values, train, held_out, current, label):
    """Train vs held-out (CV) error along one parameter: the gap is over-fitting, both high is under-fitting."""
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=_f32(values), y=_f32(train), mode="lines+markers", name="training error",
                             line=dict(color=ACCENT, width=3)))
    fig.add_trace(go.Scatter(x=_f32(values), y=_f32(held_out), mode="lines+markers", name="held-out error (CV)",
                             line=dict(color=NEGATIVE, width=3)))
    fig.add_vline(x=current, line=dict(color="black", dash="dot"), annotation_text="current",
                  annotation_position="bottom right")
    lo, hi = np.log10(max(float(np.min(train)), 1e-6)) - 0.2, np.log10(float(np.max(held_out))) + 0.2
    fig.update_xaxes(title=label, type="log", range=[float(np.log10(values[0])), float(np.log10(values[-1]))],
                     dtick=1, tickformat="~g")
    fig.update_yaxes(title="mean squared error", type="log", range=[lo, hi], tickformat="~g",
                     dtick=1 if hi - lo > 1.5 else "D2")
    return base_layout(fig, None, height=330, showlegend=True, legend=dict(orientation="h", y=1.15, x=0))


@cached_figure
def gp_figure(X, y, xs, mean, std, samples):
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=_f32(np.r_[xs, xs[::-1]]), y=_f32(np.r_[mean + 2 * std, (mean - 2 * std)[::-1]]),
                             fill="toself", fillcolor=BAND_COLOR, line=dict(width=0), name="m(x) ± 2 std",
                             hoverinfo="skip"))
    for s in range(samples.shape[1]):
        fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(samples[:, s]), mode="lines", name="posterior samples",
                                 line=dict(color=SAMPLE_COLORS[s % len(SAMPLE_COLORS)], width=1.5),
                                 showlegend=s == 0, legendgroup="samples", hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=_f32(xs), y=_f32(mean), mode="lines", name="posterior mean m(x)",
                             line=dict(color=POSITIVE, width=3),
                             customdata=_f32(std), hovertemplate="x = %{x:.2f}<br>m = %{y:.3f}<br>std = "
                                                                 "%{customdata:.3f}<extra></extra>"))
    fig.add_trace(_data_trace(X, y))
    fig.update_xaxes(title="x", range=[float(xs[0]), float(xs[-1])])
    fig.update_yaxes(title="f(x)", range=_y_range(y, mean - 2 * std, mean + 2 * std))
    return base_layout(fig, None, height=420, showlegend=True, legend=dict(orientation="h", y=1.1, x=0))
