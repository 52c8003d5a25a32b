"""What the benches share about a slider move and its charts (bench.latency, bench.limits, bench.navigate).

`survey(app_url, url_path)` opens a page over Streamlit's websocket protocol (bench.load's Student) and moves
every slider of the main area one step, in turn: for each, the delta messages and bytes the server sends back
and the Plotly figures (as the server sends them, before and after) of the charts the move changed.

`BarePlotly` draws such figures on a bare page with plotly.js (the plotly wheel's copy, served from a temporary
folder on 127.0.0.1) in Chromium, timed up to the next frame: `Plotly.purge` + `Plotly.newPlot` on a new node (what
`st.plotly_chart` does on every data change) or `Plotly.react` on the same node (what a custom component could do).
"""
import contextlib
import functools
import http.server
import json
import random
import re
import shutil
import statistics
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

import plotly
from streamlit.runtime.state.common import user_key_from_element_id

from bench.student import MAIN, Stats, Student, run_async

PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
# Draws each chart's "before" figure, then times `reps` re-draws alternating after / before, all the changed charts
# of one slider move per re-draw, up to the next frame: mode "new" purges the chart and calls Plotly.newPlot on a
# new node, mode "react" calls Plotly.react on the same one. sizes[i] is [width, height] in px of the chart's box
# in the app (null: the figure's own size, else 700 x 450).
DRAW = """async ([pairs, sizes, mode, reps]) => {
  const root = document.body, frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const node = (fig, i) => { const e = document.createElement('div'), s = sizes[i];
    e.style.width = (s ? s[0] : fig.layout.width || 700) + 'px';
    e.style.height = (s ? s[1] : fig.layout.height || 450) + 'px'; return e; };
  const copy = fig => JSON.parse(JSON.stringify(fig));
  const divs = [];
  for (const [i, [a]] of pairs.entries()) { const e = node(a, i); root.appendChild(e); divs.push(e);
    await Plotly.newPlot(e, copy(a).data, copy(a).layout, {displayModeBar: false}); }
  const times = [];
  for (let r = 0; r < reps; r++) {
    const figs = pairs.map(p => copy(p[r % 2 ? 0 : 1]));
    await frame();
    const t0 = performance.now();
    for (const [i, fig] of figs.entries()) {
      if (mode === 'new') {
        Plotly.purge(divs[i]); const e = node(fig, i); root.replaceChild(e, divs[i]); divs[i] = e;
        await Plotly.newPlot(e, fig.data, fig.layout, {displayModeBar: false});
      } else await Plotly.react(divs[i], fig.data, fig.layout, {displayModeBar: false});
    }
    await frame();
    times.push(performance.now() - t0);
  }
  divs.forEach(e => { Plotly.purge(e); e.remove(); });
  return times;
}"""
# [width, height] of every st.plotly_chart box of the main area, in document order (= delta-path order).
CHART_SIZES = """() => Array.from(document.querySelectorAll("[data-testid='stMain'] [data-testid='stPlotlyChart']"))
  .map(e => { const r = e.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; })"""


@dataclass
class Move:
    """One step of one slider of the main area, as the server answered it."""
    label: str
    key: str             # the widget's key ("" when it has none)
    fragment: bool       # the move reran only the slider's st.fragment
    deltas: int          # delta messages sent back (elements re-sent)
    bytes: int           # bytes of every message of the rerun (deltas, script_finished, ...)
    pairs: list = field(default_factory=list)  # [(figure before, figure after)] of the charts the move changed
    paths: list = field(default_factory=list)  # their delta paths


@dataclass
class Survey:
    url_path: str
    moves: list          # [Move], in the order of the sliders on the page
    charts: list         # delta paths of the main area's charts on opening, in document order
    open_deltas: int     # deltas / bytes of opening the page
    open_bytes: int
    errors: list = field(default_factory=list)  # exceptions shown, reruns that failed (bench.load's Stats.errors)


def ws_url(app_url):
    return app_url.replace("http", "ws", 1) + "/_stcore/stream"


async def survey_async(app_url, url_path, move=True):
    async with Student(ws_url(app_url), Stats(), random.Random(0)) as s:
        if await s.open(url_path) is None:
            raise RuntimeError(f"/{url_path} did not open: {s.stats.errors[:3]}")
        charts = sorted(p for p in s.charts if p and p[0] == MAIN)
        found = Survey(url_path, [], charts, s.deltas, s.bytes)
        for slider in s.main_sliders() if move else ():
            before = dict(s.charts)
            if await s.move(slider, +1) is None:
                continue
            changed = sorted(p for p, spec in s.charts.items() if p in before and before[p] != spec and p[0] == MAIN)
            found.moves.append(Move(slider.label, user_key_from_element_id(slider.id) or "", bool(slider.fragment_id),
                                    s.deltas, s.bytes, [(json.loads(before[p]), json.loads(s.charts[p])) for p in changed],
                                    changed))
        found.errors = list(s.stats.errors)
        return found


def survey(app_url, url_path, move=True):
    """Survey of a page: every slider of its main area moved one step in turn (see the module's docstring); with
    `move` False, only what opening it sends."""
    return run_async(survey_async(app_url, url_path, move))


def sizes_for(found, move, sizes):
    """The app's box sizes of the charts `move` changed, when the browser shows as many charts as the server sent."""
    if len(sizes) != len(found.charts):
        return [None] * len(move.paths)
    where = {p: i for i, p in enumerate(found.charts)}
    return [sizes[where[p]] if p in where and sizes[where[p]][0] > 50 else None for p in move.paths]


def slider_selector(key):
    """CSS selector of a keyed slider's input (Streamlit gives the widget's box the class st-key-<key>)."""
    return f".st-key-{re.sub(r'[^A-Za-z0-9_-]', '-', key)} input[type='range']"


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class BarePlotly:
    """A bare page with plotly.js in `browser`, served from a temporary folder on a free port of 127.0.0.1."""

    def __init__(self, browser):
        self.browser = browser

    def __enter__(self):
        self._stack = contextlib.ExitStack()
        folder = Path(tempfile.mkdtemp(prefix="bench-plotly-"))
        self._stack.callback(shutil.rmtree, folder, ignore_errors=True)
        shutil.copy(PLOTLY_JS, folder / "plotly.min.js")
        (folder / "index.html").write_text('<!doctype html><html><body style="margin:0">'
                                           '<script src="plotly.min.js"></script></body></html>')
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self._stack.callback(server.server_close)
        self._stack.callback(server.shutdown)
        context = self.browser.new_context(viewport={"width": 1400, "height": 1000})
        self._stack.callback(context.close)
        self.page = context.new_page()
        self.page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
        self.page.wait_for_function("() => window.Plotly !== undefined")
        return self

    def __exit__(self, *exc):
        self._stack.close()

    def draw(self, pairs, mode="new", reps=4, sizes=None):
        """Times in ms of `reps` re-draws of all `pairs` ([(before, after)] figures) in `mode` ("new" or "react")."""
        if not pairs:
            return []
        return self.page.evaluate(DRAW, [[list(p) for p in pairs], sizes or [None] * len(pairs), mode, reps])

    def median(self, pairs, mode="new", reps=4, sizes=None):
        times = self.draw(pairs, mode, reps, sizes)
        return statistics.median(times) if times else 0.0
