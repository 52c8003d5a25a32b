"""Browser tests of what a class sees on a 1280x720 projector (presentation mode) and a 1400x900 laptop: chart type
large and dark, keys beside the maps that have no legend, Plotly's toolbar clear of the colour bar, panel tags clear
of the ticks, nothing cut with the sidebar open, the click mode's colour, the live sweep's sign and its greyed stale
numbers, the Gram spectrum on the first screen, the kernel-PCA click modes next to their picture, the GP samples'
legend in their colours. Fixtures (the served app, Chromium) are tests/conftest.py's."""
import contextlib

import pytest

from tests.support.app_runs import open_url, settle

pytestmark = pytest.mark.timeout(600)

PROJECTOR, LAPTOP = (1280, 720), (1400, 900)
DRAWN = "() => { const p = [...document.querySelectorAll('.js-plotly-plot')]; " \
        "return p.length > 0 && p.every(e => e._fullData && e._fullLayout); }"


@contextlib.contextmanager
def view(browser, url, size, sidebar=False):
    """A page of its own at `size` showing `url` with every chart drawn; `sidebar`: opened if it is collapsed."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    try:
        open_url(page, url)
        page.wait_for_function(DRAWN, timeout=60000)
        if sidebar:
            expand = page.locator("[data-testid='stExpandSidebarButton']")
            if expand.count() and expand.is_visible():
                expand.click()
            page.wait_for_function("() => { const s = document.querySelector('[data-testid=stSidebar]'); "
                                   "return !!s && s.getBoundingClientRect().right > 200; }", timeout=20000)
            page.wait_for_timeout(600)   # the sidebar's slide-in
        yield page
    finally:
        context.close()


def dark(css_color):
    """An "rgb(r, g, b)" colour is dark ink: every channel under 100."""
    channels = [int(float(c)) for c in css_color[css_color.index("(") + 1:css_color.index(")")].split(",")[:3]]
    return max(channels) < 100


TYPE = """() => [...document.querySelectorAll('.js-plotly-plot')].flatMap(p =>
  [...p.querySelectorAll('.xtick text, .ytick text, .legendtext, .cbaxis text, .colorbar .tick text')]
  .filter(t => t.textContent.trim()).map(t => [t.textContent, parseFloat(t.style.fontSize), t.style.fill]))"""


# (mercer-approx and perceptron-knn-overfitting: a log axis, whose 2 and 5 between the powers of ten Plotly writes
# at three quarters of the tick font)
@pytest.mark.parametrize("path", ["svm", "svm-subgradient", "kernels-gram", "mercer-approx", "perceptron-knn-overfitting"])
def test_presenting_chart_type_is_large_and_dark(browser, app_url, path):
    with view(browser, f"{app_url}/{path}?present=true", PROJECTOR) as page:
        with contextlib.suppress(Exception):   # a chart re-created by a late rerun draws its ticks a moment later
            page.wait_for_function(f"() => ({TYPE})().length > 10", timeout=20000)
        texts = page.evaluate(TYPE)
    assert len(texts) > 10, texts
    small = [t for t in texts if t[1] < 20]
    assert not small, f"under 20 px on the projector: {small[:5]}"
    light = [t for t in texts if not dark(t[2])]
    assert not light, f"light ink on the projector: {light[:5]}"


MODEBAR = """() => { const out = [];
  for (const p of document.querySelectorAll('.js-plotly-plot')) {
    const bar = p.querySelector('.colorbar'), tools = p.querySelector('.modebar');
    if (!bar || !tools || !tools.getBoundingClientRect().width) continue;
    const b = bar.getBoundingClientRect(), m = tools.getBoundingClientRect();
    out.push({overlap: m.left < b.right && b.left < m.right && m.top < b.bottom && b.top < m.bottom,
              bar: [b.left, b.top, b.right, b.bottom], tools: [m.left, m.top, m.right, m.bottom]}); }
  return out; }"""


@pytest.mark.parametrize("size, query", [(PROJECTOR, "?present=true"), (LAPTOP, "")])
def test_plotly_toolbar_clears_the_colour_bar(browser, app_url, size, query):
    with view(browser, f"{app_url}/svm{query}", size) as page:
        page.locator(".st-key-svm_map .nsewdrag").first.hover()
        page.wait_for_timeout(300)
        boxes = page.evaluate(MODEBAR)
    assert boxes, "the map has a colour bar and Plotly's toolbar"
    assert not any(b["overlap"] for b in boxes), boxes


KEY_BOX = """() => { const k = document.querySelector('.ks-chart-key');
  if (!k) return null; const r = k.getBoundingClientRect();
  return {text: k.innerText, top: r.top, bottom: r.bottom, size: parseFloat(getComputedStyle(k).fontSize)}; }"""


@pytest.mark.parametrize("path, names", [
    ("svm", ("boundary f = 0", "margins f = ±1", "support vector", "misclassified", "inside the margin", "held out")),
    ("svm-subgradient", ("subgradient", "libsvm")),
    # the two maps' one key, stacked beside them ("mis-classified" may break at its soft hyphen)
    ("svm-gauss-laplace", ("f = 0", "f = ±1", "support vector", "classified", "inside the margin")),
    ("svm-hinge-loss", ("hinge (SVM)", "perceptron", "0/1", "ℓp, p = 2", "held out")),
])
def test_presenting_maps_without_a_legend_have_a_key_on_the_first_screen(browser, app_url, path, names):
    with view(browser, f"{app_url}/{path}?present=true", PROJECTOR) as page:
        key = page.evaluate(KEY_BOX)
        legends = page.evaluate("() => document.querySelectorAll('.js-plotly-plot')[0].querySelectorAll("
                                "'.legendtext').length")
    assert legends == 0                        # the map itself keeps its size: no Plotly legend on it
    assert key is not None, "no key beside the map"
    assert all(name in key["text"] for name in names), key["text"]
    assert key["bottom"] <= PROJECTOR[1] and key["size"] >= 20


TAGS = """() => [...document.querySelectorAll('.js-plotly-plot')].map(p => {
  const tag = p.querySelector('.annotation'); if (!tag) return null; const a = tag.getBoundingClientRect();
  const ticks = [...p.querySelectorAll('.ytick text')].map(t => t.getBoundingClientRect());
  const xs = [...p.querySelectorAll('.xtick text')].map(t => t.getBoundingClientRect());
  return {covers: ticks.some(t => t.left < a.right && a.left < t.right && t.top < a.bottom && a.top < t.bottom),
          xticks: xs.length, xbottom: Math.max(...xs.map(t => t.bottom))}; }).filter(Boolean)"""


def test_gauss_laplace_tags_clear_the_ticks_and_no_x_tick_is_below_the_first_screen(browser, app_url):
    """The two maps keep 440 px plotting areas on the projector, so they draw no x tick labels there (none cut)."""
    with view(browser, f"{app_url}/svm-gauss-laplace?present=true", PROJECTOR) as page:
        tags = page.evaluate(TAGS)
    assert len(tags) == 2
    for tag in tags:
        assert not tag["covers"]               # "Gaussian, C = 1" no longer hides the top y tick
        assert tag["xticks"] == 0 or tag["xbottom"] <= PROJECTOR[1]


CUT = """() => {
  const W = window.innerWidth, out = [];
  const shown = e => { const s = getComputedStyle(e); return e.getBoundingClientRect().width > 0
    && s.visibility !== 'hidden' && s.opacity !== '0'; };
  for (const item of document.querySelectorAll('[data-testid="stTopNav"] .rc-overflow-item'))
    if (shown(item) && item.getBoundingClientRect().right > W + 0.5) out.push('nav: ' + item.innerText);
  for (const group of document.querySelectorAll('[data-testid="stButtonGroup"]')) {
    const g = group.getBoundingClientRect();
    for (const b of group.querySelectorAll('button'))
      if (b.getBoundingClientRect().right > g.right + 0.5) out.push('button: ' + b.innerText); }
  for (const b of document.querySelectorAll('[data-testid="stSidebar"] button p, [data-testid="stMain"] button p'))
    if (shown(b) && b.scrollWidth > b.clientWidth + 1) out.push('label: ' + b.innerText);
  for (const i of document.querySelectorAll('[data-testid="stSelectbox"] input'))
    if (shown(i) && i.scrollWidth > i.clientWidth + 1) out.push('select: ' + i.value);
  for (const f of document.querySelectorAll('[data-testid="stMain"] .katex-display'))
    if (shown(f) && (f.scrollWidth > f.clientWidth + 1 || f.getBoundingClientRect().right > W + 0.5))
      out.push('formula: ' + f.innerText.slice(0, 30));
  return out; }"""


@pytest.mark.parametrize("query", ["?present=true", ""])
@pytest.mark.parametrize("path", ["svm", "kernels?kernels_kernel=poly"])
def test_nothing_is_cut_at_1280x720_with_the_sidebar_open(browser, app_url, path, query):
    url = f"{app_url}/{path}" + (query if "?" not in path else query.replace("?", "&"))
    with view(browser, url, PROJECTOR, sidebar=True) as page:
        cut = page.evaluate(CUT)
    assert cut == [], cut


def test_presenting_the_gamma_slider_spans_the_column(browser, app_url):
    with view(browser, f"{app_url}/svm?present=true", PROJECTOR) as page:
        width = page.evaluate("() => document.querySelector('.st-key-svm_gamma').getBoundingClientRect().width")
        column = page.evaluate("() => document.querySelector('.st-key-svm_gamma').closest('[data-testid=stColumn]')"
                               ".getBoundingClientRect().width")
    assert width >= 0.85 * column and width >= 380   # two of its four decades over ≥ 190 px


STEP_BUTTONS = """() => [...document.querySelectorAll('.st-key-step_buttons button')].map(b => {
  const r = b.getBoundingClientRect(); return [b.innerText, r.top, r.bottom, window.innerHeight]; })"""


def test_presenting_every_subgradient_step_button_is_on_the_first_screen(browser, app_url):
    with view(browser, f"{app_url}/svm-subgradient?present=true", PROJECTOR) as page:
        buttons = page.evaluate(STEP_BUTTONS)
        choice = page.locator(".st-key-svm_batch").inner_text()
    assert [b[0] for b in buttons] == ["+1 step", "+10 steps", "+100 steps", "Run to convergence", "Reset"]
    assert all(0 <= top and bottom <= height for _, top, bottom, height in buttons), buttons
    assert "1 random point (SGD)" in choice   # the choice on the projector names both ways


def test_selected_add_class_plus_one_is_blue(browser, app_url):
    with view(browser, f"{app_url}/svm", LAPTOP) as page:
        selected = page.locator(".st-key-svm_click_mode button[aria-checked=true]")
        assert "+1" in selected.inner_text()
        color = selected.evaluate("b => getComputedStyle(b).color")
    r, g, b = (int(c) for c in color[color.index("(") + 1:color.index(")")].split(",")[:3])
    assert b > 150 and b > r + 80            # class +1's blue (#0072B2), not the theme's red


SIGN = "() => (document.querySelector('.st-key-svm_map .ks-sweep-sign') || {}).textContent || null"
STALE = """() => { const main = document.querySelector('[data-testid=stMain]');
  const f = main && main.querySelector('.stElementContainer:has(.katex-display)'); if (!f) return null;
  return {on: main.classList.contains('ks-sweeping'), opacity: parseFloat(getComputedStyle(f.firstElementChild).opacity),
          note: getComputedStyle(f, '::after').content}; }"""


def test_sweep_sign_names_both_gestures_and_a_drag_greys_the_stale_formula(page, app_url):
    open_url(page, f"{app_url}/svm")
    sign = page.wait_for_function(f"() => {{ const s = ({SIGN})(); return s && s.includes('drag') ? s : null; }}",
                                  timeout=60000).json_value()
    assert sign == "\u27F7 drag picture: γ \u00B7 sliders: γ, C"
    page.wait_for_function("() => Object.values(window.__kernelscopeSweeps || {}).some(o => o.data.chart === "
                           "'svm_map' && o.data.drag)", timeout=60000)
    before = page.evaluate(STALE)
    assert before["on"] is False and before["opacity"] == 1
    area = page.locator(".st-key-svm_map .nsewdrag").first.bounding_box()
    x, y = area["x"] + 0.5 * area["width"], area["y"] + 0.9 * area["height"]
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 0.3 * area["width"], y, steps=10)
    page.wait_for_function(f"() => {{ const s = ({STALE})(); return !!s && s.on; }}", timeout=60000)
    during = page.evaluate(STALE)
    assert during["opacity"] < 0.5 and "release to update" in during["note"]
    page.mouse.up()
    page.wait_for_function(f"() => {{ const s = ({STALE})(); return !!s && !s.on; }}", timeout=60000)
    settle(page)
    assert page.evaluate(STALE)["opacity"] == 1


SPECTRUM = """() => { const box = document.querySelector('.st-key-kernels_spectrum');
  const p = box && box.querySelector('.js-plotly-plot'); if (!p || !p._fullLayout) return null;
  const d = p.querySelector('.nsewdrag').getBoundingClientRect();
  return {bottom: d.bottom, height: d.height, title: p._fullLayout.yaxis.title.text,
          ticks: [...box.querySelectorAll('.ytick text')].map(t => t.textContent)}; }"""


# The bottom of each metric's value (Largest λ, Smallest λ, Negative λ) in the main area.
METRIC_BOTTOMS = """() => [...document.querySelectorAll('[data-testid=stMain] [data-testid=stMetricValue]')]
  .map(m => m.getBoundingClientRect().bottom)"""


def test_gram_spectrum_is_on_the_first_screen_presenting_on_a_log_axis_and_offers_a_linear_one(browser, app_url):
    with view(browser, f"{app_url}/kernels-gram?present=true", PROJECTOR) as page:
        log = page.wait_for_function(SPECTRUM, timeout=30000).json_value()
        assert "log" in log["title"] and log["ticks"][-1].startswith("10") and len(log["ticks"]) == 4
        assert log["bottom"] <= PROJECTOR[1] and log["height"] >= 100
        metrics = page.evaluate(METRIC_BOTTOMS)   # the spectrum's numbers under it are read with it
        assert len(metrics) == 3 and max(metrics) <= PROJECTOR[1], metrics
        page.locator("[data-testid=stMain] button", has_text="linear λ").click()
        linear = page.wait_for_function(f"() => {{ const s = ({SPECTRUM})(); return s && !s.title.includes('log') ? "
                                        "s : null; }", timeout=60000).json_value()
    assert linear["bottom"] <= PROJECTOR[1]


KPCA = """() => { const d = document.querySelector('.st-key-kernel_pca_data_fig .nsewdrag');
  const m = document.querySelector('.st-key-kernel_pca_click_mode'); if (!d || !m) return null;
  const r = d.getBoundingClientRect(); return {width: r.width, gap: m.getBoundingClientRect().top - r.bottom}; }"""


@pytest.mark.parametrize("size, query", [(PROJECTOR, "?present=true"), (LAPTOP, "")])
def test_kernel_pca_click_modes_stand_under_their_input_plane(browser, app_url, size, query):
    with view(browser, f"{app_url}/kernel-pca{query}", size) as page:
        box = page.wait_for_function(KPCA, timeout=30000).json_value()
    assert 0 <= box["gap"] <= 120               # under the picture, not ~1000 px lower
    # presenting, the plane (beside the main chart, under the bar) ends on the projector's first screen
    # (test_browser_sections' CUT_BY_THE_FOLD): it is smaller there
    assert box["width"] >= (190 if query else 270)


def test_kernel_ridge_bar_menu_is_labelled(page, app_url):
    open_url(page, f"{app_url}/kernel-ridge")
    menu = page.locator("[data-testid=stMain] [data-testid=stPopover] button").first
    assert "Options" in menu.inner_text()


SAMPLES = """() => { const t = [...document.querySelectorAll('.legendtext')].find(e => e.textContent.includes('samples'));
  return t ? [...new Set([...t.querySelectorAll('tspan')].map(s => s.style.fill).filter(Boolean))] : null; }"""


def test_gp_samples_legend_shows_their_colours(page, app_url):
    open_url(page, f"{app_url}/kernel-ridge-gp-prior")
    fills = page.wait_for_function(SAMPLES, timeout=60000).json_value()
    assert len(fills) >= 3                      # one entry for the curves, in their colours (five drawn)


PAIR = """() => { const maps = [...document.querySelectorAll('.st-key-svm_rbf_map, .st-key-svm_laplacian_map')];
  if (maps.length !== 2 || maps.some(b => !b.querySelector('.js-plotly-plot') ||
      !b.querySelector('.js-plotly-plot')._fullLayout)) return null;
  const box = r => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom});
  return maps.map(b => ({plot: box(b.querySelector('.nsewdrag').getBoundingClientRect()),
    xticks: [...b.querySelectorAll('.xtick text')].map(t => box(t.getBoundingClientRect())),
    yticks: [...b.querySelectorAll('.ytick text')].map(t => box(t.getBoundingClientRect())),
    tags: [...b.querySelectorAll('.annotation')].map(t => box(t.getBoundingClientRect()))})); }"""


@pytest.mark.parametrize("size, query", [(PROJECTOR, "?present=true"), (LAPTOP, "")])
def test_gauss_laplace_maps_show_their_x_ticks_and_their_titles_clear_of_the_ticks(browser, app_url, size, query):
    """Issue 33: presenting at 1280x720 the two maps' x tick labels were hidden (below the fold), and a panel title
    stood over the top y tick. Both maps: x tick labels drawn and on the first screen, the plotting area ≥ 440 px tall
    on the projector, and each map's title (its tag) overlaps no tick label."""
    with view(browser, f"{app_url}/svm-gauss-laplace{query}", size) as page:
        maps = page.wait_for_function(PAIR, timeout=60000).json_value()
    overlap = lambda a, b: a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and \
        b["top"] < a["bottom"]  # noqa: E731
    for m in maps:
        assert len(m["xticks"]) >= 3 and max(t["bottom"] for t in m["xticks"]) <= size[1], f"x ticks: {m['xticks']}"
        if query:
            assert m["plot"]["bottom"] - m["plot"]["top"] >= 440, f"plotting area {m['plot']}"
        assert m["tags"] and not any(overlap(tag, t) for tag in m["tags"] for t in m["yticks"] + m["xticks"]), m
