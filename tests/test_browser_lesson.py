"""A lesson in Chromium, as a lecturer presents it (1280x720, presentation mode) and a student follows it (1400x900):
every section with a "Predict, then check" exercise shows it on the projector, answerable, without pushing its
picture off the first screen; Check brings the section's main chart (TOPICS) onto the screen at both sizes; Compare
A / B's two pictures are on the first screen, of one size, with one legend and their sliders in view, at 1280x720
presenting and at 1400x900 with the sidebar open and closed. One browser context per section."""
from pathlib import Path

import pytest

from tests.support.app_runs import IDLE, opened, runs_so_far, settle
from tests.support.charts import CHARTS_DRAWN
from tests.support.exercises import EXERCISE_SECTIONS
from tests.support.health import assert_healthy
from tests.support.screens import MIN_PLOT_HEIGHT, sized
from ui.kernel_choice import SECOND_ROW_PX

pytestmark = pytest.mark.timeout(600)
ROOT = Path(__file__).resolve().parents[1]


# The box of the chart keyed `key` once Plotly has drawn it (null before: a rerun remounting it), with the viewport.
BOX = """key => { const box = document.querySelector('.st-key-' + key);
  const plot = box && box.querySelector('.js-plotly-plot');
  if (!plot || !plot._fullLayout) return null;
  const r = box.getBoundingClientRect(), a = (box.querySelector('.nsewdrag') || box).getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: r.height, plotHeight: a.height, plotWidth: a.width,
          legend: !!plot._fullLayout.showlegend, viewH: window.innerHeight, viewW: window.innerWidth}; }"""
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


def open_section(page, url):
    """tests.support.app_runs.open_url, with room for a cold server's first run of a section on a busy machine."""
    page.goto(url)
    if not opened(page, timeout=180000):   # a page without the run counter: pauses for a further run after the first
        for _ in range(2):
            page.wait_for_selector(IDLE, timeout=180000)
            page.wait_for_timeout(500)
        page.wait_for_selector(IDLE, timeout=180000)
    page.wait_for_selector("[data-testid='stMain'] h1, [data-testid='stMain'] h4", timeout=30000)


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


def laptop_check(page, app_url, url, key, checked):
    """1400x900: scroll down to the first exercise, answer it; Check brings the main chart onto the screen."""
    page.set_viewport_size({"width": 1400, "height": 900})
    open_section(page, f"{app_url}/{url}")
    page.wait_for_function(CHARTS_DRAWN, timeout=60000)
    exercise = page.locator("[data-testid='stMain'] [class*='st-key-explain_ex_']").first
    exercise.scroll_into_view_if_needed()
    check_answer(page, exercise, f"/{url} at 1400x900")
    assert_in_view(page, checked, f"/{url} at 1400x900 after Check")
    verdict = exercise.locator("[data-testid='stAlert']").first.inner_text().strip()[:20]
    toast = page.locator("[data-testid='stToast']").filter(has_text=verdict)   # the verdict, beside the picture
    assert toast.count() == 1 and toast.is_visible(), f"/{url} at 1400x900: no verdict {verdict!r} beside the picture"
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


# ---------------------------------------------------------------- Compare A / B on the first screen
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
