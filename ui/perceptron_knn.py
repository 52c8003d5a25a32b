"""The Perceptron vs k-NN page's cached calls into kernel_core and its Plotly figures.

The perceptron is fitted once per setting (cached); stepping through the training only replays the
recorded history (`KernelPerceptron.at_step`), it never refits."""
import numpy as np
import plotly.graph_objects as go

import kernel_core as kc

from .cache import cache_data
from .figures import base_layout, cache_with_figures, cached_figure, decision_map, to_spec
from .ranges import PERCEPTRON_KNN as R
from .theme import ACCENT, CLASS_STYLE, NEGATIVE, POSITIVE

ENTRIES = 32
STEP_UNITS = {"mistake": "to the next mistake", "visit": "one visit", "epoch": "to the end of the epoch"}


@cache_data(max_entries=ENTRIES)
def split(X, y, held_out, seed):
    """Seeded, stratified train / held-out split, drawn per point (adding a point leaves the others where
    they were; nothing held out when there are too few points): returns Xtr, Xte, ytr, yte."""
    train, test = kc.holdout_split(y, held_out, seed, X=X)
    return X[train], X[test], y[train], y[test]


def bounds(X):
    """Fixed, square plot range around the data (plain floats, usable as a cache key)."""
    centre = (X.min(axis=0) + X.max(axis=0)) / 2
    half = float(np.max(X.max(axis=0) - X.min(axis=0))) / 2 + R["pad"]
    return float(centre[0] - half), float(centre[0] + half), float(centre[1] - half), float(centre[1] + half)


def axes(b):
    return np.linspace(b[0], b[1], R["grid"]), np.linspace(b[2], b[3], R["grid"])


@cache_data(max_entries=ENTRIES)
def fit_perceptron(Xtr, ytr, kernel, params, epochs, seed):
    """The one fit per setting; params is a tuple of (name, value) pairs."""
    return kc.KernelPerceptron(kernel, epochs=epochs, seed=seed, **dict(params)).fit(Xtr, ytr)


def _accuracy(model, X, y):
    return float(np.mean(model.predict(X) == y)) if len(X) else float("nan")


@cache_data(max_entries=4 * ENTRIES)
def perceptron_frame(Xtr, ytr, Xte, yte, kernel, params, epochs, seed, step, b):
    """The replayed model after `step` visits: its surface, alpha and accuracies (no refit)."""
    model = fit_perceptron(Xtr, ytr, kernel, params, epochs, seed).at_step(step)
    return {"Z": kc.decision_surface(model, *axes(b)), "alpha": model.alpha_,
            "train": _accuracy(model, Xtr, ytr), "test": _accuracy(model, Xte, yte),
            "used": int(np.count_nonzero(model.alpha_))}


@cache_with_figures(max_entries=ENTRIES)
def knn_frame(Xtr, ytr, Xte, yte, k, b):
    """k-NN (scikit-learn) on the same split: its accuracies and its vote over the plane as a figure
    (a plain dict, cached: redrawing the panel costs nothing while the perceptron plays)."""
    model = kc.KNNVote(n_neighbors=k).fit(Xtr, ytr)
    Z = kc.decision_surface(model, *axes(b))
    fig = classifier_map(b, Z, Xtr, ytr, Xte, yte, f"{k}-NN vote over the plane", "vote")
    return {"fig": to_spec(fig), "train": _accuracy(model, Xtr, ytr), "test": _accuracy(model, Xte, yte)}


def advance(history, step, unit):
    """The replay position after one press of Step: one visit, to just after the next mistake, or
    to the end of the current epoch."""
    T = len(history["index"])
    if step >= T:
        return T
    if unit == "visit":
        return step + 1
    if unit == "mistake":
        ahead = np.flatnonzero(history["mistake"][step:])
        return step + int(ahead[0]) + 1 if len(ahead) else T
    return int(np.searchsorted(history["epoch"], history["epoch"][step], side="right"))


@cache_data(max_entries=ENTRIES)
def overfit_sweep(name, noise, seed, held_out, epochs):
    """Train and held-out accuracy of the RBF perceptron over a log range of gamma, on its own noisy data."""
    X, y = kc.make_classification(name, R["demo_n"], noise, seed)
    Xtr, Xte, ytr, yte = split(X, y, held_out, seed)
    lo, hi, count = R["sweep"]
    gammas = np.geomspace(lo, hi, count)
    rows = []
    for g in gammas:
        m = kc.KernelPerceptron("rbf", epochs=epochs, seed=seed, gamma=float(g)).fit(Xtr, ytr)
        rows.append((_accuracy(m, Xtr, ytr), _accuracy(m, Xte, yte)))
    train, test = np.array(rows).T
    return gammas, train, test


@cache_with_figures(max_entries=ENTRIES)
def overfit_frame(name, noise, seed, held_out, epochs, gamma):
    """The sweep's curve and the map at one gamma, as cached figure dicts, with the numbers they show."""
    X, y = kc.make_classification(name, R["demo_n"], noise, seed)
    Xtr, Xte, ytr, yte = split(X, y, held_out, seed)
    m = kc.KernelPerceptron("rbf", epochs=epochs, seed=seed, gamma=gamma).fit(Xtr, ytr)
    b = bounds(X)
    train, test = _accuracy(m, Xtr, ytr), _accuracy(m, Xte, yte)
    title = f"RBF perceptron, γ = {gamma:g}: training {train:.0%}, held-out {test:.0%}"
    gammas, sweep_train, sweep_test = overfit_sweep(name, noise, seed, held_out, epochs)
    return {"map": to_spec(classifier_map(b, kc.decision_surface(m, *axes(b)), Xtr, ytr, Xte, yte, title, "f(x)")),
            "curve": to_spec(overfit_curve(gammas, sweep_train, sweep_test, gamma)),
            "gammas": gammas, "train": sweep_train, "test": sweep_test}


