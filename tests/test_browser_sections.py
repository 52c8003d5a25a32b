"""Sections as pages, in Chromium (issue 20): every section's main chart on the first screen of a projector
(1280x720, presentation mode, plotting area at least 440 px tall) and of a laptop (1400x900), nothing cut off, no
serious axe violation, margins reserved (and, on the laptop, a slider that redraws the chart: each section is
opened once per screen size, and the checks of tests/test_browser.py run on it);
Prev / Next walk the path of TOPICS; PageDown / PageUp in presentation mode; topic settings survive moving between
sections and topics and a reload of the share link; the old topic addresses open their first section with their
parameters; a cold server gives 30 sessions opening a shared /svm link at once the app shell and the link's points."""
import pytest

from bench.student import run_async
from pages import TOPICS, sections, url_path
from tests.browser_env import ARGS, RUN_COUNTER, ensure_chromium
from tests.conftest import serve_app
from tests.focus_walk import assert_every_tab_stop_shows_focus
from tests.support.app_runs import open_url, runs_so_far, settle
from tests.support.charts import CHARTS_DRAWN, assert_legends_clear, assert_margins_reserved, assert_section_charts_redraw
from tests.support.health import assert_accessible, assert_healthy
from tests.support.screens import MIN_PLOT_HEIGHT, sized
from ui.theme import PRESENT_FONT_SIZE

pytestmark = pytest.mark.timeout(600)

SECTIONS = [(url_path(t, s), s.main_chart) for t, s in sections()]
# The main chart's box and its plotting area (Plotly's drag layer of a 2-D chart; the whole chart for a 3-D one).
MAIN_CHART = """(key) => { const box = document.querySelector('.st-key-' + key);
  if (!box) return null;
  const plot = box.querySelector('.js-plotly-plot');
  const area = box.querySelector('.nsewdrag') || (plot && plot.querySelector('.gl-container, .svg-container'));
  const r = box.getBoundingClientRect(), a = area ? area.getBoundingClientRect() : r;
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, plotHeight: a.height,
          viewH: window.innerHeight, viewW: window.innerWidth}; }"""
# Formulas, metric values and captions whose content is wider than their box (cut off, or scrolling inside it).
CUT_OFF = """() => Array.from(document.querySelectorAll(
  '[data-testid="stMain"] .katex-display, [data-testid="stMain"] [data-testid="stMetricValue"], ' +
  '[data-testid="stMain"] [data-testid="stCaptionContainer"]'))
  .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1).map(e => e.innerText.slice(0, 60))"""

# The lines of the section's heading that run under the corner's "Predict, then check" button (presenting).
HEADING_UNDER_CORNER = """() => { const b = document.querySelector('[class*="st-key-ex_corner"] button');
  const h = document.querySelector('[data-testid="stMain"] h4');
  if (!b || !h) return [];
  const c = b.getBoundingClientRect(), range = document.createRange();
  range.selectNodeContents(h);
  return Array.from(range.getClientRects()).filter(r => r.width > 0 && r.right > c.left && r.left < c.right
    && r.bottom > c.top && r.top < c.bottom).map(r => h.innerText.slice(0, 80)); }"""

# Charts that start on the projector's first screen (above its last FOLD_START px) but end below it: cut by the fold.
# A chart that starts in the last FOLD_START px is the page going on below, not a picture cut in two.
FOLD_START = 120
CUT_BY_THE_FOLD = """(start) => [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')]
  .map(g => { const r = g.getBoundingClientRect(), k = g.closest('[class*="st-key-"]');
    return {key: k && [...k.classList].find(c => c.startsWith('st-key-')), top: r.top, bottom: r.bottom}; })
  .filter(c => c.top < window.innerHeight - start && c.bottom > window.innerHeight + 1)"""


def first_screen(page, key):
    page.wait_for_function(CHARTS_DRAWN, timeout=60000)
    box = page.evaluate(MAIN_CHART, key)
    assert box is not None, f"main chart .st-key-{key} not found"
    return box


@pytest.mark.parametrize("url,key", SECTIONS)
def test_main_chart_is_on_the_projectors_first_screen(browser, app_url, url, key):
    context, page = sized(browser, 1280, 720)
    try:
        open_url(page, f"{app_url}/{url}?present=true")
        box = first_screen(page, key)
        assert 0 <= box["top"] and box["bottom"] <= box["viewH"] + 1, f"/{url}: main chart at {box}"
        assert box["plotHeight"] >= MIN_PLOT_HEIGHT, f"/{url}: plotting area {box['plotHeight']:.0f} px tall"
        assert page.evaluate(CUT_OFF) == []
        assert page.evaluate(HEADING_UNDER_CORNER) == [], f"/{url}: the heading runs under the exercises' button"
        assert page.evaluate(CUT_BY_THE_FOLD, FOLD_START) == [], f"/{url}: a chart cut by the projector's fold"
        assert page.locator("[data-testid='stSidebar'][aria-expanded='true']").count() == 0, "sidebar collapsed"
        # presentation mode's larger type widens every margin estimate: Plotly never has to widen one again, and
        # legends under a plot move down to clear the larger axis labels
        assert page.evaluate("() => document.querySelector('.js-plotly-plot')._fullLayout.font.size") == PRESENT_FONT_SIZE
        assert_margins_reserved(page)
        assert_legends_clear(page)
        assert_accessible(page, url)
        assert_healthy(page)
    finally:
        context.close()


