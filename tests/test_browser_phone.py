"""Phones as first-class screens (issue 32, item 4), in Chromium at 390x844 with touch: every section's main chart
(from TOPICS) fills the width (its plotting area at least MIN_PLOT_WIDTH px wide), its colour bars and legends stand
under the plot and not beside it, nothing scrolls sideways; on the sections whose bar sits beside the picture on a
laptop, the bar and the click mode stand right above it; a sideways finger drag on a picture is left to the app."""
import pytest

from pages import sections, url_path
from tests.support.app_runs import open_url
from tests.support.health import assert_accessible
from tests.support.titles import assert_texts_apart, assert_titles_inside

pytestmark = pytest.mark.timeout(900)

SECTIONS = [(url_path(t, s), s.main_chart) for t, s in sections()]
PHONE = {"width": 390, "height": 844}
# px of the main chart's plotting area on a 390 px phone (the 320), on every section: the 374 px column less
# the y tick labels and an 8 px right margin. ui/phone.js reads the y axes' titles across the top, over the tick
# labels (a right axis' to the right edge), and a builder may give shorter tick labels for a phone (layout.meta.phone:
# the Gram matrices' rows s1 … sn with a key of their names under the matrix, the CV grid's λ as 10⁻³).
MIN_PLOT_WIDTH = 320
# The main chart once ui/phone.js has laid it out (data-phone set) or left it as it is; its plotting area (the union
# of its 2-D subplots' drag layers, else the 3-D scene), its colour bars and legend, and the page's sideways overflow.
PHONE_CHART = """(key) => { const box = document.querySelector('.st-key-' + key);
  const gd = box && box.querySelector('.js-plotly-plot');
  if (!gd || !gd._fullLayout) return null;
  const drags = [...gd.querySelectorAll('.nsewdrag')].map(d => d.getBoundingClientRect());
  const scene = gd.querySelector('.gl-container, .svg-container').getBoundingClientRect();
  const area = drags.length ? {left: Math.min(...drags.map(r => r.left)), right: Math.max(...drags.map(r => r.right)),
                               top: Math.min(...drags.map(r => r.top)), bottom: Math.max(...drags.map(r => r.bottom))}
                            : scene;
  const rect = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top,
                                                                     bottom: r.bottom, width: r.width}; };
  return {subplots: drags.length, phone: gd.dataset.phone || null, width: gd._fullLayout.width,
          area: {left: area.left, right: area.right, top: area.top, bottom: area.bottom, width: area.right - area.left},
          bars: [...gd.querySelectorAll('.colorbar')].map(rect).filter(r => r.width),
          legend: [...gd.querySelectorAll('.legend')].map(rect).filter(r => r.width),
          cut: Math.max(0, ...[...gd.querySelectorAll('.ytick text, .annotation-text')].map(t => t.getBoundingClientRect())
                                 .filter(r => r.width).map(r => gd.getBoundingClientRect().left - r.left)),
          sideways: document.documentElement.scrollWidth - window.innerWidth,
          main: document.querySelector('[data-testid="stMain"]').scrollWidth -
                document.querySelector('[data-testid="stMain"]').clientWidth}; }"""
# ui/phone.js is done with the chart: drawn with its phone layout, or left as it is (not a 2-D chart, nothing to move).
LAID_OUT = """(key) => { const gd = document.querySelector('.st-key-' + key + ' .js-plotly-plot');
  return !!(gd && gd._fullLayout && gd.layout && ((gd.layout.ksPhone && gd._fullLayout.height === gd.layout.height)
    || gd.dataset.phone === 'as-is')); }"""


@pytest.fixture(scope="module")
def phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


def chart_on_phone(phone, app_url, url, key):
    open_url(phone, f"{app_url}/{url}")
    phone.wait_for_function(LAID_OUT, arg=key, timeout=60000)   # a cold cross-validation grid, beside another worker
    try:   # ui/phone.js widens the left margin after a drawing that cut a tick label (a tighter y range's ticks)
        phone.wait_for_function(f"k => {{ const m = ({PHONE_CHART})(k); return m && m.cut <= 0.5; }}", arg=key, timeout=5000)
    except Exception:  # noqa: BLE001 — the test says what is cut
        pass
    return settled_chart(phone, key)


def settled_chart(phone, key, calm=3, tries=60):
    """The chart's measures once the app has stopped running, ui/phone.js is done with the chart, and they read the
    same `calm` times, 300 ms apart (a loaded machine: a second run of the section redraws the chart with the server's
    layout, which phone.js lays out again, after React has given the new chart its props; a measure taken before is
    not the page a student sees); the last reading after ~18 s."""
    last, same, m = None, 0, None
    for _ in range(tries):
        m = phone.evaluate(PHONE_CHART, key)
        running = phone.evaluate("() => document.querySelector('[data-testid=\"stApp\"]')?.dataset.testScriptState === 'running'")
        busy = running or not phone.evaluate(LAID_OUT, key)
        same = same + 1 if m == last and not busy else 0
        if same >= calm:
            break
        last = m
        phone.wait_for_timeout(300)
    return m


