"""Slider-to-paint in Chromium: key press -> first frame with a re-drawn chart, every slider of every section
(issue 20's first target).

For bench/trivial_app.py (the framework floor: one slider, one tiny chart) and for every slider of the main area of
every section of app.py's navigation (tests.app_pages.navigation(): whatever sections TOPICS lists, or the legacy
one-page topics): open the section at default settings, focus the slider, press ArrowRight / ArrowLeft alternately
and measure *in the page*: the time from the key event (its timeStamp, the moment Chromium received the key) to the
first requestAnimationFrame callback in which some Plotly chart's data has changed. That frame is the one that
paints the new chart. --warmup presses (not counted), then --repeat presses are timed. The trivial app is measured
before and after the sections; the ratios are to the median of both, in the same run.

Before a section is opened in Chromium, bench.charts.survey moves each of its sliders once over Streamlit's websocket
protocol: what it reruns (F = only its st.fragment, page = the whole section), the elements and bytes it re-sends,
and the figures of the charts it changes, before and after. Those figures are drawn with Plotly.newPlot (what
st.plotly_chart does on a data change) on a bare page with plotly.js in the same browser, at the sizes the section
gives them: that is the slider's "draw" time. Two ratios per slider (issue 20's targets):
slider-to-paint / trivial app (<= 2.0x) and slider-to-paint / (trivial app + draw) (<= 1.25x); the worst of each
are the last two lines. A slider whose move changes no chart is listed, not timed.

    .venv/bin/python -m bench.latency                          # every slider of every section, 3 presses each
    .venv/bin/python -m bench.latency --topics svm --repeat 5
    .venv/bin/python -m bench.latency --pages svm kernels-gram --first-slider
"""
import argparse
import statistics
from dataclasses import dataclass, field

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from bench.charts import CHART_SIZES, BarePlotly, Move, sizes_for, slider_selector, survey
from bench.serve import TRIVIAL_APP, serve
from pages import TOPICS
from pages import url_path as section_url
from tests.app_pages import navigation
from tests.browser_env import ARGS, CHROMIUM

IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
CHARTS_READY = ("() => document.querySelectorAll('.js-plotly-plot').length > 0 && "
                "Array.from(document.querySelectorAll('.js-plotly-plot')).every(e => e._fullData)")
# Arms a measurement: remembers every chart's data, waits for the next keydown, then polls each animation
# frame. The signature (per trace: sums of x, y, z, r, theta, values, marker colours and text; per chart: the
# layout's shapes, annotations and title) is only recomputed in frames where some chart's _fullData object was
# replaced (Plotly replaces it on every re-draw), so polling stays cheap; the time is taken at the start of the
# frame's callback, before the signature.
ARM = """(timeoutMs) => {
  const plots = () => Array.from(document.querySelectorAll('.js-plotly-plot'));
  const add = (acc, v) => { if (typeof v === 'number') acc.s += v;
    else if (typeof v === 'string') { for (let i = 0; i < v.length; i++) acc.s += v.charCodeAt(i) * (i + 1) * 1e-3; }
    else if (v && typeof v.length === 'number') for (const w of v) add(acc, w); return acc; };
  const sum = v => add({s: 0}, v).s.toFixed(6);
  const trace = t => [t.x, t.y, t.z, t.r, t.theta, t.values, t.marker && t.marker.color, t.text].map(sum).join(':');
  const layout = L => JSON.stringify([(L.shapes || []).map(s => [s.x0, s.x1, s.y0, s.y1]),
    (L.annotations || []).map(a => [a.text, a.x, a.y]), L.title && L.title.text]);
  const signature = () => plots().map(el => (el._fullData || []).map(trace).join(',') + '#' +
    layout(el.layout || {})).join('|');
  const before = signature();
  let refs = plots().map(el => el._fullData);
  window.__paint = new Promise(resolve => {
    let t0 = null, done = false;
    const finish = value => { if (!done) { done = true; resolve(value); } };
    const giveUp = setTimeout(() => finish(null), timeoutMs);
    const tick = () => {
      if (done) return;
      const t = performance.now(), now = plots().map(el => el._fullData);
      if (now.length !== refs.length || now.some((r, i) => r !== refs[i])) {
        refs = now;
        if (signature() !== before) { clearTimeout(giveUp); finish(t - t0); return; }
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
TIMEOUT_MS = 20000
MAX_TRIVIAL, MAX_DRAWN = 2.0, 1.25  # issue 20: x the trivial app, x (the trivial app + drawing the changed charts)


def settle(page):
    page.wait_for_selector(IDLE, timeout=90000)
    page.wait_for_timeout(300)
    page.wait_for_selector(IDLE, timeout=90000)


def press(page, slider, repeat, warmup=2):
    """Latencies in ms of `repeat` key presses on `slider` (after `warmup` presses), and the misses. A slider that
    misses its first two presses is given up (its move changes nothing the signature sees)."""
    at_max = slider.evaluate("e => e.value !== undefined && e.max !== undefined && e.value === e.max")
    keys = ["ArrowLeft", "ArrowRight"] if at_max else ["ArrowRight", "ArrowLeft"]
    times, misses = [], 0
    for i in range(warmup + repeat):
        slider.focus()
        page.evaluate(ARM, TIMEOUT_MS)
        page.keyboard.press(keys[i % 2])
        ms = page.evaluate("() => window.__paint")
        settle(page)
        if ms is None:
            misses += 1
            if i == 1 and misses == 2:
                return times, misses + warmup + repeat - 2
        elif i >= warmup:
            times.append(ms)
    return times, misses


def open_page(browser, url):
    """(context, page) at `url` with its charts drawn, or (context, None) when it shows no chart."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.goto(url)
    settle(page)
    try:  # Plotly is loaded lazily: give the first chart time to appear
        page.locator("[data-testid='stMain'] .js-plotly-plot").first.wait_for(timeout=15000)
    except PlaywrightTimeout:
        return context, None
    page.wait_for_function(CHARTS_READY, timeout=60000)
    return context, page


