"""The fuzz's cases (tests/test_core_fuzz.py) for the derivations of the lecture notes: the dual representation
(J(w), J(a), a from w, the descent path). One function per public name, drawing its arguments and checking its
answer."""

import numpy as np
from hypothesis import strategies as st

import kernel_core as kc
from tests.fuzz_support import count, finite, kernel_spec, labels, matrix, number, real, run, targets, xy


def case_dual_derivation(draw):
    Phi, t, n, m = xy(draw, classify=False)
    lam = real(draw, 0.0, 10.0)
    which = draw(st.integers(0, 3))
    if which == 0:
        path = run(lambda: kc.dual_derivation(Phi, t, lam, max_steps=count(draw, 1, 10**6)))
        k = len(path.steps)
        finite(path.J_w, (k,)), finite(path.J_a, (k,)), finite(path.w, (k, m)), finite(path.a, (k, n))
        number(path.J_star), number(path.J_a_star)
        assert isinstance(path, kc.DualPath) and path.steps[0] == 0
    elif which == 1:
        w = draw(st.sampled_from([lambda: np.zeros(m), lambda: matrix(draw), lambda: targets(draw, m)]))()
        number(run(lambda: kc.primal_objective(Phi, t, w, lam)))
    elif which == 2:
        w = targets(draw, m)
        finite(run(lambda: kc.dual_from_primal(Phi, t, w, lam)), (n,))
    else:
        K = draw(st.sampled_from([lambda: np.eye(n), lambda: matrix(draw, n, n), lambda: matrix(draw)]))()
        number(run(lambda: kc.dual_objective(K, t, targets(draw, n), lam)))


def case_woodbury(draw):
    which = draw(st.integers(0, 2))
    if which == 0:
        X = matrix(draw)
        steps = run(lambda: kc.woodbury_steps(X, real(draw, 0.0, 10.0)))
        n, p = np.shape(X)
        assert isinstance(steps, kc.WoodburySteps) and len(steps.lines) == 6
        for line in steps.lines:
            finite(line, (p, n))
        finite(steps.gaps, (6,))
    elif which == 1:
        p, n = draw(st.integers(1, 4)), draw(st.integers(1, 4))
        A, C = matrix(draw, p, p), matrix(draw, n, n)
        U, V = matrix(draw, p, n), matrix(draw, n, p)
        finite(run(lambda: kc.woodbury_inverse(A, U, C, V)), (p, p))
    else:
        c = run(lambda: kc.woodbury_costs(count(draw, 1, 10**6), count(draw, 1, 10**6)))
        number(c["left"]), number(c["right"])


def case_mercer(draw):
    kernel = draw(st.sampled_from(["rbf", "laplacian", "poly", "sigmoid", "linear"]))
    a, b = real(draw, -5.0, 5.0), real(draw, -5.0, 5.0)
    e = run(lambda: kc.mercer_expansion(kernel, a, b, count(draw, 1, 60)))
    m = len(e.grid)
    assert isinstance(e, kc.MercerExpansion)
    finite(e.eigenvalues, (m,)), finite(e.values, (m, m))
    q = draw(st.integers(1, m))
    x = draw(st.sampled_from([lambda: np.linspace(-2, 2, 5), lambda: real(draw), lambda: matrix(draw)]))()
    out = run(lambda: e.at(x, q))
    finite(out, (np.size(x), q))
    finite(run(lambda: e.sup_errors([q])), (1,))


def case_rbf_network(draw):
    X, y, n, d = xy(draw, classify=False)
    which = draw(st.integers(0, 2))
    if which == 0:
        centres = draw(st.sampled_from([lambda: None, lambda: matrix(draw, draw(st.integers(1, 5)), d),
                                        lambda: matrix(draw)]))()
        bias = draw(st.sampled_from([False, True, 1, "yes"]))
        net = run(lambda: kc.RBFNetwork(real(draw, 0.0, 10.0), centres, bias).fit(X, y))
        M = len(net.centres_)
        finite(net.weights_, (M,)), finite(net.design_, (n, M)), number(net.train_error_), number(net.intercept_)
        Q = matrix(draw, draw(st.integers(1, 4)), d)
        finite(run(lambda: net.predict(Q)), (len(Q),)), finite(run(lambda: net.basis(Q)), (len(Q), M))
        labels = run(lambda: net.classify(Q))
        assert labels.shape == (len(Q),) and set(labels.tolist()) <= {-1, 1}
    elif which == 1:
        idx = run(lambda: kc.pick_centres(X, count(draw, 1, 14)))
        rows = len(np.asarray(X))   # n, or the 100 000 rows of matrix()'s huge case
        assert idx.ndim == 1 and len(set(idx.tolist())) == len(idx) and idx.min() >= 0 and idx.max() < rows
    else:
        lams = draw(st.sampled_from([lambda: [real(draw, 0.0, 10.0)], lambda: [0.1, 1e-6], lambda: [], lambda: "ab"]))()
        gaps = run(lambda: kc.ridge_to_network(X, y, real(draw, 0.0, 10.0), lams, matrix(draw, 3, d)))
        finite(gaps, (len(lams),))