@pytest.mark.parametrize("url,key", SECTIONS)
def test_main_chart_is_on_the_laptops_first_screen_and_a_slider_redraws_it(browser, app_url, url, key):
    """At 1400x900: the main chart on the first screen, nothing cut, no serious axe violation; then a slider of the
    main area redraws a chart (tests/test_browser.py, assert_section_charts_redraw), and Tab from the heading shows a
    whole focus ring on every control of the main area (tests/focus_walk.py)."""
    context, page = sized(browser, 1400, 900)
    try:
        open_url(page, f"{app_url}/{url}")
        assert_healthy(page)
        box = first_screen(page, key)
        assert 0 <= box["top"] and box["bottom"] <= box["viewH"] + 1, f"/{url}: main chart at {box}"
        assert page.evaluate(CUT_OFF) == []
        assert_accessible(page, url)
        assert_section_charts_redraw(page)
        assert_every_tab_stop_shows_focus(page, url)   # keyboard only: every control's focus ring (issue 32)
    finally:
        context.close()


@pytest.mark.parametrize("width,height,query", [(1280, 720, "?present=true"), (1400, 900, "")])
def test_the_navigation_bar_shows_every_topic_without_a_more_menu(browser, app_url, width, height, query):
    """All topics stay in the top bar at a projector's size (larger type, sidebar folded) and beside the sidebar at
    1400 px: none folds into Streamlit's "N more" menu, where a class would not see it."""
    context, page = sized(browser, width, height)
    try:
        open_url(page, f"{app_url}/kernels{query}")
        shown = page.locator("[data-testid='stTopNav'] [data-testid='stTopNavSection']:visible").all_inner_texts()
        assert [s.strip() for s in shown] == [f"{t.icon} {t.short}" for t in TOPICS]
        assert page.locator("[data-testid='stTopNav'] .rc-overflow-item-rest:visible").count() == 0
    finally:
        context.close()


def test_next_walks_every_section_in_order_and_prev_comes_back(page, app_url):
    """From Home's first topic, Next at the end of each section opens the next row of TOPICS; Prev goes back."""
    urls = [u for u, _ in SECTIONS]
    page.context.add_init_script(RUN_COUNTER)   # settle waits for the run each click asks for, not a pause
    open_url(page, f"{app_url}/{urls[0]}")
    for expected in urls[1:]:
        before = runs_so_far(page)
        page.locator(".st-key-nav_next a").click()
        page.wait_for_url(f"{app_url}/{expected}*", timeout=30000)
        settle(page, since=before)
    assert_healthy(page)
    before = runs_so_far(page)
    page.locator(".st-key-nav_prev a").click()
    page.wait_for_url(f"{app_url}/{urls[-2]}*", timeout=30000)
    settle(page, since=before)
    assert_healthy(page)


def test_pagedown_and_pageup_move_between_sections_when_presenting(page, app_url):
    topic = next(t for t in TOPICS if len(t.sections) > 1)
    first, second = (url_path(topic, s) for s in topic.sections[:2])
    # ui/nav_keys.js mounted on this section, and the link a key follows drawn (the footer comes last: a key pressed
    # before it is drawn does nothing, as under load in a full run)
    listening = "(which) => window.__kernelscopeNavKeys > 0 && !!document.querySelector(`.st-key-${which} a`)"
    open_url(page, f"{app_url}/{first}?present=true")
    page.wait_for_function(listening, arg="nav_next", timeout=30000)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")  # keys go to the page
    page.keyboard.press("PageDown")
    page.wait_for_url(f"{app_url}/{second}*", timeout=30000)
    settle(page)
    page.wait_for_function(listening, arg="nav_prev", timeout=30000)
    page.keyboard.press("PageUp")
    page.wait_for_url(f"{app_url}/{first}*", timeout=30000)
    settle(page)
    assert_healthy(page)


def svm_C(page):
    """The value shown by the SVM bar's C slider."""
    return page.locator(".st-key-svm_C [data-testid='stSliderThumbValue']").inner_text()


