"""Moving through the app: the Prev / Next links at the end of every section and Home's link to the first section
(from the TOPICS table) and, in presentation mode, PageDown / PageUp to the next / previous section."""
from pathlib import Path

import streamlit as st

from pages import HOME, find, neighbours, sections

from .classroom import presenting
from .scripts import page_script

_KEYS = page_script("nav_keys", "nav_keys.js", "nav_keys")
_MARK = page_script("nav_mark", "nav_mark.js", "nav_mark", css="""[data-testid="stTopNavSection"][aria-current="true"] {
  box-shadow: inset 0 -3px 0 #0072B2;
  font-weight: 700;
}""")

ROOT = Path(__file__).resolve().parents[1]


def _module(file):
    """A section's file as TOPICS names it ("pages/svm/margins.py"), from its __file__ or that name itself."""
    path = Path(file)
    return path.resolve().relative_to(ROOT).as_posix() if path.is_absolute() else path.as_posix()


def _label(pair, arrow):
    topic, section = pair
    title = section.title if len(topic.sections) > 1 else topic.title
    return f"{arrow} {topic.icon} {title}"


def section_footer(file):
    """Prev / Next links of the section whose file is `file` (pass `__file__`; call last in the section). The topic's
    settings go along in the session (ui.settings.carry), not in the link: Streamlit drops a parameter bound to a
    widget of another page from the address of the page it opens."""
    prev, nxt = neighbours(_module(file))
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
    _keys()


def home_footer():
    """Home's link to the first section of the path (PageDown follows it when presenting)."""
    first = sections()[0]
    with st.container(key="nav_next", horizontal_alignment="right"):
        st.page_link(first[1].module, label=f"Start: {_label(first, '→')}")
    _keys()


def _keys():
    """PageDown / PageUp follow this page's Next / Prev link, in presentation mode (ui/nav_keys.js)."""
    if presenting():
        with st.container(key="nav_keys"):
            _KEYS(key="nav_keys_listener", data={"enabled": True})


def section_header(file):
    """The section's title line: topic › section (one line, so the picture starts high on the screen). Presenting,
    the topic by its short name, as the top menu names and marks it: a long title beside the corner's "Predict, then
    check" button would take a second line from the picture."""
    topic, section = find(_module(file))
    name = topic.short if presenting() else topic.title
    if len(topic.sections) > 1:
        st.markdown(f"#### {topic.icon} {name} › {section.title}")
    else:
        st.markdown(f"#### {topic.icon} {name}")


def mark_topic(topic=None):
    """The top menu marks `topic` (the open section's, None on Home) as the current one: aria-current and an
    underline (ui/nav_mark.js). Call once per full run."""
    with st.sidebar.container(key="nav_mark"):
        _MARK(key="nav_mark_js", data={"label": f"{topic.icon} {topic.short}" if topic else ""})
