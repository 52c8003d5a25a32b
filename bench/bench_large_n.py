"""Large n (issue 9, target 4): fit times of exact kernel PCA / kernel ridge at n = 1000, 2000, 3000 and of the
Nyström / random-Fourier approximations at n = 5000, 10 000, 20 000 with their approximation errors; scikit-learn's
KernelPCA / KernelRidge at n = 3000 as the reference of the same run. One BLAS thread, as in the app
(ui/__init__.py). Data as in the pages' "Large n" sections (ui/large_n.py): moons (kPCA, gamma = 2) and
sin x + noise (KRR, gamma = 1, lam = 0.1).

    .venv/bin/python -m bench.bench_large_n
"""
import time

import numpy as np
from threadpoolctl import threadpool_limits

threadpool_limits(1)  # noqa: E402 — before the solvers run, as ui.runtime.set_up does in the app

from scipy.linalg import eigh  # noqa: E402
from sklearn.decomposition import KernelPCA as SkKernelPCA  # noqa: E402
from sklearn.kernel_ridge import KernelRidge as SkKernelRidge  # noqa: E402

from kernel_core import (  # noqa: E402
    ApproxKernelPCA,
    ApproxKernelRidge,
    KernelPCA,
    KernelRidge,
    kernel_error,
    kpca_gap,
    large_dataset,
    ridge_gap,
)

EXACT_N, APPROX_N, FEATURES = (1000, 2000, 3000), (5000, 10_000, 20_000), (100, 500)
KPCA_GAMMA, KRR_GAMMA, LAM, REPEAT = 2.0, 1.0, 0.1, 3
GRID = np.linspace(0, 2 * np.pi, 200)[:, None]


def best_of(f, repeat=REPEAT):
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return min(times), out


def rmse(model):
    return float(np.sqrt(np.mean((model.predict(GRID) - np.sin(GRID[:, 0])) ** 2)))


def row(task, n, method, seconds, k_err="", gap="", extra=""):
    print(f"{task:<5} {n:>6} {method:<16} {seconds:>8.3f} {k_err:>10} {gap:>12} {extra:>10}")


def exact_rows():
    for n in EXACT_N:
        X, _ = large_dataset("moons", n, 0.1, 0)
        t, _ = best_of(lambda X=X: KernelPCA(2, "rbf", gamma=KPCA_GAMMA).fit(X))
        row("kPCA", n, "exact", t, "0", "0")
        X, y = large_dataset("sine", n, 0.25, 0)
        t, model = best_of(lambda X=X, y=y: KernelRidge("rbf", lam=LAM, gamma=KRR_GAMMA).fit(X, y))
        row("KRR", n, "exact", t, "0", "0", f"{rmse(model):.4f}")


def approx_rows():
    for n in APPROX_N:
        for method in ("nystroem", "rff"):
            for m in FEATURES:
                X, _ = large_dataset("moons", n, 0.1, 0)
                t, kp = best_of(lambda X=X, method=method, m=m: ApproxKernelPCA(2, method, m, KPCA_GAMMA).fit(X))
                row("kPCA", n, f"{method} {m}", t, f"{kernel_error(kp.map_, X, KPCA_GAMMA):.3g}",
                    f"{kpca_gap(X, 2, method, m, KPCA_GAMMA):.3g}")
                X, y = large_dataset("sine", n, 0.25, 0)
                t, kr = best_of(lambda X=X, y=y, method=method, m=m: ApproxKernelRidge(method, m, KRR_GAMMA, LAM).fit(X, y))
                row("KRR", n, f"{method} {m}", t, f"{kernel_error(kr.map_, X, KRR_GAMMA):.3g}",
                    f"{ridge_gap(X, y, GRID, method, m, KRR_GAMMA, LAM):.3g}", f"{rmse(kr):.4f}")


def reference_rows(n=3000):
    X, _ = large_dataset("moons", n, 0.1, 0)
    ours, _ = best_of(lambda: KernelPCA(2, "rbf", gamma=KPCA_GAMMA).fit(X))
    theirs, _ = best_of(lambda: SkKernelPCA(2, kernel="rbf", gamma=KPCA_GAMMA).fit(X))   # eigen_solver auto: arpack
    K = KernelPCA(2, "rbf", gamma=KPCA_GAMMA).fit(X).Kc_
    dense, _ = best_of(lambda: eigh(K, subset_by_index=(n - 2, n - 1)), repeat=1)
    print(f"kPCA   n = {n}: ours {ours:.3f} s, sklearn KernelPCA {theirs:.3f} s, ratio {ours / theirs:.2f}; "
          f"LAPACK eigh(subset_by_index) alone, the solver before Lanczos: {dense:.3f} s")
    X, y = large_dataset("sine", n, 0.25, 0)
    ours, _ = best_of(lambda: KernelRidge("rbf", lam=LAM, gamma=KRR_GAMMA).fit(X, y))
    theirs, _ = best_of(lambda: SkKernelRidge(alpha=LAM, kernel="rbf", gamma=KRR_GAMMA).fit(X, y))
    print(f"KRR    n = {n}: ours {ours:.3f} s, sklearn KernelRidge {theirs:.3f} s, ratio {ours / theirs:.2f}")


def main():
    print(f"fit seconds (best of {REPEAT}, one BLAS thread); errors on a random 1000-point subsample: K error = "
          "||K_S - Z_S Z_S^T||_F / ||K_S||_F; gap = kPCA: projection error vs exact kPCA on S (after sign/rotation), "
          "KRR: max |f - f_exact| on the grid, both fitted on S; rmse = KRR's distance to sin x on a 200-point grid")
    print(f"{'task':<5} {'n':>6} {'method / m':<16} {'fit s':>8} {'K error':>10} {'gap':>12} {'rmse':>10}")
    exact_rows()
    approx_rows()
    print("reference in the same run:")
    reference_rows()


if __name__ == "__main__":
    main()
