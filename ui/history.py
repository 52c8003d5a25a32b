"""Browser Back / Forward: Back returns to the previous section as it was left, Forward to the next one.

Two halves. In the browser (ui/history.js), one history entry per section opened, holding the address the section
had when the student left it (Streamlit would push the old address without its settings, then the new path, then
the new address). On the server (`restore`), the settings of that address: Streamlit treats a Back / Forward as
"the address wins", but first drops from it every parameter last bound to a widget of another page, which is every
topic setting (the section just left drew the same setting with its own widget); without them the widgets would
fall back to their defaults."""
from urllib.parse import parse_qs

import streamlit as st

from .scripts import page_script

_HISTORY = page_script("history", "history.js", "history_entries")


def restore():
    """Call at the top of every run, before any widget: on a Back / Forward, put the parameters of the address the
    browser went to back into st.query_params and into the values the widgets start from."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx
    from streamlit.runtime.state import get_session_state

    ctx = get_script_run_ctx()
    if ctx is None or not getattr(ctx, "is_history_navigation", False):
        return
    params = st.query_params
    missing = {k: v for k, v in parse_qs(ctx.query_string or "", keep_blank_values=True).items() if k not in params}
    if not missing:
        return
    for key, values in missing.items():
        params[key] = values if len(values) > 1 else values[0]
    with get_session_state().query_params() as qp:
        qp.set_initial_query_params_from_current()


def entries():
    """Mount the browser half (once per full run; it installs itself once per tab)."""
    with st.sidebar.container(key="history_entries"):
        _HISTORY(key="history_entries_js")
