"""gram() against scikit-learn and a slow, obvious double-loop oracle (seed 000 formulas);
symmetry and PSD of the Mercer kernels, the sigmoid counterexample, round-off, spectrum()."""
import math

import numpy as np
import pytest
from sklearn.datasets import make_moons
from sklearn.metrics.pairwise import pairwise_kernels

from kernel_core import gram, is_psd, spectrum, verdict

# Parameter sets per kernel; {} means every parameter at its default (gamma=None -> 1/n_features).
PARAMS = {
    "linear": [{}],
    "poly": [{}, {"degree": 2, "gamma": 1.0, "coef0": 1.0}, {"degree": 4, "gamma": 0.3, "coef0": 0.0},
             {"degree": 3, "gamma": 0.5, "coef0": -0.5}, {"degree": 1, "gamma": 2.0, "coef0": 2.5},
             {"gamma": 0.7}],
    "rbf": [{}, {"gamma": 0.1}, {"gamma": 2.0}],
    "laplacian": [{}, {"gamma": 0.05}, {"gamma": 1.5}],
    "sigmoid": [{}, {"gamma": 0.2, "coef0": 0.0}, {"gamma": 2.0, "coef0": -1.0}, {"coef0": 0.3}],
}
CASES = [(k, p) for k, ps in PARAMS.items() for p in ps]
IDS = [f"{k}-{'-'.join(f'{n}={v}' for n, v in p.items()) or 'defaults'}" for k, p in CASES]
# Kernels that are PSD for every data set (seed 000: all but sigmoid; poly needs coef0 >= 0).
MERCER_CASES = [(k, p) for k, p in CASES if k != "sigmoid" and p.get("coef0", 1.0) >= 0]
MERCER_IDS = [i for i, (k, p) in zip(IDS, CASES) if (k, p) in MERCER_CASES]

TOL = {"rtol": 1e-10, "atol": 1e-10}


def oracle(X, Y, kernel, degree=3, gamma=None, coef0=1.0):
    """Slow and obvious: one kernel value at a time, straight from the lecture formulas."""
    if gamma is None:
        gamma = 1.0 / len(X[0])
    K = np.empty((len(X), len(Y)))
    for i, x in enumerate(X):
        for j, y in enumerate(Y):
            dot = sum(a * b for a, b in zip(x, y))
            if kernel == "linear":
                K[i, j] = dot                                                 # x^T y
            elif kernel == "poly":
                K[i, j] = (gamma * dot + coef0) ** degree                     # (gamma x^T y + r)^m
            elif kernel == "rbf":
                K[i, j] = math.exp(-gamma * sum((a - b) ** 2 for a, b in zip(x, y)))  # exp(-g ||x-y||_2^2)
            elif kernel == "laplacian":
                K[i, j] = math.exp(-gamma * sum(abs(a - b) for a, b in zip(x, y)))    # exp(-g ||x-y||_1)
            elif kernel == "sigmoid":
                K[i, j] = math.tanh(gamma * dot + coef0)                      # tanh(alpha x^T y + c)
            else:
                raise AssertionError(kernel)
    return K


def data(seed, n, p, scale=1.0):
    return scale * np.random.default_rng(seed).normal(size=(n, p))


@pytest.mark.parametrize("n_features", [1, 3, 5])
@pytest.mark.parametrize("kernel, params", CASES, ids=IDS)
def test_gram_matches_sklearn(kernel, params, n_features):
    X, Y = data(0, 9, n_features), data(1, 6, n_features)
    np.testing.assert_allclose(gram(X, Y, kernel=kernel, **params),
                               pairwise_kernels(X, Y, metric=kernel, **params), **TOL)
    np.testing.assert_allclose(gram(X, kernel=kernel, **params),
                               pairwise_kernels(X, metric=kernel, **params), **TOL)


@pytest.mark.parametrize("kernel, params", CASES, ids=IDS)
def test_gram_matches_double_loop_oracle(kernel, params):
    X, Y = data(2, 7, 3), data(3, 4, 3)              # different sizes: K is 7 x 4, not square
    K = gram(X, Y, kernel=kernel, **params)
    assert K.shape == (7, 4)
    np.testing.assert_allclose(K, oracle(X, Y, kernel, **params), **TOL)
    np.testing.assert_allclose(gram(Y, X, kernel=kernel, **params), oracle(Y, X, kernel, **params), **TOL)


