"""The Kernel PCA topic's cached calls into kernel_core.kpca, each returning a dataclass. Every call's work is
bounded whatever the data (a link or a CSV brings up to 2 000 points): above the sizes in ui.ranges.KPCA a call
works on a seeded random subsample, and the result says how many points it used, so the section can say so."""
import warnings
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from ui.cache import cache_data
from ui.kernel_choice import Single
from ui.ranges import KPCA as R
from ui.ranges import PARAMS, log_options

ENTRIES = 32
LINEAR = Single("linear")


@dataclass(frozen=True, eq=False)
class Data:
    """The points a section works on: X (n, d); y the classes (2-D data) or None; t the position along a manifold
    (3-D data) or None; `total` points before a cap (== n when nothing was left out)."""
    X: np.ndarray
    y: "np.ndarray | None"
    t: "np.ndarray | None"
    describe: str
    total: int

    @property
    def n(self):
        return len(self.X)

    @property
    def capped(self):
        return self.n < self.total

    def cap(self, most):
        """At most `most` of the points: a seeded random subsample (the same points on every rerun), in their order."""
        if self.n <= most:
            return self
        keep = np.sort(np.random.default_rng(R["subsample_seed"]).choice(self.n, most, replace=False))
        return Data(self.X[keep], None if self.y is None else self.y[keep], None if self.t is None else self.t[keep],
                    self.describe, self.total)


@cache_data(max_entries=ENTRIES)
def manifold(name, n, noise):
    """3-D S-curve / Swiss roll, sorted by the position t along the manifold (the Gram heatmaps then show the
    manifold's band structure)."""
    X, t = kc.make_manifold(name, n, noise, R["manifold_seed"])
    order = np.argsort(t, kind="stable")
    return X[order], t[order]


SAME_PLACE = ("All the points lie in one place, so the centred Gram matrix K′ is zero: kernel PCA has no direction to "
              "project on. Add points elsewhere (a click on the input plot) or ⟲ Reset to the sidebar preset")


def _quiet_fit(X, q, kernel, center=True):
    """The fitted kc.KernelPCA; ValueError with a sentence for points all in one place (their centred K is zero, and
    the iterative eigensolver used for many points stops with an error of its own on a zero matrix)."""
    from scipy.sparse.linalg import ArpackError, ArpackNoConvergence

    X = np.asarray(X, float)
    if center and len(X) > 1 and np.all(X == X[0]):
        raise ValueError(SAME_PLACE)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # the sections show kp.psd_warning_ as a sentence
        try:
            return kc.KernelPCA(q, kernel.name, center=center, **dict(kernel.params)).fit(X)
        except (ArpackError, ArpackNoConvergence):
            raise ValueError("The leading eigenvectors of K′ could not be found for these points (they are nearly "
                             "all in one place, or repeat one another)") from None


@dataclass(frozen=True, eq=False)
class Fit:
    model: kc.KernelPCA    # fitted on the points (their leading components)
    eta: np.ndarray        # (n, q) projections of the training points, step 6: η⁽ⁱ⁾ₗ = K′⁽ˡ,:⁾aᵢ

    @property
    def eigenvalues(self):
        return self.model.eigenvalues_

    @property
    def shares(self):
        return self.model.explained_variance_ratio_

    @property
    def axis_norms(self):
        """‖vᵢ‖² = aᵢᵀK′aᵢ of the leading components (Held: 1, the unit-length axes)."""
        A = self.model.dual_coef_
        return np.einsum("li,lm,mi->i", A, self.model.Kc_, A)


@cache_data(max_entries=ENTRIES)
def fit(X, kernel, center=True):
    """Kernel PCA with the leading R["spectrum"] components (capped at n); linear PCA (kernel xᵀy) keeps its d
    non-zero ones. Callers pass at most R["fit_max"] points (Data.cap)."""
    q = min(X.shape[1] if kernel.name == "linear" else R["spectrum"], len(X))
    kp = _quiet_fit(X, q, kernel, center)
    return Fit(kp, kp.Kc_ @ kp.dual_coef_)


@dataclass(frozen=True, eq=False)
class NewPoint:
    k: np.ndarray          # k(x) = (k(x, x₁), …, k(x, xₙ))
    kc: np.ndarray         # the centred k′(x) = J(k(x) − K1/n)
    eta: np.ndarray        # η⁽ⁱ⁾(x) = k′(x)ᵀaᵢ for every component fitted
    dual_coef: np.ndarray  # the aᵢ (n, q)


