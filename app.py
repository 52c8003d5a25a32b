"""Kernelscope: the entry script. Page config, the process-wide set-up, the navigation built from the topics
table, the shared sidebar; nothing else."""
import sys

import streamlit as st
from streamlit import runtime as streamlit_runtime

if not streamlit_runtime.exists():  # `python app.py [options]`: start the server (the README's command)
    from ui.runtime import launch

    launch(__file__, sys.argv[1:])

from pages import HOME, TOPICS, setting_keys, topic_keys, url_path  # noqa: E402  (after the launcher)
from ui import history, runtime  # noqa: E402
from ui.classroom import classroom_sidebar, link_to_view, presenting  # noqa: E402
from ui.data import dataset_sidebar  # noqa: E402
from ui.links import clean_link, link_notes  # noqa: E402
from ui.nav import mark_topic  # noqa: E402
from ui.settings import carry  # noqa: E402

runtime.set_up()
history.restore()
clean_link()
st.set_page_config(page_title="Kernelscope", page_icon="🔭", layout="wide",
                   initial_sidebar_state="collapsed" if presenting() else "auto")
topic_of = {url_path(t, s): t for t in TOPICS for s in t.sections}
page = st.navigation(
    {"": [st.Page(HOME, title="Home", icon="🔭", url_path="", default=True)],
     **{f"{t.icon} {t.short}": [st.Page(s.module, title=s.title, url_path=url_path(t, s)) for s in t.sections]
        for t in TOPICS}},
    position="top")
carry(setting_keys())
dataset_sidebar()
link_slot = classroom_sidebar()
link_notes()
history.entries()
mark_topic(topic_of.get(page.url_path))
page.run()
link_to_view(link_slot, topic_keys(topic_of[page.url_path]) if page.url_path in topic_of else ())