def case_fda(draw):
    X, y, n, d = xy(draw, classify=True)
    which = draw(st.integers(0, 2))
    if which == 0:
        kernel = draw(st.sampled_from(["rbf", "linear", "poly", "laplacian"]))
        model = run(lambda: kc.KernelFDA(kernel, real(draw, 0.0, 10.0), count(draw, 1, 3),
                                         draw(st.booleans()), count(draw, 1, 10)).fit(X, y))
        m = model.dual_coef_.shape[1]
        finite(model.dual_coef_, (n, m)), finite(model.eigenvalues_, (m,)), finite(model.embedding_, (n, m))
        Q = matrix(draw, draw(st.integers(1, 4)), d)
        finite(run(lambda: model.transform(Q)), (len(Q), m))
    elif which == 1:
        model = run(lambda: kc.FisherDA(count(draw, 1, 3), draw(st.booleans()), count(draw, 1, 10),
                                        real(draw, 0.0, 1.0)).fit(X, y))
        m = model.components_.shape[1]
        finite(model.components_, (d, m)), finite(model.eigenvalues_, (m,))
        finite(run(lambda: model.transform(matrix(draw, 3, d))), (3, m))
    else:
        A = draw(st.sampled_from([lambda: None, lambda: run(lambda: kc.local_affinity(X, count(draw, 1, 10))),
                                  lambda: matrix(draw, n, n)]))()
        L_b, L_w = run(lambda: kc.fisher_laplacians(y, A))
        finite(L_b, (n, n)), finite(L_w, (n, n))


def case_strings(draw):
    alphabet = draw(st.sampled_from(["ACGT", "ab", "xyz✓", "A"]))
    strings = draw(st.lists(st.text(alphabet, max_size=30), min_size=0, max_size=8))
    odd = draw(st.integers(0, 9))
    if odd == 9:
        strings = draw(st.sampled_from(["GATTACA", None, [1, 2], [["AB"]], ["A" * 500], ["AB"] * 100]))
    k = count(draw, 1, 9)
    which = draw(st.integers(0, 2))
    if which == 0:
        K = run(lambda: kc.spectrum_kernel(strings, k, draw(st.booleans())))
        finite(K, (len(strings), len(strings)))
        assert kc.is_psd(K)
    elif which == 1:
        Phi, vocabulary = run(lambda: kc.spectrum_features(strings, k))
        finite(Phi, (len(strings), len(vocabulary)))
        counts = run(lambda: kc.kmers(strings[0] if strings else "", k))
        assert all(isinstance(v, int) and v > 0 for v in counts.values())
    else:
        n = draw(st.integers(1, 10))
        predicted, D = run(lambda: kc.nearest_mean_loo(matrix(draw, n, n), labels(draw, n)))
        finite(D, (n, 2))
        assert predicted.shape == (n,)


def case_distributions(draw):
    which = draw(st.integers(0, 2))
    d = draw(st.integers(1, 3))
    if which == 0:
        samples = [matrix(draw, draw(st.integers(1, 6)), d) for _ in range(draw(st.integers(0, 4)))]
        kernel, params = kernel_spec(draw)
        K = run(lambda: kc.mean_embedding_kernel(samples, kernel, **params))
        finite(K, (len(samples), len(samples)))
    elif which == 1:
        number(run(lambda: kc.mmd2(matrix(draw, 5, d), matrix(draw, 4, d), "rbf", gamma=real(draw, 0.0, 5.0))))
    else:
        bags, y = run(lambda: kc.distribution_bags(count(draw, 1, 5), count(draw, 1, 30), draw(st.integers(0, 9))))
        assert len(bags) == len(y) and len(bags) % 2 == 0 and set(np.unique(y)) == {-1.0, 1.0}
        for B in bags:
            finite(B, B.shape)


def case_walks(draw):
    graphs = []
    for _ in range(draw(st.integers(0, 4))):
        n = draw(st.integers(1, 6))
        if draw(st.integers(0, 9)) == 9:          # anything: not square, not symmetric, NaN, text ...
            graphs.append(matrix(draw, n, n))
            continue
        bits = draw(st.lists(st.sampled_from([0.0, 1.0]), min_size=n * n, max_size=n * n))
        A = np.triu(np.reshape(bits, (n, n)), 1)   # an undirected graph: the upper triangle, mirrored
        graphs.append(A + A.T)
    if draw(st.integers(0, 9)) == 9:
        graphs = draw(st.sampled_from([None, "ab", np.eye(3), [np.ones((20, 20))], [[1.0]]]))
    share = draw(st.sampled_from([0.0, 0.1, 0.5, 0.99, 1.0, 2.0]))
    bound = run(lambda: kc.walk_bound(graphs))
    number(bound)
    K = run(lambda: kc.random_walk_kernel(graphs, share * min(bound, 1e6), draw(st.booleans())))
    finite(K, (len(graphs), len(graphs)))


def case_shift_probe(draw):
    kernel, params = kernel_spec(draw)
    x0s = matrix(draw, draw(st.integers(1, 5)), 2)
    d = draw(st.sampled_from([lambda: np.array([1.0, 0.5]), lambda: targets(draw, 2), lambda: matrix(draw, 1, 2)]))()
    shifted, rotated = run(lambda: kc.shift_probe(kernel, x0s, d, **params))
    finite(shifted, (len(x0s),)), finite(rotated, (len(x0s),))
