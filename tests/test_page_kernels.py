"""AppTest of the Kernels sections (pages/kernels/): numbers plugged into formulas (checked against closed forms and
scikit-learn), the lecture notes' notations named by author, the sigmoid's and the r < 0 polynomial's negative
eigenvalues with the right reason, the exercises' Check buttons, and bad data (empty, one point, overflowing points)
answered with a sentence. The closure rules, geometry in feature space and the two counterexamples are in
tests/test_page_kernels_geometry.py."""
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
    GRAM,
    KERNEL,
    PRESET,
    SECTIONS,
    latex,
    metric,
    moons,
    text,
)
from ui.points import KEY as POINTS
from ui.points import Points

pytestmark = pytest.mark.timeout(600)


def with_points(file, X, y):
    at = open_page(file)
    at.session_state[POINTS] = Points(np.asarray(X, float), np.asarray(y, int), PRESET, edited=True)
    at.run()
    return at


# ---------------------------------------------------------------- the kernel k(x, x₀)
def test_formula_shows_the_current_gamma_and_the_other_notations():
    at = open_page(KERNEL)
    at.select_slider(key=KEY.gamma).set_value(2.0).run()
    assert at.select_slider(key=KEY.gamma).value == 2.0
    tex = latex(at)
    assert r"\exp\!\left(-2\," in tex
    assert r"\sigma = \tfrac{1}{\sqrt{2\gamma}} = 0.5" in tex          # 1 / sqrt(2 * 2)
    assert r"h = \tfrac{1}{\sqrt{\gamma}} = 0.7071" in tex              # 1 / sqrt(2)


def test_sources_are_named_by_author_and_nguyens_missing_square_is_said():
    """Issue 21 item 19: the squared Gaussian is Bishop's notes' form; Nguyen prints it without the square, and the
    page says the app corrected that; no "seed 00X" on screen."""
    at = open_page(KERNEL)
    words = text(at)
    assert "Bishop's notes, Nguyen" in words and "Kriege" in words
    assert "without the square" in words and "‖x − y‖²" in words
    assert "Seed" not in words and "seed 00" not in words


def test_the_surface_is_the_kernel_against_sklearn():
    """k(x, x₀) on the plotted grid equals scikit-learn's rbf_kernel at the same points (x₀ moved off the origin)."""
    at = open_page(KERNEL)
    at.slider(key=KEY.x0a).set_value(0.5).run()
    at.slider(key=KEY.x0b).set_value(-1.0).run()
    chart = next(c for c in at.get("plotly_chart") if c.proto.id.endswith("-kernels_surface"))
    trace = json.loads(chart.proto.spec)["data"][0]
    xs = np.frombuffer(base64.b64decode(trace["x"]["bdata"]), np.float32).astype(float)
    z = np.frombuffer(base64.b64decode(trace["z"]["bdata"]), np.float32).reshape(len(xs), len(xs))
    g1, g2 = np.meshgrid(np.linspace(-3, 3, len(xs)), np.linspace(-3, 3, len(xs)))
    ref = pairwise_kernels(np.c_[g1.ravel(), g2.ravel()], [[0.5, -1.0]], metric="rbf", gamma=1.0)
    np.testing.assert_allclose(z.ravel(), ref.ravel(), atol=1e-6)


def test_negative_offset_renders_as_minus_and_explains_the_polynomial():
    """Issue 21 item 18: (γ xᵀy − 1)^m, never "+ -1"; the warning says why this polynomial is not PSD and names no
    sigmoid."""
    at = open_page(KERNEL)
    at.selectbox(key=KEY.kernel).set_value("poly").run()
    at.slider(key=KEY.coef0).set_value(-1.0).run()
    assert not page_errors(at)
    tex = latex(at)
    assert r"\mathbf{x}^\top\mathbf{y} - 1)" in tex and "+ -" not in tex
    warning = " ".join(str(w.value) for w in at.warning)
    assert "r = -1 < 0" in warning and "binomial" in warning and "sigmoid" not in warning.lower()


def test_check_sets_a_large_gamma_on_the_kernel_section():
    at = open_page(KERNEL)
    at.radio(key="kernels_ex_kernels_rbf_gamma").set_value(1).run()
    at.button(key="kernels_ex_kernels_rbf_gamma_check").click().run()
    assert at.selectbox(key=KEY.kernel).value == "rbf" and at.select_slider(key=KEY.gamma).value == 10.0
    assert any("Right" in s.value for s in at.success)


# ---------------------------------------------------------------- the Gram matrix
def test_rbf_gram_matrix_is_psd_and_its_eigenvalues_match_numpy():
    at = open_page(GRAM)
    assert metric(at, "Negative λ") == "0"
    assert any("valid Gram matrix" in s.value for s in at.success)
    X, _ = moons()
    ev = np.linalg.eigvalsh(pairwise_kernels(X, metric="rbf", gamma=1.0))
    assert metric(at, "Largest λ") == f"{ev[-1]:.3g}"


