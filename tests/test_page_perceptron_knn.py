"""The Perceptron vs k-NN page: Step / Reset / Play replay the recorded training (counters and the number
of non-zero alphas change, no refit), k-NN follows its slider, bad data give st.error, and in the browser
Play advances the epoch counter."""
import base64
import json
import re

import numpy as np
import pytest

import kernel_core as kc
from tests.app_pages import open_page, page_errors
from tests.click_catcher import click_catcher

FILE = "pages/perceptron_knn/page.py"
P = "perceptron_knn"


def metric(at, label, nth=0):
    return [m.value for m in at.metric if m.label == label][nth]


def counts(at, label):
    """'12 / 588' or '5 of 84' -> (12, 588)."""
    a, b = re.findall(r"\d+", metric(at, label))[:2]
    return int(a), int(b)


@pytest.fixture(scope="module")
def at():
    return open_page(FILE)


def test_opens_fully_trained_with_the_models_numbers(at):
    assert not page_errors(at)
    step, T = counts(at, "Visits")
    epoch, E = counts(at, "Epoch")
    used, n_train = counts(at, "Points used (α ≠ 0)")
    assert step == T > 0 and epoch == E >= 1
    assert T == E * n_train                      # every epoch visits each training point once
    assert 0 < used < n_train                    # the perceptron keeps only the points it got wrong
    assert metric(at, "Points used") == f"all {n_train}"   # k-NN keeps all of them
    assert at.button(key=f"{P}_step_button").disabled     # nothing left to replay
    assert n_train == round(0.7 * 120)           # the default data: 120 points, 30 % held out


def test_step_and_reset_change_the_counters_and_the_alphas(at):
    fits = []
    original = kc.KernelPerceptron.fit

    def counting_fit(self, X, y):
        fits.append(len(X))
        return original(self, X, y)

    kc.KernelPerceptron.fit = counting_fit
    try:
        at.button(key=f"{P}_reset_button").click().run()
        assert not page_errors(at)
        assert counts(at, "Visits")[0] == 0 and counts(at, "Epoch")[0] == 0
        assert counts(at, "Points used (α ≠ 0)")[0] == 0
        assert metric(at, "Mistakes so far") == "0"

        at.radio(key=f"{P}_unit").set_value("mistake").run()
        at.button(key=f"{P}_step_button").click().run()   # with alpha = 0 the first visit is a mistake
        assert counts(at, "Visits")[0] == 1 and counts(at, "Epoch")[0] == 1
        assert counts(at, "Points used (α ≠ 0)")[0] == 1 and metric(at, "Mistakes so far") == "1"
        assert any("mistake" in l.value for l in at.latex)

        at.button(key=f"{P}_step_button").click().run()   # the next mistake is another point (epoch 1)
        assert counts(at, "Visits")[0] > 1 and counts(at, "Points used (α ≠ 0)")[0] == 2

        at.radio(key=f"{P}_unit").set_value("visit").run()
        before = counts(at, "Visits")[0]
        at.button(key=f"{P}_step_button").click().run()
        assert counts(at, "Visits")[0] == before + 1

        at.radio(key=f"{P}_unit").set_value("epoch").run()
        at.button(key=f"{P}_step_button").click().run()
        n_train = counts(at, "Points used (α ≠ 0)")[1]
        assert counts(at, "Visits")[0] == n_train and counts(at, "Epoch")[0] == 1

        at.button(key=f"{P}_reset_button").click().run()
        assert counts(at, "Visits")[0] == 0 and counts(at, "Points used (α ≠ 0)")[0] == 0
    finally:
        kc.KernelPerceptron.fit = original
    assert fits == [], "stepping replays the recorded history; it never refits"


def test_play_and_pause(at):
    at.button(key=f"{P}_reset_button").click().run()
    at.radio(key=f"{P}_unit").set_value("epoch").run()
    at.button(key=f"{P}_play_button").click().run()
    assert not page_errors(at)
    assert at.button(key=f"{P}_play_button").label.endswith("Pause")
    assert at.button(key=f"{P}_step_button").disabled
    assert counts(at, "Epoch")[0] >= 1
    at.button(key=f"{P}_play_button").click().run()
    assert at.button(key=f"{P}_play_button").label.endswith("Play")
    paused = counts(at, "Visits")[0]
    at.run()
    assert counts(at, "Visits")[0] == paused


def test_k_slider_changes_knn_and_is_capped_by_the_training_set():
    at = open_page(FILE)
    at.slider(key=f"{P}_k").set_value(1).run()
    assert metric(at, "Training accuracy", 1) == "100.0%"   # 1-NN: each training point is its own neighbour
    at.slider(key="data_n").set_value(20).run()
    at.slider(key=f"{P}_k").set_value(50).run()
    assert not page_errors(at)
    assert any("k-NN uses k = 14" in w.value for w in at.warning)
    assert metric(at, "k") == "14"


