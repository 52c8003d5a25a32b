"""Browser test of a poll's reveal beside Compare A / B (the real app of tests/test_browser_polls.py, SQLite in a
temporary folder, in Chromium): on SVM's and kernel ridge's sections, at 1400x900 and presenting at 1280x720, the
revealed panel leaves both pictures visible."""
import re

import pytest

from tests.support.health import assert_healthy

# ruff: noqa: F811 (a test names the fixture imported here as its argument)
from tests.support.polls_browser import (  # noqa: F401 (served_with_rooms: a fixture)
    HISTOGRAMS,
    PANEL,
    context,
    served_with_rooms,
    settle,
)

pytestmark = pytest.mark.timeout(900)


PLOT_AREAS = """keys => keys.map(k => { const e = document.querySelector('.st-key-' + k + ' .js-plotly-plot .nsewdrag');
  if (!e) return null; const r = e.getBoundingClientRect(); return {k, l: r.left, t: r.top, r: r.right, b: r.bottom}; })"""
SIDEBAR_RIGHT = """() => { const s = document.querySelector('[data-testid="stSidebar"]');
  return s && s.dataset.collapsed === 'false' ? s.getBoundingClientRect().right : null; }"""
PANEL_BOX = "() => { const r = document.querySelector('.st-key-poll_panel').getBoundingClientRect(); " \
            "return {l: r.left, t: r.top, r: r.right, b: r.bottom}; }"


def assert_both_pictures_visible(page, charts, where):
    """The revealed panel's box overlaps neither map's plot area, and both plot areas are on the screen."""
    areas, panel = page.evaluate(PLOT_AREAS, charts), page.evaluate(PANEL_BOX)
    page.screenshot(path=f"/tmp/poll_reveal_ab_{where.replace(' ', '_').replace('/', '')}.png")
    assert None not in areas, f"{where}: a map is missing: {areas}"
    side = page.evaluate(SIDEBAR_RIGHT)
    assert side is None or panel["l"] >= side - 1, f"{where}: the open sidebar (to {side} px) covers the panel {panel}"
    for a in areas:
        overlap = not (panel["r"] <= a["l"] or panel["l"] >= a["r"] or panel["b"] <= a["t"] or panel["t"] >= a["b"])
        assert not overlap, f"{where}: the panel {panel} covers {a['k']}'s plot area {a}"


@pytest.mark.parametrize("section,question,charts", [
    ("svm", "svm_rbf_gamma", ("svm_map", "svm_b_map")),
    ("kernel-ridge", "kr_alphas", ("kernel_ridge_fit", "kernel_ridge_fit_b"))])
@pytest.mark.parametrize("width,height,present", [(1400, 900, False), (1280, 720, True)])
def test_the_reveal_leaves_both_pictures_of_compare_a_b_visible(browser, served_with_rooms, section, question, charts, width,
                                                                 height, present):
    """Check on an exercise whose reveal is Compare A / B: the revealed panel (a strip along the bottom) covers
    neither map's plot area, on a 1400x900 laptop and on a 1280x720 projector."""
    url, _ = served_with_rooms
    ctx, page = context(browser, width, height)
    try:
        page.goto(f"{url}/{section}")
        settle(page)
        page.locator("[data-testid='stSidebar']").get_by_role("button", name="🏫 Start a class").click()
        page.wait_for_selector(".st-key-class_badge .ks-qr img", timeout=30000)
        settle(page)
        if present:
            page.locator("[data-testid='stSidebar']").get_by_text("Presentation mode").click()
            settle(page)
            page.get_by_role("button", name=re.compile("Predict, then check")).click()
            settle(page)
            page.get_by_role("button", name="📣 Ask the class").first.click()
        else:
            page.locator(f".st-key-explain_ex_{question}").get_by_role("button", name="📣 Ask the class").click()
        settle(page)
        page.locator(PANEL).get_by_role("button", name="✔ Check: close and reveal").click()
        page.wait_for_function(f"() => ({HISTOGRAMS})() === 1", timeout=60000)
        page.wait_for_selector(f".st-key-{charts[1]} .js-plotly-plot .nsewdrag", timeout=60000)
        settle(page)
        page.wait_for_timeout(2000)   # the Check's scroll brings the maps onto the screen
        settle(page)
        assert_both_pictures_visible(page, charts, f"/{section} {width}x{height}")
        assert_healthy(page)
    finally:
        ctx.close()


