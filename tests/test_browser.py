"""Browser tests: the real app (`python app.py`) in Debian's Chromium through Playwright.

Home and "Show the code". The checks every section's page gets (a slider moved with the keyboard redraws a chart with
new numbers; margins reserved; legends clear; axe finds nothing serious; no page shows an exception or requests
anything outside this machine) live in tests/support/charts.py and tests/support/health.py. These tests never skip:
without Chromium they fail with the command to install it. Each section is opened once per screen size, in
tests/test_browser_sections.py (laptop and projector) and tests/test_browser_phone.py (phone), and those tests run
these checks on it; Prev / Next, PageDown, settings across sections, old addresses and the cold start are tested there
too.
"""
import pytest

from tests.support.app_runs import open_url, settle
from tests.support.charts import assert_first_slider_redraws_a_chart
from tests.support.health import assert_healthy

pytestmark = pytest.mark.timeout(300)


def test_home_opens_with_its_text_and_no_chart(page, app_url):
    """Home (every section: tests/test_browser_sections.py, where each is opened once per screen size)."""
    open_url(page, f"{app_url}/")
    assert_healthy(page)
    assert page.locator("[data-testid='stMain']").inner_text().strip()
    assert page.locator("[data-testid='stMain'] .js-plotly-plot").count() == 0


def test_show_the_code_opens_with_the_listing_and_keeps_the_chart(page, app_url):
    """'Show the code' is lazy (the listing is sent only while open): a click opens it with the real source, the
    charts stay drawn, a slider move keeps it open, a second click closes it and the listing goes."""
    open_url(page, f"{app_url}/svm")
    main = page.locator("[data-testid='stMain']")
    assert main.locator("[data-testid='stCode']").count() == 0
    main.get_by_text("Show the code").first.click()
    page.wait_for_selector("[data-testid='stMain'] [data-testid='stCode'] >> text=class KernelSVM", timeout=30000)
    settle(page)
    assert main.locator("[data-testid='stCode']").count() == 2   # KernelSVM and margin_counts
    assert_first_slider_redraws_a_chart(page)
    assert main.locator("[data-testid='stCode'] >> text=class KernelSVM").count() == 1
    main.get_by_text("Show the code").first.click()
    page.wait_for_function("() => !document.querySelector(\"[data-testid='stMain'] [data-testid='stCode']\")",
                           timeout=30000)
    settle(page)
    assert_healthy(page)
