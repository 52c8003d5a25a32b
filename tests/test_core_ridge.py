"""KernelRidge, GaussianProcessRegressor and cross_validate against scikit-learn and the seeds' closed forms:
alpha = (K + lam I)^-1 y (seed 000), beta = X^T alpha = ridge (Woodbury, seed 000), (K + n lam' I)^-1 y
(seed 003), the GP posterior (Bishop 6.66-6.67) and its mean = KRR with lam = noise."""
import warnings

import numpy as np
import pytest
from scipy.linalg import LinAlgWarning
from sklearn.gaussian_process import GaussianProcessRegressor as SkGP
from sklearn.gaussian_process.kernels import RBF, DotProduct, Matern
from sklearn.kernel_ridge import KernelRidge as SkKR
from sklearn.linear_model import Ridge
from sklearn.model_selection import GridSearchCV, KFold

import kernel_core
from kernel_core import (
    GaussianProcessRegressor,
    Kernel,
    KernelRidge,
    cross_validate,
    lam_from_kriege,
    make_sine,
    power_features,
    primal_ridge,
    solve_costs,
)

KRR_CASES = [("rbf", {"gamma": 0.5}), ("rbf", {}), ("laplacian", {"gamma": 2.0}), ("linear", {}),
             ("poly", {"degree": 3, "gamma": 0.5, "coef0": 1.0})]


def data(seed=0, n=25, p=2):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, p))
    return X, np.sin(X).sum(axis=1) + 0.1 * rng.normal(size=n)


@pytest.mark.parametrize("lam", [1e-3, 0.1, 1.0, 10.0])
@pytest.mark.parametrize("kernel, params", KRR_CASES, ids=[k for k, _ in KRR_CASES])
def test_kernel_ridge_equals_sklearn(kernel, params, lam):
    X, y = data()
    Xt = data(seed=1, n=7)[0]
    ours = KernelRidge(kernel, lam, **params).fit(X, y)
    ref = SkKR(alpha=lam, kernel=kernel, **params).fit(X, y)
    np.testing.assert_allclose(ours.dual_coef_, ref.dual_coef_, rtol=1e-7, atol=1e-9)
    np.testing.assert_allclose(ours.predict(Xt), ref.predict(Xt), rtol=1e-8, atol=1e-10)
    assert ours.solver_ == "cholesky"


def test_dual_coef_is_the_seed000_closed_form():
    X, y = data(2)
    K = np.exp(-0.7 * ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1))  # RBF written out, gamma = 0.7
    expected = np.linalg.inv(K + 0.3 * np.eye(len(X))) @ y                # alpha = (K + lam I)^-1 y
    np.testing.assert_allclose(KernelRidge("rbf", 0.3, gamma=0.7).fit(X, y).dual_coef_, expected, rtol=1e-8)


def test_kernel_object_semi_parametric():
    """Seed 003: c1 RBF + c2 linear is one kernel; the fit equals sklearn with the summed Gram matrix."""
    X, y = data(3, p=1)
    k = 2.0 * Kernel("rbf", gamma=0.5) + 0.5 * Kernel("linear")
    K = 2.0 * np.exp(-0.5 * (X - X.T) ** 2) + 0.5 * X @ X.T
    ref = SkKR(alpha=0.1, kernel="precomputed").fit(K, y)
    np.testing.assert_allclose(KernelRidge(k, 0.1).fit(X, y).dual_coef_, ref.dual_coef_, rtol=1e-8)


@pytest.mark.parametrize("lam", [0.01, 1.0, 50.0])
@pytest.mark.parametrize("n, p", [(30, 3), (5, 12)])
def test_linear_kernel_beta_equals_ridge_woodbury(lam, n, p):
    """Seed 000: beta = X^T alpha = X^T (X X^T + lam I)^-1 y = (X^T X + lam I)^-1 X^T y."""
    X, y = data(4, n, p)
    beta_dual = X.T @ KernelRidge("linear", lam).fit(X, y).dual_coef_
    beta_ridge = Ridge(alpha=lam, fit_intercept=False, solver="cholesky").fit(X, y).coef_
    np.testing.assert_allclose(beta_dual, beta_ridge, rtol=1e-7, atol=1e-10)
    np.testing.assert_allclose(primal_ridge(X, y, lam), beta_ridge, rtol=1e-7, atol=1e-10)


