"""The Kernels topic's cached calls into kernel_core, one per picture, each returning a dataclass. Keyed by plain
values (a ui.kernel_choice choice, arrays, numbers), bounded, shared by the class. Errors of kernel_core (a kernel
that overflows on these data, ...) come out as ValueError with a sentence; the sections show it."""
import warnings
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from ui.cache import cache_data
from ui.compute import build_kernel
from ui.controls import log_options
from ui.ranges import GRID, PARAMS, PLANE

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


@dataclass(frozen=True)
class Composed:
    latex: str                # the composed kernel's formula with its numbers
    is_mercer: bool           # every part is a Mercer kernel (the closure rules then promise a kernel)
    gram: Gram


@dataclass(frozen=True)
class Rule:
    """A closure rule the operators of ui.kernel_choice.Composed do not cover (Bishop's rules 2, 7-10 and the
    generative kernel), as plain values that key the caches; kernel() builds the kernel_core object."""
    op: str                   # "warp", "feature_map", "matrix", "sub_sum", "sub_product" or "generative"
    first: object = None      # k₁ (rules 2, 7) or kₐ (rules 9, 10): a Single
    second: object = None     # k_b (rules 9, 10)
    arg: object = None        # f's name, φ's name, B as (b₁₁, b₁₂, b₂₂), or (μ₁, μ₂, σ)

    def kernel(self):
        if self.op == "warp":
            return kc.Warped(self.first.kernel(), self.arg)
        if self.op == "feature_map":
            return kc.FeatureMapped(self.first.kernel(), self.arg)
        if self.op == "matrix":
            return kc.MatrixKernel(psd_from_b(self.arg))
        if self.op in ("sub_sum", "sub_product"):
            ka, kb = kc.OnColumns(self.first.kernel(), 0), kc.OnColumns(self.second.kernel(), 1)
            return ka + kb if self.op == "sub_sum" else ka * kb
        if self.op == "generative":
            *mu, sigma = self.arg
            return kc.Generative(mu, sigma)
        raise ValueError(f"Unknown closure rule {self.op!r}.")


def psd_from_b(b):
    """A = BᵀB for the upper triangular B = [[b₁₁, b₁₂], [0, b₂₂]] (every symmetric PSD 2 x 2 matrix is one:
    Cholesky)."""
    b11, b12, b22 = b
    B = np.array([[b11, b12], [0.0, b22]], float)
    return B.T @ B


@cache_data(max_entries=ENTRIES)
def composed(X, choice):
    """A ui.kernel_choice.Composed: its formula, whether its parts are Mercer kernels, its Gram matrix on X."""
    kernel = choice.kernel()
    latex = kernel.latex()
    return Composed(latex, kernel.is_mercer, gram(X, choice))


@dataclass(frozen=True)
class Geometry:
    k_ii: float
    k_ij: float
    k_jj: float
    norm_i: float             # ‖φ(xᵢ)‖ = √k(xᵢ, xᵢ)
    norm_j: float
    distance: float           # ‖φ(xᵢ) − φ(xⱼ)‖
    cos: float                # cos θ (NaN when a φ is the zero vector)
    angle_deg: float


@cache_data(max_entries=ENTRIES)
def geometry(xi, xj, choice):
    """Norms, distance and angle in feature space from kernel values alone (kernel_core.feature_space_geometry)."""
    g = kc.feature_space_geometry(xi, xj, choice.name, **dict(choice.params))
    return Geometry(g["k_xx"], g["k_xz"], g["k_zz"], g["norm_x"], g["norm_z"], g["distance"], g["cos_angle"],
                    g["angle_deg"])


SIN_COS_POINTS = (0.0, np.pi / 2, np.pi / 4, 1.0)
SIN_COS_LABELS = ("0", "π/2", "π/4", "1")


@dataclass(frozen=True)
class SinCos:
    xs: np.ndarray            # x on [−π, π] (both axes)
    Z: np.ndarray             # sin(x) cos(x′), rows = x
    S: np.ndarray             # the matrix on SIN_COS_POINTS
    verdict: kc.Verdict


