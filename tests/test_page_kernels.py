"""AppTest of the Kernels page: numbers plugged into formulas, the sigmoid's negative eigenvalues,
the exercises' Check button, and an empty data set answered with a sentence."""
import numpy as np

from tests.app_pages import open_page, page_errors
from ui.points import Points

FILE = "pages/kernels/page.py"


def latex(at):
    return " ".join(e.body for e in at.latex)


def metric(at, label):
    return next(m.value for m in at.metric if m.label == label)


def test_formula_shows_the_current_gamma_and_the_other_notations():
    at = open_page(FILE)
    at.select_slider(key="kernels_gamma").set_value(2.0).run()
    assert at.select_slider(key="kernels_gamma").value == 2.0
    text = latex(at)
    assert r"\exp\!\left(-2\," in text
    assert r"\sigma = \tfrac{1}{\sqrt{2\gamma}} = 0.5" in text          # 1 / sqrt(2 * 2)
    assert r"h = \tfrac{1}{\sqrt{\gamma}} = 0.7071" in text              # 1 / sqrt(2)


def test_sigmoid_shows_negative_eigenvalues_plainly():
    at = open_page(FILE)
    at.selectbox(key="kernels_kernel").select_index(4).run()           # Sigmoid (not PSD)
    at.select_slider(key="kernels_gamma").set_value(2.0).run()
    at.slider(key="kernels_coef0").set_value(-1.0).run()
    assert not page_errors(at)
    assert int(metric(at, "Negative eigenvalues")) > 0
    assert any("not positive semi-definite" in e.value for e in at.error)


def test_rbf_gram_matrix_is_psd():
    at = open_page(FILE)
    assert metric(at, "Negative eigenvalues") == "0"
    assert any("valid Gram matrix" in s.value for s in at.success)


def test_check_button_sets_the_revealing_configuration():
    at = open_page(FILE)
    at.radio(key="kernels_ex_kernels_sigmoid").set_value(1).run()
    at.button(key="kernels_ex_kernels_sigmoid_check").click().run()
    assert at.selectbox(key="kernels_kernel").value == "sigmoid"
    assert at.slider(key="kernels_coef0").value == -1.0
    assert any("Right" in s.value for s in at.success)


def test_empty_data_set_gets_a_sentence_not_a_traceback():
    at = open_page(FILE)
    at.session_state["points_state"] = Points(np.empty((0, 2)), np.empty(0, int), ("moons", 120, 0.1, 0), edited=True)
    at.run()
    assert not page_errors(at)
    assert any("fewer than two points" in w.value for w in at.warning)


def test_one_point_data_set_still_renders():
    at = open_page(FILE)
    at.session_state["points_state"] = Points(np.array([[0.0, 1.0]]), np.array([1]), ("moons", 120, 0.1, 0),
                                              edited=True)
    at.run()
    assert not page_errors(at)


def test_gram_heatmap_cells_sit_where_their_labels_say():
    """The Gram heatmap names rows and columns by the original point indices (sorted by class). Each cell
    must be K[i, j] of the labels it is drawn at: on category axes, and, for the RBF kernel, 1 exactly where
    the row and column label are the same point (and below 1 elsewhere, the points being distinct)."""
    import base64
    import json

    at = open_page(FILE)
    chart = next(c for c in at.get("plotly_chart") if c.proto.id.endswith("-kernels_gram"))
    spec = json.loads(chart.proto.spec)
    trace, layout = spec["data"][0], spec["layout"]
    assert layout["xaxis"]["type"] == "category" and layout["yaxis"]["type"] == "category"
    z = np.frombuffer(base64.b64decode(trace["z"]["bdata"]), np.float32).reshape(len(trace["y"]), len(trace["x"]))
    same = np.array(trace["y"])[:, None] == np.array(trace["x"])[None, :]
    assert same.sum() == len(trace["x"]) and sorted(map(int, trace["x"])) == list(range(len(trace["x"])))
    np.testing.assert_allclose(z[same], 1.0, atol=1e-6)
    assert z[~same].max() < 1.0
