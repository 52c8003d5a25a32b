"""The representer theorem's core (kernel_core.representer) against independent computations: the ridge solution
against scikit-learn's Ridge and numpy's lstsq on the explicit features, the hinge solution against liblinear's
LinearSVC (no offset) and an SLSQP solve of the primal with slack variables, the orthogonal direction against numpy's
rank and lstsq residual, the objective against a plain loop, and Kriege's proof J(w + t u) = J(w) + lam t^2."""
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import minimize
from sklearn.linear_model import Ridge
from sklearn.svm import LinearSVC

from kernel_core import orthogonal_direction, poly_feature_map, representer_coefficients, representer_objective

RNG = np.random.default_rng(7)
X = RNG.uniform(-1.5, 1.5, (4, 1))
PHI = poly_feature_map(X, 5, 1.0, 1.0)                 # 4 points, 6 features: a 2-D complement
Y_REG = np.array([0.3, -1.0, 0.8, 0.1])
Y_CLS = np.array([1.0, -1.0, -1.0, 1.0])
X2 = RNG.uniform(-1, 1, (3, 2))
PHI_HELD = poly_feature_map(X2, 2, 1.0, 1.0)            # Held's six features in 2-D, 3 points


def loop_objective(Phi, y, w, lam, loss):
    total = 0.0
    for i in range(len(y)):
        f = sum(Phi[i, j] * w[j] for j in range(len(w)))
        total += (f - y[i]) ** 2 if loss == "squared" else max(0.0, 1.0 - y[i] * f)
    return total / len(y) + lam * sum(v * v for v in w)


@pytest.mark.parametrize("Phi", [PHI, PHI_HELD])
def test_orthogonal_direction_is_a_unit_vector_of_the_complement(Phi):
    u = orthogonal_direction(Phi)
    assert np.isclose(np.linalg.norm(u), 1.0)
    np.testing.assert_allclose(Phi @ u, 0.0, atol=1e-12)
    # lstsq: u has no part in span{phi(x_i)} (the rows of Phi), so its residual is u itself
    coef = np.linalg.lstsq(Phi.T, u, rcond=None)[0]
    np.testing.assert_allclose(Phi.T @ coef, 0.0, atol=1e-12)
    assert Phi.shape[1] - np.linalg.matrix_rank(Phi) > 0


def test_orthogonal_direction_of_v_is_its_normalised_residual():
    v = poly_feature_map([[0.2]], 5, 1.0, 1.0)[0]
    coef = np.linalg.lstsq(PHI.T, v, rcond=None)[0]        # projection of v onto the span, by numpy
    residual = v - PHI.T @ coef
    np.testing.assert_allclose(orthogonal_direction(PHI, v), residual / np.linalg.norm(residual), atol=1e-10)


def test_orthogonal_direction_along_a_grid_beats_every_other_orthogonal_direction():
    grid = poly_feature_map(np.linspace(-2, 2, 50)[:, None], 5, 1.0, 1.0)
    u = orthogonal_direction(PHI, along=grid)
    np.testing.assert_allclose(PHI @ u, 0.0, atol=1e-10)
    best = np.linalg.norm(grid @ u)
    # random directions of the complement, made by numpy's lstsq residuals (not by null_space)
    V = RNG.normal(size=(2000, PHI.shape[1]))
    R = V - (PHI.T @ np.linalg.lstsq(PHI.T, V.T, rcond=None)[0]).T
    R /= np.linalg.norm(R, axis=1, keepdims=True)
    assert np.max(np.linalg.norm(R @ grid.T, axis=1)) <= best * (1 + 1e-9)
    values = grid @ u
    assert values[np.argmax(np.abs(values))] > 0


def test_no_room_when_the_features_span_everything():
    Phi = poly_feature_map(X, 2, 1.0, 1.0)                # 4 points, 3 features
    with pytest.raises(ValueError, match="span all 3 dimensions"):
        orthogonal_direction(Phi)


@pytest.mark.parametrize("lam", [1e-3, 0.1, 2.0])
def test_ridge_coefficients_match_ridge_and_lstsq(lam):
    n = len(Y_REG)
    w = PHI.T @ representer_coefficients(PHI, Y_REG, lam, "squared")
    ridge = Ridge(alpha=n * lam, fit_intercept=False, solver="svd").fit(PHI, Y_REG)
    np.testing.assert_allclose(w, ridge.coef_, rtol=1e-8, atol=1e-10)
    # (1/n)||Phi w - y||^2 + lam ||w||^2  <=>  least squares on [Phi; sqrt(n lam) I] w = [y; 0]
    A = np.vstack([PHI, np.sqrt(n * lam) * np.eye(PHI.shape[1])])
    b = np.r_[Y_REG, np.zeros(PHI.shape[1])]
    np.testing.assert_allclose(w, np.linalg.lstsq(A, b, rcond=None)[0], rtol=1e-8, atol=1e-10)


