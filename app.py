"""Kernelscope: the entry script. Page config, the process-wide set-up, the navigation built from the topics
table, the shared sidebar; nothing else.

The same file is the server: `streamlit run app.py` finds the st.App below and serves it (Streamlit's ASGI entry,
with the class's route of ui.room_routes and the guards of ui.server), `python app.py [options]` starts the same
App, and every session runs this file as its script (there `__name__` is "__main__" and the runtime exists)."""
import sys

import streamlit as st
from streamlit import runtime as streamlit_runtime

if __name__ != "__main__":  # imported by the ASGI server: serve this file with the guards
    from ui.room_routes import ROUTES
    from ui.runtime import serving

    app = st.App(__file__, routes=ROUTES, middleware=serving())
elif not streamlit_runtime.exists():  # `python app.py [options]`: start the server (the README's command)
    from ui.runtime import launch

    launch(__file__, sys.argv[1:])
else:  # a session's run
    from pages import HOME, TOPICS, setting_keys, topic_keys, url_path
    from ui import history, runtime
    from ui.accessibility import ACCESSIBLE_CSS, accessibility
    from ui.cache import turn_of_run
    from ui.classroom import classroom_css, classroom_sidebar, link_to_view, presenting
    from ui.data import dataset_sidebar
    from ui.links import clean_link, link_notes
    from ui.live_class import live_class
    from ui.nav import mark_topic
    from ui.phone import PHONE_CSS
    from ui.poll_view import poll_panel
    from ui.settings import carry
    from ui.styles import style

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
    style(*classroom_css(), ACCESSIBLE_CSS, PHONE_CSS)   # before anything is drawn, so nothing is drawn unstyled
    opening = "session_opened" not in st.session_state   # the session's first run takes its turn among opens
    st.session_state["session_opened"] = True
    with turn_of_run(opening):   # an open or a run on large data gives its time back to the class
        live_class(page)
        poll_panel()
        carry(setting_keys())
        dataset_sidebar()
        link_slot = classroom_sidebar()
        link_notes()
        history.entries()
        mark_topic(topic_of.get(page.url_path))
        accessibility()
        page.run()
        link_to_view(link_slot, topic_keys(topic_of[page.url_path]) if page.url_path in topic_of else ())
