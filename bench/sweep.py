"""The live sweeps in Chromium: a scripted pointer drags each sweep across its whole range (issue 22).

Serves the app, opens each section that has live sweeps (ui.sweep) at default settings in Debian's Chromium
(Playwright, 1400x1000), and for every sweep found on the page (window.__kernelscopeSweeps, one per chart and
slider) presses the pointer on the slider's thumb (a real press), moves it to the track's left end, then across
the whole track to the right end (a scripted pointer in the page: one pointermove per animation frame, about 1.5 of
the slider's values apart, so every animation frame asks for a new picture), and releases it. The component counts
every frame it draws (window.__kernelscopeSweep.times: the time of the animation frame in which a changed frame of
the picture was drawn; at most one per animation frame); the median interval between those frames over the move to
the right is the sweep's frame interval (issue 22's target: <= 33 ms, 30 frames a second). For a sweep that a
sideways drag across the picture also drives, that drag is measured the same way (from the first value to the
last). Also per sweep: the frames drawn of the values passed, the payload's bytes (the component's data as it
arrived), and the cold compute time of its frames for the default data (the topic's batch function and the payload,
uncached, in this process: bench/sweep_cold.py). The last line is the worst median.

    .venv/bin/python -m bench.sweep                  # every section with sweeps
    .venv/bin/python -m bench.sweep --pages svm      # one section
"""
import argparse
import statistics

from playwright.sync_api import sync_playwright

from bench.serve import serve
from bench.sweep_cold import COLD, POLY
from tests.browser_env import ARGS, ensure_chromium

IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
# sections with live sweeps, in the order of the path through the app (the Kernels sections twice: RBF, polynomial)
PAGES = ["kernels", POLY, "kernels-gram", "kernels-gram?kernels_kernel=poly", "mercer-approx", "kernel-pca",
         "kernel-ridge", "perceptron-knn-knn", "svm"]
TARGET_MS = 33
READY = """() => { const s = window.__kernelscopeSweeps || {}; const v = Object.values(s);
  return v.length > 0 && v.every(o => o.frames || !o.data.digest) &&
    [...document.querySelectorAll('.js-plotly-plot')].every(e => e._fullData); }"""   # every sweep has its frames or is lazy
SWEEPS = """() => Object.entries(window.__kernelscopeSweeps).map(([id, o]) => ({id, chart: o.data.chart,
  slider: o.data.slider, label: o.data.label, n: o.data.values.length, drag: o.data.drag,
  lazy: !o.data.digest, bytes: JSON.stringify(o.data).length}))"""
START = "(key) => Number(document.querySelector(`.st-key-${key} input[type=range]`).value)"
MARK = "(chart) => (window.__kernelscopeSweep.byChart[chart] || []).length"   # frames drawn into one chart
WAITS = "() => window.__kernelscopeSweep.waits.length"
HAS_FRAMES = "(id) => !!(window.__kernelscopeSweeps[id] || {}).frames"
WAITED = "(i) => window.__kernelscopeSweep.waits.slice(i)"
BYTES = "(id) => window.__kernelscopeSweeps[id].frames.bytes"
SINCE = "([chart, i]) => [(window.__kernelscopeSweep.byChart[chart] || []).slice(i), window.__kernelscopeSweep.frames]"


def settle(page):
    page.wait_for_selector(IDLE, timeout=90000)
    page.wait_for_timeout(300)
    page.wait_for_selector(IDLE, timeout=90000)


def intervals(times):
    return [b - a for a, b in zip(times, times[1:])]


# The scripted pointer: one pointermove per animation frame (Chromium delivers a real mouse's moves aligned to
# animation frames too), `step` px each, from x0 to x1 at height y, dispatched where the pointer is; resolves at x1.
MOVE = """([x0, x1, y, step]) => new Promise(resolve => {
  let x = x0;
  const go = () => {
    x = x1 > x0 ? Math.min(x1, x + step) : Math.max(x1, x - step);
    const at = document.elementFromPoint(x, y) || document.body;
    at.dispatchEvent(new PointerEvent('pointermove', {clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse',
      isPrimary: true, buttons: 1, bubbles: true, cancelable: true, composed: true}));
    if (x !== x1) requestAnimationFrame(go); else requestAnimationFrame(() => resolve());
  };
  requestAnimationFrame(go);
})"""


def drag(page, press, x0, x1, y, n, sw):
    """Press at `press` (a real, trusted press), move to (x0, y), wait for the frames (a lazy sweep asks for them
    when grabbed), then the scripted pointer from x0 to x1 (about 1.5 values per animation frame over n values),
    release at x1: the frames drawn on the way from x0 to x1, and the wait from the press to the first frame drawn
    (ms; None if none was drawn before the move across)."""
    waits = page.evaluate(WAITS)
    page.mouse.move(*press)
    page.mouse.down()
    page.evaluate(MOVE, [press[0], x0, y, abs(x0 - press[0]) / 4 or 1])
    page.wait_for_function(HAS_FRAMES, arg=sw["id"], timeout=90000)
    page.wait_for_timeout(150)
    waited = page.evaluate(WAITED, waits)
    size = page.evaluate(BYTES, sw["id"])
    mark = page.evaluate(MARK, sw["chart"])
    page.evaluate(MOVE, [x0, x1, y, 1.5 * abs(x1 - x0) / n])
    times, _ = page.evaluate(SINCE, [sw["chart"], mark])
    page.mouse.move(x1, y)
    page.mouse.up()
    return times, (waited[0] if waited else None), size


