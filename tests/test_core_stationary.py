"""Stationary and radial kernels (kernel_core.stationary.shift_probe): the probe's values against the closed forms
exp(−γ‖d‖²) and exp(−γ‖d‖₁) and scikit-learn's polynomial_kernel, and which kernels it finds stationary or radial."""
import numpy as np
import pytest
from sklearn.metrics.pairwise import polynomial_kernel

import kernel_core as kc

X0 = np.array([[-1.5, -1.0], [0.5, 1.5], [1.5, -1.0], [0.0, 0.0]])
D = np.array([1.0, 0.5])
TURNED = np.sqrt(0.5) * np.array([D[0] - D[1], D[0] + D[1]])


def test_rbf_is_stationary_and_radial():
    shifted, rotated = kc.shift_probe("rbf", X0, D, gamma=0.7)
    np.testing.assert_allclose(shifted, np.exp(-0.7 * np.sum(D ** 2)), rtol=1e-12)
    np.testing.assert_allclose(rotated, shifted, rtol=1e-12)


def test_laplacian_is_stationary_but_not_radial():
    shifted, rotated = kc.shift_probe("laplacian", X0, D, gamma=0.7)
    np.testing.assert_allclose(shifted, np.exp(-0.7 * np.sum(np.abs(D))), rtol=1e-12)
    np.testing.assert_allclose(rotated, np.exp(-0.7 * np.sum(np.abs(TURNED))), rtol=1e-12)
    assert np.linalg.norm(TURNED) == pytest.approx(np.linalg.norm(D)) and rotated[0] != pytest.approx(shifted[0])


def test_polynomial_is_neither():
    shifted, rotated = kc.shift_probe("poly", X0, D, degree=2, gamma=1.0, coef0=1.0)
    expected = [polynomial_kernel([x0 + D], [x0], degree=2, gamma=1.0, coef0=1.0)[0, 0] for x0 in X0]
    np.testing.assert_allclose(shifted, expected, rtol=1e-12)
    assert np.ptp(shifted) > 1.0


def test_bad_offsets_get_a_sentence():
    with pytest.raises(ValueError, match="one offset"):
        kc.shift_probe("rbf", X0, np.ones(3))
    with pytest.raises(ValueError, match="points of the plane"):
        kc.shift_probe("rbf", np.ones((2, 3)), D)
