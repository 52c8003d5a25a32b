"""The Woodbury identity (kernel_core.woodbury): the general identity against numpy's inverse of A + UCV, Held's chain
line by line against the two sides computed directly and scikit-learn's Ridge, and the cost counts' crossover."""
import numpy as np
import pytest
from sklearn.linear_model import Ridge

import kernel_core as kc

rng = np.random.default_rng(7)


@pytest.mark.parametrize("p, n", [(1, 1), (3, 5), (6, 2)])
def test_the_identity_against_a_direct_inverse(p, n):
    A = rng.normal(size=(p, p)) + 3 * np.eye(p)
    C = rng.normal(size=(n, n)) + 3 * np.eye(n)
    U, V = rng.normal(size=(p, n)), rng.normal(size=(n, p))
    np.testing.assert_allclose(kc.woodbury_inverse(A, U, C, V), np.linalg.inv(A + U @ C @ V), rtol=1e-9, atol=1e-11)


@pytest.mark.parametrize("n, p, lam", [(12, 5, 0.1), (4, 30, 1e-3), (1, 1, 2.0), (60, 60, 10.0)])
def test_helds_chain_holds_line_by_line(n, p, lam):
    X = rng.normal(size=(n, p))
    steps = kc.woodbury_steps(X, lam)
    left = np.linalg.solve(X.T @ X + lam * np.eye(p), X.T)
    right = X.T @ np.linalg.inv(X @ X.T + lam * np.eye(n))
    np.testing.assert_allclose(left, right, rtol=1e-7, atol=1e-10)
    assert len(steps.lines) == 6 and steps.gaps[0] == 0
    for line in steps.lines:
        assert line.shape == (p, n)
        np.testing.assert_allclose(line, left, rtol=1e-6, atol=1e-9 * max(1.0, np.abs(left).max()))
    y = rng.normal(size=n)
    beta = Ridge(alpha=lam, fit_intercept=False, solver="cholesky").fit(X, y).coef_
    np.testing.assert_allclose(steps.lines[-1] @ y, beta, rtol=1e-6, atol=1e-9)
    np.testing.assert_allclose(steps.gaps, [np.max(np.abs(L - steps.lines[0])) for L in steps.lines])


def test_the_right_side_is_cheaper_exactly_when_p_exceeds_n():
    for n in (1, 7, 100, 5000):
        for p in (1, 6, 7, 8, 99, 100, 101, 10**4):
            c = kc.woodbury_costs(n, p)
            assert (c["right"] < c["left"]) == (p > n) and (c["right"] == c["left"]) == (p == n)
            assert c["left"] == pytest.approx(2 * n * p**2 + p**3 / 3) and c["right"] == pytest.approx(2 * n**2 * p + n**3 / 3)


def test_bad_input_gets_a_sentence():
    with pytest.raises(ValueError, match="lam"):
        kc.woodbury_steps(np.ones((3, 2)), 0.0)
    with pytest.raises(ValueError, match="singular"):
        kc.woodbury_inverse(np.zeros((2, 2)), np.ones((2, 1)), np.eye(1), np.ones((1, 2)))
    with pytest.raises(ValueError, match="must be 2 x 3"):
        kc.woodbury_inverse(np.eye(2), np.ones((3, 3)), np.eye(3), np.ones((3, 2)))
    with pytest.raises(ValueError, match="at most"):
        kc.woodbury_steps(np.ones((3, 3000)), 0.1)
