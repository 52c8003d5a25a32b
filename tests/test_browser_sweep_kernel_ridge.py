"""Browser tests of kernel ridge's live sweeps (ui.sweep) on the fit chart: in Chromium, dragging the bar's λ or γ
slider redraws the ± 2 std band (the sweep's filled polygon, under the curve), the curve and the αᵢ stems while the
pointer moves (no rerun on the way; the α axis's tick labels follow), and releasing hands the value to the slider, so
the section's formula and numbers follow and Plotly's own band is back where the last frame drew it; a sideways drag
across the chart sweeps λ. Fixtures (the served app, Chromium) are tests/conftest.py's."""
import pytest

from bench.sweep import READY
from tests.live_class_env import press_thumb
from tests.support.app_runs import open_url, settle
from tests.support.health import assert_healthy

pytestmark = pytest.mark.timeout(300)

CHART = "kernel_ridge_fit"
FRAMES = "() => window.__kernelscopeSweep.frames"
# The ± 2 std band: the sweep's "fill" layer (a path filled, not stroked) while dragging, Plotly's own band trace
# (its fill path) otherwise; where it is drawn (its box, px) and whether it comes before the curve in the SVG. Null
# while Plotly (re)draws the band's trace.
BAND = r"""(gd) => {
  const ours = gd.querySelector('.ks-sweep path[stroke=none]');
  const g = [...gd.querySelectorAll('.scatterlayer g.trace')].find(e => e.__data__ && e.__data__[0] &&
    e.__data__[0].trace && (e.__data__[0].trace.name || '').startsWith('± 2 std'));
  const curve = gd.querySelector('.ks-sweep path[fill=none]');
  const el = ours || (g && g.querySelector('.js-fill'));
  if (!g || !el) return null;
  const b = el.getBBox(), css = getComputedStyle(el);
  const c = css.fill.match(/[\d.]+/g).map(Number);   // the paint as seen: rgb and alpha (times fill-opacity)
  const paint = [c[0], c[1], c[2], +((c.length > 3 ? c[3] : 1) * Number(css.fillOpacity)).toFixed(3)];
  return { ours: !!ours, d: el.getAttribute('d'), fill: paint,
           box: [b.x, b.y, b.width, b.height], staticShown: getComputedStyle(g).display !== 'none',
           beforeCurve: !!(ours && curve && ours.compareDocumentPosition(curve) & Node.DOCUMENT_POSITION_FOLLOWING) };
}"""
# The slider's and the chart's state; null while a rerun remounts the slider or the chart (read it with state(), or
# wait on it with a null check: a predicate that throws fails wait_for_function at once instead of waiting).
STATE = """([chart, slider]) => {
  const BAND = """ + BAND + """;
  const gd = document.querySelector(`.st-key-${chart} .js-plotly-plot`);
  const input = document.querySelector(`.st-key-${slider} input[type=range]`);
  const thumb = document.querySelector(`.st-key-${slider} [data-testid=stSliderThumbValue]`);
  const band = gd && gd._fullLayout ? BAND(gd) : null;
  if (!input || !thumb || !band) return null;
  return {
    index: Number(input.value),
    thumb: thumb.innerText,
    overlay: gd.querySelectorAll('.ks-sweep').length,
    curve: (gd.querySelector('.ks-sweep path[fill=none]') || {getAttribute: () => null}).getAttribute('d'),
    band,
    ticks: [...gd.querySelectorAll('.y2tick text')].map(t => t.textContent).join(' '),
    sign: (gd.querySelector('.ks-sweep-sign') || {}).textContent || '',
    running: document.querySelector("[data-testid='stApp']").getAttribute('data-test-script-state'),
    main: document.querySelector("[data-testid='stMain']").innerText };
}"""
# Every sweep of the slider has drawn the frame of the pointer's position (drawn once per animation frame, after the
# pointer moved): what a fixed sleep after a move assumed.
SHOWN = """(slider) => { const v = Object.values(window.__kernelscopeSweeps || {}).filter(o => o.data.slider === slider);
  return v.length > 0 && v.every(o => o.overlay && o.want != null && o.shown === o.want); }"""


def state(page, chart, slider, timeout=30000):
    """STATE read in one go once the slider and the chart are there (not while a rerun remounts them)."""
    return page.wait_for_function(f"a => ({STATE})(a)", arg=[chart, slider], timeout=timeout).json_value()


