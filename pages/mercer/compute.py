"""The Mercer topic's cached calls into kernel_core's feature maps (feature_maps, eigen_map, kernel_approximation),
each returning a dataclass."""
import math
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from kernel_core import eigen_map
from kernel_core import feature_maps as fm
from kernel_core import kernel_approximation as ka
from ui.cache import cache_data
from ui.compute import build_kernel
from ui.ranges import MERCER as R

ENTRIES = 32


def capped(X, y, most):
    """At most `most` of the points: a seeded random subsample (the same points on every rerun), in their order. The
    sections that work on the n x n Gram matrix call it, so their work is bounded whatever the data."""
    if len(X) <= most:
        return X, y
    keep = np.sort(np.random.default_rng(R["subsample_seed"]).choice(len(X), most, replace=False))
    return X[keep], y[keep]


def cap_note(n, most):
    """The sentence saying a section used a subsample of n points ("" when it used them all)."""
    return "" if n <= most else (f"Computed on a random {most} of the {n} points (the same ones on every rerun): the "
                                 "n × n Gram matrix of them all would take too long to work with on every move.")


# ------------------------------------------------------------------ the map φ
def lecture_order(degree, coef0):
    """Permutation of kernel_core's feature order (by degree, then lexicographic: 1, x₁, x₂, x₁², x₁x₂, x₂²) into
    Held's (by degree; in each degree the pure powers x₁ʲ, x₂ʲ first, then the mixed terms):
    φ(x) = (1, √2x₁, √2x₂, x₁², x₂², √2x₁x₂) for m = 2, r = 1. A permutation leaves φ(x)ᵀφ(y) unchanged.
    The exponents (a₁, a₂) of each feature are read off the map itself: φᵢ(2, 1) / φᵢ(1, 1) = 2^a₁."""
    P = kc.poly_feature_map(np.array([[1.0, 1.0], [2.0, 1.0], [1.0, 2.0]]), degree, 1.0, coef0)
    a1 = np.rint(np.log2(P[1] / P[0])).astype(int)
    a2 = np.rint(np.log2(P[2] / P[0])).astype(int)
    return np.array(sorted(range(len(a1)), key=lambda i: (a1[i] + a2[i], a1[i] > 0 and a2[i] > 0, -a1[i])))


@dataclass(frozen=True)
class FeatureTable:
    names: tuple        # φᵢ as text, in Held's order ("1", "√2·x₁", …)
    latex: tuple        # the same as LaTeX
    px: np.ndarray      # φ(x)
    py: np.ndarray      # φ(y)
    products: np.ndarray  # φᵢ(x) φᵢ(y): they add up to k(x, y)
    dot: float          # φ(x)ᵀφ(y)
    xty: float          # xᵀy
    k: float            # k(x, y) from kernel_core.gram, without φ


@cache_data(max_entries=ENTRIES)
def feature_table(x, y, degree, coef0):
    """φ of the polynomial kernel (γ = 1) for two 2-D points, in Held's order, and k(x, y) computed without φ."""
    order = lecture_order(degree, coef0)
    P = kc.poly_feature_map(np.array([x, y], dtype=float), degree, 1.0, coef0)[:, order]
    names = kc.poly_feature_names(2, degree, 1.0, coef0)
    latex = kc.poly_feature_names(2, degree, 1.0, coef0, latex=True)
    k = kc.gram(np.array([x], float), np.array([y], float), "poly", degree=degree, gamma=1.0, coef0=coef0)[0, 0]
    return FeatureTable(tuple(names[i] for i in order), tuple(latex[i] for i in order), P[0], P[1], P[0] * P[1],
                        float(P[0] @ P[1]), float(np.dot(x, y)), float(k))


# ------------------------------------------------------------------ the lift
@dataclass(frozen=True)
class LiftFit:
    X: np.ndarray       # the circles (generated for this section)
    y: np.ndarray
    Phi: np.ndarray     # φ(x) = (x₁², √2x₁x₂, x₂²)
    w: np.ndarray       # the plane wᵀz + b = 0 in feature space
    b: float
    accuracy: float
    conic: tuple        # (A, B, C, b, is an ellipse): A x₁² + B x₁x₂ + C x₂² + b = 0, the plane mapped back


@cache_data(max_entries=ENTRIES)
def lift_fit(n, noise, C):
    """The circles, their 3-D lift and the plane scikit-learn's LogisticRegression fits there."""
    X, y = kc.make_classification("circles", n, noise, 0)
    clf = fm.LiftedLinearClassifier(C).fit(X, y)
    return LiftFit(X, y, clf.transform(X), np.asarray(clf.weights_), float(clf.intercept_), float(clf.accuracy_),
                   tuple(clf.conic()))


