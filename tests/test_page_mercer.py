"""AppTest of the Mercer page: phi(x)^T phi(y) = k(x, y) with the numbers on screen, the lift, the
exact feature counts of seed 003's example, the eigen map (and its absence for the sigmoid kernel),
the RBF approximations, and bad input answered with a sentence, never a traceback."""
import json
import re
from pathlib import Path

import numpy as np
import pandas as pd

from tests.app_pages import open_page, page_errors
from ui.points import Points

FILE = "pages/mercer/page.py"


def latex(at):
    return " ".join(e.body for e in at.latex)


def metric(at, start):
    return next(m.value for m in at.metric if m.label.startswith(start))


def texts(at, kind):
    return " ".join(e.value for e in getattr(at, kind))


def shown_error(text):
    """The number after the eigen map's error formula: ... \\lambda_i^2}} = <number>,"""
    return re.search(r"\\lambda_i\^2\}\} = ([^,]+),", text).group(1)


def frame_with(at, column):
    """The data frame with `column`; the feature table is lazy, so open it first (what a click on it sets)."""
    if column == "φᵢ(x)" and not at.session_state["mercer_feature_table"]:
        at.session_state["mercer_feature_table"] = True
        at.run()
    return next(df.value for df in at.dataframe if column in df.value.columns)


def test_default_map_equals_the_kernel():
    at = open_page(FILE)
    assert not page_errors(at)
    # x = (1, 0.5), y = (1.5, -0.4): x^T y = 1.5 - 0.2 = 1.3, (1.3 + 1)^2 = 5.29
    assert float(metric(at, "φ(x)ᵀφ(y)")) == 5.29 and float(metric(at, "k(x, y)")) == 5.29
    assert r"\text{6 features}" in latex(at)
    assert not any("φᵢ(x)" in df.value.columns for df in at.dataframe)  # the table is closed: not sent
    table = frame_with(at, "φᵢ(x)")
    assert list(table["feature"]) == ["1", "√2·x₁", "√2·x₂", "x₁²", "√2·x₁·x₂", "x₂²"]   # seed 000's six features
    assert abs(table["φᵢ(x)·φᵢ(y)"].sum() - 5.29) < 1e-12


def test_homogeneous_cubic_has_four_features():
    at = open_page(FILE)
    at.slider(key="mercer_degree").set_value(3).run()
    at.slider(key="mercer_coef0").set_value(0.0).run()
    assert float(metric(at, "φ(x)ᵀφ(y)")) == float(metric(at, "k(x, y)")) == round(1.3 ** 3, 10)   # 2.197
    assert r"\text{4 features}" in latex(at)                                       # C(2+3-1, 3) = 4
    assert "√3·x₁²·x₂" in list(frame_with(at, "φᵢ(x)")["feature"])


def test_lift_separates_the_circles_with_an_ellipse():
    at = open_page(FILE)
    caption = texts(at, "caption")
    assert "Training accuracy 100.0%" in caption and "here an ellipse" in caption
    assert "x_1^2" in latex(at) and "z_3" in latex(at)
    at.select_slider(key="mercer_lift_C").set_value(0.01).run()                    # heavily shrunk plane: still no traceback
    assert not page_errors(at)


def test_explosion_reproduces_the_slide_with_exact_counts():
    at = open_page(FILE)
    text = latex(at)
    assert r"= 50\,005\,000" in text                 # C(10 001, 2) = 10 001 * 10 000 / 2
    assert r"= 50\,015\,001" in text                 # C(10 002, 2) = 10 002 * 10 001 / 2
    assert r"= 100\,000\,000" in text                # d^k = 10^8, the slide's ~100M
    assert "O(d^k) estimate" in texts(at, "markdown")


def test_operation_counts_for_d2_m2():
    at = open_page(FILE)
    at.select_slider(key="mercer_d").set_value(2).run()
    ops = frame_with(at, "multiplications")
    # (1 + x^T x')^2 with phi = (1, √2x1, √2x2, x1², √2x1x2, x2²): build x1², x1x2, x2² for both points (6),
    # 6 products + 3 weights != 1 (9): 15 multiplications, 5 additions; kernel 2 + 1 mults, 1 + 1 adds.
    assert list(ops["multiplications"]) == ["15", "3"] and list(ops["additions"]) == ["5", "2"]


def test_timing_table_is_measured_and_bounded():
    at = open_page(FILE)
    table = frame_with(at, "k(x, y) [µs]")
    assert len(table) == 9
    built = table[~table["φ(x)ᵀφ(y) [µs]"].str.startswith("not built")]
    assert all(float(v.replace(",", "")) > 0 for v in built["k(x, y) [µs]"])
    assert table.loc[(table["d"] == 200) & (table["m"] == 3), "φ(x)ᵀφ(y) [µs]"].iloc[0].startswith("not built")


