"""A lesson's moves in Chromium: the sidebar's "Link to this view" is the address bar at every moment (a slider moved
inside a section's fragment included) and reproduces the view with its A / B comparison in a fresh browser; Back and
Forward return to a section as it was left; in presentation mode PageDown changes section even right after an arrow
key moved a slider, and on Home opens the first section."""
import pytest

from pages import TOPICS, sections, url_path
from tests.support.app_runs import IDLE
from tests.support.charts import drawn_chart, ready_value, to_pixels
from tests.support.health import assert_healthy

pytestmark = pytest.mark.timeout(600)
PATIENCE = 180000   # ms: a freshly opened /svm draws its maps and sweeps; on a loaded machine the tab is busy a while

FIELD = "[data-testid='stPopoverBody'] .ks-link-field"   # a Playwright selector: it reaches into the shadow root
# The popover's link once ui/view_link.js has filled it (the component draws into a shadow root), else null.
LINK_SHOWN = """() => { for (const host of document.querySelectorAll('[data-testid="stPopoverBody"] *')) {
  const f = host.shadowRoot && host.shadowRoot.querySelector('.ks-link-field');
  if (f && f.value && f.offsetParent !== null) return f.value; } return null; }"""
LISTENING = "() => window.__kernelscopeNavKeys > 0"     # ui/nav_keys.js is mounted


@pytest.fixture(autouse=True)
def patient(page):
    page.set_default_timeout(PATIENCE)


def offered_link(page):
    """The link the sidebar's popover offers, read with the popover open (its field filled by ui/view_link.js)."""
    page.get_by_text("Link to this view").click()
    page.wait_for_function(LINK_SHOWN, timeout=PATIENCE)
    page.mouse.move(900, 5)                       # off the popover: the Copy button needs no hover
    copy = page.locator("[data-testid='stPopoverBody']").get_by_role("button", name="Copy link")
    assert copy.is_visible() and copy.evaluate("b => getComputedStyle(b).opacity") == "1"
    box, body = copy.bounding_box(), page.locator("[data-testid='stPopoverBody']").bounding_box()
    assert box["y"] + box["height"] <= min(page.viewport_size["height"], body["y"] + body["height"]), (box, body)
    link = page.locator(FIELD).input_value()
    page.keyboard.press("Escape")
    page.wait_for_selector(FIELD, state="hidden", timeout=PATIENCE)
    return link


def thumb(page, key):
    """The value shown on the slider keyed `key`, once it is drawn (null while a rerun remounts it)."""
    return ready_value(page, f"() => {{ const e = document.querySelector('.st-key-{key} "
                             "[data-testid=\"stSliderThumbValue\"]'); return e ? e.innerText : null; }",
                       timeout=PATIENCE)


def settle(page):
    """tests.support.app_runs.settle with more time: the tab may be busy drawing a while after a run."""
    page.wait_for_selector(IDLE, timeout=PATIENCE)
    page.wait_for_timeout(500)
    page.wait_for_selector(IDLE, timeout=PATIENCE)


def open_url(page, url):
    page.goto(url, timeout=PATIENCE)
    settle(page)
    page.wait_for_selector("[data-testid='stMain'] h1, [data-testid='stMain'] h4", timeout=PATIENCE)


def press(page, key, arrow, times):
    page.locator(f".st-key-{key}").get_by_role("slider").focus()
    for _ in range(times):
        page.keyboard.press(arrow)
    settle(page)


def click_map(page, chart_key, x, y, n):
    """A click on the chart `chart_key` at (x, y) adds a point: the sidebar then counts n own points."""
    page.locator(f".st-key-{chart_key} .js-plotly-plot").scroll_into_view_if_needed()
    px, py = ready_value(page, to_pixels(drawn_chart(f".st-key-{chart_key}")), [x, y])
    page.mouse.click(px, py)
    page.wait_for_function("n => document.body.innerText.includes(`your own points (${n})`)", arg=n, timeout=PATIENCE)
    settle(page)


