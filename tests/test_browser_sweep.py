"""Browser tests of the live sweeps (ui.sweep): in Chromium, dragging a sweep redraws the picture while the pointer
moves (no rerun on the way), and releasing it hands the value to the section's Streamlit slider, so the section's
numbers follow; a sideways drag across the picture does the same. Fixtures (the served app, Chromium) are
tests/conftest.py's."""
import pytest

from bench.sweep import READY
from tests.live_class_env import press_thumb
from tests.support.app_runs import open_url, settle
from tests.support.health import assert_healthy

pytestmark = pytest.mark.timeout(300)

FRAMES = "() => window.__kernelscopeSweep.frames"
HOVER = """(chart) => { const h = document.querySelector(`.st-key-${chart} .hoverlayer`);
  return h ? getComputedStyle(h).display : null; }"""
# The slider's and the chart's state; null while a rerun remounts the slider or the chart (read it with state(), or
# wait on it with a null check: a predicate that throws fails wait_for_function at once instead of waiting).
STATE = """([chart, slider]) => {
  const input = document.querySelector(`.st-key-${slider} input[type=range]`);
  const thumb = document.querySelector(`.st-key-${slider} [data-testid=stSliderThumbValue]`);
  if (!input || !thumb || !document.querySelector(`.st-key-${chart} .js-plotly-plot`)) return null;
  return {
  index: Number(input.value),
  thumb: thumb.innerText,
  overlay: document.querySelectorAll(`.st-key-${chart} .ks-sweep`).length,
  canvas: (() => { const c = document.querySelector(`.st-key-${chart} foreignObject canvas`);
    if (!c) return null; const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 0; for (let i = 0; i < d.length; i += 4) h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) % 1000000007;
    return h; })(),
  running: document.querySelector("[data-testid='stApp']").getAttribute('data-test-script-state'),
  main: document.querySelector("[data-testid='stMain']").innerText }; }"""
# Every sweep of the slider has drawn the frame of the pointer's position (drawn once per animation frame, after the
# pointer moved): what a fixed sleep after a move assumed.
SHOWN = """(slider) => { const v = Object.values(window.__kernelscopeSweeps || {}).filter(o => o.data.slider === slider);
  return v.length > 0 && v.every(o => o.overlay && o.want != null && o.shown === o.want); }"""


def state(page, chart, slider, timeout=30000):
    """STATE read in one go once the slider and the chart are there (not while a rerun remounts them)."""
    return page.wait_for_function(f"a => ({STATE})(a)", arg=[chart, slider], timeout=timeout).json_value()


def hover(page, chart):
    """The display of the chart's hover layer, once the chart is there."""
    return page.wait_for_function(f"c => ({HOVER})(c)", arg=chart, timeout=30000).json_value()


def shown(page, slider):
    page.wait_for_function(SHOWN, arg=slider, timeout=30000)


def value_is(test):
    """A predicate on the number of a slider's input (its arg: [slider key, number]); false while it is remounted."""
    return (f"([k, i]) => {{ const el = document.querySelector(`.st-key-${{k}} input[type=range]`); "
            f"return !!el && Number(el.value) {test}; }}")


def ready(page, path):
    open_url(page, path)
    page.wait_for_function(READY, timeout=90000)


@pytest.mark.parametrize("path, chart, slider", [("svm", "svm_map", "svm_gamma"), ("svm", "svm_map", "svm_C"),
                                                  ("kernels", "kernels_surface", "kernels_gamma")])
