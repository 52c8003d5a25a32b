"""AppTest of the Perceptron vs k-NN sections' classroom features: the maps and the rules map are clickable charts on
the plane, a clicked point always trains and moves nobody else, the new point x is read back from a link when it is
inside the plane; the exercises set the configuration that reveals their answer; the settings survive moving between
sections; the charts keep the PNG-only toolbar, and presentation mode hides explanations and has cached figures of
its own. The numbers the sections show are checked in test_page_perceptron_knn.py."""
import base64
import json
import re

import numpy as np
import pytest

import kernel_core as kc
from pages import HOME
from pages.perceptron_knn.settings import KEY, PAGE
from tests.app_pages import open_page, page_errors
from tests.click_catcher import click_catcher
from tests.support.perceptron_knn_sections import KNN, LEARN, OVERFIT, RULES, counts, metric, reference_split


def charts(at):
    """{chart key: figure spec} of the page's Plotly charts."""
    return {c.proto.id.rsplit("-", 1)[-1]: json.loads(c.proto.spec) for c in at.get("plotly_chart")}


def values(array):
    """A trace's coordinates from the chart's JSON (numpy arrays travel as base64 typed arrays)."""
    if isinstance(array, dict):
        return np.frombuffer(base64.b64decode(array["bdata"]), dtype=array["dtype"])
    return np.asarray(array, float)


def shown(at, chart, prefix):
    """{(x1, x2)} of the chart's traces whose name starts with `prefix`, to 2 decimals."""
    return {(round(float(a), 2), round(float(b), 2)) for t in charts(at)[chart]["data"]
            if str(t.get("name", "")).startswith(prefix) for a, b in zip(values(t["x"]), values(t["y"]))}


def test_a_click_on_the_rules_map_moves_the_new_point():
    at = open_page(RULES)
    assert click_catcher(at, KEY.rules_map) == {"subplot": "xy"}
    at.session_state[KEY.query] = (-1.0, 1.5)
    at.run()
    assert any("x = (-1, 1.5)" in m.value for m in at.markdown)


@pytest.mark.parametrize("text,shown", [("-1,1.5", "x = (-1, 1.5)"), ("nan,1", "x = (0.5, 0.25)"),
                                        ("9,0", "x = (0.5, 0.25)"), ("1", "x = (0.5, 0.25)"), ("a,b", "x = (0.5, 0.25)")])
def test_the_new_point_x_comes_from_the_link_when_it_is_inside_the_plane(text, shown):
    """A clicked x is written to the address bar (rules.move_x) and read back by a reopened link; a value that is not
    two finite numbers inside the plane leaves the default x."""
    at = app_with_query({KEY.query: text})
    at.switch_page(RULES).run()
    assert not page_errors(at)
    assert any(shown in m.value for m in at.markdown)


def app_with_query(params):
    return open_page(HOME, query=params)


@pytest.mark.parametrize("file, chart", [(LEARN, KEY.perceptron_map), (KNN, KEY.knn_map)])
def test_the_maps_are_clickable_charts_on_the_plane(file, chart):
    at = open_page(file)
    spec = charts(at)[chart]
    assert click_catcher(at, chart) == {"subplot": "xy"}   # a click adds / removes a point
    assert spec["layout"]["dragmode"] is False             # a drag is not a click
    assert spec["layout"]["xaxis"]["range"] == [-3.0, 3.0] == spec["layout"]["yaxis"]["range"]
    assert at.button(key=f"{PAGE}_undo").disabled and at.get("button_group")   # the points toolbar is there


