"""The fuzz's cases (tests/test_core_fuzz.py) for the RKHS, substitution, ANOVA, independence and closure-rule names,
the vKv expansion and the representer theorem: one function per public name of kernel_core, drawing its arguments
and checking its answer."""
import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import kernel_core as kc
from tests.fuzz_support import (
    count,
    finite,
    gram_like,
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
)


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
    if draw(st.booleans()):   # the pairs' Gram matrix of two Gram matrices (or of anything drawn)
        Ku = K if draw(st.integers(0, 3)) else matrix(draw)
        Kp = run(lambda: k(X)) if draw(st.integers(0, 3)) else matrix(draw)
        combine = draw(st.sampled_from(["product", "sum", "kron", None]))
        P = run(lambda: kc.pairwise_gram(Ku, Kp, combine))
        finite(P, (len(Ku) * len(Kp), len(Ku) * len(Kp)))


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
