"""Browser tests: the real app (`python app.py`) in Debian's Chromium through Playwright.

Every section in the navigation is opened; on sections with charts a slider is moved with the keyboard and
a chart must re-draw with new numbers. No page may show an exception or request anything outside
this machine. These tests never skip: without Chromium they fail with the command to install it.
(Sections as pages — first screen, Prev / Next, PageDown, settings across sections, old addresses, the cold
start — are tested in tests/test_browser_sections.py.)
"""
import json

import pytest

from tests.app_pages import navigation
from ui.theme import PRESENT_FONT_SIZE

pytestmark = pytest.mark.timeout(300)

IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
# A cheap fingerprint of every Plotly chart: the sum of each trace's z (or y) values.
CHART_SIGNATURE = """() => Array.from(document.querySelectorAll('.js-plotly-plot')).map(el =>
  (el._fullData || []).map(t => { let s = 0; const add = v => { if (typeof v === 'number') s += v;
    else if (v && typeof v.length === 'number' && typeof v !== 'string') for (const w of v) add(w); };
    add(t.z || t.y || []); return s.toFixed(6); }).join(',')).join('|')"""


def settle(page):
    page.wait_for_selector(IDLE, timeout=60000)
    page.wait_for_timeout(500)
    page.wait_for_selector(IDLE, timeout=60000)


def ready_value(page, script, arg=None, timeout=20000):
    """What `script` returns once it is not null: evaluated in one go, so never on a chart a rerun is remounting."""
    return page.wait_for_function(f"a => {{ const v = ({script})(a); return v === null ? null : {{v}}; }}", arg=arg,
                                  timeout=timeout).json_value()["v"]


def drawn_chart(box):
    """JS: the Plotly chart inside the element `box` (a CSS selector) once Plotly has drawn it, else null (a rerun
    remounting it, or Plotly not done yet): the scripts built on it return null then instead of throwing."""
    return (f"() => {{ const box = document.querySelector({json.dumps(box)}); "
            "const el = box && box.querySelector('.js-plotly-plot'); "
            "return (el && el._fullData && el._fullLayout && el._fullLayout.xaxis) ? el : null; }")


def to_pixels(find):
    """JS ([x, y, n]): the page's pixel at (x, y) of the chart `find` returns, on its y axis n ('' or absent: the
    first, '2' the second); null while there is no drawn chart."""
    return (f"([x, y, n]) => {{ const el = ({find})(); if (!el) return null; const L = el._fullLayout; "
            "const r = el.getBoundingClientRect(); const xa = L.xaxis, ya = L['yaxis' + (n || '')]; "
            "return [r.left + xa._offset + xa.l2p(x), r.top + ya._offset + ya.l2p(y)]; }")


def scroll_to(page, find):
    """The chart `find` returns to the middle of the screen, once it is drawn."""
    page.wait_for_function(f"() => {{ const el = ({find})(); if (!el) return false; "
                           "el.scrollIntoView({block: 'center'}); return true; }", timeout=20000)
    page.wait_for_timeout(300)


def open_url(page, url):
    page.goto(url)
    settle(page)
    page.wait_for_selector("[data-testid='stMain'] h1, [data-testid='stMain'] h4", timeout=30000)


def assert_healthy(page):
    exceptions = page.locator("[data-testid='stException']")
    assert exceptions.count() == 0, exceptions.first.inner_text()
    # a formula KaTeX could not read: its source in KaTeX's error colour (#cc0000; the app colours no formula so),
    # an undefined command such as "\qquadf" (a string joined without a space) included
    broken = page.evaluate("""() => [...document.querySelectorAll('.katex-error, .katex [style*="color: rgb(204, 0, 0)"]')]
      .map(e => { const k = e.closest('.katex'), tex = k && k.querySelector('annotation');
                  return (tex ? tex.textContent : e.textContent).slice(0, 120); })""")
    assert broken == [], f"formula errors: {broken}"
    assert page.outside_requests == [], f"requests left the machine: {page.outside_requests[:5]}"


# Some chart is on the page and Plotly has drawn every one (its data and layout are filled in).
CHARTS_DRAWN = """() => document.querySelectorAll('.js-plotly-plot').length > 0 &&
  Array.from(document.querySelectorAll('.js-plotly-plot')).every(e => e._fullData && e._fullLayout)"""
# Margins Plotly had to widen after a first drawing (and so drew the chart a second time): the estimate in
# ui.figures.reserve_margins was too small for that chart.
WIDENED_MARGINS = """() => Array.from(document.querySelectorAll('.js-plotly-plot')).flatMap(el => {
  const L = el._fullLayout || {}, s = L._size || {}, m = L.margin || {};
  const sides = ['l', 'r', 't', 'b'].filter(k => Math.round(s[k]) > Math.round(m[k]));
  return sides.length ? [`${(L.title && L.title.text || '(untitled)').replace(/<[^>]+>/g, '')}: ` +
    sides.map(k => `${k} ${m[k]} -> ${Math.round(s[k])}`).join(', ')] : []; })"""

