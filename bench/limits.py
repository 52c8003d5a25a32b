"""What a slider move costs in the browser apart from the app's own work (issue 9, target 2), in one run.

bench.latency measures the whole slider-to-paint time of every page. This bench splits off what the app
cannot change, to show how close to the trivial app a page can get at all:

1. **Streamlit's cost per element.** Every element a rerun sends is one delta message, and the browser
   renders the app again for each. bench/delta_app.py is the trivial app plus K captions that change
   with the slider. Slider-to-paint (bench.latency's measurement) for K = 0 ... 150 gives the cost per
   element in ms (least-squares slope).
2. **How many elements and bytes each slider sends** (issue 20: <= 40 elements, <= 100 KiB per rerun).
   Every slider of the main area of every section is moved one step over Streamlit's websocket protocol
   (bench.charts.survey). The count of delta messages also gives a bound before any chart is drawn:
   floor + slope x (its deltas - the trivial app's), as a multiple of the floor. The two worst sliders
   (elements, bytes) are the last lines. Part 2 needs no browser: `--parts 2` runs it alone in a minute.
3. **Plotly.react instead of a new plot.** st.plotly_chart re-creates a chart whose data changed: a
   new node and Plotly.newPlot. A custom chart component could keep the node and call Plotly.react.
   For the charts that a page's first slider changes (the figure JSON before and after, as the server
   sends it), Chromium draws them again both ways, alternately, on a bare page with plotly.js.

    .venv/bin/python -m bench.limits                       # ~10 min
    .venv/bin/python -m bench.limits --parts 2             # elements and bytes of every slider, no browser
    .venv/bin/python -m bench.limits --pages svm --repeat 6
"""
import argparse
import statistics

import numpy as np
from playwright.sync_api import sync_playwright

from bench.charts import BarePlotly, survey
from bench.latency import measure_page
from bench.serve import serve
from tests.app_pages import navigation
from tests.browser_env import ARGS, CHROMIUM

DELTA_APP = "bench/delta_app.py"
KS = (0, 15, 50, 150)
MAX_ELEMENTS, MAX_KIB = 40, 100  # issue 20: elements re-sent per slider move, KiB per rerun


def main():
    ap = argparse.ArgumentParser(description="Streamlit's cost per element, what every slider move sends, and "
                                 "Plotly.react vs newPlot, in Chromium")
    ap.add_argument("--repeat", type=int, default=10, help="timed key presses per K, re-draws per mode")
    ap.add_argument("--pages", nargs="*", help="URL paths to survey (default: every section)")
    ap.add_argument("--parts", nargs="*", type=int, choices=(1, 2, 3), default=[1, 2, 3],
                    help="1 cost per element, 2 elements and bytes per slider move (no browser), 3 react vs newPlot")
    args = ap.parse_args()
    pages = [u for _, u in navigation() if u and (args.pages is None or u in args.pages)]

    medians, slope, floor = {}, None, None
    with serve(DELTA_APP) as app:
        trivial = survey(app.url, "").moves[0]  # k = 0: the trivial app
        if 1 in args.parts:  # cost per element, K interleaved over two rounds
            times = {k: [] for k in KS}
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for _ in range(2):
                    for k in KS:
                        times[k] += measure_page(browser, f"{app.url}/?k={k}", args.repeat)[0][2]
                browser.close()
            medians = {k: statistics.median(t) for k, t in times.items()}
            slope = np.polyfit(list(KS), [medians[k] for k in KS], 1)[0]
            floor = medians[0]

    surveyed, drawn = {}, {}
    with serve("app.py") as app:
        for url_path in pages:
            print(f"  surveying /{url_path} ...", flush=True)
            try:
                surveyed[url_path] = survey(app.url, url_path)
            except Exception as err:  # a page that breaks is reported, the others are still surveyed
                surveyed[url_path] = f"failed: {type(err).__name__}: {str(err).splitlines()[0][:120]}"
        if 3 in args.parts:  # the charts the first slider changes, re-drawn both ways
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                with BarePlotly(browser) as bare:
                    for url_path, found in surveyed.items():
                        pairs = found.moves[0].pairs if not isinstance(found, str) and found.moves else []
                        if pairs:
                            got = {"new": [], "react": []}
                            for _ in range(2):
                                for mode in got:
                                    got[mode] += bare.draw(pairs, mode, args.repeat)
                            drawn[url_path] = len(pairs), {m: statistics.median(t) for m, t in got.items()}
                browser.close()
    report(medians, slope, floor, trivial, surveyed, drawn)


