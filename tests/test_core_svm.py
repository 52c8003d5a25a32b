"""KernelSVM against scikit-learn's SVC (every kernel, compositions through the precomputed path), the
lam <-> C mapping against an independent primal solver, the teaching solver against libsvm's optimum,
margin counts against a slow double loop, plain errors for bad input. Cross-validation and the hold-out split are in
tests/test_core_svm_holdout.py."""
import numpy as np
import pytest
from scipy.optimize import minimize
from sklearn.metrics.pairwise import pairwise_kernels
from sklearn.svm import SVC

from kernel_core import (
    C_from_lam,
    Kernel,
    KernelSVM,
    SubgradientSVM,
    decision_surface,
    kriege_objective,
    lam_from_C,
    make_classification,
    margin_counts,
)
from kernel_core.subgradient import _best_offset

X, Y = make_classification("moons", 80, 0.25, 3)
XT, _ = make_classification("moons", 40, 0.25, 4)  # points the models never saw


def sk(name, **p):
    """A Gram-matrix function from scikit-learn alone (independent of kernel_core)."""
    return lambda A, B: pairwise_kernels(A, B, metric=name, **p)


# (kernel_core kernel, scikit-learn's Gram function for the same kernel)
KERNELS = {
    "linear": (Kernel("linear"), sk("linear")),
    "rbf": (Kernel("rbf", gamma=0.7), sk("rbf", gamma=0.7)),
    "poly": (Kernel("poly", degree=3, gamma=0.5, coef0=1.0), sk("poly", degree=3, gamma=0.5, coef0=1.0)),
    "sigmoid": (Kernel("sigmoid", gamma=0.3, coef0=0.0), sk("sigmoid", gamma=0.3, coef0=0.0)),
    "laplacian": (Kernel("laplacian", gamma=0.8), sk("laplacian", gamma=0.8)),
    "rbf+linear": (Kernel("rbf", gamma=2.0) + 0.5 * Kernel("linear"),
                   lambda A, B: sk("rbf", gamma=2.0)(A, B) + 0.5 * sk("linear")(A, B)),
    "poly*laplacian": (Kernel("poly", degree=2, gamma=1.0, coef0=1.0) * Kernel("laplacian", gamma=0.5),
                       lambda A, B: sk("poly", degree=2, gamma=1.0, coef0=1.0)(A, B) * sk("laplacian", gamma=0.5)(A, B)),
    "exp(rbf)": (Kernel("rbf", gamma=1.0).exp(), lambda A, B: np.exp(sk("rbf", gamma=1.0)(A, B))),
}
NATIVE = {"linear": {}, "rbf": {"gamma": 0.7}, "poly": {"degree": 3, "gamma": 0.5, "coef0": 1.0},
          "sigmoid": {"gamma": 0.3, "coef0": 0.0}}  # kernels scikit-learn's SVC computes itself


def reference_svc(name, C):
    """scikit-learn's SVC: the kernel computed by libsvm itself where it can, else precomputed by sklearn."""
    if name in NATIVE:
        svc = SVC(kernel=name, C=C, **NATIVE[name]).fit(X, Y)
        return svc, svc.decision_function(XT)
    k = KERNELS[name][1]
    svc = SVC(kernel="precomputed", C=C).fit(k(X, X), Y)
    return svc, svc.decision_function(k(XT, X))


@pytest.mark.parametrize("C", [0.1, 1.0, 10.0])
@pytest.mark.parametrize("name", list(KERNELS))
def test_decision_values_support_and_coefficients_equal_sklearn(name, C):
    model = KernelSVM(KERNELS[name][0], C=C).fit(X, Y)
    svc, f = reference_svc(name, C)
    np.testing.assert_allclose(model.decision_function(XT), f, atol=1e-6, rtol=1e-6)
    np.testing.assert_array_equal(model.support_, svc.support_)
    np.testing.assert_allclose(model.dual_coef_, svc.dual_coef_[0], atol=1e-6)
    assert model.intercept_ == pytest.approx(svc.intercept_[0], abs=1e-6)
    np.testing.assert_array_equal(model.predict(XT), svc.predict(XT if name in NATIVE else KERNELS[name][1](XT, X)))


