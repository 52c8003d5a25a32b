"""A class on one server: N simulated students speaking Streamlit's own websocket protocol.

Each student opens a page and moves one slider (the first in the main area, or --slider KEY) one
step every 0.2-0.6 s (seeded), for T seconds. A rerun is timed from sending the BackMsg to receiving
its script_finished; the elements (delta messages) and bytes it sent are counted. On one server process,
one student alone moves the slider for --alone-seconds, then the class for --seconds, then one student
alone again: the ratio of the class's median rerun to the pooled one-student median is issue 20's class
target (<= 3x on /svm), and the elements and KiB per rerun its targets (<= 40, <= 100 KiB). Before that,
the same class load runs on bench/trivial_app.py (issue 9's reference, <= 1.5x; --no-trivial skips it),
and a second time with `--runner.postScriptGC false`, the collection setting the app itself uses
(ui.runtime): as Streamlit ships, a full garbage collection after every rerun is most of the trivial
app's cost under load.

    .venv/bin/python -m bench.load                     # 30 students, 30 s, /svm (~2.5 min)
    .venv/bin/python -m bench.load --no-trivial --seconds 20 --alone-seconds 10
    .venv/bin/python -m bench.load --students 30 --seconds 60 --page kernels
    .venv/bin/python -m bench.load --url http://127.0.0.1:8080   # a running server or proxy, page only

The protocol, as the browser speaks it (streamlit/web/server/starlette/starlette_websocket.py,
runtime/app_session.py): open ws://HOST/_stcore/stream with subprotocol "streamlit"; send a BackMsg
`rerun_script` (a ClientState: query string, page name = the URL path, widget states); the server
answers with ForwardMsgs: new_session, navigation (the pages and their hashes), deltas (elements;
a widget's id ends with its key, `delta.fragment_id` says it sits in an st.fragment), and last
script_finished. Moving a slider is the same BackMsg with the slider's new value in widget_states
(and the fragment's id when the slider is in a fragment, so only the fragment reruns).
"""
import argparse
import asyncio
import random
import statistics
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.asyncio.client import connect

from bench.serve import TRIVIAL_APP, serve

DONE = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
        ForwardMsg.FINISHED_WITH_COMPILE_ERROR}
MAIN = 0  # delta_path[0]: 0 = main area, 1 = sidebar
TRIVIAL_NO_GC = "trivial, no rerun GC"
RUN_TIMEOUT = 120.0  # s; a rerun without script_finished by then counts as an error


@dataclass
class Slider:
    id: str
    path: tuple
    label: str
    lo: float
    hi: float
    step: float
    value: float         # the value, or the option's index for a select_slider
    fragment_id: str
    options: tuple = ()  # a select_slider's formatted options (it sends the option's text)

    def state(self):
        """What the browser sends for this slider: (WidgetState field, values)."""
        if self.options:
            return "string_array_value", [self.options[int(self.value)]]
        return "double_array_value", [self.value]


@dataclass
class Stats:
    latencies: list = field(default_factory=list)  # s, one per completed rerun
    errors: list = field(default_factory=list)     # short descriptions
    error_alerts: int = 0                          # st.error boxes shown (plain sentences, not failures)
    deltas: list = field(default_factory=list)     # elements (delta messages) the server sent, per timed rerun
    sizes: list = field(default_factory=list)      # bytes the server sent, per timed rerun


