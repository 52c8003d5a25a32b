"""AppTest of Kernels › Closure rules with all ten of Bishop's rules and the generative kernel: each new rule's
spectrum against the eigenvalues of a Gram matrix built independently (double loops, handwritten feature maps,
scikit-learn, scipy's normal density), its verdict, the generative kernel's rank one, old links to the first five
rules, and a rule's own controls shown only for that rule."""
import base64
import json
import math

import numpy as np
import pytest
from scipy.stats import multivariate_normal
from sklearn.datasets import make_moons
from sklearn.metrics.pairwise import pairwise_kernels

from pages.kernels.settings import KEY
from tests.app_pages import open_page, page_errors

CLOSURE = "pages/kernels/closure.py"
pytestmark = pytest.mark.timeout(600)


def moons():
    X, _ = make_moons(120, noise=0.1, random_state=0)
    return X


def spectrum(at):
    chart = next(c for c in at.get("plotly_chart") if c.proto.id.endswith("-kernels_compose_spectrum"))
    bars = json.loads(chart.proto.spec)["data"][0]["y"]
    return np.frombuffer(base64.b64decode(bars["bdata"]), np.float32)


def expect_spectrum(at, K):
    ev = np.linalg.eigvalsh(K)[::-1]
    np.testing.assert_allclose(spectrum(at), ev, rtol=1e-4, atol=1e-4 * max(abs(ev[0]), 1e-30))


def valid(at):
    assert not page_errors(at) and not at.error
    assert any("composed K is a valid Gram matrix" in s.value for s in at.success)


@pytest.fixture(scope="module")
def closure_section():
    return open_page(CLOSURE)


def test_rule_2_f_times_k_times_f_is_the_double_loop(closure_section):
    at = closure_section
    at.selectbox(key=KEY.op).set_value("warp").run()
    at.selectbox(key=KEY.f).set_value("exp_x1").run()
    X = moons()
    K = np.array([[math.exp(a[0]) * math.exp(-np.sum((a - b) ** 2)) * math.exp(b[0]) for b in X] for a in X])
    expect_spectrum(at, K)
    valid(at)
    assert r"e^{x_{1}}\left[\exp(-1\,\|x-y\|_2^2)\right]e^{y_{1}}" in " ".join(e.body for e in at.latex)


def test_rule_7_rbf_on_the_degree_2_features(closure_section):
    at = closure_section
    at.selectbox(key=KEY.op).set_value("feature_map").run()
    X = moons()
    P = np.c_[X[:, 0] ** 2, math.sqrt(2) * X[:, 0] * X[:, 1], X[:, 1] ** 2]
    expect_spectrum(at, pairwise_kernels(P, metric="rbf", gamma=1.0))
    valid(at)


def test_rule_8_x_a_x_with_a_from_b(closure_section):
    at = closure_section
    at.selectbox(key=KEY.op).set_value("matrix").run()
    for key, v in zip(KEY.B, (1.5, -0.5, 0.3)):
        at.slider(key=key).set_value(v).run()
    B = np.array([[1.5, -0.5], [0.0, 0.3]])
    X = moons()
    expect_spectrum(at, X @ (B.T @ B) @ X.T)
    valid(at)
    assert "not used by this rule" in " ".join(c.value for c in at.caption)


@pytest.mark.parametrize("op", ["sub_sum", "sub_product"])
def test_rules_9_and_10_kernels_on_the_two_coordinates(closure_section, op):
    at = closure_section
    at.selectbox(key=KEY.op).set_value(op).run()
    X = moons()
    ka = pairwise_kernels(X[:, [0]], metric="rbf", gamma=1.0)
    kb = np.outer(X[:, 1], X[:, 1])        # the second kernel's default: linear
    expect_spectrum(at, ka + kb if op == "sub_sum" else ka * kb)
    valid(at)


def test_generative_kernel_has_rank_one(closure_section):
    at = closure_section
    at.selectbox(key=KEY.op).set_value("generative").run()
    at.slider(key=KEY.p_sigma).set_value(1.2).run()
    X = moons()
    mu = (at.slider(key=KEY.p_mu[0]).value, at.slider(key=KEY.p_mu[1]).value)
    p = multivariate_normal(mu, 1.2**2 * np.eye(2)).pdf(X)
    ev = spectrum(at)
    np.testing.assert_allclose(ev[0], p @ p, rtol=1e-5)
    assert np.all(np.abs(ev[1:]) < 1e-6 * ev[0])
    assert next(m.value for m in at.metric if m.label.startswith("Rank of K")) == "1"
    valid(at)