def test_kernel_by_name_with_parameters_and_original_labels():
    labels = np.where(Y > 0, "dog", "cat")
    model = KernelSVM("rbf", C=2.0, gamma=0.7).fit(X, labels)
    svc = SVC(kernel="rbf", C=2.0, gamma=0.7).fit(X, labels)
    np.testing.assert_allclose(model.decision_function(XT), svc.decision_function(XT), atol=1e-6)
    np.testing.assert_array_equal(model.predict(XT), svc.predict(XT))
    assert set(model.predict(XT)) <= {"cat", "dog"}


def test_dual_coefficients_are_alpha_times_y_within_the_box():
    C = 0.5
    model = KernelSVM("rbf", C=C, gamma=1.0).fit(X, Y)
    alpha = model.dual_coef_ * Y[model.support_]
    assert np.all(alpha > 0) and np.all(alpha <= C + 1e-12)
    assert abs(np.sum(model.dual_coef_)) < 1e-8  # sum_i alpha_i y_i = 0 (libsvm's equality constraint)
    kriege_alpha = model.kriege_alpha(len(Y))
    assert np.count_nonzero(kriege_alpha) == len(model.support_)


@pytest.mark.parametrize("name", list(KERNELS))
def test_decision_surface_equals_decision_function(name):
    model = KernelSVM(KERNELS[name][0], C=1.0).fit(X, Y)
    xs, ys = np.linspace(-2, 3, 23), np.linspace(-1.5, 2, 17)
    g1, g2 = np.meshgrid(xs, ys)
    direct = model.decision_function(np.c_[g1.ravel(), g2.ravel()]).reshape(len(ys), len(xs))
    np.testing.assert_allclose(decision_surface(model, xs, ys), direct, atol=1e-9, rtol=1e-9)
    teach = SubgradientSVM(KERNELS[name][0], lam=0.01, n_steps=30).fit(X, Y)
    direct = teach.decision_function(np.c_[g1.ravel(), g2.ravel()]).reshape(len(ys), len(xs))
    np.testing.assert_allclose(decision_surface(teach, xs, ys), direct, atol=1e-9, rtol=1e-9)


# ---------------------------------------------------------------- lam <-> C
def test_mapping_formulas_round_trip():
    assert lam_from_C(1.0, 50) == pytest.approx(1 / 100)
    assert C_from_lam(0.01, 50) == pytest.approx(1.0)
    for C in (0.01, 0.3, 7.0):
        assert C_from_lam(lam_from_C(C, 37), 37) == pytest.approx(C)


def primal_linear_svm(X, y, lam):
    """Seed 003's linear SVM with an offset, min (1/n) sum xi_i + lam ||w||^2 s.t. xi_i >= 0,
    xi_i >= 1 - y_i (w^T x_i + b), solved as a generic constrained problem by SLSQP (no libsvm)."""
    n, d = X.shape

    def obj(v):
        return v[d + 1:].mean() + lam * v[:d] @ v[:d]

    cons = [{"type": "ineq", "fun": lambda v: v[d + 1:]},
            {"type": "ineq", "fun": lambda v: v[d + 1:] - 1 + y * (X @ v[:d] + v[d])}]
    v0 = np.r_[np.zeros(d + 1), np.ones(n)]
    res = minimize(obj, v0, constraints=cons, method="SLSQP", options={"maxiter": 500, "ftol": 1e-12})
    assert res.success, res.message
    return res.x[:d], res.x[d], res.fun


@pytest.mark.parametrize("lam", [0.1, 0.01])
def test_C_equals_one_over_2_n_lam_against_an_independent_primal_solver(lam):
    Xs, ys = make_classification("linear", 40, 0.3, 1)
    w, b, J = primal_linear_svm(Xs, ys, lam)
    model = KernelSVM("linear", C=C_from_lam(lam, len(ys))).fit(Xs, ys)
    points, weights, b_svm = model.expansion()
    np.testing.assert_allclose(weights @ points, w, atol=2e-3)     # w = sum_i alpha_i y_i x_i
    assert b_svm == pytest.approx(b, abs=2e-3)
    K = Xs @ Xs.T
    assert kriege_objective(K, ys, model.kriege_alpha(len(ys)), b_svm, lam) == pytest.approx(J, rel=1e-4)