def test_kernel_change_refits_and_redraws():
    at = open_page(FILE)
    assert metric(at, "Training accuracy") == "100.0%"   # RBF separates the moons
    at.selectbox(key=f"{P}_kernel").set_value("linear").run()
    assert not page_errors(at)
    assert metric(at, "Training accuracy") != "100.0%"   # no line through 0 separates them
    assert any(r"\mathbf{x}^\top\mathbf{y}" in l.value for l in at.latex)


def test_one_class_data_show_an_error_not_a_traceback():
    from ui import points
    from ui.ranges import DATA, DEFAULT_DATASET

    at = open_page(FILE)
    preset = (DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])
    X = np.random.default_rng(0).normal(size=(20, 2))
    at.session_state[points.KEY] = points.Points(X, np.ones(20, dtype=int), preset, edited=True)
    at.run()
    assert not page_errors(at)
    assert any("cannot be trained" in e.value and "one class" in e.value for e in at.error)


def test_overfitting_demo_states_the_numbers_it_plots():
    at = open_page(FILE)
    text = " ".join(m.value for m in at.markdown)
    found = re.search(r"largest γ = 1000 the perceptron classifies \*\*(\d+)%\*\* .*? only \*\*(\d+)%\*\*", text)
    assert found, text[-800:]
    train, test = map(int, found.groups())
    assert train == 100 and test < 95
    assert any("Memorised" in w.value for w in at.warning)
    at.slider(key=f"{P}_demo_noise").set_value(0.0).run()
    assert not page_errors(at)


@pytest.mark.timeout(300)
def test_browser_play_advances_the_epoch_counter(page, app_url):
    idle = "[data-testid='stApp'][data-test-script-state='notRunning']"
    page.goto(app_url)  # warm the server first: a cold server answers /perceptron-knn with "Page not found"
    page.wait_for_selector(idle, timeout=60000)
    page.goto(f"{app_url}/perceptron-knn")
    page.wait_for_selector(idle, timeout=60000)
    page.wait_for_selector("h1", timeout=30000)
    epoch = page.locator("[data-testid='stMetric']", has_text="Epoch").locator("[data-testid='stMetricValue']")
    main = page.locator("[data-testid='stMain']")
    main.get_by_role("button", name="⏮ Reset").click()
    page.wait_for_function("() => Array.from(document.querySelectorAll('[data-testid=stMetricValue]'))"
                           ".some(e => e.innerText.trim().startsWith('0 /'))", timeout=30000)
    assert epoch.inner_text().startswith("0 /")
    main.get_by_text("to the end of the epoch").click()
    main.get_by_role("button", name="▶ Play").click()
    page.wait_for_function("() => { const m = Array.from(document.querySelectorAll('[data-testid=stMetric]'))"
                           ".find(e => e.innerText.includes('Epoch')); return m && /^[2-9]/.test("
                           "m.querySelector('[data-testid=stMetricValue]').innerText.trim()); }", timeout=60000)
    assert int(epoch.inner_text().split("/")[0]) >= 2
    assert page.locator("[data-testid='stException']").count() == 0


# ---------------------------------------------------------------- classroom features (issue 8)
def charts(at):
    """{chart key: figure spec} of the page's Plotly charts."""
    return {c.proto.id.rsplit("-", 1)[-1]: json.loads(c.proto.spec) for c in at.get("plotly_chart")}


def values(array):
    """A trace's coordinates from the chart's JSON (numpy arrays travel as base64 typed arrays)."""
    if isinstance(array, dict):
        return np.frombuffer(base64.b64decode(array["bdata"]), dtype=array["dtype"])
    return np.asarray(array, float)


def test_perceptron_map_is_the_clickable_chart_on_the_plane():
    at = open_page(FILE)
    maps = charts(at)
    perceptron = maps[f"{P}_perceptron_map"]
    assert click_catcher(at, f"{P}_perceptron_map") == {"subplot": "xy"}   # a click adds / removes a point
    assert perceptron["layout"]["dragmode"] is False                        # a drag is not a click
    assert perceptron["layout"]["xaxis"]["range"] == [-3.0, 3.0] == perceptron["layout"]["yaxis"]["range"]
    assert maps[f"{P}_knn_map"]["layout"]["xaxis"]["range"] == [-3.0, 3.0]   # k-NN beside it on the same axes
    assert at.button(key=f"{P}_undo").disabled and at.get("button_group")     # the points toolbar is there


