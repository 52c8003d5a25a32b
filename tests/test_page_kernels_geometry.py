"""AppTest of the Kernels sections' rules and counterexamples (pages/kernels/): the closure rules' sum check and the
composed spectrum against scikit-learn, a composed polynomial with a negative offset, geometry in feature space
against its closed forms (and a sentence where a self-similarity is negative), the sin-cos kernel reported not
symmetric and the bilinear kernel's verdict following the eigenvalues of M."""
import base64
import json
import math

import numpy as np
import pytest
from sklearn.metrics.pairwise import pairwise_kernels

from pages.kernels.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.kernels_sections import (
    BILINEAR,
    CLOSURE,
    GEOMETRY,
    NOT_SYMMETRIC,
    latex,
    moons,
    text,
)

pytestmark = pytest.mark.timeout(600)


# ---------------------------------------------------------------- closure rules
def test_sum_rule_check_and_the_composed_spectrum_against_sklearn():
    at = open_page(CLOSURE)
    at.radio(key="kernels_ex_kernels_sum").set_value(0).run()
    at.button(key="kernels_ex_kernels_sum_check").click().run()
    assert not page_errors(at) and at.selectbox(key=KEY.op).value == "sum"
    X, _ = moons()
    K = pairwise_kernels(X, metric="rbf", gamma=1.0) + X @ X.T
    chart = next(c for c in at.get("plotly_chart") if c.proto.id.endswith("-kernels_compose_spectrum"))
    bars = json.loads(chart.proto.spec)["data"][0]["y"]
    ev = np.frombuffer(base64.b64decode(bars["bdata"]), np.float32)
    np.testing.assert_allclose(ev, np.linalg.eigvalsh(K)[::-1], rtol=1e-4, atol=1e-3)
    assert any("composed K is a valid Gram matrix" in s.value for s in at.success)
    words = text(at)
    assert "Bishop's notes list all ten rules" in words and "Sugiyama" in words and "Kriege" in words


def test_composed_polynomial_with_negative_offset_renders_minus():
    at = open_page(CLOSURE)
    at.selectbox(key=KEY.kernel).set_value("poly").run()
    at.slider(key=KEY.coef0).set_value(-1.0).run()
    assert not page_errors(at)
    assert "+ -" not in latex(at) and "- 1)" in latex(at)
    assert any("polynomial kernel with r < 0" in w.value for w in at.warning)


# ---------------------------------------------------------------- geometry in feature space
def test_geometry_numbers_are_the_closed_forms():
    """For the RBF kernel ‖φ(x)‖ = 1, ‖φ(xᵢ) − φ(xⱼ)‖ = √(2 − 2k) and cos θ = k (Sugiyama), k from scikit-learn."""
    at = open_page(GEOMETRY)
    at.number_input(key=KEY.j).set_value(5).run()
    X, _ = moons()
    k = pairwise_kernels(X[[0]], X[[5]], metric="rbf", gamma=1.0)[0, 0]
    tex = latex(at)
    assert f"k_{{ij}} &= {k:.4g}" in tex
    assert f"&= {math.sqrt(2 - 2 * k):.4g}" in tex
    assert rf"\cos\theta &= \frac{{k_{{ij}}}}{{\sqrt{{k_{{ii}}\,k_{{jj}}}}}} = {k:.4g}" in tex


def test_geometry_of_a_kernel_with_negative_self_similarity_is_a_sentence():
    at = open_page(GEOMETRY)
    at.selectbox(key=KEY.kernel).set_value("sigmoid").run()
    at.slider(key=KEY.coef0).set_value(-3.0).run()
    assert not page_errors(at)
    assert any("negative" in e.value for e in at.error)


# ---------------------------------------------------------------- the two counterexamples
def test_sin_cos_is_reported_not_symmetric():
    at = open_page(NOT_SYMMETRIC)
    assert not page_errors(at)
    assert any("not symmetric" in e.value for e in at.error)
    table = at.dataframe[0].value.to_numpy()
    x = np.array([0.0, np.pi / 2, np.pi / 4, 1.0])
    np.testing.assert_allclose(table, np.round(np.outer(np.sin(x), np.cos(x)), 3))


def test_bilinear_verdict_follows_the_eigenvalues_of_M():
    at = open_page(BILINEAR)
    assert any("symmetric PSD" in s.value for s in at.success)
    at.radio(key="kernels_ex_kernels_bilinear").set_value(1).run()
    at.button(key="kernels_ex_kernels_bilinear_check").click().run()
    assert [at.number_input(key=k).value for k in KEY.M] == [1.0, 2.0, 2.0, 1.0]
    assert any("negative eigenvalue" in e.value for e in at.error)
    assert r"\lambda = 3,\ -1" in latex(at)
    at.number_input(key=KEY.M[1]).set_value(0.0).run()              # M₁₂ ≠ M₂₁
    assert any("not symmetric" in e.value for e in at.error)