@pytest.mark.parametrize("url,key", SECTIONS, ids=[u for u, _ in SECTIONS])
def test_main_chart_fills_a_phone(phone, app_url, url, key):
    m = chart_on_phone(phone, app_url, url, key)
    assert m is not None, f"/{url}: main chart {key} not drawn"
    assert m["area"]["width"] >= MIN_PLOT_WIDTH, \
        f"/{url}: plotting area {m['area']['width']:.0f} px wide of {m['width']} (ui/phone.js: {m['phone']})"
    assert m["cut"] <= 0.5, f"/{url}: a y tick label or the y title is cut {m['cut']:.0f} px at the chart's left edge"
    # (1 px of the main area's width is sub-pixel rounding of a fractional column width, not a scroll)
    assert m["sideways"] <= 0 and m["main"] <= 1, f"/{url}: the page scrolls sideways ({m['sideways']}, {m['main']} px)"
    for bar in m["bars"]:   # under the plot, not beside it
        assert bar["top"] >= m["area"]["bottom"] - 1, f"/{url}: a colour bar beside the plot: {bar} vs {m['area']}"
    for legend in m["legend"]:   # under a 2-D plot; over a 3-D scene (the "below or overlaid")
        under = legend["top"] >= m["area"]["bottom"] - 1
        over = not m["subplots"] and m["area"]["left"] - 1 <= legend["left"] and legend["right"] <= m["area"]["right"] + 1
        assert under or over, f"/{url}: a legend beside the plot: {legend} vs {m['area']}"
    assert_inside_the_chart(phone, url, key)
    assert_titles_inside(phone, url)   # no chart's title runs past its right edge (a long one wraps on a phone)
    assert_texts_apart(phone, url)     # nor runs into another of the chart's words
    assert_accessible(phone, url)   # axe on the phone (tests/test_browser_a11y.py: Home and the other checks)


@pytest.fixture(scope="module")
def small_phone(browser):
    """The issue's second phone, 360x800 with touch."""
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.mark.parametrize("url,key", SECTIONS, ids=[u for u, _ in SECTIONS])
def test_a_360_px_phone_scrolls_nothing_sideways_and_cuts_nothing(small_phone, app_url, url, key):
    """At 360x800 the column is 344 px: the main chart is laid out for it, keeps its colour bars and legends under it
    and inside it (a legend may take more rows than at 390), cuts no tick label and the page does not scroll sideways
    (the plotting area is 30 px narrower than at 390)."""
    m = chart_on_phone(small_phone, app_url, url, key)
    assert m is not None, f"/{url}: main chart {key} not drawn"
    assert m["area"]["width"] >= MIN_PLOT_WIDTH - 30 - 10, \
        f"/{url}: {m['area']['width']:.0f} px of {m['width']} (ui/phone.js: {m['phone']})"
    assert m["cut"] <= 0.5, f"/{url}: a y tick label or the y title is cut {m['cut']:.0f} px at the chart's left edge"
    assert m["sideways"] <= 0 and m["main"] <= 1, f"/{url}: the page scrolls sideways ({m['sideways']}, {m['main']} px)"
    for bar in m["bars"]:
        assert bar["top"] >= m["area"]["bottom"] - 1, f"/{url}: a colour bar beside the plot: {bar} vs {m['area']}"
    assert_inside_the_chart(small_phone, url, key)
    assert_titles_inside(small_phone, url)
    assert_texts_apart(small_phone, url)


# What ui/phone.js puts under the plot (a colour bar, a legend and each of its entries: Plotly clips a legend taller
# than its room to its box, not its entries; a key of the rows' names) and the titles it reads across the top, against
# the chart and the element Streamlit holds it in (which scrolls what overflows it).
UNDER = """(key) => { const box = document.querySelector('.st-key-' + key);
  const gd = box && box.querySelector('.js-plotly-plot');
  const rect = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top,
                                                                     bottom: r.bottom, height: r.height}; };
  return {chart: rect(gd), box: rect(box), bars: [...gd.querySelectorAll('.colorbar')].map(rect),
          parts: [...gd.querySelectorAll('.colorbar, .legend, .legend .traces, .annotation')].map(rect)
                   .filter(r => r.height)}; }"""


