"""A link's query parameters, read before any widget sees them: one function per kind (number, choice) answers a bad
value with a note and leaves the widget's default, never an exception and never a broken session.

Streamlit binds a widget to its parameter (`bind="query-params"`) and already ignores a value that is not one of
its options or is out of its range. What it does not survive, and what a hand-edited link can hold: numbers that
are not finite (`inf`, `nan`, `1e400`: an OverflowError in the number input), `-0` (kept as a negative zero that
scikit-learn rejects as a negative noise), and a choice written as its value or in other case than its label
(`data_preset=circles`, `svm_kernel=poly`) or as a label of an earlier version (`svm_kernel=Polynomial`, now
"Poly (PSD for r ≥ 0)") — which are read here as the label they mean. The student's points
(`pts`) and their class names (`pts_classes`) have their own readers (ui.points_link.decode_edits, decode_classes)."""
import math
import re

import streamlit as st

from kernel_core import CLASSIFICATION_DATASETS

from .kernel_choice import LABELS as KERNEL_LABELS
from .kernel_choice import OLD_LABELS as OLD_KERNEL_LABELS
from .points_io import MAX_ROWS

NOTES = "link_notes"   # session-state key of the notes shown after a link was opened
CLEANED = "link_cleaned"
POINTS = ("pts", "pts_classes")   # read by ui.points (a class name such as "-0" or "inf" is text, not a number)
# Characters a parameter's value may have: a setting's longest value (a kernel's label, a number) is under 40; the
# point lists carry up to MAX_ROWS points of at most ~52 characters each. Longer text is dropped with a note before
# anything reads it (no matching, parsing or widget seeding works on a value of megabytes).
MAX_TEXT = 100
MAX_POINTS_TEXT = MAX_ROWS * 52
LONG_TEXTS = {"pts": MAX_POINTS_TEXT, "kernel_ridge_pts": MAX_POINTS_TEXT}
MAX_VALUES = 20        # values of one parameter (a repeated key); a multi-choice widget writes one per choice
MAX_PARAMS = 200       # parameters of a link (the app writes at most a few dozen)
# Choices whose link value is the label a student sees: (what the key is, or ends with) -> {value: label}.
CHOICES = {
    "data_preset": {name: name.capitalize() for name in CLASSIFICATION_DATASETS},
    "_kernel": KERNEL_LABELS,
    "_kernel2": KERNEL_LABELS,
    "_kernel_eig": KERNEL_LABELS,
}
# Labels of earlier versions still read, per choice: {old label: value}.
OLD_CHOICES = {"_kernel": OLD_KERNEL_LABELS, "_kernel2": OLD_KERNEL_LABELS, "_kernel_eig": OLD_KERNEL_LABELS}


# A value as a projector's compact slider writes it into the address ("λ = 0.0001", "γ = 2": its value's label there);
# a laptop's slider of the same key writes the number alone and would not know the label.
SYMBOL_VALUE = re.compile(r"\s*[^\W\d]{1,2}\s*=\s*(\S+)\s*")


def number(text):
    """A link's number: a finite float, 0.0 for a negative zero; None when the text is a number that is not finite.
    Text that is no number at all is left to the widget (a choice, a toggle's true/false)."""
    try:
        value = float(text)
    except (TypeError, ValueError, OverflowError):
        return text
    if not math.isfinite(value):
        return None
    return 0.0 if value == 0 else value


def choice(text, options, old=None):
    """The label of `options` ({value: label}) that `text` names, as its value, its label or an earlier label (`old`:
    {old label: value}) in any case; None when none."""
    folded = str(text).strip().casefold()
    for value, label in options.items():
        if folded in (str(value).casefold(), str(label).casefold()):
            return label
    for label, value in (old or {}).items():
        if folded == str(label).casefold():
            return options[value]
    return None


def _name(key):
    """A parameter's name for a note: the app's own names are plain words; anything else is not echoed (a link's
    text is never rendered as Markdown)."""
    return key if re.fullmatch(r"[a-z][a-z0-9_]{0,40}", key) else "a parameter of the link"


def _options_for(key):
    """({value: label}, {old label: value}) of the choice bound to `key`; (None, None) when it is no choice."""
    for name, options in CHOICES.items():
        if key == name or (name.startswith("_") and key.endswith(name)):
            return options, OLD_CHOICES.get(name)
    return None, None


def cap_lengths(params):
    """Drop every parameter whose value is too long (MAX_TEXT characters, MAX_POINTS_TEXT for the point lists) or
    repeated too often (MAX_VALUES), and every parameter after the first MAX_PARAMS; notes for what was dropped.
    Streamlit reads the query string of every rerun message, not only of the first, so this runs on every run."""
    notes = []
    for n, key in enumerate(list(params.keys())):
        values = params.get_all(key)
        limit = LONG_TEXTS.get(key, MAX_TEXT)
        if n >= MAX_PARAMS:
            del params[key]
            if n == MAX_PARAMS:
                notes.append(f"more than {MAX_PARAMS} parameters: the rest")
        elif len(key) > MAX_TEXT or len(values) > MAX_VALUES or any(len(v) > limit for v in values):
            del params[key]
            notes.append(f"{_name(key)}: longer than {limit} characters" if len(values) <= MAX_VALUES else
                         f"{_name(key)}: given more than {MAX_VALUES} times")
    return notes


