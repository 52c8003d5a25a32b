"""decision_surface / expansion_surface against direct, pointwise evaluation of the same expansion."""
import numpy as np
import pytest
from sklearn.metrics.pairwise import pairwise_kernels

from kernel_core import Kernel, decision_surface, expansion_surface

RNG = np.random.default_rng(3)
P = RNG.normal(size=(40, 2))
W = RNG.normal(size=40)
XS = np.linspace(-3, 3, 31)
YS = np.linspace(-2, 2.5, 23)
GRID = np.array([(x, y) for y in YS for x in XS])  # row-major: rows are ys

KERNELS = {
    "rbf": (Kernel("rbf", gamma=0.7), lambda A: pairwise_kernels(A, P, metric="rbf", gamma=0.7)),
    "rbf-default": (Kernel("rbf"), lambda A: pairwise_kernels(A, P, metric="rbf")),
    "laplacian": (Kernel("laplacian", gamma=0.4), lambda A: pairwise_kernels(A, P, metric="laplacian", gamma=0.4)),
    "linear": (Kernel("linear"), lambda A: A @ P.T),
    "poly3": (Kernel("poly", degree=3, gamma=0.5, coef0=1.0),
              lambda A: pairwise_kernels(A, P, metric="poly", degree=3, gamma=0.5, coef0=1.0)),
    "poly-homogeneous": (Kernel("poly", degree=4, gamma=1.0, coef0=0.0), lambda A: (A @ P.T) ** 4),
    "sigmoid": (Kernel("sigmoid", gamma=0.3, coef0=-0.5),
                lambda A: np.tanh(0.3 * A @ P.T - 0.5)),
    "sum": (Kernel("rbf", gamma=1.0) + 2.0 * Kernel("linear"),
            lambda A: pairwise_kernels(A, P, metric="rbf", gamma=1.0) + 2 * A @ P.T),
    "product": (Kernel("rbf", gamma=1.0) * Kernel("laplacian", gamma=0.5),
                lambda A: pairwise_kernels(A, P, metric="rbf", gamma=1.0) * pairwise_kernels(A, P, metric="laplacian", gamma=0.5)),
}


@pytest.mark.parametrize("name", KERNELS)
def test_surface_equals_pointwise_expansion(name):
    kernel, oracle = KERNELS[name]
    Z = expansion_surface(P, W, 0.25, kernel, XS, YS)
    expected = (oracle(GRID) @ W + 0.25).reshape(len(YS), len(XS))
    assert Z.shape == (len(YS), len(XS))
    np.testing.assert_allclose(Z, expected, rtol=1e-9, atol=1e-9 * max(1.0, np.abs(expected).max()))


class _KNNLike:
    """A model without a kernel expansion: evaluated through its own decision_function."""

    def decision_function(self, A):
        return A[:, 0] ** 2 - A[:, 1]


def test_models_without_expansion_use_their_decision_function():
    Z = decision_surface(_KNNLike(), XS, YS)
    np.testing.assert_allclose(Z, XS[None, :] ** 2 - YS[:, None])


class _Expansion:
    kernel_ = Kernel("rbf", gamma=2.0)

    def expansion(self):
        return P, W, -1.0


def test_models_with_expansion_use_the_fast_path():
    Z = decision_surface(_Expansion(), XS, YS)
    expected = (pairwise_kernels(GRID, P, metric="rbf", gamma=2.0) @ W - 1.0).reshape(len(YS), len(XS))
    np.testing.assert_allclose(Z, expected, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("bad, match", [
    (dict(points=np.ones((3, 3))), "2-D data"),
    (dict(weights=np.ones(5)), "one weight per point"),
    (dict(xs=[]), "empty"),
    (dict(ys=[0.0, np.nan]), "NaN"),
])
def test_bad_input_names_the_problem(bad, match):
    args = dict(points=P, weights=W, bias=0.0, kernel="rbf", xs=XS, ys=YS) | bad
    with pytest.raises(ValueError, match=match):
        expansion_surface(**args)
