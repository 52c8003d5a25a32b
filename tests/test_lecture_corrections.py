"""Statements the sections make where a number decides whether they are right, each pinned to an independent
computation: the GP's latent variance against the variance of a new target t (PRML 6.67), the band where m points
agree (σ²/m, not σ²), the multinomial coefficient of the polynomial map, and the rank of a centred Gram matrix."""
from pathlib import Path

import numpy as np
import pytest
from sklearn.gaussian_process import GaussianProcessRegressor as SkGP
from sklearn.gaussian_process.kernels import RBF, WhiteKernel

import kernel_core as kc
from tests.app_pages import open_page

ROOT = Path(__file__).resolve().parents[1]
SIGMA2 = 0.063


def source(path):
    return (ROOT / path).read_text(encoding="utf-8")


def test_the_predictive_variance_of_t_is_the_latent_variance_plus_the_noise():
    """PRML 6.67, c − kᵀC⁻¹k with c = k(x, x) + σ², is what scikit-learn returns when the noise is part of the kernel
    (WhiteKernel); with the noise as `alpha` it returns the latent f's. The app draws the latent one."""
    X = np.linspace(-2, 2, 9)[:, None]
    y = np.sin(2 * X[:, 0])
    xs = np.linspace(-3, 3, 25)[:, None]
    _, std_f = kc.GaussianProcessRegressor("rbf", SIGMA2, gamma=1.0).fit(X, y).predict(xs, return_std=True)
    with_noise = SkGP(RBF(np.sqrt(0.5)) + WhiteKernel(SIGMA2), optimizer=None).fit(X, y)
    _, std_t = with_noise.predict(xs, return_std=True)
    np.testing.assert_allclose(std_t ** 2, std_f ** 2 + SIGMA2, rtol=1e-8)
    for text in (source("pages/kernel_ridge/gaussian_process.py"), source("pages/kernel_ridge/gp_prior.py")):
        assert "6.67 is the predictive variance of a new target t" in text and "drawn" in text


@pytest.mark.parametrize("m, stated", [(1, 0.059), (5, 0.0125), (20, 0.003)])
def test_m_agreeing_points_leave_a_latent_variance_of_about_sigma2_over_m(m, stated):
    """m points at one x, RBF γ = 1, σ² = 0.063: k(x, x) − kᵀ(K + σ²I)⁻¹k by a direct solve, and the model's."""
    X = np.zeros((m, 1))
    K = np.exp(-((X - X.T) ** 2))                       # all ones: the points coincide
    k = np.ones(m)
    direct = 1.0 - k @ np.linalg.solve(K + SIGMA2 * np.eye(m), k)
    _, std = kc.GaussianProcessRegressor("rbf", SIGMA2, gamma=1.0).fit(X, np.ones(m)).predict(X[:1], return_std=True)
    assert std[0] ** 2 == pytest.approx(direct, rel=1e-9)
    assert direct == pytest.approx(stated, abs=0.0006)         # the numbers the section states
    assert direct == pytest.approx(SIGMA2 / (m + SIGMA2), rel=1e-9)
    assert direct < SIGMA2 and (m == 1 or direct < SIGMA2 / m * 1.001)
    text = source("pages/kernel_ridge/gp_prior.py")
    assert f"{stated:g} for {m}" in text and "≈ σ²/m" in text and "to about the noise σ²" not in text


def test_the_x1y1_coefficient_of_the_cubic_kernel_is_3():
    """(xᵀy + 1)³ with x = (s, 0), y = (u, 0) is (su + 1)³: the coefficient of su by polynomial powers (binomial), and
    the map's x₁ feature squared. m!/α! = 3!/1! = 6 would be wrong; m!/(α!(m − j)!) = 3!/(1!·2!) = 3."""
    coefficient = np.polynomial.polynomial.polypow([1.0, 1.0], 3)[1]
    assert coefficient == 3
    phi = kc.poly_feature_map(np.array([[1.0, 0.0]]), 3, gamma=1.0, coef0=1.0)[0]
    # the features of x = (1, 0) are √c_α for the monomials in x₁ alone: 1, x₁, x₁², x₁³ → c = 1, 3, 3, 1
    assert sorted(np.round(phi[phi != 0] ** 2, 12)) == [1, 1, 3, 3]
    caption = source("pages/mercer/feature_map.py")
    assert "m!/(α!(m−j)!)" in caption and "3!/(1!·2!) = 3" in caption


def test_kernel_pca_has_at_most_n_minus_1_components():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(12, 2))
    n = len(X)
    K = np.exp(-1.0 * ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1))
    J = np.eye(n) - np.ones((n, n)) / n
    assert np.linalg.matrix_rank(K) == n                 # the RBF Gram matrix of distinct points has full rank
    assert np.linalg.matrix_rank(J @ K @ J) == n - 1     # centring takes one away: J1 = 0
    lam = kc.KernelPCA(n_components=n, kernel="rbf", gamma=1.0).fit(X).eigenvalues_
    assert np.sum(lam > 1e-10 * lam.max()) == n - 1
    text = source("pages/kernel_pca/linear_vs_kernel.py")
    assert "at most n − 1" in text and "up to n." not in text and "up to \"\n        \"n components" not in text


@pytest.mark.parametrize("file, statement", [
    ("pages/kernel_ridge/gp_prior.py", "0.059 for 1 point, 0.0125 for 5 and 0.003 for 20"),     # E2, the numbers above
    ("pages/mercer/feature_map.py", "3!/(1!·2!) = 3"),                                         # E3
    ("pages/kernel_pca/linear_vs_kernel.py", "Kernel PCA has at most n − 1 non-zero components"),  # E4
    ("pages/kernel_ridge/gaussian_process.py", "6.67 is the predictive variance of a new target t"),  # E1
    ("pages/kernel_ridge/gp_prior.py", "6.67 is the predictive variance of a new target t"),
])
def test_the_corrected_statements_are_what_the_sections_render(file, statement):
    """The statements the tests above check in the source, as AppTest renders them (markdown, LaTeX, captions)."""
    at = open_page(file)
    assert statement in "\n".join(el.value for el in (*at.markdown, *at.latex, *at.caption))
