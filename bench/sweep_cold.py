"""The cold compute time of the live sweeps' frames for bench.sweep: per sweep (by its slider's key, or
"<page>:<key>" where one key has several), a function that computes its topic's batch of frames and builds the payload
for the default data, uncached (the functions' `__wrapped__`), in this process, and returns the seconds it took.
The polynomial kernel's sweeps are measured at POLY_X0 (at x₀ = 0, k(x, 0) = r^m is flat)."""
import time

POLY_X0 = (1.0, 0.5)   # the polynomial kernel's degree sweep is measured at this x₀ (at x₀ = 0 k(x, 0) = r^m is flat)
POLY = f"kernels?kernels_kernel=poly&kernels_x0a={POLY_X0[0]}&kernels_x0b={POLY_X0[1]}"


def cold_svm(param):
    """Seconds to compute the SVM sweep of `param` and its payload for the default data, uncached."""
    import kernel_core as kc
    from pages.svm import compute, figures
    from ui.kernel_choice import Single
    from ui.ranges import DATA, DEFAULT_DATASET

    X, y = kc.make_classification(DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])
    part = compute.split.__wrapped__(X, y, (X, y))
    kernel, box = Single.of("rbf", gamma=1.0), compute.PLANE_BOUNDS
    fit = compute.fit.__wrapped__(X, y, part, kernel, 1.0)
    Z = compute.surface.__wrapped__(fit.points, fit.weights, fit.b, kernel, box)
    parts = figures.svm_map.uncached(box, Z, fit, X, y, part.tr, part.te, 1.0, present=False).parts
    t0 = time.perf_counter()
    C = 1.0 if param == "gamma" else None
    sw = compute._sweep.__wrapped__(X, y, part, kernel, C, param, box, compute.R["grid"])
    figures.sweep_payload.__wrapped__(box, sw, X, y, part.tr, parts, "svm_map", f"svm_{param}", param, True)
    return time.perf_counter() - t0


def cold_kernels(param="gamma", name="rbf", x0=(0.0, 0.0)):
    """Seconds to compute the Kernels section's sweep of `param` (RBF γ at x₀ = 0; the polynomial's degree at
    POLY_X0) and its payload, uncached."""
    import numpy as np

    from pages.kernels import compute, figures
    from ui.kernel_choice import Single

    choice = Single.of(name, **({"gamma": 1.0} if name == "rbf" else {"gamma": 1.0, "degree": 2, "coef0": 1.0}))
    first = choice.with_params(**{param: compute.SWEPT[param][0]})
    t0 = time.perf_counter()
    values, Zs = compute._kernel_sweep.__wrapped__(first, x0, param)
    figures.surface_sweep.__wrapped__(np.linspace(*compute.PLANE, compute.GRID), values, np.asarray(Zs),
                                      "kernels_surface", f"kernels_{param}", by="index" if param == "gamma" else
                                      "value")
    return time.perf_counter() - t0


def cold_knn():
    """Seconds to compute the k-NN section's sweep of k (every k on the default split) and its payload, uncached."""
    import kernel_core as kc
    from pages.perceptron_knn import compute, figures
    from ui.ranges import DATA, DEFAULT_DATASET
    from ui.ranges import PERCEPTRON_KNN as R
    from ui.split import held_out

    X, y = kc.make_classification(DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])
    s = compute.split(X, y, held_out(X, y, R["held_out"][2], R["order_seed"][2], base=(X, y)))
    k = R["k"][2]
    parts = figures.classifier_map.uncached(compute.BOUNDS, compute.knn.__wrapped__(s, k).Z, s.Xtr, s.ytr, s.Xte,
                                            s.yte, "vote").parts
    t0 = time.perf_counter()
    figures.knn_sweep_payload.__wrapped__(compute.knn_sweep.__wrapped__(s), parts, "perceptron_knn_knn_map",
                                          "perceptron_knn_k")
    return time.perf_counter() - t0


def cold_kpca():
    """Seconds to compute kernel PCA's γ sweep (RBF, components 1 and 2, the default data) and its payload, uncached,
    on one BLAS thread as in the app (ui.runtime)."""
    from threadpoolctl import threadpool_limits

    import kernel_core as kc
    from pages.kernel_pca import compute, figures
    from ui.kernel_choice import Single
    from ui.ranges import DATA, DEFAULT_DATASET

    X, y = kc.make_classification(DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])
    kernel = Single.of("rbf", gamma=1.0)
    E, _ = compute.scaled(compute.fit.__wrapped__(X, kernel).eta[:, :2])
    parts = figures.embedding_figure.uncached(E, y, None, fixed=figures.SWEPT).parts
    with threadpool_limits(1):
        t0 = time.perf_counter()
        figures.sweep_payload.__wrapped__(compute.sweep.__wrapped__(X, kernel, (0, 1)), y, parts,
                                          "kernel_pca_kpca_fig", "kernel_pca_gamma")
        return time.perf_counter() - t0


