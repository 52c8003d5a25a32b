"""Process-wide set-up for serving a class: one BLAS thread per computation, glibc's malloc tuned, the libraries
frozen for the garbage collector, and a full collection on a timer instead of after every rerun.

`set_up()` is called once from the entry script (app.py); importing this module changes nothing."""

import ctypes
import gc
import threading
import time

from threadpoolctl import threadpool_limits


def _return_freed_memory_to_the_system():
    """Every session's script runs in its own thread, and glibc's malloc gives threads their own arenas
    (up to 8 per core) that keep freed memory; its mmap threshold also grows after large arrays are freed,
    so later large arrays stay on the heap. A class moving sliders over large-n fits then leaves the
    server's RSS climbing long after the work is done (bench.soak). Two arenas and a fixed 64 KB mmap
    threshold (numpy grids and cached figures are mmapped and given back when freed) keep it flat (glibc only).

    A daemon thread hands freed pages in the middle of the heap back to the system every KEEPER_SECONDS
    (`malloc_trim`, glibc only), after a full garbage collection (see `_collect_on_a_schedule`)."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(M_ARENA_MAX, 2)
        libc.mallopt(M_MMAP_THRESHOLD, 64 * 1024)
        if not _TRIM:  # once per process, like the thread below
            _TRIM.append(libc.malloc_trim)
    except (OSError, AttributeError):  # not glibc (macOS, Windows, musl): nothing to tune
        pass

    def keep_forever():
        while True:
            time.sleep(KEEPER_SECONDS)
            keep_once()

    if not any(t.name == KEEPER for t in threading.enumerate()):  # once per process
        threading.Thread(target=keep_forever, name=KEEPER, daemon=True).start()


def keep_once():
    """One round of the memory keeper: a full garbage collection, then freed heap pages back to the system."""
    gc.collect()
    for trim in _TRIM:
        trim(0)


def _freeze_the_libraries():
    """A full collection walks every object of the process: with numpy, scipy, scikit-learn, Plotly and
    Streamlit loaded ~180 000 of them, ~120 ms. The libraries' objects live as long as the process, so they are
    moved out of the collector's sight once (`gc.freeze`, after a last collection); later full collections only
    walk the objects of the sessions."""
    import plotly.graph_objects  # noqa: F401

    import kernel_core  # noqa: F401  (the libraries it loads: scipy, scikit-learn)
    if gc.get_freeze_count() == 0:  # once per process
        gc.collect()
        gc.freeze()


def _collect_on_a_schedule():
    """Streamlit runs a full `gc.collect()` after every rerun (`runner.postScriptGC`). Under a class of 30 on
    /svm, even with the libraries frozen, that was 23 % of the server's CPU (py-spy: ~9 reruns a second, each
    collection walking the ~90 000 objects of 30 sessions). Here the full collection runs every KEEPER_SECONDS
    in the memory keeper thread instead, whatever the number of reruns; between them Python's own generational
    collector keeps collecting young garbage after every few hundred allocations, as in any Python program.
    Garbage that lives through several young collections waits at most KEEPER_SECONDS for the next full one."""
    from streamlit import config

    config.set_option("runner.postScriptGC", False, where_defined=__name__)


M_ARENA_MAX, M_MMAP_THRESHOLD = -8, -3  # mallopt parameters from glibc's <malloc.h>
KEEPER, KEEPER_SECONDS = "kernelscope-memory-keeper", 15
_TRIM = []  # glibc's malloc_trim, when there is one
_DONE = []  # set_up has run in this process


def set_up():
    """Once per process (later calls do nothing). One BLAS thread per computation: a class of students shares two
    cores, and many small solves in parallel sessions are faster (and far steadier) than every solve fighting for
    every core."""
    if _DONE:
        return
    _DONE.append(True)
    threadpool_limits(1)
    _freeze_the_libraries()
    _collect_on_a_schedule()
    _return_freed_memory_to_the_system()
    _lighter_chart_json()
    _one_wake_up_per_batch_of_messages()
    from .class_gate import install
    from .server import answer_unknown_fragments, quiet_forged_values

    install()                    # a class's lecturer first (ui.class_gate)

    answer_unknown_fragments()   # also here: a server started some other way than through app.py's st.App
    quiet_forged_values()


def _one_wake_up_per_batch_of_messages():
    """A session's script thread hands every message it sends (one per element, 40 on a /svm slider move) to the
    server's event loop with `loop.call_soon_threadsafe`, which wakes the loop by writing a byte into its self-pipe:
    a system call per element, during which the thread lets go of the interpreter lock; under a class the other
    sessions' threads take it in between. Here a session's callbacks wait in its own queue and one wake-up runs all
    that arrived meanwhile, in order; a callback that raises is reported as asyncio reports it and the rest still run.
    30 students on /svm (bench.load, the same machine, servers side by side): median rerun 71 and 65 ms -> 54 and
    46 ms; one student alone unchanged (16-18 ms). (Streamlit's AppSession._call_soon_on_event_loop, pinned
    streamlit; tests/test_setup.py checks it took.)"""
    import collections

    from streamlit.runtime.app_session import AppSession

    original = AppSession._call_soon_on_event_loop
    if getattr(original, "_batched", False):  # once per process
        return

    def call_soon_on_event_loop(self, callback):
        batch = self.__dict__.get("_ks_batch")
        if batch is None:  # a session's first callback: its queue (setdefault is atomic under the GIL)
            batch = self.__dict__.setdefault("_ks_batch", _Batch(collections.deque(), threading.Lock()))
        with batch.lock:
            batch.queue.append(callback)
            if batch.scheduled:
                return
            batch.scheduled = True
        try:
            original(self, lambda: _run_batch(self._event_loop, batch))
        except BaseException:
            with batch.lock:
                batch.scheduled = False
            raise

    original_rerun = AppSession.request_rerun

    def request_rerun(self, client_state):
        # The session's waiting messages first. A run that ended with no rerun asked for stops its runner; a rerun
        # asked for then gets a new runner, and the session drops every message of the old one that the loop has
        # not handled yet (AppSession: "sent by a non-current ScriptRunner; ignore it"). On a busy server a click's
        # run could end, and a follower's wake arrive, before the loop took the run's elements and its end: the
        # page kept the click's earlier output (a poll's "Your answer A is counted" after B counted).
        batch = self.__dict__.get("_ks_batch")
        if batch is not None and _on_loop(self._event_loop):
            _run_batch(self._event_loop, batch, settle=False)
        return original_rerun(self, client_state)

    call_soon_on_event_loop._batched = True
    AppSession._call_soon_on_event_loop = call_soon_on_event_loop
    AppSession.request_rerun = request_rerun


def _on_loop(loop):
    """Whether this code runs on `loop`'s thread, in its callback."""
    import asyncio

    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