@dataclass(frozen=True)
class Surface:
    xs: np.ndarray      # grid of both axes
    Z: np.ndarray       # f(x) = wᵀφ(x) + b


@cache_data(max_entries=ENTRIES)
def lift_surface(n, noise, C):
    """f(x) over the plane [-box, box]², cached apart from the fit (the fit comes from lift_fit's cache)."""
    fit = lift_fit(n, noise, C)
    xs = np.linspace(-R["lift_box"], R["lift_box"], 81)   # the side chart is ~330 px wide: 81 cells a side
    g1, g2 = np.meshgrid(xs, xs)
    phi = fm.LiftedLinearClassifier.transform(np.c_[g1.ravel(), g2.ravel()])
    return Surface(xs, (phi @ fit.w + fit.b).reshape(g1.shape))


# ------------------------------------------------------------------ the explosion
@dataclass(frozen=True)
class Explosion:
    homogeneous: int    # C(d+m-1, m): features of (xᵀx')^m
    full: int           # C(d+m, m): features of (1 + xᵀx')^m
    power: int          # d^m, the O(d^k) estimate of Kriege's slide
    explicit: tuple     # (multiplications, additions) of φ(x)ᵀφ(x') building both maps, (1 + xᵀx')^m
    kernel: tuple       # the same for k(x, x') = (1 + xᵀx')^m


@cache_data(max_entries=ENTRIES)
def explosion(d, m):
    ops = fm.poly_operation_counts(d, m)
    return Explosion(fm.poly_feature_count(d, m, 0.0), fm.poly_feature_count(d, m, 1.0), d ** m,
                     tuple(ops["explicit"]), tuple(ops["kernel"]))


@cache_data(max_entries=4)
def timings(d_values, m_values, max_features):
    """Measured once per server (a few milliseconds in all), then served from the cache:
    rows (d, m, D, explicit seconds or None when D is too large to build, kernel seconds or None)."""
    rows = []
    for d in d_values:
        for m in m_values:
            D = fm.poly_feature_count(d, m, 1.0)
            rows.append((d, m, D, *(fm.time_explicit_vs_kernel(d, m) if D <= max_features else (None, None))))
    return rows


# ------------------------------------------------------------------ the eigen map
@dataclass(frozen=True)
class Eigen:
    eigenvalues: np.ndarray   # of K, descending
    errors: np.ndarray        # ‖K − Φ_qΦ_qᵀ‖_F / ‖K‖_F for q = 0, 1, …, n
    features: object          # Φ_q (n × q), None when K has a negative eigenvalue (no real map)
    error: float              # the error at the q kept
    rank: int
    problem: str              # why there is no real map ("" when there is one)


@cache_data(max_entries=ENTRIES)
def eigen(X, choice, q):
    """Eigenvalues of the Gram matrix of `choice` (ui.kernel_choice.Single) on X, the error curve over q, and the
    q-component eigen map (or the reason it does not exist)."""
    K = build_kernel(choice)(X)
    ev, _ = eigen_map.gram_eigh(K)
    curve = eigen_map.reconstruction_errors(ev)
    try:
        em = kc.eigen_feature_map(K, min(q, len(K)))
    except ValueError as err:
        return Eigen(ev, curve, None, float("nan"), 0, str(err))
    return Eigen(ev, curve, em.features, float(em.error), int(em.rank), "")


# ------------------------------------------------------------------ finite maps for the RBF kernel
@dataclass(frozen=True)
class Approximations:
    K: np.ndarray         # exact RBF Gram matrix
    K_rff: np.ndarray     # ZZᵀ of D random Fourier features
    K_nys: np.ndarray     # ZZᵀ of Nyström with m = min(D, n) landmarks
    error_rff: float      # ‖K − ZZᵀ‖_F / ‖K‖_F
    error_nys: float
    landmarks: int


@cache_data(max_entries=ENTRIES)
def approximations(X, gamma, n_components, seed):
    return _approximations(X, gamma, n_components, seed)


