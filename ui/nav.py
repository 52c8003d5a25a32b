"""Moving through the app: the Prev / Next links at the end of every section (from the TOPICS table) and, in
presentation mode, PageDown / PageUp to the next / previous section."""
from pathlib import Path

import streamlit as st

from pages import HOME, find, neighbours

from .classroom import presenting

KEYS_CSS = """[class*="st-key-nav_keys"] { display: none; }"""
_KEYS = st.components.v2.component("kernelscope.nav_keys", js=(Path(__file__).parent / "nav_keys.js").read_text(),
                                   css=KEYS_CSS, isolate_styles=False)


def _label(pair, arrow):
    topic, section = pair
    title = section.title if len(topic.sections) > 1 else topic.title
    return f"{arrow} {topic.icon} {title}"


def section_footer(module):
    """Prev / Next links of the section whose file is `module` (call last in the section)."""
    prev, nxt = neighbours(module)
    left, right = st.columns(2)
    with left, st.container(key="nav_prev"):
        if prev:
            st.page_link(prev[1].module, label=_label(prev, "←"))
        else:
            st.page_link(HOME, label="← 🔭 Home")
    with right, st.container(key="nav_next", horizontal_alignment="right"):
        if nxt:
            st.page_link(nxt[1].module, label=_label(nxt, "→"))
        else:
            st.page_link(HOME, label="→ 🔭 Home")
    if presenting():
        with st.container(key="nav_keys"):
            _KEYS(key="nav_keys_listener", data={"enabled": True})


def section_header(module):
    """The section's title line: topic › section (one line, so the picture starts high on the screen)."""
    topic, section = find(module)
    if len(topic.sections) > 1:
        st.markdown(f"#### {topic.icon} {topic.title} › {section.title}")
    else:
        st.markdown(f"#### {topic.icon} {topic.title}")