# ---------------------------------------------------------------- figures
def _held_out(fig, X, y):
    """Held-out points: hollow markers in the class colours."""
    for label, style in CLASS_STYLE.items():
        m = y == label
        fig.add_trace(go.Scatter(x=X[m, 0].astype(np.float32), y=X[m, 1].astype(np.float32), mode="markers",
                                 name=f"{style['name']} (held out)",
                                 marker=dict(color=style["color"], size=9, symbol=style["symbol"] + "-open",
                                             line=dict(width=2)),
                                 hovertemplate="held-out point<br>(%{x:.2f}, %{y:.2f})<extra></extra>"))


def _legend(fig):
    """Legend under the plot without the contour line; the plot box fitted to the square data range; and
    the colours of the classes for the sign of f (class +1 is blue, so f > 0 is blue: RdBu, not RdBu_r)."""
    fig.update_traces(showlegend=False, selector=dict(type="contour"))
    fig.update_traces(colorscale="RdBu", selector=dict(type="heatmap"))
    fig.update_yaxes(constrain="domain")
    fig.update_layout(legend=dict(orientation="h", x=0.0, y=-0.12, yanchor="top"))


@cached_figure
def perceptron_map(b, Z, Xtr, ytr, Xte, yte, alpha, alpha_max, visit, title):
    """The perceptron's f over the plane; rings of area ∝ alpha_i around the points it uses; the last
    visited point marked (a thick red ring when it was a mistake)."""
    xs, ys = axes(b)
    fig = decision_map(xs, ys, Z, Xtr, ytr, title=title, levels=(0.0,), zlabel="f(x)")
    _held_out(fig, Xte, yte)
    used = np.flatnonzero(alpha > 0)
    if len(used):
        size = 10 + 26 * np.sqrt(alpha[used] / max(alpha_max, 1.0))  # diameter ∝ sqrt(alpha): area ∝ alpha
        fig.add_trace(go.Scatter(x=Xtr[used, 0].astype(np.float32), y=Xtr[used, 1].astype(np.float32), mode="markers",
                                 name="α > 0 (ring area ∝ α)", customdata=np.c_[used, alpha[used]].astype(np.float32),
                                 marker=dict(size=size.astype(np.float32), color="rgba(0,0,0,0)",
                                             line=dict(color="black", width=1.2)),
                                 hovertemplate="point %{customdata[0]:.0f}: α = %{customdata[1]:.0f}<extra></extra>"))
    if visit is not None:
        i, wrong = visit
        fig.add_trace(go.Scatter(x=np.float32([Xtr[i, 0]]), y=np.float32([Xtr[i, 1]]), mode="markers",
                                 name="mistake: α updated" if wrong else "visited: correct",
                                 marker=dict(size=26, color="rgba(0,0,0,0)", symbol="circle",
                                             line=dict(color=NEGATIVE if wrong else ACCENT, width=4)),
                                 hovertemplate=f"visited point {i}<extra></extra>"))
    _legend(fig)
    return base_layout(fig, title, height=540, showlegend=True)


def classifier_map(b, Z, Xtr, ytr, Xte, yte, title, zlabel):
    """A classifier's f over the plane with the training (filled) and held-out (hollow) points."""
    xs, ys = axes(b)
    fig = decision_map(xs, ys, Z, Xtr, ytr, title=title, levels=(0.0,), zlabel=zlabel)
    _held_out(fig, Xte, yte)
    _legend(fig)
    return base_layout(fig, title, height=540, showlegend=True)


@cached_figure
def mistakes_bars(per_epoch, current, done_in_current):
    """Mistakes per epoch: finished epochs solid, the running epoch's count so far, later ones empty."""
    E = len(per_epoch)
    shown = np.zeros(E, dtype=np.float32)
    shown[:current] = per_epoch[:current]
    if current < E:
        shown[current] = done_in_current
    colors = [POSITIVE if e < current else ACCENT for e in range(E)]
    fig = go.Figure(go.Bar(x=np.arange(1, E + 1, dtype=np.int32), y=shown, marker_color=colors,
                           hovertemplate="epoch %{x}: %{y:.0f} mistakes<extra></extra>"))
    fig.update_xaxes(title="epoch", range=[0.5, E + 0.5], dtick=1 if E <= 20 else 5)
    fig.update_yaxes(title="mistakes", range=[0, float(max(per_epoch.max(), 1)) * 1.1])
    return base_layout(fig, "Mistakes per epoch", height=240)


def overfit_curve(gammas, train, test, chosen):
    fig = go.Figure()
    for values, name, color, dash in ((train, "training", POSITIVE, "solid"), (test, "held-out", NEGATIVE, "dash")):
        fig.add_trace(go.Scatter(x=gammas.astype(np.float32), y=np.asarray(values, np.float32), mode="lines+markers",
                                 name=name, line=dict(color=color, width=3, dash=dash),
                                 hovertemplate=f"γ = %{{x:.3g}}<br>{name} accuracy %{{y:.1%}}<extra></extra>"))
    fig.add_vline(x=chosen, line=dict(color="black", dash="dot"), annotation_text=f"γ = {chosen:g}")
    fig.update_xaxes(type="log", title="γ (RBF)", range=[float(np.log10(gammas[0])) - 0.1,
                                                       float(np.log10(gammas[-1])) + 0.1])
    fig.update_yaxes(title="accuracy", range=[0.4, 1.02], tickformat=".0%")
    return base_layout(fig, "Accuracy of the RBF perceptron vs γ", height=420, showlegend=True,
                       legend=dict(orientation="h", x=0.0, y=-0.2, yanchor="top"))