def test_dragging_the_slider_redraws_the_picture_and_release_sets_the_slider(page, app_url, path, chart, slider):
    ready(page, f"{app_url}/{path}")
    before = state(page, chart, slider)
    track, y = press_thumb(page, slider)
    frames = page.evaluate(FRAMES)
    page.mouse.move(track["x"] + 0.3 * track["width"], y, steps=8)
    page.wait_for_function(f"f => ({FRAMES})() > f", arg=frames)
    mid = state(page, chart, slider)
    page.mouse.move(track["x"] + 0.65 * track["width"], y, steps=6)
    shown(page, slider)
    late = state(page, chart, slider)
    # the picture follows the pointer, with no rerun and the Streamlit value not yet taken
    assert mid["overlay"] > 0 and mid["canvas"] is not None and mid["running"] == "notRunning"
    assert late["canvas"] != mid["canvas"]
    assert mid["index"] == before["index"] and mid["thumb"] != before["thumb"]
    page.mouse.up()
    page.wait_for_function(f"([c, s, i]) => {{ const x = ({STATE})([c, s]); return x !== null && x.index !== i && "
                           "x.overlay === 0; }",
                           arg=[chart, slider, before["index"]], timeout=60000)
    settle(page)
    after = state(page, chart, slider)
    assert after["thumb"] == late["thumb"]           # the slider took the value the picture showed
    assert after["index"] > before["index"]
    assert after["main"] != before["main"]           # the section's numbers and formula followed
    assert_healthy(page)


def test_dragging_the_picture_sideways_sets_gamma(page, app_url):
    ready(page, f"{app_url}/svm")
    before = state(page, "svm_map", "svm_gamma")
    area = page.locator(".st-key-svm_map .nsewdrag").first.bounding_box()
    y = area["y"] + 0.9 * area["height"]
    x = area["x"] + 0.5 * area["width"]
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 0.3 * area["width"], y, steps=10)
    shown(page, "svm_gamma")
    mid = state(page, "svm_map", "svm_gamma")
    assert mid["overlay"] > 0 and mid["running"] == "notRunning"
    assert "γ =" in page.locator(".st-key-svm_map .ks-sweep-sign").inner_text()
    assert hover(page, "svm_map") == "none"     # no hover label with the static picture's numbers
    page.mouse.up()
    page.wait_for_function(value_is("< i"), arg=["svm_gamma", before["index"]], timeout=60000)
    settle(page)
    after = state(page, "svm_map", "svm_gamma")
    assert after["overlay"] == 0 and after["main"] != before["main"]
    assert hover(page, "svm_map") != "none"
    assert_healthy(page)


@pytest.mark.parametrize("path, chart", [("kernels", "kernels_surface"), ("kernel-pca", "kernel_pca_kpca_fig"),
                                         ("mercer-approx", "mercer_K_compare")])
def test_a_sideways_drag_on_a_zoomable_picture_sweeps_and_never_zooms(page, app_url, path, chart):
    """Charts that are not click targets keep Plotly's zoom-by-drag; on a swept one the drag is the sweep's: no zoom
    box while it runs, the same axis ranges after it."""
    ready(page, f"{app_url}/{path}")
    ranges = f"""() => {{ const gd = document.querySelector('.st-key-{chart} .js-plotly-plot');
      if (!gd || !gd._fullLayout || !gd._fullLayout.xaxis) return null;   // a rerun remounting the chart: wait
      return JSON.stringify([gd._fullLayout.xaxis.range, gd._fullLayout.yaxis.range]); }}"""
    page.locator(f".st-key-{chart}").scroll_into_view_if_needed()
    before = page.wait_for_function(ranges, timeout=30000).json_value()
    area = page.locator(f".st-key-{chart} .nsewdrag").first.bounding_box()
    x, y = area["x"] + 0.5 * area["width"], area["y"] + 0.5 * area["height"]
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 0.3 * area["width"], y + 0.2 * area["height"], steps=10)
    page.wait_for_timeout(300)
    boxes = f".st-key-{chart} .zoombox, .st-key-{chart} .zoombox-corners"
    zoombox = page.evaluate(f"""() => [...document.querySelectorAll('{boxes}')]
      .filter(e => (e.getAttribute('d') || '').length > 4).length""")
    page.mouse.up()
    settle(page)
    assert zoombox == 0 and page.wait_for_function(ranges, timeout=30000).json_value() == before
    assert_healthy(page)