@cache_data(max_entries=4)
def sin_cos(n_grid=GRID):
    """k(x, x′) = sin(x) cos(x′) over [−π, π]² and on four points (Kriege's counterexample)."""
    xs = np.linspace(-np.pi, np.pi, n_grid)
    S = kc.sin_cos_kernel(SIN_COS_POINTS, SIN_COS_POINTS)
    return SinCos(xs, kc.sin_cos_kernel(xs, xs), S, kc.verdict(S))


@dataclass(frozen=True)
class Bilinear:
    M: np.ndarray
    symmetric: bool
    eig: np.ndarray           # eigenvalues of M, descending (None when M is not symmetric)
    psd: bool                 # M symmetric PSD: k(x, x′) = xᵀMx′ is a kernel
    xs: np.ndarray            # grid of the plane
    Q: np.ndarray             # k(x, x) = xᵀMx over the plane, rows = x₂


@cache_data(max_entries=ENTRIES)
def bilinear(M):
    """k(x, x′) = xᵀMx′ for M = (M₁₁, M₁₂, M₂₁, M₂₂): is M symmetric PSD, and k(x, x) = xᵀMx over the plane
    (negative somewhere ⇔ not PSD, for a symmetric M)."""
    M = np.asarray(M, float).reshape(2, 2)
    xs = np.linspace(*PLANE, GRID)
    g1, g2 = np.meshgrid(xs, xs)
    P = np.c_[g1.ravel(), g2.ravel()]
    Q = np.einsum("ij,ij->i", P @ M, P).reshape(GRID, GRID)
    symmetric = kc.is_symmetric(M)
    eig = kc.spectrum(M) if symmetric else None
    psd = symmetric and eig[-1] >= -kc.PSD_RTOL * max(abs(eig[0]), 1e-300)
    return Bilinear(M, symmetric, eig, psd, xs, Q)


@cache_data(max_entries=ENTRIES)
def bilinear_on_data(X, M):
    """The verdict on the Gram matrix XMXᵀ of the data; ValueError with a sentence when it overflows."""
    K = kc.bilinear_kernel(X, X, np.asarray(M, float).reshape(2, 2))
    if not np.all(np.isfinite(K)):
        raise ValueError("xᵀMx′ overflowed on these points (values too large for floating point)")
    return kc.verdict(K)


# ---------------------------------------------------------------- kernels inside the Gaussian; the ANOVA kernel
CAP = 400                 # points of the substitution and ANOVA sections: above it a seeded subsample (said on screen)
GRAM_CAP = 1000           # points of the Gram matrix section: its eigenvalues are O(n³) (a seeded subsample above)
ANOVA_NOISE = 0.1         # standard deviation of the noise of the built-in target y = sin(x₁) + x₂²/2 + noise


def capped(X, y, most=CAP):
    """At most `most` points: a seeded random subsample (the same points on every rerun), in their order."""
    if len(X) <= most:
        return X, y
    keep = np.sort(np.random.default_rng(0).choice(len(X), most, replace=False))
    return X[keep], y[keep]


@dataclass(frozen=True)
class Substituted:
    gram: Gram                # K[i, j] = exp(−(κ(xᵢ, xᵢ) + κ(xⱼ, xⱼ) − 2κ(xᵢ, xⱼ)) / (2σ²)), spectrum, verdict
    gamma: float              # γ = 1/(2σ²): the RBF kernel it is when κ is linear
    rbf_gap: float            # max |K(κ linear) − K_RBF(γ)| on the data (0 up to round-off)


@cache_data(max_entries=ENTRIES)
def substituted(X, choice, sigma):
    """The Gaussian around the kernel κ = `choice` (kernel_core.substituted_gaussian) on X, its spectrum and the
    verdict; and, as the check that κ linear gives the RBF kernel, the largest difference from RBF with γ = 1/(2σ²)."""
    K = kc.substituted_gaussian(X, None, choice.kernel(), sigma)
    v = kc.verdict(K)
    ev = kc.spectrum(K) if v.symmetric else np.linalg.eigvals(K).real[::-1]
    gamma = 1.0 / (2.0 * sigma**2)
    gap = np.max(np.abs(kc.substituted_gaussian(X, None, "linear", sigma) - kc.gram(X, kernel="rbf", gamma=gamma)))
    return Substituted(Gram(K, ev, v), gamma, float(gap))