def clean_params(params):
    """A link's parameters ({key: [text, ...]}) as the app reads them: (the fixed parameters, a note per dropped or
    fixed value). Numbers that are not finite are dropped, a negative zero is 0, a choice is its label; the points
    (POINTS) are left to their own readers. Also what a room's state passes before it is stored and applied
    (ui.room_state)."""
    notes, out = [], {}
    for key, values in params.items():
        if key in POINTS:
            out[key] = list(values)
            continue
        fixed = []
        for text in values:
            options, old = _options_for(key)
            if options is not None:
                label = choice(text, options, old)
                if label is None:
                    notes.append(f"{_name(key)}: not one of {', '.join(options.values())}")
                else:
                    fixed.append(label)
                continue
            named = SYMBOL_VALUE.fullmatch(text)
            if named and number(named[1]) is not named[1]:   # "λ = 0.1" (a projector's compact slider wrote it)
                text = named[1]
            value = number(text)
            if value is None:
                notes.append(f"{_name(key)}: not a finite number")
            elif isinstance(value, float):
                fixed.append(text if float(text) == value and not text.strip().startswith("-0") else
                             ("0" if value == 0 else repr(value)))
            else:
                fixed.append(text)
        if fixed:
            out[key] = fixed
    return out, notes


def clean_link():
    """Call at the top of every run (app.py), before any widget. Every run: drop overlong values (cap_lengths). The
    session's first run: also fix or drop the link's bad values and keep a note for each. Later runs do no more (a
    new link opened in the browser starts a new session)."""
    state = st.session_state
    params = st.query_params
    capped = cap_lengths(params)
    if state.get(CLEANED):
        if capped:
            seed_widgets_from_link()
            state[NOTES] = capped
        return
    state[CLEANED] = True
    found = {key: params.get_all(key) for key in params.keys()}
    fixed, notes = clean_params(found)
    notes = capped + notes
    for key, values in found.items():
        if fixed.get(key) != values:
            if key in fixed:
                params[key] = fixed[key] if len(fixed[key]) > 1 else fixed[key][0]
            else:
                del params[key]
    seed_widgets_from_link()
    if notes:
        state[NOTES] = notes


def seed_widgets_from_link():
    """Widgets take their first value from the run's initial copy of the link, not from st.query_params: seed them
    from the current parameters (Streamlit's own step after a page switch)."""
    from streamlit.runtime.state import get_session_state

    with get_session_state().query_params() as qp:
        qp.set_initial_query_params_from_current()


def opened(key, default=""):
    """The address's text of the setting `key` as its widget reads it in this run when Session State has no value for
    it: the run's initial copy of the address, which also holds a followed class view (ui.room_state.apply writes it
    there before the section's widgets are drawn), else the address bar as it stands. For what is decided before a
    widget is drawn: Compare A / B's layout stands above its toggle."""
    from streamlit.runtime.state import get_session_state

    with get_session_state().query_params() as qp:
        text = qp.get_initial_value(key)
    if isinstance(text, list):
        text = text[-1] if text else None
    return st.query_params.get(key, default) if text is None else text


def write_drawn(keys):
    """Write into the address bar each of the widgets `keys` that is bound to it, drawn in this run, not at its
    default and missing from it, as Streamlit writes a widget's value (its own serializer and URL form). Streamlit does
    so by itself for a value set from a callback only when the widget was drawn on the run before as well."""
    from streamlit.runtime.state import get_session_state

    safe = get_session_state()
    with safe._lock:
        state = safe._state
        for key in keys:
            wid = state._key_id_mapper.get_id_from_key(key, None)
            meta = state._new_widget_state.widget_metadata.get(wid) if wid else None
            if meta is None or meta.bind != "query-params" or state.query_params.has_param(key) or key not in state:
                continue
            value = state[key]
            if value != meta.deserializer(None):
                state.query_params.set_corrected_value(key, meta.serializer(value), meta.value_type)


def link_notes():
    """The notes of the link just opened, shown once as a warning (the values are shown as text, not Markdown)."""
    notes = st.session_state.pop(NOTES, None)
    if notes:
        st.warning("Some values in this link could not be used, so their defaults are shown: "
                   + "; ".join(notes) + ".", icon="🔗")


def write_param(key, text):
    """Set the link's parameter `key` to `text` (falsy: take it out), only when that changes it. Every write sends the
    whole address as this run received it: a write on every run would put back a slider's older value when the student
    has moved it again meanwhile (the address bar then lags the screen)."""
    params = st.query_params
    if text:
        if params.get_all(key) != [text]:
            params[key] = text
    elif key in params:
        del params[key]