def test_sigmoid_shows_negative_eigenvalues_plainly():
    at = open_page(GRAM)
    at.selectbox(key=KEY.kernel).set_value("sigmoid").run()
    at.select_slider(key=KEY.gamma).set_value(2.0).run()
    at.slider(key=KEY.coef0).set_value(-1.0).run()
    assert not page_errors(at)
    X, _ = moons()
    ev = np.linalg.eigvalsh(pairwise_kernels(X, metric="sigmoid", gamma=2.0, coef0=-1.0))
    negative = int(np.sum(ev < -1e-8 * np.max(np.abs(ev))))
    assert negative > 0 and metric(at, "Negative λ") == str(negative)
    assert any("not positive semi-definite" in e.value for e in at.error)
    assert any("sigmoid" in w.value for w in at.warning)


def test_polynomial_with_negative_offset_is_not_psd_for_its_own_reason():
    at = open_page(GRAM)
    at.radio(key="kernels_ex_kernels_poly_negative_r").set_value(1).run()
    at.button(key="kernels_ex_kernels_poly_negative_r_check").click().run()
    assert not page_errors(at)
    assert at.selectbox(key=KEY.kernel).value == "poly" and at.slider(key=KEY.coef0).value == -1.0
    X, _ = moons()
    ev = np.linalg.eigvalsh(pairwise_kernels(X, metric="poly", degree=2, gamma=1.0, coef0=-1.0))
    assert ev[0] < -1e-8 * np.max(np.abs(ev)) and int(metric(at, "Negative λ")) > 0
    warning = " ".join(str(w.value) for w in at.warning)
    assert "r = -1 < 0" in warning and "sigmoid" not in warning.lower()


def test_check_button_sets_the_revealing_configuration():
    at = open_page(GRAM)
    at.radio(key="kernels_ex_kernels_sigmoid").set_value(1).run()
    at.button(key="kernels_ex_kernels_sigmoid_check").click().run()
    assert at.selectbox(key=KEY.kernel).value == "sigmoid"
    assert at.slider(key=KEY.coef0).value == -1.0
    assert any("Right" in s.value and "r ≥ 0" in s.value for s in at.success)   # Held's claim, with r ≥ 0


def test_empty_data_set_gets_a_sentence_not_a_traceback():
    at = with_points(GRAM, np.empty((0, 2)), np.empty(0, int))
    assert not page_errors(at)
    assert any("fewer than two points" in w.value for w in at.warning)


@pytest.mark.parametrize("file", SECTIONS)
def test_one_point_data_set_still_renders(file):
    at = with_points(file, [[0.0, 1.0]], [1])
    assert not page_errors(at)


def test_gram_heatmap_cells_sit_where_their_labels_say():
    """The Gram heatmap names rows and columns by the original point indices (sorted by class). Each cell
    must be K[i, j] of the labels it is drawn at: on category axes, and, for the RBF kernel, 1 exactly where
    the row and column label are the same point (and below 1 elsewhere, the points being distinct)."""
    at = open_page(GRAM)
    chart = next(c for c in at.get("plotly_chart") if c.proto.id.endswith("-kernels_gram"))
    spec = json.loads(chart.proto.spec)
    trace, layout = spec["data"][0], spec["layout"]
    assert layout["xaxis"]["type"] == "category" and layout["yaxis"]["type"] == "category"
    z = np.frombuffer(base64.b64decode(trace["z"]["bdata"]), np.float32).reshape(len(trace["y"]), len(trace["x"]))
    same = np.array(trace["y"])[:, None] == np.array(trace["x"])[None, :]
    assert same.sum() == len(trace["x"]) and sorted(map(int, trace["x"])) == list(range(len(trace["x"])))
    np.testing.assert_allclose(z[same], 1.0, atol=1e-6)
    assert z[~same].max() < 1.0
    X, _ = moons()       # and every cell is scikit-learn's K[i, j]
    rows, cols = np.array(trace["y"], int), np.array(trace["x"], int)
    np.testing.assert_allclose(z, pairwise_kernels(X, metric="rbf", gamma=1.0)[np.ix_(rows, cols)], atol=1e-6)


def decades(ev):
    """|λ| in decades above the floor of a 6-decade log axis that ends at the smallest power of ten ≥ max|λ|, and
    that axis's tick labels (an oracle written apart from pages.kernels.figures.log_bars)."""
    top = np.abs(ev).max()
    k = math.ceil(math.log10(top) - 1e-9)
    floor = 10.0 ** (k - 6)
    sup = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
    return np.log10(np.maximum(np.abs(ev), floor) / floor), [f"10{str(k - 6 + d).translate(sup)}" for d in (0, 2, 4, 6)]