def _slsqp_hinge(Phi, y, lam):
    """min (1/n) sum xi + lam ||w||^2 subject to xi >= 0, xi_i >= 1 - y_i w^T phi_i (the primal with slacks)."""
    n, D = Phi.shape

    def f(z):
        return z[D:].mean() + lam * z[:D] @ z[:D]

    cons = [{"type": "ineq", "fun": lambda z: z[D:]},
            {"type": "ineq", "fun": lambda z: z[D:] - 1.0 + y * (Phi @ z[:D])}]
    res = minimize(f, np.r_[np.zeros(D), np.ones(n)], constraints=cons, method="SLSQP",
                   options=dict(ftol=1e-14, maxiter=1000))
    return res.x[:D]


@pytest.mark.parametrize("Phi", [PHI, PHI_HELD])
@pytest.mark.parametrize("lam", [1e-3, 0.05, 2.0])
def test_hinge_coefficients_match_liblinear_and_slsqp(Phi, lam):
    y = Y_CLS[:len(Phi)]
    n = len(y)
    w = Phi.T @ representer_coefficients(Phi, y, lam, "hinge")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        svc = LinearSVC(C=1 / (2 * n * lam), loss="hinge", fit_intercept=False, tol=1e-12, max_iter=10**6).fit(Phi, y)
    scale = np.abs(w).max()
    np.testing.assert_allclose(w, svc.coef_[0], atol=1e-6 * scale)
    w_slsqp = _slsqp_hinge(Phi, y, lam)
    J = representer_objective(Phi, y, w, lam, "hinge")[2]
    assert J <= representer_objective(Phi, y, w_slsqp, lam, "hinge")[2] + 1e-9
    np.testing.assert_allclose(w, w_slsqp, atol=1e-4 * scale)


@pytest.mark.parametrize("loss", ["squared", "hinge"])
def test_objective_matches_a_loop(loss):
    y = Y_REG if loss == "squared" else Y_CLS
    w = RNG.normal(size=PHI.shape[1])
    data, penalty, J = representer_objective(PHI, y, w, 0.3, loss)
    assert np.isclose(J, loop_objective(PHI, y, w, 0.3, loss))
    assert np.isclose(penalty, 0.3 * np.sum(w ** 2))
    assert np.isclose(data + penalty, J)


@settings(max_examples=40, deadline=None)
@given(t=st.floats(-5, 5), lam=st.floats(1e-3, 10), loss=st.sampled_from(["squared", "hinge"]),
       seed=st.integers(0, 1000))
def test_kriege_proof_adding_u_keeps_the_loss_and_adds_lam_t_squared(t, lam, loss, seed):
    rng = np.random.default_rng(seed)
    Phi = poly_feature_map(rng.uniform(-1.5, 1.5, (3, 1)), 4, 1.0, 1.0)
    y = rng.normal(size=3) if loss == "squared" else np.array([1.0, -1.0, 1.0])
    w = Phi.T @ representer_coefficients(Phi, y, lam, loss)
    u = orthogonal_direction(Phi, rng.normal(size=Phi.shape[1]))
    d0, p0, J0 = representer_objective(Phi, y, w, lam, loss)
    d1, p1, J1 = representer_objective(Phi, y, w + t * u, lam, loss)
    assert np.isclose(d1, d0, rtol=1e-9, atol=1e-9)                     # predictions unchanged
    assert np.isclose(p1, lam * (w @ w + t * t), rtol=1e-9)             # ||w + t u||^2 = ||w||^2 + t^2
    assert J1 >= J0 - 1e-12


@pytest.mark.parametrize("bad, match", [
    (dict(loss="absolute"), "Unknown loss 'absolute'"),
    (dict(lam=0.0), "lam must be > 0"),
    (dict(y=[0.0, 1.0, 1.0, -1.0], loss="hinge"), r"labels y in \{-1, \+1\}"),
    (dict(y=[1.0, 2.0]), "one per point"),
])
def test_bad_inputs_are_sentences(bad, match):
    args = dict(Phi=PHI, y=Y_REG, lam=0.1, loss="squared") | bad
    with pytest.raises(ValueError, match=match):
        representer_coefficients(**args)
