"""A lesson in Chromium, as a lecturer presents it (1280x720, presentation mode) and a student follows it (1400x900):
every section with a "Predict, then check" exercise shows it on the projector, answerable, without pushing its
picture off the first screen; Check brings the section's main chart (TOPICS) onto the screen at both sizes. One browser
context per section. (Compare A / B on the first screen: tests/test_browser_lesson_compare.py.)"""
from pathlib import Path

import pytest

from tests.support.app_runs import runs_so_far, settle
from tests.support.charts import CHARTS_DRAWN
from tests.support.exercises import EXERCISE_SECTIONS
from tests.support.health import assert_healthy
from tests.support.lesson import BOX, open_section
from tests.support.screens import sized

pytestmark = pytest.mark.timeout(600)
ROOT = Path(__file__).resolve().parents[1]


# The chart is in the viewport: wholly, or from its top when it is taller than the screen.
IN_VIEW = f"""key => {{ const b = ({BOX})(key); if (!b) return false;
  return b.top >= -1 && (b.bottom <= b.viewH + 1 || (b.height > b.viewH && b.top <= 2)); }}"""
# The plotting areas (2-D drag layers, 3-D scenes) of the page's charts that the box `c` overlaps by more than 2 px.
COVERED = """c => [...document.querySelectorAll("[data-testid='stMain'] .js-plotly-plot")].flatMap(gd =>
  [...gd.querySelectorAll('.nsewdrag, .gl-container')].map(e => e.getBoundingClientRect()))
  .filter(r => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight)
  .filter(r => Math.min(r.right, c.x + c.width) - Math.max(r.left, c.x) > 2 &&
               Math.min(r.bottom, c.y + c.height) - Math.max(r.top, c.y) > 2)
  .map(r => [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)])"""

# Every chart of the main area drawn at the width of its box (the charts follow narrower columns one by one, each
# redrawn by Plotly): its layout, its SVG, and its plotting areas inside the SVG.
FOLLOWED = """() => [...document.querySelectorAll("[data-testid='stMain'] .js-plotly-plot")].every(gd => {
  const box = gd.getBoundingClientRect(), svg = gd.querySelector('.main-svg');
  if (!gd._fullLayout || !svg) return false;
  const s = svg.getBoundingClientRect();
  return Math.abs(gd._fullLayout.width - box.width) <= 1 && Math.abs(s.width - box.width) <= 1 &&
    [...gd.querySelectorAll('.nsewdrag')].every(d => d.getBoundingClientRect().right <= s.right + 1); })"""

# The widget labels, inputs and sliders of the main area (not of the questions' own panel) that the box `c` overlaps.
UNDER = """c => [...document.querySelectorAll("[data-testid='stMain'] [data-testid='stWidgetLabel'], [data-testid='stMain'] input, " +
  "[data-testid='stMain'] [role='slider'], [data-testid='stMain'] [data-testid='stSliderThumbValue']")]
  .filter(e => !e.closest("[class*='st-key-ex_']") && e.offsetParent !== null)
  .map(e => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width > 0 && r.height > 0)
  .filter(([, r]) => Math.min(r.right, c.x + c.width) - Math.max(r.left, c.x) > 1 &&
                     Math.min(r.bottom, c.y + c.height) - Math.max(r.top, c.y) > 1)
  .map(([e]) => (e.innerText || e.getAttribute('aria-label') || e.type || '').slice(0, 30))"""


def assert_in_view(page, key, where):
    try:
        page.wait_for_function(IN_VIEW, arg=key, timeout=20000)
    except Exception:  # noqa: BLE001 — the assertion below says where the chart is
        pass
    box = page.evaluate(BOX, key)
    assert box is not None, f"{where}: chart .st-key-{key} not drawn"
    assert box["top"] >= -1 and (box["bottom"] <= box["viewH"] + 1 or box["height"] > box["viewH"] >= box["top"] - 2), \
        f"{where}: chart {key} at {box}"


