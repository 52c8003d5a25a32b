"""The pages in the app's navigation, read from the topics table (pages.TOPICS), and AppTest helpers shared by
page tests."""
from pathlib import Path

from streamlit.testing.v1 import AppTest

from pages import HOME, sections, url_path

ROOT = Path(__file__).resolve().parents[1]


def navigation():
    """[(file, url_path)]: Home, then every section in the order of the path through the app."""
    return [(HOME, "")] + [(s.module, url_path(t, s)) for t, s in sections()]


def open_page(file, timeout=60, query=None):
    """AppTest of the whole app (sidebar included), switched to `file`; with `query`, a fresh session opening a link
    with these query parameters."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=timeout)
    at.query_params.update(query or {})
    at.run()
    if file != navigation()[0][0]:
        at.switch_page(file).run()
    return at


def page_errors(at):
    """Exceptions shown by the page, as text (empty when the page is healthy)."""
    return [e.value for e in at.exception]


def set_widget(widget, choice):
    """Apply a choice from `values_to_try`: ("index", i) selects an option, anything else is a value."""
    if isinstance(choice, tuple) and len(choice) == 2 and choice[0] == "index":
        widget.select_index(choice[1])
    else:
        widget.set_value(choice)


def values_to_try(widget):
    """A few values for a widget: both ends of a slider, every option of a select (capped)."""
    kind = type(widget).__name__
    if kind == "Selectbox":  # options are the formatted labels; choose by index
        return [("index", i) for i in range(min(len(widget.options), 8))]
    if kind == "Slider":
        return [widget.min, widget.max]
    if kind == "SelectSlider":  # AppTest exposes the formatted options; convert back to the value's type
        cast = type(widget.value)
        return [cast(widget.options[0]), cast(widget.options[-1])]
    if kind == "Radio":
        return list(widget.options)[:8]
    if kind == "NumberInput":
        return [v for v in (widget.min, widget.max) if v is not None]
    if kind in ("Checkbox", "Toggle"):
        return [not widget.value]
    return []


def interactive_widgets(at):
    """The widgets a student can change now (a disabled one is greyed out in the browser; AppTest refuses it too)."""
    return [w for w in (*at.slider, *at.select_slider, *at.selectbox, *at.radio, *at.number_input, *at.checkbox,
                        *at.toggle) if not w.disabled]


def values(a):
    """A Plotly array from the figure JSON: a list, or {"dtype", "bdata"} (base64 of the numpy bytes)."""
    import base64

    import numpy as np

    return np.frombuffer(base64.b64decode(a["bdata"]), a["dtype"]) if isinstance(a, dict) else np.asarray(a)
