"""KernelPerceptron against a primal perceptron written here (seed 003: w = sum alpha_i y_i x_i), the dual
sum and kernel formulas evaluated one value at a time, its recorded history, decision_surface, and
KNNVote against scikit-learn's KNeighborsClassifier and a brute-force neighbour count."""
import math

import numpy as np
import pytest
from sklearn.datasets import make_moons
from sklearn.neighbors import KNeighborsClassifier

from kernel_core import Kernel, KernelPerceptron, KNNVote, decision_surface, make_classification

KERNELS = [("linear", {}), ("poly", {"degree": 3, "gamma": 0.5, "coef0": 1.0}), ("poly", {"degree": 2}),
           ("rbf", {"gamma": 2.0}), ("rbf", {}), ("laplacian", {"gamma": 1.5}), ("sigmoid", {"gamma": 0.3, "coef0": 0.1})]
IDS = [f"{k}-{'-'.join(f'{n}={v}' for n, v in p.items()) or 'defaults'}" for k, p in KERNELS]


def primal_perceptron(X, y_pm, order):
    """Seed 003's primal perceptron, visiting points in `order`: w <- w + y_i x_i when y_i w^T x_i <= 0."""
    w = np.zeros(X.shape[1])
    mistakes = []
    for i in order:
        wrong = y_pm[i] * (w @ X[i]) <= 0
        if wrong:
            w = w + y_pm[i] * X[i]
        mistakes.append(wrong)
    return w, np.array(mistakes)


def k_one(kernel, a, b, gamma=None, degree=3, coef0=1.0):
    """One kernel value straight from the lecture formulas (seed 000)."""
    gamma = 1.0 / len(a) if gamma is None else gamma
    dot = sum(p * q for p, q in zip(a, b))
    if kernel == "linear":
        return dot
    if kernel == "poly":
        return (gamma * dot + coef0) ** degree
    if kernel == "rbf":
        return math.exp(-gamma * sum((p - q) ** 2 for p, q in zip(a, b)))
    if kernel == "laplacian":
        return math.exp(-gamma * sum(abs(p - q) for p, q in zip(a, b)))
    return math.tanh(gamma * dot + coef0)


@pytest.fixture(scope="module")
def moons():
    X, y = make_moons(60, noise=0.15, random_state=3)
    return X, np.where(y == 1, 1, -1)


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_linear_kernel_is_the_primal_perceptron_on_the_same_order(seed):
    rng = np.random.default_rng(100 + seed)
    X = rng.normal(size=(50, 3))
    y = np.where(X @ np.array([1.0, -2.0, 0.5]) + 0.3 * rng.normal(size=50) > 0, 1, -1)  # not separable
    model = KernelPerceptron("linear", epochs=6, seed=seed).fit(X, y)
    order = model.history_["index"]
    n_ep = len(model.mistakes_per_epoch_)
    assert len(order) == n_ep * len(X)
    for e in range(n_ep):  # each epoch visits every point once
        assert sorted(order[e * len(X):(e + 1) * len(X)]) == list(range(len(X)))
    w, mistakes = primal_perceptron(X, y, order)
    np.testing.assert_array_equal(model.history_["mistake"], mistakes)
    alpha = np.bincount(order, weights=mistakes, minlength=len(X))
    np.testing.assert_array_equal(model.alpha_, alpha)
    np.testing.assert_allclose((model.alpha_ * y) @ X, w, rtol=1e-12, atol=1e-12)   # w = sum alpha_i y_i x_i
    T = rng.normal(size=(20, 3))
    np.testing.assert_allclose(model.decision_function(T), T @ w, rtol=1e-10, atol=1e-10)


def test_converges_to_zero_training_mistakes_on_separable_data(moons):
    rng = np.random.default_rng(5)
    X = rng.uniform(-1, 1, size=(80, 2))
    s = X @ np.array([1.0, 0.6])
    X, y = X[np.abs(s) > 0.15], np.where(s[np.abs(s) > 0.15] > 0, 1, -1)  # a margin around a line through 0
    lin = KernelPerceptron("linear", epochs=100).fit(X, y)
    assert lin.converged_ and lin.mistakes_per_epoch_[-1] == 0
    assert np.all(lin.predict(X) == y)
    Xm, ym = moons
    rbf = KernelPerceptron("rbf", epochs=200, gamma=5.0).fit(Xm, ym)
    assert rbf.converged_ and np.all(rbf.predict(Xm) == ym)
    assert np.all(ym * rbf.decision_function(Xm) > 0)


def test_stops_after_the_epoch_budget_on_data_it_cannot_separate():
    X = np.array([[1.0, 0.0], [1.0, 0.0], [-1.0, 0.5]])
    y = np.array([1, -1, 1])  # the same point with both labels
    model = KernelPerceptron("rbf", epochs=4, gamma=1.0).fit(X, y)
    assert not model.converged_ and len(model.mistakes_per_epoch_) == 4 and model.mistakes_per_epoch_.min() > 0


