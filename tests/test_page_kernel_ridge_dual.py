"""AppTest of Kernel ridge › The dual derivation: J(w*) and J(a*) on screen against scikit-learn's Ridge on the same
explicit features, the numbers of a step against a literal gradient descent, and λ = 0 answered with a sentence."""
import json
import re

import numpy as np
import pytest
from sklearn.linear_model import Ridge

from kernel_core import make_sine, power_features
from pages.kernel_ridge.settings import KEY
from tests.app_pages import open_page, page_errors

FILE = "pages/kernel_ridge/dual_derivation.py"


def design(p, n=30, noise=0.25, seed=0):
    X, y = make_sine(n, noise, seed)
    return power_features(X[:, 0] / np.abs(X).max(), p), y


def J(Phi, t, w, lam):
    r = Phi @ w - t
    return 0.5 * r @ r + 0.5 * lam * w @ w


def shown(at, symbol):
    """The number after `symbol} &=` in the section's formulas (e.g. J(\\mathbf w^*))."""
    text = " ".join(lx.value for lx in at.latex)
    return float(re.search(re.escape(symbol) + r" &= ([-0-9.e+]+)", text).group(1))


@pytest.fixture(scope="module")
def dual_section():
    return open_page(FILE)


def test_the_optimum_on_screen_is_ridge_on_the_explicit_features(dual_section):
    at = dual_section
    assert not page_errors(at)
    Phi, t = design(3)
    w = Ridge(alpha=0.1, fit_intercept=False).fit(Phi, t).coef_
    assert shown(at, r"J(\mathbf w^*)") == pytest.approx(J(Phi, t, w, 0.1), rel=1e-9)
    assert shown(at, r"J(\mathbf a^*)") == pytest.approx(J(Phi, t, w, 0.1), rel=1e-9)
    chart = json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{KEY.DUAL_CHART}")))
    names = [tr.get("name", "") for tr in chart["data"]]
    assert any(n.startswith("J(w)") for n in names) and any(n.startswith("J(a)") for n in names)


def test_a_step_shows_the_descents_numbers_and_j_of_a_above_j_of_w(dual_section):
    at = dual_section
    Phi, t = design(3)
    lam, H = 0.1, Phi.T @ Phi + 0.1 * np.eye(3)
    eta, w = 1 / np.linalg.eigvalsh(H).max(), np.zeros(3)
    for _ in range(10):   # the default step is 10
        w = w - eta * (Phi.T @ (Phi @ w - t) + lam * w)
    a = -(Phi @ w - t) / lam
    assert shown(at, r"J(\mathbf w_{10})") == pytest.approx(J(Phi, t, w, lam), rel=1e-5)
    assert shown(at, r"J(\mathbf a_{10})") == pytest.approx(J(Phi, t, Phi.T @ a, lam), rel=1e-5)
    assert shown(at, r"J(\mathbf a_{10})") > shown(at, r"J(\mathbf w_{10})")


def test_more_features_and_the_last_step_meet_at_the_optimum():
    at = open_page(FILE)
    at.slider(key=KEY.DUAL_P).set_value(5).run()
    at.select_slider(key=KEY.DUAL_STEP).set_value(10**6).run()
    assert not page_errors(at)
    text = " ".join(lx.value for lx in at.latex)
    k = int(re.search(r"J\(\\mathbf w_\{(\d+)\}\)", text).group(1))
    assert shown(at, rf"J(\mathbf w_{{{k}}})") == pytest.approx(shown(at, r"J(\mathbf w^*)"), rel=1e-6)
    assert shown(at, rf"J(\mathbf a_{{{k}}})") == pytest.approx(shown(at, r"J(\mathbf w^*)"), rel=1e-6)
    Phi, t = design(5)
    w = Ridge(alpha=0.1, fit_intercept=False).fit(Phi, t).coef_
    assert shown(at, r"J(\mathbf w^*)") == pytest.approx(J(Phi, t, w, 0.1), rel=1e-9)


def test_lambda_zero_is_answered_with_a_sentence():
    at = open_page(FILE)
    at.checkbox(key=KEY.LAM_ZERO).check().run()
    assert not page_errors(at)
    assert any("The dual needs λ > 0" in i.value for i in at.info)


def test_nguyens_misprinted_one_over_n_is_said_with_the_factor_it_would_cost(dual_section):
    """Nguyen's (4) prints −1/N where his (2) gives −1/λ: at the optimum a with 1/N is λ/N times a* (default N = 30
    points, λ = 0.1)."""
    Phi, t = design(3)
    w = Ridge(alpha=0.1, fit_intercept=False).fit(Phi, t).coef_
    a_lam, a_n = -(Phi @ w - t) / 0.1, -(Phi @ w - t) / len(t)
    ratio = float(np.mean(a_n / a_lam))
    words = " ".join(c.value for c in dual_section.caption)
    assert "Nguyen's eq. (4) prints aₙ = −(1/N)" in words and "a misprint" in words
    assert f"= {ratio:.4g} times a*" in words


def test_the_prediction_at_a_new_x_is_the_same_from_w_and_from_a(dual_section):
    """Bishop's notes' and Nguyen's y(x) = wᵀφ(x) = k(x)ᵀ(K + λI)⁻¹t at the section's new point u = 0.5, against
    scikit-learn's Ridge on the explicit features (M × M) and a direct N × N solve."""
    at = dual_section
    Phi, t = design(3)
    phi = np.array([0.5, 0.25, 0.125])                     # φ(x) = (u, u², u³) at u = 0.5
    primal = Ridge(alpha=0.1, fit_intercept=False).fit(Phi, t).predict(phi[None])[0]
    dual = (Phi @ phi) @ np.linalg.solve(Phi @ Phi.T + 0.1 * np.eye(len(t)), t)
    assert primal == pytest.approx(dual, rel=1e-9)
    assert shown(at, r"\boldsymbol\phi(\mathbf x)") == pytest.approx(primal, rel=1e-8)
    assert shown(at, r"\mathbf k(\mathbf x)^\top\mathbf a^*") == pytest.approx(primal, rel=1e-8)