def assert_inside_the_chart(phone, url, key):
    """What ui/phone.js laid under the plot (colour bar, legend, annotations: a right axis' title read across, a key
    of named rows) inside the chart, the chart inside its element (not scrolled away under what follows), and a
    colour bar laid under the plot one horizontal bar (Plotly redrawing it in place kept its vertical labels). On
    every section (test_main_chart_fills_a_phone): /svm's legend of 9 entries in 2 columns had its fifth row cut at
    the chart's foot."""
    m = phone.evaluate(UNDER, key)
    assert m["chart"]["bottom"] <= m["box"]["bottom"] + 1, f"/{url}: the chart runs {m} past its element"
    for part in m["parts"]:
        inside = all((m["chart"]["left"] - 1 <= part["left"], part["right"] <= m["chart"]["right"] + 1,
                      m["chart"]["top"] - 1 <= part["top"], part["bottom"] <= m["chart"]["bottom"] + 1))
        assert inside, f"/{url}: {part} is not inside the chart {m['chart']}"
    assert all(bar["height"] <= 80 for bar in m["bars"]), f"/{url}: a colour bar {m['bars']} is not one horizontal bar"


# /svm's click mode stands beside the map on a laptop; /kernel-ridge's is further down its right column (not yet
# moved up on a phone: None, only its bar is checked).
@pytest.mark.parametrize("url,key,mode_above", [("svm", "svm_map", True), ("kernel-ridge", "kernel_ridge_fit", False)])
def test_bar_and_click_mode_stand_right_above_the_picture(phone, app_url, url, key, mode_above):
    m = chart_on_phone(phone, app_url, url, key)
    above = phone.evaluate("""() => ['.st-key-topic_bar', '[class*="_click_mode"]'].map(s => {
      const e = document.querySelector('[data-testid="stMain"] ' + s);
      return e && e.offsetParent !== null ? e.getBoundingClientRect().bottom : null; })""")
    bar, mode = above
    assert bar is not None and bar <= m["area"]["top"], f"/{url}: the bar ends at {bar}, the plot starts at {m['area']}"
    if mode_above:
        assert mode is not None and bar <= mode <= m["area"]["top"], f"/{url}: the click mode ends at {mode}"
    assert m["area"]["top"] < PHONE["height"], f"/{url}: the picture starts below the first screen"


@pytest.mark.parametrize("url,key", [("svm", "svm_map"), ("kernel-ridge", "kernel_ridge_fit")])
def test_a_sideways_drag_on_the_picture_is_the_apps(phone, app_url, url, key):
    """The browser keeps only vertical panning on the picture, so it does not cancel a sideways drag
    (pointercancel) to scroll; the sweep and the click catcher get it."""
    chart_on_phone(phone, app_url, url, key)
    actions = phone.evaluate("""(key) => [...document.querySelectorAll('.st-key-' + key + ' .nsewdrag')]
      .map(e => getComputedStyle(e).touchAction)""", key)
    assert actions and all(a == "pan-y" for a in actions), actions


def test_desktop_charts_keep_their_layout(page, app_url):
    """Above the phone breakpoint ui/phone.js changes nothing: the SVM map keeps its colour bar beside it."""
    open_url(page, f"{app_url}/svm")
    page.wait_for_function("() => window.__kernelscopePhone && window.__kernelscopePhone.ready && "
                           "!!document.querySelector('.st-key-svm_map .nsewdrag')", timeout=60000)
    m = page.evaluate(PHONE_CHART, "svm_map")
    assert m["bars"] and m["bars"][0]["left"] >= m["area"]["right"] - 1, m
    assert page.evaluate("() => window.__kernelscopePhone.adapted") == 0


# The sweep's overlay (ui/sweep.js) against the chart it covers: its canvas stands where the heatmap's image stood,
# over the plotting area, after ui/phone.js moved the colour bar and resized the chart.
OVERLAY = """(key) => { const box = document.querySelector('.st-key-' + key);
  const fo = box && box.querySelector('.heatmaplayer foreignObject');
  const img = fo && fo.parentNode.querySelector('image');
  const area = box && box.querySelector('.nsewdrag');
  if (!fo || !img || !area) return null;
  const f = fo.getBoundingClientRect(), a = area.getBoundingClientRect();
  return {same: ['x', 'y', 'width', 'height'].every(k => fo.getAttribute(k) === img.getAttribute(k)),
          // a heatmap's image reaches half a cell past the plotting area on each side (clipped there): centred on it
          inside: Math.abs((f.left + f.right) - (a.left + a.right)) <= 4 && Math.abs((f.top + f.bottom) - (a.top + a.bottom)) <= 4
            && f.width >= a.width - 1 && f.width <= 1.05 * a.width,
          width: f.width, frames: window.__kernelscopeSweep.frames}; }"""


