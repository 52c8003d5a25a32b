"""`st.cache_data` with a fast key, for every cached call of the pages.

Streamlit hashes a cached function's arguments with its own general-purpose hasher, which walks every
tuple, dict and array element by element in Python: on the SVM page that was the largest part of a rerun
whose fits were all cache hits (a fit result holds a 120² decision surface and a dozen arrays). Here the
arguments are digested in one pass with BLAKE2b (arrays as their raw bytes, with dtype and shape) and
only that digest goes to `st.cache_data`; the arguments themselves travel in a parameter whose name starts
with an underscore, which Streamlit does not hash. Everything else is Streamlit's: the shared memory budget
(`server.maxCacheDataSize`), `max_entries`, copies on every hit, `.clear()`.
"""
import functools
import hashlib
import inspect
import pickle

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


def cache_data(max_entries, show_spinner=False):
    """Decorator like `st.cache_data(max_entries=..., show_spinner=...)`, keyed by `fingerprint` of the
    arguments. The cache keeps the function's module and name, so each function has its own entries."""
    def decorate(func):
        def keyed(key, _call):
            args, kwargs = _call
            return func(*args, **kwargs)

        keyed.__module__, keyed.__name__, keyed.__qualname__ = func.__module__, func.__name__, func.__qualname__
        cached = st.cache_data(max_entries=max_entries, show_spinner=show_spinner)(keyed)
        code = fingerprint(inspect.getsource(func))  # an edited function (file watcher) gets fresh entries

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            # by keyword: Streamlit looks up the signature for every positional argument
            return cached(key=code + fingerprint((args, kwargs)), _call=(args, kwargs))

        wrapper.clear = cached.clear
        return wrapper

    return decorate
