"""The server's own surface, guarded before a request reaches Streamlit: app.py serves itself as an `st.App` (Streamlit's
public ASGI API) with the middleware below, so both `python app.py` and `streamlit run app.py` (which finds the App in
app.py and serves it) get the same guards.

- Host header (DNS rebinding): a page on some outside name whose DNS answer is changed to this machine's address
  could otherwise drive the app from the student's or lecturer's browser as a same-origin page. A request (HTTP or
  WebSocket) is served only when its Host names this server: an IP address (no rebinding goes through an address;
  the class opens the laptop's address), `localhost`, the configured `browser.serverAddress` or `server.address`, or
  a name listed in the environment variable KERNELSCOPE_ALLOWED_HOSTS (comma-separated; a reverse proxy's public
  name). Anything else gets 403.
- /_stcore/metrics (Streamlit's cache statistics) answers 404 unless KERNELSCOPE_METRICS=1 asks for it.
- A rerun message naming a fragment the session does not hold (gone after a full run, or forged) is answered with a
  full run of the page instead of being dropped unanswered (Streamlit's AppSession.request_rerun returns without a
  word, and the browser's "running" state never ends); no public API exists for this, so AppSession.request_rerun
  is wrapped (pinned streamlit; tests/test_server_surface.py checks it over a served app).
- A widget value of the wrong type (a string for a slider, a float for a select slider), which only a hand-built
  message sends, makes Streamlit's own deserialiser raise while it reads the message, before the app's script runs
  (SessionState.on_script_will_rerun); Streamlit logs it as "Uncaught app execution" with a traceback, once per
  message, and shows the forging session its redacted error box. The app cannot catch it (none of its code runs),
  but the log line is a plain `logging` record of the logger "streamlit.error_util": a logging.Filter
  (`QuietForgedValues`) turns such a record, when the frames after the app's last one pass through Streamlit's
  session state, into one line without the traceback, at most one a minute. No change to Streamlit."""
import ipaddress
import logging
import os
import threading
import time
from pathlib import Path

METRICS_ENV, HOSTS_ENV = "KERNELSCOPE_METRICS", "KERNELSCOPE_ALLOWED_HOSTS"
LOOPBACK_NAMES = ("localhost",)


def host_name(value):
    """The host of a Host header ("name", "name:port", "[::1]:port"), lower case, without the port; "" for none."""
    value = (value or "").strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else ""
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def is_address(name):
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def allowed_names():
    """The names (not addresses) a request's Host may give: localhost, the configured addresses, the environment's."""
    from streamlit import config

    names = set(LOOPBACK_NAMES)
    for option in ("browser.serverAddress", "server.address"):
        value = config.get_option(option)
        if value and not str(value).startswith("unix://"):
            names.add(host_name(str(value)))
    names.update(host_name(n) for n in os.environ.get(HOSTS_ENV, "").split(",") if n.strip())
    return names


def host_allowed(header):
    name = host_name(header)
    return bool(name) and (is_address(name) or name.rstrip(".") in allowed_names())


class Guard:
    """Pure ASGI middleware (HTTP and WebSocket alike): the Host check, then the metrics endpoint's switch."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or ())
        if not host_allowed(headers.get(b"host", b"").decode("latin-1")):
            return await _refuse(scope, receive, send, 403, b"This server answers only to its own address.")
        if scope["path"].rstrip("/").endswith("/_stcore/metrics") and os.environ.get(METRICS_ENV) != "1":
            return await _refuse(scope, receive, send, 404, b"Not found.")
        return await self.app(scope, receive, send)


async def _refuse(scope, receive, send, status, text):
    if scope["type"] == "websocket":   # close during the handshake: the browser sees a refused connection
        await receive()
        await send({"type": "websocket.close", "code": 1008})
        return
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(text)).encode())]})
    await send({"type": "http.response.body", "body": text})


def middleware():
    """The list to pass as st.App(middleware=...)."""
    from starlette.middleware import Middleware

    return [Middleware(Guard)]


ROOT = Path(__file__).resolve().parents[1]


def _from_a_forged_value(ex):
    """True when the exception arose in Streamlit's own reading or re-sending of a widget value: the frames after the
    app's last one (all of them, when the script had not started) are Streamlit's and pass through its session state."""
    tb, in_state = ex.__traceback__, False
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename.replace("\\", "/")
        if name.startswith(ROOT.as_posix()) and "site-packages" not in name:
            in_state = False     # an app frame: only what Streamlit did after it counts
        elif name.endswith("streamlit/runtime/state/session_state.py"):
            in_state = True
        tb = tb.tb_next
    return in_state


class QuietForgedValues(logging.Filter):
    """On the logger "streamlit.error_util": a forged widget value's exception becomes one line, at most one per
    EVERY seconds (module docstring); every other record passes as it is."""
    EVERY = 60.0

    def __init__(self):
        super().__init__()
        self.last, self.quieted = -self.EVERY, 0

    def filter(self, record):
        ex = record.exc_info[1] if record.exc_info else None
        if ex is None or not _from_a_forged_value(ex):
            return True
        self.quieted += 1
        now = time.monotonic()
        if now - self.last < self.EVERY:
            return False
        self.last = now
        record.msg, record.args = ("A session sent a widget value of the wrong type (%s: %s); Streamlit refused it "
                                   "(%d such messages so far, one line a minute)."), \
            (type(ex).__name__, str(ex)[:120], self.quieted)
        record.exc_info = record.exc_text = None
        return True


def quiet_forged_values():
    """Once per process: QuietForgedValues on Streamlit's logger of uncaught app exceptions, and the same for such an
    exception that escapes a session's script thread after its run (SessionState.on_script_finished reads the
    forged value again; Python's threading.excepthook prints it, and that session's script thread ends)."""
    logger = logging.getLogger("streamlit.error_util")
    if any(isinstance(f, QuietForgedValues) for f in logger.filters):
        return
    quiet = QuietForgedValues()
    logger.addFilter(quiet)
    original = threading.excepthook

    def excepthook(args):
        if args.exc_value is not None and _from_a_forged_value(args.exc_value):
            logger.error("in a session's script thread", exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
        else:
            original(args)

    threading.excepthook = excepthook


def answer_unknown_fragments():
    """Once per process: a rerun of a fragment the session does not hold becomes a full run (module docstring)."""
    from streamlit.proto.ClientState_pb2 import ClientState
    from streamlit.runtime.app_session import AppSession

    original = AppSession.request_rerun
    if getattr(original, "_answers_unknown_fragments", False):
        return

    def request_rerun(self, client_state):
        if client_state is not None and client_state.fragment_id and not self.has_fragment(client_state.fragment_id):
            full = ClientState()
            full.CopyFrom(client_state)
            full.fragment_id = ""
            client_state = full
        return original(self, client_state)

    request_rerun._answers_unknown_fragments = True
    AppSession.request_rerun = request_rerun
