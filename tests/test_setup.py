"""The set-up promises of the README: two commands, CI runs the test one, settings keep the app offline."""
import re
import tomllib

from tests.app_pages import ROOT

README = (ROOT / "README.md").read_text()


def readme_commands():
    """The indented command lines under the README's 'Set-up' heading."""
    section = README.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    return [m.strip() for m in re.findall(r"^```bash\n(.+?)\n```", section, re.M | re.S)]


def test_readme_has_exactly_two_commands_and_ci_runs_the_test_one():
    run_app, run_tests = readme_commands()
    assert run_app.endswith(".venv/bin/python app.py") and "-r requirements.txt" in run_app
    assert run_tests.endswith("pytest tests") and "-r tests/requirements.txt" in run_tests
    ci_lines = [ln for ln in (ROOT / ".ci" / "run").read_text().splitlines() if ln and not ln.startswith(("#", "set ", "cd "))]
    assert ci_lines == [run_tests]


def test_requirements_are_pinned_exactly():
    for path in (ROOT / "requirements.txt", ROOT / "tests" / "requirements.txt"):
        for line in path.read_text().splitlines():
            line = line.split("#")[0].strip()
            if line and not line.startswith("-r"):
                assert re.fullmatch(r"[A-Za-z0-9_.\-\[\]]+==[0-9][\w.]*", line), f"{path.name}: {line} is not pinned"
    assert "streamlit==1.67." in (ROOT / "requirements.txt").read_text()


def test_server_config_is_offline_and_closed():
    cfg = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert cfg["browser"]["gatherUsageStats"] is False
    assert cfg["server"]["headless"] is True
    assert cfg["server"]["fileWatcherType"] == "none"
    assert cfg["server"]["enableXsrfProtection"] is True and cfg["server"]["enableCORS"] is True
    assert cfg["server"]["maxUploadSize"] <= 10


