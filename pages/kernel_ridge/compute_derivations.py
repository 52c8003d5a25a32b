"""Kernel ridge regression: the cached kernel_core calls of the derivation sections (the dual representation, the
Woodbury identity), keyed by plain values (the topic's data key, the number of features p, λ), returning
dataclasses."""
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from pages.kernel_ridge.compute import cv_sample, dataset
from ui.cache import cache_data

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
    return Derivation(path, path.a @ Phi, Phi.T @ path.a_star, len(t), p, scale, n_all)


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
