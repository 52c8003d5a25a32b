"""Kernel ridge regression: the topic's cached calls into kernel_core.ridge, keyed by plain values (a data key
("sine", n, noise, seed) or ("own", ((x, y), ...)), a ui.kernel_choice.Single, λ), returning dataclasses. The
Gaussian-process sections' calls are in compute_gp.py, the derivation sections' in compute_derivations.py."""
import warnings
from dataclasses import dataclass

import numpy as np
from scipy.linalg import LinAlgWarning

import kernel_core as kc
from ui.cache import cache_data
from ui.kernel_choice import Single
from ui.ranges import KERNEL_RIDGE as R
from ui.ranges import PARAMS, log_options

ENTRIES = 32
CV_LAMS = tuple(log_options(*R["lam"][:2])[::5])             # the λ of the cross-validation grid (13, log-spaced)
CV_GAMMAS = tuple(log_options(*PARAMS["gamma"][1:3])[::5])   # its γ (9)


@dataclass(frozen=True)
class Fit:
    xs: np.ndarray         # the plotting grid
    f: np.ndarray          # f(x) = Σ αᵢ k(xᵢ, x) on the grid
    alpha: np.ndarray      # the dual coefficients, one per data point
    train_mse: float
    solver: str            # "cholesky", or "lstsq" when K + λI is singular / not positive definite


@dataclass(frozen=True)
class Band:
    """The fit's ± 2 std band: kernel ridge's f is the posterior mean of the GP with prior GP(0, k) and noise
    variance σ² = λ (Bishop's notes), the band that GP's latent f ± 2 std. std None: no band, `why` says why."""
    std: np.ndarray | None     # on krr_fit's grid (NaN where K + λI is not positive definite; None: not Mercer)
    reach: float | None        # 2√k(x, x) when k(x, x) is one value for every x (RBF, Laplacian: the band's widest)
    why: str = ""


@dataclass(frozen=True)
class PrimalDual:
    beta_primal: np.ndarray    # (UᵀU + λI_p)⁻¹Uᵀy: a p × p solve
    beta_dual: np.ndarray      # Uᵀα with α = (UUᵀ + λI_n)⁻¹y: an n × n solve
    objective: float           # Kriege's J(α) = (1/n)‖Kα − y‖² + λ_K αᵀKα at that α, λ_K = λ / n, K = UUᵀ
    error_term: float          # its (1/n)‖Kα − y‖²
    primal: float              # the primal (1/n)‖Uβ − y‖² + λ_K‖β‖² at β = Uᵀα: the same number


@dataclass(frozen=True)
class SemiParametric:
    xs: np.ndarray
    y: np.ndarray          # the data with the trend added
    f_rbf: np.ndarray      # c₁ RBF alone
    f_both: np.ndarray     # c₁ RBF + c₂ linear
    f1: np.ndarray         # Kriege's f₁(x) = Σ αᵢ exp(−γ‖xᵢ − x‖²) with the α of f_both (so f_both = c₁f₁ + c₂f₂)
    f2: np.ndarray         # f₂(x) = Σ αᵢ xᵢᵀx, the same α


@cache_data(max_entries=ENTRIES)
def dataset(key):
    """X (n, 1), y (n,) for a data key; ValueError when there is no point."""
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


