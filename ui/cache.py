"""`st.cache_data` with a fast key, for every cached call of the pages.

Streamlit hashes a cached function's arguments with its own general-purpose hasher, which walks every
tuple, dict and array element by element in Python: on the SVM page that was the largest part of a rerun
whose fits were all cache hits (a fit result holds a 120² decision surface and a dozen arrays). Here the
arguments are digested in one pass with BLAKE2b (arrays as their raw bytes, with dtype and shape) and
only that digest goes to `st.cache_data`; the arguments themselves travel in a parameter whose name starts
with an underscore, which Streamlit does not hash. Everything else is Streamlit's: the shared memory budget
(`server.maxCacheDataSize`), `max_entries`, copies on every hit, `.clear()`.

Heavy work is spaced out between sessions (issue 34: one student opening a section with a 2 000-point link
again and again, in a new session each time, took the interpreter the class's reruns share). Work is on large data
when a cached call's arguments have more than BIG_ROWS rows, or an earlier call of the run returned such data (a
link's points read by key). A run that computes on large data (a cache miss) owes its time: the next miss on large
data of *another* session waits until that time has been given back twice over (at most MAX_WAIT_S), when a third
session has used the cache in the last BUSY_S seconds (someone to give it to). A whole run counts (`turn_of_run`
around the page: the subsampled work beside the large fit, the figures); a fragment's rerun counts its misses. So
one session's large data never waits for itself, the class's small misses and a follower's cache hits never wait
or owe, nobody waits on an idle server, and two students with large data take turns, each getting at most a third
of the server while others are using it.

Opening a section is spaced out the same way, whatever its data (a student opening sections again and again, in a new
session each time, takes the interpreter from the class even when each open is light). A session's first run owes its
time: while settled sessions (open for SETTLED_S or more) have used the cache in the last BUSY_S seconds, another
session's first run waits, before it starts, until six times that time has gone by since it ended (at most
OPEN_WAIT_S). The class's reruns and navigation never wait for an open, opens at once on a quiet server or at the start
of a class (nobody settled and busy yet) never wait, and one client opening again and again gets at most a seventh of
the server's script time (OPEN_SHARE). That is less than heavy work's third because an open costs the server more than
its run: the connection, the new session and the sending of a whole page, about as long again as a light section's
run, are not counted in it.
"""
import contextlib
import functools
import hashlib
import inspect
import pickle
import threading
import time

import numpy as np
import streamlit as st

_SCALARS = (bool, int, float, complex, type(None), np.generic)


def fingerprint(obj):
    """A digest of nested tuples, lists, dicts, strings, numbers, None and numpy arrays. Values that are
    equal as the page sees them get the same digest; a different type, dtype, shape or value gets another."""
    parts = []
    _parts(obj, parts)
    return hashlib.blake2b(b"".join(parts), digest_size=20).hexdigest()


def _parts(obj, out):
    """Append the bytes that describe obj to out (each with its type and length, so no two values collide)."""
    t = type(obj)
    if t is np.ndarray:
        a = np.ascontiguousarray(obj)
        out.append(b"A%s%s;" % (a.dtype.str.encode(), repr(a.shape).encode()))
        if a.dtype.hasobject:
            _parts(a.tolist(), out)
        else:
            out.append(a.view(np.uint8).reshape(-1).data if a.size else b"")
    elif t is str:
        b = obj.encode("utf-8", "surrogatepass")
        out.append(b"S%d;" % len(b))
        out.append(b)
    elif t in (tuple, list):
        out.append(b"%s%d;" % (t.__name__.encode(), len(obj)))
        for item in obj:
            _parts(item, out)
    elif t is dict:
        out.append(b"D%d;" % len(obj))
        for k, v in obj.items():
            _parts(k, out)
            _parts(v, out)
    elif isinstance(obj, _SCALARS):
        out.append(b"%s:%s;" % (t.__name__.encode(), repr(obj).encode()))
    elif t is bytes:
        out.append(b"B%d;" % len(obj))
        out.append(obj)
    else:
        try:  # a frozen dataclass or the like: its pickle, which is stable within one server process
            b = pickle.dumps(obj, protocol=5)
        except Exception as err:
            raise TypeError(f"A cached call cannot use an argument of type {t.__name__} as part of its key.") from err
        out.append(b"P%s%d;" % (t.__qualname__.encode(), len(b)))
        out.append(b)


BIG_ROWS = 400     # data with more rows than this is large (the sections' default data sets have 20-300)
SHARE = 1 / 3      # the part of the server's time heavy work of one session takes while another's follows
MAX_WAIT_S = 3.0   # the longest a heavy miss waits for its turn
BUSY_S = 2.0       # a session that used the cache this recently is one the server's time is given back to
SETTLED_S = 1.0    # a session opened this long ago is settled: an open gives its time back to it
OPEN_WAIT_S = 1.0  # the longest a session's first run waits for its turn
OPEN_SHARE = 1 / 7  # the part of a busy server's script time a client opening sessions again and again takes


class _Turns:
    """When the next heavy miss of another session may start: the shared state of `gated`."""
    lock = threading.Lock()
    free_at = 0.0
    session = None
    seen = {}                    # session -> when it last used the cache (the sessions the server is busy with)
    opened = {}                  # session -> when its first run started, while it is not settled
    open_at = 0.0                # when the next session's first run may start
    inside = threading.local()   # a cached call inside a cached call is part of the outer one's turn
    run = threading.local()      # this thread's page run: did it meet large data, how long it waited