class Student:
    """One browser tab: a websocket session that knows its page's sliders and pages."""

    def __init__(self, ws_url, stats, rng, headers=None):
        self.ws_url, self.stats, self.rng = ws_url, stats, rng
        self.headers = headers   # extra handshake headers, e.g. the cookies of a first visit
        self.session_id = ""     # the server's id of this session (new_session.initialize)
        self.sliders = {}        # id -> Slider, of the current page (rebuilt on every full run)
        self.values = {}         # id -> Slider as we last moved it
        self.pages = {}          # url_pathname -> page_script_hash
        self.page_hash, self.query = "", ""
        self._finished = None    # future of the rerun in flight
        self.doing = ""          # what the rerun in flight is, for error messages
        self.wanted = None       # the URL path a page open / switch asks for
        self._not_found = False
        self._full_run = True
        self.deltas = 0          # delta messages received since the last rerun was sent
        self.bytes = 0           # bytes of the messages received since the last rerun was sent
        self.charts = {}         # delta_path -> Plotly figure JSON (st.plotly_chart's spec) as last received
        self.ws = self._reader = None

    async def __aenter__(self):
        self.ws = await connect(self.ws_url, subprotocols=["streamlit"], max_size=2**27, open_timeout=60,
                                additional_headers=self.headers)
        self._reader = asyncio.create_task(self._read())
        return self

    async def __aexit__(self, *exc):
        self._reader.cancel()
        await self.ws.close()

    # ------------------------------------------------------------------ receiving
    async def _read(self):
        try:
            async for data in self.ws:
                self.bytes += len(data)
                msg = ForwardMsg()
                msg.ParseFromString(data)
                self._on_message(msg)
        except asyncio.CancelledError:
            raise
        except Exception as err:  # connection lost: fail the rerun in flight
            self._fail(f"websocket: {type(err).__name__}: {err}")
        else:
            self._fail("websocket closed by the server")

    def _fail(self, why):
        if self._finished and not self._finished.done():
            self._finished.set_exception(ConnectionError(why))

    def _on_message(self, msg):
        kind = msg.WhichOneof("type")
        if kind == "new_session":
            self.session_id = msg.new_session.initialize.session_id or self.session_id
            if not self.pages:  # an app without st.navigation; with it, the navigation message says the page
                self.page_hash = msg.new_session.page_script_hash
            self._full_run = not msg.metadata.run.fragment_ids
            if self._full_run:  # a full run redraws the page: forget its sliders
                self.sliders = {}
        elif kind == "navigation":
            self.pages = {p.url_pathname: p.page_script_hash for p in msg.navigation.app_pages}
            if msg.navigation.page_script_hash:  # with st.navigation, the page that actually ran
                self.page_hash = msg.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query = msg.page_info_changed.query_string
        elif kind == "delta":
            self.deltas += 1
            self._on_delta(msg)
        elif kind == "ref_hash":  # a delta the browser has cached: it still renders it
            self.deltas += 1
        elif kind == "session_event" and msg.session_event.WhichOneof("type") == "script_compilation_exception":
            self.stats.errors.append(f"compile error ({self.doing}): " + msg.session_event.script_compilation_exception.message)
        elif kind == "page_not_found":
            # On a cold start Streamlit first resolves the URL against the old-style pages/ folder
            # (kernel_ridge, not kernel-ridge) and says "not found" before st.navigation finds the
            # page; the browser shows nothing then. It is an error only if the run ends elsewhere.
            self._not_found = True
        elif kind == "script_finished" and msg.script_finished in DONE:
            if self._not_found and (self.wanted is None or self.pages.get(self.wanted) != self.page_hash):
                self.stats.errors.append(f"page not found ({self.doing})")
            self._not_found = False
            if self._full_run and msg.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY:
                # like the browser, drop the state of widgets the page no longer shows (another page's)
                self.values = {k: v for k, v in self.values.items() if k in self.sliders}
            if msg.script_finished == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                self.stats.errors.append("script finished with a compile error")
            if self._finished and not self._finished.done():
                self._finished.set_result(time.perf_counter())

    def _on_delta(self, msg):
        delta = msg.delta
        if delta.WhichOneof("type") != "new_element":
            return
        el = delta.new_element
        what = el.WhichOneof("type")
        if what == "plotly_chart":
            self.charts[tuple(msg.metadata.delta_path)] = el.plotly_chart.spec
        elif what == "exception":
            self.stats.errors.append(f"exception on the page ({self.doing}): {el.exception.type}: {el.exception.message[:200]}")
        elif what == "alert" and el.alert.format == el.alert.ERROR:
            self.stats.error_alerts += 1
        elif what == "slider" and not el.slider.disabled and len(el.slider.default) == 1:  # no range sliders
            s = el.slider
            options = tuple(s.options)
            old = self.values.get(s.id)
            if s.set_value and options and s.raw_value and s.raw_value[0] in options:
                value = float(options.index(s.raw_value[0]))
            elif s.set_value and s.value:
                value = s.value[0]
            else:
                value = old.value if old is not None else s.default[0]
            lo, hi, step = (0.0, len(options) - 1.0, 1.0) if options else (s.min, s.max, s.step or 1.0)
            self.sliders[s.id] = Slider(s.id, tuple(msg.metadata.delta_path), s.label, lo, hi, step, value,
                                        delta.fragment_id, options)

    # ------------------------------------------------------------------ sending
    async def rerun(self, *, page_name="", page_hash=None, slider=None, fragment_id=""):
        """Send one rerun_script and wait for its script_finished; return the latency in s."""
        back = BackMsg()
        cs = back.rerun_script
        self.wanted = page_name if (page_name or page_hash == "") and slider is None else None
        self.doing = (f"open /{page_name}" if page_hash == "" else f"switch to /{page_name}" if page_name
                      else f"move {slider.id.rsplit('-', 1)[-1]} to {slider.state()[1][0]}" if slider else "rerun")
        cs.query_string = self.query
        cs.page_name = page_name
        cs.page_script_hash = self.page_hash if page_hash is None else page_hash
        cs.fragment_id = fragment_id
        cs.context_info.timezone = "UTC"
        cs.context_info.locale = "en-US"
        for wid, moved in self.values.items():
            if wid in self.sliders:  # the widgets the browser still shows
                kind, values = moved.state()
                w = cs.widget_states.widgets.add()
                w.id = wid
                getattr(w, kind).data.extend(values)
        self._finished = asyncio.get_running_loop().create_future()
        self.deltas = self.bytes = 0
        t0 = time.perf_counter()
        await self.ws.send(back.SerializeToString())
        try:
            t1 = await asyncio.wait_for(self._finished, RUN_TIMEOUT)
        except TimeoutError:
            self.stats.errors.append(f"no script_finished within {RUN_TIMEOUT:.0f} s ({self.doing})")
            return None
        except ConnectionError as err:
            self.stats.errors.append(f"{err} ({self.doing})")
            return None
        return t1 - t0

    async def open(self, url_path):
        """Open a page as a browser tab does (first run: page name from the URL, no hash)."""
        self.query = ""
        return await self.rerun(page_name=url_path, page_hash="")

    async def switch(self, url_path):
        """Click a page in the navigation: rerun with that page's hash."""
        self.query = ""
        return await self.rerun(page_hash=self.pages.get(url_path, ""), page_name=url_path)

    def main_sliders(self):
        return sorted((s for s in self.sliders.values() if s.path and s.path[0] == MAIN), key=lambda s: s.path)

    def pick_slider(self, key=None):
        sliders = self.main_sliders()
        if key:
            sliders = [s for s in sliders if s.id.endswith(key)]
        return sliders[0] if sliders else None

    async def move(self, slider, direction):
        """One keyboard step of `slider` (bouncing at its ends); return the latency in s."""
        new = slider.value + direction * slider.step
        if not slider.lo - 1e-12 <= new <= slider.hi + 1e-12:
            new = slider.value - direction * slider.step
        new = round(min(max(new, slider.lo), slider.hi), 12)
        slider.value = new
        self.values[slider.id] = slider
        return await self.rerun(slider=slider, fragment_id=slider.fragment_id)


