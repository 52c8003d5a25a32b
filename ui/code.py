"""'Show the code': the kernel_core source that produced a result, under the result."""
import inspect
import sys
import threading
from functools import lru_cache
from pathlib import Path

import streamlit as st

_LOCK = threading.Lock()


@lru_cache(maxsize=256)
def source(obj):
    """The source of a function or class, read once per process. inspect.getsource parses with `ast`,
    which is not thread-safe on CPython 3.11 (many sessions at once can crash it), hence the lock."""
    with _LOCK:
        return inspect.getsource(obj)


def show_code(*objects, label="Show the code"):
    """An expander with the source of `objects`. Lazy: the code is sent only while the expander is open (opening
    it reruns the page, or only the fragment it sits in), so a slider move does not re-send every listing of the
    page. Its key is the calling line, which stays the same on every rerun whatever the objects are."""
    caller = sys._getframe(1)
    where = Path(caller.f_code.co_filename)
    key = f"code_{where.parent.name}_{where.stem}_{caller.f_lineno}"
    with st.expander(label, key=key, on_change="rerun") as box:
        if box.open:
            for obj in objects:
                st.code(source(obj), language="python")
