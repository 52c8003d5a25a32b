"""Kernel FDA beside linear FDA's cached call (pages/kernel_pca/fda.py): both fitted on the same training points,
the held-out ones projected as new points, their thresholds and accuracies, and kernel FDA's projection over the
plane."""
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from ui.cache import cache_data
from ui.ranges import KPCA as R

from .compute import ENTRIES


@dataclass(frozen=True, eq=False)
class Fisher:
    train: np.ndarray      # indices of the points FDA is fitted on
    test: np.ndarray       # indices of the held-out points, projected as new points
    z: np.ndarray          # (n,) linear FDA's projection φᵀx of every point (train and test)
    g: np.ndarray          # (n,) kernel FDA's projection αᵀk(x) of every point
    phi: np.ndarray        # (2,) linear FDA's direction φ
    lam_linear: float      # λ of S⁽ᵇ⁾φ = λS⁽ʷ⁾φ (the Fisher ratio)
    lam_kernel: float      # λ of K L⁽ᵇ⁾ K α = λ (K L⁽ʷ⁾ K + ε′I) α
    ridge: float           # ε′ = ε tr(K L⁽ʷ⁾ K) / n
    cut_linear: float      # the midpoint of the two class means of the training points' z (the threshold drawn)
    cut_kernel: float      # the same for g
    acc_linear: float      # held-out accuracy of sign(z − cut) (nan without held-out points)
    acc_kernel: float
    xs: np.ndarray         # the plane's grid axes
    ys: np.ndarray
    G: np.ndarray          # (len(ys), len(xs)) kernel FDA's g(x) over the plane


def _accuracy(v, cut, y):
    return float(np.mean(np.where(v > cut, 1, -1) == y)) if len(y) else float("nan")


def _cut(v, y):
    return float((v[y > 0].mean() + v[y < 0].mean()) / 2)


@cache_data(max_entries=ENTRIES)
def fisher(X, y, kernel, eps, local):
    """Linear and kernel FDA (local FDA when `local`) on all but a seeded R["klpp_held_out"] share of the points (the
    same split as kernel LPP), the held-out ones projected as new points; callers pass at most R["fda_max"] points of
    two classes (−1, +1), at least 2 of each among the training points."""
    n = len(X)
    order = np.random.default_rng(R["subsample_seed"]).permutation(n)
    n_test = int(round(R["klpp_held_out"] * n)) if n >= 12 else 0
    test, train = np.sort(order[:n_test]), np.sort(order[n_test:])
    lin = kc.FisherDA(local=local).fit(X[train], y[train])
    ker = kc.KernelFDA(kernel.name, eps, local=local, **dict(kernel.params)).fit(X[train], y[train])
    z, g = lin.transform(X)[:, 0], ker.transform(X)[:, 0]
    cut_z, cut_g = _cut(z[train], y[train]), _cut(g[train], y[train])
    pad = 0.15 * max(float(np.ptp(X[:, 0])), float(np.ptp(X[:, 1])), 1e-9)
    xs = np.linspace(X[:, 0].min() - pad, X[:, 0].max() + pad, R["fda_grid"])
    ys = np.linspace(X[:, 1].min() - pad, X[:, 1].max() + pad, R["fda_grid"])
    P = np.column_stack([np.tile(xs, len(ys)), np.repeat(ys, len(xs))])   # row by row: y outer, x inner
    G = ker.transform(P)[:, 0].reshape(len(ys), len(xs))
    return Fisher(train, test, z, g, lin.components_[:, 0], float(lin.eigenvalues_[0]), float(ker.eigenvalues_[0]),
                  ker.ridge_, cut_z, cut_g, _accuracy(z[test], cut_z, y[test]), _accuracy(g[test], cut_g, y[test]),
                  xs, ys, G)
