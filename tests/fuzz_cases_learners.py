"""The fuzz's cases (tests/test_core_fuzz.py) for the learners (perceptron, k-NN, ridge, GP, SVM) and their helpers
(cross-validation, the ridge and SVM helpers, the expansion surface): one function per public name of kernel_core,
drawing its arguments and checking its answer. The RKHS and kernel-algebra names are in tests/fuzz_cases_rkhs.py."""

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import kernel_core as kc
from tests.fuzz_support import (
    count,
    finite,
    gram_like,
    grid_axis,
    kernel_spec,
    labels,
    matrix,
    number,
    queries,
    real,
    run,
    seed,
    targets,
    xy,
)


def case_kernel_perceptron(draw):
    X, y, n, d = xy(draw)
    kernel, params = kernel_spec(draw)
    model = run(lambda: kc.KernelPerceptron(kernel, count(draw, 1, 20), seed(draw), **params).fit(X, y))
    finite(model.alpha_, (n,))
    Q, m = queries(draw, d)
    finite(run(lambda: model.decision_function(Q)), (m,))
    assert run(lambda: model.predict(Q)).shape == (m,)
    if n <= 40 and draw(st.booleans()):   # k by cross-validation (small n: up to 5 x 3 fits)
        ks = draw(st.sampled_from([(1, 3, 5), (2,), (), (0,), ("a",), (1.5,)]))
        errors = run(lambda: kc.knn_cross_validate(X, y, ks, count(draw, 1, 5), seed(draw)))
        assert np.all((0 <= finite(errors, (len(ks),))) & (errors <= 1))
    visits = len(model.history_["index"])
    alpha = finite(run(lambda: model.alpha_at(count(draw, 0, visits + 3))), (n,))
    assert np.all(alpha <= model.alpha_)                       # a replayed alpha never exceeds the trained one
    finite(run(lambda: model.at_step(count(draw, 0, visits)).decision_function(Q)), (m,))


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
    scheme = draw(st.sampled_from(["kfold", "monte_carlo", "loo", None]))
    r = run(lambda: kc.cross_validate(X, y, "rbf", lams, grid, count(draw, 2, 5), seed(draw), scheme,
                                      real(draw, 0.0, 1.0)))
    finite(r.errors, (len(lams), len(r.settings))), number(r.best_lam), number(r.best_error)


def case_ridge_helpers(draw):
    which = draw(st.integers(0, 3))
    if which == 0:
        number(run(lambda: kc.lam_from_kriege(real(draw, 0.0, 10.0), count(draw, 1, 1000))))
    elif which == 1:
        x = draw(st.sampled_from([lambda: np.linspace(-2, 2, 7), lambda: matrix(draw), lambda: real(draw)]))()
        degree = count(draw, 1, 12)
        out = run(lambda: kc.power_features(x, degree))
        finite(out, (np.size(x), degree))
    elif which == 2:
        X, y, n, d = xy(draw, classify=False)
        finite(run(lambda: kc.primal_ridge(X, y, real(draw, 1e-6, 10.0))), (d,))
        if draw(st.booleans()):   # Kriege's objective in alpha at some alpha (the shapes drawn may not fit)
            K = run(lambda: kc.gram(X, kernel="rbf"))
            alpha = draw(st.sampled_from([lambda: np.ones(n), lambda: np.ones(n + 1), lambda: matrix(draw)]))()
            number(run(lambda: kc.kriege_ridge_objective(K, y, alpha, real(draw, 0.0, 10.0))))
    else:
        costs = run(lambda: kc.solve_costs(count(draw, 1, 10**6), count(draw, 1, 10**4)))
        assert all(np.isfinite(v) for v in costs.values())


def case_svm(draw):
    X, y, n, d = xy(draw)
    kernel, params = kernel_spec(draw)
    if draw(st.booleans()):
        model = run(lambda: kc.KernelSVM(kernel, real(draw, 1e-3, 100.0), **params).fit(X, y))
        alpha = finite(run(lambda: model.seed_alpha(n if draw(st.integers(0, 3)) else count(draw, 1, 20))), (n,))
        assert np.all(alpha >= 0)
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
        number(run(lambda: kc.kriege_objective(K, y, alpha, real(draw), real(draw, 0.0, 10.0))))
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
