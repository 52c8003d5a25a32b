"""A hostile browser tab for tests over a real served app: bench.student's websocket Student that also keeps the page's
components (st.components.v2: their element id, name and data), the exceptions shown and the link the app writes,
and can send a message the app's own JavaScript would never send (a component's event with any JSON, a widget value
of the wrong type, a rerun of a fragment that does not exist)."""
import asyncio
import json
import random
import time
from dataclasses import dataclass

from streamlit.proto.BackMsg_pb2 import BackMsg

from bench.charts import ws_url
from bench.student import RUN_TIMEOUT, Stats, Student

INTERNAL = "$$STREAMLIT_INTERNAL_KEY"   # Streamlit's prefix of a component's trigger widget (bidi_component.main)


@dataclass
class Component:
    id: str
    name: str
    data: object          # the component's JSON data, as the app sent it
    fragment_id: str


class Forger(Student):
    """A Student that records components, exceptions and the link, and forges messages."""

    def __init__(self, app_url, headers=None):
        super().__init__(ws_url(app_url), Stats(), random.Random(0), headers=headers)
        self.components = {}     # element id -> Component, of the last full run
        self.exceptions = []     # text of every exception element received
        self.figures = {}        # chart element id -> its Plotly figure (JSON text), of the last full run
        self.received = []       # (component name, its JSON data's length, whether it carried a sweep's frames)
        self.sent = 0            # messages sent
        self.hashes = set()      # the hash of every element received (what a browser's cache would hold)
        self.references = 0      # messages received as a reference to the browser's cache (ref_hash)
        self.running, self.idle_since = False, time.monotonic()   # the session's script, as the server reports it
        self.elements = {}       # a widget's user key -> (its element id, its fragment id), of every run
        self.alerts = []         # (kind, text) of every st.warning / st.error / st.info received

    def _on_message(self, msg):
        kind = msg.WhichOneof("type")
        if kind == "new_session" and not msg.metadata.run.fragment_ids:
            self.components, self.figures = {}, {}
        elif kind == "session_status_changed":
            self.running = msg.session_status_changed.script_is_running
            self.idle_since = time.monotonic()
        elif kind == "delta" and msg.hash:
            self.hashes.add(msg.hash)
        elif kind == "ref_hash":
            self.references += 1
        super()._on_message(msg)

    def _on_delta(self, msg):
        super()._on_delta(msg)
        delta = msg.delta
        if delta.WhichOneof("type") != "new_element":
            return
        el = delta.new_element
        kind = el.WhichOneof("type")
        if kind == "bidi_component":
            c = el.bidi_component
            data = json.loads(c.json) if c.json else None
            self.components[c.id] = Component(c.id, c.component_name, data, delta.fragment_id)
            frames = isinstance(data, dict) and data.get("held") is False and data.get("digest") is not None
            self.received.append((c.component_name, len(c.json), frames))
        elif kind == "plotly_chart":
            self.figures[el.plotly_chart.id] = el.plotly_chart.spec
        elif kind == "exception":
            self.exceptions.append(f"{el.exception.type}: {el.exception.message}")
        elif kind == "alert":
            self.alerts.append((el.alert.Format.Name(el.alert.format), el.alert.body))
        widget_id = getattr(getattr(el, kind), "id", "") if kind else ""
        if isinstance(widget_id, str) and widget_id.startswith("$$ID-"):   # a widget with a user key
            self.elements[widget_id.rsplit("-", 1)[-1]] = (widget_id, delta.fragment_id)

    def named(self, name):
        """The page's components of this name ("kernelscope.plot_click", "kernelscope.sweep")."""
        return [c for c in self.components.values() if c.name == name]

    def window(self, catcher):
        """((x0, x1), (y0, y1)): the axis ranges of the chart beside a click catcher (its key + "_click")."""
        key = catcher.id.rsplit("-", 1)[-1].removesuffix("_click")
        spec = next(json.loads(s) for cid, s in self.figures.items() if cid.endswith(f"-{key}"))
        sub = (catcher.data or {}).get("subplot", "xy")
        ax, ay = sub[1:].split("y")
        return tuple(sorted(spec["layout"][f"{a}axis{n}"]["range"]) for a, n in (("x", ax), ("y", ay)))

    async def send(self, widgets=(), fragment_id="", query=None, wait=True, cached=()):
        """One rerun_script with these widget states [(id, field, value)] (nothing else: the page's other widgets at
        their session values), saying the browser holds the messages of the hashes `cached`; returns the latency in
        s, None when the run did not finish in time."""
        back = BackMsg()
        cs = back.rerun_script
        cs.query_string = self.query if query is None else query
        cs.page_script_hash = self.page_hash
        cs.fragment_id = fragment_id
        cs.context_info.timezone = "UTC"
        cs.cached_message_hashes.extend(cached)
        for wid, kind, value in widgets:
            w = cs.widget_states.widgets.add()
            w.id = wid
            if kind.endswith("array_value"):
                getattr(w, kind).data.extend(value)
            else:
                setattr(w, kind, value)
        self._finished = asyncio.get_running_loop().create_future()
        self.doing = f"forged {[(wid.rsplit('-', 1)[-1], str(v)[:60]) for wid, _, v in widgets]}"
        self.sent += 1
        t0 = time.perf_counter()
        await self.ws.send(back.SerializeToString())
        if not wait:
            return None
        try:
            return await asyncio.wait_for(self._finished, RUN_TIMEOUT) - t0
        except (TimeoutError, ConnectionError):
            return None

    async def settle(self, quiet=0.2, timeout=RUN_TIMEOUT):
        """Wait until the session's script has stopped for `quiet` s (a click's st.rerun starts a run of its own
        after the fragment's run has finished)."""
        deadline = time.monotonic() + timeout
        while self.running or time.monotonic() - self.idle_since < quiet:
            if time.monotonic() > deadline:
                raise TimeoutError("the session never stopped running")
            await asyncio.sleep(0.05)

    async def trigger(self, component, event, value_json):
        """The component's event `event` with the JSON text `value_json` as its value (any text: NaN, 1e999 and
        integers of 400 digits are JSON that Python reads)."""
        payload = f'[{{"event": {json.dumps(event)}, "value": {value_json}}}]'
        took = await self.send([(f"{INTERNAL}_{component.id}__events", "json_trigger_value", payload)],
                               fragment_id=component.fragment_id)
        # send waited for the script_finished that ends what the event asked for (a run stopped by st.rerun finishes
        # FINISHED_EARLY_FOR_RERUN, and send waits on for the run after it): only the session's "not running", sent
        # right behind it, is still to come. No pause then; after no answer in time, settle's quiet.
        await self.settle(quiet=0 if took is not None else 0.2)
        return took
