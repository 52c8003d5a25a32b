"""Accessibility in Chromium: axe-core (bundled in axe-playwright-python, offline) finds no serious or critical
violation of the WCAG 2.0 / 2.1 / 2.2 A and AA rules on Home (here) and on every section (from TOPICS) at 1400x900,
presenting at 1280x720 and on a 390x844 touch phone (each section is opened once per size, by
tests/test_browser_sections.py and tests/test_browser_phone.py, which run the scan: assert_accessible); captions pass
contrast; a keyboard focus ring is visible; a formula too wide for a phone is scaled to fit or made a focusable, named
scroll region."""
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from bench.a11y import A11Y_READY, SIZES, scan
from tests.support.app_runs import open_url
from tests.support.health import assert_accessible

pytestmark = pytest.mark.timeout(900)

# The laptop, the projector and the phone (bench.a11y's SIZES).
CHECKED = list(SIZES)


@pytest.fixture(scope="module", params=CHECKED, ids=[s[0] for s in CHECKED])
def sized_page(browser, request):
    name, width, height, present, phone = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.present = present
    yield page
    context.close()


def test_home_has_no_serious_axe_violation(sized_page, app_url):
    open_url(sized_page, f"{app_url}/" + ("?present=true" if sized_page.present else ""))
    assert_accessible(sized_page, "")


def test_axe_finds_what_it_should(page, app_url):
    """The scan is live: a caption made faint again and an unlabelled button are reported."""
    open_url(page, f"{app_url}/svm")
    page.evaluate("""() => { const c = document.querySelector('[data-testid="stCaptionContainer"]');
      c.style.setProperty('color', '#c0c4ca', 'important');
      const b = document.createElement('button'); document.querySelector('[data-testid="stMain"]').appendChild(b); }""")
    rules = {rule for rule, *_ in scan(page)}
    assert {"color-contrast", "button-name"} <= rules


# Every caption's contrast on the white page in every animation frame: its colour blended with white by its opacity,
# against white (WCAG's contrast ratio); the lowest seen per caption's text.
FRAMES = """() => { window.__captionContrast = {};
  const lin = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const ratio = e => { const s = getComputedStyle(e), a = parseFloat(s.opacity);
    const [r, g, b] = s.color.match(/[0-9.]+/g).map(Number).map(c => 255 - a * (255 - c));
    return 1.05 / (0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) + 0.05); };
  const look = () => { document.querySelectorAll('[data-testid="stCaptionContainer"]').forEach(e => {
    const k = e.innerText.slice(0, 30), v = ratio(e);
    if (!(k in window.__captionContrast) || v < window.__captionContrast[k]) window.__captionContrast[k] = v; });
    requestAnimationFrame(look); };
  requestAnimationFrame(look); }"""


def test_captions_are_dark_and_opaque(page, app_url):
    """Every caption passes AA contrast (4.5:1) in every frame it is drawn in, from the first: the theme's near-black
    text keeps Streamlit's faded captions at 5:1 until the app's CSS (sent first in the run, ui.styles) makes them
    opaque grey (7.6:1), which every caption is once the page has settled."""
    page.add_init_script(f"({FRAMES})()")
    open_url(page, f"{app_url}/kernels-gram")
    lowest = page.evaluate("() => window.__captionContrast")
    assert lowest and min(lowest.values()) >= 4.5, lowest
    styles = page.evaluate("""() => [...document.querySelectorAll('[data-testid="stCaptionContainer"]')]
      .map(e => [getComputedStyle(e).opacity, getComputedStyle(e).color])""")
    assert styles and all(s == ["1", "rgb(75, 85, 99)"] for s in styles), styles


def test_keyboard_focus_ring_is_visible_on_a_slider(page, app_url):
    open_url(page, f"{app_url}/svm")
    page.locator("[data-testid='stMain']").get_by_role("slider").first.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")   # focus by keyboard: :focus-visible applies
    ring = page.evaluate("""() => { const e = document.activeElement, s = getComputedStyle(e.parentElement);
      return [e.type, s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor]; }""")
    assert ring[0] == "range" and ring[1] == "solid" and ring[2] >= 3 and ring[3] == "rgb(0, 114, 178)", ring


