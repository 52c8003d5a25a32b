"""The SVM page's controls, cached calls into kernel_core.svm (keyed by plain values) and its figures.

The exact SVM (libsvm) and the cross-validation grid are cached and shared by a class; the teaching
solver is a per-student object in session state that `step` continues, a time budget per click."""
import numpy as np
import plotly.graph_objects as go
import streamlit as st

import kernel_core as kc

from .cache import cache_data
from .compute import build_kernel
from .controls import KERNEL_LABELS, kernel_picker, labeller, log_options, log_slider
from .figures import add_classes, base_layout, cached_figure, decision_map, level_lines
from .ranges import PLANE
from .ranges import SVM as R
from .theme import ACCENT, CLASS_STYLE, POSITIVE

ENTRIES = 32
COMBINE = {"none": "no (one kernel)", "sum": "k₁ + k₂", "product": "k₁ · k₂"}
BATCH = {"all": "all n points (subgradient descent)", "one": "1 random point (SGD, as on the slide)"}
WRONG, INSIDE = "#CC79A7", ACCENT   # markers of misclassified and inside-the-margin points
TEACH = "svm_teaching"             # session-state key of the teaching solver


# ---------------------------------------------------------------- controls (plain values out)
def kernel_spec_ui(page):
    """Kernel picker plus an optional second kernel combined by + or ·; returns a build_kernel spec."""
    name, params = kernel_picker(page, "Kernel k₁")
    spec = (name, tuple(params.items()))
    op = st.selectbox("Combine with a second kernel", list(COMBINE), key=f"{page}_combine",
                      format_func=labeller(COMBINE), bind="query-params",
                      help="Closure rules (seed 003): sums and products of kernels are kernels.")
    if op == "none":
        return spec
    name2, params2 = kernel_picker(page, "Second kernel k₂", default="linear", suffix="2")
    return ("compose", op, spec, (name2, tuple(params2.items())), None)


def b_spec_ui(page):
    """The comparison SVM "B": its own single kernel and C (keys "{page}_b_..."); returns (spec, C)."""
    k, c = st.columns(2)
    with k:
        name, params = kernel_picker(f"{page}_b", "Kernel of B")
    with c:
        C = log_slider("C of B", f"{page}_b_C", *R["b_C"], help="B's price of a margin violation.")
    return (name, tuple(params.items())), C


SYMBOLS = {"gamma": "γ", "degree": "m", "coef0": "r"}


def describe(spec):
    """A kernel setting in words for titles: 'RBF / Gaussian, γ = 1'."""
    if spec[0] == "compose":
        return f"({describe(spec[2])}) {'+' if spec[1] == 'sum' else '·'} ({describe(spec[3])})"
    return ", ".join([KERNEL_LABELS[spec[0]], *(f"{SYMBOLS[p]} = {v:g}" for p, v in spec[1])])


def fit_metrics(fit, C, columns=1):
    """A fit's counts and accuracies as st.metric, stacked (beside a map) or in rows of `columns`."""
    n, cnt = fit["n"], fit["counts"]
    items = (("Support vectors", f"{len(fit['sv'])} of {n}", "Training points with α_i > 0"),
             ("… with α = C", fit["at_bound"], f"α_i = C = {C:g}: on the wrong side of their margin line (or on it)"),
             ("Margin violations", cnt["margin_violations"], "y f(x) < 1: inside the margin or misclassified"),
             ("Misclassified (training)", cnt["misclassified"], None),
             ("Training accuracy", f"{fit['train_acc']:.1%}", None),
             ("Held-out accuracy", "—" if np.isnan(fit["test_acc"]) else f"{fit['test_acc']:.1%}",
              "Points the SVM never saw"))
    cells = ([st.container() for _ in items] if columns == 1 else
             [cell for _ in range(0, len(items), columns) for cell in st.columns(columns)])
    for cell, (label, value, help_) in zip(cells, items):
        cell.metric(label, value, help=help_)


def with_gamma(spec, gamma):
    """The same spec with k₁'s gamma replaced (None when k₁ has no gamma)."""
    if spec[0] == "compose":
        inner = with_gamma(spec[2], gamma)
        return None if inner is None else (*spec[:2], inner, *spec[3:])
    params = dict(spec[1])
    if "gamma" not in params:
        return None
    params["gamma"] = gamma
    return spec[0], tuple(params.items())