def test_a_sideways_finger_drag_sweeps_the_svm_map_in_line_with_it(phone, app_url):
    """A touch drag (Chromium's touch events, as a phone sends them) across the relaid map sweeps γ: frames are
    drawn, the browser does not cancel the gesture, and the overlay covers the plotting area where the map was."""
    m = chart_on_phone(phone, app_url, "svm", "svm_map")
    phone.evaluate("""() => { window.__cancels = 0;
      document.addEventListener('pointercancel', () => { window.__cancels += 1; }, true); }""")
    a = m["area"]
    x, y = a["left"] + 0.6 * a["width"], a["top"] + 0.9 * (a["bottom"] - a["top"])
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, 13):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x - 8 * i, "y": y}]})
    phone.wait_for_function("k => { const o = (" + OVERLAY + ")(k); return !!o && o.frames > 0; }", arg="svm_map",
                            timeout=30000)
    overlay = phone.evaluate(OVERLAY, "svm_map")
    cancels = phone.evaluate("() => window.__cancels")
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert cancels == 0
    assert overlay["same"] and overlay["inside"], overlay
    assert overlay["width"] >= MIN_PLOT_WIDTH - 1, overlay


# The number of data points the main chart draws (its class / data traces); null while a rerun remounts it.
DRAWN_POINTS = """(key) => { const gd = document.querySelector('.st-key-' + key + ' .js-plotly-plot');
  if (!gd || !gd._fullData || !gd._fullLayout) return null;
  return gd._fullData.filter(t => /^(class|data)/.test(t.name || '')).reduce((s, t) => s + (t.x ? t.x.length : 0), 0); }"""


@pytest.mark.parametrize("url,key", [("svm", "svm_map"), ("kernel-ridge", "kernel_ridge_fit")])
def test_a_finger_tap_on_the_picture_adds_a_point(phone, app_url, url, key):
    """Issue 32: tap-to-add by touch (a touchscreen tap, not a mouse click) on /svm's map and /kernel-ridge's fit adds
    one point where the finger was."""
    chart_on_phone(phone, app_url, url, key)
    phone.locator(f".st-key-{key}").scroll_into_view_if_needed()
    phone.wait_for_timeout(500)
    m = phone.evaluate(PHONE_CHART, key)
    before = phone.wait_for_function(f"k => ({DRAWN_POINTS})(k)", arg=key, timeout=30000).json_value()
    area = m["area"]   # near the top of the plotting area (the fit's own subplot on /kernel-ridge, over its αᵢ)
    phone.touchscreen.tap(area["left"] + 0.5 * area["width"], area["top"] + 0.12 * (area["bottom"] - area["top"]))
    phone.wait_for_function(f"([k, n]) => {{ const c = ({DRAWN_POINTS})(k); return c !== null && c === n + 1; }}",
                            arg=[key, before], timeout=60000)


SIDEBAR = "() => { const s = document.querySelector('[data-testid=stSidebar]'); return s ? s.dataset.collapsed : null; }"


def test_the_phone_menu_is_named_and_closes_once_a_section_is_chosen(phone, app_url):
    """Issue 32: a recognisable menu (the sidebar's open button reads "Sections") that closes once a section is chosen
    in it, so the chosen section is not left under it."""
    open_url(phone, f"{app_url}/svm")
    opener = phone.locator("[data-testid='stExpandSidebarButton']")
    assert "Sections" in opener.evaluate("e => getComputedStyle(e, '::after').content")
    assert phone.evaluate(SIDEBAR) == "true"
    opener.tap()
    phone.wait_for_function(f"() => ({SIDEBAR})() === 'false'", timeout=10000)
    phone.locator("[data-testid='stSidebarNav'] a", has_text="Closure rules").first.tap()
    phone.wait_for_url("**/kernels-closure", timeout=30000)
    phone.wait_for_function(f"() => ({SIDEBAR})() === 'true'", timeout=10000)
    box = phone.locator("[data-testid='stSidebar']").bounding_box()
    assert box is None or box["x"] + box["width"] <= 1, f"the menu still over the page at {box}"


def test_homes_links_show_their_whole_label_on_a_phone(phone, app_url):
    """Home's lecture map and path name each section in full on a 390 px phone: a page link's label wraps, where
    Streamlit cut it at the link's width ("… → Watch the perce")."""
    open_url(phone, f"{app_url}/")
    phone.wait_for_selector("[data-testid='stPageLink']", timeout=60000)
    cut = phone.evaluate("""() => [...document.querySelectorAll("[data-testid='stPageLink-NavLink'] span:has(p)")]
      .filter(s => s.getBoundingClientRect().width > 0 && s.scrollWidth > s.clientWidth + 1).map(s => s.innerText)""")
    total = phone.locator("[data-testid='stPageLink']").count()
    assert total > 20 and cut == [], f"{len(cut)} of {total} labels cut: {cut[:5]}"
