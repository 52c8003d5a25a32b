"""Slider-to-paint in Chromium: key press -> first frame with a re-drawn chart, per page (issue 9, target 2).

For bench/trivial_app.py (the framework floor: one slider, one tiny chart) and for every page of
app.py's navigation that has a chart: open it at default settings, focus the first slider of the main
area, press ArrowRight / ArrowLeft alternately and measure *in the page*: the time from the key
event (its timeStamp, the moment Chromium received the key) to the first requestAnimationFrame
callback in which some Plotly chart's data (`el._fullData`, summed as in tests/test_browser.py) has
changed. That frame is the one that paints the new chart. Two presses warm up (not counted), then
--repeat presses are timed. The trivial app is measured before and after the pages; the ratio is
to the median of both, in the same run. With --all-sliders every slider of the main area is measured,
and each is marked by what it reruns (learned from Streamlit's websocket protocol): only its
st.fragment (F), or the whole page (page: the kernel's γ at the top of a page feeds every section).

    .venv/bin/python -m bench.latency                  # every page, first slider, 10 presses each
    .venv/bin/python -m bench.latency --repeat 20 --pages svm kernels
    .venv/bin/python -m bench.latency --all-sliders --repeat 4
"""
import argparse
import random
import statistics

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from bench.load import Stats, Student, run_async
from bench.serve import TRIVIAL_APP, serve
from tests.app_pages import navigation
from tests.browser_env import ARGS, CHROMIUM

IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
CHARTS_READY = ("() => document.querySelectorAll('.js-plotly-plot').length > 0 && "
                "Array.from(document.querySelectorAll('.js-plotly-plot')).every(e => e._fullData)")
# Arms a measurement: remembers every chart's data, waits for the next keydown, then polls each
# animation frame. The full signature (sum of each trace's z or y) is only recomputed in frames where
# some chart's _fullData object was replaced (Plotly replaces it on every re-draw), so polling stays cheap.
ARM = """(timeoutMs) => {
  const plots = () => Array.from(document.querySelectorAll('.js-plotly-plot'));
  const signature = () => plots().map(el => (el._fullData || []).map(t => { let s = 0;
    const add = v => { if (typeof v === 'number') s += v;
      else if (v && typeof v.length === 'number' && typeof v !== 'string') for (const w of v) add(w); };
    add(t.z || t.y || []); return s.toFixed(6); }).join(',')).join('|');
  const before = signature();
  let refs = plots().map(el => el._fullData);
  window.__paint = new Promise(resolve => {
    let t0 = null, done = false;
    const finish = value => { if (!done) { done = true; resolve(value); } };
    const giveUp = setTimeout(() => finish(null), timeoutMs);
    const tick = () => {
      if (done) return;
      const now = plots().map(el => el._fullData);
      if (now.length !== refs.length || now.some((r, i) => r !== refs[i])) {
        refs = now;
        if (signature() !== before) { clearTimeout(giveUp); finish(performance.now() - t0); return; }
      }
      requestAnimationFrame(tick);
    };
    const onKey = e => {
      window.removeEventListener('keydown', onKey, true);
      const now = performance.now();
      t0 = e.timeStamp > 0 && e.timeStamp <= now ? e.timeStamp : now;
      requestAnimationFrame(tick);
    };
    window.addEventListener('keydown', onKey, true);
  });
}"""
TIMEOUT_MS = 30000


def settle(page):
    page.wait_for_selector(IDLE, timeout=90000)
    page.wait_for_timeout(300)
    page.wait_for_selector(IDLE, timeout=90000)


def press(page, slider, repeat, warmup=2):
    """Latencies in ms of `repeat` key presses on `slider` (after `warmup` presses), and the misses."""
    at_max = slider.get_attribute("aria-valuenow") == slider.get_attribute("aria-valuemax")
    keys = ["ArrowLeft", "ArrowRight"] if at_max else ["ArrowRight", "ArrowLeft"]
    times, misses = [], 0
    for i in range(warmup + repeat):
        slider.focus()
        page.evaluate(ARM, TIMEOUT_MS)
        page.keyboard.press(keys[i % 2])
        ms = page.evaluate("() => window.__paint")
        settle(page)
        if i >= warmup:
            if ms is None:
                misses += 1
            else:
                times.append(ms)
    return times, misses


