"""The live class: a lecturer starts a room, students join it by its code and follow the lecturer's view.

`live_class(page)` runs once per run from app.py, after the navigation and before any widget:
- ?room=CODE in the address bar joins that room as a student (join attempts are rate-limited per client);
  ?lecturer=KEY (the lecturer link, for a second device) takes the room's controls and leaves the address bar at once.
- A lecturer's run publishes their view (ui.room_state.capture) when it changed; fragments' runs publish through
  ui.settings.remember. Every change checks the key in the store.
- A following student's run reads the room's version; when it grew, the state is read, validated and shown (a change
  of section first switches the page, the next run then shows the settings). The page's listener
  (ui/room_follow.js) reruns the script when the version grows, and detaches the student when they touch a control.
  A change of the settings bar alone (the lecturer's γ) reruns only the fragment that draws the bar, where a section
  draws it in one (ui.room_wake): about a third of a page's run, for each of thirty followers.
The session holds the room and the key; the key never enters a student's link or the lecturer's address bar. The
lecturer's browser also keeps both in a cookie of its session (COOKIE), so a reload - a new session - takes the
room's controls again (ui.room_join.resume)."""
from pathlib import Path

import streamlit as st

from . import room_join, room_state, room_view
from .room_store import StateTooLarge

ROOM, KEY, FOLLOW, APPLIED, STUDENT = "class_room", "class_key", "class_following", "class_version", "class_student"
PAGE, PUBLISHED, NOTES, ADOPT = "class_page", "class_published", "class_notes", "class_adopt"
RESUMED = "class_resumed"   # this session looked for a lecturer's cookie (once, on its first run)
# A following student's applied view (the validated state) and its settings as the run that applied it drew them:
# (version, {key: value}), the values None until that run's bar is drawn (ui.settings.remember calls `hold`).
VIEW, HELD, REAPPLIED = "class_view", "class_held", "class_reapplied"
REAPPLY = 3   # times a version is applied again when the browser's old values came back (see `reapply`)
JOIN_PARAM, LECTURER_PARAM = "room", "lecturer"
# The lecturer's window keeps "CODE.KEY" in this cookie (written by ui/room_follow.js; no expiry: it lives as long as
# the browser's session), so a reload - a new Streamlit session - takes the room's controls again.
COOKIE = "ks_class_lecturer"
_LISTENER = st.components.v2.component(
    "kernelscope.class_listener", js=(Path(__file__).parent / "room_follow.js").read_text(), isolate_styles=False)


def store():
    from .room_routes import store as process_store

    return process_store()


def live_class(page):
    """Call once per run from app.py, after st.navigation and before any widget (see the module's text)."""
    state = st.session_state
    state[PAGE] = page.url_path
    if JOIN_PARAM in st.query_params or LECTURER_PARAM in st.query_params:
        room_join.arrive()
    if not state.get(ROOM) and not state.get(RESUMED):
        room_join.resume(page.url_path)
    state[RESUMED] = True
    room = state.get(ROOM)
    if room and room["role"] == "student":
        if state.get(FOLLOW):
            _follow(page.url_path)
    elif room and state.get(ADOPT):   # a lecturer link just opened: first the room's view, then this device's
        if _follow(page.url_path):
            state.pop(ADOPT)
    elif room:
        publish()
    room_view.draw(room, state.get(FOLLOW, False), state.pop(NOTES, None))
    room_view.sidebar(room)


def listener(room, following=False, students=None):
    """The page's listener of `room` (one element; the student's reruns the script when the room's version grows)."""
    from .room_pointer import PATH as POINTER
    from .room_routes import PATH

    base = "/" + str(st.get_option("server.baseUrlPath") or "").strip("/")
    state = st.session_state
    lecturer = room["role"] == "lecturer"
    _LISTENER(key="class_listener", data={
        "url": base.rstrip("/") + PATH, "code": room["code"], "role": room["role"], "following": bool(following),
        "since": int(state.get(APPLIED, 0)), "student": "" if lecturer else state.get(STUDENT, ""),
        "students": students, "cookie": COOKIE, "path": base, "pointer": base.rstrip("/") + POINTER,
        "resume": f"{room['code']}.{state.get(KEY)}" if lecturer and state.get(KEY) else ""},
        on_wake_change=_nothing, on_detach_change=detach, on_ended_change=_nothing)


def _nothing():
    pass


def note(text):
    st.session_state.setdefault(NOTES, []).append(text)


def _follow(page):
    """Show the room's state when its version grew since the one shown; True when it is shown (or cannot be)."""
    state, code = st.session_state, st.session_state[ROOM]["code"]
    s = store()
    version = s.version(code)
    if version is None:
        _ended()
        return True
    if version <= state.get(APPLIED, 0):
        reapply(page)
        return True
    room = s.room(code)
    if room is None:
        _ended()
        return True
    try:
        clean, notes = room_state.validate(room.state)
    except ValueError as err:
        note(f"The lecturer's view could not be shown: {err}")
        state[APPLIED] = room.version
        return True
    show(clean, code, page, room.version)
    for text in notes:
        note(f"The lecturer's view: {text}.")
    if clean["points_too_many"]:
        note("The lecturer's own points are too many to share: you see the preset.")
    return True


