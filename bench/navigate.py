"""Moving to a section until every chart is drawn, and the app's cold first load, in Chromium (issue 20).

1. **Moving to a section.** Walks the path of the navigation (tests.app_pages.navigation(): Home, then every
   section of TOPICS, or the legacy one-page topics) the way a student does: on each section it clicks the Next
   link at its end (`.st-key-nav_next a`; from Home, Home's link to the first topic; where there is no Next link to
   the target, any link of the page to it, e.g. the navigation's). The clock runs *in the page*, from just before
   the click to the first animation frame in which the app has run the new section (the script ran and is idle, the
   address is the section's, no stale element is left) and Plotly has drawn every chart of its main area (at least
   as many as the server sends on opening it, counted over the websocket). One walk warms up (not counted), then
   --repeat walks are timed; the median per section is printed with the target (<= 1.5 s) and the worst last.
   With --pages, each chosen section is reached from the section before it (opened first, not timed).
2. **The cold first load.** A freshly started server, a new browser context (empty cache): from the start of the
   navigation to --cold-page's first frame with every chart drawn, with the bytes the browser downloaded and the
   plotly.js chunk's share of them (Streamlit's lazily loaded PlotlyChart chunk). The same first load on the warm
   server (a new context again) is printed next to it.

    .venv/bin/python -m bench.navigate                           # every section, median of 5, and the cold load
    .venv/bin/python -m bench.navigate --pages svm svm-gauss-laplace --repeat 3
    .venv/bin/python -m bench.navigate --cold-only --cold-page kernels
"""
import argparse
import contextlib
import statistics

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from bench.charts import survey
from bench.latency import chosen_pages
from bench.serve import serve
from tests.app_pages import navigation
from tests.browser_env import ARGS, CHROMIUM

TARGET_S = 1.5  # issue 20: moving to a section until every chart is drawn, median of 5
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
# The section at `path` is on the screen: its run ended, no element of the previous run is left, and every chart
# of the main area (at least `expected`) has been drawn by Plotly since CLICK marked the charts of the page before
# (el.__before: their data then; unmarked charts count as new).
SHOWN = """(path, expected) => {
  const app = document.querySelector("[data-testid='stApp']");
  if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return null;
  if (location.pathname.replace(/\\/+$/, '') !== path) return null;
  if (document.querySelector("[data-testid='stMain'] [data-stale='true']")) return null;
  const boxes = Array.from(document.querySelectorAll("[data-testid='stMain'] [data-testid='stPlotlyChart']"));
  if (boxes.length < expected) return null;
  return boxes.every(b => { const p = b.querySelector('.js-plotly-plot');
    return p && p._fullData && p._fullLayout && p._fullData !== p.__before; }) ? boxes.length : null;
}"""
# Clicks the link to `path` (the Next link when it leads there, else any link of the page to it) and resolves
# window.__nav with {ms, charts, via} at the first frame in which SHOWN holds after the new section's run began to
# show: the app was seen running (a fast run may never render that state), or the main area changed and every chart
# in it was drawn after the click.
# a link's path, without a trailing slash (null for an address the page cannot read)
PATH_OF = """a => { try { return new URL(a.href, location.href).pathname.replace(/\\/+$/, ''); } catch (e) { return null; } }"""
HAS_LINK = """(path) => { const to = """ + PATH_OF + """;
  return Array.from(document.querySelectorAll('a[href]')).some(a => to(a) === path); }"""