def test_a_key_step_still_moves_the_slider(page, app_url):
    ready(page, f"{app_url}/svm")
    before = state(page, "svm_map", "svm_gamma")
    page.locator(".st-key-svm_gamma input[type=range]").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(value_is("=== i + 1"), arg=["svm_gamma", before["index"]], timeout=60000)
    settle(page)
    page.wait_for_function("() => document.querySelectorAll('.st-key-svm_map .ks-sweep').length === 0")
    assert state(page, "svm_map", "svm_gamma")["main"] != before["main"]
    assert_healthy(page)


LAZY = """(slider) => { const o = Object.values(window.__kernelscopeSweeps).find(o => o.data.slider === slider);
  return o && !o.data.digest && !o.frames; }"""


def test_a_sweep_whose_frames_changed_gets_them_when_grabbed(page, app_url):
    """A key step of γ changes every frame of the C sweep: the rerun sends C's metadata only (issue 20's bytes);
    pressing C's slider asks for the frames, the drag under way draws them as they arrive, and the release sets C."""
    ready(page, f"{app_url}/svm")
    gamma = state(page, "svm_map", "svm_gamma")["index"]
    page.locator(".st-key-svm_gamma input[type=range]").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(value_is("=== i + 1"), arg=["svm_gamma", gamma], timeout=60000)
    settle(page)
    page.wait_for_function(LAZY, arg="svm_C", timeout=60000)   # C's frames are not in the browser
    before = state(page, "svm_map", "svm_C")
    asks = page.evaluate("() => window.__kernelscopeSweep.asks")
    track, y = press_thumb(page, "svm_C")
    page.mouse.move(track["x"] + 0.3 * track["width"], y, steps=4)
    assert page.evaluate("() => window.__kernelscopeSweep.asks") == asks + 1
    page.wait_for_function("() => Object.values(window.__kernelscopeSweeps).find(o => o.data.slider === 'svm_C').frames",
                           timeout=60000)
    page.wait_for_function("() => document.querySelectorAll('.st-key-svm_map .ks-sweep').length > 0", timeout=60000)
    settle(page)
    shown(page, "svm_C")      # the ask's rerun redrew the chart: the overlay is back on the next animation frame
    assert page.evaluate("() => window.__kernelscopeSweep.asks") == asks + 1   # not asked again while decoding
    mid = state(page, "svm_map", "svm_C")
    page.mouse.move(track["x"] + 0.7 * track["width"], y, steps=6)
    shown(page, "svm_C")
    late = state(page, "svm_map", "svm_C")
    assert mid["overlay"] > 0 and late["canvas"] != mid["canvas"] and late["index"] == before["index"]
    page.mouse.up()
    page.wait_for_function(value_is("> i"), arg=["svm_C", before["index"]], timeout=60000)
    settle(page)
    after = state(page, "svm_map", "svm_C")
    assert after["thumb"] == late["thumb"] and after["main"] != before["main"]
    assert_healthy(page)


BARS = "() => [...document.querySelectorAll('.st-key-kernels_spectrum .ks-sweep path')].map(p => p.getAttribute('d')).join('|')"
TICKS = "() => [...document.querySelectorAll('.st-key-kernels_spectrum .ytick text')].map(t => t.textContent).join(' ')"


