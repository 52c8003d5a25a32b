"""A following student's wake inside the section's fragment: where a section draws its settings bar in an
st.fragment, the bar's fragment holds a small element (ui/room_wake.js) that the page's listener (ui/room_follow.js)
calls on a new version of the room. Its callback applies the view when the changes since the view shown are to
settings the bar itself drew (the lecturer's γ), and only that fragment reruns: a class of thirty costs the server
thirty fragment runs instead of thirty page runs. Anything else widens to a run of the page, which ui.live_class
shows as before. A poll asked or checked is the poll panel's own fragment's (ui.poll_view, `polls_woken` here): the
listener wakes that first, and the settings' wake after it only when the view moved too (at Check)."""
import threading

import streamlit as st

from . import live_class as lc
from . import polls, room_state
from .scripts import page_script

# The element, and what the fragment draws: (section, setting keys), noted by its run.
_WAKE = page_script("class_wake", "room_wake.js", "class_fragment_wake")
FRAGMENT = "class_fragment"
_BAR = threading.local()   # the widgets of this session's run drawn before its settings bar (`bar_opened`)


def _widgets_of_run():
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return set(ctx.shared.widget_ids_this_run.snapshot()) if ctx is not None else set()


def bar_opened():
    """A following student's settings bar starts (ui.settings.bar, bar_row): the widgets drawn so far are not its own."""
    if st.session_state.get(lc.FOLLOW):
        _BAR.before = _widgets_of_run()


def fragment_wake(keys):
    """A following student's settings bar has drawn the topic's settings `keys` (ui.settings.remember): inside an
    st.fragment, the fragment gets the class's wake (ui/room_wake.js). The page's listener calls it on a new version,
    so a change of the settings the bar itself drew - the lecturer's γ - reruns this fragment, not the page: a class
    of thirty costs the server thirty fragment runs instead of thirty page runs. (A setting drawn elsewhere on the
    page, even in the same fragment, is not the bar's: its change reruns the page.)"""
    from streamlit.runtime.state.common import user_key_from_element_id

    state = st.session_state
    room = state.get(lc.ROOM)
    if not room or room["role"] != "student" or not state.get(lc.FOLLOW) or not _in_fragment():
        return
    drawn = {user_key_from_element_id(w) for w in _widgets_of_run() - getattr(_BAR, "before", set())}
    state[FRAGMENT] = (state.get(lc.PAGE), tuple(key for key in keys if key in drawn))
    _WAKE(key="class_fragment_wake", data={"code": room["code"], "since": int(state.get(lc.APPLIED, 0))},
          on_wake_change=_fragment_woken)


def _in_fragment():
    """This code runs inside an st.fragment (Streamlit's per-thread run state; False where it cannot be read)."""
    try:
        from streamlit.runtime.scriptrunner_utils.script_run_context import ThreadState

        return ThreadState.get().fragment_id is not None
    except (ImportError, AttributeError):
        return False


def _fragment_woken():
    """The fragment wake's callback, before the fragment's run: when the changes since the view shown changed only
    settings this fragment draws, they are applied here and the fragment's run shows them; when the view did not
    change (the changes were the polls', which the poll panel's own wake has shown: ui.poll_view), the version counts
    as shown. Anything else - another section, the data or the points, another setting, a poll the panel has not
    shown, a note to show, the class ended, the student no longer following - reruns the whole page (st.rerun in a
    callback widens the run to the app), whose run shows it (`_follow`).
    So does a vote whose outcome the panel has not drawn (ui.polls.UNSHOWN): a wake's request that arrives while the
    vote's callback runs stops the vote's run at its next yield point (Streamlit's ScriptRunner), after the vote
    counted and before the panel said so, and Streamlit's next run is then this fragment alone: the panel would go on
    saying the earlier answer is counted."""
    state = st.session_state
    room, drawn = state.get(lc.ROOM), state.get(FRAGMENT)
    if not room or room["role"] != "student" or not state.get(lc.FOLLOW) or state.get(polls.UNSHOWN):
        st.rerun()
    stored = lc.store().room(room["code"])
    if stored is None:
        st.rerun()
    shown = state.get(lc.APPLIED, 0)
    if stored.version <= shown:
        # Nothing new; but a wake that the browser sent before it had drawn the view applied carried the old values
        # back: the view is applied again (ui.live_class.reapply), and the page's run shows it.
        if lc.reapply(state.get(lc.PAGE)):
            st.rerun()
        return
    if polls.version() > state.get(polls.SHOWN, 0):   # a poll asked or checked that the panel has not shown yet
        st.rerun()
    try:
        clean, notes = room_state.validate(stored.state)
    except ValueError:
        st.rerun()
    keys = room_state.changed(state.get(lc.VIEW), clean)   # None: another section, or no view shown
    if notes or keys is None or not drawn or drawn[0] != clean["page"] or not keys <= set(drawn[1]):
        st.rerun()
    if not keys:   # the view is the one shown (the changes were the polls', which the panel showed)
        state[lc.APPLIED] = stored.version
        return
    lc.show(clean, room["code"], clean["page"], stored.version, only=keys)


def polls_woken():
    """The poll panel's wake (ui.poll_view: its fragment's run shows the polls' change) of a following student: when
    the room's view is still the one shown - the changes since were the polls' alone - the room's version counts as
    shown after the panel's run. Otherwise the view is left to the settings' wake, which the page's listener
    (ui/room_follow.js) sends next, or to a run of the page."""
    state = st.session_state
    room = state.get(lc.ROOM)
    if not room or room["role"] != "student" or not state.get(lc.FOLLOW):
        return
    stored = lc.store().room(room["code"])
    if stored is None:
        st.rerun()   # the class ended: the page's run says so
    if stored.version <= state.get(lc.APPLIED, 0):
        return
    try:
        clean, notes = room_state.validate(stored.state)
    except ValueError:
        return
    if not notes and clean["page"] == state.get(lc.PAGE) and room_state.changed(state.get(lc.VIEW), clean) == set():
        state[lc.APPLIED] = stored.version