def test_negative_or_bad_lam_is_rejected():
    X, y = data()
    with pytest.raises(ValueError, match="lam must be >= 0"):
        KernelRidge("rbf", -0.1).fit(X, y)
    with pytest.raises(TypeError, match="lam must be a number"):
        KernelRidge("rbf", "0.1").fit(X, y)
    with pytest.raises(ValueError, match="must match"):
        KernelRidge().fit(X, y[:-1])
    with pytest.raises(ValueError, match="not fitted"):
        KernelRidge().predict(X)
    with pytest.raises(ValueError, match="Unknown kernel"):
        KernelRidge("gauss").fit(X, y)


def test_lam_zero_with_duplicated_points_is_finite_and_warns():
    X, y = data(5, 10, 1)
    Xd, yd = np.r_[X, X], np.r_[y, y]  # every point twice: K has rank <= 10 of 20
    with pytest.warns(LinAlgWarning, match="least-squares"):
        model = KernelRidge("rbf", 0.0, gamma=1.0).fit(Xd, yd)
    assert model.solver_ == "lstsq" and np.all(np.isfinite(model.dual_coef_))
    K = np.exp(-((Xd - Xd.T) ** 2))
    np.testing.assert_allclose(model.dual_coef_, np.linalg.pinv(K, rcond=1e-13) @ yd, atol=1e-6)  # minimum norm
    np.testing.assert_allclose(model.predict(X), y, atol=1e-6)  # interpolates the (consistent) duplicates


