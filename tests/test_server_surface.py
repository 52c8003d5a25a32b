"""The server's surface, over the real app served both ways the README allows (`python app.py` and
`streamlit run app.py`): a request whose Host is not this server's own is refused (DNS rebinding), /_stcore/metrics
is closed unless KERNELSCOPE_METRICS=1, the sweeps' "send the frames again" asks are rate-limited per session, and a
rerun naming a fragment that does not exist is answered (a full run), never left hanging."""
import asyncio
import contextlib
import http.client
import json

import pytest

from bench.serve import serve
from bench.student import run_async
from tests.forge import Forger
from ui.server import host_allowed, host_name
from ui.sweep import RESENDS

MODES = ["python app.py", "streamlit run app.py"]


@contextlib.contextmanager
def served(mode, env=None):
    try:
        with serve("app.py", env=env, command="python" if mode == "python app.py" else "streamlit") as server:
            yield server
    except RuntimeError as err:
        pytest.fail(str(err), pytrace=False)


@pytest.fixture(scope="module", params=MODES)
def server(request):
    with served(request.param) as s:
        yield s


def get(server, path, host):
    c = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        c.request("GET", path, headers={"Host": host})
        r = c.getresponse()
        return r.status, r.read()
    finally:
        c.close()


def test_host_names():
    assert host_name("LOCALHOST:8501") == "localhost" and host_name("[::1]:8501") == "::1"
    assert host_allowed("127.0.0.1:8501") and host_allowed("192.0.2.10") and host_allowed("localhost")
    assert not host_allowed("evil.example") and not host_allowed("127.0.0.1.evil.example:8501")
    assert not host_allowed("") and not host_allowed("localhost.evil.example")


def test_only_the_servers_own_host_is_served(server):
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", "[::1]"):
        status, body = get(server, "/", host)
        assert status == 200 and b"<html" in body.lower(), host
    for host in ("evil.example", f"rebind.evil.example:{server.port}", "localhost.evil.example"):
        assert get(server, "/", host)[0] == 403, host
        assert get(server, "/_stcore/health", host)[0] == 403, host


def ws_handshake(server, host):
    """The status of a WebSocket handshake on /_stcore/stream sent with this Host (a raw request: a client library
    adds a Host of its own)."""
    import base64
    import os
    import socket

    key = base64.b64encode(os.urandom(16)).decode()
    request = (f"GET /_stcore/stream HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: streamlit\r\n\r\n")
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(request.encode())
        return int(sock.recv(4096).split(b" ", 2)[1])


def test_a_websocket_with_another_host_is_refused(server):
    assert ws_handshake(server, "evil.example") == 403
    assert ws_handshake(server, f"rebind.evil.example:{server.port}") == 403
    assert ws_handshake(server, f"127.0.0.1:{server.port}") == 101      # the positive control: switching protocols


def test_metrics_are_closed_unless_asked_for(server):
    assert get(server, "/_stcore/metrics", f"127.0.0.1:{server.port}")[0] == 404
    assert get(server, "/_stcore/health", f"127.0.0.1:{server.port}")[0] == 200


@pytest.mark.parametrize("mode", MODES)
def test_metrics_open_when_the_setting_asks(mode):
    with served(mode, env={"KERNELSCOPE_METRICS": "1"}) as s:
        status, body = get(s, "/_stcore/metrics", f"127.0.0.1:{s.port}")
        assert status == 200 and b"active_sessions" in body


def test_a_rerun_of_a_fragment_that_does_not_exist_is_answered(server):
    async def go():
        async with Forger(server.url) as f:
            await f.open("svm")
            await f.settle()
            took = await f.send(fragment_id="no-such-fragment-" + "0" * 20)
            return took, f.exceptions

    took, exceptions = run_async(go())
    assert took is not None and not exceptions


def test_no_element_is_sent_as_a_reference_to_the_browsers_cache(server):
    """Streamlit sends a large element that the browser said it holds as a reference to the browser's cache, and the
    browser drops what it holds by its own count of runs: a rerun asked for while another was being answered can
    name one it no longer has ("Cached ForwardMsg MISS", a connection error over the page; a following student's
    two wakes at a poll's Check did it). The app's server sends every element itself (global.minCachedMessageSize):
    a rerun claiming every element it was sent gets no reference."""
    async def go():
        async with Forger(server.url) as f:
            await f.open("svm")
            await f.settle()
            hashes = set(f.hashes)
            took = await f.send(cached=hashes)
            return len(hashes), took, f.references, f.exceptions

    held, took, references, exceptions = run_async(go())
    assert held > 20 and took is not None and not exceptions   # the page's elements, all claimed
    assert references == 0


def test_asks_to_send_the_frames_again_are_rate_limited(server):
    """50 small forged "send the frames again" asks (what a lazy sweep's grab sends) make the server send a sweep's
    frames at most RESENDS times, not 50."""
    async def go():
        async with Forger(server.url) as f:
            await f.open("svm")
            await f.settle()
            sweeps = f.named("kernelscope.sweep")
            assert sweeps, "no sweep on /svm"
            sweep = sweeps[0]
            slider = sweep.data["slider"]
            f.received.clear()
            for _ in range(50):
                await f.trigger(sweep, "value", json.dumps({"slider": slider, "want": True}))
            sends = sum(1 for name, _, frames in f.received if name == "kernelscope.sweep" and frames)
            size = sum(n for name, n, frames in f.received if frames)
            return sends, size, f.exceptions

    sends, size, exceptions = run_async(go())
    assert not exceptions
    assert 1 <= sends <= RESENDS, sends      # honoured at first (the positive control), then ignored
    assert size < RESENDS * 2 * 2**20        # bounded whatever the number of asks


def test_the_server_stays_up_after_all_this(server):
    async def go():
        async with Forger(server.url) as f:
            return await f.open("svm")

    assert run_async(go()) is not None


def test_forged_widget_values_leave_one_line_in_the_log_not_a_traceback_each(server):
    """Streamlit's deserialisers raise on a wrong-type value (a string or an int for a select slider); the app's
    logging filter (ui.server.QuietForgedValues) makes that one line a minute instead of a traceback per message."""
    async def go():
        async with Forger(server.url) as f:
            await f.open("svm")
            await f.settle()
            slider = f.pick_slider()
            for _ in range(5):
                for kind, value in (("string_value", "abc"), ("int_value", 5), ("json_value", "{}")):
                    await f.send([(slider.id, kind, value)], wait=False)
                    await asyncio.sleep(0.2)

    run_async(go())
    log = open(server.log).read()
    assert log.count("Traceback") == 0, log[-3000:]
    assert "widget value of the wrong type" in log


def test_the_filter_lets_every_other_record_through():
    import logging
    import sys

    from ui.server import QuietForgedValues

    try:
        raise ValueError("a bug of the app")
    except ValueError:
        record = logging.LogRecord("streamlit.error_util", logging.ERROR, __file__, 1, "Uncaught app execution", (),
                                   sys.exc_info())
    assert QuietForgedValues().filter(record) and record.exc_info and record.msg == "Uncaught app execution"
