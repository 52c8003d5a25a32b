"""Cross-checks of the ANOVA kernel (Kriege) and of kernel substitution inside the Gaussian (Nguyen; Bishop's PRML
via the blog notes) against independent computations: a plain double loop, scikit-learn's rbf_kernel (on single
columns; for κ linear with γ = 1/(2σ²)), scikit-learn's KernelRidge on the precomputed Gram matrix, and the PSD
property over random data (hypothesis)."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from sklearn.kernel_ridge import KernelRidge as SkKernelRidge
from sklearn.metrics.pairwise import pairwise_kernels, rbf_kernel

import kernel_core as kc

RNG = np.random.default_rng(7)
X = RNG.normal(size=(25, 2))
Y = RNG.normal(size=(9, 2))


# ---------------------------------------------------------------- substituted Gaussian
def loop_substituted(X, Y, kappa, sigma):
    """exp(-(κ(x, x) + κ(y, y) - 2 κ(x, y)) / (2σ²)), one pair at a time with a scalar κ."""
    K = np.empty((len(X), len(Y)))
    for i, x in enumerate(X):
        for j, y in enumerate(Y):
            d = kappa(x, x) + kappa(y, y) - 2 * kappa(x, y)
            K[i, j] = math.exp(-d / (2 * sigma**2))
    return K


SCALAR = {
    "linear": (kc.Kernel("linear"), lambda a, b: float(a @ b)),
    "poly": (kc.Kernel("poly", degree=2, gamma=0.5, coef0=1.0), lambda a, b: (0.5 * float(a @ b) + 1.0) ** 2),
    "rbf": (kc.Kernel("rbf", gamma=0.8), lambda a, b: math.exp(-0.8 * float((a - b) @ (a - b)))),
    "laplacian": (kc.Kernel("laplacian", gamma=0.6), lambda a, b: math.exp(-0.6 * float(np.abs(a - b).sum()))),
}


@pytest.mark.parametrize("name", list(SCALAR))
@pytest.mark.parametrize("sigma", [0.4, 1.0, 2.5])
def test_substituted_gaussian_equals_a_double_loop(name, sigma):
    kernel, scalar = SCALAR[name]
    np.testing.assert_allclose(kc.substituted_gaussian(X, Y, kernel, sigma), loop_substituted(X, Y, scalar, sigma),
                               rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(kc.substituted_gaussian(X, None, kernel, sigma), loop_substituted(X, X, scalar, sigma),
                               rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("sigma", [0.3, 1.0, 3.0])
def test_with_a_linear_inner_kernel_it_is_sklearns_rbf_with_gamma_one_over_two_sigma_squared(sigma):
    gamma = 1 / (2 * sigma**2)
    np.testing.assert_allclose(kc.substituted_gaussian(X, None, "linear", sigma), rbf_kernel(X, gamma=gamma),
                               atol=1e-12)
    np.testing.assert_allclose(kc.substituted_gaussian(X, Y, kc.Kernel("linear"), sigma),
                               rbf_kernel(X, Y, gamma=gamma), atol=1e-12)


def test_with_an_rbf_inner_kernel_it_is_exp_of_minus_one_minus_kappa_over_sigma_squared():
    """κ(x, x) = 1 for RBF, so the bracket is 2 − 2κ: k = exp(−(1 − κ)/σ²), from sklearn's rbf_kernel."""
    kappa = rbf_kernel(X, gamma=0.5)
    np.testing.assert_allclose(kc.substituted_gaussian(X, None, kc.Kernel("rbf", gamma=0.5), 0.7),
                               np.exp(-(1 - kappa) / 0.49), atol=1e-12)


def test_the_diagonal_is_exactly_one():
    K = kc.substituted_gaussian(X * 100, None, kc.Kernel("poly", degree=3, gamma=1.0, coef0=1.0), 0.5)
    assert np.all(np.diag(K) == 1.0)


PSD_INNER = [kc.Kernel("linear"), kc.Kernel("poly", degree=2, gamma=1.0, coef0=1.0), kc.Kernel("rbf", gamma=2.0),
             kc.Kernel("laplacian", gamma=1.0), kc.Kernel("rbf", gamma=1.0) + kc.Kernel("linear")]


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(data=hnp.arrays(np.float64, st.tuples(st.integers(2, 20), st.integers(1, 3)), elements=st.floats(-2, 2)),
       inner=st.sampled_from(PSD_INNER), sigma=st.floats(0.2, 5.0))
def test_substituted_gaussian_is_psd_for_a_psd_inner_kernel(data, inner, sigma):
    K = kc.substituted_gaussian(data, None, inner, sigma)
    np.testing.assert_allclose(K, K.T, atol=1e-12)
    ev = np.linalg.eigvalsh(K)
    assert ev.min() >= -1e-8 * max(abs(ev).max(), 1.0)


def test_bad_inputs_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="sigma must be > 0"):
        kc.substituted_gaussian(X, sigma=0.0)
    with pytest.raises(TypeError, match="kernel name"):
        kc.substituted_gaussian(X, inner=3)
    with pytest.raises(ValueError, match="same number"):
        kc.substituted_gaussian(X, np.ones((2, 3)))