def test_lam_zero_on_distinct_points_interpolates_without_warning():
    X, y = data(6, 8, 1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = KernelRidge("rbf", 0.0, gamma=1.0).fit(X, y)
    np.testing.assert_allclose(model.predict(X), y, atol=1e-8)


@pytest.mark.parametrize("lam_kriege", [1e-3, 0.05, 2.0])
def test_kriege_n_lambda_convention(lam_kriege):
    """Kriege minimises (1/n)||K a - y||^2 + lam' a^T K a, solved by a = (K + n lam' I)^-1 y."""
    X, y = data(7, 20, 1)
    n = len(X)
    assert lam_from_kriege(lam_kriege, n) == pytest.approx(n * lam_kriege)
    a = KernelRidge("rbf", lam_from_kriege(lam_kriege, n), gamma=1.0).fit(X, y).dual_coef_
    K = np.exp(-((X - X.T) ** 2))
    np.testing.assert_allclose(a, np.linalg.solve(K + n * lam_kriege * np.eye(n), y), rtol=1e-8)
    gradient = 2 / n * K @ (K @ a - y) + 2 * lam_kriege * K @ a  # of Kriege's objective: zero at the optimum
    np.testing.assert_allclose(gradient, 0, atol=1e-8)


GP_CASES = [("rbf", {"gamma": 0.5}, RBF(length_scale=1.0)),       # gamma = 1 / (2 l^2)
            ("rbf", {"gamma": 2.0}, RBF(length_scale=0.5)),
            ("laplacian", {"gamma": 0.5}, Matern(length_scale=2.0, nu=0.5)),  # 1-D: exp(-|x - y| / l)
            ("linear", {}, DotProduct(sigma_0=0.0))]


@pytest.mark.filterwarnings("ignore:divide by zero:RuntimeWarning")  # sklearn logs DotProduct's sigma_0 = 0
@pytest.mark.parametrize("noise", [1e-4, 0.05, 1.0])
@pytest.mark.parametrize("kernel, params, sk_kernel", GP_CASES, ids=["rbf-0.5", "rbf-2", "laplacian", "linear"])
def test_gp_equals_sklearn_and_krr(kernel, params, sk_kernel, noise):
    X, y = make_sine(20, 0.2, 1)
    Xt = np.linspace(-2, 9, 40)[:, None]
    gp = GaussianProcessRegressor(kernel, noise, **params).fit(X, y)
    mean, std = gp.predict(Xt, return_std=True)
    ref_mean, ref_std = SkGP(sk_kernel, alpha=noise, optimizer=None).fit(X, y).predict(Xt, return_std=True)
    np.testing.assert_allclose(mean, ref_mean, rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(std, ref_std, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(mean, KernelRidge(kernel, noise, **params).fit(X, y).predict(Xt), rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(gp.predict(Xt), mean)


def test_gp_std_closed_form_and_samples():
    X, y = make_sine(12, 0.1, 2)
    Xt = np.linspace(0, 6, 15)[:, None]
    gp = GaussianProcessRegressor("rbf", 0.01, gamma=1.0).fit(X, y)
    C = np.exp(-((X - X.T) ** 2)) + 0.01 * np.eye(12)
    ks = np.exp(-((Xt - X.T) ** 2))
    var = 1.0 - np.sum(ks @ np.linalg.inv(C) * ks, axis=1)  # k(x,x) - k(x)^T C^-1 k(x), Bishop 6.67
    mean, std = gp.predict(Xt, return_std=True)
    np.testing.assert_allclose(std, np.sqrt(var), atol=1e-7)
    s1, s2 = gp.sample_y(Xt, 3, seed=4), gp.sample_y(Xt, 3, seed=4)
    assert s1.shape == (15, 3)
    np.testing.assert_array_equal(s1, s2)  # seeded: the same curves on every rerun
    assert not np.allclose(s1, gp.sample_y(Xt, 3, seed=5))
    many = gp.sample_y(Xt, 4000, seed=0)
    assert np.all(np.abs(many.mean(axis=1) - mean) < 5 * std / np.sqrt(4000) + 1e-9)
    np.testing.assert_allclose(many.std(axis=1), std, rtol=0.1, atol=1e-3)


def test_gp_rejects_bad_input():
    X, y = make_sine(10, 0.1, 0)
    with pytest.raises(ValueError, match="noise must be > 0"):
        GaussianProcessRegressor("rbf", 0.0).fit(X, y)
    with pytest.raises(ValueError, match="not positive semi-definite .*not a Mercer kernel"):
        GaussianProcessRegressor("sigmoid", 1e-3, gamma=2.0, coef0=-1.0).fit(X, y)
    with pytest.raises(ValueError, match="not fitted"):
        GaussianProcessRegressor().predict(X)


def test_cross_validate_equals_sklearn_grid_search():
    X, y = make_sine(40, 0.3, 3)
    lams, gammas = [1e-3, 0.1, 1.0, 10.0], [0.01, 0.3, 3.0, 100.0]
    res = cross_validate(X, y, "rbf", lams, {"gamma": gammas}, n_folds=5, seed=1)
    search = GridSearchCV(SkKR(kernel="rbf"), {"alpha": lams, "gamma": gammas}, scoring="neg_mean_squared_error",
                          cv=KFold(5, shuffle=True, random_state=1), return_train_score=True).fit(X, y)
    assert res.best_lam == search.best_params_["alpha"] and res.best_params == {"gamma": search.best_params_["gamma"]}
    sk = -search.cv_results_["mean_test_score"].reshape(len(lams), len(gammas))  # alpha outer, gamma inner
    np.testing.assert_allclose(res.errors, sk, rtol=1e-6)
    assert res.best_error == pytest.approx(sk.min())
    sk_train = -search.cv_results_["mean_train_score"].reshape(len(lams), len(gammas))
    np.testing.assert_allclose(res.train_errors, sk_train, rtol=1e-6)


def test_monte_carlo_cross_validation_equals_a_loop_over_shuffle_splits():
    """Kriege's Monte Carlo cross-validation: R random test sets of 20 % (scikit-learn's ShuffleSplit with the same
    seed), each fitted by scikit-learn's KernelRidge — a plain loop; the test sets overlap, unlike k-fold's folds."""
    from sklearn.model_selection import ShuffleSplit

    X, y = make_sine(40, 0.3, 3)
    lams, gammas = [1e-3, 0.1, 1.0], [0.3, 3.0]
    res = cross_validate(X, y, "rbf", lams, {"gamma": gammas}, n_folds=7, seed=2, scheme="monte_carlo",
                         test_size=0.2)
    splits = list(ShuffleSplit(7, test_size=8, random_state=2).split(X))
    loop = np.array([[np.mean([np.mean((SkKR(alpha=lam, kernel="rbf", gamma=g).fit(X[tr], y[tr]).predict(X[te])
                                        - y[te]) ** 2) for tr, te in splits]) for g in gammas] for lam in lams])
    np.testing.assert_allclose(res.errors, loop, rtol=1e-6)
    tested = np.bincount(np.concatenate([te for _, te in splits]), minlength=40)
    assert tested.max() > 1 or (tested == 0).any()      # some point tested twice or never: not a partition
    with pytest.raises(ValueError, match="scheme"):
        cross_validate(X, y, "rbf", lams, scheme="loo")
    with pytest.raises(ValueError, match="no test or no training point"):
        cross_validate(X, y, "rbf", lams, scheme="monte_carlo", test_size=0.001)


def test_cross_validate_picks_the_known_best():
    """Noise-free linear data: only the unregularised linear fit has zero held-out error; too wide or too
    narrow RBF kernels lose to a moderate one on a noise-free sine."""
    X = np.linspace(-2, 2, 20)[:, None]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LinAlgWarning)  # lam = 0 with the rank-1 linear K
        res = cross_validate(X, 3 * X[:, 0], "linear", [0.0, 1.0, 10.0, 100.0])
    assert res.best_lam == 0.0 and res.best_error < 1e-20
    assert np.all(np.diff(res.errors[:, 0]) > 0)  # more shrinkage, more error
    Xs, ys = make_sine(40, 0.0, 0)
    res = cross_validate(Xs, ys, "rbf", [1e-3], {"gamma": [1e-4, 1.0, 1e3]})
    assert res.best_params == {"gamma": 1.0}


def test_cross_validate_rejects_bad_folds():
    X, y = make_sine(4, 0.1, 0)
    with pytest.raises(ValueError, match="n_folds"):
        cross_validate(X, y, n_folds=5)


def test_costs_and_features():
    assert solve_costs(100, 3) == {"primal": 100 * 9 + 9, "dual": 100 * 100 * 3 + 1e6 / 3}
    np.testing.assert_array_equal(power_features(np.array([2.0, -1.0]), 3), [[2, 4, 8], [-1, 1, -1]])


def test_the_old_name_of_lam_from_kriege_still_works_and_warns():
    with pytest.warns(DeprecationWarning, match="lam_from_kriege"):
        assert kernel_core.lam_from_seed003(0.5, 10) == pytest.approx(5.0)


def test_krieges_objective_in_alpha_is_the_primal_with_w_in_the_span_and_is_least_at_k_plus_n_lam():
    """J(α) = (1/n)‖Kα − y‖² + λαᵀKα: for the linear kernel the primal (1/n) Σ (wᵀxᵢ − yᵢ)² + λ‖w‖² with
    w = Σ αⱼ xⱼ (a double loop); for RBF its minimiser by scipy is (K + nλI)⁻¹y, scikit-learn's KernelRidge with
    alpha = nλ."""
    from scipy.optimize import minimize
    from sklearn.kernel_ridge import KernelRidge as SkKernelRidge

    import kernel_core as kc
    rng = np.random.default_rng(11)
    X, y = rng.normal(size=(9, 2)), rng.normal(size=9)
    a, lam, n = rng.normal(size=9), 0.05, 9
    w = sum(a[j] * X[j] for j in range(n))
    primal = sum((w @ X[i] - y[i]) ** 2 for i in range(n)) / n + lam * (w @ w)
    assert kc.kriege_ridge_objective(X @ X.T, y, a, lam) == pytest.approx(primal, rel=1e-12)
    K = kc.gram(X, kernel="rbf", gamma=0.5)
    best = minimize(lambda v: kc.kriege_ridge_objective(K, y, v, lam), np.zeros(n), method="BFGS",
                    options=dict(gtol=1e-10)).x
    closed = np.linalg.solve(K + n * lam * np.eye(n), y)
    np.testing.assert_allclose(K @ best, K @ closed, atol=1e-5)     # the fit; α itself up to K's null space
    sk = SkKernelRidge(alpha=n * lam, kernel="rbf", gamma=0.5).fit(X, y).dual_coef_
    np.testing.assert_allclose(closed, sk, rtol=1e-8)
    assert kc.kriege_ridge_objective(K, y, closed, lam) <= kc.kriege_ridge_objective(K, y, best, lam) + 1e-10
    with pytest.raises(ValueError, match="one per point"):
        kc.kriege_ridge_objective(K, y, a[:3], lam)