def gamma_of(spec):
    return dict(spec[1]).get("gamma") if spec[0] != "compose" else gamma_of(spec[2])


def grid_values(slider, low, high, count):
    """`count` of the log slider's own options between low and high, evenly spread in log space (so that
    Apply sets the slider to exactly the cell's value). slider = (low, high) of the slider."""
    opts = [v for v in log_options(*slider) if low * (1 - 1e-9) <= v <= high * (1 + 1e-9)]
    return tuple(opts[i] for i in np.round(np.linspace(0, len(opts) - 1, count)).astype(int))


# ---------------------------------------------------------------- cached numerics
def bounds(X):
    if not len(X):  # no points: the plane of the clickable map
        return (*PLANE, *PLANE)
    lo, hi = X.min(axis=0) - R["pad"], X.max(axis=0) + R["pad"]
    return float(lo[0]), float(hi[0]), float(lo[1]), float(hi[1])


def axes(b):
    return np.linspace(b[0], b[1], R["grid"]), np.linspace(b[2], b[3], R["grid"])


@cache_data(max_entries=ENTRIES)
def split(X, y):
    return kc.holdout_split(y, R["held_out"], R["split_seed"], X=X)


@cache_data(max_entries=ENTRIES)
def fit_exact(X, y, spec, C, b):
    """libsvm on the training part: the surface, decision values, counts and accuracies."""
    tr, te = split(X, y)
    model = kc.KernelSVM(build_kernel(spec), C=C).fit(X[tr], y[tr])
    f_tr = model.decision_function(X[tr])
    f_te = model.decision_function(X[te]) if len(te) else np.zeros(0)
    alpha = np.abs(model.dual_coef_)
    n = len(tr)
    lam = kc.lam_from_C(C, n)
    J = kc.seed_objective(model.kernel_(X[tr]), y[tr], model.seed_alpha(n), model.intercept_, lam)
    return {"tr": tr, "te": te, "Z": kc.decision_surface(model, *axes(b)), "f_tr": f_tr, "f_te": f_te,
            "sv": model.support_, "alpha": alpha, "b": model.intercept_, "n": n, "lam": lam, "J": J,
            "counts": kc.margin_counts(y[tr], f_tr), "train_acc": float(np.mean(np.where(f_tr > 0, 1, -1) == y[tr])),
            "test_acc": float(np.mean(np.where(f_te > 0, 1, -1) == y[te])) if len(te) else float("nan"),
            "at_bound": int(np.sum(alpha >= C * (1 - 1e-6))), "converged": model.converged_}


@cache_data(max_entries=8)
def cv_scores(X, y, spec, Cs, gammas):
    """Mean accuracy of R['cv_folds']-fold cross-validation on the training part, rows = gamma, cols = C."""
    tr, _ = split(X, y)
    return kc.cross_validate_grid(X[tr], y[tr], Cs, gammas, lambda g: build_kernel(with_gamma(spec, g)),
                                  folds=R["cv_folds"], seed=R["split_seed"])


# ---------------------------------------------------------------- the teaching solver (per student)
def teaching_solver(X, y, spec, C, batch):
    """This student's SubgradientSVM for the current problem (a fresh one when the problem changed)."""
    tr, _ = split(X, y)
    signature = (X.tobytes(), y.tobytes(), spec, C, batch)
    held = st.session_state.get(TEACH)
    if held is None or held["signature"] != signature:
        lam = kc.lam_from_C(C, len(tr))
        model = kc.SubgradientSVM(build_kernel(spec), lam=lam, n_steps=R["first_steps"], tol=R["tol"],
                                  batch_size=None if batch == "all" else 1, seed=R["split_seed"])
        held = st.session_state[TEACH] = {"signature": signature, "model": model.fit(X[tr], y[tr])}
    return held["model"]


def advance(model, n):
    """n more steps (never past max_steps), or to convergence within the time budget when n is None."""
    room = R["max_steps"] - model.n_iter_
    if room > 0:
        model.step(room if n is None else min(n, room), max_seconds=R["max_seconds"])


@cache_data(max_entries=ENTRIES)
def teaching_surface(points, weights, bias, spec, b):
    """The teaching solver's f over the plane (cached: every student starts from the same seeded solver)."""
    return kc.expansion_surface(points, weights, bias, build_kernel(spec), *axes(b))