CLICK = """([path, expected, timeoutMs]) => {
  const shown = """ + SHOWN + """;
  const to = """ + PATH_OF + """;
  const next = document.querySelector('.st-key-nav_next a[href]');
  const any = Array.from(document.querySelectorAll('a[href]')).find(a => to(a) === path);
  const link = next && to(next) === path ? next : any;
  if (!link) return null;
  const via = link === next ? 'Next' : 'link';
  const app = document.querySelector("[data-testid='stApp']");
  const state = () => { const boxes = document.querySelectorAll("[data-testid='stMain'] [data-testid='stPlotlyChart']");
    return `ran ${ran}, changed ${changed}, script ${app.getAttribute('data-test-script-state')}, at ${location.pathname}, ` +
      `${document.querySelectorAll("[data-testid='stMain'] [data-stale='true']").length} stale, ${boxes.length} charts ` +
      `(${Array.from(boxes).filter(b => { const p = b.querySelector('.js-plotly-plot'); return p && p._fullLayout; }).length}` +
      ` drawn, ${expected} expected)`; };
  let ran = false, changed = false;
  const main = document.querySelector("[data-testid='stMain']");
  main.querySelectorAll('.js-plotly-plot').forEach(el => { el.__before = el._fullData; });
  const edits = new MutationObserver(() => { if (location.pathname.replace(/\\/+$/, '') === path) changed = true; });
  edits.observe(main, {childList: true, subtree: true});
  // a short run can go running -> notRunning within one task: the records' old values still show it
  const seen = records => { if (app.getAttribute('data-test-script-state') === 'running' ||
    (records || []).some(r => r.oldValue === 'running')) ran = true; };
  const watch = new MutationObserver(seen);
  watch.observe(app, {attributes: true, attributeFilter: ['data-test-script-state'], attributeOldValue: true});
  window.__nav = new Promise(resolve => {
    const stop = value => { watch.disconnect(); edits.disconnect(); resolve(value); };
    const giveUp = setTimeout(() => stop({ms: null, charts: 0, via, state: state()}), timeoutMs);
    const tick = () => {
      const t = performance.now();
      seen(watch.takeRecords());
      const charts = ran || changed ? shown(path, expected) : null;
      if (charts !== null) { clearTimeout(giveUp); stop({ms: t - t0, charts, via}); return; }
      requestAnimationFrame(tick);
    };
    const t0 = performance.now();
    link.click();
    requestAnimationFrame(tick);
  });
  return via;
}"""
# Installed before the app's own scripts on a first load: the time since the navigation started (performance.now())
# of the first frame in which SHOWN holds.
FIRST_LOAD = """(() => { const [path, expected] = __ARGS__;
  const shown = """ + SHOWN + """;
  const tick = () => { const t = performance.now();
    let charts = null;
    try { charts = shown(path, expected); } catch (e) {}
    if (charts !== null && charts >= Math.max(expected, 1)) { window.__loaded = {ms: t, charts}; return; }
    requestAnimationFrame(tick); };
  requestAnimationFrame(tick); })();"""
TIMEOUT_MS = 30000


def settle(page, url_path, expected):
    page.wait_for_selector(IDLE, timeout=90000)
    page.wait_for_function(f"([path, expected]) => ({SHOWN})(path, expected) !== null",
                           arg=["/" + url_path if url_path else "", expected], timeout=90000, polling="raf")


def expected_charts(app_url, url_path):
    """Charts of the main area the server sends on opening the section (over the websocket, no slider moved)."""
    return len(survey(app_url, url_path, move=False).charts)


def walk(page, app_url, targets, order, expected):
    """One walk: {url_path: (seconds or None, charts, via)} of moving to each target from the page before it."""
    got = {}
    here = None
    for target in targets:
        before = order[order.index(target) - 1]
        if here != before:  # not timed: open the section before the target
            page.goto(f"{app_url}/{before}")
            settle(page, before, expected.get(before, 0))
        with contextlib.suppress(PlaywrightTimeout):   # a page with no chart (Home) settles before its links are drawn
            page.wait_for_function(HAS_LINK, arg="/" + target, timeout=10000)
        via = page.evaluate(CLICK, ["/" + target, expected[target], TIMEOUT_MS])
        if via is None:
            got[target] = (None, 0, f"no link to /{target} on /{before}")
            here = before
            continue
        r = page.evaluate("() => window.__nav")
        got[target] = (r["ms"] / 1000 if r["ms"] is not None else None, r["charts"],
                       r["via"] if r["ms"] is not None else f"not shown within {TIMEOUT_MS / 1000:.0f} s: {r['state']}")
        here = target
        if r["ms"] is None:  # start the next one from a clean page
            here = None
    return got