def check_answer(page, scope, where):
    """Choose the first answer in `scope` (any answer reveals), press Check and wait for the verdict; the app's runs
    before Check (tests.support.app_runs.runs_so_far)."""
    before = runs_so_far(page)
    scope.locator("[role='radiogroup'] label").first.click()
    settle(page, since=before)
    button = scope.get_by_role("button", name="Check")
    assert button.is_enabled(), f"{where}: Check stays disabled after a choice"
    before = runs_so_far(page)
    button.click()
    page.locator("[data-testid='stMain'] [data-testid='stAlert']").first.wait_for(timeout=60000)
    settle(page, since=before)
    return before


# The settings the main area shows: {widget key: its value as shown} for each slider, select box, toggle, check box,
# radio and number input (not the exercises' own answers).
SHOWN = """() => Object.fromEntries([...document.querySelectorAll("[data-testid='stMain'] .stElementContainer[class*='st-key-']")]
  .map(el => [[...el.classList].find(c => c.startsWith('st-key-')).slice(7), el])
  .filter(([key]) => !/(^|_)ex_/.test(key))
  .map(([key, el]) => {
    const sliders = [...el.querySelectorAll('input[type=range]')];
    const select = el.querySelector('input[role=combobox]'), box = el.querySelector('input[type=checkbox]');
    const radio = el.querySelector('input[type=radio]:checked'), number = el.querySelector('input[type=number]');
    const value = sliders.length ? sliders.map(s => s.getAttribute('aria-valuetext') || s.value).join(' – ')
      : select ? select.value : box ? String(box.checked)
      : radio ? radio.closest('label').innerText.trim() : number ? number.value : null;
    return [key, value]; })
  .filter(([, value]) => value !== null))"""


def assert_link_reopens(page, where):
    """The address after Check, opened in a new tab (a new session), shows every setting as the checked page does:
    the values Check set, those of widgets it brought (Compare's B, a kernel's own parameter) included."""
    shown = page.evaluate(SHOWN)
    tab = page.context.new_page()
    try:
        open_section(tab, page.url)
        tab.wait_for_function(CHARTS_DRAWN, timeout=60000)
        reopened = tab.evaluate(SHOWN)
    finally:
        tab.close()
    differ = {k: (v, reopened.get(k)) for k, v in shown.items() if reopened.get(k) != v}
    assert not differ, f"{where}: the link {page.url} opens other settings (checked page, link): {differ}"


# Every toast shown on the screen from now on (its text), as it appears: a toast leaves after its time (the verdict's
# after 10 s), and on a loaded machine the runs after Check and the scroll can take longer than that.
WATCH_TOASTS = """() => { const seen = window.__ksToasts = new Set();
  new MutationObserver(() => { for (const t of document.querySelectorAll("[data-testid='stToast']")) {
    const r = t.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && r.top < innerHeight && r.bottom > 0) seen.add(t.innerText); } })
  .observe(document.body, {childList: true, subtree: true, characterData: true}); }"""


def laptop_check(page, app_url, url, key, checked):
    """1400x900: scroll down to the first exercise, answer it; Check brings the main chart onto the screen."""
    page.set_viewport_size({"width": 1400, "height": 900})
    open_section(page, f"{app_url}/{url}")
    page.wait_for_function(CHARTS_DRAWN, timeout=60000)
    exercise = page.locator("[data-testid='stMain'] [class*='st-key-explain_ex_']").first
    exercise.scroll_into_view_if_needed()
    page.evaluate(WATCH_TOASTS)
    check_answer(page, exercise, f"/{url} at 1400x900")
    assert_in_view(page, checked, f"/{url} at 1400x900 after Check")
    verdict = " ".join(exercise.locator("[data-testid='stAlert']").first.inner_text().split())[:20]
    toasts = [" ".join(t.split()) for t in page.evaluate("() => [...window.__ksToasts]")]   # beside the picture
    assert any(verdict in t for t in toasts), f"/{url} at 1400x900: no verdict {verdict!r} beside the picture: {toasts}"
    assert_healthy(page)
    assert_link_reopens(page, f"/{url} at 1400x900 after Check")