def note(page, misses):
    exceptions = page.locator("[data-testid='stException']").count()
    return ", ".join(x for x in (f"{misses} presses without a re-draw" if misses else "",
                                 f"{exceptions} exceptions on the page" if exceptions else "") if x)


def measure_page(browser, url, repeat, sliders=(0,), warmup=2):
    """[(slider index, label, latencies in ms, note)] for the main-area sliders `sliders` (indices, or None for
    all); an empty list when the page has no chart or no slider. (The trivial app's floor, bench.limits' K apps.)"""
    context, page = open_page(browser, url)
    try:
        if page is None:
            return []
        main = page.locator("[data-testid='stMain']")
        count = main.get_by_role("slider").count()
        rows = []
        for i in range(count) if sliders is None else [i for i in sliders if i < count]:
            slider = main.get_by_role("slider").nth(i)
            label = slider.get_attribute("aria-label") or slider.get_attribute("aria-valuetext") or ""
            times, misses = press(page, slider, repeat, warmup)
            rows.append((i, label, times, note(page, misses)))
        return rows
    finally:
        context.close()


@dataclass
class Row:
    url_path: str
    move: Move | None        # what the slider's move sends (bench.charts.survey)
    times: list = field(default_factory=list)  # slider-to-paint, ms
    draw: float = 0.0        # newPlot of the charts the move changed, on the bare page, ms
    note: str = ""

    @property
    def name(self):
        return f"/{self.url_path} {self.move.label}" if self.move else f"/{self.url_path}"


def measure_section(browser, bare, app_url, url_path, repeat, warmup, first_only):
    """[Row] for every slider of the section's main area (the first only with `first_only`)."""
    found = survey(app_url, url_path)
    moves = found.moves[:1] if first_only else found.moves
    errors = f"{len(found.errors)} errors over the websocket, e.g. {found.errors[0][:100]}" if found.errors else ""
    if not moves:
        return [Row(url_path, None, note=errors or "no slider in the main area")]
    context, page = open_page(browser, f"{app_url}/{url_path}")
    try:
        if page is None:
            return [Row(url_path, m, note="no chart on the page") for m in moves]
        sizes = page.evaluate(CHART_SIZES)
        main = page.locator("[data-testid='stMain']")
        rows = []
        for i, move in enumerate(moves):
            if not move.pairs:
                rows.append(Row(url_path, move, note="its move changes no chart"))
                continue
            slider = page.locator(slider_selector(move.key)) if move.key else main.get_by_role("slider").nth(i)
            if slider.count() != 1:
                rows.append(Row(url_path, move, note=f"slider not found in the browser (key {move.key!r})"))
                continue
            times, misses = press(page, slider.first, repeat, warmup)
            rows.append(Row(url_path, move, times, bare.median(move.pairs, "new", 4, sizes_for(found, move, sizes)),
                            note(page, misses)))
        if errors:
            rows[-1].note = ", ".join(x for x in (rows[-1].note, errors) if x)
        return rows
    finally:
        context.close()


def stats(times):
    times = sorted(times)
    p90 = statistics.quantiles(times, n=10, method="inclusive")[8] if len(times) > 1 else times[0]
    return statistics.median(times), p90


def chosen_pages(pages=None, topics=None):
    """URL paths of the sections to measure: every section of the navigation (Home has no slider), or those
    named in `pages`, or the sections of the topics named in `topics`."""
    urls = [u for _, u in navigation() if u]
    if topics:
        wanted = {section_url(t, s) for t in TOPICS if t.slug in topics for s in t.sections}
        urls = [u for u in urls if u in wanted]
    return [u for u in urls if pages is None or u in pages]