def test_the_mapped_C_minimises_the_kriege_objective_among_its_neighbours():
    n, lam = len(Y), 0.004
    C_star = C_from_lam(lam, n)
    K = Kernel("rbf", gamma=1.0)(X)
    J = {}
    for factor in (0.25, 0.5, 1.0, 2.0, 4.0):
        m = KernelSVM("rbf", C=C_star * factor, gamma=1.0).fit(X, Y)
        J[factor] = kriege_objective(K, Y, m.kriege_alpha(n), m.intercept_, lam)
    assert min(J, key=J.get) == 1.0, J


# ---------------------------------------------------------------- the teaching solver
def exact_optimum(kernel, lam):
    model = KernelSVM(kernel, C=C_from_lam(lam, len(Y))).fit(X, Y)
    return kriege_objective(kernel(X), Y, model.kriege_alpha(len(Y)), model.intercept_, lam), model


def test_kriege_objective_matches_a_double_loop():
    rng = np.random.default_rng(0)
    alpha, b, lam = rng.uniform(0, 1, len(Y)), 0.3, 0.05
    k = KERNELS["rbf"][1]
    K = k(X, X)
    total = 0.0
    for i in range(len(Y)):
        f_i = sum(alpha[j] * Y[j] * K[j, i] for j in range(len(Y)))      # alpha^T k_i (seed 003)
        total += max(0.0, 1 - Y[i] * (f_i + b)) / len(Y)
    reg = sum(alpha[i] * alpha[j] * Y[i] * Y[j] * K[i, j] for i in range(len(Y)) for j in range(len(Y)))
    assert kriege_objective(K, Y, alpha, b, lam) == pytest.approx(total + lam * reg, rel=1e-12)


def test_best_offset_against_a_fine_search():
    rng = np.random.default_rng(1)
    for _ in range(20):
        y = np.where(rng.random(15) < 0.5, -1.0, 1.0)
        g = rng.normal(size=15)
        b = _best_offset(y, g)
        grid = np.linspace(-4, 4, 8001)
        h = np.maximum(0, 1 - y[None, :] * (g[None, :] + grid[:, None])).mean(axis=1)
        assert np.maximum(0, 1 - y * (g + b)).mean() <= h.min() + 1e-12


@pytest.mark.parametrize("name", ["rbf", "laplacian", "linear", "rbf+linear"])
def test_subgradient_descent_ends_within_1_percent_of_libsvm(name):
    kernel = KERNELS[name][0]
    lam = lam_from_C(1.0, len(Y))
    J_star, exact = exact_optimum(kernel, lam)
    model = SubgradientSVM(kernel, lam=lam, n_steps=2000).fit(X, Y)
    assert np.mean(model.predict(XT) == exact.predict(XT)) >= 0.95  # the two boundaries nearly coincide
    curve = model.loss_curve_
    assert len(curve) == 2001 and curve[0] == pytest.approx(1.0)  # alpha = 0, b = 0: every hinge is 1
    assert curve[-1] <= J_star * 1.01, (curve[-1], J_star)
    assert curve[-1] >= J_star * (1 - 1e-3)  # libsvm (tol 1e-3) is the optimum: nothing is much below it
    # the curve falls: means over blocks of 100 steps never rise by more than a wobble of 1e-4 J* (a
    # subgradient step can overshoot; the stated tolerance of the plateau)
    blocks = curve[1:].reshape(20, 100).mean(axis=1)
    assert np.all(np.diff(blocks) <= 1e-4 * J_star), blocks
    assert blocks[0] - blocks[-1] > 0.01


def test_sgd_lowers_the_objective_in_expectation():
    lam = lam_from_C(1.0, len(Y))
    J_star, _ = exact_optimum(KERNELS["rbf"][0], lam)
    curves = np.array([SubgradientSVM(KERNELS["rbf"][0], lam=lam, n_steps=4000, batch_size=1, seed=s).fit(X, Y).loss_curve_
                       for s in range(8)])
    mean = curves.mean(axis=0)[1:].reshape(8, 500).mean(axis=1)
    assert np.all(np.diff(mean) < 0), mean
    assert mean[-1] < J_star * 1.15