def ready(page, url):
    open_url(page, url)
    page.wait_for_function(READY, timeout=90000)
    page.wait_for_selector(f".st-key-{CHART} .ks-sweep-sign", timeout=30000)   # the sign says the sweep is on


@pytest.mark.parametrize("slider, toward", [("kernel_ridge_lam", 0.1), ("kernel_ridge_gamma", 0.15)])
def test_dragging_lambda_or_gamma_redraws_the_fit_and_release_sets_the_slider(page, app_url, slider, toward):
    ready(page, f"{app_url}/kernel-ridge")
    before = state(page, CHART, slider)
    assert before["sign"] == "\u27F7 drag picture: λ \u00B7 sliders: λ, γ"   # what each gesture sweeps
    track, y = press_thumb(page, slider)
    frames = page.evaluate(FRAMES)
    page.mouse.move(track["x"] + (toward + 0.5) / 2 * track["width"], y, steps=6)
    page.wait_for_function(f"f => ({FRAMES})() > f", arg=frames)
    mid = state(page, CHART, slider)
    page.mouse.move(track["x"] + toward * track["width"], y, steps=6)
    page.wait_for_function(SHOWN, arg=slider, timeout=30000)
    late = state(page, CHART, slider)
    # the curve and the stems follow the pointer, with no rerun and the Streamlit value not yet taken
    assert mid["overlay"] == 5 and mid["running"] == "notRunning" and mid["curve"]
    assert late["curve"] != mid["curve"] and late["ticks"] != before["ticks"]
    # the band: the sweep's filled polygon in place of Plotly's (hidden), under the curve, changing with the value
    assert not before["band"]["ours"] and before["band"]["staticShown"]
    for b in (mid["band"], late["band"]):
        assert b["ours"] and not b["staticShown"] and b["beforeCurve"]
        assert b["fill"] == [0, 114, 178, 0.18] and b["d"].count("Z") == 1 and b["box"][3] > 20
    assert late["band"]["d"] != mid["band"]["d"]
    assert mid["index"] == before["index"] and late["thumb"] != before["thumb"]
    assert "=" in late["sign"] and late["sign"].split("= ")[-1] in late["thumb"]
    page.mouse.up()
    page.wait_for_function(f"([c, s, i]) => {{ const x = ({STATE})([c, s]); return x !== null && x.index !== i && "
                           "x.overlay === 0; }",
                           arg=[CHART, slider, before["index"]], timeout=60000)
    settle(page)
    after = state(page, CHART, slider)
    assert after["thumb"] == late["thumb"]            # the slider took the value the picture showed
    assert after["ticks"] == late["ticks"]            # the static α axis is the one the sweep drew
    # the static band is back, Plotly's own, where the last frame drew it (within a pixel), and not the old one
    assert not after["band"]["ours"] and after["band"]["staticShown"] and after["band"]["fill"] == [0, 114, 178, 0.18]
    assert all(abs(a - b) <= 1.0 for a, b in zip(after["band"]["box"], late["band"]["box"]))
    assert after["band"]["d"] != before["band"]["d"]
    assert (after["index"] < before["index"]) == (toward < 0.5)
    assert after["main"] != before["main"]            # the formula and the numbers followed
    assert_healthy(page)


def test_dragging_the_fit_chart_sideways_sets_lambda(page, app_url):
    ready(page, f"{app_url}/kernel-ridge")
    before = state(page, CHART, "kernel_ridge_lam")
    area = page.locator(f".st-key-{CHART} .nsewdrag").first.bounding_box()
    y = area["y"] + 0.85 * area["height"]
    x = area["x"] + 0.6 * area["width"]
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 0.3 * area["width"], y, steps=10)
    page.wait_for_function(SHOWN, arg="kernel_ridge_lam", timeout=30000)
    mid = state(page, CHART, "kernel_ridge_lam")
    assert mid["overlay"] > 0 and mid["running"] == "notRunning" and "λ =" in mid["sign"]
    page.mouse.up()
    page.wait_for_function("i => { const el = document.querySelector('.st-key-kernel_ridge_lam input[type=range]'); "
                           "return !!el && Number(el.value) < i; }", arg=before["index"], timeout=60000)
    settle(page)
    after = state(page, CHART, "kernel_ridge_lam")
    assert after["overlay"] == 0 and after["main"] != before["main"]
    assert_healthy(page)
