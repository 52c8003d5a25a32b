"""The Perceptron vs k-NN topic's cached calls into kernel_core, returning dataclasses.

The perceptron is fitted once per setting; stepping through its training replays the recorded history
(`KernelPerceptron.at_step`), it never refits. A decision surface is cached apart from its fit."""
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from ui.cache import cache_data
from ui.ranges import PERCEPTRON_KNN as R
from ui.ranges import PLANE

ENTRIES = 32
BOUNDS = (*PLANE, *PLANE)   # the clickable maps' plane (ui.points_click.on_plane fixes their axes to it)
K_VALUES = tuple(range(R["k"][0], R["k"][1] + 1, R["k"][3]))   # the k slider's options, in order


@dataclass(frozen=True)
class Split:
    Xtr: np.ndarray
    ytr: np.ndarray
    Xte: np.ndarray
    yte: np.ndarray


@dataclass(frozen=True)
class Frame:
    """The perceptron after `step` visits of its recorded training."""
    step: int
    alpha: np.ndarray       # alpha_i after `step` visits
    Z: np.ndarray           # f over the plane's grid
    train: float            # training accuracy
    test: float             # held-out accuracy (nan when nothing is held out)
    used: int               # training points with alpha_i != 0
    objective: float        # Kriege's J(alpha) = (1/n) sum_i max{0, -y_i alpha^T k_i} on the training points


@dataclass(frozen=True)
class Knn:
    k: int
    Z: np.ndarray           # the vote over the plane's grid
    train: float
    test: float


@dataclass(frozen=True)
class Query:
    """Both rules' prediction at one new point x."""
    f_perceptron: float     # sum_i alpha_i y_i k(x_i, x) of the fully trained perceptron
    used: int               # its points with alpha_i != 0
    neighbours: np.ndarray  # indices (into the training points) of x's k nearest
    f_knn: float            # k-NN's vote at x, in [-1, 1]


@dataclass(frozen=True)
class Overfit:
    gammas: np.ndarray      # the swept gammas
    train: np.ndarray       # training accuracy per gamma
    test: np.ndarray        # held-out accuracy per gamma
    split: Split            # the demo's own data, split
    bounds: tuple           # the demo map's plot range
    Z: np.ndarray           # f of the perceptron at the chosen gamma over its grid
    chosen_train: float
    chosen_test: float


def split(X, y, held):
    """The Split of (X, y) by the held-out mask `held` (ui.points.held_out)."""
    return Split(X[~held], y[~held], X[held], y[held])


def axes(b):
    return np.linspace(b[0], b[1], R["grid"]), np.linspace(b[2], b[3], R["grid"])


def _accuracy(model, X, y):
    return float(np.mean(model.predict(X) == y)) if len(X) else float("nan")


@cache_data(max_entries=ENTRIES)
def fit_perceptron(s, kernel, epochs, seed):
    """The one fit per setting (kernel: a ui.kernel_choice.Single)."""
    return kc.KernelPerceptron(kernel.name, epochs=epochs, seed=seed, **dict(kernel.params)).fit(s.Xtr, s.ytr)


@cache_data(max_entries=4 * ENTRIES)
def perceptron_frame(s, kernel, epochs, seed, step):
    """The replayed model after `step` visits: its surface, alpha and accuracies (no refit)."""
    model = fit_perceptron(s, kernel, epochs, seed).at_step(step)
    return Frame(step, model.alpha_, kc.decision_surface(model, *axes(BOUNDS)), _accuracy(model, s.Xtr, s.ytr),
                 _accuracy(model, s.Xte, s.yte), int(np.count_nonzero(model.alpha_)), model.objective())


@cache_data(max_entries=ENTRIES)
def knn(s, k):
    """k-NN (scikit-learn's KNeighborsClassifier inside kernel_core.KNNVote) on the same split."""
    model = kc.KNNVote(n_neighbors=k).fit(s.Xtr, s.ytr)
    return Knn(k, kc.decision_surface(model, *axes(BOUNDS)), _accuracy(model, s.Xtr, s.ytr),
               _accuracy(model, s.Xte, s.yte))


CV_FOLDS = 5   # folds of k's cross-validation, on the training points


@dataclass(frozen=True)
class KnnCV:
    ks: tuple               # the k slider's options
    errors: np.ndarray      # CV(k): held-out misclassification rate over CV_FOLDS folds of the training points
    best: int               # the k with the least CV error (the smallest such k)


@cache_data(max_entries=ENTRIES)
def knn_cv(s):
    """k-NN's k by cross-validation on the training points (kernel_core.knn_cross_validate, seed 0)."""
    errors = kc.knn_cross_validate(s.Xtr, s.ytr, K_VALUES, n_folds=min(CV_FOLDS, len(s.ytr)), seed=0)
    return KnnCV(K_VALUES, errors, int(K_VALUES[int(np.argmin(errors))]))