def test_added_points_are_trained_on_and_replayed():
    """What a click does (points.add): the fit, its counters and the replay use the new data."""
    from ui import points

    at = open_page(FILE)
    s = at.session_state[points.KEY]
    new = np.array([[2.5, 2.5], [2.6, 2.4], [-2.5, -2.5], [-2.4, -2.6]])
    X, y = np.vstack([s.X, new]), np.append(s.y, [-1, -1, 1, 1])
    at.session_state[points.KEY] = points.Points(X, y, s.preset, edited=True)
    at.run()
    assert not page_errors(at)
    split = next(c.value for c in at.caption if "training points (filled markers)" in c.value)
    n_train, n_test = map(int, re.search(r"→ (\d+) training points .* and (\d+) held-out", split).groups())
    assert n_train + n_test == 124
    tr, _ = kc.holdout_split(y, 0.3, 0, X=X)            # the page's defaults: 30 % held out, seed 0
    ref = kc.KernelPerceptron("rbf", epochs=10, seed=0, gamma=1.0).fit(X[tr], y[tr])
    assert n_train == len(tr)
    assert counts(at, "Points used (α ≠ 0)") == (np.count_nonzero(ref.alpha_), len(tr))
    assert counts(at, "Visits") == (len(ref.history_["index"]),) * 2
    shown = {(round(float(x), 2), round(float(yy), 2)) for t in charts(at)[f"{P}_perceptron_map"]["data"]
             if str(t.get("name", "")).startswith("class") for x, yy in zip(values(t["x"]), values(t["y"]))}
    assert {(2.5, 2.5), (-2.5, -2.5)} <= shown
    at.button(key=f"{P}_reset_button").click().run()
    at.radio(key=f"{P}_unit").set_value("epoch").run()
    at.button(key=f"{P}_step_button").click().run()
    assert counts(at, "Visits") == (len(tr), len(ref.history_["index"]))        # one epoch of the new data


def check(at, exercise, answer=1):
    at.radio(key=f"{P}_ex_{exercise}").set_value(answer).run()
    at.button(key=f"{P}_ex_{exercise}_check").click().run()
    assert not page_errors(at)
    assert any("Right" in s.value for s in at.success)


def test_exercises_set_the_revealing_configuration():
    at = open_page(FILE)
    check(at, "knn_k1")
    assert at.slider(key=f"{P}_k").value == 1 and metric(at, "Training accuracy", 1) == "100.0%"
    check(at, "perceptron_overfit")
    assert at.select_slider(key=f"{P}_demo_gamma").value == 1000.0
    assert any("Memorised" in w.value for w in at.warning)
    at.selectbox(key=f"{P}_kernel").set_value("linear").run()
    at.button(key=f"{P}_reset_button").click().run()
    assert counts(at, "Visits")[0] == 0
    check(at, "perceptron_points_used")
    assert at.selectbox(key=f"{P}_kernel").value == "rbf"
    step, T = counts(at, "Visits")
    assert step == T > 0                                                   # replay back to fully trained
    used, n_train = counts(at, "Points used (α ≠ 0)")
    assert used < n_train and metric(at, "Points used") == f"all {n_train}"


def test_charts_have_the_png_only_toolbar_and_explanations_hide_when_presenting():
    at = open_page(FILE)
    configs = [json.loads(c.proto.config) for c in at.get("plotly_chart")]
    assert len(configs) == 5
    for config in configs:
        assert config.get("displaylogo") is False and "zoom2d" in config["modeBarButtonsToRemove"]
        assert config.get("displayModeBar") is not False
    text = "Parametric vs non-parametric"
    assert any(text in m.value for m in at.markdown)
    at.toggle(key="present").set_value(True).run()
    assert not page_errors(at)
    assert not any(text in m.value for m in at.markdown)


def test_cached_frames_follow_presentation_mode():
    """The k-NN map and the overfitting charts are cached together with the numbers they show. A lecturer who
    presents after a student moved the same sliders on the same server (one process, one cache) gets them in
    presentation type, and the student afterwards in normal type again."""
    from ui.theme import FONT_SIZE, PRESENT_FONT_SIZE

    def fonts(at):
        return {json.loads(c.proto.spec)["layout"]["font"]["size"] for c in at.get("plotly_chart")}

    student = open_page(FILE)
    assert fonts(student) == {FONT_SIZE}
    lecturer = open_page(FILE)
    lecturer.toggle(key="present").set_value(True).run()
    assert not page_errors(lecturer) and fonts(lecturer) == {PRESENT_FONT_SIZE}
    assert fonts(student.run()) == {FONT_SIZE}


@pytest.mark.timeout(300)
def test_browser_click_on_the_perceptron_map_adds_a_point_and_retrains(page, app_url):
    from tests.test_browser import open_url
    from tests.test_browser_points import FIND, click_at, count, near, points

    open_url(page, f"{app_url}/perceptron-knn")
    page.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
    used = page.locator("[data-testid='stMetric']", has_text="Points used (α ≠ 0)").locator(
        "[data-testid='stMetricValue']")
    n0 = count(page)
    click_at(page, 2.5, -2.5)                       # default mode: add class +1
    assert count(page) == n0 + 1 and near((2.5, -2.5), [*points(page)["class +1"],
                                                          *points(page).get("class +1 (held out)", [])])
    page.wait_for_function("n => document.body.innerText.includes(`your own points (${n})`)", arg=n0 + 1,
                           timeout=20000)
    n_train = int(re.search(r"of (\d+)", used.inner_text()).group(1))
    held = int(re.search(r"and (\d+) held-out", page.locator("[data-testid='stMain']").inner_text()).group(1))
    assert n_train + held == n0 + 1                 # the perceptron was retrained on the new data
    assert page.locator("[data-testid='stException']").count() == 0
