"""A room's state is a share link: the section's address and the link's parameters (the open topic's settings, the
data set's preset and the points), {"page": "svm", "params": {"svm_gamma": ["2"], "pts": ["|0.5_1p"]}}.

`capture` writes the lecturer's view in that form; `validate` passes it through the share link's own checks
(ui.links.clean_params, the points' and class names' readers) - before it is stored and again before a follower
applies it - and answers a forged or oversize state with a sentence; `apply` shows it in a follower's session as
opening the link would: each setting's widget takes its value from the link's text, by Streamlit's own reading of a
bound widget's parameter (which also clamps a number to the widget's range and ignores an unknown option)."""
import streamlit as st

from pages import HOME, TOPICS, topic_keys, url_path

from . import points
from .links import clean_params
from .points_io import MAX_ROWS
from .points_link import decode_classes, decode_points
from .settings import LINKED, SHADOW, link_params

DATA_KEYS = ("data_preset", "data_n", "data_noise", "data_seed")
POINT_KEYS = (points.URL_KEY, points.CLASSES_KEY)
MAX_PARAMS, MAX_VALUES, MAX_TEXT, MAX_POINTS_TEXT = 64, 4, 200, 16_000
PAGES = {"": (HOME, None), **{url_path(t, s): (s.module, t) for t in TOPICS for s in t.sections}}


def capture(page):
    """The lecturer's view in the room's form: the section `page` (its url_path), its topic's settings as the link
    writes them (ui.settings.link_params), the data set's parameters and the points (from the session's points, not
    the address bar, which a rerun may not have caught up with)."""
    _, topic = PAGES.get(page, (None, None))
    params = dict(link_params(topic_keys(topic))) if topic else {}
    for key in DATA_KEYS:
        if key in st.query_params:
            params[key] = st.query_params.get_all(key)
    s = points.state()
    text = points.link_text(s)
    state = {"page": page, "params": params}
    if text:
        params[points.URL_KEY] = [text]
        names = points.encode_classes(s.classes) if s.classes else None
        if names:
            params[points.CLASSES_KEY] = [names]
    elif text is None:
        state["points_too_many"] = True
    return state


def validate(state):
    """(the state as the app may use it, [notes]) - the share link's checks; ValueError with a sentence when it is not
    a room's state at all (not an object, an unknown section, too many or too long parameters)."""
    if not isinstance(state, dict) or not isinstance(state.get("params", {}), dict):
        raise ValueError("The room's state is not a view of this app.")
    page = state.get("page")
    if not isinstance(page, str) or page not in PAGES:
        raise ValueError("The room's section is not one of this app's sections.")
    params, notes = state.get("params", {}), []
    if len(params) > MAX_PARAMS:
        raise ValueError(f"The room's view has more than {MAX_PARAMS} settings.")
    _, topic = PAGES[page]
    allowed = set(topic_keys(topic) if topic else ()) | set(DATA_KEYS) | set(POINT_KEYS)
    found = {}
    for key, values in params.items():
        values = values if isinstance(values, list) else [values]
        if key not in allowed:
            notes.append("a setting this section does not have was left out")
            continue
        limit = MAX_POINTS_TEXT if key == points.URL_KEY else MAX_TEXT
        if len(values) > MAX_VALUES or not all(isinstance(v, str) and len(v) <= limit for v in values):
            raise ValueError(f"The room's value of {key} is too long for a view of this app.")
        found[key] = values
    clean, more = clean_params(found)
    notes += more
    _check_points(clean, notes)
    return {"page": page, "params": clean, "points_too_many": bool(state.get("points_too_many"))}, notes


def _check_points(params, notes):
    """Drop the points or class names a share link would refuse (more than MAX_ROWS points, text that is no point
    list), with a note each."""
    if points.URL_KEY in params:
        try:
            head, sep, tail = params[points.URL_KEY][0].partition("|")
            if not sep or not all(p.isascii() and p.isdigit() for p in filter(None, head.split("."))) and head != "*":
                raise ValueError("The room's points are not in the form 'removed|added'.")
            decode_points(tail)   # ValueError past MAX_ROWS points or for a point that is not finite
        except ValueError as err:
            del params[points.URL_KEY]
            notes.append(f"{err} (at most {MAX_ROWS} points)")
    if points.CLASSES_KEY in params:
        try:
            decode_classes(params[points.CLASSES_KEY][0])
        except ValueError as err:
            del params[points.CLASSES_KEY]
            notes.append(str(err))


def module_of(page):
    return PAGES[page][0]


def changed(shown, clean):
    """The parameters in which the validated view `clean` differs from the view `shown` (a set of keys), or None when
    it is another section or either is missing."""
    if not shown or shown["page"] != clean["page"] or shown["points_too_many"] != clean["points_too_many"]:
        return None
    a, b = shown["params"], clean["params"]
    return {key for key in a.keys() | b.keys() if a.get(key) != b.get(key)}


def apply(clean, keep=None, only=None):
    """Show the validated state `clean` in this session, which must be on its section already. Call before any widget
    of the run: the section's topic settings and the data set's widgets forget the student's values and read the
    room's text, as from an opened link (a setting the room does not name takes its default); the points follow in
    ui.points.state (undoable). `keep`: parameters of the address bar to keep (the room's code). `only`: the settings
    that changed, alone (a fragment's run, which draws them and nothing else: the data and the points stay)."""
    from streamlit.runtime.state import get_session_state

    state = st.session_state
    _, topic = PAGES[clean["page"]]
    keys = (*(topic_keys(topic) if topic else ()), *DATA_KEYS) if only is None else tuple(only)
    for key in keys:
        for name in (key, SHADOW + key, LINKED + key):
            if name in state:
                del state[name]
    _forget_sent(keys)
    params = clean["params"]
    if only is None:
        for key in POINT_KEYS:
            if key in st.query_params:
                del st.query_params[key]
        st.query_params.update(keep or {})
    # the settings' widgets read their first value from the run's initial copy of the link (not bound: it is read)
    from urllib.parse import urlencode

    with get_session_state().query_params() as qp:
        qp.set_initial_query_params(urlencode({**(keep or {}), **params}, doseq=True))
    if only is None:
        state[points.FOLLOW_KEY] = (params.get(points.URL_KEY, [""])[0], params.get(points.CLASSES_KEY, [""])[0])


def _forget_sent(keys):
    """Drop the values the browser sent with this run for the widgets `keys`. A new session (a page reconnected after
    a restart or to another replica, or a laptop waking) has not drawn its widgets yet, so it does not know their
    keys, and deleting a key (above) cannot reach them: Streamlit would keep the browser's old values over the view's
    text (the browser's value wins), and the student would show them under "Following". Widget ids end in their key
    (streamlit's user_key_from_element_id)."""
    from streamlit.runtime.state import get_session_state
    from streamlit.runtime.state.common import user_key_from_element_id

    safe, wanted = get_session_state(), set(keys)
    with safe._lock:
        sent = safe._state._new_widget_state
        for wid in [w for w in sent.states if user_key_from_element_id(w) in wanted]:
            del sent[wid]
