"""What a slider move costs in the browser apart from the app's own work (issue 9, target 2), in one run.

bench.latency measures the whole slider-to-paint time of every page. This bench splits off what the app
cannot change, to show how close to the trivial app a page can get at all:

1. **Streamlit's cost per element.** Every element a rerun sends is one delta message, and the browser
   renders the app again for each. bench/delta_app.py is the trivial app plus K captions that change
   with the slider. Slider-to-paint (bench.latency's measurement) for K = 0 ... 150 gives the cost per
   element in ms (least-squares slope).
2. **How many elements each slider sends.** Every slider of the main area of each page is moved over
   Streamlit's websocket protocol (bench.load's Student). The count of delta messages gives a bound
   before any chart is drawn: floor + slope x (its deltas - the trivial app's), as a multiple of the floor.
3. **Plotly.react instead of a new plot.** st.plotly_chart re-creates a chart whose data changed: a
   new node and Plotly.newPlot. A custom chart component could keep the node and call Plotly.react.
   For the charts that a page's first slider changes (the figure JSON before and after, as the server
   sends it), Chromium draws them again both ways, alternately, on a bare page with plotly.js.

    .venv/bin/python -m bench.limits                       # ~10 min
    .venv/bin/python -m bench.limits --pages svm --repeat 6
"""
import argparse
import functools
import http.server
import json
import random
import shutil
import statistics
import tempfile
import threading
from pathlib import Path

import numpy as np
import plotly
from playwright.sync_api import sync_playwright

from bench.latency import measure_page
from bench.load import Stats, Student, run_async
from bench.serve import serve
from tests.app_pages import navigation
from tests.browser_env import ARGS, CHROMIUM

DELTA_APP = "bench/delta_app.py"
KS = (0, 15, 50, 150)
PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
# Draws each chart's "before" figure, then times `reps` re-draws alternating after / before, all the
# changed charts of one slider move per re-draw, up to the next frame: mode "new" purges the chart and
# calls Plotly.newPlot on a new node, mode "react" calls Plotly.react on the same one.
DRAW = """async ([pairs, mode, reps]) => {
  const root = document.body, frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const node = fig => { const e = document.createElement('div');
    e.style.width = (fig.layout.width || 700) + 'px'; e.style.height = (fig.layout.height || 450) + 'px'; return e; };
  const copy = fig => JSON.parse(JSON.stringify(fig));
  const divs = [];
  for (const [a] of pairs) { const e = node(a); root.appendChild(e); divs.push(e);
    await Plotly.newPlot(e, copy(a).data, copy(a).layout, {displayModeBar: false}); }
  const times = [];
  for (let r = 0; r < reps; r++) {
    const figs = pairs.map(p => copy(p[r % 2 ? 0 : 1]));
    await frame();
    const t0 = performance.now();
    for (const [i, fig] of figs.entries()) {
      if (mode === 'new') {
        Plotly.purge(divs[i]); const e = node(fig); root.replaceChild(e, divs[i]); divs[i] = e;
        await Plotly.newPlot(e, fig.data, fig.layout, {displayModeBar: false});
      } else await Plotly.react(divs[i], fig.data, fig.layout, {displayModeBar: false});
    }
    await frame();
    times.push(performance.now() - t0);
  }
  divs.forEach(e => { Plotly.purge(e); e.remove(); });
  return times;
}"""


async def survey(app_url, url_path):
    """(sliders, pairs) of a page: [(label, reruns only its fragment, deltas one move sends)] for every
    slider of the main area, and [(figure before, figure after)] of the charts the first slider changes."""
    async with Student(app_url.replace("http", "ws", 1) + "/_stcore/stream", Stats(), random.Random(0)) as s:
        await s.open(url_path)
        rows, pairs = [], []
        for i, slider in enumerate(s.main_sliders()):
            before = dict(s.charts)
            if await s.move(slider, +1) is None:
                continue
            rows.append((slider.label, bool(slider.fragment_id), s.deltas))
            if i == 0:
                pairs = [(json.loads(before[p]), json.loads(spec)) for p, spec in s.charts.items()
                         if p in before and before[p] != spec]
        return rows, pairs


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def static_page():
    """Serve a folder with plotly.min.js and an empty page on a free port: (url, folder, server)."""
    folder = Path(tempfile.mkdtemp(prefix="bench-limits-"))
    shutil.copy(PLOTLY_JS, folder / "plotly.min.js")
    (folder / "index.html").write_text('<!doctype html><html><body><script src="plotly.min.js"></script></body></html>')
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/index.html", folder, server