def _fit_krr(kernel, lam, X, y):
    """KernelRidge fit that reports the least-squares fall-back (solver_) instead of printing the warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LinAlgWarning)
        return kc.KernelRidge(kernel, lam).fit(X, y)


@cache_data(max_entries=ENTRIES)
def krr_fit(data, kernel, lam):
    """The fit of `kernel` (a Single) with penalty λ on the plotting grid."""
    X, y = dataset(data)
    model = _fit_krr(kernel.kernel(), lam, X, y)
    xs = _grid(X)
    return Fit(xs[:, 0], model.predict(xs), model.dual_coef_, float(np.mean((model.predict(X) - y) ** 2)),
               model.solver_)


NOT_MERCER = ("No ± 2 std band: this kernel is not positive semi-definite (not a Mercer kernel), so it is no "
              "covariance and there is no Gaussian process behind the fit. The fit itself is the same formula.")
LAM_ZERO = ("No ± 2 std band at λ = 0: the Gaussian process behind the fit has noise variance σ² = λ, and it needs "
            "σ² > 0.")
NOT_PD = ("No ± 2 std band at this λ: K + λI is not positive definite in floating point (λ tiny beside K), so the "
          "Gaussian process's variance cannot be computed.")


def _reach(k, xs):
    """2√k(x, x) when k(x, x) is the same at every x of the grid (RBF, Laplacian: 1 for every γ), else None."""
    d = k.diag(xs)
    return float(2 * np.sqrt(d[0])) if d[0] > 0 and np.allclose(d, d[0], rtol=1e-12, atol=0) else None


@cache_data(max_entries=ENTRIES)
def fit_band(data, kernel, lam):
    """The ± 2 std band of krr_fit(data, kernel, lam): the latent std of kernel_core's GaussianProcessRegressor with
    the same kernel and noise variance σ² = λ (the λ of K + λI: Kriege's nλ already multiplied out), on the same grid."""
    X, y = dataset(data)
    k, xs = kernel.kernel(), _grid(X)
    if not k.is_mercer:
        return Band(None, None, NOT_MERCER)
    if lam == 0:
        return Band(np.full(len(xs), np.nan), _reach(k, xs), LAM_ZERO)
    std = _band_std(k, lam, X, y, xs)
    return Band(std, _reach(k, xs), "" if np.all(np.isfinite(std)) else NOT_PD)


def _band_std(k, lam, X, y, xs):
    """The latent std on xs of kernel_core's GaussianProcessRegressor (kernel k, noise variance λ): one Cholesky of
    K + λI; all NaN where that is not positive definite (λ = 0 included)."""
    try:
        return kc.GaussianProcessRegressor(k, lam).fit(X, y).predict(xs, return_std=True)[1]
    except ValueError:
        return np.full(len(xs), np.nan)


def cv_points(n):
    """How many of n points cross-validation uses: all up to R["cv_max"], else a seeded random subsample of that many
    (every setting of the grid is fitted K times, each fit an O(n³) solve)."""
    return min(n, R["cv_max"])


def cv_sample(X, y):
    """X, y, or a seeded random R["cv_max"] of them in their order (the same points on every rerun)."""
    if len(X) <= R["cv_max"]:
        return X, y
    keep = np.sort(np.random.default_rng(R["cv_seed"]).choice(len(X), R["cv_max"], replace=False))
    return X[keep], y[keep]


MC_TEST_SHARE = 0.2   # Monte Carlo CV: each random test set holds a fifth of the points, as a k-fold fold does


@cache_data(max_entries=ENTRIES)
def cv_grid(data, kernel, lams, grid_name=None, grid_values=(), scheme="kfold"):
    """K-fold (or Monte Carlo: as many random 20 % test sets) CV of (λ, one kernel parameter) over a grid; grid_name
    None means λ only (kernel_core.CVResult). On at most R["cv_max"] of the points (cv_sample), so the work is
    bounded whatever the data."""
    X, y = cv_sample(*dataset(data))
    grid = {grid_name: list(grid_values)} if grid_name else None
    fixed = {k: v for k, v in kernel.params if k != grid_name}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LinAlgWarning)
        return kc.cross_validate(X, y, kernel.name, lams, grid, n_folds=min(R["folds"], len(X)), scheme=scheme,
                                 test_size=MC_TEST_SHARE, **fixed)


SEARCHED = ("linear", "poly", "rbf", "laplacian")   # the picker's kernels that are kernels (the sigmoid is not PSD)


@dataclass(frozen=True)
class KernelSearch:
    names: tuple           # the kernels tried (keys of kernel_core.KERNEL_PARAMS)
    lams: tuple            # each one's best λ on the grid
    gammas: tuple          # ... and its best γ (None for the linear kernel)
    errors: tuple          # ... and that setting's CV mean squared error
    best: int              # the index of the smallest error: the kernel the search picks


def kernel_search(data, scheme="kfold"):
    """Kriege's brute-force choice of the kernel: each kernel of SEARCHED cross-validated over the λ grid (and the γ
    grid when it has a γ; the polynomial at degree 2 and r = 1), with the same splits as the section's map (one
    cached cv_grid each); the kernel with the smallest CV error wins."""
    rows = []
    for name in SEARCHED:
        params = {p: PARAMS[p][3] for p in kc.KERNEL_PARAMS[name]}
        grid_name = "gamma" if "gamma" in params else None
        res = cv_grid(data, Single.of(name, **params), CV_LAMS, grid_name, CV_GAMMAS if grid_name else (), scheme)
        rows.append((name, res.best_lam, res.best_params.get("gamma"), res.best_error))
    names, lams, gammas, errors = zip(*rows)
    return KernelSearch(names, lams, gammas, errors, int(np.argmin(errors)))


def cv_note(n):
    """The sentence saying that cross-validation used a subsample of n points ("" when it used them all)."""
    used = cv_points(n)
    return "" if used == n else (f"Cross-validated on a random {used} of the {n} points (the same ones on every "
                                 f"rerun): each setting is fitted {R['folds']} times, so the work is capped.")


def held_out_error(data, kernel, lam):
    """The K-fold CV mean squared error of this one setting (None when there are too few points)."""
    try:
        return float(cv_grid(data, kernel, (lam,)).errors[0, 0])
    except ValueError:
        return None


