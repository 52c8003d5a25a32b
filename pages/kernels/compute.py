"""The Kernels topic's cached calls into kernel_core for one kernel and its Gram matrix, one per picture, each
returning a dataclass: k(x, x₀) over the plane and its live sweep, the Gram matrix and its sweep, vᵀKv both ways (why
PSD), and the subsample caps the sections share. Keyed by plain values (a ui.kernel_choice choice, arrays, numbers),
bounded, shared by the class. Errors of kernel_core (a kernel that overflows on these data, ...) come out as
ValueError with a sentence; the sections show it. Kernels made from kernels are in compute_closure.py, feature-space
geometry and the functions that are not kernels in compute_geometry.py, the stationarity probe in
compute_stationary.py."""
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from ui.cache import cache_data
from ui.compute import build_kernel
from ui.ranges import GRID, PARAMS, PLANE, log_options

ENTRIES = 64


@dataclass(frozen=True)
class Surface:
    xs: np.ndarray            # grid coordinates on both axes (PLANE, GRID points)
    Z: np.ndarray             # k(x, x₀) on the grid, rows = x₂
    row: int                  # the grid row nearest to x₀'s second coordinate (the slice)


@cache_data(max_entries=ENTRIES)
def surface(choice, x0):
    """k(x, x₀) on a GRID x GRID mesh over PLANE x PLANE."""
    xs = np.linspace(*PLANE, GRID)
    g1, g2 = np.meshgrid(xs, xs)
    Z = build_kernel(choice)(np.c_[g1.ravel(), g2.ravel()], np.asarray([x0], float)).reshape(GRID, GRID)
    return Surface(xs, Z, int(np.argmin(np.abs(xs - x0[1]))))


GAMMAS = tuple(log_options(*PARAMS["gamma"][1:3]))   # the γ slider's own options, in order (the live sweep)
DEGREES = tuple(range(PARAMS["degree"][1], PARAMS["degree"][2] + 1))   # the degree slider's own options (integers)
SWEPT = {"gamma": GAMMAS, "degree": DEGREES}


def kernel_sweep(choice, x0, param):
    """k(x, x₀) over the plane at every option of the `param` slider ("gamma" or "degree", the rest of the kernel as
    chosen), in one batch: (options, Zs of shape (options, GRID, GRID)); None for a kernel without that parameter.
    Cached whatever the parameter is now."""
    params = dict(choice.params)
    if param not in params:
        return None
    return _kernel_sweep(choice.with_params(**{param: SWEPT[param][0]}), tuple(x0), param)


@cache_data(max_entries=8)
def _kernel_sweep(choice, x0, param):
    xs = np.linspace(*PLANE, GRID)
    g1, g2 = np.meshgrid(xs, xs)
    P, x0 = np.c_[g1.ravel(), g2.ravel()], np.asarray([x0], float)
    values = SWEPT[param]
    return values, np.stack([build_kernel(choice.with_params(**{param: v}))(P, x0).reshape(GRID, GRID)
                             for v in values])


@dataclass(frozen=True)
class Gram:
    K: np.ndarray             # the Gram matrix K[i, j] = k(xᵢ, xⱼ)
    ev: np.ndarray            # its eigenvalues, descending (real parts when K is not symmetric)
    verdict: kc.Verdict       # symmetric? PSD up to round-off? with a sentence

    @property
    def roundoff(self):
        """The smallest eigenvalue is below 0 only by round-off (the verdict does not count it)."""
        return self.ev[-1] < 0 and not self.verdict.n_negative

    @property
    def rank(self):
        """Eigenvalues above the round-off tolerance kc.PSD_RTOL x max|λ| (the numerical rank)."""
        return int(np.sum(np.abs(self.ev) > kc.PSD_RTOL * max(float(np.max(np.abs(self.ev))), 1e-300)))


@cache_data(max_entries=ENTRIES)
def gram(X, choice):
    """Gram matrix of X under `choice` (Single or Composed), its spectrum and the PSD verdict."""
    K = build_kernel(choice)(X)
    v = kc.verdict(K)
    ev = kc.spectrum(K) if v.symmetric else np.linalg.eigvals(K).real[::-1]
    return Gram(K, ev, v)