def test_the_offered_link_is_the_address_bar_and_reproduces_a_b(page, app_url, browser):
    """The lesson of the issue: γ by the arrow keys (a rerun of the section's fragment only, not of the sidebar), the
    Laplacian kernel, two clicked points, Compare A / B with B's own C. The offered link equals the address bar after
    every step, and opened in a fresh browser it shows the same kernel, γ, C, points and A / B."""
    open_url(page, f"{app_url}/svm")
    assert offered_link(page) == page.url
    press(page, "svm_gamma", "ArrowRight", 3)
    page.wait_for_function("() => location.search.includes('svm_gamma=2')", timeout=PATIENCE)
    assert offered_link(page) == page.url                      # the sidebar did not rerun: the browser filled it
    page.locator(".st-key-svm_kernel").click()
    page.get_by_role("option", name="Laplacian").click()
    page.wait_for_function("() => location.search.includes('svm_kernel=Laplacian')", timeout=PATIENCE)
    settle(page)
    assert offered_link(page) == page.url
    click_map(page, "svm_map", 2.5, -2.5, 121)
    click_map(page, "svm_map", -2.5, 2.5, 122)
    page.get_by_text("Compare A / B").click()
    page.wait_for_selector(".st-key-svm_b_map .js-plotly-plot", timeout=PATIENCE)
    settle(page)
    press(page, "svm_b_C", "ArrowLeft", 2)                      # 100 -> 79.4 -> 63.1
    page.wait_for_function("() => location.search.includes('svm_b_C=63.1')", timeout=PATIENCE)
    settle(page)
    link = offered_link(page)
    assert link == page.url
    for part in ("svm_compare=true", "svm_b_C=", "svm_gamma=2", "svm_kernel=Laplacian", "pts="):
        assert part in link, (part, link)
    shown = {k: thumb(page, k) for k in ("svm_gamma", "svm_C", "svm_b_C", "svm_b_gamma")}
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        fresh = context.new_page()
        fresh.set_default_timeout(PATIENCE)
        fresh.outside_requests = []
        open_url(fresh, link)
        fresh.wait_for_selector(".st-key-svm_b_map .js-plotly-plot", timeout=PATIENCE)   # A / B is on
        got = {k: thumb(fresh, k) for k in shown}
        assert got == shown, (got, link)
        assert fresh.locator(".st-key-svm_kernel input").input_value() == "Laplacian"
        assert "your own points (122)" in fresh.locator("[data-testid='stSidebar']").inner_text()
        settle(fresh)
        assert fresh.locator(".st-key-svm_compare").get_by_role("switch").is_checked()   # beside the menu
        assert_healthy(fresh)
    finally:
        context.close()
    assert_healthy(page)


@pytest.mark.parametrize("topic_slug,key", [("kernels", "kernels_gamma"), ("svm", "svm_gamma")])
def test_back_and_forward_return_to_each_section_as_it_was_left(page, app_url, topic_slug, key):
    """γ = 2 on a topic's first section, Next, Back: the first section with γ = 2 and its address; Forward: the
    second section, γ = 2 there too (carried). The second section's own change of γ survives Back and Forward."""
    topic = next(t for t in TOPICS if t.slug == topic_slug)
    first, second = (url_path(topic, s) for s in topic.sections[:2])
    open_url(page, f"{app_url}/{first}")
    press(page, key, "ArrowRight", 3)                            # 1 -> 1.26 -> 1.58 -> 2
    page.wait_for_function(f"() => location.search.includes('{key}=2')", timeout=PATIENCE)
    page.locator(".st-key-nav_next a").click()
    page.wait_for_url(f"{app_url}/{second}?*", timeout=PATIENCE)
    settle(page)
    assert thumb(page, key) == "2"
    page.go_back()
    page.wait_for_url(f"{app_url}/{first}?*", timeout=PATIENCE)
    settle(page)
    assert f"{key}=2" in page.url and thumb(page, key) == "2"
    page.go_forward()
    page.wait_for_url(f"{app_url}/{second}?*", timeout=PATIENCE)
    settle(page)
    assert f"{key}=2" in page.url and thumb(page, key) == "2"
    press(page, key, "ArrowRight", 1)                            # 2 -> 2.51 on the second section
    page.wait_for_function(f"() => location.search.includes('{key}=2.51')", timeout=PATIENCE)
    page.go_back()
    page.wait_for_url(f"{app_url}/{first}?*", timeout=PATIENCE)
    settle(page)
    assert thumb(page, key) == "2"                               # the first section as it was left
    page.go_forward()
    page.wait_for_url(f"{app_url}/{second}?*", timeout=PATIENCE)
    settle(page)
    assert thumb(page, key) == "2.51"
    assert_healthy(page)


