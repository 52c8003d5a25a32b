"""One student: a browser tab as a websocket session of Streamlit's own protocol (bench.load runs a class of them;
bench.soak, bench.largest, bench.charts and the nginx test use one or a few).

The protocol, as the browser speaks it (streamlit/web/server/starlette/starlette_websocket.py,
runtime/app_session.py): open ws://HOST/_stcore/stream with subprotocol "streamlit"; send a BackMsg
`rerun_script` (a ClientState: query string, page name = the URL path, widget states); the server
answers with ForwardMsgs: new_session, navigation (the pages and their hashes), deltas (elements;
a widget's id ends with its key, `delta.fragment_id` says it sits in an st.fragment), and last
script_finished. Moving a slider is the same BackMsg with the slider's new value in widget_states
(and the fragment's id when the slider is in a fragment, so only the fragment reruns).
"""
import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.asyncio.client import connect

DONE = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
        ForwardMsg.FINISHED_WITH_COMPILE_ERROR}
MAIN = 0  # delta_path[0]: 0 = main area, 1 = sidebar
RUN_TIMEOUT = 120.0  # s; a rerun without script_finished by then counts as an error
UNSEEN_AFTER = 15.0  # s; a click (rerun_beside) whose effect the page has not shown by then


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
        self._seen = set()       # the `seen` futures of clicks waiting (`rerun_beside`): failed with the connection
        self.unseen = 0          # clicks (`rerun_beside`) whose effect the page had not shown after UNSEEN_AFTER
        self.held = {}           # id -> (WidgetState field, value) a click set (a radio), sent with every rerun after
        self._drawn = set()      # ids of the widgets the run going drew (a full run's: the held ones the page shows)
        self._run_fragments = set()   # the fragments the run going reruns (none: the page)
        self._held_in = {}       # held widget id -> the fragment it is drawn in ("" for none)
        self._outer = {}         # fragment id -> the fragment it was drawn in (a fragment inside another)
        self.doing = ""          # what the rerun in flight is, for error messages
        self.wanted = None       # the URL path a page open / switch asks for
        self._not_found = False
        self._full_run = True
        self.deltas = 0          # delta messages received since the last rerun was sent
        self.bytes = 0           # bytes of the messages received since the last rerun was sent
        self.charts = {}         # delta_path -> Plotly figure JSON (st.plotly_chart's spec) as last received
        self.bidi = {}           # st.components.v2 name -> (element id, fragment id) as last received
        self.bidi_data = {}      # st.components.v2 name -> its data (the JSON) as last received
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
        for fut in [self._finished, *self._seen]:
            if fut and not fut.done():
                fut.set_exception(ConnectionError(why))

    def _on_message(self, msg):
        kind = msg.WhichOneof("type")
        if kind == "new_session":
            self.session_id = msg.new_session.initialize.session_id or self.session_id
            self._drawn = set()
            self._run_fragments = set(msg.metadata.run.fragment_ids)
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
                # like the browser, drop the state of widgets the page no longer shows (another page's, a closed
                # poll's radio)
                self.values = {k: v for k, v in self.values.items() if k in self.sliders}
            if msg.script_finished in (ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY):
                # and of the held widgets the run redrew the place of (the page, or their fragment) and left out
                self.held = {k: v for k, v in self.held.items()
                             if k in self._drawn or not (self._full_run or self._redrawn(self._held_in.get(k)))}
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
        if what in ("radio", "button", "checkbox", "selectbox"):
            self._drawn.add(getattr(el, what).id)
        if what == "radio" and el.radio.set_value and el.radio.id in self.held:
            # a held radio the server set (a refused answer goes back to the counted one): its new value goes with
            # the later reruns, as the browser's widget state does
            if el.radio.HasField("raw_value"):
                self.held[el.radio.id] = ("string_value", el.radio.raw_value)
            else:
                del self.held[el.radio.id]
        if delta.fragment_id and len(self._run_fragments) == 1 and delta.fragment_id not in self._run_fragments:
            self._outer[delta.fragment_id] = next(iter(self._run_fragments))   # drawn by the fragment running
        if what == "plotly_chart":
            self.charts[tuple(msg.metadata.delta_path)] = el.plotly_chart.spec
        elif what == "bidi_component":
            self.bidi[el.bidi_component.component_name] = (el.bidi_component.id, delta.fragment_id)
            self.bidi_data[el.bidi_component.component_name] = el.bidi_component.json
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
    def _redrawn(self, fragment):
        """Whether the run going redraws `fragment` (it reruns it, or a fragment it is drawn in)."""
        seen = set()
        while fragment and fragment not in seen:
            if fragment in self._run_fragments:
                return True
            seen.add(fragment)
            fragment = self._outer.get(fragment)
        return False

    async def rerun_beside(self, fragment_id, widgets, seen=None):
        """A click's rerun of fragment `fragment_id` sent at once, as the browser sends it, even while another rerun
        of this session is in flight (the server stops that run and serves both in one); `widgets` as for `rerun`.
        `seen`: a future the caller's watch of the page sets once the page shows the click's effect (an answer
        counted, a refusal); the seconds until then, None when not by UNSEEN_AFTER (`unseen`). A run's end does not
        say it: a run the server started before the click arrived can end after it was sent. Without `seen`, 0 once
        sent (a message sent again, whose values the server has already: it may run nothing for it). The rerun in
        flight, if any, still ends at the next finished run."""
        back = self._back("", None, None, fragment_id, widgets)
        self.held.update((wid, (kind, value)) for wid, kind, value in widgets)
        self._held_in.update((wid, fragment_id) for wid, _, _ in widgets)
        t0 = time.perf_counter()
        if seen is None:
            await self.ws.send(back.SerializeToString())
            return 0.0
        self._seen.add(seen)
        try:
            await self.ws.send(back.SerializeToString())
            await asyncio.wait_for(seen, UNSEEN_AFTER)
        except TimeoutError:
            self.unseen += 1
            return None
        except ConnectionError as err:
            self.stats.errors.append(f"{err} (a click's rerun of fragment {fragment_id})")
            return None
        finally:
            self._seen.discard(seen)
        return time.perf_counter() - t0

    async def rerun(self, *, page_name="", page_hash=None, slider=None, fragment_id="", widgets=()):
        """Send one rerun_script and wait for its script_finished; return the latency in s. `widgets`: further
        widget states to send, (widget id, WidgetState field, value) - a radio's int_value, a button's
        trigger_value (bench.poll_class)."""
        self.wanted = page_name if (page_name or page_hash == "") and slider is None else None
        self.doing = (f"open /{page_name}" if page_hash == "" else f"switch to /{page_name}" if page_name
                      else f"move {slider.id.rsplit('-', 1)[-1]} to {slider.state()[1][0]}" if slider else "rerun")
        back = self._back(page_name, page_hash, slider, fragment_id, widgets)
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

    def _back(self, page_name, page_hash, slider, fragment_id, widgets):
        """The rerun_script BackMsg: the page, the sliders as moved, and `widgets`."""
        back = BackMsg()
        cs = back.rerun_script
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
        given = {wid for wid, _, _ in widgets}
        # Like the browser, every rerun carries the widgets' values as last set (Streamlit keeps only the newer
        # request's values when it merges two reruns): a wake sent after a click does not undo it.
        for wid, kind, value in [*widgets, *((w, k, v) for w, (k, v) in self.held.items() if w not in given)]:
            w = cs.widget_states.widgets.add()
            w.id = wid
            setattr(w, kind, value)
        return back

    async def trigger(self, component, event, value):
        """What a component's setTriggerValue(event, value) sends: a rerun carrying the event in the element's trigger
        list, of the element's fragment when it is in one; the latency in s, None when the page has no such
        component."""
        import json

        from streamlit.components.v2.bidi_component.main import _make_trigger_id

        found = next((v for name, v in self.bidi.items() if name.endswith(component)), None)
        if found is None:
            return None
        element, fragment = found
        return await self.rerun(fragment_id=fragment, widgets=[(_make_trigger_id(element, "events"),
                                                                "json_trigger_value",
                                                                json.dumps([{"event": event, "value": value}]))])

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