def drag_slider(page, sw):
    """The slider's thumb pressed, moved to the track's left end, then across the track to its right end."""
    slider = sw["slider"]
    thumb = page.locator(f".st-key-{slider} [data-testid='stSliderThumbValue']").locator("..")
    track = thumb.locator("..").bounding_box()
    box = thumb.bounding_box()
    y = box["y"] + box["height"] / 2
    return drag(page, (box["x"] + box["width"] / 2, y), track["x"], track["x"] + track["width"], y, sw["n"], sw)


def drag_picture(page, sw):
    """A press on the chart's plot area where the value now sits on its width, a drag to its left edge (the first
    value), then across the whole width to the right edge (the last)."""
    chart, slider, n = sw["chart"], sw["slider"], sw["n"]
    plot = page.locator(f".st-key-{chart} .nsewdrag").first
    plot.scroll_into_view_if_needed()           # a chart below the first screen (Mercer's matrices) comes up first
    area = plot.bounding_box()
    y, w = area["y"] + area["height"] * 0.9, area["width"]
    start = page.evaluate(START, slider)
    press = area["x"] + 1 + (w - 2) * start / (n - 1)   # the drag maps the plot's width onto the range, from the
    # value now; a pixel inside its edges (at the very edge the press can land on Plotly's resize handle instead)
    return drag(page, (press, y), area["x"], area["x"] + w, y, n, sw)


def measure(browser, url, path):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    rows = []
    try:
        page.goto(f"{url}/{path}")
        settle(page)
        page.wait_for_function(READY, timeout=90000)
        for sw in page.evaluate(SWEEPS):
            for how in ("slider", "picture") if sw["drag"] else ("slider",):
                sw = next(o for o in page.evaluate(SWEEPS) if o["id"] == sw["id"])   # lazy now? its bytes now
                times, wait, size = drag_slider(page, sw) if how == "slider" else drag_picture(page, sw)
                settle(page)
                page.wait_for_function(READY, timeout=90000)
                rows.append((path, sw | {"bytes": size}, how, times, wait))
    finally:
        context.close()
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", nargs="*", default=PAGES, help="URL paths of sections with sweeps")
    args = ap.parse_args()
    rows = []
    with serve("app.py") as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        for path in args.pages:
            print(f"  measuring /{path} ...", flush=True)
            rows += measure(browser, server.url, path)
        browser.close()
    print("\nLive sweeps in Chromium: a scripted pointer drags each sweep across its range; frame interval = time "
          "between animation frames that drew a changed picture (ms); frames = drawn / values; payload = the "
          "component's data with its frames (KiB); cold = computing the frames and the payload for the default data, "
          "uncached (s); wait = press to the first frame drawn (ms), lazy: the sweep's frames were not in the browser "
          "when grabbed (it asked for them: one rerun)")
    print(f"{'section / sweep':<30} {'by':<8} {'frames':>8} {'median':>7} {'p90':>6} {'payload':>8} {'cold':>6} "
          f"{'wait':>6}")
    medians = []
    for path, sw, how, times, wait in rows:
        wait_s = (f"{'-':>6}" if wait is None else f"{wait:6.0f}") + (" lazy" if sw["lazy"] else "")
        gaps = intervals(times)
        cold = COLD.get(f"{path}:{sw['slider']}", COLD.get(sw["slider"]))
        cold_s = f"{cold():6.2f}" if cold else f"{'-':>6}"
        if not gaps:
            print(f"/{path} {sw['label']:<24} {how:<8} {len(times):>3}/{sw['n']:<4} {'-':>7} {'-':>6} "
                  f"{sw['bytes'] / 1024:>8.0f} {cold_s} {wait_s}  no frames drawn")
            medians.append((float("inf"), path, sw, how))
            continue
        med = statistics.median(gaps)
        p90 = statistics.quantiles(gaps, n=10, method="inclusive")[8] if len(gaps) > 1 else gaps[0]
        medians.append((med, path, sw, how))
        print(f"{'/' + path + ' ' + sw['label']:<30} {how:<8} {len(times):>3}/{sw['n']:<4} {med:>7.1f} {p90:>6.1f} "
              f"{sw['bytes'] / 1024:>8.0f} {cold_s} {wait_s}")
    if not medians:
        print("sweep: no sweep found")
        return
    worst = max(medians, key=lambda m: m[0])
    print(f"sweep: worst median frame interval {worst[0]:.0f} ms over {len(medians)} sweeps "
          f"(/{worst[1]} {worst[2]['label']} by {worst[3]}; target <= {TARGET_MS} ms)")
    lazy = [wait for _, sw, _, _, wait in rows if sw["lazy"] and wait is not None]
    if lazy:
        print(f"sweep: first-drag wait of a lazy sweep (press to first frame) median {statistics.median(lazy):.0f} ms, "
              f"worst {max(lazy):.0f} ms over {len(lazy)}")


if __name__ == "__main__":
    main()