def test_a_rules_own_controls_appear_only_for_that_rule(closure_section):
    at = closure_section
    at.selectbox(key=KEY.op).set_value("exp").run()
    keys = {w.key for w in (*at.slider, *at.selectbox)}
    assert not keys & {KEY.f, KEY.phi, *KEY.B, *KEY.p_mu, KEY.p_sigma, KEY.kernel2}
    at.selectbox(key=KEY.op).set_value("warp").run()
    assert KEY.f in {w.key for w in at.selectbox} and not {*KEY.B} & {w.key for w in at.slider}


@pytest.mark.parametrize("label, op", [("k₁ · k₂", "product"), ("exp(k₁)", "exp"), ("c · k₁ (c > 0)", "scale")])
def test_links_written_before_the_new_rules_still_open_their_rule(label, op):
    at = open_page(CLOSURE, query={KEY.op: label})
    assert not page_errors(at) and at.selectbox(key=KEY.op).value == op


def test_generative_exercise_reveal_opens_the_rule():
    at = open_page(CLOSURE)
    at.radio(key="kernels_ex_kernels_generative_rank").set_value(at.radio(
        key="kernels_ex_kernels_generative_rank").options[1]).run()
    at.button(key="kernels_ex_kernels_generative_rank_check").click().run()
    assert not page_errors(at) and at.selectbox(key=KEY.op).value == "generative"


def test_the_composed_gram_matrix_is_drawn_under_its_spectrum(closure_section):
    """Each rule shows its Gram matrix too (issue 23: a Gram matrix, spectrum and verdict per rule): the heatmap is
    the double-loop K of rule 2, rows and columns ordered by class."""
    at = closure_section
    at.selectbox(key=KEY.op).set_value("warp").run()
    at.selectbox(key=KEY.f).set_value("exp_x1").run()
    X, y = make_moons(120, noise=0.1, random_state=0)
    y = np.where(y == 1, 1, -1)
    K = np.array([[math.exp(a[0]) * math.exp(-np.sum((a - b) ** 2)) * math.exp(b[0]) for b in X] for a in X])
    chart = next(c for c in at.get("plotly_chart") if c.proto.id.endswith("-kernels_compose_gram"))
    z = json.loads(chart.proto.spec)["data"][0]["z"]
    shown = np.frombuffer(base64.b64decode(z["bdata"]), np.float32).reshape(120, 120)
    order = np.argsort(y, kind="stable")
    np.testing.assert_allclose(shown, K[np.ix_(order, order)], rtol=1e-5, atol=1e-6)


def test_pairwise_data_kernel_is_the_kronecker_product_of_users_and_products(closure_section):
    """Kriege's pairwise data: the pairs' Gram matrix shown is the double loop k_user(u, u′) · k_product(p, p′) over
    the six (user, product) pairs, with the bar's RBF kernel as both; PSD, its smallest eigenvalue the smallest
    product of the two spectra."""
    at = closure_section
    at.selectbox(key=KEY.op).set_value("sum").run()
    users, products = (-1.0, 0.0, 1.5), (-0.5, 1.0)
    gamma = float(at.session_state[KEY.gamma]) if at.session_state[KEY.kernel] == "rbf" else None
    assert gamma is not None, "the bar's default kernel is RBF"
    k = lambda a, b: math.exp(-gamma * (a - b) ** 2)   # noqa: E731
    pairs = [(u, p) for u in users for p in products]
    loop = np.array([[k(u, v) * k(p, q) for v, q in pairs] for u, p in pairs])
    shown = at.dataframe[0].value
    np.testing.assert_allclose(np.asarray(shown, float), loop, rtol=1e-12)
    assert list(shown.index)[:2] == ["(u1, p1)", "(u1, p2)"]
    assert any("K_user ⊗ K_product is a valid Gram matrix" in s.value for s in at.success)
    ku = np.linalg.eigvalsh([[k(a, b) for b in users] for a in users])
    kp = np.linalg.eigvalsh([[k(a, b) for b in products] for a in products])
    text = " ".join(m.value for m in at.markdown)
    assert f"smallest here {np.min(np.outer(ku, kp)):.3g}" in text
    assert r"K = K_{\text{user}} \otimes K_{\text{product}}" in " ".join(e.body for e in at.latex)