@pytest.mark.parametrize("labels", [("cat", "dog"), (3, 7), (False, True), (-1.5, 2.5)])
def test_any_two_labels_are_mapped_to_minus_plus_one_and_back(moons, labels):
    X, y_pm = moons
    y = np.where(y_pm > 0, labels[1], labels[0])  # labels[1] sorts after labels[0], so it becomes +1
    ref = KernelPerceptron("rbf", epochs=5, gamma=2.0).fit(X, y_pm)
    model = KernelPerceptron("rbf", epochs=5, gamma=2.0).fit(X, y)
    assert list(model.classes_) == list(labels)
    np.testing.assert_array_equal(model.alpha_, ref.alpha_)
    pred = model.predict(X)
    assert set(pred.tolist()) <= set(labels)
    np.testing.assert_array_equal(pred, np.where(ref.predict(X) > 0, labels[1], labels[0]))


@pytest.mark.parametrize("kernel,params", KERNELS, ids=IDS)
def test_decision_function_is_the_dual_sum(moons, kernel, params):
    X, y = moons
    model = KernelPerceptron(kernel, epochs=4, seed=2, **params).fit(X, y)
    T = np.random.default_rng(0).uniform(-1.5, 2.5, size=(7, 2))
    expected = [sum(model.alpha_[j] * y[j] * k_one(kernel, X[j], t, **params) for j in range(len(X))) for t in T]
    np.testing.assert_allclose(model.decision_function(T), expected, rtol=1e-9, atol=1e-9)


