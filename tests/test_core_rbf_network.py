"""RBF networks (kernel_core.rbf_network, Bishop's notes): the least-squares weights against scikit-learn's
LinearRegression on the RBF design, the M = N network against scipy's Gaussian RBFInterpolator (the interpolating
network), and the λ → 0 gaps against scikit-learn's KernelRidge."""
import numpy as np
import pytest
from scipy.interpolate import RBFInterpolator
from sklearn.kernel_ridge import KernelRidge
from sklearn.linear_model import LinearRegression
from sklearn.metrics.pairwise import rbf_kernel

import kernel_core as kc

rng = np.random.default_rng(3)
X = np.sort(rng.uniform(0, 6, 25))[:, None]
y = np.sin(X[:, 0]) + 0.2 * rng.normal(size=25)
Q = np.linspace(-1, 7, 40)[:, None]


@pytest.mark.parametrize("m, gamma", [(1, 1.0), (6, 1.0), (12, 3.0)])
def test_weights_are_least_squares_on_the_rbf_design(m, gamma):
    C = X[kc.pick_centres(X, m)]
    net = kc.RBFNetwork(gamma, C).fit(X, y)
    lr = LinearRegression(fit_intercept=False).fit(rbf_kernel(X, C, gamma=gamma), y)
    np.testing.assert_allclose(net.weights_, lr.coef_, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(net.predict(Q), lr.predict(rbf_kernel(Q, C, gamma=gamma)), rtol=1e-8, atol=1e-10)
    assert net.train_error_ == pytest.approx(np.sum((lr.predict(rbf_kernel(X, C, gamma=gamma)) - y) ** 2), rel=1e-9)
    assert net.rank_ == m


def test_every_point_a_centre_interpolates_like_scipys_gaussian_rbf():
    """Narrow bumps (γ = 25: K well conditioned on these points): h(xₙ) = yₙ, and scipy's interpolator with the
    Gaussian φ(r) = exp(−(εr)²), ε = √γ, and no polynomial part is the same function."""
    Xs = np.linspace(0, 6, 15)[:, None]
    ys = np.cos(Xs[:, 0])
    net = kc.RBFNetwork(25.0).fit(Xs, ys)
    np.testing.assert_allclose(net.predict(Xs), ys, atol=1e-10)
    ref = RBFInterpolator(Xs, ys, kernel="gaussian", epsilon=5.0, degree=-1)
    np.testing.assert_allclose(net.predict(Q), ref(Q), rtol=1e-8, atol=1e-10)
    assert net.train_error_ < 1e-20 and net.rank_ == 15


def test_pick_centres_spreads_over_the_sorted_points():
    Xu = X[rng.permutation(25)]
    idx = kc.pick_centres(Xu, 5)
    np.testing.assert_allclose(Xu[idx, 0], np.sort(Xu[:, 0])[[0, 6, 12, 18, 24]])
    assert sorted(kc.pick_centres(Xu, 25).tolist()) == list(range(25))
    with pytest.raises(ValueError, match="at most 25"):
        kc.pick_centres(Xu, 26)


@pytest.mark.parametrize("gamma", [4.0, 30.0])
def test_ridge_to_network_gaps_against_sklearn_kernel_ridge(gamma):
    lams = [1.0, 1e-2, 1e-5]
    gaps = kc.ridge_to_network(X, y, gamma, lams, Q)
    h = RBFInterpolator(X, y, kernel="gaussian", epsilon=np.sqrt(gamma), degree=-1)(Q) if gamma == 30.0 else \
        kc.RBFNetwork(gamma).fit(X, y).predict(Q)
    for lam, gap in zip(lams, gaps):
        f = KernelRidge(alpha=lam, kernel="rbf", gamma=gamma).fit(X, y).predict(Q)
        assert gap == pytest.approx(np.max(np.abs(f - h)), rel=1e-5, abs=1e-9)
    assert gaps[0] > gaps[1] > gaps[2]


def test_the_gap_at_the_points_closes_as_lam_goes_to_0():
    """Closed form: with K = USUᵀ, f_λ(xₙ) − h(xₙ) = −U diag(λ/(s + λ)) Uᵀy when K is invertible (h = y), so the
    gap falls like λ for λ below K's smallest eigenvalue."""
    Xs = np.linspace(0, 6, 12)[:, None]
    ys = np.sin(Xs[:, 0])
    S, U = np.linalg.eigh(rbf_kernel(Xs, gamma=20.0))
    for lam in (1e-2, 1e-6, 1e-9):
        expected = np.max(np.abs(U @ (lam / (S + lam) * (U.T @ ys))))
        assert kc.ridge_to_network(Xs, ys, 20.0, [lam], Xs)[0] == pytest.approx(expected, rel=1e-6, abs=1e-13)


def test_bad_inputs_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="not fitted"):
        kc.RBFNetwork().predict(Q)
    with pytest.raises(ValueError, match="lam must be > 0"):
        kc.ridge_to_network(X, y, 1.0, [0.0], Q)
    with pytest.raises(ValueError, match="feature"):
        kc.RBFNetwork(1.0, np.ones((3, 2))).fit(X, y)


@pytest.mark.parametrize("m, gamma", [(1, 1.0), (8, 2.0), (20, 0.5)])
def test_the_classifying_network_is_least_squares_with_an_intercept(m, gamma):
    """Bishop's notes' h(x) = sign(b + Σ wₙ exp(−γ‖x − xₙ‖²)): b and w against scikit-learn's LinearRegression with
    fit_intercept on the RBF design of the moons' labels ±1, and its signs against that regression's."""
    from sklearn.datasets import make_moons
    Xc, yc = make_moons(60, noise=0.1, random_state=0)
    yc = 2 * yc - 1
    C = Xc[kc.pick_centres(Xc, m)]
    net = kc.RBFNetwork(gamma, C, bias=True).fit(Xc, yc)
    lr = LinearRegression().fit(rbf_kernel(Xc, C, gamma=gamma), yc)
    assert net.intercept_ == pytest.approx(lr.intercept_, rel=1e-8, abs=1e-10)
    np.testing.assert_allclose(net.weights_, lr.coef_, rtol=1e-7, atol=1e-9)
    grid = np.random.default_rng(0).uniform(-1.5, 2.5, (200, 2))
    ref = lr.predict(rbf_kernel(grid, C, gamma=gamma))
    np.testing.assert_allclose(net.predict(grid), ref, rtol=1e-8, atol=1e-9)
    assert np.array_equal(net.classify(grid), np.where(ref >= 0, 1, -1))
    assert net.rank_ == m + 1
    assert kc.RBFNetwork(gamma, C).fit(Xc, yc).intercept_ == 0.0   # without bias: b = 0, as before


def test_bias_must_be_a_flag():
    with pytest.raises(TypeError, match="bias must be True or False"):
        kc.RBFNetwork(1.0, bias="yes").fit(X, y)


def test_an_overflowing_training_error_is_refused_with_a_sentence():
    """Targets near the float limit: the weights fit, but Σ (h(xₙ) − yₙ)² overflows; a sentence, not inf."""
    Xo = np.random.default_rng(0).normal(size=(7, 3))
    with pytest.raises(ValueError, match="training error .* overflowed"):
        kc.RBFNetwork(3.8).fit(Xo, np.full(7, 1e308))
