"""AppTest of Kernels › Why K is PSD: vᵀKv shown from K equals ‖Σ vᵢ φ(xᵢ)‖² from the features, both against
scikit-learn's Gram matrix and the degree-2 map written out by hand; the cells of the main chart add up to vᵀKv;
for the polynomial kernel with r < 0 the button finds numpy's most negative eigenvector and vᵀKv < 0."""
import base64
import json
import math

import numpy as np
import pytest
from sklearn.datasets import make_moons
from sklearn.metrics.pairwise import pairwise_kernels

from pages.kernels.settings import KEY
from tests.app_pages import open_page, page_errors

WHY = "pages/kernels/why_psd.py"
V0 = np.array([1.0, -0.5, 0.5, -1.0, 0.25])
pytestmark = pytest.mark.timeout(600)


def points(n=5):
    X, _ = make_moons(120, noise=0.1, random_state=0)
    return X[np.unique(np.linspace(0, 119, n).round().astype(int))]


def metric(at, start):
    return float(next(m.value for m in at.metric if m.label.startswith(start)))


def chart(at, key):
    c = next(c for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}"))
    return json.loads(c.proto.spec)["data"][0]


def array(field):
    if isinstance(field, dict):
        a = np.frombuffer(base64.b64decode(field["bdata"]), np.dtype(field["dtype"]))
        return a.reshape([int(s) for s in str(field["shape"]).split(",")]) if "shape" in field else a
    return np.asarray(field, float)


def phi(x):   # the map of (xᵀy + 1)² written out (Held's six features)
    return np.array([1, math.sqrt(2) * x[0], math.sqrt(2) * x[1], x[0] ** 2, math.sqrt(2) * x[0] * x[1], x[1] ** 2])


@pytest.fixture(scope="module")
def why_psd_section():
    return open_page(WHY)


def test_rbf_both_ways_equal_sklearns_quadratic_form_and_the_cells_add_up(why_psd_section):
    at = why_psd_section
    assert not page_errors(at)
    K = pairwise_kernels(points(), metric="rbf", gamma=1.0)
    vkv = V0 @ K @ V0
    assert metric(at, "vᵀKv") == pytest.approx(vkv, rel=1e-3)
    assert metric(at, "‖Σ") == pytest.approx(vkv, rel=1e-3)
    cells = array(chart(at, "kernels_vkv")["z"])
    np.testing.assert_allclose(cells, np.outer(V0, V0) * K, rtol=1e-5, atol=1e-6)
    assert cells.sum() == pytest.approx(vkv, rel=1e-4)


def test_polynomial_features_written_out_give_the_same_number(why_psd_section):
    at = why_psd_section
    at.selectbox(key=KEY.kernel).set_value("poly").run()
    at.select_slider(key=KEY.gamma).set_value(1.0).run()
    at.slider(key=KEY.degree).set_value(2).run()
    at.slider(key=KEY.coef0).set_value(1.0).run()
    X = points()
    w = sum(v * phi(x) for v, x in zip(V0, X))
    K = pairwise_kernels(X, metric="polynomial", degree=2, gamma=1.0, coef0=1.0)
    assert metric(at, "‖Σ") == pytest.approx(w @ w, rel=1e-3)
    assert metric(at, "vᵀKv") == pytest.approx(V0 @ K @ V0, rel=1e-3)
    bars = chart(at, "kernels_vkv_features")
    np.testing.assert_allclose(array(bars["y"]), w, rtol=1e-5, atol=1e-6)
    assert len(bars["x"]) == 6
    tex = " ".join(e.body for e in at.latex)
    assert f"= {w @ w:.4g}" in tex and r"\ge 0" in tex


def test_find_a_negative_v_for_the_polynomial_with_negative_offset(why_psd_section):
    at = why_psd_section
    at.selectbox(key=KEY.kernel).set_value("poly").run()
    at.slider(key=KEY.coef0).set_value(-1.0).run()
    button = at.button(key="kernels_v_negative")
    assert not button.disabled
    button.click().run()
    K = pairwise_kernels(points(), metric="polynomial", degree=2, gamma=1.0, coef0=-1.0)
    ev, V = np.linalg.eigh(K)
    u = V[:, 0] / np.max(np.abs(V[:, 0]))
    v = np.array([at.slider(key=KEY.v(i)).value for i in range(5)])
    np.testing.assert_allclose(np.abs(v), np.abs(np.round(u, 2)), atol=0.011)
    assert ev[0] < 0 and metric(at, "vᵀKv") == pytest.approx(v @ K @ v, rel=1e-3) and v @ K @ v < 0
    assert any("not a kernel" in e.value for e in at.error)
    assert next(m.value for m in at.metric if m.label.startswith("‖Σ")) == "no real φ"


def test_the_button_is_off_for_a_kernel_and_the_poly_shortcut():
    at = open_page(WHY)
    assert at.button(key="kernels_v_negative").disabled         # RBF: K is PSD, no v gives vᵀKv < 0
    at.button(key="kernels_v_poly").click().run()
    assert not page_errors(at) and at.selectbox(key=KEY.kernel).value == "poly"
    at.segmented_control(key=KEY.n_v).set_value(6).run()
    assert not page_errors(at) and len(array(chart(at, "kernels_vkv")["z"])) == 6
    at.button(key="kernels_v_random").click().run()
    v = np.array([at.slider(key=KEY.v(i)).value for i in range(6)])
    assert not page_errors(at) and np.all(np.abs(v) <= 1)
    assert metric(at, "vᵀKv") == pytest.approx(metric(at, "‖Σ"), rel=1e-3, abs=1e-6)


def test_the_linear_kernels_rank_two_K_reads_as_psd_not_as_a_tiny_negative_number():
    """Five points in 2-D: the linear kernel's K = XXᵀ has rank 2, numpy's smallest eigenvalue is round-off of
    either sign; the caption says ≈ 0 instead of printing it (a PSD K must not read as λ_min = −3e−17)."""
    at = open_page(WHY)
    at.selectbox(key=KEY.kernel).set_value("linear").run()
    assert not page_errors(at)
    P = points()
    assert abs(np.linalg.eigvalsh(P @ P.T)[0]) < 1e-12
    text = " ".join(c.value for c in at.caption)
    assert "K's smallest eigenvalue: ≈ 0 (round-off)" in text
