"""The Perceptron vs k-NN sections in Chromium: Play advances the epoch counter; a click on the perceptron's map adds
a training point and retrains; a click on the rules' map moves x into the link, and the link brings it back.
Fixtures (the served app, Chromium) are tests/conftest.py's."""
import re

import pytest


@pytest.mark.timeout(300)
def test_browser_play_advances_the_epoch_counter(page, app_url):
    from tests.support.app_runs import settle

    idle = "[data-testid='stApp'][data-test-script-state='notRunning']"
    page.goto(app_url)  # warm the server first
    page.wait_for_selector(idle, timeout=60000)
    page.goto(f"{app_url}/perceptron-knn")
    page.wait_for_selector(idle, timeout=60000)
    epoch = page.locator("[data-testid='stMetric']", has_text="Epoch").locator("[data-testid='stMetricValue']")
    epoch.wait_for(timeout=30000)
    assert epoch.inner_text().startswith("0 /")                 # opens at α = 0
    main = page.locator("[data-testid='stMain']")
    assert main.get_by_role("button", name="⏭ Step").is_enabled()
    main.get_by_test_id("stRadioGroup").get_by_text("to the end of the epoch").click()
    settle(page)                                                # the radio's rerun, then Play
    main.get_by_role("button", name="▶ Play").click()
    page.wait_for_function("() => { const m = Array.from(document.querySelectorAll('[data-testid=stMetric]'))"
                           ".find(e => e.innerText.includes('Epoch')); "
                           "const v = m && m.querySelector('[data-testid=stMetricValue]'); "   # null mid-redraw
                           "return !!v && /^[2-9]/.test(v.innerText.trim()); }", timeout=60000)
    assert int(epoch.inner_text().split("/")[0]) >= 2
    assert page.locator("[data-testid='stException']").count() == 0


@pytest.mark.timeout(300)
def test_browser_click_on_the_perceptron_map_adds_a_training_point_and_retrains(page, app_url):
    from tests.support.app_runs import open_url
    from tests.support.points import FIND, click_at, count, near, points

    open_url(page, f"{app_url}/perceptron-knn")
    page.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
    used = page.locator("[data-testid='stMetric']", has_text="Points used (α ≠ 0)").locator(
        "[data-testid='stMetricValue']")
    n0 = count(page)
    n_train0 = int(re.search(r"of (\d+)", used.inner_text()).group(1))
    click_at(page, 2.5, -2.5)                       # default mode: add class +1
    assert count(page) == n0 + 1 and near((2.5, -2.5), points(page)["class +1"])   # filled: a training point
    page.wait_for_function("() => document.body.innerText.includes('your own points (121)')", timeout=20000)
    assert int(re.search(r"of (\d+)", used.inner_text()).group(1)) == n_train0 + 1   # retrained on the new data
    assert n0 == n_train0                           # the filled markers are the training points
    assert page.locator("[data-testid='stException']").count() == 0


def test_browser_a_click_on_the_rules_map_puts_x_in_the_link_and_the_link_brings_it_back(page, app_url, browser):
    from tests.support.app_runs import open_url
    from tests.support.charts import scroll_to
    from tests.support.points import FIND, pixels

    open_url(page, f"{app_url}/perceptron-knn-rules")
    page.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
    scroll_to(page, FIND)
    page.mouse.click(*pixels(page, -1.0, 1.5))
    page.wait_for_function("() => document.body.innerText.includes('x = (-1, 1.5)')", timeout=20000)
    page.wait_for_url(re.compile(r"perceptron_knn_query=-1(%2C|,)1\.5"), timeout=10000)
    fresh = browser.new_context().new_page()
    try:
        open_url(fresh, page.url)
        fresh.wait_for_function("() => document.body.innerText.includes('x = (-1, 1.5)')", timeout=30000)
    finally:
        fresh.context.close()
