"""Keep every page inside app.py's navigation and sidebar."""
import streamlit as st
from streamlit.runtime.pages_manager import PagesManager


def require_app_shell():
    """Call first in every page. On a cold server Streamlit still treats `pages/` as an old-style
    multipage folder until app.py has called st.navigation once, so a shared link such as /kernels
    would run the page alone, without the app's navigation and sidebar. Switch the process to
    st.navigation mode and rerun, which goes through app.py to the same URL."""
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()