def test_history_replay_reproduces_alpha_and_margins(moons):
    X, y = moons
    model = KernelPerceptron("rbf", epochs=10, seed=4, gamma=3.0).fit(X, y)
    h = model.history_
    alpha = np.zeros(len(X))
    for t, i in enumerate(h["index"]):
        f_i = sum(alpha[j] * y[j] * k_one("rbf", X[j], X[i], gamma=3.0) for j in np.flatnonzero(alpha))
        assert h["margin"][t] == pytest.approx(y[i] * f_i, abs=1e-9)
        assert h["mistake"][t] == (y[i] * f_i <= 0)
        alpha[i] = h["alpha"][t]  # alpha_i after the update, as recorded
        if t in (0, 25, len(h["index"]) // 2):
            np.testing.assert_array_equal(model.alpha_at(t + 1), alpha)
    np.testing.assert_array_equal(alpha, model.alpha_)
    np.testing.assert_array_equal(model.alpha_at(len(h["index"])), model.alpha_)
    assert not model.alpha_at(0).any()
    assert model.alpha_.sum() == h["mistake"].sum() == model.mistakes_per_epoch_.sum()
    mid = model.at_step(30)
    np.testing.assert_array_equal(mid.alpha_, alpha_after := np.bincount(h["index"][:30], h["mistake"][:30], len(X)))
    assert model.alpha_.sum() > alpha_after.sum()  # the copy did not change the fitted model


@pytest.mark.parametrize("kernel,params", KERNELS, ids=IDS)
def test_decision_surface_equals_decision_function(moons, kernel, params):
    X, y = moons
    model = KernelPerceptron(kernel, epochs=5, **params).fit(X, y)
    xs, ys = np.linspace(-2, 3, 41), np.linspace(-1.5, 2, 37)
    g1, g2 = np.meshgrid(xs, ys)
    grid = np.c_[g1.ravel(), g2.ravel()]
    for m in (model, model.at_step(0), model.at_step(17)):
        Z = decision_surface(m, xs, ys)
        assert Z.shape == (len(ys), len(xs))
        np.testing.assert_allclose(Z.ravel(), m.decision_function(grid), rtol=1e-9, atol=1e-9)


def test_composed_kernel_object_and_its_surface(moons):
    X, y = moons
    k = Kernel("rbf", gamma=1.0) + 0.5 * Kernel("linear")
    model = KernelPerceptron(k, epochs=5).fit(X, y)
    assert model.kernel_ is k
    xs = np.linspace(-2, 3, 30)
    g1, g2 = np.meshgrid(xs, xs)
    np.testing.assert_allclose(decision_surface(model, xs, xs).ravel(), model.decision_function(np.c_[g1.ravel(), g2.ravel()]),
                               rtol=1e-9, atol=1e-9)


def test_rbf_with_large_gamma_memorises_noise():
    """Seed 003: no regulariser in the perceptron, so a poor (large) gamma overfits noisy data."""
    X, y = make_classification("moons", 300, 0.35, 0)
    Xtr, ytr, Xte, yte = X[:200], y[:200], X[200:], y[200:]
    acc = {}
    for gamma in (1.0, 3.0, 300.0):
        m = KernelPerceptron("rbf", epochs=50, gamma=gamma).fit(Xtr, ytr)
        acc[gamma] = (np.mean(m.predict(Xtr) == ytr), np.mean(m.predict(Xte) == yte))
    assert acc[300.0][0] == 1.0                                  # every noisy training point memorised
    assert acc[300.0][0] - acc[300.0][1] >= 0.1                  # ... which does not carry over
    assert acc[1.0][0] - acc[1.0][1] <= 0.05                     # a wide kernel generalises
    assert acc[300.0][1] < max(acc[1.0][1], acc[3.0][1])         # held-out accuracy below the best


@pytest.mark.parametrize("k", [1, 4, 5, 15])
def test_knn_vote_agrees_with_scikit_learn_and_a_brute_force_count(moons, k):
    X, y = moons
    T = np.random.default_rng(1).uniform(-1.5, 2.5, size=(40, 2))
    vote = KNNVote(n_neighbors=k).fit(X, y)
    np.testing.assert_array_equal(vote.predict(T), KNeighborsClassifier(n_neighbors=k).fit(X, y).predict(T))
    for t, f in zip(T, vote.decision_function(T)):
        nearest = np.argsort([np.sum((x - t) ** 2) for x in X])[:k]
        assert f == pytest.approx(sum(y[i] for i in nearest) / k, abs=1e-12)
    xs = np.linspace(-2, 3, 25)
    g1, g2 = np.meshgrid(xs, xs)
    np.testing.assert_allclose(decision_surface(vote, xs, xs).ravel(), vote.decision_function(np.c_[g1.ravel(), g2.ravel()]),
                               atol=1e-12)


def test_plain_sentences_for_bad_input(moons):
    X, y = moons
    with pytest.raises(ValueError, match="not fitted"):
        KernelPerceptron().predict(X)
    with pytest.raises(ValueError, match="only one class"):
        KernelPerceptron().fit(X, np.ones(len(X)))
    with pytest.raises(ValueError, match="Unknown kernel"):
        KernelPerceptron("gauss").fit(X, y)
    with pytest.raises(ValueError, match="epochs"):
        KernelPerceptron(epochs=0).fit(X, y)
    with pytest.raises(TypeError, match="Kernel object"):
        KernelPerceptron(Kernel("rbf"), gamma=2.0).fit(X, y)
    with pytest.raises(ValueError, match="feature"):
        KernelPerceptron().fit(X, y).decision_function(np.ones((2, 3)))
    with pytest.raises(ValueError, match="NaN"):
        KernelPerceptron().fit(np.r_[X[:-1], [[np.nan, 0.0]]], y)


def test_objective_in_alpha_is_krieges_double_sum_and_the_primal_loss_for_the_linear_kernel():
    """J(α) = (1/n) Σᵢ max{0, −Σⱼ αⱼ yᵢ yⱼ k(xᵢ, xⱼ)} by a double loop at every step of a replay, and for the linear
    kernel the primal perceptron loss (1/n) Σᵢ max(0, −yᵢ wᵀxᵢ) with w = Σⱼ αⱼ yⱼ xⱼ; 0 at α = 0 and once training
    converged."""
    rng = np.random.default_rng(5)
    X = rng.normal(size=(14, 2))
    y = np.where(X[:, 0] + 0.4 * rng.normal(size=14) > 0, 1, -1)
    for kernel, params, k in (("rbf", dict(gamma=0.8), lambda a, b: np.exp(-0.8 * np.sum((a - b) ** 2))),
                              ("linear", {}, lambda a, b: float(a @ b))):
        model = KernelPerceptron(kernel, epochs=20, seed=1, **params).fit(X, y)
        for step in range(0, len(model.history_["index"]) + 1, 5):
            m = model.at_step(step)
            a = m.alpha_
            loop = sum(max(0.0, -sum(a[j] * y[i] * y[j] * k(X[i], X[j]) for j in range(len(y))))
                       for i in range(len(y))) / len(y)
            assert m.objective() == pytest.approx(loop, rel=1e-12, abs=1e-14)
            if kernel == "linear":
                w = (a * y) @ X
                assert m.objective() == pytest.approx(np.mean(np.maximum(0, -y * (X @ w))), rel=1e-12, abs=1e-14)
        assert model.at_step(0).objective() == 0.0
        if model.converged_:
            assert model.objective() == 0.0


def test_knn_cross_validate_is_a_brute_force_neighbour_count_over_the_same_folds():
    """CV(k) = mean over KFold's folds of the held-out error of the k-NN vote, the vote counted by hand (sorted
    distances, ties of the vote to the first class) — odd k, so no vote ties."""
    from sklearn.model_selection import KFold

    from kernel_core import knn_cross_validate
    X, y = make_moons(60, noise=0.3, random_state=2)
    ks = (1, 3, 7, 15)
    shown = knn_cross_validate(X, y, ks, n_folds=4, seed=3)
    loop = np.zeros(len(ks))
    for tr, te in KFold(4, shuffle=True, random_state=3).split(X):
        for j, k in enumerate(ks):
            wrong = 0
            for i in te:
                near = np.argsort(np.sum((X[tr] - X[i]) ** 2, axis=1), kind="stable")[:k]
                vote = np.sum(np.where(y[tr][near] == 1, 1, -1))
                wrong += (1 if vote > 0 else 0) != y[i]
            loop[j] += wrong / len(te) / 4
    np.testing.assert_allclose(shown, loop, atol=1e-12)
    with pytest.raises(ValueError, match="n_folds"):
        knn_cross_validate(X, y, ks, n_folds=1)
