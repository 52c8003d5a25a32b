"""The app's own CSS, sent in the script's order.

`st.html` with nothing but <style> goes to Streamlit's event container, which the browser draws only when the run
has ended: for the whole first run (seconds on a cold cache) the page showed Streamlit's faint captions and, on a
projector, the laptop layout. Markdown (Streamlit's own text element, loaded with the page, unlike st.html's code)
is drawn as it arrives; its element container hides itself (display: none, so no gap), and it stands in the
sidebar, which Streamlit draws even when collapsed."""
import re

import streamlit as st

_HIDE = '[data-testid="stElementContainer"]:has(.ks-css) { display: none; }'
_TAGS = re.compile(r"</?style>")


def style(*blocks):
    """Apply `blocks` (CSS, with or without their <style> tags) to the whole page from now on. One <style> element
    that opens the text: Markdown then passes everything up to its </style> through untouched (a blank line or a
    `*` in the CSS would otherwise be read as Markdown)."""
    css = "\n".join(_TAGS.sub("", b) for b in (_HIDE, *blocks))
    st.sidebar.markdown(f'<style>\n{css}\n</style><span class="ks-css" hidden></span>', unsafe_allow_html=True)
