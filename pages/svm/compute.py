"""The SVM topic's cached calls into kernel_core, keyed by plain values and returning dataclasses.

One libsvm fit per setting (`fit`: the data, its split, the kernel, C), whatever is plotted; a decision surface is a
separate cached call on the fit's expansion and the plot's bounds (`surface`), so two plots of one model never fit
it twice. The cross-validation grid is cached and shared by a class; the teaching solver is a per-student object
(the section keeps it in session state and `advance` continues it)."""
import warnings
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from ui.cache import cache_data
from ui.ranges import PARAMS, PLANE, log_options
from ui.ranges import SVM as R
from ui.split import held_out

ENTRIES = 32
PLANE_BOUNDS = (*PLANE, *PLANE)  # a clickable map shows exactly the plane (ui.points_click.on_plane)


@dataclass(frozen=True, eq=False)
class Split:
    tr: np.ndarray          # indices of the training points
    te: np.ndarray          # indices of the held-out points


@dataclass(frozen=True, eq=False)
class Fit:
    """libsvm's SVM on the training part, and what the sections show of it."""
    n: int                  # training points
    lam: float              # Kriege's λ = 1/(2nC)
    sv: np.ndarray          # support vectors, as indices into the training part
    alpha: np.ndarray       # their αᵢ (0 < αᵢ ≤ C)
    b: float
    points: np.ndarray      # f(x) = Σ weights[i] k(points[i], x) + b: the expansion a surface is drawn from
    weights: np.ndarray     # αᵢ yᵢ
    f_tr: np.ndarray        # f on the training points
    f_te: np.ndarray        # f on the held-out points
    J: float                # Kriege's objective at libsvm's optimum
    counts: dict            # kernel_core.margin_counts: misclassified, margin_violations, inside_margin
    train_acc: float
    test_acc: float         # nan when nothing is held out
    at_bound: int           # support vectors with αᵢ = C
    converged: bool
    note: str = ""          # kernel_core's warning, e.g. a Gram matrix that is not PSD (sigmoid kernel)


@cache_data(max_entries=ENTRIES)
def split(X, y, base):
    """Train / held-out split (ui.points.held_out over the sidebar preset `base`): a clicked point always trains and
    moves no other point between the parts. If the training part has lost a class (the student removed them), every
    point trains."""
    test = held_out(X, y, R["held_out"], R["split_seed"], base=base)
    idx = np.arange(len(y))
    if len(np.unique(y[~test])) < len(np.unique(y)):
        test[:] = False
    return Split(idx[~test], idx[test])


@cache_data(max_entries=ENTRIES)
def fit(X, y, part, kernel, C):
    """libsvm on the training part of (X, y): decision values, counts, accuracies and Kriege's objective."""
    tr, te = part.tr, part.te
    with warnings.catch_warnings(record=True) as caught:   # said on the page, not in the server's log
        warnings.simplefilter("always", RuntimeWarning)
        model = kc.KernelSVM(kernel.kernel(), C=C).fit(X[tr], y[tr])
    f_tr = model.decision_function(X[tr])
    f_te = model.decision_function(X[te]) if len(te) else np.zeros(0)
    n = len(tr)
    lam = kc.lam_from_C(C, n)
    alpha = np.abs(model.dual_coef_)
    points, weights, b = model.expansion()
    return Fit(n=n, lam=lam, sv=model.support_, alpha=alpha, b=b, points=points, weights=weights, f_tr=f_tr,
               f_te=f_te, J=kc.kriege_objective(model.kernel_(X[tr]), y[tr], model.kriege_alpha(n), b, lam),
               counts=kc.margin_counts(y[tr], f_tr), train_acc=float(np.mean(np.where(f_tr > 0, 1, -1) == y[tr])),
               test_acc=float(np.mean(np.where(f_te > 0, 1, -1) == y[te])) if len(te) else float("nan"),
               at_bound=int(np.sum(alpha >= C * (1 - 1e-6))), converged=model.converged_,
               note=" ".join(str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)))


def bounds(X):
    """A square box around the data with a margin (maps keep x₁ and x₂ to one scale, so a square fills the plot);
    the plane of the clickable map when there are no points."""
    if not len(X):
        return PLANE_BOUNDS
    lo, hi = X.min(axis=0), X.max(axis=0)
    mid, half = (lo + hi) / 2, float(np.max(hi - lo)) / 2 + R["pad"]
    return float(mid[0] - half), float(mid[0] + half), float(mid[1] - half), float(mid[1] + half)


def axes(box, grid=R["grid"]):
    """The grid of a map over the box: grid points per axis."""
    return np.linspace(box[0], box[1], grid), np.linspace(box[2], box[3], grid)


@cache_data(max_entries=ENTRIES)
def surface(points, weights, b, kernel, box, grid=R["grid"]):
    """f(x) = Σ weights[i] k(points[i], x) + b over the box's grid (rows = x₂): a fit's (or the teaching
    solver's) expansion, cached apart from the fit."""
    xs, ys = axes(box, grid)
    if not len(points):  # no point carries weight (yet): f = b everywhere
        return np.full((len(ys), len(xs)), float(b))
    return kc.expansion_surface(points, weights, b, kernel.kernel(), xs, ys)


# ---------------------------------------------------------------- cross-validation over (C, γ)
def grid_values(slider, low, high, count):
    """`count` of the log slider's own options between low and high, evenly spread in log space (so that Apply
    sets the slider to exactly the cell's value). slider = (low, high) of the slider."""
    opts = [v for v in log_options(*slider) if low * (1 - 1e-9) <= v <= high * (1 + 1e-9)]
    return tuple(opts[i] for i in np.round(np.linspace(0, len(opts) - 1, count)).astype(int))