def show(clean, code, page, version, only=None):
    """Apply the validated view `clean` of the room's `version` (its section first: the next run, on that page, shows
    the settings); `only`: just these settings changed (a fragment's run shows them: ui.room_wake)."""
    state = st.session_state
    student = state[ROOM]["role"] == "student"
    keep = {JOIN_PARAM: code} if student else {}   # a lecturer's bar names no room
    if clean["page"] != page:
        st.switch_page(room_state.module_of(clean["page"]), query_params=keep)
    room_state.apply(clean, keep=keep, only=only)
    state[APPLIED] = version
    if student:
        state[VIEW], state[HELD] = clean, (version, None)
        if state.get(REAPPLIED, (None,))[0] != version:
            state[REAPPLIED] = (version, 0)


def hold(keys):
    """A following student's run has drawn the topic's settings `keys` (ui.settings.remember): after a run that
    applied a view, their values are the view as shown."""
    state = st.session_state
    mark = state.get(HELD)
    if state.get(FOLLOW) and mark and mark[1] is None:
        state[HELD] = (mark[0], {key: state[key] for key in keys if key in state})


def reapply(page):
    """When the session no longer shows the view it applied, while still following, the view is applied again (at
    most REAPPLY times a version) and True returned: Streamlit takes each run's widget values from the browser, so a
    run cut short after `apply` (before its widgets were drawn), or a rerun the browser asked for before it had drawn
    the applied values (a wake sent over another), brings the old values back."""
    state = st.session_state
    mark, view = state.get(HELD), state.get(VIEW)
    if state[ROOM]["role"] != "student" or not mark or not view or view["page"] != page:
        return False
    version, values = mark
    drifted = values is None or any(key in state and state[key] != value for key, value in values.items())
    tries = state.get(REAPPLIED, (version, 0))
    if not drifted or tries[0] != version or tries[1] >= REAPPLY:
        return False
    state[REAPPLIED] = (version, tries[1] + 1)
    show(view, state[ROOM]["code"], page, state[APPLIED])
    return True


def _ended():
    state = st.session_state
    state.pop(ROOM, None)
    state.pop(KEY, None)
    if JOIN_PARAM in st.query_params:
        del st.query_params[JOIN_PARAM]
    note("The class has ended. Everything stays as it is on your screen.")


def publish():
    """The lecturer's view to the room, when it changed since the last publish (also from fragments' runs)."""
    state = st.session_state
    room = state.get(ROOM)
    if not room or room["role"] != "lecturer":
        return
    view = room_state.capture(state.get(PAGE, ""))
    if view == state.get(PUBLISHED):
        return
    state[PUBLISHED] = view
    try:
        clean, _ = room_state.validate(view)
        store().publish(room["code"], state.get(KEY), clean)
    except StateTooLarge:
        st.toast("This view is too large to share with the class; the class still sees the previous one.")
    except PermissionError:
        _ended()
    except LookupError:
        _ended()


def start():
    """Start a class (a button's callback): a new room holding the lecturer's current view."""
    state = st.session_state
    view = room_state.capture(state.get(PAGE, ""))
    clean, _ = room_state.validate(view)
    code, key = store().create(clean)
    state[ROOM], state[KEY], state[PUBLISHED] = {"code": code, "role": "lecturer"}, key, view
    state[room_view.SMALL] = False


def end():
    """End the class (the lecturer's button's callback)."""
    state = st.session_state
    room = state.get(ROOM)
    if room and room["role"] == "lecturer":
        try:
            store().end(room["code"], state.get(KEY))
        except (LookupError, PermissionError):
            pass
    for key in (ROOM, KEY, PUBLISHED):
        state.pop(key, None)


def detach():
    """The student takes over (Detach, Escape, or a touch on a control). A touch on a control inside an st.fragment
    comes in one message with that control's change, and Streamlit would rerun only the fragment: the banner and the
    listener would go on saying "Following". st.rerun() in a callback makes the interaction a full run (Streamlit
    >= 1.67: a plain st.rerun() from a callback escalates the interaction to the whole app)."""
    st.session_state[FOLLOW] = False
    st.rerun()


def rejoin():
    st.session_state[FOLLOW], st.session_state[APPLIED] = True, 0
    st.session_state.pop(HELD, None)


def leave():
    state = st.session_state
    for key in (ROOM, FOLLOW, APPLIED):
        state.pop(key, None)
    if JOIN_PARAM in st.query_params:
        del st.query_params[JOIN_PARAM]


def lecturer_link():
    """The link that gives another device the room's controls (shown on demand; it carries the key)."""
    state = st.session_state
    return f"{room_view.base_url()}?{JOIN_PARAM}={state[ROOM]['code']}&{LECTURER_PARAM}={state[KEY]}"