def test_eigen_map_has_rank_six_for_the_degree_two_kernel():
    at = open_page(FILE)
    text = latex(at)
    assert r"\operatorname{rank}\mathbf{K} = 6" in text
    assert float(re.sub(r" \\times 10\^\{(-?\d+)\}", r"e\1", shown_error(text))) < 1e-10   # exact at q = rank = 6
    at.slider(key="mercer_q").set_value(2).run()
    assert float(shown_error(latex(at))) > 0.01                                    # 4 of the 6 directions dropped


def test_sigmoid_has_no_real_feature_map():
    at = open_page(FILE)
    at.selectbox(key="mercer_kernel_eig").select_index(4).run()                   # Sigmoid (not PSD)
    at.select_slider(key="mercer_gamma_eig").set_value(2.0).run()
    at.slider(key="mercer_coef0_eig").set_value(-1.0).run()
    assert not page_errors(at)
    assert "No real feature map" in texts(at, "error") and "negative eigenvalue" in texts(at, "error")


def test_nystroem_with_every_point_is_exact_and_beats_few_random_features():
    at = open_page(FILE)
    few = float(metric(at, "Random Fourier error"))
    at.select_slider(key="mercer_features").set_value(200).run()                 # Nyström m = n = 120 landmarks
    assert float(metric(at, "Nyström error")) < 1e-6
    assert float(metric(at, "Random Fourier error")) < few
    assert r"\mathcal{N}(0, 2\,\mathbf{I})" in latex(at)                           # 2 gamma = 2 at gamma = 1


def test_empty_data_set_gets_a_sentence_not_a_traceback():
    at = open_page(FILE)
    at.session_state["points_state"] = Points(np.empty((0, 2)), np.empty(0, int), ("moons", 120, 0.1, 0), edited=True)
    at.run()
    assert not page_errors(at)
    assert "fewer than two points" in texts(at, "warning")
    assert isinstance(frame_with(at, "φᵢ(x)"), pd.DataFrame)                      # sections 1-3 do not need the data


def chart_config(at, key):
    return json.loads(next(c.proto.config for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}")))


def exercise(at, name, choice):
    at.radio(key=f"mercer_ex_{name}").set_value(choice).run()
    at.button(key=f"mercer_ex_{name}_check").click().run()
    assert not page_errors(at)


def test_every_chart_has_the_png_only_toolbar():
    at = open_page(FILE)
    charts = at.get("plotly_chart")
    assert len(charts) >= 10
    for c in charts:
        config = json.loads(c.proto.config)
        assert config.get("displaylogo") is False and config["toImageButtonOptions"]["format"] == "png", c.proto.id
        assert config.get("displayModeBar") is not False
    assert chart_config(at, "mercer_lift3d")["scrollZoom"] is False


def test_page_imports_no_solver_directly():
    text = (Path(__file__).resolve().parents[1] / FILE).read_text()
    assert "import sklearn" not in text and "from sklearn" not in text and "import scipy" not in text


def test_feature_count_exercise_sets_seed_000s_kernel():
    at = open_page(FILE)
    at.slider(key="mercer_coef0").set_value(0.0).run()
    at.slider(key="mercer_degree").set_value(4).run()
    exercise(at, "mercer_count", 1)
    assert at.slider(key="mercer_degree").value == 2 and at.slider(key="mercer_coef0").value == 1.0
    assert r"\text{6 features}" in latex(at)                        # C(2 + 2, 2) = 6
    assert any("Right" in s.value for s in at.success)


def test_sigmoid_exercise_reveals_the_missing_feature_map():
    at = open_page(FILE)
    exercise(at, "mercer_sigmoid", 0)
    assert at.selectbox(key="mercer_kernel_eig").value == "sigmoid"
    assert "No real feature map" in texts(at, "error")
    assert any("the answer is **No: K has negative eigenvalues" in w.value for w in at.warning)


def test_rff_exercise_shows_the_square_root_rate():
    at = open_page(FILE)
    at.select_slider(key="mercer_features").set_value(20).run()
    few = float(metric(at, "Random Fourier error"))
    exercise(at, "mercer_rff", 1)
    assert at.select_slider(key="mercer_features").value == 200
    many = float(metric(at, "Random Fourier error"))
    assert 1 / 6 < many / few < 1 / 2                               # 10x the features: about 1/sqrt(10), not 1/10


def test_explanations_and_secondary_controls_hide_in_presentation_mode():
    at = open_page(FILE)
    assert "O(d^k) estimate" in texts(at, "markdown")
    at.toggle(key="present").set_value(True).run()
    assert not page_errors(at)
    assert "O(d^k) estimate" not in texts(at, "markdown")           # classroom.explain


def test_presentation_mode_keeps_the_3d_lift_readable():
    at = open_page(FILE)
    at.toggle(key="present").set_value(True).run()
    spec = json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith("-mercer_lift3d")))
    sizes = [t["marker"]["size"] for t in spec["data"] if t["type"] == "scatter3d"]
    assert sizes and max(sizes) <= 6                                # not the 2-D projector size (13)
