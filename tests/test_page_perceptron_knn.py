"""The Perceptron vs k-NN page: Step / Reset / Play replay the recorded training (counters and the number
of non-zero alphas change, no refit), k-NN follows its slider, bad data give st.error, and in the browser
Play advances the epoch counter."""
import re

import numpy as np
import pytest

import kernel_core as kc
from tests.app_pages import open_page, page_errors

FILE = "pages/perceptron-knn.py"
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