def _approximations(X, gamma, n_components, seed):
    K = kc.gram(X, kernel="rbf", gamma=gamma)
    m = min(n_components, len(X))
    Zr = kc.RandomFourierFeatures(n_components, gamma, seed).fit(X).transform(X)
    Zn = kc.NystroemFeatures(m, gamma, seed).fit(X).transform(X)
    return Approximations(K, Zr @ Zr.T, Zn @ Zn.T, float(ka.approximation_error(K, Zr)),
                          float(ka.approximation_error(K, Zn)), m)


@dataclass(frozen=True)
class ErrorCurves:
    rff: tuple            # (sizes, mean, sd) over R["approx_repeats"] draws
    nystroem: tuple       # the same, only up to n landmarks


@cache_data(max_entries=ENTRIES)
def error_curves(X, gamma):
    sizes, reps = R["approx_sizes"], R["approx_repeats"]
    small = [s for s in sizes if s <= len(X)]
    return ErrorCurves((sizes, *ka.approximation_error_curve(X, gamma, sizes, "rff", reps)),
                       (small, *ka.approximation_error_curve(X, gamma, small, "nystroem", reps)))


# ---------------------------------------------------------------- the live sweep of D (ui.sweep)
TRIPTYCH_CELLS = 64   # rows and columns of each matrix the triptych shows (each is ~300 px wide; keeps the chart
                      # under 100 KiB per rerun whatever n)


def shown_rows(y, cells=TRIPTYCH_CELLS):
    """The rows (and columns) of an n x n matrix the triptych shows: ordered by class, every step-th so at most
    `cells` of them."""
    order = np.argsort(y, kind="stable")
    return order[::max(1, math.ceil(len(order) / cells))]


@dataclass(frozen=True, eq=False)
class ApproxSweep:
    """K ≈ ZZᵀ at every option of the D slider (random Fourier features and Nyström, this γ and draw), at the rows
    and columns the triptych shows."""
    sizes: tuple
    K: np.ndarray           # (c, c) the exact RBF Gram matrix
    K_rff: np.ndarray       # (sizes, c, c) float32
    K_nys: np.ndarray       # (sizes, c, c) float32


@cache_data(max_entries=8)
def approx_sweep(X, y, gamma, seed):
    """Both approximations at every option of the D slider in one batch (kernel_core, as `approximations`)."""
    keep = np.ix_(shown_rows(y), shown_rows(y))
    rff, nys = [], []
    for D in R["approx_sizes"]:
        a = _approximations(X, gamma, D, seed)
        rff.append(a.K_rff[keep])
        nys.append(a.K_nys[keep])
    K = kc.gram(X, kernel="rbf", gamma=gamma)[keep]
    return ApproxSweep(tuple(R["approx_sizes"]), K.astype(np.float32), np.stack(rff).astype(np.float32),
                       np.stack(nys).astype(np.float32))


# ------------------------------------------------------------------ Mercer's theorem on an interval
@dataclass(frozen=True)
class Theorem:
    xs: np.ndarray            # the plotting grid over the interval
    x2: float                 # the fixed second argument x′
    eigenvalues: np.ndarray   # λ₁ ≥ λ₂ ≥ … (the first R["thm_shown"])
    phis: np.ndarray          # (len(xs), R["thm_functions"]): φ₁, φ₂, … on the plotting grid
    terms: np.ndarray         # (len(xs), q): λᵢ φᵢ(x) φᵢ(x′), i = 1 … q
    k: np.ndarray             # k(x, x′) on the plotting grid
    sup_errors: np.ndarray    # max over the Nyström grid of |k − k_q| for q = 1 … R["thm_shown"]
    trace: float              # Σ λᵢ (all of them) = ∫ k(x, x) dx


@cache_data(max_entries=ENTRIES)
def theorem(choice, q, x2):
    """Mercer's expansion of `choice` (a ui.kernel_choice.Single of one variable) on R["thm_interval"] by the Nyström
    method: eigenvalues, the first eigenfunctions, the q terms of the series at x′ and k itself."""
    a, b = R["thm_interval"]
    e = kc.mercer_expansion(build_kernel(choice), a, b, R["thm_grid"])
    xs = np.linspace(a, b, R["thm_points"])
    shown = min(R["thm_shown"], len(e.eigenvalues))
    phis = e.at(xs, R["thm_functions"])
    terms = e.at(xs, q) * e.eigenvalues[:q] * e.at(np.array([x2]), q)[0]
    k = build_kernel(choice)(xs[:, None], np.array([[x2]]))[:, 0]
    return Theorem(xs, float(x2), e.eigenvalues[:shown], phis, terms, k, e.sup_errors(range(1, shown + 1)),
                   float(e.eigenvalues.sum()))