def first_load(browser, app_url, url_path, expected):
    """(seconds until every chart is drawn or None, charts, {url: (bytes transferred, bytes decoded)})."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.add_init_script(FIRST_LOAD.replace("__ARGS__", repr(["/" + url_path if url_path else "", expected])))
    page = context.new_page()
    responses = []
    page.on("response", lambda r: responses.append(r))
    try:
        page.goto(f"{app_url}/{url_path}")
        page.wait_for_function("() => window.__loaded", timeout=TIMEOUT_MS)
        loaded = page.evaluate("() => window.__loaded")
        sizes = {}
        for r in responses:
            try:
                body = len(r.body())
                sent = r.request.sizes()["responseBodySize"]
            except Exception:  # a redirect or a websocket has no body
                continue
            sizes[r.url] = (sent if sent > 0 else body, body)
        return loaded["ms"] / 1000, loaded["charts"], sizes
    finally:
        context.close()


def main():
    ap = argparse.ArgumentParser(description="Moving to a section until every chart is drawn, and the cold first load")
    ap.add_argument("--repeat", type=int, default=5, help="timed walks (the median per section is reported)")
    ap.add_argument("--pages", nargs="*", help="URL paths of the sections to move to (default: every section)")
    ap.add_argument("--topics", nargs="*", help="move to the sections of these topics (svm, kernels, ...)")
    ap.add_argument("--cold-page", default="svm", help="URL path opened on a freshly started server")
    ap.add_argument("--cold-only", action="store_true", help="only the cold first load")
    args = ap.parse_args()

    order = [u for _, u in navigation()]  # Home ("") first
    targets = [] if args.cold_only else chosen_pages(args.pages, args.topics)
    times = {t: [] for t in targets}
    notes = {t: set() for t in targets}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        with serve("app.py") as app:
            cold_charts = expected_charts(app.url, args.cold_page)
            expected = {u: expected_charts(app.url, u) for u in {*targets, *(order[order.index(t) - 1] for t in targets)}}
            if targets:
                context = browser.new_context(viewport={"width": 1400, "height": 1000})
                page = context.new_page()
                for i in range(args.repeat + 1):
                    print(f"  walk {i + 1} of {args.repeat + 1}{' (warm-up)' if i == 0 else ''} ...", flush=True)
                    for target, (s, charts, via) in walk(page, app.url, targets, order, expected).items():
                        if i and s is not None:
                            times[target].append(s)
                        if i:
                            notes[target].add(f"{via}, {charts} charts" if s is not None else via)
                context.close()
            warm = first_load(browser, app.url, args.cold_page, cold_charts)
        with serve("app.py") as fresh:  # a freshly started server: nothing imported, nothing cached
            cold = first_load(browser, fresh.url, args.cold_page, cold_charts)
        browser.close()
    report(times, notes, args.repeat, args.cold_page, cold, warm)


def report(times, notes, repeat, cold_page, cold, warm):
    if times:
        print(f"\nMoving to a section (a click on the link to it -> every chart of its main area drawn), "
              f"median of {repeat}, s (issue 20 target <= {TARGET_S} s)")
        print(f"{'section':<40} {'n':>2} {'median':>7} {'min':>6} {'max':>6}  how")
        for target, ts in times.items():
            how = "; ".join(sorted(notes[target]))
            if ts:
                print(f"{'/' + target:<40} {len(ts):>2} {statistics.median(ts):>7.2f} {min(ts):>6.2f} {max(ts):>6.2f}  "
                      f"{how}{'  > target' if statistics.median(ts) > TARGET_S else ''}")
            else:
                print(f"{'/' + target:<40} {0:>2} {'-':>7} {'-':>6} {'-':>6}  {how}")
    print(f"\nFirst load of /{cold_page} (new browser context, empty cache) until every chart is drawn")
    for name, (s, charts, sizes) in (("fresh server (cold)", cold), ("warm server", warm)):
        sent = sum(a for a, _ in sizes.values())
        plotly = [(a, b) for url, (a, b) in sizes.items() if "PlotlyChart" in url]
        print(f"  {name:<20} {s:6.2f} s, {charts} charts; {len(sizes)} responses, {sent / 2**20:.2f} MiB transferred, "
              f"plotly.js chunk {sum(a for a, _ in plotly) / 2**20:.2f} MiB transferred "
              f"({sum(b for _, b in plotly) / 2**20:.2f} MiB decoded)")
    measured = [(statistics.median(ts), t) for t, ts in times.items() if ts]
    missing = [t for t, ts in times.items() if not ts]
    print(f"navigate: cold first load of /{cold_page} {cold[0]:.2f} s (fresh server), {warm[0]:.2f} s (warm server); "
          f"plotly.js {sum(b for url, (_, b) in cold[2].items() if 'PlotlyChart' in url) / 1e6:.1f} MB")
    if measured:
        worst = max(measured)
        over = sum(m > TARGET_S for m, _ in measured)
        print(f"navigate: worst move to a section {worst[0]:.2f} s (/{worst[1]}), median of {repeat}; {over} of "
              f"{len(measured)} sections over the target <= {TARGET_S} s" +
              (f"; not measured: {', '.join('/' + t for t in missing)}" if missing else ""))


if __name__ == "__main__":
    main()