# ---------------------------------------------------------------- ANOVA kernel
def loop_anova(X, Y, gamma):
    K = np.zeros((len(X), len(Y)))
    for i, x in enumerate(X):
        for j, y in enumerate(Y):
            K[i, j] = sum(math.exp(-gamma * (x[c] - y[c]) ** 2) for c in range(len(x)))
    return K


@pytest.mark.parametrize("gamma", [0.1, 1.0, 5.0])
def test_anova_kernel_equals_a_double_loop_and_summed_sklearn_rbf_on_single_columns(gamma):
    Z = RNG.normal(size=(12, 3))
    np.testing.assert_allclose(kc.anova_kernel(Z, None, gamma), loop_anova(Z, Z, gamma), rtol=1e-12)
    np.testing.assert_allclose(kc.anova_kernel(X, Y, gamma), loop_anova(X, Y, gamma), rtol=1e-12)
    summed = sum(rbf_kernel(X[:, [j]], Y[:, [j]], gamma=gamma) for j in range(X.shape[1]))
    np.testing.assert_allclose(kc.anova_kernel(X, Y, gamma), summed, rtol=1e-12)


def test_anova_parts_with_other_one_dimensional_kernels_match_pairwise_kernels():
    P = kc.anova_parts(X, Y, "poly", degree=2, gamma=1.0, coef0=1.0)
    assert P.shape == (2, len(X), len(Y))
    for j in range(2):
        np.testing.assert_allclose(P[j], pairwise_kernels(X[:, [j]], Y[:, [j]], metric="poly", degree=2, gamma=1.0,
                                                          coef0=1.0), rtol=1e-12)


def test_the_fit_is_additive_and_matches_sklearn_kernel_ridge_on_the_precomputed_gram_matrix():
    """f = f₁ + f₂ exactly; α and f equal scikit-learn's KernelRidge(kernel="precomputed") on the same K."""
    Z = RNG.uniform(-2, 2, size=(40, 2))
    t = np.sin(Z[:, 0]) + Z[:, 1] ** 2 / 2 + 0.1 * RNG.normal(size=40)
    gamma, lam = 1.5, 0.3
    K = kc.anova_kernel(Z, gamma=gamma)
    model = kc.KernelRidge(lambda A, B=None: kc.anova_kernel(A, B, gamma), lam).fit(Z, t)
    sk = SkKernelRidge(alpha=lam, kernel="precomputed").fit(K, t)
    np.testing.assert_allclose(model.dual_coef_, sk.dual_coef_, rtol=1e-8, atol=1e-10)
    T = RNG.uniform(-3, 3, size=(30, 2))
    F = kc.anova_components(Z, model.dual_coef_, T, gamma=gamma)
    assert F.shape == (2, 30)
    np.testing.assert_allclose(F.sum(axis=0), sk.predict(kc.anova_kernel(T, Z, gamma)), rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(F.sum(axis=0), model.predict(T), rtol=1e-12, atol=1e-12)
    # f₁ depends on x₁ alone: moving x₂ leaves it unchanged
    T2 = T.copy()
    T2[:, 1] += 1.0
    np.testing.assert_array_equal(kc.anova_components(Z, model.dual_coef_, T2, gamma=gamma)[0], F[0])


def test_an_additive_model_cannot_fit_the_interaction_x1_times_x2():
    """Kriege's point, checked by least squares: y = x₁x₂ has no additive part; the best ANOVA fit stays poor while
    the RBF kernel on both coordinates fits it."""
    Z = RNG.uniform(-2, 2, size=(80, 2))
    t = Z[:, 0] * Z[:, 1]
    anova = kc.KernelRidge(lambda A, B=None: kc.anova_kernel(A, B, 1.0), 1e-3).fit(Z, t)
    rbf = kc.KernelRidge("rbf", 1e-3, gamma=1.0).fit(Z, t)
    assert np.mean((anova.predict(Z) - t) ** 2) > 0.5 * np.var(t)
    assert np.mean((rbf.predict(Z) - t) ** 2) < 0.01 * np.var(t)


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(data=hnp.arrays(np.float64, st.tuples(st.integers(2, 15), st.integers(1, 4)), elements=st.floats(-3, 3)),
       gamma=st.floats(0.01, 10.0))
def test_anova_kernel_is_psd(data, gamma):
    ev = np.linalg.eigvalsh(kc.anova_kernel(data, gamma=gamma))
    assert ev.min() >= -1e-8 * max(abs(ev).max(), 1.0)


def test_anova_bad_inputs_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="gamma must be > 0"):
        kc.anova_kernel(X, gamma=-1.0)
    with pytest.raises(ValueError, match="alpha has"):
        kc.anova_components(X, np.ones(3), Y)
    with pytest.raises(ValueError, match="Unknown kernel"):
        kc.anova_parts(X, kernel="gauss")