@cache_data(max_entries=4 * ENTRIES)
def query(s, kernel, epochs, seed, k, x):
    """The fully trained perceptron and k-NN at the new point x = (x1, x2)."""
    model = fit_perceptron(s, kernel, epochs, seed)
    nn = kc.KNNVote(n_neighbors=k).fit(s.Xtr, s.ytr)
    at = np.array([x], dtype=float)
    return Query(float(model.decision_function(at)[0]), int(np.count_nonzero(model.alpha_)),
                 nn.kneighbors(at, return_distance=False)[0], float(nn.decision_function(at)[0]))


def advance(history, step, unit):
    """The replay position after one press of Step: one visit, to just after the next mistake, or to the end of
    the current epoch."""
    T = len(history["index"])
    if step >= T:
        return T
    if unit == "visit":
        return step + 1
    if unit == "mistake":
        ahead = np.flatnonzero(history["mistake"][step:])
        return step + int(ahead[0]) + 1 if len(ahead) else T
    return int(np.searchsorted(history["epoch"], history["epoch"][step], side="right"))


def demo_split(name, noise, seed, held_out):
    """The overfitting demo's own noisy data set, split (nobody clicks on it: kernel_core's per-point split)."""
    X, y = kc.make_classification(name, R["demo_n"], noise, seed)
    train, test = kc.holdout_split(y, held_out, seed, X=X)
    return X, Split(X[train], y[train], X[test], y[test])


def demo_bounds(X):
    """Fixed, square plot range around the demo's data (plain floats)."""
    centre = (X.min(axis=0) + X.max(axis=0)) / 2
    half = float(np.max(X.max(axis=0) - X.min(axis=0))) / 2 + R["pad"]
    return float(centre[0] - half), float(centre[0] + half), float(centre[1] - half), float(centre[1] + half)


@cache_data(max_entries=ENTRIES)
def overfit_sweep(name, noise, seed, held_out, epochs):
    """Training and held-out accuracy of the RBF perceptron over a log range of gamma, on its own noisy data."""
    _, s = demo_split(name, noise, seed, held_out)
    lo, hi, count = R["sweep"]
    gammas = np.geomspace(lo, hi, count)
    rows = []
    for g in gammas:
        m = kc.KernelPerceptron("rbf", epochs=epochs, seed=seed, gamma=float(g)).fit(s.Xtr, s.ytr)
        rows.append((_accuracy(m, s.Xtr, s.ytr), _accuracy(m, s.Xte, s.yte)))
    train, test = np.array(rows).T
    return gammas, train, test


@cache_data(max_entries=ENTRIES)
def overfit(name, noise, seed, held_out, epochs, gamma):
    """The sweep and the RBF perceptron at one gamma over its plane."""
    X, s = demo_split(name, noise, seed, held_out)
    m = kc.KernelPerceptron("rbf", epochs=epochs, seed=seed, gamma=gamma).fit(s.Xtr, s.ytr)
    b = demo_bounds(X)
    gammas, train, test = overfit_sweep(name, noise, seed, held_out, epochs)
    return Overfit(gammas, train, test, s, b, kc.decision_surface(m, *axes(b)), _accuracy(m, s.Xtr, s.ytr),
                   _accuracy(m, s.Xte, s.yte))


# ---------------------------------------------------------------- the live sweep of k (ui.sweep)
@dataclass(frozen=True, eq=False)
class KnnSweep:
    """k-NN's vote over the plane at every option of the k slider (each capped at the training points, as the
    section's `knn`): what the k-NN map shows of each k."""
    ks: tuple               # the slider's options
    used: tuple             # k actually used for each (min(k, training points))
    Z: np.ndarray           # (options, grid, grid) float32: the vote over the plane's grid, rows = x₂


@cache_data(max_entries=ENTRIES)
def knn_sweep(s):
    """Every k's vote over the plane in one batch: the grid's neighbours are found once, up to the largest k used
    (kernel_core.KNNVote, scikit-learn's neighbour search), and the vote of the first k of them is a running sum of
    their labels. KNNVote's vote (predict_proba) counts the k nearest in the same order."""
    n = len(s.ytr)
    used = tuple(min(k, n) for k in K_VALUES)
    xs, ys = axes(BOUNDS)
    g1, g2 = np.meshgrid(xs, ys)
    model = kc.KNNVote(n_neighbors=max(used)).fit(s.Xtr, s.ytr)
    idx = model.kneighbors(np.c_[g1.ravel(), g2.ravel()], return_distance=False)
    sign = np.where(s.ytr == model.classes_[1], 1.0, -1.0)   # +1 for classes_[1], as the vote
    votes = np.cumsum(sign[idx], axis=1)                    # (cells, k_max): the sum over the first k neighbours
    Z = np.stack([(votes[:, k - 1] / k).reshape(len(ys), len(xs)) for k in used]).astype(np.float32)
    return KnnSweep(K_VALUES, used, Z)