def view_link(page):
    """The sidebar's "Link to this view" (the field ui/view_link.js fills once mounted)."""
    page.get_by_text("Link to this view").click()
    page.wait_for_function("""() => { for (const host of document.querySelectorAll('[data-testid="stPopoverBody"] *')) {
      const f = host.shadowRoot && host.shadowRoot.querySelector('.ks-link-field');
      if (f && f.value) return true; } return false; }""", timeout=20000)
    text = page.locator("[data-testid='stPopoverBody'] .ks-link-field").input_value()
    page.keyboard.press("Escape")
    return text.strip()


def next_section(page, app_url, expected):
    page.locator(".st-key-nav_next a").click()
    page.wait_for_url(f"{app_url}/{expected}*", timeout=30000)
    settle(page)


def test_topic_settings_survive_sections_topics_and_a_reload(page, app_url, browser):
    """An old-style link (/svm?svm_C=10) opens the topic's first section with C = 10; C stays 10 on the next
    section, after a visit to another topic, and in the view's link opened in a fresh browser. A setting the student
    moves stays in the address bar from section to section."""
    svm = next(t for t in TOPICS if t.slug == "svm")
    second, third = (url_path(svm, s) for s in svm.sections[1:3])
    open_url(page, f"{app_url}/svm?svm_C=10")
    assert svm_C(page) == "10"
    next_section(page, app_url, second)
    assert svm_C(page) == "10" and "svm_C=10" in view_link(page)
    page.locator(".st-key-svm_C").get_by_role("slider").focus()
    page.keyboard.press("ArrowRight")                         # the student moves C: 10 -> 12.6
    settle(page)
    page.wait_for_function("() => window.location.search.includes('svm_C=12.6')", timeout=10000)
    next_section(page, app_url, third)
    assert svm_C(page) == "12.6"
    page.wait_for_function("() => window.location.search.includes('svm_C=12.6')", timeout=10000)
    page.locator("[data-testid='stTopNavLink']").filter(has_text="Home").click()   # in the app: same session
    page.wait_for_url(f"{app_url}/", timeout=30000)
    settle(page)
    page.locator("[data-testid='stMain']").get_by_role("link", name="Support vector machines").click()
    page.wait_for_url(f"{app_url}/svm*", timeout=30000)
    settle(page)
    assert svm_C(page) == "12.6"
    link = view_link(page)
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        fresh = context.new_page()
        open_url(fresh, link)
        assert svm_C(fresh) == "12.6", link
    finally:
        context.close()
    assert_healthy(page)


def test_old_addresses_open_their_topics_first_section(page, app_url):
    for topic in TOPICS:
        open_url(page, f"{app_url}/{topic.slug}")
        heading = page.locator("[data-testid='stMain'] h1, [data-testid='stMain'] h4").first.inner_text()
        assert topic.title in heading, (topic.slug, heading)
        assert_healthy(page)


STUDENTS = 30
LINK = "svm?pts=3.17%7C0.10%2C0.50%2C%2B&svm_C=3.16"   # point 3 (and 17) removed, one added: 120 - 2 + 1 = 119


def test_cold_start_thirty_sessions_opening_a_shared_link_at_once():
    """A freshly started server; 30 browser tabs open the same /svm share link at the same moment. Every one gets the
    app shell (sidebar with the data set, the navigation), no "Page not found", and the link's points."""
    import asyncio

    from playwright.async_api import async_playwright

    async def student(browser, url):
        context = await browser.new_context(viewport={"width": 1400, "height": 900})
        page = await context.new_page()
        await page.goto(f"{url}/{LINK}", timeout=180000)
        await page.wait_for_selector("[data-testid='stSidebar'] >> text=Data set", timeout=180000)
        await page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']", timeout=180000)
        await page.wait_for_timeout(500)
        result = {"dialog": await page.get_by_role("dialog").count(),
                  "nav": await page.locator("[data-testid='stTopNavLink']").count(),
                  "in_use": await page.locator("[data-testid='stSidebar']").inner_text(),
                  "url": page.url}
        await context.close()
        return result

    async def class_opens(url):
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
            try:
                return await asyncio.gather(*(student(browser, url) for _ in range(STUDENTS)), return_exceptions=True)
            finally:
                await browser.close()

    with serve_app() as url:
        results = run_async(class_opens(url))
    for i, r in enumerate(results):
        assert not isinstance(r, BaseException), f"student {i}: {type(r).__name__}: {r}"
        assert r["dialog"] == 0, f"student {i} saw a dialog"
        assert r["nav"] > 0, f"student {i} has no app navigation"
        assert "your own points (119)" in r["in_use"], (i, r["in_use"][:300])
        assert "pts=" in r["url"], f"student {i}: the link's points left the address bar ({r['url']})"