def test_a_wide_formula_fits_a_phone_or_scrolls_by_keyboard(browser, app_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        open_url(page, f"{app_url}/")
        page.wait_for_function(A11Y_READY, timeout=30000)
        boxes = page.wait_for_function("""() => { const b = [...document.querySelectorAll('.katex-display')];
          return b.length && b.every(e => e.scrollWidth <= e.clientWidth + 1 || e.getAttribute('tabindex') === '0')
            ? b.map(e => [e.scrollWidth <= e.clientWidth + 1, e.getAttribute('role'), e.getAttribute('aria-label'),
                          parseFloat(getComputedStyle(e.querySelector('.katex')).fontSize)]) : null; }""",
                                       timeout=30000).json_value()
        for fits, role, label, size in boxes:
            assert size >= 12, f"formula scaled to {size} px"
            assert fits or (role == "region" and label), boxes
    finally:
        context.close()


def chart_description(page, key):
    """The accessible name and description of the chart keyed `key`, once described (null until then)."""
    return page.wait_for_function("""(key) => { const svg = document.querySelector('.st-key-' + key + ' svg.main-svg');
      const id = svg && svg.getAttribute('aria-describedby'); const note = id && document.getElementById(id);
      return note && note.textContent ? [svg.getAttribute('role'), svg.getAttribute('aria-label'), note.textContent]
        : null; }""", arg=key, timeout=30000).json_value()


def test_the_main_chart_is_described_with_its_numbers_and_follows_the_slider(page, app_url):
    open_url(page, f"{app_url}/svm")
    page.wait_for_function(A11Y_READY, timeout=30000)
    role, name, before = chart_description(page, "svm_map")
    assert role == "img" and "Support vector machines" in name, name
    gamma = page.locator("[data-testid='stMain']").get_by_role("slider").first
    start = gamma.get_attribute("aria-valuetext")
    assert f"= {start}" in before and "points" in before and "axis" in before, before
    changed = ("([key, old]) => { const svg = document.querySelector('.st-key-' + key + ' svg.main-svg');"
               " const n = svg && document.getElementById(svg.getAttribute('aria-describedby'));"
               " return n && n.textContent !== old; }")
    for attempt in range(3):   # a key pressed while the page was still settling can be lost: press it again
        gamma.focus()
        page.keyboard.press("ArrowRight")
        try:
            page.wait_for_function(changed, arg=["svm_map", before], timeout=15000)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    after = chart_description(page, "svm_map")[2]
    moved = gamma.get_attribute("aria-valuetext")
    assert moved != start and f"= {moved}" in after, (start, moved, after)


def test_a_point_is_added_and_removed_by_keyboard(page, app_url):
    """Tab to the plot, move the crosshair with the arrow keys, Enter adds a point of the chosen class there; in
    Remove mode, Enter at the same place removes it. No mouse."""
    from tests.support.points import FIND, count, mode, near, points, wait_count

    open_url(page, f"{app_url}/kernels-geometry")
    page.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
    n0 = count(page)
    box = page.locator('[class*="st-key-clickable_"]').first
    box.focus()
    for key in ["Shift+ArrowRight"] * 5 + ["Shift+ArrowLeft"] * 2 + ["ArrowUp"]:   # right to the edge, back 40 %
        page.keyboard.press(key)
    place = [float(v) for v in box.get_attribute("data-crosshair").split(",")]
    status = page.locator(".kernelscope-sr-only[role='status']").first.inner_text()
    assert "Crosshair at x₁" in status, status
    page.keyboard.press("Enter")
    wait_count(page, n0 + 1)
    assert any(near(place, pts, tol=0.03) for pts in points(page).values()), (place, points(page))
    mode(page, "Remove")
    box = page.locator('[class*="st-key-clickable_"]').first
    box.focus()
    if box.get_attribute("data-crosshair") is None:   # a new plot container: its crosshair starts at the centre
        for key in ["Shift+ArrowRight"] * 5 + ["Shift+ArrowLeft"] * 2 + ["ArrowUp"]:
            page.keyboard.press(key)
    assert [float(v) for v in box.get_attribute("data-crosshair").split(",")] == place
    page.keyboard.press("Enter")
    wait_count(page, n0)


def test_plotly_toolbar_buttons_are_touch_targets(browser, app_url):
    """Plotly's download button is 24 x 24 px at least on a phone (WCAG 2.5.8), whatever stands beside it."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        open_url(page, f"{app_url}/kernels-geometry")
        sizes = page.wait_for_function("""() => { const b = [...document.querySelectorAll('.modebar-btn')];
          return b.length ? b.map(e => [e.getBoundingClientRect().width, e.getBoundingClientRect().height]) : null; }""",
                                       timeout=30000).json_value()
        assert all(w >= 24 and h >= 24 for w, h in sizes), sizes
    finally:
        context.close()


ACTIVE = """() => { const a = document.activeElement; if (!a || a === document.body) return 'body';
  const box = a.closest('[class*="st-key-"]');
  return a.tagName + ' ' + (box ? [...box.classList].find(c => c.startsWith('st-key-')) : ''); }"""


def test_focus_is_not_dropped_by_a_rerun(page, app_url):
    """Keyboard only: Space on /svm's Compare A / B toggle redraws the section as two maps; the toggle stays where it
    was and keeps the focus, so the next Tab goes on from it. Enter on Next opens the next section, and focus goes to
    the section's heading, so the next Tab starts there, not at the top of the page (it fell to <body>;
    ui/accessibility.js, keepFocus). A control that is re-created keeps the focus: tests/test_browser_live_class.py,
    a follower's detach."""
    from tests.support.app_runs import settle

    def heading_focused():
        page.wait_for_function("() => /^H[1-6]$/.test(document.activeElement.tagName)", timeout=20000)
        return page.evaluate("() => document.activeElement.innerText") == \
            page.locator("[data-testid='stMain'] h1, [data-testid='stMain'] h4").first.inner_text()

    open_url(page, f"{app_url}/svm")
    page.locator(".st-key-svm_compare input").first.focus()
    page.keyboard.press("Space")
    page.wait_for_selector(".st-key-svm_b_gamma", timeout=60000)
    settle(page)
    assert page.evaluate(ACTIVE) == "INPUT st-key-svm_compare"
    assert page.locator(".st-key-svm_compare input").first.is_checked()
    page.keyboard.press("Tab")
    assert page.evaluate(ACTIVE) not in ("body", "INPUT st-key-svm_compare")

    link = page.locator(".st-key-nav_next a").first
    target = link.get_attribute("href").split("?")[0].rstrip("/").rsplit("/", 1)[-1]
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("p => location.pathname.endsWith(p)", arg="/" + target, timeout=60000)
    settle(page)
    assert heading_focused()