CV_CS = grid_values(R["C"][:2], *R["cv_C"], R["cv_size"])
CV_GAMMAS = grid_values(PARAMS["gamma"][1:3], *R["cv_gamma"], R["cv_size"])


@dataclass(frozen=True, eq=False)
class CV:
    scores: np.ndarray      # mean accuracy, rows = γ, columns = C
    Cs: tuple
    gammas: tuple

    @property
    def best(self):
        """(C, γ, accuracy) of the best cell (argmax: ties go to the smallest γ, then the smallest C)."""
        a, c = np.unravel_index(int(np.argmax(self.scores)), self.scores.shape)
        return self.Cs[c], self.gammas[a], float(self.scores[a, c])


def cv_points(n):
    """Training points the cross-validation uses of n: all up to R["cv_max"], else a seeded random subsample of that
    many (the grid is 7 x 7 settings x 3 folds = 147 libsvm fits, each O(n²) or worse)."""
    return min(n, R["cv_max"])


@cache_data(max_entries=8)
def cross_validation(X, y, part, kernel):
    """R['cv_folds']-fold cross-validation on the training part (at most R["cv_max"] of its points, cv_points) over
    the (C, γ) grid; γ is k₁'s (the kernel's γ itself is ignored: the key is the kernel with γ = 0)."""
    tr = part.tr
    if len(tr) > R["cv_max"]:
        tr = np.sort(np.random.default_rng(R["split_seed"]).choice(tr, R["cv_max"], replace=False))
    scores = kc.cross_validate_grid(X[tr], y[tr], CV_CS, CV_GAMMAS, lambda g: kernel.with_gamma(g).kernel(),
                                    folds=R["cv_folds"], seed=R["split_seed"])
    return CV(scores, CV_CS, CV_GAMMAS)


# ---------------------------------------------------------------- the teaching solver (per student)
def teaching_solver(X, y, part, kernel, C, batch):
    """A fresh SubgradientSVM on the training part, R['first_steps'] steps in (the section keeps it per student)."""
    lam = kc.lam_from_C(C, len(part.tr))
    model = kc.SubgradientSVM(kernel.kernel(), lam=lam, n_steps=R["first_steps"], tol=R["tol"],
                              batch_size=None if batch == "all" else 1, seed=R["split_seed"])
    return model.fit(X[part.tr], y[part.tr])


def advance(model, n):
    """n more steps (never past max_steps), or to convergence within the time budget when n is None."""
    room = R["max_steps"] - model.n_iter_
    if room > 0:
        model.step(room if n is None else min(n, room), max_seconds=R["max_seconds"])


# ---------------------------------------------------------------- the live sweep (ui.sweep)
SWEEP_VALUES = {"gamma": tuple(log_options(*PARAMS["gamma"][1:3])),   # the sliders' own options, in order
                "C": tuple(log_options(*R["C"][:2]))}


@dataclass(frozen=True, eq=False)
class Sweep:
    """libsvm's SVM at every option of one slider (γ of k₁, or C), the rest of the setting fixed: what the margins
    map shows of each fit (the sections' `fit` and `surface` at that value give the same)."""
    param: str              # "gamma" or "C"
    values: tuple
    Cs: tuple               # C of each fit (rings are sized by α / C)
    Z: np.ndarray           # (values, grid, grid): f over the box's grid, rows = x₂
    sv: tuple               # per value: support vectors, as indices into the training part
    alpha: tuple            # per value: their αᵢ
    f_tr: np.ndarray        # (values, training points): f on the training points


SWEEP_MAX = 400   # training points: above this the map has no live sweep (41 + 51 libsvm fits of that many)


def sweep(X, y, part, kernel, C, param, box, grid=R["grid"]):
    """Fit libsvm at every option of the `param` slider ("gamma": γ of k₁ at this C; "C": C with this kernel) and
    draw each f over the box's grid, in one batch; None when the kernel has no γ or some value cannot be fitted.
    Cached by what the frames depend on: a sweep of γ is the same whatever γ is now (so is a sweep of C whatever C)."""
    if param == "gamma":
        return None if kernel.gamma is None else _sweep(X, y, part, kernel.with_gamma(0.0), C, param, box, grid)
    return _sweep(X, y, part, kernel, None, param, box, grid)


@cache_data(max_entries=8)
def _sweep(X, y, part, kernel, C, param, box, grid):
    values = SWEEP_VALUES[param]
    tr = part.tr
    xs, ys = axes(box, grid)
    Zs, svs, alphas, fs, Cs = [], [], [], [], []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")   # the section's own fit says what is wrong with its setting
            for v in values:
                k, c = (kernel.with_gamma(v), C) if param == "gamma" else (kernel, v)
                model = kc.KernelSVM(k.kernel(), C=c).fit(X[tr], y[tr])
                points, weights, b = model.expansion()
                Zs.append(kc.expansion_surface(points, weights, b, k.kernel(), xs, ys) if len(points)
                          else np.full((len(ys), len(xs)), float(b)))
                svs.append(model.support_)
                alphas.append(np.abs(model.dual_coef_))
                fs.append(model.decision_function(X[tr]))
                Cs.append(c)
    except ValueError:
        return None
    return Sweep(param, values, tuple(Cs), np.stack(Zs), tuple(svs), tuple(alphas), np.stack(fs))
