"""Mercer's expansion on an interval (kernel_core.mercer): the eigen equation checked off the grid by scipy's quad,
orthonormal eigenfunctions, Σλᵢ = ∫k(x, x)dx, convergence of the truncated series, the finite series of a polynomial
kernel against its explicit map, and a kernel that is not PSD refused."""
import numpy as np
import pytest
from scipy.integrate import quad

import kernel_core as kc

RBF = kc.mercer_expansion("rbf", -3.0, 3.0, 300, gamma=1.0)


@pytest.mark.parametrize("i", [0, 1, 4])
def test_the_eigen_equation_holds_between_the_grid_points(i):
    """∫ k(x, x′) φᵢ(x′) dx′ = λᵢ φᵢ(x) at points off the grid, the integral by adaptive quadrature."""
    phi = lambda s: RBF.at(np.array([s]), i + 1)[0, i]   # noqa: E731
    for x in (-2.13, 0.37, 2.9):
        integral = quad(lambda s, x=x: np.exp(-(x - s) ** 2) * phi(s), -3, 3, limit=200, epsabs=1e-12)[0]
        assert integral == pytest.approx(RBF.eigenvalues[i] * phi(x), rel=1e-3, abs=1e-6)   # midpoint rule: O(h²)


def test_eigenfunctions_are_orthonormal_and_the_eigenvalues_sum_to_the_trace():
    V = RBF.values[:, :10]
    np.testing.assert_allclose(RBF.h * V.T @ V, np.eye(10), atol=1e-10)
    assert RBF.eigenvalues.sum() == pytest.approx(6.0, rel=1e-10)            # ∫₋₃³ k(x, x) dx = 6 for RBF
    assert np.all(np.diff(RBF.eigenvalues) <= 1e-12) and RBF.eigenvalues.min() >= 0
    # a finer grid finds the same leading eigenvalues (the discretisation has converged)
    fine = kc.mercer_expansion("rbf", -3.0, 3.0, 900, gamma=1.0)
    np.testing.assert_allclose(fine.eigenvalues[:8], RBF.eigenvalues[:8], rtol=1e-3)   # midpoint rule: O(h²)


def test_the_truncated_series_converges_uniformly_to_k():
    x = np.linspace(-3, 3, 37)
    K = np.exp(-(x[:, None] - x[None, :]) ** 2)
    gaps = [np.max(np.abs(RBF.truncated(x, x, q) - K)) for q in (1, 4, 8, 16, 30)]
    assert all(a > b for a, b in zip(gaps, gaps[1:])) and gaps[-1] < 1e-8
    sup = RBF.sup_errors([1, 4, 8, 16, 30])
    assert np.all(np.diff(sup) < 0) and sup[-1] < 1e-10
    grid_K = np.exp(-(RBF.grid[:, None] - RBF.grid[None, :]) ** 2)
    V = RBF.values[:, :8]
    assert sup[2] == pytest.approx(np.max(np.abs(grid_K - (V * RBF.eigenvalues[:8]) @ V.T)), rel=1e-9)


def test_a_polynomial_kernel_of_one_variable_has_m_plus_1_terms():
    """(x x′ + 1)³ = φ(x)ᵀφ(x′) with φ(x) = (1, √3x, √3x², x³): four non-zero eigenvalues, and its operator's
    eigenvalues are those of the 4 × 4 matrix ∫ φ(x)φ(x)ᵀ dx (here by Gauss–Legendre, exact for polynomials)."""
    e = kc.mercer_expansion("poly", -1.0, 1.0, 400, degree=3, coef0=1.0, gamma=1.0)
    assert np.sum(e.eigenvalues > 1e-10 * e.eigenvalues[0]) == 4
    s, w = np.polynomial.legendre.leggauss(10)
    F = np.stack([np.ones_like(s), np.sqrt(3) * s, np.sqrt(3) * s ** 2, s ** 3], axis=1)
    exact = np.sort(np.linalg.eigvalsh(F.T @ (w[:, None] * F)))[::-1]
    np.testing.assert_allclose(e.eigenvalues[:4], exact, rtol=1e-4)
    x = np.linspace(-1, 1, 9)
    np.testing.assert_allclose(e.truncated(x, x, 4), (np.outer(x, x) + 1) ** 3, atol=1e-8)


def test_not_a_kernel_and_bad_intervals_get_a_sentence():
    with pytest.raises(ValueError, match="not positive semi-definite"):
        kc.mercer_expansion("sigmoid", -3, 3, 100, gamma=2.0, coef0=-1.0)
    with pytest.raises(ValueError, match="a < b"):
        kc.mercer_expansion("rbf", 1.0, 1.0)
    with pytest.raises(ValueError, match="at most"):
        RBF.at(np.zeros(3), 10_000)
