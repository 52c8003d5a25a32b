"""Streamlit + Plotly glue shared by the pages: theme, controls, state, figures, "show the code".

Pages call `ui` for widgets and figures and `kernel_core` (through `ui.compute`'s cached wrappers)
for numbers; `kernel_core` never sees a widget.
"""
