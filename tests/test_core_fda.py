"""Fisher discriminant analysis (kernel_core.fda, Sugiyama's homework 2): the Laplacian form of the scatters against
the textbook sums and a double loop over pairs, linear FDA against the closed form S_w⁻¹(μ₊ − μ₋) and scikit-learn's
LinearDiscriminantAnalysis, kernel FDA against Mika et al.'s two-class closed form α ∝ (N + εI)⁻¹(M₊ − M₋), and
kernel FDA with the linear kernel against linear FDA."""
import numpy as np
import pytest
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.metrics.pairwise import rbf_kernel
from sklearn.neighbors import NearestNeighbors

import kernel_core as kc

rng = np.random.default_rng(5)
X = np.r_[rng.normal([0, 0], [1.0, 0.4], (30, 2)), rng.normal([1.5, 1.0], [0.5, 1.0], (20, 2))]
y = np.r_[-np.ones(30), np.ones(20)]


def scatters(X, y):
    mu = X.mean(axis=0)
    S_b = sum((y == c).sum() * np.outer(X[y == c].mean(0) - mu, X[y == c].mean(0) - mu) for c in (-1, 1))
    S_w = sum((X[y == c] - X[y == c].mean(0)).T @ (X[y == c] - X[y == c].mean(0)) for c in (-1, 1))
    return S_b, S_w


def test_laplacian_scatters_are_the_textbook_scatters():
    L_b, L_w = kc.fisher_laplacians(y)
    S_b, S_w = scatters(X, y)
    np.testing.assert_allclose(X.T @ L_b @ X, S_b, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(X.T @ L_w @ X, S_w, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(L_b.sum(axis=1), 0, atol=1e-12)      # L1 = 0: a shift of every point changes nothing


def test_local_weights_against_a_double_loop():
    """½ Σᵢⱼ Wᵢⱼ(xᵢ − xⱼ)(xᵢ − xⱼ)ᵀ over every pair, with Sugiyama's LFDA weights written out, equals XᵀLX; the
    local scaling sᵢ is scikit-learn's distance to the 7th neighbour."""
    dist = NearestNeighbors(n_neighbors=8).fit(X).kneighbors(X)[0][:, 7]
    A = kc.local_affinity(X, 7)
    n = len(X)
    S_lb, S_lw = np.zeros((2, 2)), np.zeros((2, 2))
    for i in range(n):
        for j in range(n):
            a = np.exp(-np.sum((X[i] - X[j]) ** 2) / (dist[i] * dist[j]))
            assert A[i, j] == pytest.approx(a, rel=1e-9)
            n_l = np.sum(y == y[i])
            same = y[i] == y[j]
            w_w = a / n_l if same else 0.0
            w_b = a * (1 / n - 1 / n_l) if same else 1 / n
            d = np.outer(X[i] - X[j], X[i] - X[j])
            S_lw += 0.5 * w_w * d
            S_lb += 0.5 * w_b * d
    L_b, L_w = kc.fisher_laplacians(y, A)
    np.testing.assert_allclose(X.T @ L_b @ X, S_lb, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(X.T @ L_w @ X, S_lw, rtol=1e-9, atol=1e-12)


def test_linear_fda_is_the_closed_form_and_sklearns_lda():
    f = kc.FisherDA().fit(X, y)
    S_b, S_w = scatters(X, y)
    d = np.linalg.solve(S_w, X[y == 1].mean(0) - X[y == -1].mean(0))
    phi = f.components_[:, 0]
    assert abs(phi @ d) / (np.linalg.norm(phi) * np.linalg.norm(d)) == pytest.approx(1.0, abs=1e-10)
    assert phi @ d > 0                                     # class +1 projects higher
    assert f.eigenvalues_[0] == pytest.approx((phi @ S_b @ phi) / (phi @ S_w @ phi), rel=1e-7)
    lda = LinearDiscriminantAnalysis(solver="eigen").fit(X, y)
    s = lda.scalings_[:, 0]
    assert abs(s @ phi) / (np.linalg.norm(s) * np.linalg.norm(phi)) == pytest.approx(1.0, abs=1e-8)


@pytest.mark.parametrize("eps", [1e-3, 1e-1])
def test_kernel_fda_is_mikas_two_class_closed_form(eps):
    K = rbf_kernel(X, gamma=0.5)
    n = len(X)
    N = sum(K[:, y == c] @ (np.eye((y == c).sum()) - 1 / (y == c).sum()) @ K[:, y == c].T for c in (-1, 1))
    M = K[:, y == 1].mean(axis=1) - K[:, y == -1].mean(axis=1)
    ridge = eps * np.trace(N) / n
    alpha = np.linalg.solve(N + ridge * np.eye(n), M)
    k = kc.KernelFDA("rbf", eps, gamma=0.5).fit(X, y)
    a = k.dual_coef_[:, 0]
    assert k.ridge_ == pytest.approx(ridge, rel=1e-10)
    assert abs(a @ alpha) / (np.linalg.norm(a) * np.linalg.norm(alpha)) == pytest.approx(1.0, abs=1e-6)
    B = np.outer(M, M) * (y == 1).sum() * (y == -1).sum() / n       # K L⁽ᵇ⁾ K for two classes
    assert k.eigenvalues_[0] == pytest.approx(alpha @ B @ alpha / (alpha @ (N + ridge * np.eye(n)) @ alpha), rel=1e-6)
    Q = rng.normal(size=(7, 2))
    g = rbf_kernel(Q, X, gamma=0.5) @ alpha
    np.testing.assert_allclose(k.transform(Q)[:, 0] / np.linalg.norm(a), g / np.linalg.norm(alpha) * np.sign(a @ alpha),
                               rtol=1e-5, atol=1e-8)


def test_with_the_linear_kernel_kernel_fda_projects_like_linear_fda():
    z = kc.FisherDA().fit(X, y).transform(X)[:, 0]
    g = kc.KernelFDA("linear", 1e-9).fit(X, y).embedding_[:, 0]
    assert np.corrcoef(z, g)[0, 1] == pytest.approx(1.0, abs=1e-6)


def test_a_tiny_eps_collapses_each_class_and_a_larger_one_does_not():
    """RBF γ = 10 on 50 points: K is nearly invertible, so K L⁽ʷ⁾ K α ≈ 0 is reachable; the within-class spread of the
    training projections against their class gap is ~0 at ε = 1e-8 and clearly not at ε = 1."""
    def spread(eps):
        G = kc.KernelFDA("rbf", eps, gamma=10.0).fit(X, y).embedding_[:, 0]
        gap = G[y == 1].mean() - G[y == -1].mean()
        return max(G[y == 1].std(), G[y == -1].std()) / gap
    assert spread(1e-8) < 1e-2 < 0.1 < spread(1.0)


def test_bad_inputs_get_a_sentence():
    with pytest.raises(ValueError, match="only one class"):
        kc.KernelFDA().fit(X, np.ones(len(X)))
    with pytest.raises(ValueError, match="not fitted"):
        kc.FisherDA().transform(X)
    with pytest.raises(ValueError, match="one label per sample"):
        kc.KernelFDA().fit(X, y[:-1])
