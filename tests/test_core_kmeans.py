"""kernel_core.KernelKMeans against independent computations: scikit-learn's KMeans (Lloyd) from the same start with
the linear kernel, the feature-space distance against an explicit feature map (the degree-2 polynomial's φ), and the
objective never rising; bad input gets a sentence."""
import numpy as np
import pytest
from sklearn.cluster import KMeans

import kernel_core as kc

pytestmark = pytest.mark.core


def test_linear_kernel_k_means_is_scikit_learns_k_means_from_the_same_start():
    X, _ = kc.make_classification("blobs", 150, 0.4, 3)
    for k, seed in ((2, 0), (3, 1), (4, 2)):
        ours = kc.KernelKMeans(k, "linear", seed=seed).fit(X)
        start = ours.history_[0]
        centres = np.array([X[start == c].mean(axis=0) for c in range(k)])
        theirs = KMeans(k, init=centres, n_init=1, algorithm="lloyd", tol=0.0).fit(X)
        assert np.array_equal(ours.labels_, theirs.labels_)
        assert ours.objective_[-1] == pytest.approx(theirs.inertia_, rel=1e-9)


def test_distances_to_the_means_equal_the_explicit_feature_map():
    rng = np.random.default_rng(0)
    X, P = rng.normal(size=(30, 2)), rng.normal(size=(7, 2))
    labels = rng.integers(0, 3, 30)
    model = kc.KernelKMeans(3, "poly", degree=2, gamma=1.0, coef0=1.0, init=labels, max_iter=0).fit(X)
    phi = lambda A: kc.poly_feature_map(A, degree=2, gamma=1.0, coef0=1.0)  # noqa: E731
    means = np.array([phi(X)[labels == c].mean(axis=0) for c in range(3)])
    explicit = ((phi(P)[:, None, :] - means[None, :, :]) ** 2).sum(axis=2)
    assert np.allclose(model.distances(P), explicit, rtol=1e-9, atol=1e-9)


def test_the_objective_never_rises_and_the_iterations_stop():
    X, _ = kc.make_classification("moons", 120, 0.1, 0)
    for seed in range(5):
        m = kc.KernelKMeans(3, "rbf", seed=seed, gamma=3.0).fit(X)
        assert m.converged_ and len(m.history_) == m.n_iter_ + 1 == len(m.objective_)
        assert np.all(np.diff(m.objective_) <= 1e-9)
        assert np.array_equal(m.predict(X), m.labels_)       # a training point's nearest mean is its own cluster


def test_an_empty_cluster_is_infinitely_far():
    K = np.eye(3)
    D = kc.mean_distances(K, np.ones(3), K, np.array([0, 0, 0]), 2)
    assert np.all(np.isinf(D[:, 1])) and np.all(np.isfinite(D[:, 0]))


@pytest.mark.parametrize("kw, words", [
    (dict(n_clusters=0), "n_clusters"),
    (dict(n_clusters=2, init="random"), "init must be"),
    (dict(n_clusters=2, init=np.array([0, 1, 2])), "Initial labels"),
    (dict(n_clusters=2, seed=-1), "seed"),
])
def test_bad_input_gets_a_sentence(kw, words):
    X = np.random.default_rng(0).normal(size=(3, 2))
    with pytest.raises(ValueError, match=words):
        kc.KernelKMeans(kernel="rbf", **kw).fit(X)