LABEL_COLOURS = """() => Object.fromEntries([...document.querySelectorAll('[data-testid=stMain] [data-testid=stWidgetLabel] p')]
  .map(p => [p.innerText.trim(), getComputedStyle(p).color]))"""


def label_colours(page, last):
    """The colour of each label of the main area, once the label `last` is drawn."""
    page.wait_for_function(f"() => ({LABEL_COLOURS})()[{last!r}] !== undefined", timeout=30000)
    return page.evaluate(LABEL_COLOURS)


def test_only_a_disabled_controls_label_is_grey(page, app_url):
    """A disabled control's label is a distinct grey (#6b7280, 4.8:1): /kernel-ridge-large-n's landmarks slider while
    the exact method needs none. A number input at the end of its range, whose − is disabled, is no disabled control:
    /kernels-geometry's "Point i" (at 0) keeps the dark label of every other control."""
    open_url(page, f"{app_url}/kernel-ridge-large-n")
    colours = label_colours(page, "Landmarks m / random features D")
    assert colours["Landmarks m / random features D"] == "rgb(107, 114, 128)", colours
    assert colours["Points n"] == "rgb(17, 17, 17)", colours
    open_url(page, f"{app_url}/kernels-geometry")
    colours = label_colours(page, "Point j")
    assert colours["Point i"] == colours["Point j"] == "rgb(17, 17, 17)", colours