@dataclass(frozen=True)
class Anova:
    xs: np.ndarray            # grid of each axis (PLANE, GRID points)
    parts: np.ndarray         # (2, GRID): the learned f₁(xs) and f₂(xs)
    Z: np.ndarray             # f(x) = f₁(x₁) + f₂(x₂) over the plane, rows = x₂
    truth: object             # (2, GRID): sin(x₁) and x₂²/2, each shifted to its learned part's mean on the data
    #                           (a constant can move between f₁ and f₂); None for the class labels
    t: np.ndarray             # the targets fitted
    lam: float                # the ridge on the diagonal, nλ (Kriege's λ times n)
    rmse: float               # root mean squared error on the data
    additive_gap: float       # max over the data of |f(xᵢ) − f₁(xᵢ₁) − f₂(xᵢ₂)|, f from KernelRidge.predict


def anova_target(X, y, target):
    """The targets: the class labels ±1, or the built-in additive truth y = sin(x₁) + x₂²/2 + noise (seeded)."""
    if target == "labels":
        return np.asarray(y, float)
    noise = np.random.default_rng(0).normal(0.0, ANOVA_NOISE, len(X))
    return np.sin(X[:, 0]) + X[:, 1] ** 2 / 2 + noise


@cache_data(max_entries=ENTRIES)
def anova(X, y, choice, target, lam_kriege):
    """Kernel ridge with the ANOVA kernel k(x, x′) = Σⱼ k₁(xⱼ, x′ⱼ) (k₁ the bar's kernel on one coordinate):
    α = (K + nλI)⁻¹ t, the learned parts fⱼ on the grid, their sum over the plane and the checks."""
    name, params = choice.name, dict(choice.params)
    t = anova_target(X, y, target)
    lam = len(X) * lam_kriege
    model = kc.KernelRidge(lambda A, B=None: kc.anova_parts(A, B, name, **params).sum(axis=0), lam)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")      # a kernel that is not PSD (sigmoid): least squares, said on the page
        model.fit(X, t)
    alpha = model.dual_coef_
    xs = np.linspace(*PLANE, GRID)
    parts = kc.anova_components(X, alpha, np.c_[xs, xs], name, **params)
    on_data = kc.anova_components(X, alpha, X, name, **params)
    f = model.predict(X)
    truth = None
    if target != "labels":
        truth = np.stack([np.sin(xs), xs**2 / 2])
        shift = on_data.mean(axis=1) - np.stack([np.sin(X[:, 0]), X[:, 1] ** 2 / 2]).mean(axis=1)
        truth = truth + shift[:, None]
    return Anova(xs, parts, parts[0][None, :] + parts[1][:, None], truth, t, lam,
                 float(np.sqrt(np.mean((f - t) ** 2))), float(np.max(np.abs(f - on_data.sum(axis=0)))))


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


PAIR_USERS = (-1.0, 0.0, 1.5)     # Kriege's pairwise data: three users and two products, one feature each
PAIR_PRODUCTS = (-0.5, 1.0)


@dataclass(frozen=True)
class Pairwise:
    K_user: np.ndarray        # k_user(uᵢ, uⱼ), 3 x 3
    K_product: np.ndarray     # k_product(pₐ, p_b), 2 x 2
    product: Gram             # K_user ⊗ K_product over the 6 pairs (u₁, p₁), (u₁, p₂), …
    total: Gram               # the sum k_user + k_product over the same pairs


@cache_data(max_entries=ENTRIES)
def pairwise(choice):
    """The bar's kernel as k_user on PAIR_USERS and as k_product on PAIR_PRODUCTS, and the pairs' Gram matrices of
    Kriege's product and sum (kernel_core.pairwise_gram)."""
    k = build_kernel(choice)
    Ku = k(np.array(PAIR_USERS)[:, None])
    Kp = k(np.array(PAIR_PRODUCTS)[:, None])
    out = []
    for combine in ("product", "sum"):
        K = kc.pairwise_gram(Ku, Kp, combine)
        out.append(Gram(K, kc.spectrum(K), kc.verdict(K)))
    return Pairwise(Ku, Kp, *out)
