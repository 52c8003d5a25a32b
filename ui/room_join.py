"""Arriving in a live class: the room named by the address bar (a student's ?room=CODE, a lecturer link's
?lecturer=KEY), a lecturer's cookie on a new session, or a typed code (ui.live_class.live_class calls `arrive` and
`resume` once per run; ui.room_view's join box calls `join`). Wrong codes and keys count against the client's address
(the store's rate limit), and a sentence says what went wrong."""
import secrets

import streamlit as st

from . import live_class as lc
from .room_store import RoomFull, normal_code


def _client():
    """The client's address: the unit of the join rate limit."""
    from .room_store import client_address

    return client_address(st.context.ip_address, (st.context.headers or {}).get("X-Forwarded-For"))


def arrive():
    """The room named by the address bar: a lecturer link's key (checked, then dropped from the bar) or a code."""
    params, state = st.query_params, st.session_state
    key, code = params.get(lc.LECTURER_PARAM), normal_code(params.get(lc.JOIN_PARAM))
    if key is not None:
        del params[lc.LECTURER_PARAM]
        if code and not lc.store().blocked(_client()) and lc.store().is_lecturer(code, key):
            state[lc.ROOM], state[lc.KEY] = {"code": code, "role": "lecturer"}, key
            state[lc.ADOPT], state[lc.APPLIED] = True, 0
            state.pop(lc.PUBLISHED, None)
            del params[lc.JOIN_PARAM]
        else:
            lc.store().attempt(_client())
            lc.note("This lecturer link does not open a class: the class has ended or the link is not complete.")
        return
    room = state.get(lc.ROOM)
    if room and room["code"] == code:
        return
    if code is None:
        lc.note("The address names no class: a class code has 6 letters and digits, such as ACE347.")
        del params[lc.JOIN_PARAM]
    elif room and room["role"] == "lecturer":
        del params[lc.JOIN_PARAM]
    else:
        join(code)


def resume(page):
    """A new session in the lecturer's browser (a reload, or an address typed): the room and key of its cookie
    (ui/room_follow.js wrote them), when the key is still the room's. On the room's own section or Home (the bare
    address names no section) the room's view is shown first, as for a lecturer link: a reload shows the view as it
    was, settings the address bar had dropped included. Another section's address is the lecturer moving the class
    there: it is shown as typed and published. A stale cookie (the class ended) is ignored."""
    code, _, key = str((st.context.cookies or {}).get(lc.COOKIE, "")).partition(".")
    code = normal_code(code)
    if code and key and not lc.store().blocked(_client()) and lc.store().is_lecturer(code, key):
        state, room = st.session_state, lc.store().room(code)
        state[lc.ROOM], state[lc.KEY], state[lc.APPLIED] = {"code": code, "role": "lecturer"}, key, 0
        if page in ("", room.state.get("page") if room else ""):
            state[lc.ADOPT] = True
        state.pop(lc.PUBLISHED, None)


def join(text):
    """Join the room of the typed or linked code as a student; False (with a sentence) when it cannot be joined."""
    state, code = st.session_state, normal_code(text)
    if code is None:
        lc.note("A class code has 6 letters and digits, such as ACE347.")
        return False
    s = lc.store()
    if s.blocked(_client()):
        lc.note("Too many wrong codes from this device: wait a minute, then type the code again.")
        return False
    student = state.setdefault(lc.STUDENT, secrets.token_hex(8))
    try:
        s.heartbeat(code, student)
    except RoomFull:
        lc.note("This class is full.")
        return False
    except LookupError:
        s.attempt(_client())
        lc.note(f"There is no class with the code {code}: check the code on the projector (the class may have ended).")
        if st.query_params.get(lc.JOIN_PARAM):
            del st.query_params[lc.JOIN_PARAM]
        return False
    state[lc.ROOM], state[lc.FOLLOW], state[lc.APPLIED] = {"code": code, "role": "student"}, True, 0
    st.query_params[lc.JOIN_PARAM] = code
    return True
