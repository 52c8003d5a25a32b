"""Every bad input fails early with a ValueError / TypeError whose message names the problem."""
import numpy as np
import pytest

from kernel_core import Kernel, bilinear_kernel, gram, is_psd, spectrum, verdict
from kernel_core.kernels import KERNEL_FUNCTIONS

GOOD = np.random.default_rng(0).normal(size=(5, 2))

# (bad array, the regex its message must match after the array's name)
BAD_ARRAYS = {
    "nan": ([[1.0, np.nan], [0.0, 1.0]], "contains NaN"),
    "inf": ([[1.0, np.inf], [0.0, 1.0]], "contains infinite"),
    "-inf": ([[-np.inf, 1.0], [0.0, 1.0]], "contains infinite"),
    "text-in-array": ([["a", 1.0], [0.0, 1.0]], "only numbers"),
    "none-in-array": ([[None, 1.0], [0.0, 1.0]], "contains NaN"),   # numpy turns None into NaN
    "dict-in-array": ([[{}, 1.0], [0.0, 1.0]], "only numbers"),
    "plain-string": ("1 2; 3 4", "numbers, not text"),
    "empty-rows": (np.empty((0, 2)), "is empty"),
    "empty-features": ([[], []], "is empty"),
    "1-D": ([1.0, 2.0, 3.0], "must be 2-D"),
    "3-D": (np.ones((2, 2, 2)), "must be 2-D"),
    "scalar": (3.0, "must be 2-D"),
}

# Ways to hand a bad array to the core; each names the array it receives.
ENTRY_POINTS = {
    "gram-X": (lambda A: gram(A, kernel="rbf"), "X"),
    "gram-Y": (lambda A: gram(GOOD, A, kernel="linear"), "Y"),
    "kernel-object": (lambda A: Kernel("poly", degree=2)(A), "X"),
    "composition": (lambda A: (Kernel("rbf") + Kernel("laplacian"))(A), "X"),
    "composition-Y": (lambda A: (2 * Kernel("sigmoid"))(GOOD, A), "Y"),
    "bilinear-X": (lambda A: bilinear_kernel(A, GOOD, np.eye(2)), "X"),
}


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("bad", BAD_ARRAYS)
def test_bad_arrays_raise_value_error_naming_the_problem(bad, entry):
    A, problem = BAD_ARRAYS[bad]
    call, name = ENTRY_POINTS[entry]
    with pytest.raises(ValueError, match=rf"^{name} .*{problem}"):
        call(A)


@pytest.mark.parametrize("kernel", list(KERNEL_FUNCTIONS))
def test_mismatched_feature_counts(kernel):
    with pytest.raises(ValueError, match=r"X has 2 feature\(s\) but Y has 3"):
        gram(np.ones((4, 2)), np.ones((4, 3)), kernel=kernel)


def test_mismatched_feature_counts_in_compositions_and_bilinear():
    with pytest.raises(ValueError, match=r"X has 3 feature\(s\) but Y has 2"):
        (Kernel("rbf") * Kernel("linear"))(np.ones((4, 3)), np.ones((4, 2)))
    with pytest.raises(ValueError, match="M must be 2 x 2"):
        bilinear_kernel(GOOD, GOOD, np.eye(3))


GAMMA_KERNELS = ["poly", "rbf", "laplacian", "sigmoid"]


@pytest.mark.parametrize("gamma, exc, match", [
    (0, ValueError, "gamma must be > 0"),
    (0.0, ValueError, "gamma must be > 0"),
    (-1, ValueError, "gamma must be > 0"),
    (-0.5, ValueError, "gamma must be > 0"),
    (float("nan"), ValueError, "gamma must be finite"),
    (float("inf"), ValueError, "gamma must be finite"),
    ("1", TypeError, "gamma must be a number"),
    (True, TypeError, "gamma must be a number"),
])
@pytest.mark.parametrize("kernel", GAMMA_KERNELS)
def test_bad_gamma(kernel, gamma, exc, match):
    with pytest.raises(exc, match=match):
        gram(GOOD, kernel=kernel, gamma=gamma)
    with pytest.raises(exc, match=match):
        Kernel(kernel, gamma=gamma)


