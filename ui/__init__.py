"""Streamlit + Plotly glue shared by the pages: theme, controls, state, figures, "show the code".

Pages call `ui` for widgets and figures and `kernel_core` (through `ui.compute`'s cached wrappers)
for numbers; `kernel_core` never sees a widget.
"""

import ctypes

from threadpoolctl import threadpool_limits

# One BLAS thread per computation: a class of students shares two cores, and many small solves in
# parallel sessions are faster (and far steadier) than every solve fighting for every core.
threadpool_limits(1)


def _return_freed_memory_to_the_system():
    """Every session's script runs in its own thread, and glibc's malloc gives threads their own arenas
    (up to 8 per core) that keep freed memory; its mmap threshold also grows after large arrays are freed,
    so later large arrays stay on the heap. A class moving sliders over large-n fits then leaves the
    server's RSS climbing long after the work is done (bench.soak). Two arenas and a fixed 256 KB mmap
    threshold (large numpy buffers are mmapped and given back when freed) keep it flat. glibc only."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(M_ARENA_MAX, 2)
        libc.mallopt(M_MMAP_THRESHOLD, 256 * 1024)
    except (OSError, AttributeError):  # not glibc (macOS, Windows, musl): nothing to tune
        pass


M_ARENA_MAX, M_MMAP_THRESHOLD = -8, -3  # mallopt parameters from glibc's <malloc.h>
_return_freed_memory_to_the_system()