def test_pagedown_right_after_a_slider_key_changes_section_when_presenting(page, app_url):
    """The presenter clicks the γ thumb and presses → (γ moves), then PageDown: the next section opens and γ did not
    jump a page of its values."""
    svm = next(t for t in TOPICS if t.slug == "svm")
    second = url_path(svm, svm.sections[1])
    open_url(page, f"{app_url}/svm?present=true")
    page.wait_for_function(LISTENING, timeout=PATIENCE)
    knob = page.locator(".st-key-svm_gamma [data-testid='stSliderThumbValue']").locator("..")   # the thumb
    box = knob.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('.st-key-svm_gamma')")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => location.search.includes('svm_gamma=1.26')", timeout=PATIENCE)
    settle(page)
    assert page.evaluate("() => document.activeElement.type") == "range"   # the γ slider still has the focus
    page.keyboard.press("PageDown")
    page.wait_for_url(f"{app_url}/{second}?*", timeout=PATIENCE)
    settle(page)
    assert "svm_gamma=1.26" in page.url and thumb(page, "svm_gamma").endswith("1.26")
    page.wait_for_function(LISTENING, timeout=PATIENCE)
    page.locator(".st-key-svm_gamma").get_by_role("slider").focus()
    page.keyboard.press("PageUp")                                # and PageUp back, from the focused slider
    page.wait_for_url(f"{app_url}/svm?*", timeout=PATIENCE)
    settle(page)
    assert "svm_gamma=1.26" in page.url
    assert_healthy(page)


# The top menu's topic buttons that say they are the current one (ui/nav_mark.js), once the menu is drawn.
CURRENT = """() => { const b = Array.from(document.querySelectorAll('[data-testid="stTopNavSection"]'));
  return b.length ? b.filter(e => e.getAttribute('aria-current') === 'true').map(e => e.innerText.trim()) : null; }"""


def test_pagedown_on_home_opens_the_first_section_and_the_menu_marks_its_topic(page, app_url):
    topic, section = sections()[0]
    open_url(page, f"{app_url}/?present=true")
    assert ready_value(page, CURRENT) == []                        # Home: no topic is the current one
    page.wait_for_function(LISTENING, timeout=PATIENCE)
    page.keyboard.press("PageDown")
    page.wait_for_url(f"{app_url}/{url_path(topic, section)}*", timeout=PATIENCE)
    settle(page)
    page.wait_for_function(f"() => {{ const c = ({CURRENT})(); return c && c.length === 1 && "
                           f"c[0].startsWith({topic.icon + ' ' + topic.short!r}); }}", timeout=PATIENCE)
    assert_healthy(page)


@pytest.mark.parametrize("section,compare,charts", [("svm", "svm_compare", ("svm_map", "svm_b_map")),
                                                     ("kernel-ridge", "kernel_ridge_compare",
                                                      ("kernel_ridge_fit", "kernel_ridge_fit_b"))])
def test_a_click_after_a_check_that_turned_compare_on_keeps_it_on(page, app_url, section, compare, charts):
    """The first question's Check turns Compare A / B on (its reveal); the student then clicks on picture A: the
    point is added and both pictures stay, Compare's switch on, in the address too (the switch sat in a closed menu,
    and the browser sent back its value from before the Check: off)."""
    open_url(page, f"{app_url}/{section}")
    exercise = page.locator("[data-testid='stMain'] [class*='st-key-explain_ex_']").first
    exercise.scroll_into_view_if_needed()
    exercise.locator("[role='radiogroup'] label").first.click()
    settle(page)
    exercise.get_by_role("button", name="Check").click()
    page.wait_for_selector(f".st-key-{charts[1]} .js-plotly-plot", timeout=PATIENCE)
    settle(page)
    assert f"{compare}=true" in page.url
    area = page.locator(f".st-key-{charts[0]} .nsewdrag").first
    area.scroll_into_view_if_needed()
    box = area.bounding_box()
    before = page.url
    page.mouse.click(box["x"] + 0.3 * box["width"], box["y"] + 0.3 * box["height"])
    page.wait_for_function("u => location.href !== u", arg=before, timeout=PATIENCE)   # the point is in the link
    settle(page)
    page.wait_for_timeout(1000)
    settle(page)
    assert page.locator(f".st-key-{charts[1]} .js-plotly-plot").count() == 1, f"/{section}: B gone after a click"
    assert page.locator(f".st-key-{compare}").get_by_role("switch").is_checked()
    assert f"{compare}=true" in page.url, page.url
    assert_healthy(page)
