"""Compare A / B in Chromium (the lesson of tests/test_browser_lesson.py): its two pictures are on the first screen, of
one size, with one legend and their sliders in view, at 1280x720 presenting and at 1400x900 with the sidebar open
and closed; and the question panel leaves both pictures in view. One browser context per section."""
import pytest

from tests.support.app_runs import settle
from tests.support.charts import CHARTS_DRAWN
from tests.support.health import assert_healthy
from tests.support.lesson import BOX, open_section
from tests.support.screens import MIN_PLOT_HEIGHT, sized
from ui.kernel_choice import SECOND_ROW_PX

pytestmark = pytest.mark.timeout(600)
COMPARE = [("svm", "svm_compare", ("svm_map", "svm_b_map"), "svm_b_bar"),
           ("kernel-ridge", "kernel_ridge_compare", ("kernel_ridge_fit", "kernel_ridge_fit_b"), "kernel_ridge_b_bar")]


# Sliders of A's bar and B's row that are not wholly on the screen (their values).
SLIDERS_OFF = """sel => Array.from(document.querySelectorAll(sel)).filter(e => {
  const r = (e.closest('[role=group]') || e).getBoundingClientRect();   // the slider's track (its input is hidden)
  return !(r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth); })
  .map(e => e.getAttribute('aria-valuetext') || e.getAttribute('aria-valuenow'))"""


def assert_both_on_first_screen(page, charts, b_bar, where, present=False, min_plot=MIN_PLOT_HEIGHT):
    page.wait_for_function(f"keys => keys.every(k => ({BOX})(k))", arg=list(charts), timeout=60000)
    sizes = None
    for _ in range(60):   # the charts follow a change of the column widths one by one: wait until they stand still
        page.wait_for_timeout(500)
        now = page.evaluate(f"keys => keys.map(k => ({BOX})(k))", list(charts))
        if None not in now and now == sizes:
            break
        sizes = now
    a, b = sizes
    for key, box in zip(charts, (a, b)):
        assert box["top"] >= 0 and box["bottom"] <= box["viewH"] + 1, f"{where}: {key} off the first screen at {box}"
        assert not box["legend"], f"{where}: {key} carries a legend of its own"
    assert abs(a["plotHeight"] - b["plotHeight"]) <= 1 and abs(a["plotWidth"] - b["plotWidth"]) <= 1, \
        f"{where}: A {a['plotWidth']:.0f}x{a['plotHeight']:.0f}, B {b['plotWidth']:.0f}x{b['plotHeight']:.0f}"
    if present:
        assert a["plotHeight"] >= min_plot, f"{where}: plotting area {a['plotHeight']:.0f} px tall"
    assert page.locator("[data-testid='stMain'] .ks-legend").count() == 1, f"{where}: one legend row for both"
    row = page.evaluate("""() => { const l = document.querySelector("[data-testid='stMain'] .ks-legend");
      const r = l.getBoundingClientRect(); return {size: parseFloat(getComputedStyle(l).fontSize), height: r.height,
      top: r.top, bottom: r.bottom}; }""")
    assert row["top"] >= 0 and row["bottom"] <= page.viewport_size["height"], f"{where}: legend row at {row}"
    if present:   # read from the back row: the projector's 20 px type (issue 33), on one line
        assert row["size"] >= 20 and row["height"] <= 1.6 * row["size"], f"{where}: legend row {row}"
    sliders = f"[data-testid='stMain'] .st-key-topic_bar input[type='range'], .st-key-{b_bar} input[type='range']"
    assert page.locator(sliders).count() >= 4
    assert page.evaluate(SLIDERS_OFF, sliders) == [], f"{where}: sliders off the first screen"


