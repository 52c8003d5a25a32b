"""Page scripts: an st.components.v2 component whose JavaScript (a file beside this module) acts on the page and draws
nothing, so the container the caller keys `key` takes no room (the presentation keys, the current topic's mark, the
history entries, the accessibility fitter)."""
from pathlib import Path

import streamlit as st


def page_script(name, js_file, key, css=""):
    """The component "kernelscope.<name>" running `js_file`; its container, keyed `key…`, hidden; `css` besides."""
    hide = f"""[class*="st-key-{key}"] {{
  display: none;
}}"""   # inline CSS over several lines (Streamlit reads a one-line string as a file path)
    return st.components.v2.component(f"kernelscope.{name}", js=(Path(__file__).parent / js_file).read_text(),
                                      css=hide + ("\n" + css if css else ""), isolate_styles=False)
