"""Kernelscope: the entry script. Page config, the process-wide set-up, the navigation built from the topics
table, the shared sidebar; nothing else."""
import streamlit as st

from pages import HOME, TOPICS, setting_keys, url_path
from ui import runtime
from ui.classroom import classroom_sidebar, presenting
from ui.data import dataset_sidebar
from ui.settings import carry

runtime.set_up()
st.set_page_config(page_title="Kernelscope", page_icon="🔭", layout="wide",
                   initial_sidebar_state="collapsed" if presenting() else "auto")
page = st.navigation(
    {"": [st.Page(HOME, title="Home", icon="🔭", url_path="", default=True)],
     **{f"{t.icon} {t.title}": [st.Page(s.module, title=s.title, url_path=url_path(t, s)) for s in t.sections]
        for t in TOPICS}},
    position="top")
carry(setting_keys())
dataset_sidebar()
classroom_sidebar()
page.run()