def measure_page(browser, url, repeat, sliders=(0,)):
    """[(slider index, label, latencies in ms, note)] for the main-area sliders `sliders` (indices, or
    None for all); an empty list when the page has no chart or no slider."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    try:
        page.goto(url)
        settle(page)
        main = page.locator("[data-testid='stMain']")
        try:  # Plotly is loaded lazily: give the first chart time to appear
            main.locator(".js-plotly-plot").first.wait_for(timeout=15000)
        except PlaywrightTimeout:
            return []
        page.wait_for_function(CHARTS_READY, timeout=60000)
        count = main.get_by_role("slider").count()
        rows = []
        for i in range(count) if sliders is None else [i for i in sliders if i < count]:
            slider = main.get_by_role("slider").nth(i)
            label = slider.get_attribute("aria-label") or slider.get_attribute("aria-valuetext") or ""
            times, misses = press(page, slider, repeat)
            exceptions = page.locator("[data-testid='stException']").count()
            note = ", ".join(x for x in (f"{misses} presses without a re-draw" if misses else "",
                                          f"{exceptions} exceptions on the page" if exceptions else "") if x)
            rows.append((i, label, times, note))
        return rows
    finally:
        context.close()


def fragment_flags(app_url, url_path):
    """For the main-area sliders of a page, in order: True if moving it reruns only its st.fragment
    (learned over Streamlit's websocket protocol with bench.load's Student)."""
    async def learn():
        async with Student(app_url.replace("http", "ws", 1) + "/_stcore/stream", Stats(), random.Random(0)) as s:
            await s.open(url_path)
            return [bool(sl.fragment_id) for sl in s.main_sliders()]
    return run_async(learn())


def stats(times):
    times = sorted(times)
    p90 = statistics.quantiles(times, n=10, method="inclusive")[8] if len(times) > 1 else times[0]
    return statistics.median(times), p90


def row(name, times, note, base):
    if not times:
        return f"{name:<34} {'-':>3} {'-':>8} {'-':>8} {'-':>8}  {note or 'no re-draw'}"
    med, p90 = stats(times)
    return f"{name:<34} {len(times):>3} {med:>8.0f} {p90:>8.0f} {med / base:>8.2f}  {note}"


def main():
    ap = argparse.ArgumentParser(description="Slider-to-paint latency in Chromium, per page, against the trivial app")
    ap.add_argument("--repeat", type=int, default=10, help="timed key presses per slider")
    ap.add_argument("--pages", nargs="*", help="URL paths to measure (default: every page with a chart)")
    ap.add_argument("--all-sliders", action="store_true",
                    help="every slider of the main area, not only the first; marks which rerun only their fragment")
    args = ap.parse_args()

    pages = [u for _, u in navigation() if args.pages is None or u in args.pages]
    results = {}
    with sync_playwright() as pw, serve(TRIVIAL_APP) as trivial, serve("app.py") as app:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        floor = measure_page(browser, trivial.url, args.repeat)[0][2]
        for url_path in pages:
            print(f"  measuring /{url_path} ...", flush=True)
            try:
                flags = fragment_flags(app.url, url_path)
                rows = measure_page(browser, f"{app.url}/{url_path}", args.repeat, None if args.all_sliders else (0,))
                results[url_path] = [(i, label, times, note, flags[i] if i < len(flags) else None)
                                     for i, label, times, note in rows], ""
            except Exception as err:  # a page that breaks is reported, the others are still measured
                results[url_path] = [], f"failed: {type(err).__name__}: {str(err).splitlines()[0][:120]}"
        floor_after = measure_page(browser, trivial.url, args.repeat)[0][2]
        browser.close()
    if not floor or not floor_after:
        raise SystemExit("the trivial app did not re-draw its chart: no floor to compare with")

    base, base_p90 = stats(floor + floor_after)
    print(f"\nSlider-to-paint in Chromium (key event -> first frame with new chart data), {args.repeat} presses per "
          f"slider, ms; F = the slider reruns only its st.fragment, page = it reruns the whole page")
    print(f"{'page / slider':<34} {'n':>3} {'median':>8} {'p90':>8} {'x floor':>8}  notes")
    print(f"{'trivial app (floor)':<34} {len(floor) + len(floor_after):>3} {base:>8.0f} {base_p90:>8.0f} {1:>8.2f}  "
          f"before pages {statistics.median(floor):.0f}, after {statistics.median(floor_after):.0f}")
    summary = {True: [], False: []}
    for url_path, (rows, failed) in results.items():
        if not rows:
            print(row("/" + url_path, [], failed or "no chart or no slider", base))
            continue
        for _, label, times, note, in_fragment in rows:
            scope = {True: "F", False: "page", None: "?"}[in_fragment]
            print(row(f"/{url_path} [{scope}] {label[:18]}", times, note, base))
            if times and in_fragment is not None:
                summary[in_fragment].append(statistics.median(times) / base)
    for in_fragment, ratios in summary.items():
        if ratios:
            print(f"sliders that rerun {'only their fragment' if in_fragment else 'the whole page'}: {len(ratios)}, "
                  f"median {statistics.median(ratios):.2f}x floor, best {min(ratios):.2f}x, worst {max(ratios):.2f}x")
    print("issue 9 target: every page within 1.25x the floor")


if __name__ == "__main__":
    main()
