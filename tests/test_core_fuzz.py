"""Property-based fuzz of the public core API (issue 21): every name in `kernel_core.__all__` is called with
arbitrary arguments — good ones, extreme ones (1e308, 5e-324, 100 000 points) and bad ones (NaN, complex, text,
wrong shapes, negative or huge seeds). Each call must either return finite arrays of the documented shape or
raise ValueError / TypeError whose message is a sentence raised by kernel_core itself (never a raw numpy,
scipy or scikit-learn message), within the hypothesis deadline.

Deterministic (derandomize) and without an example database, so a failure reproduces and nothing is written
to the working tree; one failing call prints its arguments (hypothesis' falsifying example)."""
from datetime import timedelta

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import kernel_core as kc
from kernel_core.large_n import METHODS
from tests.fuzz_support import (
    KERNEL_NAMES,
    Refused,
    count,
    finite,
    grid_axis,
    kernel_spec,
    labels,
    matrix,
    number,
    queries,
    real,
    run,
    run_build,
    seed,
    shape_of,
    targets,
    width,
    xy,
)

FUZZ = settings(max_examples=150, deadline=timedelta(seconds=5), derandomize=True, database=None,
                phases=[Phase.explicit, Phase.generate], report_multiple_bugs=False,  # no shrinking: bounded time
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
CONSTANTS = {"CLASSIFICATION_DATASETS", "MANIFOLDS", "DEFAULTS", "KERNEL_FUNCTIONS", "KERNEL_PARAMS", "MERCER",
             "PSD_RTOL", "SYMMETRY_RTOL", "Verdict"}


# ---------------------------------------------------------------- one case per public name
def case_gram(draw):
    X = matrix(draw)
    Y = matrix(draw, d=width(X)) if draw(st.booleans()) else None
    kernel, params = kernel_spec(draw)
    K = run(lambda: kc.gram(X, Y, kernel, **params))
    finite(K, (len(X), len(X if Y is None else Y)))


def case_kernel(draw):
    kernel, params = kernel_spec(draw)
    k = run(lambda: kc.as_kernel(kernel, **params))
    assert isinstance(k, kc.Kernel)
    X = matrix(draw)
    finite(run(lambda: k(X)), (len(X), len(X)))
    finite(run(lambda: k.diag(X)), (len(X),))
    assert isinstance(k.latex(), str) and isinstance(k.is_mercer, bool)


def case_make_classification(draw):
    name = draw(st.sampled_from([*kc.CLASSIFICATION_DATASETS, "cats", None]))
    n = count(draw, 1, 300)
    X, y = run(lambda: kc.make_classification(name, n, real(draw, 0.0, 1.0), seed(draw)))
    finite(X, (n, 2))
    assert set(np.unique(y)) <= {-1, 1} and y.shape == (n,)


def case_make_sine(draw):
    n = count(draw, 1, 300)
    x_range = draw(st.sampled_from([(0.0, 6.0), (1.0, 1.0), (0, np.inf), "ab", (0.0, 1.0, 2.0), (-1e308, 1e308)]))
    X, y = run(lambda: kc.make_sine(n, real(draw, 0.0, 1.0), seed(draw), x_range))
    finite(X, (n, 1)), finite(y, (n,))


def case_make_manifold(draw):
    name = draw(st.sampled_from([*kc.MANIFOLDS, "torus"]))
    n = count(draw, 1, 300)
    X, t = run(lambda: kc.make_manifold(name, n, real(draw, 0.0, 1.0), seed(draw)))
    finite(X, (n, 3)), finite(t, (n,))


def case_large_dataset(draw):
    name = draw(st.sampled_from(["moons", "circles", "sine", "spirals"]))
    n = count(draw, 1, 3000)
    X, y = run(lambda: kc.large_dataset(name, n, real(draw, 0.0, 1.0), seed(draw)))
    finite(X, (n, 1 if name == "sine" else 2)), finite(y, (n,))


def case_resolve_method(draw):
    method = draw(st.sampled_from([*METHODS, "auto-nystroem", "auto-rff", "fast", None, ["rff"]]))
    assert run(lambda: kc.resolve_method(method, count(draw, 1, 60_000))) in METHODS


def case_poly_feature_map(draw):
    X = matrix(draw)
    degree, gamma, coef0 = count(draw, 1, 6), real(draw, 0.01, 3.0), real(draw, -1.0, 3.0)
    Phi = run(lambda: kc.poly_feature_map(X, degree, gamma, coef0))
    d = width(X)
    finite(Phi, (len(X), kc.feature_maps.poly_feature_count(d, degree, coef0)))


def case_poly_feature_names(draw):
    d, degree = count(draw, 1, 4), count(draw, 1, 5)
    gamma, coef0 = real(draw, 0.01, 3.0), real(draw, 0.0, 3.0)
    names = run(lambda: kc.poly_feature_names(d, degree, gamma, coef0, latex=draw(st.booleans())))
    assert len(names) == kc.feature_maps.poly_feature_count(d, degree, coef0)
    assert all(isinstance(s, str) and s for s in names)


def gram_like(draw):
    kind = draw(st.integers(0, 4))
    X = matrix(draw)
    if kind < 3:
        K = run_build(lambda: kc.gram(X, kernel=draw(st.sampled_from(KERNEL_NAMES))))
        if K is not None:
            return K
    return X


def case_eigen_feature_map(draw):
    K = gram_like(draw)
    q = None if draw(st.booleans()) else count(draw, 1, 12)
    E = run(lambda: kc.eigen_feature_map(K, q))
    n = len(K)
    finite(E.features, (n, E.rank if q is None else q)), finite(E.eigenvalues, (n,)), number(E.error)


def case_spectral(draw):
    K = gram_like(draw)
    fn = draw(st.sampled_from([kc.spectrum, kc.is_psd, kc.is_symmetric, kc.verdict]))
    out = run(lambda: fn(K))
    if fn is kc.spectrum:
        finite(out, (len(K),))
    elif fn is kc.verdict:
        assert isinstance(out, kc.Verdict) and isinstance(out.reason, str)
    else:
        assert isinstance(out, bool)


def case_bilinear_kernel(draw):
    X = matrix(draw)
    d = width(X)
    Y = matrix(draw, d=d)
    M = matrix(draw, d, d) if draw(st.integers(0, 4)) else matrix(draw)
    finite(run(lambda: kc.bilinear_kernel(X, Y, M)), (len(X), len(Y)))


def case_feature_space_geometry(draw):
    d = draw(st.integers(1, 3))
    x = draw(st.sampled_from([lambda: np.zeros(d), lambda: np.ones(d), lambda: matrix(draw, 1, d),
                              lambda: matrix(draw, 2, d), lambda: real(draw)]))()
    z = draw(hnp.arrays(np.float64, d, elements=st.floats(-3, 3))) if draw(st.integers(0, 3)) else matrix(draw)
    kernel, params = kernel_spec(draw, allow_objects=False)
    g = run(lambda: kc.feature_space_geometry(x, z, kernel, **params))
    for key, value in g.items():
        if key in ("cos_angle", "angle_deg") and (g["norm_x"] == 0 or g["norm_z"] == 0):
            assert np.isnan(value)
        else:
            number(value)


def case_sin_cos_kernel(draw):
    x, z = matrix(draw), matrix(draw)
    S = run(lambda: kc.sin_cos_kernel(x, z))
    finite(S, (np.size(x), np.size(z)))


def case_add_noise(draw):
    X = matrix(draw)
    finite(run(lambda: kc.add_noise(X, real(draw, 0.0, 2.0), seed(draw))), shape_of(X))


def case_centring_matrix(draw):
    n = count(draw, 1, 30)
    finite(run(lambda: kc.centring_matrix(n)), (n, n))


def case_laplacian_eigenmap(draw):
    X = matrix(draw, draw(st.integers(1, 14)))
    m, k = count(draw, 1, 4), count(draw, 1, 8)
    G, gam = run(lambda: kc.laplacian_eigenmap(X, m, k))
    finite(G, (len(X), m)), finite(gam, (m,))


def case_graphs(draw):
    X = matrix(draw, draw(st.integers(1, 14)))
    k = count(draw, 1, 8)
    A = run(lambda: kc.knn_graph(X, k))
    n = len(A)
    if draw(st.integers(0, 3)) == 0:
        A = matrix(draw, n, n)   # any matrix as an adjacency matrix: symmetric non-negative ones pass
    L = finite(run(lambda: kc.graph_laplacian(A)), (n, n))
    K = finite(run(lambda: kc.diffusion_kernel(L, real(draw, 0.0, 50.0))), (n, n))
    labelled = draw(st.sampled_from([np.arange(min(2, n)), np.array([0]), np.array([n]), [0.5], "0", np.array([0, 0])]))
    y = np.resize(np.array([1.0, -1.0]), np.size(labelled))
    finite(run(lambda: kc.node_ridge(K, labelled, y, real(draw, 0.0, 10.0))), (n,))


def case_kernel_lpp(draw):
    X = matrix(draw, draw(st.integers(1, 14)))
    m, k = count(draw, 1, 3), count(draw, 1, 8)
    kernel, params = kernel_spec(draw)
    model = run(lambda: kc.KernelLPP(m, kernel, k, **params).fit(X))
    finite(model.embedding_, (len(X), m)), finite(model.eigenvalues_, (m,))
    Q, q = queries(draw, width(X))
    finite(run(lambda: model.transform(Q)), (q, m))


def case_kernel_pca(draw):
    X = matrix(draw)
    q = count(draw, 1, 5)
    kernel, params = kernel_spec(draw)
    model = run(lambda: kc.KernelPCA(q, kernel, draw(st.booleans()), **params).fit(X))
    n = len(X)
    finite(model.eigenvalues_, (q,)), finite(model.dual_coef_, (n, q))
    Q, m = queries(draw, width(X))
    finite(run(lambda: model.transform(Q)), (m, q))
    finite(run(lambda: model.feature_space_residual(Q)), (m,))
    if kernel == "rbf":
        finite(run(lambda: model.reconstruct(Q, count(draw, 1, q), count(draw, 1, 50))), (m, width(X)))


def approx_args(draw):
    return draw(st.sampled_from(["nystroem", "rff", "exact", None])), count(draw, 1, 40), real(draw, 0.01, 5.0), seed(draw)


def case_approx_kernel_pca(draw):
    X = matrix(draw)
    q = count(draw, 1, 3)
    method, D, gamma, s = approx_args(draw)
    model = run(lambda: kc.ApproxKernelPCA(q, method, D, gamma, s).fit(X))
    finite(model.embedding_, (len(X), q))
    Q, m = queries(draw, width(X))
    finite(run(lambda: model.transform(Q)), (m, q))
    number(run(lambda: kc.kernel_error(model.map_, X, gamma, count(draw, 1, 50), seed(draw))))


def case_approx_kernel_ridge(draw):
    X, y, n, d = xy(draw, classify=False)
    method, D, gamma, s = approx_args(draw)
    model = run(lambda: kc.ApproxKernelRidge(method, D, gamma, real(draw, 1e-6, 10.0), s).fit(X, y))
    Q, m = queries(draw, d)
    finite(run(lambda: model.predict(Q)), (m,))


def case_gaps(draw):
    X, y, n, d = xy(draw, classify=False)
    method, D, gamma, s = approx_args(draw)
    size = count(draw, 1, 30)
    if draw(st.booleans()):
        number(run(lambda: kc.kpca_gap(X, count(draw, 1, 3), method, D, gamma, size, s)))
    else:
        Q, _ = queries(draw, d)
        number(run(lambda: kc.ridge_gap(X, y, Q, method, D, gamma, real(draw, 1e-6, 10.0), size, s)))


def case_random_features(draw):
    X = matrix(draw)
    cls = draw(st.sampled_from([kc.RandomFourierFeatures, kc.NystroemFeatures]))
    D = count(draw, 1, 40) if draw(st.integers(0, 9)) else draw(st.sampled_from([300, 200_000]))
    fmap = run(lambda: cls(D, real(draw, 0.01, 5.0), seed(draw)).fit(X))
    Q, m = queries(draw, width(X))
    Z = run(lambda: fmap.transform(Q))
    finite(Z, (m, fmap.width_))


def case_kernel_perceptron(draw):
    X, y, n, d = xy(draw)
    kernel, params = kernel_spec(draw)
    model = run(lambda: kc.KernelPerceptron(kernel, count(draw, 1, 20), seed(draw), **params).fit(X, y))
    finite(model.alpha_, (n,))
    Q, m = queries(draw, d)
    finite(run(lambda: model.decision_function(Q)), (m,))
    assert run(lambda: model.predict(Q)).shape == (m,)


def case_knn_vote(draw):
    X, y, n, d = xy(draw)
    model = run(lambda: kc.KNNVote(n_neighbors=count(draw, 1, 6)).fit(X, y))
    Q, m = queries(draw, d)
    f = finite(run(lambda: model.decision_function(Q)), (m,))
    assert np.all(np.abs(f) <= 1)
    assert run(lambda: model.predict(Q)).shape == (m,)


def case_kernel_ridge(draw):
    X, y, n, d = xy(draw, classify=False)
    kernel, params = kernel_spec(draw)
    model = run(lambda: kc.KernelRidge(kernel, real(draw, 0.0, 10.0), **params).fit(X, y))
    Q, m = queries(draw, d)
    finite(run(lambda: model.predict(Q)), (m,))


def case_gaussian_process(draw):
    X, y, n, d = xy(draw, classify=False)
    kernel, params = kernel_spec(draw)
    model = run(lambda: kc.GaussianProcessRegressor(kernel, real(draw, 1e-6, 1.0), **params).fit(X, y))
    Q, m = queries(draw, d)
    mean, std = run(lambda: model.predict(Q, return_std=True))
    finite(mean, (m,)), finite(std, (m,))
    s = count(draw, 1, 5) if draw(st.integers(0, 4)) else 10**9
    finite(run(lambda: model.sample_y(Q, s, seed(draw))), (m, s))
    finite(run(lambda: model.sample_prior(Q, s, 0)), (s, m))   # the prior GP(0, k): no draw, the examples stay


def case_cross_validate(draw):
    X, y, n, d = xy(draw, classify=False)
    lams = draw(st.sampled_from([(0.1, 1.0), (0.0,), (-1.0,), ("a",), ()]))
    grid = draw(st.sampled_from([None, {"gamma": [0.5, 2.0]}, {"gamma": []}, {"gamma": ["x"]}, {"degree": [2]}]))
    r = run(lambda: kc.cross_validate(X, y, "rbf", lams, grid, count(draw, 2, 5), seed(draw)))
    finite(r.errors, (len(lams), len(r.settings))), number(r.best_lam), number(r.best_error)


def case_ridge_helpers(draw):
    which = draw(st.integers(0, 3))
    if which == 0:
        number(run(lambda: kc.lam_from_seed003(real(draw, 0.0, 10.0), count(draw, 1, 1000))))
    elif which == 1:
        x = draw(st.sampled_from([lambda: np.linspace(-2, 2, 7), lambda: matrix(draw), lambda: real(draw)]))()
        degree = count(draw, 1, 12)
        out = run(lambda: kc.power_features(x, degree))
        finite(out, (np.size(x), degree))
    elif which == 2:
        X, y, n, d = xy(draw, classify=False)
        finite(run(lambda: kc.primal_ridge(X, y, real(draw, 1e-6, 10.0))), (d,))
    else:
        costs = run(lambda: kc.solve_costs(count(draw, 1, 10**6), count(draw, 1, 10**4)))
        assert all(np.isfinite(v) for v in costs.values())


def case_svm(draw):
    X, y, n, d = xy(draw)
    kernel, params = kernel_spec(draw)
    if draw(st.booleans()):
        model = run(lambda: kc.KernelSVM(kernel, real(draw, 1e-3, 100.0), **params).fit(X, y))
    else:
        model = run(lambda: kc.SubgradientSVM(kernel, real(draw, 1e-4, 1.0), count(draw, 0, 60),
                                              draw(st.sampled_from([None, 1, 3, 0, 2.5])), draw(st.booleans()),
                                              draw(st.sampled_from([None, 1e-3, -1.0])), seed(draw), **params).fit(X, y))
        finite(model.loss_curve_, (model.n_iter_ + 1,)), finite(model.alpha_, (n,))
        run(lambda: model.step(count(draw, 0, 10), draw(st.sampled_from([None, 0.01, -1.0, "x"]))))
    Q, m = queries(draw, d)
    finite(run(lambda: model.decision_function(Q)), (m,))
    xs, ys = grid_axis(draw), grid_axis(draw)
    if d == 2:
        finite(run(lambda: kc.decision_surface(model, xs, ys)), (np.size(xs), np.size(ys))[::-1])


def case_expansion_surface(draw):
    points = matrix(draw, d=2) if draw(st.integers(0, 4)) else matrix(draw)
    n = len(points)
    weights = draw(hnp.arrays(np.float64, n, elements=st.floats(-5, 5))) if draw(st.integers(0, 4)) else matrix(draw)
    kernel, params = kernel_spec(draw)
    k = run(lambda: kc.as_kernel(kernel, **params))
    xs, ys = grid_axis(draw), grid_axis(draw)
    Z = run(lambda: kc.expansion_surface(points, weights, real(draw), k, xs, ys))
    finite(Z, (np.size(ys), np.size(xs)))


def case_svm_helpers(draw):
    which = draw(st.integers(0, 3))
    if which == 0:
        fn = draw(st.sampled_from([kc.C_from_lam, kc.lam_from_C]))
        v = number(run(lambda: fn(real(draw, 1e-6, 100.0), count(draw, 1, 1000))))
        assert v > 0
    elif which == 1:
        n = draw(st.integers(1, 10))
        y = labels(draw, n)
        f = targets(draw, n)
        out = run(lambda: kc.margin_counts(y, f))
        assert all(isinstance(v, int) and 0 <= v <= n for v in out.values())
    elif which == 2:
        K = gram_like(draw)
        n = len(K)
        y = labels(draw, n)
        alpha = targets(draw, n)
        number(run(lambda: kc.seed_objective(K, y, alpha, real(draw), real(draw, 0.0, 10.0))))
    else:
        n = draw(st.integers(1, 30))
        y = labels(draw, n)
        X = matrix(draw, n, 2) if draw(st.booleans()) else None
        train, test = run(lambda: kc.holdout_split(y, real(draw, 0.0, 0.9), seed(draw), X))
        assert np.array_equal(np.sort(np.r_[train, test]), np.arange(n)), (train, test)


def case_cross_validate_grid(draw):
    X, y, n, d = xy(draw)
    Cs = draw(st.sampled_from([[1.0], [0.1, 10.0], [0.0], ["a"], []]))
    gammas = draw(st.sampled_from([[1.0], [0.5, 2.0], [-1.0], []]))
    scores = run(lambda: kc.cross_validate_grid(X, y, Cs, gammas, lambda g: kc.Kernel("rbf", gamma=g),
                                                count(draw, 2, 4), seed(draw)))
    finite(scores, (len(gammas), len(Cs)))


def case_substituted_gaussian(draw):
    X = matrix(draw)
    Y = matrix(draw, d=width(X)) if draw(st.booleans()) else None
    kernel, params = kernel_spec(draw)
    inner = run_build(lambda: kc.as_kernel(kernel, **params)) if draw(st.integers(0, 4)) else kernel
    K = run(lambda: kc.substituted_gaussian(X, Y, inner, real(draw, 0.01, 5.0)))
    finite(K, (len(X), len(X if Y is None else Y)))


def case_anova(draw):
    X = matrix(draw)
    d = width(X)
    Y = matrix(draw, d=d) if draw(st.booleans()) else None
    which = draw(st.integers(0, 2))
    if which == 0:
        K = run(lambda: kc.anova_kernel(X, Y, real(draw, 0.01, 5.0)))
        finite(K, (len(X), len(X if Y is None else Y)))
    elif which == 1:
        kernel, params = kernel_spec(draw, allow_objects=False)
        P = run(lambda: kc.anova_parts(X, Y, kernel, **params))
        finite(P, (d, len(X), len(X if Y is None else Y)))
    else:
        n = (shape_of(X) or (1,))[0]
        alpha = (draw(hnp.arrays(np.float64, n, elements=st.floats(-5, 5))) if n <= 50 and draw(st.integers(0, 4))
                 else matrix(draw))
        T, q = queries(draw, d)
        finite(run(lambda: kc.anova_components(X, alpha, T, gamma=real(draw, 0.01, 5.0))), (d, q))


def case_rkhs(draw):
    X = matrix(draw)
    n, d = (len(X), width(X)) if shape_of(X) else (1, 1)
    if n > 12:
        alpha = np.linspace(-1, 1, n)
    else:
        alpha = draw(hnp.arrays(np.float64, n, elements=st.floats(-3, 3))) if draw(st.integers(0, 3)) else real(draw)
    kernel, params = kernel_spec(draw)
    f = run(lambda: kc.rkhs_function(X, alpha, kernel, **params))
    Z = matrix(draw, d=d)
    finite(run(lambda: f(Z)), (len(Z),))
    finite(run(lambda: f.bumps(Z)), (len(Z), n))
    number(run(lambda: kc.rkhs_inner(alpha, X, np.ones(len(Z)), Z, kernel, **params)))
    assert number(run(lambda: kc.rkhs_norm(alpha, X, kernel, **params))) >= 0


def built_kernel(draw):
    kernel, params = kernel_spec(draw)
    return run_build(lambda: kc.as_kernel(kernel, **params)) or "rbf"


def case_independence(draw):
    X = matrix(draw, d=1) if draw(st.integers(0, 3)) else draw(hnp.arrays(np.float64, draw(st.integers(0, 12)),
                                                                        elements=st.floats(-3, 3)))
    n = (shape_of(X) or (1,))[0]
    Y = matrix(draw, n if draw(st.integers(0, 4)) else None)
    kx, ky = (built_kernel(draw) for _ in range(2))
    which = draw(st.integers(0, 3))
    if which == 0:
        assert number(run(lambda: kc.hsic(X, Y, kx, ky))) >= 0
    elif which == 1:
        number(run(lambda: kc.kernel_rho(X, Y, kx, ky)))
    elif which == 2:
        B = count(draw, 1, 40) if draw(st.integers(0, 9)) else draw(st.sampled_from([6000, 10**6]))
        t = run(lambda: kc.hsic_permutations(X, Y, kx, ky, B, seed(draw)))
        finite(t.null, (B,)), number(t.statistic)
        assert 0 < t.p_value <= 1
        stat, p = run(lambda: kc.hsic_test(X, Y, kx, ky, B, seed(draw)))
        assert stat == t.statistic and 0 < p <= 1
    else:
        kind = draw(st.sampled_from([*kc.DEPENDENCE_KINDS, "spiral", None]))
        m = count(draw, 1, 300)
        x, y = run(lambda: kc.make_dependence(kind, m, real(draw, 0.0, 1.0), seed(draw)))
        finite(x, (m,)), finite(y, (m,))
        assert number(run(lambda: kc.median_heuristic_gamma(X))) > 0


def case_closure_rules(draw):
    X = matrix(draw)
    d = width(X)
    Y = matrix(draw, d=d) if draw(st.booleans()) else None
    kernel, params = kernel_spec(draw)
    k1 = run_build(lambda: kc.as_kernel(kernel, **params)) if draw(st.integers(0, 4)) else kernel
    which = draw(st.integers(0, 4))
    if which == 0:
        k = run(lambda: kc.Warped(k1, draw(st.sampled_from(["x1", "exp_x1", "norm2", "bump", "sin", None]))))
    elif which == 1:
        k = run(lambda: kc.FeatureMapped(k1, draw(st.sampled_from(["poly2", "poly2_1", "x", 3]))))
    elif which == 2:
        k = run(lambda: kc.MatrixKernel(matrix(draw, d, d) if draw(st.integers(0, 3)) else matrix(draw)))
    elif which == 3:
        cols = draw(st.sampled_from([0, 1, 2, (0, 1), (), -1, "a", None, (True,), (0, 0)]))
        k = run(lambda: kc.OnColumns(k1, cols))
    else:
        mean = draw(hnp.arrays(np.float64, d, elements=st.floats(-3, 3))) if draw(st.integers(0, 3)) else matrix(draw)
        k = run(lambda: kc.Generative(mean, real(draw, 0.01, 5.0)))
    K = run(lambda: k(X, Y))
    finite(K, (len(X), len(X if Y is None else Y)))
    assert isinstance(k.latex(), str) and isinstance(k.is_mercer, bool)


def case_vkv(draw):
    X = matrix(draw)
    n = (shape_of(X) or (1,))[0]
    if n <= 12 and draw(st.integers(0, 4)):
        v = draw(hnp.arrays(np.float64, n, elements=st.floats(-3, 3)))
    else:
        v = draw(st.sampled_from([np.ones(3), np.ones((2, 2)), "v", None, [np.nan], np.linspace(-1, 1, 5)]))
    kernel, params = kernel_spec(draw, allow_objects=False)
    r = run(lambda: kc.vkv_both_ways(X, v, kernel, **params))
    number(r.vkv), finite(r.terms, (n, n))
    if r.norm2 is not None:
        number(r.norm2)
    K = gram_like(draw)
    lam, u = run(lambda: kc.negative_direction(K))
    number(lam), finite(u, (len(K),))


def case_representer(draw):
    Phi = matrix(draw)
    n, D = (len(Phi), width(Phi)) if shape_of(Phi) else (1, 1)
    loss = draw(st.sampled_from(["squared", "hinge", "hinge", "absolute", None]))
    y = labels(draw, n) if draw(st.integers(0, 3)) else targets(draw, n)
    lam = draw(st.sampled_from([0.1, 1e-3, 1.0, 0.0, -1.0, 1e-300, 1e300, np.nan, "a"]))
    alpha = run(lambda: kc.representer_coefficients(Phi, y, lam, loss))
    finite(alpha, (n,))
    w = np.asarray(Phi, float).T @ alpha
    parts = run(lambda: kc.representer_objective(Phi, y, w, lam, loss))
    assert len(parts) == 3 and all(number(v) is not None for v in parts)
    along = matrix(draw, d=D) if draw(st.integers(0, 1)) else None
    u = run(lambda: kc.orthogonal_direction(Phi, along=along))
    finite(u, (D,))


CASES = {
    "gram": case_gram, "Kernel": case_kernel, "make_classification": case_make_classification,
    "make_sine": case_make_sine, "make_manifold": case_make_manifold, "large_dataset": case_large_dataset,
    "resolve_method": case_resolve_method, "poly_feature_map": case_poly_feature_map,
    "poly_feature_names": case_poly_feature_names, "eigen_feature_map": case_eigen_feature_map,
    "spectrum": case_spectral, "bilinear_kernel": case_bilinear_kernel,
    "feature_space_geometry": case_feature_space_geometry, "sin_cos_kernel": case_sin_cos_kernel,
    "add_noise": case_add_noise, "centring_matrix": case_centring_matrix, "laplacian_eigenmap": case_laplacian_eigenmap,
    "KernelPCA": case_kernel_pca, "ApproxKernelPCA": case_approx_kernel_pca, "ApproxKernelRidge": case_approx_kernel_ridge,
    "kpca_gap": case_gaps, "RandomFourierFeatures": case_random_features, "KernelPerceptron": case_kernel_perceptron,
    "KNNVote": case_knn_vote, "KernelRidge": case_kernel_ridge, "GaussianProcessRegressor": case_gaussian_process,
    "cross_validate": case_cross_validate, "power_features": case_ridge_helpers, "KernelSVM": case_svm,
    "expansion_surface": case_expansion_surface, "holdout_split": case_svm_helpers,
    "cross_validate_grid": case_cross_validate_grid,
    "substituted_gaussian": case_substituted_gaussian, "anova_kernel": case_anova,
    "rkhs_function": case_rkhs,
    "Warped": case_closure_rules, "vkv_both_ways": case_vkv,
    "knn_graph": case_graphs, "KernelLPP": case_kernel_lpp,
    "hsic": case_independence, "representer_coefficients": case_representer,
}
COVERED = {  # public names exercised by each case besides its own
    "Warped": {"FeatureMapped", "MatrixKernel", "OnColumns", "Generative"},
    "vkv_both_ways": {"negative_direction"},
    "hsic": {"kernel_rho", "hsic_permutations", "hsic_test", "make_dependence", "median_heuristic_gamma",
             "DEPENDENCE_KINDS"},
    "knn_graph": {"graph_laplacian", "diffusion_kernel", "node_ridge"},
    "rkhs_function": {"RKHSFunction", "rkhs_inner", "rkhs_norm"},
    "Kernel": {"as_kernel", "Sum", "Product", "Scaled", "Exp", "Polynomial"},
    "spectrum": {"is_psd", "is_symmetric", "verdict"},
    "ApproxKernelPCA": {"kernel_error"},
    "kpca_gap": {"ridge_gap"},
    "RandomFourierFeatures": {"NystroemFeatures"},
    "power_features": {"lam_from_seed003", "primal_ridge", "solve_costs"},
    "KernelSVM": {"SubgradientSVM", "decision_surface"},
    "holdout_split": {"C_from_lam", "lam_from_C", "margin_counts", "seed_objective"},
    "anova_kernel": {"anova_parts", "anova_components"},
    "representer_coefficients": {"representer_objective", "orthogonal_direction"},
}


def test_every_public_name_is_fuzzed():
    covered = set(CASES).union(*COVERED.values()) | CONSTANTS
    assert set(kc.__all__) - covered == set(), "public names without a fuzz case"
    assert covered - set(kc.__all__) == set(), "fuzz cases for names that are not public"


@pytest.mark.parametrize("name", list(CASES))
@FUZZ
@given(data=st.data())
def test_public_call_returns_finite_documented_shapes_or_a_sentence(name, data):
    try:
        CASES[name](data.draw)
        event("answered")
    except Refused:
        event("refused with a sentence")