def rows(args):
    """The most rows of any array (or list of points) among the values `args` (a call's arguments), each looked
    into one level deep (a data key such as ("own", points) counts its points)."""
    most = 0
    for a in args:
        items = a.values() if isinstance(a, dict) else [a]
        for item in items:
            for v in ([item, *item] if isinstance(item, (tuple, list)) and len(item) < 16 else [item]):
                if isinstance(v, np.ndarray) and v.ndim:
                    most = max(most, v.shape[0])
                elif isinstance(v, (tuple, list)):
                    most = max(most, len(v))
    return most


def _session():
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    return ctx.session_id if ctx else None


def seen():
    """Note that this run's session uses the cache now (every cached call, hit or miss): the sessions the server is
    busy with."""
    session, now = _session(), time.monotonic()
    with _Turns.lock:
        if len(_Turns.seen) > 1000:   # forget the sessions gone quiet, so the table stays small
            _Turns.seen = {k: t for k, t in _Turns.seen.items() if now - t < BUSY_S}
        _Turns.seen[session] = now


def _owe(seconds, end):
    """This session's heavy work of `seconds`, ended at `end`: the next session's turn comes after it is given back."""
    session = _session()
    with _Turns.lock:
        _Turns.free_at = max(_Turns.free_at, end) + seconds * (1 / SHARE - 1)
        _Turns.session = session


def _open_wait():
    """How long a session's first run waits for its turn (see the module's docstring), noting it as opened."""
    session, now = _session(), time.monotonic()
    with _Turns.lock:
        _Turns.opened = {k: t for k, t in _Turns.opened.items() if now - t < SETTLED_S}
        _Turns.opened[session] = now
        settled_busy = any(now - t < BUSY_S for k, t in _Turns.seen.items()
                           if k != session and k not in _Turns.opened)
        return min(_Turns.open_at - now, OPEN_WAIT_S) if settled_busy else 0.0


@contextlib.contextmanager
def turn_of_run(opening=False):
    """Around a page's run: when the run computed on large data, the whole run's time (less its wait) is what it
    owes; when it is the session's first run (`opening`), it waits for its turn among opens and owes its time to
    the next."""
    _Turns.run.state = state = {"big": False, "missed": False, "waited": 0.0}
    wait = _open_wait() if opening else 0.0
    if wait > 0:
        time.sleep(wait)   # releases the interpreter to the class's reruns
    start = time.monotonic()
    try:
        yield
    finally:
        _Turns.run.state = None
        end = time.monotonic()
        if opening:
            with _Turns.lock:
                _Turns.open_at = max(_Turns.open_at, end + (end - start) * (1 / OPEN_SHARE - 1))
        if state["missed"]:   # (a run of cache hits on large data, a follower's say, owes nothing)
            _owe(end - start - state["waited"], end)


def gated(func, args, kwargs):
    """func(*args, **kwargs), a cache miss: when its data is large, in its turn (see the module's docstring)."""
    run = getattr(_Turns.run, "state", None)
    if getattr(_Turns.inside, "on", False) or not (rows([*args, *kwargs.values()]) > BIG_ROWS or (run and run["big"])):
        return func(*args, **kwargs)
    session, now = _session(), time.monotonic()
    with _Turns.lock:
        others = any(now - t < BUSY_S for k, t in _Turns.seen.items() if k not in (session, _Turns.session))
        wait = min(_Turns.free_at - now, MAX_WAIT_S) if others and _Turns.session != session else 0.0
    if run is not None and run["waited"]:
        wait = 0.0   # a run waits for its turn once
    if wait > 0:
        time.sleep(wait)   # releases the interpreter to the class's reruns
        if run is not None:
            run["waited"] += wait
    if run is not None:
        run["big"] = run["missed"] = True
    _Turns.inside.on = True
    start = time.monotonic()
    try:
        return func(*args, **kwargs)
    finally:
        _Turns.inside.on = False
        if run is None:   # a fragment's rerun: this miss is what it owes
            end = time.monotonic()
            _owe(end - start, end)


def cache_data(max_entries, show_spinner=False):
    """Decorator like `st.cache_data(max_entries=..., show_spinner=...)`, keyed by `fingerprint` of the
    arguments. The cache keeps the function's module and name, so each function has its own entries."""
    def decorate(func):
        def keyed(key, _call):
            args, kwargs = _call
            return gated(func, args, kwargs)

        keyed.__module__, keyed.__name__, keyed.__qualname__ = func.__module__, func.__name__, func.__qualname__
        cached = st.cache_data(max_entries=max_entries, show_spinner=show_spinner)(keyed)
        code = fingerprint(inspect.getsource(func))  # an edited function (file watcher) gets fresh entries

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            seen()
            # by keyword: Streamlit looks up the signature for every positional argument
            result = cached(key=code + fingerprint((args, kwargs)), _call=(args, kwargs))
            run = getattr(_Turns.run, "state", None)
            if run is not None and not run["big"] and rows([result]) > BIG_ROWS:
                run["big"] = True   # a large data set (read from a link, say): the run's later misses take turns
            return result

        wrapper.clear = cached.clear
        return wrapper

    return decorate