COLD = {"svm_gamma": lambda: cold_svm("gamma"), "svm_C": lambda: cold_svm("C"), "kernels_gamma": cold_kernels,
        "perceptron_knn_k": cold_knn, "kernel_pca_gamma": cold_kpca,
        f"{POLY}:kernels_degree": lambda: cold_kernels("degree", "poly", POLY_X0),
        f"{POLY}:kernels_gamma": lambda: cold_kernels("gamma", "poly", POLY_X0)}

def cold_kernel_ridge(param):
    """Seconds to compute kernel ridge's sweep of λ or γ (RBF γ = 1, λ = 0.1, the default noisy sine) and its
    payload, uncached, on one BLAS thread as in the app (ui.runtime)."""
    from threadpoolctl import threadpool_limits

    from pages.kernel_ridge import compute, figures
    from ui.kernel_choice import Single
    from ui.ranges import KERNEL_RIDGE as R

    data, kernel = ("sine", R["n"][3], R["noise"][3], R["seed"][3]), Single.of("rbf", gamma=1.0)
    X, y = compute.dataset.__wrapped__(data)
    fit = compute.krr_fit.__wrapped__(data, kernel, 0.1)
    band = compute.fit_band.__wrapped__(data, kernel, 0.1)     # the static picture with its ± 2 std band
    parts = figures.fit_figure.uncached(X, y, fit.xs, fit.f, fit.alpha, truth=True, std=band.std,
                                        reach=band.reach).parts
    with threadpool_limits(1):
        t0 = time.perf_counter()
        k, lam = (kernel, None) if param == "lam" else (kernel.with_gamma(0.0), 0.1)
        sw = compute._sweep.__wrapped__(data, k, lam, param, False)
        figures.fit_sweep_payload.__wrapped__(sw, X, parts, "kernel_ridge_fit", f"kernel_ridge_{param}", param, True)
        return time.perf_counter() - t0


COLD.update(kernel_ridge_lam=lambda: cold_kernel_ridge("lam"), kernel_ridge_gamma=lambda: cold_kernel_ridge("gamma"))



def cold_gram():
    """Seconds to compute the Gram section's γ sweep (RBF, the default data: K and its eigenvalues at every γ) and
    both payloads (heatmap, spectrum on its default log axis), uncached."""
    import kernel_core as kc
    from pages.kernels import compute, figures
    from ui.kernel_choice import Single
    from ui.ranges import DATA, DEFAULT_DATASET

    X, y = kc.make_classification(DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])
    choice = Single.of("rbf", gamma=1.0)
    t0 = time.perf_counter()
    sw = compute._gram_sweep.__wrapped__(X, choice.with_gamma(compute.GAMMAS[0]))
    figures.gram_sweep.__wrapped__(sw, y, "kernels_gram", "kernels_gamma")
    figures.spectrum_sweep.__wrapped__(sw, "kernels_spectrum", "kernels_gamma", log=True)   # the default axis
    return time.perf_counter() - t0


COLD["kernels-gram:kernels_gamma"] = cold_gram   # by section: the main section's γ sweep is another


def cold_mercer():
    """Seconds to compute Mercer's sweep of D (random Fourier features and Nyström at every D, RBF γ = 1, draw 0, the
    default data) and its payload, uncached, on one BLAS thread as in the app."""
    from threadpoolctl import threadpool_limits

    import kernel_core as kc
    from pages.mercer import compute, figures
    from ui.ranges import DATA, DEFAULT_DATASET
    from ui.ranges import MERCER as R

    X, y = kc.make_classification(DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])
    a = compute.approximations.__wrapped__(X, 1.0, R["approx_default"], 0)
    traces = figures.gram_triptych.uncached(a.K, a.K_rff, a.K_nys, y, ("", "", "")).parts
    with threadpool_limits(1):
        t0 = time.perf_counter()
        figures.approx_sweep_payload.__wrapped__(compute.approx_sweep.__wrapped__(X, y, 1.0, 0), traces,
                                                 "mercer_K_compare", "mercer_features")
        return time.perf_counter() - t0


COLD.update(mercer_features=cold_mercer)
