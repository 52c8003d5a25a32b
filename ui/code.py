"""'Show the code': the kernel_core source that produced a result, under the result."""
import inspect
import threading
from functools import lru_cache

import streamlit as st

_LOCK = threading.Lock()


@lru_cache(maxsize=256)
def source(obj):
    """The source of a function or class, read once per process. inspect.getsource parses with `ast`,
    which is not thread-safe on CPython 3.11 (many sessions at once can crash it), hence the lock."""
    with _LOCK:
        return inspect.getsource(obj)


def show_code(*objects, label="Show the code"):
    with st.expander(label):
        for obj in objects:
            st.code(source(obj), language="python")