@pytest.mark.parametrize("coef0, exc, match", [
    ("1", TypeError, "coef0 must be a number"),
    (None, TypeError, "coef0 must be a number"),
    (float("nan"), ValueError, "coef0 must be finite"),
])
@pytest.mark.parametrize("kernel", ["poly", "sigmoid"])
def test_bad_coef0(kernel, coef0, exc, match):
    with pytest.raises(exc, match=match):
        gram(GOOD, kernel=kernel, coef0=coef0)


@pytest.mark.parametrize("degree, exc, match", [
    (0, ValueError, "degree must be a positive integer"),
    (-1, ValueError, "degree must be a positive integer"),
    (2.5, ValueError, "degree must be a positive integer"),
    ("3", TypeError, "degree must be a positive integer"),
    (True, TypeError, "degree must be a positive integer"),
    (None, TypeError, "degree must be a positive integer"),
    (51, ValueError, "degree must be at most 50"),
])
def test_bad_degree(degree, exc, match):
    with pytest.raises(exc, match=match):
        gram(GOOD, kernel="poly", degree=degree)
    with pytest.raises(exc, match=match):
        Kernel("poly", degree=degree)


@pytest.mark.parametrize("degree", [2.0, np.float64(2.0), np.int64(2)])
def test_integral_degree_is_accepted(degree):
    expected = (GOOD @ GOOD.T + 1.0) ** 2                 # (gamma x^T y + coef0)^2 with gamma = coef0 = 1
    np.testing.assert_allclose(gram(GOOD, kernel="poly", degree=degree, gamma=1.0, coef0=1.0), expected,
                               rtol=1e-12)
    np.testing.assert_allclose(Kernel("poly", degree=degree, gamma=1.0)(GOOD), expected, rtol=1e-12)


@pytest.mark.parametrize("name", ["gaussian", "RBF", "", "poly ", None, 42])
def test_unknown_kernel_lists_the_valid_ones(name):
    with pytest.raises(ValueError, match="Unknown kernel") as info:
        gram(GOOD, kernel=name)
    for valid in ("linear", "poly", "rbf", "laplacian", "sigmoid"):
        assert f'"{valid}"' in str(info.value)


@pytest.mark.parametrize("kernel, params, bad", [
    ("rbf", {"degree": 3}, "degree"),
    ("linear", {"gamma": 1.0}, "gamma"),
    ("laplacian", {"coef0": 1.0}, "coef0"),
    ("sigmoid", {"degree": 2, "gamma": 1.0}, "degree"),
    ("poly", {"sigma": 1.0}, "sigma"),
])
def test_unknown_parameter(kernel, params, bad):
    with pytest.raises(TypeError, match=rf"The {kernel} kernel takes .*unexpected parameter\(s\): {bad}"):
        gram(GOOD, kernel=kernel, **params)
    with pytest.raises(TypeError, match="unexpected parameter"):
        Kernel(kernel, **params)


@pytest.mark.filterwarnings("error")                   # no RuntimeWarning either: a clean ValueError
@pytest.mark.parametrize("make", [
    lambda X: gram(X * 1e3, kernel="poly", degree=50, gamma=1.0),
    lambda X: gram(X * 1e3, kernel="poly", degree=50),
    lambda X: gram(X * 1e200, kernel="linear"),
    lambda X: Kernel("poly", degree=50, gamma=1.0)(X * 1e3),
    lambda X: Kernel("linear").exp()(X * 1e3),
    lambda X: (Kernel("poly", degree=40) * Kernel("poly", degree=40))(X * 1e3),
], ids=["poly50", "poly50-default-gamma", "linear-huge", "kernel-object", "exp", "product"])
def test_overflow_raises_value_error_not_inf(make):
    X = np.abs(GOOD) + 1.0
    with pytest.raises(ValueError, match="overflowed"):
        make(X)


@pytest.mark.parametrize("K, exc, match", [
    (np.ones((3, 2)), ValueError, "square"),
    (np.ones(3), ValueError, "square"),
    (np.empty((0, 0)), ValueError, "empty"),
    (np.array([[1.0, np.nan], [np.nan, 1.0]]), ValueError, "NaN or infinite"),
    (np.array([[1.0, np.inf], [np.inf, 1.0]]), ValueError, "NaN or infinite"),
])
@pytest.mark.parametrize("fn", [spectrum, verdict, is_psd], ids=["spectrum", "verdict", "is_psd"])
def test_bad_matrices_for_the_spectral_functions(fn, K, exc, match):
    with pytest.raises(exc, match=match):
        fn(K)
