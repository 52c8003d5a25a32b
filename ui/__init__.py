"""Streamlit + Plotly glue shared by the pages: theme, controls, state, figures, "show the code".

Pages call `ui` for widgets and figures and `kernel_core` (through `ui.compute`'s cached wrappers)
for numbers; `kernel_core` never sees a widget.
"""

import ctypes
import threading
import time

from threadpoolctl import threadpool_limits

# One BLAS thread per computation: a class of students shares two cores, and many small solves in
# parallel sessions are faster (and far steadier) than every solve fighting for every core.
threadpool_limits(1)


def _return_freed_memory_to_the_system():
    """Every session's script runs in its own thread, and glibc's malloc gives threads their own arenas
    (up to 8 per core) that keep freed memory; its mmap threshold also grows after large arrays are freed,
    so later large arrays stay on the heap. A class moving sliders over large-n fits then leaves the
    server's RSS climbing long after the work is done (bench.soak). Two arenas and a fixed 64 KB mmap
    threshold (numpy grids and cached figures are mmapped and given back when freed) keep it flat. Freed chunks in the
    middle of an arena still count in RSS until `malloc_trim` hands their pages back: a daemon thread does
    that every TRIM_SECONDS. glibc only."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(M_ARENA_MAX, 2)
        libc.mallopt(M_MMAP_THRESHOLD, 64 * 1024)
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # not glibc (macOS, Windows, musl): nothing to tune
        return

    def trim_forever():
        while True:
            time.sleep(TRIM_SECONDS)
            trim(0)

    name = "kernelscope-malloc-trim"
    if not any(t.name == name for t in threading.enumerate()):  # once per process, also if `ui` is re-imported
        threading.Thread(target=trim_forever, name=name, daemon=True).start()


M_ARENA_MAX, M_MMAP_THRESHOLD = -8, -3  # mallopt parameters from glibc's <malloc.h>
TRIM_SECONDS = 20
_return_freed_memory_to_the_system()
