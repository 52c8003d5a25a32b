"""kernel_core.rkhs (the reproducing property section) against independent computations: plain double loops over
scikit-learn's pairwise_kernels, the linear kernel's closed form ‖Σ αᵢ xᵢ‖², and the explicit polynomial feature
map ⟨Σ αᵢ φ(xᵢ), Σ βⱼ φ(yⱼ)⟩ in feature space."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from sklearn.metrics.pairwise import pairwise_kernels

import kernel_core as kc

KERNELS = [("rbf", {"gamma": 0.7}), ("laplacian", {"gamma": 1.3}), ("poly", {"gamma": 0.5, "degree": 3, "coef0": 1.0}),
           ("linear", {})]


def _data(seed=0, n=5, m=4, d=2):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, d)), rng.normal(size=n), rng.normal(size=(m, d)), rng.normal(size=m)


def _k(name, params, x, y):
    """One kernel value from scikit-learn (an independent implementation)."""
    return float(pairwise_kernels(x[None, :], y[None, :], metric=name, **params)[0, 0])


@pytest.mark.parametrize("name,params", KERNELS)
def test_inner_product_is_the_double_sum(name, params):
    X, a, Y, b = _data()
    expected = sum(a[i] * b[j] * _k(name, params, X[i], Y[j]) for i in range(len(X)) for j in range(len(Y)))
    assert kc.rkhs_inner(a, X, b, Y, name, **params) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("name,params", KERNELS)
def test_norm_is_the_double_sum(name, params):
    X, a, _, _ = _data(1)
    expected = sum(a[i] * a[j] * _k(name, params, X[i], X[j]) for i in range(len(X)) for j in range(len(X)))
    assert kc.rkhs_norm(a, X, name, squared=True, **params) == pytest.approx(expected, rel=1e-12)
    assert kc.rkhs_norm(a, X, name, **params) == pytest.approx(np.sqrt(expected), rel=1e-12)


@pytest.mark.parametrize("name,params", KERNELS)
def test_reproducing_property(name, params):
    """⟨f, k(x′, ·)⟩_H (the inner product with b = [1], Y = [x′]) equals f(x′) = Σ αᵢ k(xᵢ, x′) by a loop."""
    X, a, Z, _ = _data(2, m=7)
    f = kc.rkhs_function(X, a, name, **params)
    loop = np.array([sum(a[i] * _k(name, params, X[i], z) for i in range(len(X))) for z in Z])
    np.testing.assert_allclose(f(Z), loop, rtol=1e-12)
    inner = [kc.rkhs_inner(a, X, [1.0], z[None, :], name, **params) for z in Z]
    np.testing.assert_allclose(inner, loop, rtol=1e-12)
    np.testing.assert_allclose(f.bumps(Z).sum(axis=1), loop, rtol=1e-12)


def test_linear_kernel_norm_is_the_norm_of_the_weight_vector():
    """k(x, y) = xᵀy: f(x) = wᵀx with w = Σ αᵢ xᵢ, and ‖f‖²_H = ‖w‖²."""
    X, a, Z, _ = _data(3, d=3)
    w = (a[:, None] * X).sum(axis=0)
    assert kc.rkhs_norm(a, X, "linear", squared=True) == pytest.approx(w @ w, rel=1e-12)
    np.testing.assert_allclose(kc.rkhs_function(X, a, "linear")(Z), Z @ w, rtol=1e-12)


def test_polynomial_inner_product_in_feature_space():
    """(γ xᵀy + r)^m: ⟨Σ αᵢ φ(xᵢ), Σ βⱼ φ(yⱼ)⟩ with the explicit map φ (multinomial theorem)."""
    X, a, Y, b = _data(4, d=2)
    g, m, r = 0.8, 3, 1.5
    PX, PY = kc.poly_feature_map(X, m, g, r), kc.poly_feature_map(Y, m, g, r)
    expected = (a @ PX) @ (b @ PY)
    params = {"gamma": g, "degree": m, "coef0": r}
    assert kc.rkhs_inner(a, X, b, Y, "poly", **params) == pytest.approx(expected, rel=1e-10)
    assert kc.rkhs_norm(a, X, "poly", squared=True, **params) == pytest.approx(np.sum((a @ PX) ** 2), rel=1e-10)


def test_gaussian_closed_forms_of_sugiyama():
    """Sugiyama's Gaussian case: ‖φ(x)‖² = 1 and ‖φ(x) − φ(x′)‖² = 2 − 2K(x, x′) (K = exp(−‖x − x′‖²/c²), γ = 1/c²)."""
    x, z, c = np.array([[0.3]]), np.array([[-0.9]]), 1.4
    gamma = 1 / c ** 2
    assert kc.rkhs_norm([1.0], x, "rbf", squared=True, gamma=gamma) == pytest.approx(1.0)
    both = np.vstack([x, z])
    expected = 2 - 2 * np.exp(-(0.3 + 0.9) ** 2 / c ** 2)
    assert kc.rkhs_norm([1.0, -1.0], both, "rbf", squared=True, gamma=gamma) == pytest.approx(expected, rel=1e-12)


def test_composed_kernel_object():
    X, a, Y, b = _data(5)
    k = kc.Kernel("rbf", gamma=0.5) + 2 * kc.Kernel("linear")
    K = pairwise_kernels(X, Y, metric="rbf", gamma=0.5) + 2 * X @ Y.T
    assert kc.rkhs_inner(a, X, b, Y, k) == pytest.approx(a @ K @ b, rel=1e-12)


def test_bad_input_is_a_sentence():
    X = np.zeros((3, 1))
    with pytest.raises(ValueError, match="one each"):
        kc.rkhs_function(X, [1.0, 2.0], "rbf")
    with pytest.raises(ValueError, match="NaN"):
        kc.rkhs_norm([1.0, np.nan, 0.0], X, "rbf")
    with pytest.raises(ValueError, match="not positive semi-definite"):  # the sigmoid kernel: no RKHS norm
        kc.rkhs_norm([1.0, 1.0], [[1.0], [-1.0]], "sigmoid", gamma=1.0, coef0=-1.0)
    with pytest.raises(ValueError, match="overflowed"):
        kc.rkhs_norm([1e200, 1e200], [[0.0], [1.0]], "rbf")


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(X=hnp.arrays(np.float64, (6, 1), elements=st.floats(-3, 3)),
       a=hnp.arrays(np.float64, 6, elements=st.floats(-2, 2)),
       gamma=st.floats(0.01, 100))
def test_property_norm_nonnegative_and_cauchy_schwarz(X, a, gamma):
    """‖f‖² ≥ 0 and |f(x′)| = |⟨f, k(x′, ·)⟩| ≤ ‖f‖_H √k(x′, x′) (= ‖f‖_H for the Gaussian)."""
    norm = kc.rkhs_norm(a, X, "rbf", gamma=gamma)
    assert norm >= 0
    f = kc.rkhs_function(X, a, "rbf", gamma=gamma)
    xs = np.linspace(-4, 4, 41)[:, None]
    assert np.all(np.abs(f(xs)) <= norm * (1 + 1e-9) + 1e-12)