def run_async(coro):
    """asyncio.run in a worker thread: Playwright's sync API (a bench's or the test suite's browser) holds the
    calling thread's event loop, and asyncio.run refuses to start inside a running loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


# ---------------------------------------------------------------------- the load
def visit_index(base_url, cookies=""):
    """What a browser tab does before its websocket: GET the index page, then /_stcore/health (which sets
    Streamlit's XSRF cookie). Return the Cookie header it then sends (a proxy's routing cookie, the XSRF
    cookie), merged with `cookies` ("name=value; ...")."""
    jar = dict(c.split("=", 1) for c in cookies.split("; ") if "=" in c)
    for path in ("/", "/_stcore/health"):
        header = "; ".join(f"{k}={v}" for k, v in jar.items())
        req = urllib.request.Request(base_url + path, headers={"Cookie": header} if header else {})
        with urllib.request.urlopen(req, timeout=60) as r:
            r.read()
            for line in r.headers.get_all("Set-Cookie") or []:
                name, _, value = line.split(";", 1)[0].strip().partition("=")
                jar[name] = value
    return "; ".join(f"{k}={v}" for k, v in jar.items())


async def student_loop(ws_url, url_path, seconds, seed, stats, ready, start, key=None, visit=None):
    """Open the page, say ready, wait for the common start, then move the slider until the time is up.
    With `visit` (the base URL), first GET the index page like a browser and send its cookies."""
    rng = random.Random(seed)
    try:
        headers = {"Cookie": await asyncio.to_thread(visit_index, visit)} if visit else None
        async with Student(ws_url, stats, rng, headers) as st:
            opened = await st.open(url_path)
            slider = st.pick_slider(key)
            if opened is not None and slider is None:
                stats.errors.append(f"/{url_path}: no slider in the main area")
            ready.set()
            if opened is None or slider is None:
                return
            await start.wait()
            deadline = time.perf_counter() + seconds
            direction = 1
            for _ in range(int(seconds / 0.2) + 1):  # bounded: at most one move per 0.2 s
                await asyncio.sleep(rng.uniform(0.2, 0.6))
                if time.perf_counter() >= deadline:
                    break
                slider = st.sliders.get(slider.id) or st.pick_slider(key)
                if slider is None:
                    stats.errors.append(f"/{url_path}: the slider disappeared")
                    return
                if rng.random() < 0.3:
                    direction = -direction
                dt = await st.move(slider, direction)
                if dt is not None:
                    stats.latencies.append(dt)
                    stats.deltas.append(st.deltas)
                    stats.sizes.append(st.bytes)
    except OSError as err:  # could not connect
        stats.errors.append(f"connect: {err}")
    finally:
        ready.set()


async def run_load(base_url, url_path, students, seconds, seed=0, key=None, first_visit=False):
    """Run the load; the first page load of each student is not timed, the clock starts when all have it.
    `base_url` is any running server or proxy (http://HOST:PORT); with `first_visit` each student first
    GETs the index page and sends the cookies it got (a sticky-session proxy routes by them)."""
    ws_url = base_url.replace("http://", "ws://") + "/_stcore/stream"
    stats = Stats()
    start = asyncio.Event()
    ready = [asyncio.Event() for _ in range(students)]
    tasks = [asyncio.create_task(student_loop(ws_url, url_path, seconds, seed * 1000 + i, stats, ready[i], start, key,
                                               base_url if first_visit else None))
             for i in range(students)]
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), 2 * RUN_TIMEOUT)
    start.set()
    await asyncio.wait_for(asyncio.gather(*tasks), seconds + 2 * RUN_TIMEOUT)
    return stats


def summary(stats):
    """Rerun latencies in ms (median, p90, p99), and the median elements (delta messages) and KiB one rerun sent."""
    lat = sorted(stats.latencies)
    sent = dict(elements=statistics.median(stats.deltas) if stats.deltas else float("nan"),
                kib=statistics.median(stats.sizes) / 1024 if stats.sizes else float("nan"))
    if not lat:
        return dict(count=0, errors=len(stats.errors), median=float("nan"), p90=float("nan"), p99=float("nan"), **sent)
    q = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) > 1 else [lat[0]] * 99
    return dict(count=len(lat), errors=len(stats.errors), median=statistics.median(lat) * 1e3,
                p90=q[89] * 1e3, p99=q[98] * 1e3, **sent)


def header(width=22, sent=False):
    """The table's header line (print_row's columns)."""
    extra = f" {'elements':>8} {'KiB/rerun':>9}" if sent else ""
    return f"{'app':<{width}} {'reruns':>6} {'errors':>6} {'median':>9} {'p90':>9} {'p99':>9} {'st.error':>7}{extra}"


def print_row(name, s, alerts=0, sent=False, width=22):
    """One line of the table; with `sent`, also the median elements and KiB one rerun sent."""
    extra = f" {s['elements']:>8.0f} {s['kib']:>9.1f}" if sent else ""
    print(f"{name:<{width}} {s['count']:>6} {s['errors']:>6} {s['median']:>9.0f} {s['p90']:>9.0f} {s['p99']:>9.0f} "
          f"{alerts:>7}{extra}")


def pooled(*stats):
    """One Stats of several runs (the reference measured before and after the class)."""
    out = Stats()
    for st in stats:
        out.latencies += st.latencies
        out.errors += st.errors
        out.error_alerts += st.error_alerts
        out.deltas += st.deltas
        out.sizes += st.sizes
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--seconds", type=float, default=30.0, help="length of the class's run (and of each trivial app run)")
    ap.add_argument("--alone-seconds", type=float, default=15.0,
                    help="length of each of the two runs of one student alone (before and after the class)")
    ap.add_argument("--page", default="svm", help="URL path of the page (svm, kernels, ...)")
    ap.add_argument("--slider", default=None, help="key of the slider to move (default: the first in the main area)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-trivial", action="store_true", help="skip the trivial app's runs (issue 9's reference)")
    ap.add_argument("--url", default=None, help="load a running server or proxy (http://HOST:PORT) instead of "
                    "starting servers: the page only, each student first GETs the index page for its cookies")
    args = ap.parse_args()

    if args.url:
        stats = asyncio.run(run_load(args.url.rstrip("/"), args.page, args.students, args.seconds, args.seed,
                                     args.slider, first_visit=True))
        print(f"\n{args.students} students on {args.url}, {args.seconds:g} s; latency = BackMsg sent -> script_finished (ms)")
        print(header(sent=True))
        print_row(f"/{args.page}", summary(stats), stats.error_alerts, sent=True)
        for err in sorted(set(stats.errors))[:10]:
            print("  error:", err)
        return

    # The trivial app twice: as Streamlit ships it (issue 9's reference), and with Streamlit's full garbage
    # collection after every rerun turned off as the app turns it off (ui.runtime), the same setting on both.
    results = {}
    if not args.no_trivial:
        for name, extra in (("trivial app", ()), (TRIVIAL_NO_GC, ("--runner.postScriptGC", "false"))):
            with serve(TRIVIAL_APP, extra=extra) as server:
                stats = asyncio.run(run_load(server.url, "", args.students, args.seconds, args.seed))
            results[name] = stats
    # The page: one student alone, the class, one student alone again, all on one server process (issue 20's
    # reference is the pooled one-student runs, so a cache warmed by the class favours neither side).
    page = f"/{args.page}"
    alone, crowd = f"{page}, 1 student alone", f"{page}, {args.students} students"
    with serve("app.py") as server:
        before = asyncio.run(run_load(server.url, args.page, 1, args.alone_seconds, args.seed, args.slider))
        class_run = asyncio.run(run_load(server.url, args.page, args.students, args.seconds, args.seed, args.slider))
        after = asyncio.run(run_load(server.url, args.page, 1, args.alone_seconds, args.seed + 1, args.slider))
    results[alone], results[crowd] = pooled(before, after), class_run

    print(f"\nOne slider step every 0.2-0.6 s per student; the class {args.seconds:g} s, one student alone "
          f"{args.alone_seconds:g} s before and {args.alone_seconds:g} s after it on the same server; "
          "latency = BackMsg sent -> script_finished (ms); elements = delta messages per rerun, KiB = bytes sent per "
          "rerun (medians)")
    width = max(22, *(len(name) for name in results))
    print(header(width, sent=True))
    for name, stats in results.items():
        print_row(name, summary(stats), stats.error_alerts, sent=True, width=width)
    med = {name: summary(stats)["median"] for name, stats in results.items()}
    print(f"  one student alone: median {summary(before)['median']:.0f} ms before the class, "
          f"{summary(after)['median']:.0f} ms after")
    for err in sorted({e for stats in results.values() for e in stats.errors})[:10]:
        print("  error:", err)
    if "trivial app" in med:
        print(f"ratio of medians {crowd} : trivial app = {med[crowd] / med['trivial app']:.2f}x (issue 9 target <= 1.5x)")
        print(f"ratio of medians {crowd} : {TRIVIAL_NO_GC} = {med[crowd] / med[TRIVIAL_NO_GC]:.1f}x "
              "(same collection setting on both)")
    s = results[crowd]
    if s.deltas:
        print(f"load: {page} sends {max(s.deltas)} elements per rerun at most, median {statistics.median(s.deltas):.0f} "
              f"(issue 20 target <= 40); {max(s.sizes) / 1024:.1f} KiB at most, median "
              f"{statistics.median(s.sizes) / 1024:.1f} KiB (target <= 100 KiB)")
    print(f"load: median rerun of {args.students} students / one student alone on {page} = "
          f"{med[crowd] / med[alone]:.2f}x ({med[crowd]:.0f} / {med[alone]:.0f} ms; issue 20 target <= 3x)")


if __name__ == "__main__":
    main()