def test_added_points_always_train_and_move_no_other_point():
    """What a click does (points.add): the new points are training points; no other point changes set (issue 21,
    item 12); the fit, its counters and the replay use the new data."""
    from ui import points

    at = open_page(LEARN)
    held_before = shown(at, KEY.perceptron_map, "held out")
    s = at.session_state[points.KEY]
    new = np.array([[2.5, 2.5], [2.6, 2.4], [-2.5, -2.5], [-2.4, -2.6]])
    X, y = np.vstack([s.X, new]), np.append(s.y, [-1, -1, 1, 1])
    at.session_state[points.KEY] = points.Points(X, y, s.preset, edited=True)
    at.run()
    assert not page_errors(at)
    assert shown(at, KEY.perceptron_map, "held out") == held_before          # nobody moved between the sets
    assert {(2.5, 2.5), (2.6, 2.4), (-2.5, -2.5), (-2.4, -2.6)} <= shown(at, KEY.perceptron_map, "class")
    held = reference_split(X, y)
    assert not held[-4:].any() and held.sum() == len(held_before)
    ref = kc.KernelPerceptron("rbf", epochs=10, seed=0, gamma=1.0).fit(X[~held], y[~held])
    assert counts(at, "Points used (α ≠ 0)")[1] == int((~held).sum()) == round(0.7 * 120) + 4
    assert counts(at, "Visits") == (0, len(ref.history_["index"]))
    at.radio(key=KEY.unit).set_value("epoch").run()
    at.button(key=KEY.step_button).click().run()
    assert counts(at, "Visits") == (int((~held).sum()), len(ref.history_["index"]))   # one epoch of the new data
    while not at.button(key=KEY.step_button).disabled:
        at.button(key=KEY.step_button).click().run()
    assert counts(at, "Points used (α ≠ 0)")[0] == np.count_nonzero(ref.alpha_)


def check(at, exercise, answer=1):
    at.radio(key=f"{PAGE}_ex_{exercise}").set_value(answer).run()
    at.button(key=f"{PAGE}_ex_{exercise}_check").click().run()
    assert not page_errors(at)
    assert any("Right" in s.value for s in at.success)


def test_exercises_set_the_revealing_configuration():
    at = open_page(KNN)
    check(at, "knn_k1")
    assert at.select_slider(key=KEY.k).value == 1 and metric(at, "Training accuracy") == "100.0%"
    at = open_page(OVERFIT)
    check(at, "perceptron_overfit")
    assert at.select_slider(key=KEY.demo_gamma).value == 1000.0
    assert any("Memorised" in w.value for w in at.warning)
    at = open_page(RULES)
    at.selectbox(key=KEY.kernel).set_value("linear").run()
    check(at, "perceptron_points_used")
    assert at.selectbox(key=KEY.kernel).value == "rbf"
    table = next(m.value for m in at.markdown if "Kriege's comparison" in m.value)
    used, n_train = map(int, re.search(r"all (\d+) .*? \| (\d+) with", table).groups()[::-1])
    assert used < n_train


def test_settings_survive_moving_between_sections():
    at = open_page(LEARN)
    at.slider(key=KEY.epochs).set_value(3).run()
    at.switch_page(KNN).run()
    at.select_slider(key=KEY.k).set_value(9).run()
    at.switch_page(RULES).run()
    assert not page_errors(at)
    assert at.slider(key=KEY.epochs).value == 3
    assert any("its 9 nearest" in m.value for m in at.markdown)      # the rules use the k-NN section's k
    at.switch_page(LEARN).run()
    assert at.slider(key=KEY.epochs).value == 3


def test_charts_have_the_png_only_toolbar_and_explanations_hide_when_presenting():
    at = open_page(RULES)
    for file in (LEARN, OVERFIT):
        configs = [json.loads(c.proto.config) for c in open_page(file).get("plotly_chart")]
        assert len(configs) == 2
        for config in configs:
            assert config.get("displaylogo") is False and "zoom2d" in config["modeBarButtonsToRemove"]
            assert config.get("displayModeBar") is not False
    text = "Parametric vs non-parametric"
    assert any(text in m.value for m in at.markdown)
    at.toggle(key="present").set_value(True).run()
    assert not page_errors(at)
    assert not any(text in m.value for m in at.markdown)


@pytest.mark.parametrize("file", [LEARN, OVERFIT])
def test_cached_figures_follow_presentation_mode(file):
    """Figures are cached per presentation mode: a lecturer who presents after a student moved the same sliders on
    the same server (one process, one cache) gets them in presentation type, and the student in normal type."""
    from ui.theme import FONT_SIZE, PRESENT_FONT_SIZE

    def fonts(at):
        return {json.loads(c.proto.spec)["layout"]["font"]["size"] for c in at.get("plotly_chart")}

    student = open_page(file)
    assert fonts(student) == {FONT_SIZE}
    lecturer = open_page(file)
    lecturer.toggle(key="present").set_value(True).run()
    assert not page_errors(lecturer) and fonts(lecturer) == {PRESENT_FONT_SIZE}
    assert fonts(student.run()) == {FONT_SIZE}