# Legends that touch an x axis' tick labels or title (a legend under a short plot, or in presentation type).
LEGEND_OVERLAPS = """() => Array.from(document.querySelectorAll('.js-plotly-plot')).flatMap(el => {
  const box = el.querySelector('.legend') && el.querySelector('.legend').getBoundingClientRect();
  if (!box || !box.width) return [];
  const meets = r => r.width && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
  const hit = Array.from(el.querySelectorAll('[class^="g-x"][class$="title"] text, [class^="x"][class$="tick"] text'))
    .filter(t => meets(t.getBoundingClientRect()));
  const L = el._fullLayout || {};
  return hit.length ? [`${(L.title && L.title.text || '(untitled)').replace(/<[^>]+>/g, '')}: legend meets ` +
    hit.map(t => JSON.stringify(t.textContent)).join(', ')] : []; })"""


def assert_margins_reserved(page):
    """No chart on the page needed Plotly to widen its margins (which costs a second drawing per redraw)."""
    assert page.evaluate(WIDENED_MARGINS) == []


def assert_legends_clear(page):
    """No chart's legend overlaps the tick labels or the title of an x axis."""
    assert page.evaluate(LEGEND_OVERLAPS) == []


def assert_first_slider_redraws_a_chart(page):
    """Three ArrowRight presses on the first slider of the main area change some chart's numbers, and the page
    stays healthy."""
    assert_a_slider_redraws_a_chart(page, first_only=True)


def assert_a_slider_redraws_a_chart(page, first_only=False):
    """Three ArrowRight presses on each slider of the main area (or the first only) change some chart's numbers;
    the page stays healthy. Every slider is pressed before the one wait, so a slider that feeds no chart here (a
    topic bar's slider this section does not draw) costs no timeout of its own. A section whose sliders only change
    the numbers beside its picture (a point set the student clicks) passes when those numbers change."""
    page.wait_for_function(CHARTS_DRAWN)
    sliders = page.locator("[data-testid='stMain']").get_by_role("slider")
    count = 1 if first_only else sliders.count()
    assert count, "a slider in the main area"
    before = page.evaluate(CHART_SIGNATURE)
    text = page.locator("[data-testid='stMain']").inner_text()
    for i in range(count):
        sliders.nth(i).focus()
        for _ in range(3):
            page.keyboard.press("ArrowRight")
    try:
        page.wait_for_function(f"before => ({CHART_SIGNATURE})() !== before", arg=before, timeout=30000)
        redrawn = True
    except Exception:  # noqa: BLE001 — no slider here feeds a chart: the numbers beside it must change instead
        assert not first_only, f"the first of the {count} sliders of the main area changed no chart"
        redrawn = False
    settle(page)
    if redrawn and page.evaluate(CHART_SIGNATURE) != before:
        assert_healthy(page)
        assert_margins_reserved(page)
        return
    assert not first_only, "the first slider's chart came back to the same numbers"
    page.wait_for_function("t => document.querySelector(\"[data-testid='stMain']\").innerText !== t", arg=text,
                           timeout=30000)
    assert_healthy(page)


@pytest.mark.parametrize("url_path", [u for _, u in navigation()])
def test_page_opens_and_a_slider_redraws_a_chart(page, app_url, url_path):
    open_url(page, f"{app_url}/{url_path}")
    assert_healthy(page)
    if url_path:   # every section has a main chart (tests/test_browser_sections.py): Plotly's script may load after
        page.wait_for_function(CHARTS_DRAWN, timeout=60000)   # the run ends; then no chart yet would pass as home
    charts = page.locator("[data-testid='stMain'] .js-plotly-plot")
    if charts.count() == 0:  # a page without charts (home): it renders its text and is healthy
        assert page.locator("[data-testid='stMain']").inner_text().strip()
        return
    page.wait_for_function(CHARTS_DRAWN)
    assert_margins_reserved(page)
    assert_legends_clear(page)
    if page.locator("[data-testid='stMain']").get_by_role("slider").count():
        assert_a_slider_redraws_a_chart(page)
    else:  # a section whose picture has no slider (a fixed counter-example): drawn and healthy
        assert page.locator("[data-testid='stMain'] .js-plotly-plot").count() >= 1
        assert_healthy(page)


@pytest.mark.parametrize("url_path", [u for _, u in navigation() if u])
def test_presentation_mode_charts_keep_their_reserved_margins(page, app_url, url_path):
    """Presentation mode's larger type widens every margin estimate; Plotly never has to widen one again, and
    legends under a plot move down to clear the larger axis labels."""
    open_url(page, f"{app_url}/{url_path}?present=true")
    page.wait_for_function(CHARTS_DRAWN)
    assert page.evaluate("() => document.querySelector('.js-plotly-plot')._fullLayout.font.size") == PRESENT_FONT_SIZE
    assert_margins_reserved(page)
    assert_legends_clear(page)
    assert_healthy(page)


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