def test_step_continues_where_fit_stopped_and_tol_stops_early():
    lam = lam_from_C(1.0, len(Y))
    whole = SubgradientSVM("rbf", lam=lam, n_steps=300, gamma=1.0).fit(X, Y)
    parts = SubgradientSVM("rbf", lam=lam, n_steps=100, gamma=1.0).fit(X, Y).step(150).step(50)
    np.testing.assert_allclose(parts.loss_curve_, whole.loss_curve_, rtol=1e-12)
    np.testing.assert_allclose(parts.alpha_, whole.alpha_, rtol=1e-12)
    early = SubgradientSVM("rbf", lam=lam, n_steps=5000, tol=1e-4, gamma=1.0).fit(X, Y)
    assert early.converged_ and early.n_iter_ < 5000


def test_without_offset_b_stays_zero():
    model = SubgradientSVM("rbf", lam=0.01, n_steps=50, fit_intercept=False, gamma=1.0).fit(X, Y)
    assert model.intercept_ == 0.0
    K = Kernel("rbf", gamma=1.0)(X)
    assert model.loss_curve_[-1] == pytest.approx(kriege_objective(K, Y, model.alpha_, 0.0, 0.01), rel=1e-10)


# ---------------------------------------------------------------- counts
def test_margin_counts_match_a_double_loop():
    model = KernelSVM(KERNELS["laplacian"][0], C=0.7).fit(X, Y)
    points, weights, b = model.expansion()
    k = KERNELS["laplacian"][1]
    wrong = violations = 0
    for x, y in zip(X, Y):
        f = sum(w * k(p[None, :], x[None, :])[0, 0] for p, w in zip(points, weights)) + b
        wrong += (1 if f > 0 else -1) != y
        violations += y * f < 1 - 1e-3  # libsvm meets the KKT conditions to 1e-3
    counts = margin_counts(Y, model.decision_function(X))
    assert counts["misclassified"] == wrong and counts["margin_violations"] == violations
    assert counts["inside_margin"] == violations - wrong
    # KKT: a margin violator has alpha = C; a point strictly outside the margin is no support vector
    alpha = np.zeros(len(Y))
    alpha[model.support_] = np.abs(model.dual_coef_)
    z = Y * model.decision_function(X)
    assert np.all(alpha[z < 1 - 1e-2] == pytest.approx(0.7))
    assert np.all(alpha[z > 1 + 1e-2] == 0)
    assert len(model.support_) == sum(SVC(kernel="precomputed", C=0.7).fit(k(X, X), Y).n_support_)


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("C", [0.0, -1.0])
def test_C_must_be_positive(C):
    with pytest.raises(ValueError, match="C must be > 0"):
        KernelSVM("rbf", C=C).fit(X, Y)


def test_bad_inputs_raise_plain_errors():
    with pytest.raises(ValueError, match="only one class"):
        KernelSVM("rbf").fit(X, np.ones(len(X)))
    with pytest.raises(ValueError, match="only one class"):
        SubgradientSVM("rbf").fit(X, np.ones(len(X)))
    with pytest.raises(ValueError, match="lam must be > 0"):
        SubgradientSVM("rbf", lam=0.0).fit(X, Y)
    with pytest.raises(TypeError, match="C must be a number"):
        KernelSVM("rbf", C="big").fit(X, Y)
    with pytest.raises(ValueError, match="not fitted"):
        KernelSVM().decision_function(X)
    with pytest.raises(ValueError, match="Unknown kernel"):
        KernelSVM("gauss").fit(X, Y)
    with pytest.raises(ValueError, match=r"3 feature\(s\)"):
        KernelSVM("rbf").fit(X, Y).decision_function(np.ones((2, 3)))


def test_the_old_names_of_kriege_objective_and_kriege_alpha_still_work_and_warn():
    import kernel_core

    model = KernelSVM("rbf", C=1.0, gamma=1.0).fit(X, Y)
    with pytest.warns(DeprecationWarning, match="kriege_alpha"):
        old = model.seed_alpha(len(Y))
    np.testing.assert_array_equal(old, model.kriege_alpha(len(Y)))
    K = pairwise_kernels(X, metric="rbf", gamma=1.0)
    with pytest.warns(DeprecationWarning, match="kriege_objective"):
        J = kernel_core.seed_objective(K, Y, old, model.intercept_, 0.01)
    assert J == kriege_objective(K, Y, old, model.intercept_, 0.01)