def test_default_gamma_is_one_over_n_features():
    X = data(4, 5, 4)
    for kernel in ("poly", "rbf", "laplacian", "sigmoid"):
        np.testing.assert_allclose(gram(X, kernel=kernel), gram(X, kernel=kernel, gamma=0.25), **TOL)
        assert not np.allclose(gram(X, kernel=kernel), gram(X, kernel=kernel, gamma=1.0))


def test_gram_accepts_lists_of_ints():
    X = [[1, 2], [3, 4], [0, -1]]
    np.testing.assert_allclose(gram(X, kernel="linear"), np.array(X, float) @ np.array(X, float).T, **TOL)


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("kernel, params", MERCER_CASES, ids=MERCER_IDS)
def test_mercer_kernels_symmetric_and_psd(kernel, params, seed):
    X = data(seed, 40, 3, scale=0.8)
    K = gram(X, kernel=kernel, **params)
    np.testing.assert_allclose(K, K.T, rtol=0, atol=1e-12 * np.abs(K).max())
    assert is_psd(K)
    v = verdict(K)
    assert v.symmetric and v.psd and v.n_negative == 0


def moons_sigmoid():
    X, _ = make_moons(100, noise=0.1, random_state=0)
    return X, np.tanh(2.0 * (X @ X.T) - 1.0)         # sigmoid with gamma=2, coef0=-1, by hand


def test_sigmoid_counterexample_has_significant_negative_eigenvalue():
    X, K_expected = moons_sigmoid()
    ev = np.linalg.eigvalsh(K_expected)
    assert ev.min() < -0.1 * np.abs(ev).max()        # the premise: clearly negative, not round-off
    K = gram(X, kernel="sigmoid", gamma=2, coef0=-1)
    np.testing.assert_allclose(K, K_expected, **TOL)
    assert not is_psd(K)
    v = verdict(K)
    assert v.symmetric and not v.psd
    assert v.n_negative == int(np.sum(ev < -1e-8 * np.abs(ev).max())) > 0
    assert v.min_eigenvalue == pytest.approx(ev.min(), rel=1e-8)
    assert v.max_abs_eigenvalue == pytest.approx(np.abs(ev).max(), rel=1e-8)


def test_round_off_negative_eigenvalues_do_not_break_psd():
    X = data(0, 60, 3)
    K = gram(X, kernel="rbf", gamma=1e-8)            # ~ all-ones: rank-deficient up to round-off
    ev = np.linalg.eigvalsh(K)
    assert ev.min() < 0                               # the premise: the solver does report negatives
    assert ev.min() > -1e-12 * ev.max()              # ... at round-off size only
    assert is_psd(K)
    assert verdict(K).n_negative == 0


@pytest.mark.parametrize("eigenvalues, psd", [
    ([3.0, 1.0, 0.5, 0.0], True),
    ([3.0, 1.0, 0.5, -1e-14], True),                  # round-off size
    ([3.0, 1.0, 0.5, -1e-3], False),
    ([3.0, -2.0, 0.5, -1.0], False),
])
def test_is_psd_on_matrices_with_known_eigenvalues(eigenvalues, psd):
    Q, _ = np.linalg.qr(np.random.default_rng(5).normal(size=(4, 4)))
    K = Q @ np.diag(eigenvalues) @ Q.T
    K = (K + K.T) / 2
    assert is_psd(K) is psd
    assert verdict(K).n_negative == sum(e < -1e-8 * 3.0 for e in eigenvalues)
    np.testing.assert_allclose(spectrum(K), sorted(eigenvalues, reverse=True), atol=1e-12)


@pytest.mark.parametrize("kernel, params", CASES, ids=IDS)
def test_spectrum_descending_and_equals_eigvalsh(kernel, params):
    K = gram(data(7, 25, 2), kernel=kernel, **params)
    ev = spectrum(K)
    assert ev.shape == (25,)
    assert np.all(np.diff(ev) <= 0)
    expected = np.sort(np.linalg.eigvalsh(K))[::-1]
    np.testing.assert_allclose(ev, expected, rtol=0, atol=1e-10 * np.abs(expected).max())


def test_spectrum_of_non_symmetric_matrix_raises():
    K = np.array([[1.0, 2.0], [0.0, 1.0]])
    with pytest.raises(ValueError, match="symmetric"):
        spectrum(K)
    with pytest.raises(ValueError, match="symmetric"):
        spectrum(gram(data(0, 4, 2), data(1, 4, 2), kernel="rbf"))   # square but K(X, Y) != K(X, Y)^T


def test_spectrum_of_non_square_matrix_raises():
    with pytest.raises(ValueError, match="square"):
        spectrum(np.ones((3, 2)))