def main():
    ap = argparse.ArgumentParser(description="Streamlit's cost per element and Plotly.react vs newPlot, in Chromium")
    ap.add_argument("--repeat", type=int, default=10, help="timed key presses per K, re-draws per mode")
    ap.add_argument("--pages", nargs="*", help="URL paths to survey (default: every page)")
    args = ap.parse_args()
    pages = [u for _, u in navigation() if u and (args.pages is None or u in args.pages)]

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        # 1. cost per element, K interleaved over two rounds
        times = {k: [] for k in KS}
        with serve(DELTA_APP) as app:
            base_deltas = run_async(survey(app.url, ""))[0][0][2]  # k = 0: the trivial app
            for _ in range(2):
                for k in KS:
                    times[k] += measure_page(browser, f"{app.url}/?k={k}", args.repeat)[0][2]
        medians = {k: statistics.median(t) for k, t in times.items()}
        slope, _ = np.polyfit(list(KS), [medians[k] for k in KS], 1)
        floor = medians[0]

        # 2 and 3. the pages' sliders, and their charts re-drawn both ways
        url, folder, static = static_page()
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(url)
        page.wait_for_function("() => window.Plotly !== undefined")
        surveyed, drawn = {}, {}
        with serve("app.py") as app:
            for url_path in pages:
                print(f"  surveying /{url_path} ...", flush=True)
                rows, pairs = run_async(survey(app.url, url_path))
                surveyed[url_path] = rows
                if pairs:
                    got = {"new": [], "react": []}
                    for _ in range(2):
                        for mode in got:
                            got[mode] += page.evaluate(DRAW, [pairs, mode, args.repeat])
                    drawn[url_path] = len(pairs), {m: statistics.median(t) for m, t in got.items()}
        static.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
        browser.close()
    report(medians, slope, floor, base_deltas, surveyed, drawn)


def report(medians, slope, floor, base_deltas, surveyed, drawn):
    print("\n1. Streamlit's cost per element: the trivial app plus K captions that change with the slider "
          "(slider-to-paint in Chromium, ms)")
    for k, m in medians.items():
        print(f"   K = {k:>3}: {m:6.0f} ms  {m / floor:5.2f}x the trivial app")
    print(f"   slope: {slope:.2f} ms per element; the trivial app sends {base_deltas} deltas per move")
    print("\n2. Deltas per slider move, and the bound they set before any chart is drawn: "
          "(floor + slope x extra deltas) / floor")
    print(f"   {'page / slider':<44} {'reruns':>7} {'deltas':>7} {'bound':>7}")
    for url_path, rows in surveyed.items():
        for label, fragment, deltas in rows:
            bound = (floor + slope * max(0, deltas - base_deltas)) / floor
            print(f"   {('/' + url_path + ' ' + label)[:44]:<44} {'F' if fragment else 'page':>7} {deltas:>7} "
                  f"{bound:>6.2f}x")
    print("\n3. Re-drawing the charts one move of the page's first slider changes (plotly.js on a bare page, ms)")
    print("   and the bound with them: (floor + slope x extra deltas + their newPlot time) / floor")
    print(f"   {'page':<16} {'charts':>6} {'newPlot':>9} {'react':>9} {'react/new':>10} {'bound':>7}")
    for url_path, (n, t) in drawn.items():
        deltas = surveyed[url_path][0][2]
        bound = (floor + slope * max(0, deltas - base_deltas) + t["new"]) / floor
        print(f"   {'/' + url_path:<16} {n:>6} {t['new']:>9.0f} {t['react']:>9.0f} {t['react'] / t['new']:>10.2f} "
              f"{bound:>6.2f}x")
    print("issue 9 target 2: every page within 1.25x the trivial app")


if __name__ == "__main__":
    main()
