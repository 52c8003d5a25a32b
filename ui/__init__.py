"""Streamlit + Plotly glue shared by the pages: theme, controls, state, figures, "show the code".

Pages call `ui` for widgets and figures and `kernel_core` (through `ui.compute`'s cached wrappers)
for numbers; `kernel_core` never sees a widget.
"""

from threadpoolctl import threadpool_limits

# One BLAS thread per computation: a class of students shares two cores, and many small solves in
# parallel sessions are faster (and far steadier) than every solve fighting for every core.
threadpool_limits(1)