# ---------------------------------------------------------------- figures
def _legend(fig, show=True):
    fig.update_layout(showlegend=show, legend=dict(orientation="h", x=0, y=-0.2, yanchor="top"))
    return fig


def _map(xs, ys, Z, X, y, title, levels, height):
    """ui.figures.decision_map with its level lines named for the legend."""
    fig = decision_map(xs, ys, Z, X, y, title, levels=levels, height=height)
    lines = [tr for tr in fig.data if tr.type == "scatter" and tr.mode == "lines"]
    for level, tr in zip(levels, lines):
        tr.update(name="boundary f = 0" if level == 0 else "margins f = ±1", showlegend=level >= 0)
    return fig


@cached_figure
def svm_map(b, fit, X, y, title, C, show_test=True, height=520, legend=True):
    """Filled f(x), boundary f = 0 and margins f = ±1, support vectors ringed and sized by alpha,
    misclassified and inside-the-margin training points marked, held-out points hollow."""
    xs, ys = axes(b)
    tr, te = fit["tr"], fit["te"]
    fig = _map(xs, ys, fit["Z"], X[tr], y[tr], title, (-1.0, 0.0, 1.0), height)
    sv = tr[fit["sv"]]
    fig.add_trace(go.Scatter(x=X[sv, 0].astype(np.float32), y=X[sv, 1].astype(np.float32), mode="markers",
                             name="support vector (size ∝ α)", customdata=fit["alpha"].astype(np.float32),
                             marker=dict(symbol="circle-open", color="black", line=dict(width=1.5),
                                         size=(9 + 15 * fit["alpha"] / C).astype(np.float32)),
                             hovertemplate="support vector<br>α = %{customdata:.3g}<extra></extra>"))
    z = y[tr] * fit["f_tr"]
    for mask, name, color in (((fit["f_tr"] > 0) != (y[tr] > 0), "misclassified", WRONG),
                              (((fit["f_tr"] > 0) == (y[tr] > 0)) & (z < 1 - kc.svm.MARGIN_ATOL), "inside the margin", INSIDE)):
        P = X[tr][mask]
        fig.add_trace(go.Scatter(x=P[:, 0].astype(np.float32), y=P[:, 1].astype(np.float32), mode="markers",
                                 name=name, hoverinfo="skip",
                                 marker=dict(symbol="diamond-open", size=17, color=color, line=dict(width=2.5))))
    if show_test and len(te):
        for label, style in CLASS_STYLE.items():
            P = X[te][y[te] == label]
            fig.add_trace(go.Scatter(x=P[:, 0].astype(np.float32), y=P[:, 1].astype(np.float32), mode="markers",
                                     name=f"held out, {style['name']}", hovertemplate="held out<extra></extra>",
                                     marker=dict(symbol=f"{style['symbol']}-open", size=9, color=style["color"],
                                                 line=dict(width=1.5))))
    if legend:  # the page's main map, in a wide column (ui.figures.reserve_margins)
        fig.update_layout(meta=dict(chart_width=660))
    return _legend(fig, legend)


@cached_figure
def teaching_map(b, Z_teach, Z_exact, X, y, title):
    """The teaching solver's f(x) with its boundary, and libsvm's boundary f = 0 as a green dashed line."""
    xs, ys = axes(b)
    fig = _map(xs, ys, Z_teach, X, y, title, (0.0,), 460)
    fig.data[1].name = "boundary, subgradient"
    fig.add_trace(level_lines(xs, ys, Z_exact, 0.0, color=ACCENT, width=3, dash="dash").update(
        name="libsvm boundary", showlegend=True))
    return _legend(fig)


@cached_figure
def loss_figure(curve, J_star):
    t = np.arange(len(curve), dtype=np.float32)
    fig = go.Figure(go.Scatter(x=t, y=np.asarray(curve, np.float32), mode="lines", name="J(α_t)",
                               line=dict(color=POSITIVE, width=2.5),
                               hovertemplate="step %{x}<br>J = %{y:.5f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=np.array([0, max(10, len(curve) - 1)], np.float32), y=np.full(2, J_star, np.float32),
                             mode="lines", name=f"libsvm optimum J* = {J_star:.4f}", hoverinfo="skip",
                             line=dict(color=ACCENT, dash="dash", width=2)))
    fig.update_xaxes(title="step t", range=[0, max(10, len(curve) - 1)])
    lo, hi = min(J_star, float(np.min(curve))), max(1.0, float(np.max(curve)))
    fig.update_yaxes(title="seed objective J (log scale)", type="log", range=[np.log10(lo) - 0.15, np.log10(hi) + 0.1],
                     tickvals=[0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100])
    _legend(fig)
    return base_layout(fig, "Loss curve of the subgradient solver", height=460)