def bound(floor, slope, deltas, base_deltas, extra=0.0):
    """(floor + slope x extra deltas + extra ms) / floor: the multiple of the trivial app a move cannot beat."""
    return (floor + slope * max(0, deltas - base_deltas) + extra) / floor


def report(medians, slope, floor, trivial, surveyed, drawn):
    if medians:
        print("\n1. Streamlit's cost per element: the trivial app plus K captions that change with the slider "
              "(slider-to-paint in Chromium, ms)")
        for k, m in medians.items():
            print(f"   K = {k:>3}: {m:6.0f} ms  {m / floor:5.2f}x the trivial app")
        print(f"   slope: {slope:.2f} ms per element; the trivial app sends {trivial.deltas} deltas per move")
    print(f"\n2. Elements (delta messages) and bytes one step of each slider re-sends (issue 20: <= {MAX_ELEMENTS} "
          f"elements, <= {MAX_KIB} KiB)" + (", and the bound they set before any chart is drawn: "
                                             "(floor + slope x extra deltas) / floor" if medians else ""))
    print(f"   {'page / slider':<52} {'reruns':>6} {'elements':>8} {'KiB':>7} {'charts':>6}" + (f" {'bound':>7}" if medians else ""))
    print(f"   {'trivial app':<52} {'page':>6} {trivial.deltas:>8} {trivial.bytes / 1024:>7.1f} {len(trivial.pairs):>6}")
    moves = []
    for url_path, found in surveyed.items():
        if isinstance(found, str):
            print(f"   {'/' + url_path:<52} {found}")
            continue
        if found.errors:
            print(f"   {'/' + url_path:<52} {len(found.errors)} errors: {'; '.join(found.errors[:2])[:160]}")
        if not found.moves:
            print(f"   {'/' + url_path:<52} no slider in the main area")
        for move in found.moves:
            moves.append((f"/{url_path} {move.label}", move))
            line = (f"   {('/' + url_path + ' ' + move.label)[:52]:<52} {'F' if move.fragment else 'page':>6} "
                    f"{move.deltas:>8} {move.bytes / 1024:>7.1f} {len(move.pairs):>6}")
            if medians:
                line += f" {bound(floor, slope, move.deltas, trivial.deltas):>6.2f}x"
            flags = [f"> {MAX_ELEMENTS} elements" if move.deltas > MAX_ELEMENTS else "",
                     f"> {MAX_KIB} KiB" if move.bytes > MAX_KIB * 1024 else ""]
            print(line + "  " + ", ".join(f for f in flags if f))
    if drawn:
        print("\n3. Re-drawing the charts one move of the page's first slider changes (plotly.js on a bare page, ms)" +
              ("\n   and the bound with them: (floor + slope x extra deltas + their newPlot time) / floor" if medians else ""))
        print(f"   {'page':<30} {'charts':>6} {'newPlot':>9} {'react':>9} {'react/new':>10}" + (f" {'bound':>7}" if medians else ""))
        for url_path, (n, t) in drawn.items():
            line = f"   {'/' + url_path:<30} {n:>6} {t['new']:>9.0f} {t['react']:>9.0f} {t['react'] / t['new']:>10.2f}"
            if medians:
                line += f" {bound(floor, slope, surveyed[url_path].moves[0].deltas, trivial.deltas, t['new']):>6.2f}x"
            print(line)
    if medians:
        print("issue 9 target 2: every page within 1.25x the trivial app")
    if moves:
        name, move = max(moves, key=lambda m: m[1].deltas)
        over = sum(m.deltas > MAX_ELEMENTS for _, m in moves)
        print(f"limits: most elements re-sent by one slider move: {move.deltas} ({name}); {over} of {len(moves)} "
              f"sliders over the target <= {MAX_ELEMENTS}")
        name, move = max(moves, key=lambda m: m[1].bytes)
        over = sum(m.bytes > MAX_KIB * 1024 for _, m in moves)
        print(f"limits: most bytes per rerun: {move.bytes / 1024:.1f} KiB ({name}); {over} of {len(moves)} "
              f"sliders over the target <= {MAX_KIB} KiB")


if __name__ == "__main__":
    main()