@cache_data(max_entries=ENTRIES)
def primal_vs_dual(data, p, lam):
    """Ridge on u = x / max|x| and its powers (u, ..., uᵖ): β by the p × p and by the n × n route."""
    X, y = dataset(data)
    U = kc.power_features(X[:, 0] / (np.abs(X).max() or 1.0), p)
    alpha = kc.KernelRidge("linear", lam).fit(U, y).dual_coef_
    beta_dual = U.T @ alpha  # beta = X^T alpha
    K, lam_k = U @ U.T, lam / len(y)
    objective = kc.kriege_ridge_objective(K, y, alpha, lam_k)
    error = kc.kriege_ridge_objective(K, y, alpha, 0.0)
    primal = float(np.mean((U @ beta_dual - y) ** 2) + lam_k * beta_dual @ beta_dual)
    return PrimalDual(kc.primal_ridge(U, y, lam), beta_dual, objective, error, primal)


@cache_data(max_entries=ENTRIES)
def semi_parametric(data, gamma, lam, c1, c2, slope):
    """Kriege's c₁ RBF + c₂ linear against c₁ RBF alone, on y + slope·x, over a wider range."""
    X, y = dataset(data)
    y = y + slope * X[:, 0]
    xs = _grid(X, 2 * R["margin"])
    rbf = c1 * kc.Kernel("rbf", gamma=gamma)
    both = rbf + c2 * kc.Kernel("linear") if c2 > 0 else rbf
    fits = [_fit_krr(k, lam, X, y) for k in (rbf, both)]
    alpha = fits[1].dual_coef_        # the two parts of the sum share its α: f = c₁f₁ + c₂f₂
    f1, f2 = (kc.Kernel(name, **params)(xs, X) @ alpha for name, params in (("rbf", {"gamma": gamma}), ("linear", {})))
    return SemiParametric(xs[:, 0], y, fits[0].predict(xs), fits[1].predict(xs), f1, f2)


# ---------------------------------------------------------------- the live sweep (ui.sweep)
SWEEP_VALUES = {"lam": tuple(log_options(*R["lam"][:2])),              # the bar's sliders' own options, in order
                "gamma": tuple(log_options(*PARAMS["gamma"][1:3]))}
SWEEP_MAX = 400   # points: above this the bar's sliders work without a sweep (41-61 solves of n x n each)


@dataclass(frozen=True, eq=False)
class Sweep:
    param: str             # "lam" or "gamma": the slider swept
    values: tuple          # the slider's options (frame i is option i)
    xs: np.ndarray         # the plotting grid (krr_fit's)
    F: np.ndarray          # (frames, grid): f on the grid at each value
    alphas: np.ndarray     # (frames, n): the dual coefficients at each value
    S: np.ndarray | None   # (frames, grid): the band's std at each value (fit_band's; NaN where K + λI is not PD);
                           # None for a kernel that is not Mercer


def sweep(data, kernel, lam, param, kriege=False):
    """The fit (krr_fit) at every option of the `param` slider, in one batch: "lam" sweeps the λ slider (its value is
    Kriege's λ when `kriege`, so λ = n × the value) with this kernel, "gamma" the kernel's γ at this λ. None when the
    kernel has no γ, there are more than SWEEP_MAX points, or some value cannot be fitted. Cached by what the frames
    depend on: a sweep of λ is the same whatever λ is now (so is a sweep of γ whatever γ)."""
    if param == "gamma":
        return None if kernel.gamma is None else _sweep(data, kernel.with_gamma(0.0), lam, param, False)
    return _sweep(data, kernel, None, param, bool(kriege))


@cache_data(max_entries=8)
def _sweep(data, kernel, lam, param, kriege):
    X, y = dataset(data)
    if len(X) > SWEEP_MAX:
        return None
    values, xs = SWEEP_VALUES[param], _grid(X)
    mercer = kernel.with_params(gamma=SWEEP_VALUES["gamma"][0]).kernel().is_mercer   # γ does not change it
    F, alphas, S = [], [], []
    try:
        for v in values:
            k, penalty = (kernel.with_gamma(v), lam) if param == "gamma" else \
                (kernel, kc.lam_from_kriege(v, len(X)) if kriege else v)
            model = _fit_krr(k.kernel(), penalty, X, y)
            F.append(model.predict(xs))
            alphas.append(model.dual_coef_)
            if mercer:   # the band, as fit_band
                S.append(_band_std(k.kernel(), penalty, X, y, xs))
    except ValueError:
        return None
    return Sweep(param, values, xs[:, 0], np.stack(F), np.stack(alphas), np.stack(S) if mercer else None)