def main():
    ap = argparse.ArgumentParser(description="Slider-to-paint in Chromium, every slider of every section, against the "
                                 "trivial app and against the trivial app + drawing the charts the slider changes")
    ap.add_argument("--repeat", type=int, default=3, help="timed key presses per slider")
    ap.add_argument("--warmup", type=int, default=1, help="key presses per slider before the timed ones")
    ap.add_argument("--floor-repeat", type=int, default=10, help="timed key presses of the trivial app, before and after")
    ap.add_argument("--pages", nargs="*", help="URL paths to measure (default: every section)")
    ap.add_argument("--topics", nargs="*", help="measure the sections of these topics (svm, kernels, ...)")
    ap.add_argument("--first-slider", action="store_true", help="only the first slider of each section's main area")
    args = ap.parse_args()

    pages = chosen_pages(args.pages, args.topics)
    rows = []
    with sync_playwright() as pw, serve(TRIVIAL_APP) as trivial, serve("app.py") as app:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        floor = measure_page(browser, trivial.url, args.floor_repeat)[0][2]
        with BarePlotly(browser) as bare:
            for url_path in pages:
                print(f"  measuring /{url_path} ...", flush=True)
                try:
                    rows += measure_section(browser, bare, app.url, url_path, args.repeat, args.warmup,
                                            args.first_slider)
                except Exception as err:  # a section that breaks is reported, the others are still measured
                    rows.append(Row(url_path, None, note=f"failed: {type(err).__name__}: "
                                                         f"{str(err).splitlines()[0][:120]}"))
        floor_after = measure_page(browser, trivial.url, args.floor_repeat)[0][2]
        browser.close()
    if not floor or not floor_after:
        raise SystemExit("the trivial app did not re-draw its chart: no floor to compare with")
    report(rows, floor, floor_after, args.repeat)


def report(rows, floor, floor_after, repeat):
    base, base_p90 = stats(floor + floor_after)
    print(f"\nSlider-to-paint in Chromium (key event -> first frame with new chart data), {repeat} presses per slider, "
          "ms; reruns: F = only the slider's st.fragment, page = the whole section; elements / KiB: what the move "
          "re-sends; draw: Plotly.newPlot of the charts it changed on a bare page (ms)")
    print(f"{'section / slider':<46} {'reruns':>6} {'elem':>5} {'KiB':>6} {'charts':>6} {'n':>2} {'median':>7} "
          f"{'p90':>6} {'x trivial':>9} {'draw':>6} {'x triv+draw':>11}  notes")
    print(f"{'trivial app':<46} {'page':>6} {'':>5} {'':>6} {1:>6} {len(floor) + len(floor_after):>2} {base:>7.0f} "
          f"{base_p90:>6.0f} {1:>9.2f} {'':>6} {'':>11}  before sections {statistics.median(floor):.0f}, "
          f"after {statistics.median(floor_after):.0f}")
    ratios = []  # (x trivial, x trivial + draw, row)
    for r in rows:
        m = r.move
        sent = (f"{'F' if m.fragment else 'page':>6} {m.deltas:>5} {m.bytes / 1024:>6.1f} {len(m.pairs):>6}" if m
                else f"{'':>6} {'':>5} {'':>6} {'':>6}")
        if not r.times:
            print(f"{r.name[:46]:<46} {sent} {0:>2} {'-':>7} {'-':>6} {'-':>9} {'-':>6} {'-':>11}  "
                  f"{r.note or 'no re-draw'}")
            continue
        med, p90 = stats(r.times)
        ratios.append((med / base, med / (base + r.draw), r))
        print(f"{r.name[:46]:<46} {sent} {len(r.times):>2} {med:>7.0f} {p90:>6.0f} {med / base:>9.2f} {r.draw:>6.0f} "
              f"{med / (base + r.draw):>11.2f}  {r.note}")
    for in_fragment in (False, True):
        some = [x for x, _, r in ratios if r.move.fragment == in_fragment]
        if some:
            print(f"sliders that rerun {'only their fragment' if in_fragment else 'the whole section'}: {len(some)}, "
                  f"median {statistics.median(some):.2f}x trivial, best {min(some):.2f}x, worst {max(some):.2f}x")
    if not ratios:
        print("latency: no slider re-drew a chart")
        return
    for i, (what, target) in enumerate((("trivial", MAX_TRIVIAL), ("trivial+draw", MAX_DRAWN))):
        worst = max(ratios, key=lambda x: x[i])
        over = sum(x[i] > target for x in ratios)
        print(f"latency: worst ratio to {what} {worst[i]:.2f}x ({worst[2].name}); {over} of {len(ratios)} sliders over "
              f"the target <= {target}x")


if __name__ == "__main__":
    main()