@cache_data(max_entries=ENTRIES)
def new_point(X, kernel, x):
    """The new point x projected on the kernel PCA of X (the fit is the cached one of `fit`)."""
    model = fit(X, kernel).model
    x = np.asarray([x], float)
    k, kcv = model.kernel_vectors(x)
    return NewPoint(k[0], kcv[0], (kcv @ model.dual_coef_)[0], model.dual_coef_)


# ---------------------------------------------------------------- pre-images
@dataclass(frozen=True, eq=False)
class Denoised:
    noisy: np.ndarray      # the points with noise added, (n, d)
    Z: np.ndarray          # their pre-images after projecting on q components, (n, d)
    q: int
    error: float           # mean ‖z − x‖ over the points
    baseline: float        # mean ‖x̃ − x‖: how far the noise moved them


@cache_data(max_entries=ENTRIES)
def _denoising_fit(X, gamma, noise):
    """A noisy copy of X and kernel PCA (RBF, the most components the q slider offers) fitted on it."""
    noisy = kc.add_noise(X, noise, seed=R["noise_seed"])
    q_max = min(R["q"][1], len(X) - 1)
    return noisy, _quiet_fit(noisy, q_max, Single.of("rbf", gamma=gamma))


@cache_data(max_entries=ENTRIES)
def denoise(X, gamma, noise, q):
    """Pre-images of the noisy points for the selected q only (callers pass at most R["denoise_max"] points)."""
    noisy, kp = _denoising_fit(X, gamma, noise)
    Z = kp.reconstruct(noisy, q)
    return Denoised(noisy, Z, q, float(np.linalg.norm(Z - X, axis=1).mean()),
                    float(np.linalg.norm(noisy - X, axis=1).mean()))


@dataclass(frozen=True, eq=False)
class ErrorCurve:
    errors: np.ndarray     # mean ‖z_q − x‖ for q = 1 … q_max, over `points` of the points
    baseline: float        # mean ‖x̃ − x‖ over the same points
    points: int

    @property
    def best(self):
        return int(np.argmin(self.errors)) + 1


@cache_data(max_entries=ENTRIES)
def error_curve(X, gamma, noise):
    """The pre-images' mean distance to the originals for every q, measured on at most R["curve_max"] of the points
    (a seeded subsample; the model is the one `denoise` uses, fitted on all of them). Does not depend on q, so
    moving the q slider costs one reconstruction."""
    noisy, kp = _denoising_fit(X, gamma, noise)
    rows = np.arange(len(X))
    if len(X) > R["curve_max"]:
        rows = np.sort(np.random.default_rng(R["subsample_seed"]).choice(len(X), R["curve_max"], replace=False))
    errors = [np.linalg.norm(kp.reconstruct(noisy[rows], q) - X[rows], axis=1).mean()
              for q in range(1, kp.dual_coef_.shape[1] + 1)]
    return ErrorCurve(np.array(errors), float(np.linalg.norm(noisy[rows] - X[rows], axis=1).mean()), len(rows))


# ---------------------------------------------------------------- the Laplacian eigenmap
@dataclass(frozen=True, eq=False)
class Eigenmap:
    G: np.ndarray          # (n, 2): φ₂, φ₃ of L φ = γ D φ
    gammas: np.ndarray     # γ₂, γ₃ (generalized eigenvalues, ascending)
    k: int                 # neighbours used (at most n − 1)
    warning: "str | None"  # the disconnected-graph warning, if any
    nonzero: int           # non-zero entries of W (Sugiyama: a sparse W makes L and D sparse)


@cache_data(max_entries=ENTRIES)
def laplacian(X, n_neighbors):
    """Laplacian eigenmap (2 components); callers pass at most R["laplacian_max"] points."""
    k = min(n_neighbors, len(X) - 1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RuntimeWarning)
        G, gam = kc.laplacian_eigenmap(X, 2, k)
    return Eigenmap(G, gam, k, str(caught[0].message) if caught else None, int(np.count_nonzero(kc.knn_graph(X, k))))