class _Batch:
    """A session's callbacks waiting for the event loop, and whether a run of them is scheduled."""

    def __init__(self, queue, lock):
        self.queue, self.lock, self.scheduled = queue, lock, False


def _run_batch(loop, batch, settle=True):
    """On the event loop: run the batch's callbacks in order, also those that arrive while it runs. `settle`: the
    scheduled run, which lets the next callback schedule another (a run ahead of it leaves that to it)."""
    while True:
        with batch.lock:
            if not batch.queue:
                if settle:
                    batch.scheduled = False
                return
            callback = batch.queue.popleft()
        try:
            callback()
        except Exception as err:  # as asyncio reports an exception in a callback; the others still run
            loop.call_exception_handler({"message": "Exception in a session's event-loop callback",
                                         "exception": err})


def _lighter_chart_json():
    """st.plotly_chart serialises a figure with plotly.io.to_json, which writes every "/" as "\\u002f" (six bytes
    for one) so the JSON can sit inside an HTML <script>. Numeric arrays travel as base64, where one character in
    64 is a "/": a 120 x 120 Gram heatmap carried ~6 KB of escapes (7 %) on every slider move. The escape is not
    needed: "<" is still escaped, so no "</script>" can appear, and Streamlit sends the JSON in a protobuf message,
    not in HTML. plotly's private table of escapes (pinned plotly; tests/test_setup.py checks it took)."""
    from plotly.io import _json

    _json._swap_json = tuple(pair for pair in _json._swap_json if pair[0] != "/")
    _json._swap_orjson = tuple(pair for pair in _json._swap_orjson if pair[0] != "/")


def serving():
    """Called where the ASGI server imports app.py, before it serves anything: the middleware of ui.server (Host check,
    metrics switch) for st.App, and, once per process, the process-wide changes that must be in place before the
    first session: unknown fragments answered, and st.navigation mode from the first session on (see `launch`)."""
    from streamlit.runtime.pages_manager import PagesManager

    from .server import answer_unknown_fragments, middleware, quiet_forged_values

    PagesManager.uses_pages_directory = False
    answer_unknown_fragments()
    quiet_forged_values()
    return middleware()


def launch(script, argv):
    """`python app.py [--section.option value ...]`: serve `script` with Streamlit, in st.navigation mode from the
    first session on, with the class's HTTP route beside it (ui.room_routes, through st.App). Streamlit switches to
    its old pages-folder mode when a folder named `pages` sits beside the script, until some session's script has
    called st.navigation; every session that opens before then runs a first pass in that mode, and one that opened a
    section's address (a shared link) is told "Page not found". Setting the mode before the server starts leaves no
    such window. The options are `streamlit run`'s (e.g. --server.port 8600)."""
    import sys

    import streamlit as st
    from streamlit.runtime.pages_manager import PagesManager

    from .room_routes import ROUTES

    try:
        options = run_options(argv)
    except ValueError as err:
        sys.exit(f"app.py: {err}")
    PagesManager.uses_pages_directory = False
    st.App(script, routes=ROUTES, middleware=serving()).run(config=options)


def run_options(argv):
    """{"server.port": 8600, ...} from ["--server.port", "8600", "--server.headless=true", ...], each value of its
    option's type; ValueError for anything else."""
    from streamlit import config

    options, args = {}, list(argv)
    while args:
        flag = args.pop(0)
        if not flag.startswith("--") or len(flag) < 3:
            raise ValueError(f"expected an option such as --server.port 8600, got {flag!r}")
        name, _, value = flag[2:].partition("=")
        if not _:
            if not args:
                raise ValueError(f"--{name} needs a value")
            value = args.pop(0)
        option = config._config_options_template.get(name)
        if option is None:
            raise ValueError(f"unknown option --{name}")
        kind = option.type
        if kind is bool:
            if value.lower() not in ("true", "false"):
                raise ValueError(f"--{name} is true or false")
            options[name] = value.lower() == "true"
        elif kind in (int, float):
            options[name] = kind(value)
        else:
            options[name] = value
    return options
