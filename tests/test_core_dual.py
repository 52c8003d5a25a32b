"""The dual representation (kernel_core.dual): J(w) against a double loop, J(a) against J(Φᵀa), the optimum against
scikit-learn's Ridge and a direct n × n solve, the closed-form descent against a literal loop of gradient steps."""
import numpy as np
import pytest
from scipy.optimize import minimize
from sklearn.linear_model import Ridge

import kernel_core as kc

rng = np.random.default_rng(3)
X, T = kc.make_sine(25, 0.25, 1)
PHI = kc.power_features(X[:, 0] / np.abs(X).max(), 4)


def test_primal_objective_matches_a_double_loop():
    w, lam = rng.normal(size=4), 0.3
    total = sum((sum(w[j] * PHI[n, j] for j in range(4)) - T[n]) ** 2 for n in range(len(T))) / 2
    assert kc.primal_objective(PHI, T, w, lam) == pytest.approx(total + lam / 2 * sum(v * v for v in w), rel=1e-12)


@pytest.mark.parametrize("lam", [1e-3, 0.1, 10.0])
def test_dual_objective_is_the_primal_one_at_w_equal_phi_transpose_a(lam):
    K = PHI @ PHI.T
    for _ in range(5):
        a = rng.normal(size=len(T))
        assert kc.dual_objective(K, T, a, lam) == pytest.approx(kc.primal_objective(PHI, T, PHI.T @ a, lam), rel=1e-10)


@pytest.mark.parametrize("lam", [1e-3, 0.1, 10.0])
def test_the_optimum_is_ridge_and_the_n_by_n_solve(lam):
    path = kc.dual_derivation(PHI, T, lam)
    ridge = Ridge(alpha=lam, fit_intercept=False, solver="cholesky").fit(PHI, T).coef_
    np.testing.assert_allclose(path.w_star, ridge, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(path.a_star, np.linalg.solve(PHI @ PHI.T + lam * np.eye(len(T)), T), rtol=1e-8)
    np.testing.assert_allclose(PHI.T @ path.a_star, path.w_star, rtol=1e-7, atol=1e-9)
    np.testing.assert_allclose(kc.dual_from_primal(PHI, T, path.w_star, lam), path.a_star, rtol=1e-6, atol=1e-8)
    assert path.J_a_star == pytest.approx(path.J_star, rel=1e-9)
    # scipy's own minimiser of J(a) (a quadratic with a singular Hessian K(K + λI): any minimiser gives J*)
    K = PHI @ PHI.T
    res = minimize(lambda a: kc.dual_objective(K, T, a, lam), np.zeros(len(T)),
                   jac=lambda a: K @ (K @ a + lam * a - T), method="L-BFGS-B", options=dict(gtol=1e-12, maxiter=10**4))
    assert res.fun == pytest.approx(path.J_star, rel=1e-6)


def test_the_path_is_gradient_descent_and_the_two_objectives_meet_at_the_optimum():
    lam = 0.1
    path = kc.dual_derivation(PHI, T, lam, record=range(60))
    H = PHI.T @ PHI + lam * np.eye(4)
    eta = 1 / np.linalg.eigvalsh(H).max()
    w = np.zeros(4)
    for k in range(60):   # literal gradient steps against the closed form
        np.testing.assert_allclose(path.w[k], w, rtol=1e-9, atol=1e-12)
        w = w - eta * (PHI.T @ (PHI @ w - T) + lam * w)
    assert path.converged and path.eta == pytest.approx(eta)
    assert np.all(np.diff(path.J_w) <= 1e-12)                           # descent
    assert np.all(path.J_a >= path.J_star - 1e-9) and np.all(path.J_w >= path.J_star - 1e-12)
    assert path.J_a[0] > 100 * path.J_w[0]                              # far apart at w = 0 ...
    assert path.J_a[-1] == pytest.approx(path.J_star, rel=1e-9)         # ... equal at the optimum
    assert path.J_w[-1] == pytest.approx(path.J_star, rel=1e-12)
    # the gap is the gradient over λ
    for k in (0, 5, 30):
        grad = PHI.T @ (PHI @ path.w[k] - T) + lam * path.w[k]
        assert path.gap[k] == pytest.approx(np.linalg.norm(grad) / lam, rel=1e-8)


def test_bad_input_gets_a_sentence():
    with pytest.raises(ValueError, match="lam"):
        kc.dual_derivation(PHI, T, 0.0)
    with pytest.raises(ValueError, match="must match"):
        kc.dual_derivation(PHI, T[:-1], 0.1)
    with pytest.raises(ValueError, match="one per feature"):
        kc.primal_objective(PHI, T, np.zeros(3), 0.1)
    with pytest.raises(ValueError, match="square"):
        kc.dual_objective(PHI, T, T, 0.1)
    with pytest.raises(ValueError, match="entries"):
        kc.dual_derivation(np.ones((6000, 1)), np.ones(6000), 0.1)
    with pytest.raises(ValueError, match="whole step"):
        kc.dual_derivation(PHI, T, 0.1, record=[1.5])