# ---------------------------------------------------------------- kernel LPP
@dataclass(frozen=True, eq=False)
class KernelLPP:
    train: np.ndarray      # indices of the points the embedding is fitted on
    test: np.ndarray       # indices of the held-out points, embedded as new points g(x) = Aᵀk(x)
    G: np.ndarray          # (n_train, 2) kernel LPP of the training points, G = AᵀK
    G_new: np.ndarray      # (n_test, 2) the held-out points' g(x)
    Phi: np.ndarray        # (n_train, 2) the Laplacian eigenmap φ₂, φ₃ of the same points, signs matched to G
    lambdas: np.ndarray    # λ of K L K α = λ (KDK + εI) α, ascending
    gammas: np.ndarray     # γ₂, γ₃ of L φ = γ D φ
    corr: np.ndarray       # |correlation| of gᵢ with φᵢ₊₁
    k: int                 # neighbours used
    dropped: int           # trivial directions dropped below the first kept one
    warning: "str | None"  # the disconnected-graph warning, if any


@cache_data(max_entries=ENTRIES)
def kernel_lpp(X, kernel, n_neighbors):
    """Kernel LPP (2 components) on all but a seeded R["klpp_held_out"] share of the points, the held-out ones
    embedded as new points, and the Laplacian eigenmap of the training points; callers pass at most R["klpp_max"]."""
    n = len(X)
    order = np.random.default_rng(R["subsample_seed"]).permutation(n)
    n_test = int(round(R["klpp_held_out"] * n)) if n >= 12 else 0
    test, train = np.sort(order[:n_test]), np.sort(order[n_test:])
    k = min(n_neighbors, len(train) - 1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RuntimeWarning)
        model = kc.KernelLPP(2, kernel.name, k, **dict(kernel.params)).fit(X[train])
        Phi, gammas = kc.laplacian_eigenmap(X[train], 2, k)
    G = model.embedding_
    Phi = Phi * np.where(np.sum(Phi * G, axis=0) < 0, -1.0, 1.0)     # the eigenmap's signs matched to G
    with np.errstate(all="ignore"):
        corr = np.array([abs(np.corrcoef(G[:, i], Phi[:, i])[0, 1]) for i in range(2)])
    G_new = model.transform(X[test]) if n_test else np.zeros((0, 2))
    return KernelLPP(train, test, G, G_new, Phi, model.eigenvalues_, gammas, np.nan_to_num(corr), k,
                     model.n_dropped_, str(caught[0].message) if caught else None)


# ---------------------------------------------------------------- the live sweep of γ (ui.sweep)
GAMMAS = tuple(log_options(*PARAMS["gamma"][1:3]))   # the γ slider's options, in order (ui.controls.log_slider)
SWEEP_MAX = 300     # most points of a sweep (41 kernel PCA fits of n × n: about 1 s cold at 300 points)


@dataclass(frozen=True, eq=False)
class Sweep:
    """Kernel PCA at every option of the γ slider, the rest of the setting fixed: the projections of the points onto
    the two components drawn, each γ's divided by its largest |η| (so every γ fills the same fixed axes)."""
    gammas: tuple
    E: np.ndarray           # (options, n, 2) float32: η of the pair drawn, divided by `scale`
    scale: np.ndarray       # (options,) s = max |η| over both components drawn (1 when all are 0)


def scaled(eta):
    """η (n, 2) divided by s = max |η| (1 when every η is 0), and s: the picture at one γ (static and frame alike)."""
    s = float(np.max(np.abs(eta), initial=0.0)) or 1.0
    return (eta / s).astype(np.float32), s


def sweepable(X, kernel, pair):
    """Whether `sweep` draws this setting: a kernel with γ, at most SWEEP_MAX points, the pair among the components."""
    return kernel.gamma is not None and len(X) <= SWEEP_MAX and max(pair) < min(R["spectrum"], len(X))


@cache_data(max_entries=8)
def sweep(X, kernel, pair):
    """Kernel PCA (kernel_core, the same fit as `fit`: R["spectrum"] leading components) at every option of the γ
    slider, in one batch; None when the kernel has no γ, the pair is not there, or some γ cannot be fitted."""
    if not sweepable(X, kernel, pair):
        return None
    q = min(R["spectrum"], len(X))
    Es, scales = [], []
    try:
        for g in GAMMAS:
            kp = _quiet_fit(X, q, kernel.with_gamma(g))
            E, s = scaled((kp.Kc_ @ kp.dual_coef_)[:, list(pair)])
            Es.append(E)
            scales.append(s)
    except ValueError:
        return None
    return Sweep(GAMMAS, np.stack(Es), np.array(scales))
