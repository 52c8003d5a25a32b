"""The fuzz's cases (tests/test_core_fuzz.py) for kernels, data sets, feature maps, spectra, graphs, kernel PCA
and the approximations: one function per public name of kernel_core, drawing its arguments and checking its answer."""

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import kernel_core as kc
from kernel_core.large_n import METHODS
from tests.fuzz_support import (
    count,
    finite,
    gram_like,
    kernel_spec,
    matrix,
    number,
    queries,
    real,
    run,
    seed,
    shape_of,
    width,
    xy,
)


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


def case_kernel_kmeans(draw):
    """KernelKMeans on drawn points, kernel and k; its distances and clusters of drawn queries; the two functions it
    is made of on its own Gram matrix (kernel_kmeans_init, mean_distances)."""
    X = matrix(draw, draw(st.integers(1, 14)))
    k = count(draw, 1, 4)
    kernel, params = kernel_spec(draw)
    model = run(lambda: kc.KernelKMeans(k, kernel, seed=draw(st.integers(0, 3)), max_iter=count(draw, 0, 10),
                                        **params).fit(X))
    if model is None:
        return
    n = len(model.labels_)
    finite(model.objective_, (model.n_iter_ + 1,))
    # (the objective's fall is tested on ordinary data in test_core_kmeans; at 1e150 round-off can lift it a hair)
    assert model.history_.shape == (model.n_iter_ + 1, n)
    Q, q = queries(draw, width(X))
    D = run(lambda: model.distances(Q))
    if D is not None:
        used = np.bincount(model.labels_, minlength=model.k_) > 0
        finite(D[:, used], (q, int(used.sum())))
    labels = run(lambda: kc.kernel_kmeans_init(model.K_, model.n_clusters, draw(st.integers(0, 3))))
    if labels is not None:
        assert labels.shape == (n,) and labels.min() >= 0 and labels.max() < model.k_
    run(lambda: kc.mean_distances(model.K_, np.diag(model.K_), model.K_, draw(st.sampled_from(
        [model.labels_, model.labels_[:-1], "0 1", None, model.labels_ + 10])), model.k_))


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
    finite(run(lambda: model.feature_space_residual(Q, count(draw, 1, q))), (m,))
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
