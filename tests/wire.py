"""What a browser page and the server say to each other over Streamlit's websocket, decoded: the reruns the page asks
for (the class's wakes among them) and the runs that answer them, in order. For browser tests of ordering rules that
the page's pixels cannot show."""
import time

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

WAKES = ("class_listener__events", "class_fragment_wake__events", "class_poll_wake__events")   # the class's wakes
ANSWERED = (ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY)


def _decode(kind, payload):
    msg = kind()
    msg.ParseFromString(payload if isinstance(payload, bytes) else payload.encode("latin-1"))
    return msg


class Wire:
    """Records `page`'s websocket from now on: `events` is a list of (time, what) with what one of "wake" (a rerun the
    page asked for with a class wake's trigger), "rerun" (any other), "finished" (a run that ended drawn: a page's
    or a fragment's), "interrupted" (a run cut short for another); `runs` counts the drawn runs of the page and of a
    fragment alone."""

    def __init__(self, page):
        self.events = []
        self.runs = {"page": 0, "fragment": 0}   # runs that ended drawn: the page's, a fragment's alone
        page.on("websocket", self._socket)

    def _socket(self, ws):
        ws.on("framesent", self._sent)
        ws.on("framereceived", self._received)

    def _sent(self, payload):
        back = _decode(BackMsg, payload)
        if back.WhichOneof("type") == "rerun_script":
            ids = [w.id for w in back.rerun_script.widget_states.widgets if "trigger" in (w.WhichOneof("value") or "")]
            self.events.append((time.monotonic(), "wake" if any(i.endswith(WAKES) for i in ids) else "rerun"))

    def _received(self, payload):
        msg = _decode(ForwardMsg, payload)
        if msg.WhichOneof("type") == "script_finished":
            self.events.append((time.monotonic(), "finished" if msg.script_finished in ANSWERED else "interrupted"))
            if msg.script_finished in ANSWERED:
                self.runs["fragment" if msg.script_finished == ANSWERED[1] else "page"] += 1

    def wakes_over_unanswered(self, retry):
        """The wakes sent while an earlier wake, sent less than `retry` s before, had no run finished after it."""
        found, out = [], None
        for t, what in self.events:
            if what == "wake":
                if out is not None and t - out < retry:
                    found.append(round(t - out, 3))
                out = t
            elif what == "finished":
                out = None
        return found
