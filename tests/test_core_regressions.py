"""The core's minimal reproductions of the second hardening round: each call once ended in a raw library error, an
OverflowError, a MemoryError, a non-finite answer or a hang. Each must now refuse with the project's own sentence
(ValueError / TypeError whose text names the argument) or answer finitely."""
from decimal import Decimal

import numpy as np
import pytest
from sklearn.metrics.pairwise import polynomial_kernel, rbf_kernel

import kernel_core as kc
from tests.fuzz_support import assert_sentence

RNG = np.random.default_rng(34)
X = RNG.normal(size=(6, 2))
Y = np.array([-1, 1, -1, 1, -1, 1])
X_INT_BIG = np.array([[10**6, -10**6], [3, 4], [10**6, 10**6], [0, 0]], dtype=np.int64)
NEGATIVE = np.array([[1.0, 2.0], [2.0, 1.0]])     # eigenvalues 3 and -1


def perceptron():
    return kc.KernelPerceptron("rbf", 3, gamma=1.0).fit(X, Y)


def svm_on_5():
    return kc.KernelSVM("linear", 1.0).fit(X[:5], Y[:5])


# (the call, the exception, a regex its message must match)
REFUSED = {
    **{f"alpha_at({kind})": (lambda v=v: perceptron().alpha_at(v), exc, "step must be")
       for kind, v, exc in [("None", None, TypeError), ("nan", np.nan, ValueError), ("[1.0]", [1.0], TypeError),
                            ("Decimal NaN", Decimal("NaN"), ValueError)]},
    **{f"at_step({kind})": (lambda v=v: perceptron().at_step(v), exc, "step must be")
       for kind, v, exc in [("None", None, TypeError), ("nan", np.nan, ValueError), ("'1'", "1", TypeError),
                            ("array", np.array([1.0, 2.0]), TypeError)]},
    "seed_alpha(6) on 5 points": (lambda: svm_on_5().seed_alpha(6), ValueError, "fitted on 5 points"),
    "seed_alpha(inf)": (lambda: svm_on_5().seed_alpha(float("inf")), ValueError, "n must be a positive integer"),
    "seed_alpha(2**70)": (lambda: svm_on_5().seed_alpha(2**70), ValueError, "n must be at most"),
    "seed_alpha(10**9)": (lambda: svm_on_5().seed_alpha(10**9), ValueError, "fitted on 5 points"),
    # an array on the left was broadcast into an object array of kernels (numpy calling __rmul__ per element), which
    # failed later with numpy's "truth value of an array is ambiguous" (found by the core fuzz test)
    "array * Kernel": (lambda: np.array([1.0, 2.0]) * kc.Kernel("laplacian"), TypeError, "Cannot combine a kernel"),
    "array + Kernel": (lambda: np.array([1.0, 2.0]) + kc.Kernel("rbf"), TypeError, "Cannot combine a kernel"),
    "is_psd(K, '1')": (lambda: kc.is_psd(kc.gram(X), "1"), TypeError, "rtol must be a number"),
    "is_psd(K, array)": (lambda: kc.is_psd(kc.gram(X), np.array([1.0, 2.0])), TypeError, "rtol must be a number"),
    "verdict(K, [1.0])": (lambda: kc.verdict(kc.gram(X), [1.0]), TypeError, "rtol must be a number"),
    "is_psd(K, rtol=nan)": (lambda: kc.is_psd(NEGATIVE, rtol=np.nan), ValueError, "rtol must be finite"),
    "Generative(v, 1e308)(X)": (lambda: kc.Generative(np.zeros(2), 1e308)(X), ValueError, "sigma = 1e\\+308 is so large"),
    "lam_from_seed003(2**70, 10**400)": (lambda: kc.lam_from_seed003(2**70, 10**400), ValueError, "n must be at most"),
    "lam_from_C(Decimal NaN, 10**400)": (lambda: kc.lam_from_C(Decimal("NaN"), 10**400), ValueError,
                                         "n must be at most"),
    "lam_from_C(Decimal NaN, 5)": (lambda: kc.lam_from_C(Decimal("NaN"), 5), ValueError, "C must be finite"),
    "C_from_lam(0.01, 10**400)": (lambda: kc.C_from_lam(0.01, 10**400), ValueError, "n must be at most"),
    "solve_costs(30, 10**400)": (lambda: kc.solve_costs(30, 10**400), ValueError, "p must be at most"),
    "SubgradientSVM.step(1e9, None)": (lambda: kc.SubgradientSVM("rbf", 0.01, 5, gamma=1.0).fit(X, Y).step(1e9, None),
                                       ValueError, "n must be at most 20,000"),
    "KernelPCA.reconstruct(X2, None, 0)": (lambda: kc.KernelPCA(2, "rbf", gamma=1e9).fit(X).reconstruct(X + 0.1, None, 0),
                                           ValueError, "max_iter must be a positive integer"),
    "kpca_gap(X_int_big, 2, 'x', -1, 1.0, 10**9, 0)": (lambda: kc.kpca_gap(X_INT_BIG, 2, "x", -1, 1.0, 10**9, 0),
                                                       ValueError, "n_features must be a positive integer"),
    "representer_objective(w = max float)": (
        lambda: kc.representer_objective(X[:3], np.array([1.0, -1.0, 1.0]), np.full(2, 1.7e308), 0.1, "hinge"),
        ValueError, "The objective J\\(w\\) overflowed"),
    "power_features(huge and mixed, 3)": (lambda: kc.power_features(np.array([1e200, -1e200, 1e-300, 5.0]), 3),
                                          ValueError, "The powers x\\^1 ... x\\^3 overflowed"),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_minimal_reproduction_is_refused_with_a_sentence(name):
    call, exc, match = REFUSED[name]
    with pytest.raises(exc, match=match) as info:
        call()
    assert type(info.value) is exc           # not a subclass such as numpy's UFuncTypeError
    assert_sentence(info.value)


def test_steps_and_indices_in_range_still_answer():
    """The checks refuse only what is not a step: a step past the last visit is the trained model, as before,
    and 3.0 or Decimal('3') is step 3."""
    model = perceptron()
    visits = len(model.history_["index"])
    np.testing.assert_array_equal(model.alpha_at(visits + 5), model.alpha_)
    np.testing.assert_array_equal(model.alpha_at(0), np.zeros(len(X)))
    np.testing.assert_array_equal(model.alpha_at(3.0), model.alpha_at(Decimal("3")))
    svm = svm_on_5()
    alpha = svm.seed_alpha(5)
    np.testing.assert_allclose(alpha[svm.support_], np.abs(svm.dual_coef_))
    assert np.count_nonzero(alpha) == len(svm.support_)


def test_psd_verdict_with_rtol_zero_sees_the_negative_eigenvalue():
    assert not kc.is_psd(NEGATIVE, rtol=0)
    assert kc.verdict(NEGATIVE, Decimal("1e-8")).n_negative == 1


def test_large_sigma_that_still_has_a_density_answers_like_the_formula():
    sigma = 1e3
    K = kc.Generative(np.zeros(2), sigma)(X)
    p = np.exp(-np.sum(X**2, axis=1) / (2 * sigma**2)) / (2 * np.pi * sigma**2)
    np.testing.assert_allclose(K, np.outer(p, p), rtol=1e-12)


@pytest.mark.parametrize("degree", [1, 2, 3, 5, 8, 50])
def test_polynomial_gram_by_repeated_squaring_equals_sklearn(degree):
    """gram(kernel='poly') raises K to the degree by repeated squaring (fewer passes over a large matrix than a
    pow() per entry); the answer stays scikit-learn's."""
    A = RNG.normal(size=(30, 3)) * 0.4
    B = RNG.normal(size=(7, 3)) * 0.4
    np.testing.assert_allclose(kc.gram(A, B, "poly", degree=degree, gamma=0.7, coef0=0.5),
                               polynomial_kernel(A, B, degree=degree, gamma=0.7, coef0=0.5), rtol=1e-12)


def test_substituted_gaussian_built_in_place_equals_the_rbf_kernel():
    """With kappa linear the substituted Gaussian is the RBF kernel, gamma = 1 / (2 sigma^2); the diagonal is exactly 1."""
    A = RNG.normal(size=(40, 3))
    K = kc.substituted_gaussian(A, None, "linear", 0.8)
    np.testing.assert_allclose(K, rbf_kernel(A, gamma=1 / (2 * 0.8**2)), atol=1e-14)
    assert np.all(np.diag(K) == 1.0)
    np.testing.assert_allclose(kc.substituted_gaussian(A, A[:5], "linear", 0.8), K[:, :5], atol=1e-14)