@cached_figure
def cv_figure(scores, Cs, gammas, current):
    """Accuracy over the (C, γ) grid (categorical log axes), best cell starred, current setting boxed."""
    xl, yl = [f"{c:g}" for c in Cs], [f"{g:g}" for g in gammas]
    fig = go.Figure(go.Heatmap(x=xl, y=yl, z=np.asarray(scores, np.float32), colorscale="Viridis",
                               zmin=float(np.min(scores)), zmax=float(np.max(scores)),
                               texttemplate="%{z:.2f}", colorbar=dict(title="accuracy", thickness=14),
                               hovertemplate="C = %{x}<br>γ = %{y}<br>CV accuracy = %{z:.3f}<extra></extra>"))
    a, c = np.unravel_index(int(np.argmax(scores)), scores.shape)
    fig.add_trace(go.Scatter(x=[xl[c]], y=[yl[a]], mode="markers", name="best", hoverinfo="skip",
                             marker=dict(symbol="star", size=26, color="white", line=dict(color="black", width=2))))
    if current in [(C, g) for C in Cs for g in gammas]:
        fig.add_trace(go.Scatter(x=[f"{current[0]:g}"], y=[f"{current[1]:g}"], mode="markers", name="current",
                                 hoverinfo="skip", marker=dict(symbol="square-open", size=44, color="white",
                                                               line=dict(width=3))))
    fig.update_xaxes(title="C (log scale)", type="category")
    fig.update_yaxes(title="γ of k₁ (log scale)", type="category")
    return base_layout(fig, f"{R['cv_folds']}-fold cross-validation accuracy", height=470)


@cached_figure
def hinge_figure(z_tr, y_tr, z_te, y_te):
    """max(0, 1 − z) against z = y f(x), with the perceptron loss and the 0/1 loss; the points on it."""
    lo, hi = R["hinge_range"]
    z = np.linspace(lo, hi, 301, dtype=np.float32)
    fig = go.Figure()
    fig.add_vrect(x0=lo, x1=0, fillcolor=WRONG, opacity=0.12, line_width=0, annotation_text="misclassified",
                  annotation_position="top left")
    fig.add_vrect(x0=0, x1=1, fillcolor=INSIDE, opacity=0.12, line_width=0, annotation_text="inside margin",
                  annotation_position="top left")
    for name, loss, style in (("hinge max(0, 1 − z) — SVM", np.maximum(0, 1 - z), dict(color="black", width=3)),
                              ("perceptron max(0, −z)", np.maximum(0, -z), dict(color="#777777", width=2, dash="dash")),
                              ("0/1 loss [z < 0]", (z < 0).astype(np.float32), dict(color="#777777", width=2, dash="dot"))):
        fig.add_trace(go.Scatter(x=z, y=loss, mode="lines", name=name, line=style, hoverinfo="skip"))
    for zs, ys_, held in ((z_tr, y_tr, False), (z_te, y_te, True)):
        for label, style in CLASS_STYLE.items():
            zz = np.clip(zs[ys_ == label], lo, hi).astype(np.float32)
            fig.add_trace(go.Scatter(x=zz, y=np.maximum(0, 1 - zz), mode="markers",
                                     name=f"{'held out' if held else 'training'}, {style['name']}",
                                     marker=dict(symbol=style["symbol"] + ("-open" if held else ""), size=9,
                                                 color=style["color"], opacity=0.8),
                                     hovertemplate="y f(x) = %{x:.2f}<br>hinge = %{y:.2f}<extra></extra>"))
    fig.update_xaxes(title="z = y f(x)", range=[lo, hi])
    fig.update_yaxes(title="loss", range=[0, 1 - lo + 0.2])
    return _legend(base_layout(fig, "The hinge loss and where each point sits on it", height=460,
                               meta=dict(chart_width=540)))


def scatter_all(X, y):
    """Only the data (when the model cannot be fitted), so the student still sees the points."""
    fig = add_classes(go.Figure(), X, y)
    fig.update_yaxes(scaleanchor="x")
    return base_layout(fig, "The data", height=420)