@pytest.mark.parametrize("url,param,charts,b_bar", COMPARE)
def test_compare_a_b_has_both_pictures_on_the_first_screen(browser, app_url, url, param, charts, b_bar):
    context, page = sized(browser, 1400, 900)
    try:
        open_section(page, f"{app_url}/{url}?{param}=true")
        sidebar = page.locator("[data-testid='stSidebar'][data-collapsed='false']")
        assert sidebar.count() == 1, "the sidebar starts open at 1400 px"
        assert_both_on_first_screen(page, charts, b_bar, f"/{url} 1400x900, sidebar open")
        sidebar.hover()
        page.locator("[data-testid='stSidebarCollapseButton'] button").click()
        page.wait_for_selector("[data-testid='stSidebar'][data-collapsed='true']", state="attached", timeout=10000)   # collapsed: 0 px wide
        assert_both_on_first_screen(page, charts, b_bar, f"/{url} 1400x900, sidebar closed")
        page.set_viewport_size({"width": 1280, "height": 720})
        open_section(page, f"{app_url}/{url}?{param}=true&present=true")
        assert_both_on_first_screen(page, charts, b_bar, f"/{url} 1280x720 presenting", present=True)
        # two kernel parameters on each side (Poly: m, γ, r; Sigmoid: γ, r) wrap the settings to a second row
        kernels = f"{param.replace('_compare', '_kernel')}=poly&{param.replace('_compare', '_b_kernel')}=sigmoid"
        open_section(page, f"{app_url}/{url}?{param}=true&present=true&{kernels}")
        assert_both_on_first_screen(page, charts, b_bar, f"/{url} 1280x720 presenting, Poly and Sigmoid", present=True,
                                    min_plot=MIN_PLOT_HEIGHT - SECOND_ROW_PX)
        assert_healthy(page)
    finally:
        context.close()


# The plotting area (every subplot) of the chart keyed `key`, and the question panel's box.
AREA = """key => { const box = document.querySelector('.st-key-' + key);
  const d = box && [...box.querySelectorAll('.nsewdrag')].map(e => e.getBoundingClientRect());
  if (!d || !d.length) return null;
  return {left: Math.min(...d.map(r => r.left)), right: Math.max(...d.map(r => r.right)),
          top: Math.min(...d.map(r => r.top)), bottom: Math.max(...d.map(r => r.bottom))}; }"""


@pytest.mark.parametrize("url,param,charts,b_bar", COMPARE)
def test_the_question_panel_leaves_both_compare_pictures_in_view(browser, app_url, url, param, charts, b_bar):
    """Issue 33: presenting with Compare A / B on, the question opened in the corner covered map B. With the panel
    open both pictures' plotting areas are on the screen, beside the panel (no overlap), and the question with its
    Check is on the screen too."""
    context, page = sized(browser, 1280, 720)
    try:
        open_section(page, f"{app_url}/{url}?{param}=true&present=true")
        page.wait_for_function(CHARTS_DRAWN, timeout=60000)
        main = page.locator("[data-testid='stMain']")
        main.locator("[class*='st-key-ex_corner_'] button").first.click()
        panel = main.locator("[class*='st-key-ex_panel_']").first
        panel.wait_for(timeout=30000)
        settle(page)
        areas = None
        for _ in range(40):   # the charts follow the narrower page one by one: wait until they stand still
            page.wait_for_timeout(500)
            now = page.evaluate(f"keys => keys.map(k => ({AREA})(k))", list(charts))
            if None not in now and now == areas:
                break
            areas = now
        p = panel.bounding_box()
        for key, a in zip(charts, areas):
            assert a["top"] >= 0 and a["bottom"] <= 721 and a["left"] >= 0, f"/{url}: {key} off the screen at {a}"
            assert a["right"] <= p["x"] + 1, f"/{url}: the question panel at {p} covers {key} at {a}"
            assert a["right"] - a["left"] >= 200 and a["bottom"] - a["top"] >= 200, f"/{url}: {key} shrunk to {a}"
        check = panel.get_by_role("button", name="Check").bounding_box()
        assert p["y"] >= 0 and check["y"] + check["height"] <= 720, f"/{url}: Check off the screen at {check}"
        assert_healthy(page)
    finally:
        context.close()