def projector_check(page, app_url, url, key, checked):
    """1280x720 presenting: no heading over an empty gap; the button in the corner opens a question in large type
    with its choices and Check on the screen; the picture stays on the first screen, and after Check too."""
    page.set_viewport_size({"width": 1280, "height": 720})
    open_section(page, f"{app_url}/{url}?present=true")
    page.wait_for_function(CHARTS_DRAWN, timeout=60000)
    main = page.locator("[data-testid='stMain']")
    assert main.get_by_role("heading", name="Predict, then check").count() == 0, f"/{url}: heading without questions"
    corner = main.locator("[class*='st-key-ex_corner_'] button").first
    corner.wait_for(timeout=30000)
    assert_in_view(page, key, f"/{url} presenting")
    hidden = page.evaluate(UNDER, corner.bounding_box())
    assert not hidden, f"/{url} presenting: the questions' corner button covers {hidden}"
    before = runs_so_far(page)
    corner.click()
    panel = main.locator("[class*='st-key-ex_panel_']").first
    panel.wait_for(timeout=30000)
    settle(page, since=before)
    view = page.viewport_size
    for item in [panel, *panel.locator("[role='radiogroup'] label").all(), panel.get_by_role("button", name="Check")]:
        r = item.bounding_box() or {}
        assert r and r["y"] >= 0 and r["y"] + r["height"] <= view["height"] + 1 and r["x"] + r["width"] <= view["width"], \
            f"/{url} presenting: part of the question off the screen at {r}"
    size = panel.locator("[data-testid='stWidgetLabel'] p").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 20, f"/{url} presenting: the question in {size} px type"
    page.wait_for_function(FOLLOWED, timeout=30000)   # the page makes room for the panel: its charts follow
    covered = page.evaluate(COVERED, panel.bounding_box())
    assert not covered, f"/{url} presenting: the open question covers plotting areas {covered}"
    checking = check_answer(page, panel, f"/{url} presenting")
    assert_in_view(page, checked, f"/{url} presenting after Check")
    # the panel is now a card of the verdict alone, on the screen and over no chart's plotting area or setting
    card = main.locator("[class*='st-key-ex_verdict_']").first
    card.wait_for(timeout=30000)
    assert card.locator("[data-testid='stAlert']").count() == 1, f"/{url} presenting: no verdict after Check"
    settle(page, since=checking)
    c = card.bounding_box()
    assert c["y"] >= 0 and c["y"] + c["height"] <= view["height"], f"/{url} presenting: the verdict at {c}"
    # (a chart scrolled up off the screen, its last pixels under the topic menu, is not one the class is looking at)
    covered = [r for r in page.evaluate(COVERED, c) if r[1] >= 0]
    assert not covered, f"/{url} presenting: the verdict card at {c} covers plotting areas {covered}"
    hidden = page.evaluate(UNDER, c)   # nor the settings Check has just moved
    assert not hidden, f"/{url} presenting: the verdict card at {c} covers {hidden}"
    brief = card.locator("[data-testid='stAlert']").inner_text().strip()
    before = runs_so_far(page)
    card.get_by_role("button", name="↩").click()   # the question in full again, the verdict with its explanation
    panel.wait_for(timeout=30000)
    settle(page, since=before)
    full = panel.locator("[data-testid='stAlert']").first.inner_text().strip()
    assert full.startswith(brief) and len(full) > len(brief) + 40, f"/{url} presenting: ↩ shows {full!r}"
    assert_healthy(page)


@pytest.mark.parametrize("url,key,checked", EXERCISE_SECTIONS)
def test_exercise_is_answerable_presenting_and_check_shows_the_changed_chart(browser, app_url, url, key, checked):
    context, page = sized(browser, 1400, 900)
    try:
        laptop_check(page, app_url, url, key, checked)
        projector_check(page, app_url, url, key, checked)
    finally:
        context.close()
