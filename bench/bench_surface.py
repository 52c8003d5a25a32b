"""Decision surface speed: kernel_core.expansion_surface vs scikit-learn's SVC.decision_function on
the same 200 x 200 grid and the same fitted model (n = 1000), per kernel. Prints the speedup.

    .venv/bin/python -m bench.bench_surface
"""
import time

import numpy as np
from sklearn.metrics.pairwise import pairwise_kernels
from sklearn.svm import SVC

from kernel_core import Kernel, expansion_surface, make_classification

N, GRID, REPEAT = 1000, 200, 5
KERNELS = {
    "rbf": dict(gamma=2.0),
    "laplacian": dict(gamma=1.0),
    "poly": dict(degree=3, gamma=0.5, coef0=1.0),
    "linear": dict(),
    "sigmoid": dict(gamma=0.2, coef0=-0.5),
}


def best_of(f):
    times = []
    for _ in range(REPEAT):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return min(times), out


def one_kernel(name, params, X, y, xs, ys, mesh):
    if name == "laplacian":  # SVC has no Laplacian kernel: precomputed Gram, as KernelSVM does
        svc = SVC(kernel="precomputed", C=1.0).fit(pairwise_kernels(X, metric=name, **params), y)
        sv = X[svc.support_]
        t_ref, z_ref = best_of(lambda: svc.decision_function(pairwise_kernels(mesh, X, metric=name, **params)))
    else:
        svc = SVC(kernel=name, C=1.0, **params).fit(X, y)
        sv = svc.support_vectors_
        t_ref, z_ref = best_of(lambda: svc.decision_function(mesh))
    kernel = Kernel(name, **params)
    t_ours, z = best_of(lambda: expansion_surface(sv, svc.dual_coef_[0], svc.intercept_[0], kernel, xs, ys))
    diff = np.abs(z.ravel() - z_ref).max()
    print(f"{name:<10} {len(sv):>5} {t_ref * 1e3:>11.1f} {t_ours * 1e3:>8.2f} {t_ref / t_ours:>7.0f}x {diff:>11.1e}")


def main():
    X, y = make_classification("moons", N, noise=0.25, seed=0)
    xs = np.linspace(-2.5, 3.5, GRID)
    ys = np.linspace(-2.0, 2.5, GRID)
    g1, g2 = np.meshgrid(xs, ys)
    mesh = np.c_[g1.ravel(), g2.ravel()]
    print(f"decision surface on a {GRID}x{GRID} grid, SVC fitted on n = {N} (best of {REPEAT})")
    print(f"{'kernel':<10} {'#SV':>5} {'sklearn ms':>11} {'ours ms':>8} {'speedup':>8} {'max |diff|':>11}")
    for name, params in KERNELS.items():
        one_kernel(name, params, X, y, xs, ys, mesh)


if __name__ == "__main__":
    main()
