"""AppTest of Kernel PCA › Kernel FDA: the Fisher ratios and held-out accuracies on screen against the closed forms
computed here (linear: S_w⁻¹(μ₊ − μ₋); kernel: Mika et al.'s α ∝ (N + ε′I)⁻¹(M₊ − M₋) with scikit-learn's RBF kernel),
on kernel LPP's seeded split; the manifolds' missing classes, local FDA and the exercise's collapse at a tiny ε."""
import re

import numpy as np
from sklearn.metrics.pairwise import rbf_kernel

from kernel_core import make_classification
from pages.kernel_pca.settings import KEY
from tests.app_pages import open_page, page_errors
from ui.ranges import KPCA

PAGE = "pages/kernel_pca/fda.py"
MOONS, MOONS_Y = make_classification("moons", 120, 0.1, 0)   # the sidebar's default data set


def latex(at):
    return " ".join(lx.value for lx in at.latex)


def split(n):
    order = np.random.default_rng(KPCA["subsample_seed"]).permutation(n)
    n_test = int(round(KPCA["klpp_held_out"] * n))
    return np.sort(order[n_test:]), np.sort(order[:n_test])


def accuracy(v_train, y_train, v_test, y_test):
    cut = (v_train[y_train > 0].mean() + v_train[y_train < 0].mean()) / 2
    return np.mean(np.where(v_test > cut, 1, -1) == y_test)


def test_ratios_and_accuracies_against_the_closed_forms():
    at = open_page(PAGE)
    assert not page_errors(at) and not at.error
    train, test = split(len(MOONS))
    X, y = MOONS[train], MOONS_Y[train]
    mu_p, mu_n = X[y > 0].mean(0), X[y < 0].mean(0)
    mu = X.mean(0)
    S_b = sum((y == c).sum() * np.outer(X[y == c].mean(0) - mu, X[y == c].mean(0) - mu) for c in (-1, 1))
    S_w = sum((X[y == c] - X[y == c].mean(0)).T @ (X[y == c] - X[y == c].mean(0)) for c in (-1, 1))
    phi = np.linalg.solve(S_w, mu_p - mu_n)
    text = latex(at)
    assert rf"\lambda_{{\text{{linear}}}} = {(phi @ S_b @ phi) / (phi @ S_w @ phi):.4g}" in text
    acc_lin = accuracy(X @ phi, y, MOONS[test] @ phi, MOONS_Y[test])
    K = rbf_kernel(X, gamma=1.0)
    n = len(X)
    N = sum(K[:, y == c] @ (np.eye((y == c).sum()) - 1 / (y == c).sum()) @ K[:, y == c].T for c in (-1, 1))
    M = K[:, y > 0].mean(1) - K[:, y < 0].mean(1)
    ridge = 1e-3 * np.trace(N) / n
    alpha = np.linalg.solve(N + ridge * np.eye(n), M)
    lam = (y > 0).sum() * (y < 0).sum() / n * (alpha @ M) ** 2 / (alpha @ (N + ridge * np.eye(n)) @ alpha)
    assert rf"\lambda_{{\text{{kernel}}}} = {lam:.4g}" in text
    acc_ker = accuracy(K @ alpha, y, rbf_kernel(MOONS[test], X, gamma=1.0) @ alpha, MOONS_Y[test])
    assert rf"linear {100 * acc_lin:.0f}\%, kernel {100 * acc_ker:.0f}\%" in text
    assert acc_ker > acc_lin                           # the moons: a curve separates them, a line cannot


def test_local_fda_and_the_manifolds():
    at = open_page(PAGE)
    at.toggle(key=KEY.FDA_LOCAL).set_value(True).run()
    assert not page_errors(at) and not at.error
    assert "LFDA on 90 points, 30 held out" in " ".join(c.value for c in at.caption)
    at.selectbox(key=KEY.DATA).set_value("s_curve").run()
    assert not page_errors(at) and not at.error
    assert any("no classes" in i.value for i in at.info)


def test_a_tiny_eps_makes_the_ratio_huge_and_new_points_worse():
    """The exercise's setting (noisy moons, γ = 10): from ε = 10⁻³ to 10⁻⁸ the Fisher ratio grows and the held-out
    accuracy of kernel FDA falls."""
    at = open_page(PAGE)
    at.slider(key="data_noise").set_value(0.3).run()
    at.select_slider(key=KEY.GAMMA).set_value(10.0).run()
    def ratio():
        return float(re.search(r"\\lambda_\{\\text\{kernel\}\} = ([0-9.]+)", latex(at)).group(1))

    def held():
        return int(re.search(r"kernel (\d+)\\%", latex(at)).group(1))

    moderate, acc = ratio(), held()
    at.select_slider(key=KEY.FDA_EPS).set_value(KPCA["fda_eps"][0]).run()
    assert not page_errors(at)
    assert ratio() > 4 * moderate and held() < acc - 15


def test_the_exercise_check_sets_the_noisy_moons_and_a_tiny_eps():
    at = open_page(PAGE)
    at.radio(key="kernel_pca_ex_kpca_fda_eps").set_value(1).run()
    at.button(key="kernel_pca_ex_kpca_fda_eps_check").click().run()
    assert not page_errors(at) and any("Right." in s.value for s in at.success)
    assert at.session_state[KEY.FDA_EPS] == KPCA["fda_eps"][0] and at.session_state["data_noise"] == 0.3
    assert int(re.search(r"kernel (\d+)\\%", latex(at)).group(1)) < 70
