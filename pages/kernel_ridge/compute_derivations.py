"""Kernel ridge regression: the cached kernel_core calls of the derivation sections (the dual representation, the
Woodbury identity), keyed by plain values (the topic's data key, the number of features p, λ), returning
dataclasses."""
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from pages.kernel_ridge.compute import cv_sample, dataset
from ui.cache import cache_data
from ui.ranges import KERNEL_RIDGE as R

ENTRIES = 32


@dataclass(frozen=True)
class Derivation:
    path: kc.DualPath      # J(w_k), J(a_k) along gradient descent and the optimum
    w_from_a: np.ndarray   # Φᵀa_k at each recorded step (rows), to set beside w_k
    w_from_a_star: np.ndarray  # Φᵀa* with a* = (K + λI)⁻¹t
    n: int                 # points N
    p: int                 # features M: φ(x) = (u, u², …, uᵖ), u = x / max|x|
    scale: float           # max|x|, the u scale
    n_all: int             # points in the data set (N of them, a seeded sample, when there are more: cv_sample)
    x_new: float           # a new input x (u = x / max|x| = NEW_U) for the prediction y(x)
    y_primal: float        # y(x) = w*ᵀφ(x), w* from the M × M solve
    y_dual: float          # y(x) = k(x)ᵀ(K + λI)⁻¹t, kₙ(x) = k(xₙ, x) = φ(xₙ)ᵀφ(x): the same number from the N × N solve


NEW_U = 0.5   # the new point of Bishop's and Nguyen's prediction, halfway between the centre and the edge of the data


def power_design(data, p):
    """Φ (N, p) with rows φ(xₙ)ᵀ = (u, u², …, uᵖ), u = x / max|x| (kept in [−1, 1]), the targets t, max|x| and the
    data set's size. N: every point up to cross-validation's cap, else its seeded sample (the dual's N × N solve is
    O(N³), so a 2 000-point link must not make it)."""
    X_all, y_all = dataset(data)
    X, y = cv_sample(X_all, y_all)
    scale = float(np.abs(X).max()) or 1.0
    return kc.power_features(X[:, 0] / scale, p), y, scale, len(y_all)


@cache_data(max_entries=ENTRIES)
def dual_derivation(data, p, lam, record):
    """J(w) and J(a) along gradient descent on J(w), with the explicit map φ(x) = (u, …, uᵖ)."""
    Phi, t, scale, n_all = power_design(data, p)
    path = kc.dual_derivation(Phi, t, lam, record=record)
    phi_new = kc.power_features(np.array([NEW_U]), p)[0]
    k_new = Phi @ phi_new                     # k(x) = Φφ(x): the kernel of this φ between each xₙ and the new x
    return Derivation(path, path.a @ Phi, Phi.T @ path.a_star, len(t), p, scale, n_all, NEW_U * scale,
                      float(path.w_star @ phi_new), float(k_new @ path.a_star))


@dataclass(frozen=True)
class Woodbury:
    steps: kc.WoodburySteps    # Held's six lines, each a p × n matrix, and their gaps to the first
    costs: dict                # multiply-adds of the left and the right side at this (n, p)
    n: int
    p: int


@cache_data(max_entries=ENTRIES)
def woodbury(n, p, lam, seed=0):
    """Held's chain on a random data matrix X (n, p) with standard normal entries (seeded), and its costs."""
    X = np.random.default_rng(seed).standard_normal((n, p))
    return Woodbury(kc.woodbury_steps(X, lam), kc.woodbury_costs(n, p), n, p)