def test_cache_budget_bounds_every_cache_together():
    """.streamlit/config.toml's server.maxCacheDataSize, applied as Streamlit applies it at start-up, keeps all
    st.cache_data entries together under the budget (least recently used dropped first) — what keeps the
    server's memory flat under a class (bench.soak)."""
    import streamlit as st
    from streamlit import config
    from streamlit.byte_util import config_max_cache_data_size_to_bytes
    from streamlit.runtime.caching import get_data_cache_stats_provider
    from streamlit.runtime.caching import global_cache_budget as gcb

    value = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())["server"]["maxCacheDataSize"]
    budget = config_max_cache_data_size_to_bytes(value)
    assert 8 * 2**20 <= budget <= 256 * 2**20
    calls = []

    @st.cache_data(show_spinner=False)
    def one_mb(i):
        calls.append(i)
        return bytes(2**20)

    before = config.get_option("server.maxCacheDataSize")
    config.set_option("server.maxCacheDataSize", value)
    gcb.reconfigure_global_cache_budget_from_config()
    try:
        for i in range(budget // 2**20 + 20):
            one_mb(i)
        stats = get_data_cache_stats_provider().get_stats()["cache_memory_bytes"]
        stored = sum(s.byte_length for s in stats if s.cache_name.endswith("one_mb"))
        assert budget - 2**21 <= stored <= budget  # full, and not one byte over
        one_mb(0)  # the oldest entry was dropped: computed again
        assert calls.count(0) == 2
        one_mb(budget // 2**20 + 19)  # the newest is kept
        assert calls.count(budget // 2**20 + 19) == 1
    finally:
        one_mb.clear()
        config.set_option("server.maxCacheDataSize", before)
        gcb.reconfigure_global_cache_budget_from_config()


def test_ui_trims_the_heap_in_one_thread_and_freezes_the_libraries_for_the_collector():
    """ui.runtime.set_up (called once by app.py) starts one thread per process that trims glibc's heap, and moves
    the libraries' objects out of the per-rerun garbage collection (bench.soak / bench.load); importing ui alone
    changes nothing."""
    import gc
    import threading

    from ui import runtime as ui

    ui.set_up()
    ui.set_up()  # a second call (a second session's app.py run) does nothing more

    keepers = [t for t in threading.enumerate() if t.name == ui.KEEPER]
    assert len(keepers) == 1 and keepers[0].daemon and ui.KEEPER_SECONDS <= 60
    ui._return_freed_memory_to_the_system()  # a second call (a re-import) does not start another
    assert len([t for t in threading.enumerate() if t.name == ui.KEEPER]) == 1
    assert len(ui._TRIM) == 1  # and trims once per round
    assert gc.isenabled() and gc.get_freeze_count() > 50_000


def test_full_collections_run_in_the_keeper_instead_of_after_every_rerun():
    """Streamlit's full collection after every rerun is off (ui turns runner.postScriptGC off); the keeper's round
    collects garbage cycles that survived into the oldest generation, and Python's own young collections stay on."""
    import gc
    import weakref

    from streamlit import config

    from ui import runtime as ui

    ui.set_up()
    assert config.get_option("runner.postScriptGC") is False
    assert gc.isenabled() and gc.get_threshold()[0] > 0

    class Node:
        pass

    a, b = Node(), Node()
    a.other, b.other = b, a          # a cycle: only the cyclic collector frees it
    gone = weakref.ref(a)
    gc.collect(1)
    gc.collect(1)                    # survived two young collections: now in the oldest generation
    del a, b
    gc.collect(1)
    assert gone() is not None        # a young collection leaves it
    ui.keep_once()
    assert gone() is None            # the keeper's full collection frees it


def test_chart_json_keeps_its_slashes_and_still_escapes_angle_brackets():
    """After set_up, plotly.io.to_json (what st.plotly_chart sends) writes "/" as itself, not as the six-byte
    "\\u002f" (base64 arrays are full of them), and still escapes "<" so no "</script>" can appear; the figure
    reads back equal."""
    import base64
    import json

    import numpy as np
    import plotly.graph_objects as go
    import plotly.io as pio

    from ui import runtime as ui

    ui.set_up()
    z = np.frombuffer(bytes(range(256)) * 16, dtype=np.float32).reshape(32, 32)   # base64 with many "/"
    fig = go.Figure(go.Heatmap(z=z), layout=dict(title="a/b </script>"))
    for engine in ("json", "orjson") if _has("orjson") else ("json",):
        text = pio.to_json(fig, validate=False, engine=engine)
        assert "\\u002f" not in text and "/" in text
        assert "</script>" not in text and "\\u003c/script\\u003e" in text
        assert json.loads(text)["layout"]["title"]["text"] == "a/b </script>"
        sent = json.loads(text)["data"][0]["z"]
        back = np.frombuffer(base64.b64decode(sent["bdata"]), dtype=np.float32).reshape(z.shape)
        assert sent["dtype"] == "f4" and np.array_equal(back, z, equal_nan=True)


def test_a_sessions_messages_reach_the_event_loop_in_order_with_one_wake_up_per_batch():
    """After set_up, the messages a script thread hands to the event loop (AppSession._call_soon_on_event_loop) run
    there in the order they were sent, with one wake-up of the loop for all that arrived before it ran; a callback
    that raises is reported to the loop's exception handler and the later ones still run."""

    from streamlit.runtime.app_session import AppSession

    from ui import runtime as ui

    ui.set_up()
    ui.set_up()   # patched once: a second call does not wrap the wrapper
    _in_a_thread(_check_batches, AppSession)


def _in_a_thread(check, *args):
    """Run `check(*args)` in a thread of its own (an earlier test may have left an event loop running in this one),
    raising here what it raised."""
    import threading

    failures = []

    def run():
        try:
            check(*args)
        except BaseException as err:   # noqa: BLE001  (reported to the test's thread below)
            failures.append(err)

    runner = threading.Thread(target=run)
    runner.start()
    runner.join()
    if failures:
        raise failures[0]


def _check_batches(AppSession):
    import asyncio
    import threading
    import types
    from unittest import mock

    loop = asyncio.new_event_loop()
    try:
        session = types.SimpleNamespace(_event_loop=loop)
        ran, reported = [], []
        loop.set_exception_handler(lambda _loop, context: reported.append(context["exception"]))

        def boom():
            raise ValueError("boom")

        def script_thread(callbacks):
            worker = threading.Thread(target=lambda: [AppSession._call_soon_on_event_loop(session, cb)
                                                      for cb in callbacks])
            worker.start()
            worker.join()

        with mock.patch.object(loop, "call_soon_threadsafe", wraps=loop.call_soon_threadsafe) as wake:
            script_thread([*(lambda i=i: ran.append(i) for i in range(5)), boom, lambda: ran.append(5)])
            assert wake.call_count == 1 and ran == []
            loop.run_until_complete(asyncio.sleep(0))
            assert ran == [0, 1, 2, 3, 4, 5]
            assert len(reported) == 1 and str(reported[0]) == "boom"
            script_thread([lambda: ran.append(6)])   # after the batch ran: the next message wakes the loop again
            assert wake.call_count == 2
            loop.run_until_complete(asyncio.sleep(0))
        assert ran == [0, 1, 2, 3, 4, 5, 6]
    finally:
        loop.close()


def test_a_rerun_asked_for_first_handles_the_sessions_messages_still_waiting():
    """A rerun asked for on the event loop (AppSession.request_rerun, after set_up) first runs the session's messages
    that its script threads handed to the loop and that have not run yet: a new script runner made for the rerun
    would have the session drop every waiting message of the old one (a click's run's elements and its end). Off the
    loop it leaves them to the loop."""

    from streamlit.runtime.app_session import AppSession

    from ui import runtime as ui

    ui.set_up()
    _in_a_thread(_check_rerun_drains, AppSession)


def _check_rerun_drains(AppSession):
    import asyncio
    import threading
    import types
    from unittest import mock

    from streamlit.runtime.app_session import AppSessionState

    loop = asyncio.new_event_loop()
    try:
        # a session shutting down: Streamlit's request_rerun returns at once, so only the wrapper's work shows
        session = types.SimpleNamespace(_event_loop=loop, _state=AppSessionState.SHUTDOWN_REQUESTED)
        ran = []

        def script_thread(callbacks):
            worker = threading.Thread(target=lambda: [AppSession._call_soon_on_event_loop(session, cb)
                                                      for cb in callbacks])
            worker.start()
            worker.join()

        async def rerun_on_the_loop():   # the messages arrive while the loop is in this callback, then the rerun
            script_thread([lambda i=i: ran.append(i) for i in range(3)])
            AppSession.request_rerun(session, None)
            return list(ran)

        with mock.patch.object(loop, "call_soon_threadsafe", wraps=loop.call_soon_threadsafe) as wake:
            assert loop.run_until_complete(rerun_on_the_loop()) == [0, 1, 2]   # before the rerun was asked for
            loop.run_until_complete(asyncio.sleep(0))        # the scheduled run finds nothing left, and settles
            assert ran == [0, 1, 2] and wake.call_count == 1
            script_thread([lambda: ran.append(3)])
            off_loop = threading.Thread(target=AppSession.request_rerun, args=(session, None))
            off_loop.start()
            off_loop.join()
            assert ran == [0, 1, 2]                          # off the loop: left to the loop
            assert wake.call_count == 2                      # which the message woke again
            loop.run_until_complete(asyncio.sleep(0))
        assert ran == [0, 1, 2, 3]
    finally:
        loop.close()


def _has(module):
    import importlib.util

    return importlib.util.find_spec(module) is not None


def test_the_readme_lists_every_section_at_its_address():
    """The README's table of topics names every section of TOPICS by its address (and no address that is gone)."""
    import re

    from pages import sections, url_path

    table = README.split("## What is in it", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"\(`/([a-z0-9-]+)[`?]", table))
    expected = {url_path(t, s) for t, s in sections()}
    assert expected - listed == set(), "sections missing from the README"
    assert listed - expected == set(), "README addresses that are no section"


def test_set_up_puts_a_classs_lecturer_first():
    """After set_up, every script run takes its turn at ui.class_gate's gate (Streamlit's ScriptRunner._run_script
    wrapped, once: a second set_up does not wrap the wrapper)."""
    from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

    from ui import runtime as ui

    ui.set_up()
    first, point = ScriptRunner._run_script, ScriptRunner._maybe_handle_execution_control_request
    ui.set_up()
    assert getattr(first, "_gated", False) and ScriptRunner._run_script is first
    # and each yield point of a run (where a student's run pauses for a lecturer's: Gate.pause)
    assert getattr(point, "_gated", False) and ScriptRunner._maybe_handle_execution_control_request is point
