"""Kernel k-means' cached calls (pages/kernel_pca/kmeans.py): the iterations of kernel k-means and of plain k-means
from the same kind of start, and the clusters' regions over the plane at one iteration."""
from dataclasses import dataclass

import numpy as np
from sklearn.metrics import adjusted_rand_score

import kernel_core as kc
from ui.cache import cache_data
from ui.ranges import KPCA as R

ENTRIES = 32


@dataclass(frozen=True, eq=False)
class KMeansRun:
    """history (T + 1, n): the clusters at iteration 0 (k-means++) ... T; objective (T + 1,): Σ‖φ(xᵢ) − μ_c‖² at
    each; converged: no point moved at T; linear: plain k-means' final clusters (the linear kernel, same seed); the
    agreement (adjusted Rand index) of each with the data's classes (None without classes)."""
    history: np.ndarray
    objective: np.ndarray
    converged: bool
    linear: np.ndarray
    agree_kernel: "float | None"
    agree_linear: "float | None"

    @property
    def iterations(self):
        return len(self.history) - 1


@cache_data(max_entries=ENTRIES)
def kmeans(X, y, kernel, k, seed):
    """Kernel k-means with the bar's kernel and plain (linear) k-means, both from k-means++ draw `seed`."""
    model = kc.KernelKMeans(k, kernel.name, seed=seed, **dict(kernel.params)).fit(X)
    plain = kc.KernelKMeans(k, "linear", seed=seed).fit(X)
    agree = (lambda labels: float(adjusted_rand_score(y, labels))) if y is not None else (lambda labels: None)
    return KMeansRun(model.history_, model.objective_, model.converged_, plain.labels_, agree(model.labels_),
                     agree(plain.labels_))


@cache_data(max_entries=ENTRIES)
def regions(X, kernel, k, labels):
    """(xs, ys, Z): the cluster whose feature-space mean (the means of the clusters `labels`) is nearest, over a
    square grid around the points (the picture keeps x₁ and x₂ to one scale, so a square fills it); Z[i, j] at
    (xs[j], ys[i])."""
    centre = (X.min(axis=0) + X.max(axis=0)) / 2
    half = 0.575 * max(float(np.ptp(X[:, 0])), float(np.ptp(X[:, 1])), 1e-9)   # the wider side and 15 % around
    xs = np.linspace(centre[0] - half, centre[0] + half, R["kmeans_grid"])
    ys = np.linspace(centre[1] - half, centre[1] + half, R["kmeans_grid"])
    P = np.column_stack([np.tile(xs, len(ys)), np.repeat(ys, len(xs))])   # row by row: y outer, x inner
    kern = kernel.kernel()
    K = kern(X)
    D = kc.mean_distances(kern(P, X), kern.diag(P), (K + K.T) / 2, np.asarray(labels), k)
    return xs, ys, np.argmin(D, axis=1).reshape(len(ys), len(xs))