@dataclass(frozen=True)
class Network:
    xs: np.ndarray         # the plotting grid
    h: np.ndarray          # the RBF network h(x) on the grid
    bumps: np.ndarray      # (M, len(xs)): each centre's weighted bump w_m exp(−γ(x − c_m)²) on the grid
    centres: np.ndarray    # c_m (M,)
    weights: np.ndarray    # w_m (M,)
    rank: int              # Φ's numerical rank (< M: the least-squares w is the shortest of many)
    train_error: float     # Σₙ (h(xₙ) − yₙ)²
    f: np.ndarray          # kernel ridge with the RBF kernel of the same γ and the bar's λ, on the grid
    lams: np.ndarray       # the λ of the λ → 0 curve
    gaps: np.ndarray       # max over the points of |f_λ(xₙ) − h_N(xₙ)|, h_N the network with every point a centre
    n: int                 # points used (cross-validation's cap: a seeded sample above it)
    n_all: int
    X: np.ndarray          # the points used (N, 1) and their targets
    y: np.ndarray


LAMS = np.geomspace(1e-12, 1e2, 57)   # the λ → 0 curve: from the bar's range (1e-4 … 1e2) far down towards 0


@cache_data(max_entries=ENTRIES)
def rbf_network(data, m, gamma, lam):
    """The RBF network with min(m, N) centres (kc.pick_centres) fit by least squares, kernel ridge with the RBF kernel
    of the same γ and penalty λ, and the λ → 0 curve of the network with every point a centre. N: every point up to
    cross-validation's cap, else its seeded sample (the N × N eigendecomposition grows as N³)."""
    X_all, y_all = dataset(data)
    X, y = cv_sample(X_all, y_all)
    m = min(m, len(X))
    net = kc.RBFNetwork(gamma, X[kc.pick_centres(X, m)]).fit(X, y)
    xs = np.linspace(X.min() - R["margin"], X.max() + R["margin"], R["grid"])[:, None]
    bumps = (net.basis(xs) * net.weights_).T
    f = kc.KernelRidge("rbf", lam, gamma=gamma).fit(X, y).predict(xs) if lam > 0 else np.full(len(xs), np.nan)
    gaps = kc.ridge_to_network(X, y, gamma, LAMS, X)
    return Network(xs[:, 0], net.predict(xs), bumps, net.centres_[:, 0], net.weights_, net.rank_, net.train_error_,
                   f, LAMS, gaps, len(y), len(y_all), X, y)


@dataclass(frozen=True)
class Classifier:
    xs: np.ndarray         # the plane's grid, first axis
    ys: np.ndarray         # ... second axis
    Z: np.ndarray          # h(x) = b + Σ wₘ exp(−γ‖x − cₘ‖²) over the grid (len(ys), len(xs)); its sign is the class
    centres: np.ndarray    # cₘ (M, 2)
    b: float               # the offset b
    max_w: float           # max |wₘ|
    accuracy: float        # the share of the points whose sign(h(xₙ)) is their label
    n: int                 # points used (cross-validation's cap: a seeded sample above it)
    n_all: int
    X: np.ndarray          # the points used (N, 2) and their labels ±1
    y: np.ndarray


@cache_data(max_entries=ENTRIES)
def rbf_classifier(X, y, m, gamma):
    """Bishop's notes' RBF network for classification on the sidebar's points: min(m, N) centres (kc.pick_centres),
    [b, w] = [1 | Φ]⁺y fit to the labels ±1, h(x) = b + Σ wₘ exp(−γ‖x − cₘ‖²) over the plane, sign(h) on the points.
    N: every point up to cross-validation's cap, else its seeded sample."""
    n_all = len(X)
    if n_all == 0:
        raise ValueError("the data set has no points: add some on a map, or ⟲ Reset to the sidebar preset")
    X, y = cv_sample(np.asarray(X, float), np.asarray(y))
    net = kc.RBFNetwork(gamma, X[kc.pick_centres(X, min(m, len(X)))], bias=True).fit(X, y)
    lo, hi = X.min(axis=0) - R["map_margin"], X.max(axis=0) + R["map_margin"]
    xs, ys = np.linspace(lo[0], hi[0], R["rbf_map_grid"]), np.linspace(lo[1], hi[1], R["rbf_map_grid"])
    accuracy = float(np.mean(net.classify(X) == y))
    return Classifier(xs, ys, kc.decision_surface(net, xs, ys), net.centres_, net.intercept_,
                      float(np.max(np.abs(net.weights_))), accuracy, len(y), n_all, X, y)