def test_the_spectrum_opens_on_a_log_axis_every_eigenvalues_magnitude_and_the_negative_ones_red():
    """Issue 33: on a linear axis 120 bars look like one spike. The section opens on |λ| over six decades, each bar
    log10(|λ| / floor) tall on an axis labelled 10^k, and the significantly negative eigenvalues red."""
    at = open_page(GRAM)
    at.selectbox(key=KEY.kernel).set_value("sigmoid").run()
    at.select_slider(key=KEY.gamma).set_value(2.0).run()
    at.slider(key=KEY.coef0).set_value(-1.0).run()
    assert not page_errors(at) and at.segmented_control(key=KEY.scale).value == "log |λ|"
    chart = next(c for c in at.get("plotly_chart") if c.proto.id.endswith("-kernels_spectrum"))
    spec = json.loads(chart.proto.spec)
    trace, axis = spec["data"][0], spec["layout"]["yaxis"]
    bars = np.frombuffer(base64.b64decode(trace["y"]["bdata"]), np.float32)
    colour = np.frombuffer(base64.b64decode(trace["marker"]["color"]["bdata"]), np.int8)
    X, _ = moons()
    ev = np.sort(np.linalg.eigvalsh(pairwise_kernels(X, metric="sigmoid", gamma=2.0, coef0=-1.0)))[::-1]
    top = np.abs(ev).max()
    heights, ticks = decades(ev)
    assert "log" in axis["title"]["text"] and axis["ticktext"] == ticks and axis["tickvals"] == [0, 2, 4, 6]
    np.testing.assert_allclose(bars, heights, atol=1e-4)
    assert bars.max() > 5 and np.sum(bars > 1) >= 10     # not one spike: many bars of visible height
    assert np.array_equal(colour == 1, ev < -1e-8 * top) and colour.sum() > 0   # red: significantly negative
    at.segmented_control(key=KEY.scale).set_value("linear λ").run()      # the linear axis stays a choice
    chart = next(c for c in at.get("plotly_chart") if c.proto.id.endswith("-kernels_spectrum"))
    trace = json.loads(chart.proto.spec)["data"][0]
    np.testing.assert_allclose(np.frombuffer(base64.b64decode(trace["y"]["bdata"]), np.float32), ev, rtol=1e-4,
                               atol=1e-4 * top)


HUGE = "*|1e200,0,+;0,0,-;1,1,+;-1e200,3,-"     # issue 21 item 4


def test_overflowing_points_get_a_sentence_and_are_kept():
    """xᵀMx′ of points near 1e200 overflows: the section says so and keeps the points (no traceback)."""
    X = np.array([[1e200, 0.0], [0.0, 0.0], [1.0, 1.0], [-1e200, 3.0]])
    at = with_points(BILINEAR, X, [1, -1, 1, -1])
    assert not page_errors(at)
    assert any("cannot be computed" in w.value and "overflowed" in w.value for w in at.warning)
    assert len(at.session_state[POINTS].y) == 4
    assert any("symmetric PSD" in s.value for s in at.success)      # the verdict on M itself still stands


@pytest.mark.parametrize("file", SECTIONS)
def test_the_overflowing_link_opens_every_section(file):
    at = open_page(file, query={"pts": HUGE})
    assert not page_errors(at), f"{file}: {page_errors(at)}"


def test_helds_k_at_least_zero_is_measured_on_the_picture_and_answered():
    """Held's first slide asks k ≥ 0: the linear kernel with x₀ = (1, 0) runs from −3 to 3 on [−3, 3]² (xᵀx₀ = x₁),
    and is a kernel all the same; the RBF stays in (0, 1]. Bishop's notes' memory-based methods are said too."""
    at = open_page(KERNEL)
    at.selectbox(key=KEY.kernel).set_value("linear").run()
    at.slider(key=KEY.x0a).set_value(1.0).run()
    assert not page_errors(at)
    words = text(at)
    assert "k(x, y) ≥ 0" in words and "k(x, x₀) runs from -3 to 3, below 0." in words
    assert "positive semi-definite Gram matrix" in words and "memory-based" in words
    at.selectbox(key=KEY.kernel).set_value("rbf").run()
    assert math.exp(-1.0 * ((-3 - 1) ** 2 + 3 ** 2)) == pytest.approx(1.389e-11, rel=1e-3)   # the farthest corner
    assert "k(x, x₀) runs from 1.39 × 10⁻¹¹ to 1. " in text(at)


def test_gram_section_names_sugiyamas_and_krieges_psd_conditions():
    at = open_page(GRAM)
    assert not page_errors(at)
    words = text(at)
    assert "Sugiyama writes the same two conditions" in words and "⟨Ky, y⟩ ≥ 0" in words
    assert "every eigenvalue ≥ 0" in words
