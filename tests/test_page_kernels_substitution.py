"""AppTest of Kernels › Kernels inside the Gaussian (pages/kernels/substitution.py): the Gram matrix drawn is
exp(−(κ(x, x) + κ(x′, x′) − 2κ(x, x′)) / (2σ²)) computed independently from scikit-learn's kernels; with κ linear it
is scikit-learn's rbf_kernel with γ = 1/(2σ²); the eigenvalues and the verdict; the sigmoid κ's warning; the cap on
the number of points; sources named by author."""
import base64
import json

import numpy as np
import pytest
from sklearn.metrics.pairwise import pairwise_kernels, rbf_kernel

from pages.kernels.compute import CAP
from pages.kernels.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.kernels_sections import PRESET, metric, moons, text
from ui.points import KEY as POINTS
from ui.points import Points

PAGE = "pages/kernels/substitution.py"
CHART = "kernels_subst_gram"
pytestmark = pytest.mark.timeout(600)


def drawn_matrix(at):
    """The heatmap's z (rows and columns in class order) as float64."""
    chart = next(c for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{CHART}"))
    z = json.loads(chart.proto.spec)["data"][0]["z"]
    if isinstance(z, dict):
        z = np.frombuffer(base64.b64decode(z["bdata"]), np.dtype(z["dtype"]))
    z = np.asarray(z, float)
    n = int(round(np.sqrt(z.size)))
    return z.reshape(n, n)


def substituted(X, kappa, sigma):
    """The formula, from a κ Gram matrix computed by scikit-learn."""
    d = np.diag(kappa)
    return np.exp(-(d[:, None] + d[None, :] - 2 * kappa) / (2 * sigma**2))


def in_class_order(K, y):
    order = np.argsort(y, kind="stable")
    return K[np.ix_(order, order)]


def test_default_rbf_inner_kernel_matches_the_formula_and_its_eigenvalues():
    at = open_page(PAGE)
    assert not page_errors(at)
    X, y = moons()
    K = substituted(X, rbf_kernel(X, gamma=1.0), 1.0)
    np.testing.assert_allclose(drawn_matrix(at), in_class_order(K, y), atol=1e-6)   # float32 on the wire
    ev = np.linalg.eigvalsh(K)
    assert metric(at, "Largest λ") == f"{ev[-1]:.3g}"
    assert metric(at, "Negative λ") == "0"
    assert any("valid Gram matrix" in s.value for s in at.success)


def test_with_a_linear_inner_kernel_it_is_the_rbf_kernel_with_gamma_one_over_two_sigma_squared():
    at = open_page(PAGE)
    at.selectbox(key=KEY.kernel).set_value("linear").run()
    at.select_slider(key=KEY.sigma).set_value(0.5).run()
    assert not page_errors(at)
    X, y = moons()
    np.testing.assert_allclose(drawn_matrix(at), in_class_order(rbf_kernel(X, gamma=2.0), y), atol=1e-6)
    label, value = next((m.label, m.value) for m in at.metric if m.label.startswith("κ linear"))
    assert "γ = 1/(2σ²) = 2" in label and float(value) < 1e-12
    tex = " ".join(e.body for e in at.latex)
    assert r"\sigma = 0.5" in tex and r"\kappa(\mathbf{x},\mathbf{x}') = \mathbf{x}^\top\mathbf{x}'" in tex


def test_a_polynomial_inner_kernel_and_sigma_two():
    at = open_page(PAGE)
    at.selectbox(key=KEY.kernel).set_value("poly").run()
    at.select_slider(key=KEY.sigma).set_value(2.0).run()
    assert not page_errors(at)
    X, y = moons()
    kappa = pairwise_kernels(X, metric="poly", degree=2, gamma=1.0, coef0=1.0)
    np.testing.assert_allclose(drawn_matrix(at), in_class_order(substituted(X, kappa, 2.0), y), atol=1e-6)


def test_a_sigmoid_inner_kernel_is_warned_about_and_its_negative_eigenvalues_counted():
    at = open_page(PAGE)
    at.selectbox(key=KEY.kernel).set_value("sigmoid").run()
    at.select_slider(key=KEY.gamma).set_value(2.0).run()
    at.slider(key=KEY.coef0).set_value(-1.0).run()
    assert not page_errors(at)
    X, _ = moons()
    K = substituted(X, pairwise_kernels(X, metric="sigmoid", gamma=2.0, coef0=-1.0), 1.0)
    ev = np.linalg.eigvalsh(K)
    negative = int(np.sum(ev < -1e-8 * np.max(np.abs(ev))))
    assert metric(at, "Negative λ") == str(negative)
    assert any("not a Mercer kernel" in w.value for w in at.warning)


def test_the_exercise_sets_the_linear_inner_kernel():
    at = open_page(PAGE)
    at.radio(key="kernels_ex_kernels_subst_linear").set_value(1).run()
    at.button(key="kernels_ex_kernels_subst_linear_check").click().run()
    assert at.selectbox(key=KEY.kernel).value == "linear" and at.select_slider(key=KEY.sigma).value == 1.0
    assert any("Right" in s.value for s in at.success)


def test_more_points_than_the_cap_use_a_subsample_and_say_so():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(CAP + 100, 2))
    y = np.where(rng.random(len(X)) < 0.5, -1, 1)
    at = open_page(PAGE)
    at.session_state[POINTS] = Points(X, y, PRESET, edited=True)
    at.run()
    assert not page_errors(at)
    assert f"this section uses a fixed random {CAP} of them" in text(at)
    assert drawn_matrix(at).shape[0] <= CAP


def test_sources_are_named_by_author():
    words = text(open_page(PAGE))
    assert "Nguyen" in words and "Bishop's notes" in words and "seed 00" not in words.lower()
