"""Page scripts: an st.components.v2 component whose JavaScript (a file beside this module) acts on the page and draws
nothing, so the container the caller keys `key` takes no room (the presentation keys, the current topic's mark, the
history entries, the accessibility fitter)."""
from pathlib import Path

import streamlit as st


def page_script(name, js_file, key, css=""):
    """The component "kernelscope.<name>" running `js_file`; its container, keyed `key…`, hidden; `css` besides.
    `js_file` may be a tuple of parts (one job each), joined in its order into the one ES module a component runs
    as text, where no `import` resolves (as ui/sweep.py joins the sweep's): they share one scope, the part with the
    `export default` last."""
    hide = f"""[class*="st-key-{key}"] {{
  display: none;
}}"""   # inline CSS over several lines (Streamlit reads a one-line string as a file path)
    parts = (js_file,) if isinstance(js_file, str) else js_file
    js = "\n".join((Path(__file__).parent / part).read_text() for part in parts)
    return st.components.v2.component(f"kernelscope.{name}", js=js,
                                      css=hide + ("\n" + css if css else ""), isolate_styles=False)