@dataclass(frozen=True, eq=False)
class GramSweep:
    """The Gram matrix and its spectrum at every option of the γ (or degree) slider (the rest of the kernel as
    chosen)."""
    values: tuple             # the slider's options (GAMMAS, DEGREES)
    K: np.ndarray             # (values, n, n): K at each value
    ev: np.ndarray            # (values, n): its eigenvalues, descending (kc.spectrum: numpy's eigvalsh)


GRAM_SWEEP_MAX = 200   # points: the Gram section's sweep keeps K at all 41 γ (41 n² values, 41 eigen-solves)


def gram_sweep(X, choice, param="gamma"):
    """The Gram section's sweep of `param` ("gamma", or "degree" for the polynomial kernel): K and its spectrum at
    every option of its slider, in one batch; None for a kernel without it, one whose K is not symmetric at some
    value, or more than GRAM_SWEEP_MAX points. Cached whatever the value is now."""
    if param not in dict(choice.params) or len(X) > GRAM_SWEEP_MAX:
        return None
    return _gram_sweep(X, choice.with_params(**{param: SWEPT[param][0]}), param)


@cache_data(max_entries=8)
def _gram_sweep(X, choice, param="gamma"):
    Ks, evs = [], []
    for v in SWEPT[param]:
        K = build_kernel(choice.with_params(**{param: v}))(X)
        if not kc.is_symmetric(K):
            return None
        Ks.append(K)
        evs.append(kc.spectrum(K))
    return GramSweep(SWEPT[param], np.stack(Ks), np.stack(evs))


# ---------------------------------------------------------------- the sections' subsamples
CAP = 400                 # points of the substitution and ANOVA sections: above it a seeded subsample (said on screen)
GRAM_CAP = 1000           # points of the Gram matrix section: its eigenvalues are O(n³) (a seeded subsample above)


def capped(X, y, most=CAP):
    """At most `most` points: a seeded random subsample (the same points on every rerun), in their order."""
    if len(X) <= most:
        return X, y
    keep = np.sort(np.random.default_rng(0).choice(len(X), most, replace=False))
    return X[keep], y[keep]


# ---------------------------------------------------------------- why a Gram matrix is PSD
WHY_PSD_N = (4, 5, 6)        # how many points of the data set the why-PSD section takes (small: n² cells, n sliders)


@dataclass(frozen=True)
class Vkv:
    idx: np.ndarray           # the points' rows in the data set
    X: np.ndarray             # the points x₁ … xₙ
    both: object              # kernel_core.quadratic.BothWays: K, the cells vᵢvⱼK[i, j], vᵀKv, Φ, w = Σ vᵢ φ(xᵢ), ‖w‖²
    names: tuple              # the features' names (explicit map), or φ₁ … φ_r (eigen map), () without a map
    lam_min: float            # K's smallest eigenvalue ...
    v_neg: np.ndarray         # ... and its eigenvector, scaled to max |vᵢ| = 1: vᵀKv < 0 when lam_min < 0
    negative: bool            # lam_min is negative beyond round-off (kc.PSD_RTOL x max|λ|)


def why_psd_points(n_data, n):
    """n rows spread evenly through the data set (the same points for every kernel and v)."""
    return np.unique(np.linspace(0, n_data - 1, min(n, n_data)).round().astype(int))


@cache_data(max_entries=ENTRIES)
def vkv(X, choice, v):
    """vᵀKv of the first len(v) spread points, both ways (kc.vkv_both_ways), and the most negative direction."""
    idx = why_psd_points(len(X), len(v))
    Xs = X[idx]
    params = dict(choice.params)
    both = kc.vkv_both_ways(Xs, np.asarray(v, float)[:len(idx)], choice.name, **params)
    if both.how == "explicit":
        names = (tuple(kc.poly_feature_names(Xs.shape[1], params["degree"], params["gamma"], params["coef0"]))
                 if choice.name == "poly" else tuple(f"x{'₁₂₃'[i]}" for i in range(Xs.shape[1])))
    else:
        names = tuple(f"φ{i + 1}" for i in range(0 if both.Phi is None else both.Phi.shape[1]))
    lam, u = kc.negative_direction(both.K)
    scale = max(float(np.max(np.abs(both.K))), 1e-300)
    return Vkv(idx, Xs, both, names, lam, u / np.max(np.abs(u)), lam < -kc.PSD_RTOL * scale)