def test_dragging_gamma_on_the_gram_section_redraws_the_matrix_and_its_spectrum(page, app_url):
    """Two sweeps follow one slider: K (heatmap) and its eigenvalues (bars, the y axis relabelled); the release
    hands γ over once and the section's numbers follow."""
    ready(page, f"{app_url}/kernels-gram")
    before = state(page, "kernels_gram", "kernels_gamma")
    ticks0 = page.evaluate(TICKS)
    track, y = press_thumb(page, "kernels_gamma")
    page.mouse.move(track["x"] + 0.1 * track["width"], y, steps=8)
    shown(page, "kernels_gamma")
    mid = state(page, "kernels_gram", "kernels_gamma")
    bars, ticks = page.evaluate(BARS), page.evaluate(TICKS)
    assert mid["canvas"] is not None and bars and mid["running"] == "notRunning"
    assert ticks != ticks0      # small γ: K near all ones, the largest eigenvalue near n
    page.mouse.move(track["x"] + 0.9 * track["width"], y, steps=8)
    shown(page, "kernels_gamma")
    late = state(page, "kernels_gram", "kernels_gamma")
    assert late["canvas"] != mid["canvas"] and page.evaluate(BARS) != bars
    page.mouse.up()
    page.wait_for_function(value_is("> i"), arg=["kernels_gamma", before["index"]], timeout=60000)
    settle(page)
    after = state(page, "kernels_gram", "kernels_gamma")
    assert after["thumb"] == late["thumb"] and after["main"] != before["main"]
    assert page.evaluate("() => document.querySelectorAll('.ks-sweep').length") == 0
    assert_healthy(page)


COLORBAR = """(chart) => { const c = document.querySelectorAll(`.st-key-${chart} .colorbar foreignObject canvas`)[0];
  if (!c) return null; const d = c.getContext('2d').getImageData(0, 0, 1, 256).data;
  return [d[0], d[1], d[2], d[4 * 128], d[4 * 128 + 1], d[4 * 128 + 2]].join(','); }"""


def test_dragging_the_polynomial_degree_redraws_the_surface_and_its_colour_bar(page, app_url):
    """The integer slider (st.slider, by value): its thumb follows the pointer over m = 1 … 10, the surface and the
    colour bar's own scale follow (odd m: diverging, even m: sequential), the release sets m."""
    ready(page, f"{app_url}/kernels?kernels_kernel=poly&kernels_x0a=1.0&kernels_x0b=0.5")
    before = state(page, "kernels_surface", "kernels_degree")
    assert before["index"] == 2 and before["thumb"] == "2"
    thumb = page.locator(".st-key-kernels_degree [data-testid='stSliderThumbValue']").locator("..")
    track = thumb.locator("..").bounding_box()
    box = thumb.bounding_box()
    y = box["y"] + box["height"] / 2
    at = lambda m: track["x"] + (m - 1) / 9 * track["width"]   # noqa: E731  (m's place between min 1 and max 10)
    page.mouse.move(box["x"] + box["width"] / 2, y)
    page.mouse.down()
    page.mouse.move(at(3), y, steps=6)
    page.wait_for_function("() => (document.querySelector('.st-key-kernels_surface .ks-sweep-sign') || {}).innerText"
                           " === '\u27F7 m = 3'")
    odd, odd_bar = state(page, "kernels_surface", "kernels_degree"), page.evaluate(COLORBAR,
                                                                                             "kernels_surface")
    assert odd["thumb"] == "3" and odd["index"] == 2 and odd["running"] == "notRunning" and odd["canvas"] is not None
    page.mouse.move(at(8), y, steps=6)
    page.wait_for_function("() => (document.querySelector('.st-key-kernels_surface .ks-sweep-sign') || {}).innerText"
                           " === '\u27F7 m = 8'")
    even, even_bar = state(page, "kernels_surface", "kernels_degree"), page.evaluate(COLORBAR,
                                                                                               "kernels_surface")
    assert even["thumb"] == "8" and even["canvas"] != odd["canvas"]
    assert odd_bar and even_bar and odd_bar != even_bar       # the colour bar's scale changed with m's parity
    page.mouse.up()
    page.wait_for_function(value_is("=== 8"), arg=["kernels_degree", None], timeout=60000)
    settle(page)
    after = state(page, "kernels_surface", "kernels_degree")
    assert after["thumb"] == "8" and after["overlay"] == 0 and after["main"] != before["main"]
    assert "8.0" not in after["main"]      # m stays an integer in the formula (the slider took int 8, not 8.0)
    assert page.evaluate(COLORBAR, "kernels_surface") is None     # Streamlit's own drawing is back
    assert_healthy(page)
