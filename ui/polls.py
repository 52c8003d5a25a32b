"""The class's polls in a session: what the lecturer's buttons and a student's answer do (the drawing is
ui.poll_view's, the storage ui.room_store.polls').

Every exercise of every section can be asked: `ask` takes the ui.exercises.Exercise itself (its id, question, options
and right answer), so a new exercise is a poll with nothing listed by hand. Check closes the poll and - as Check does
for one student - sets the lecturer's own widgets to the exercise's revealing configuration, which the room then
carries to the followers (ui.live_class publishes it), the picture staying on their screens. A student's vote is their
session's random id (ui.live_class.STUDENT) and an option's index, or - a numeric question - the value of the
section's own slider when the student presses "Answer with the γ slider's value"; whatever the store refuses comes back as a
sentence, and nothing is counted."""
import csv
import io
from datetime import datetime, timezone

import streamlit as st

from . import live_class as lc
from .room_store.polls import Refused

REVEALS = {}        # exercise id -> Exercise, as the sections' scripts create them (Check finds its reveal here)
CONTROL = "class_control"   # this lecturer's window shows the live answers (a control view, not the projector)
REFUSED = "poll_refused"    # the sentence of this session's last refused vote
UNSHOWN = "poll_vote_unshown"   # set by a vote, cleared once the panel has drawn what came of it (ui.poll_view)
REVEALED = "poll_revealed"  # the (question, round) whose reveal this following student's widgets took
SHOWN = "poll_version_shown"   # the polls' version (ui.room_store.polls: Polls.version) this student's panel shows


def polls():
    """The poll side of this process's store (one per process, like the store: ui.room_routes)."""
    from .room_routes import polls as process_polls

    return process_polls()


def room():
    return st.session_state.get(lc.ROOM)


def lecturing():
    r = room()
    return bool(r) and r["role"] == "lecturer"


def current():
    """The room's latest poll (open or checked), None outside a room or when nothing was asked."""
    r = room()
    if not r:
        return None
    try:
        return polls().current(r["code"])
    except Exception:   # the store away for a moment: no poll drawn in this run rather than a broken page
        return None


def version():
    """The room's polls' version (the room's version at the last ask or close; 0 outside a room or while the store
    is away for a moment, which the next wake reads again)."""
    r = room()
    if not r:
        return 0
    try:
        return polls().version(r["code"])
    except Exception:
        return 0


def remember(ex):
    REVEALS[ex.id] = ex


def _make_room():
    """While the class answers, the poll's panel has the corner: the join QR folds to the small badge and the
    exercises' panel of the projector closes (ui.exercises.projected)."""
    from .room_view import SMALL

    state = st.session_state
    state[SMALL] = True
    for key in [k for k in state if isinstance(k, str) and k.startswith("ex_open_")]:
        state[key] = False


def ask(page, ex):
    """The lecturer's Ask the class (a button's callback): the next round of the exercise `ex`, asked on this section
    (its address; `page` is the exercise's widget prefix, for the button's key)."""
    r, state = room(), st.session_state
    try:
        polls().ask(r["code"], state.get(lc.KEY), ex.id, ex.question, ex.options, ex.answer, state.get(lc.PAGE, ""),
                    ex.poll_numeric())
        _make_room()
    except (LookupError, PermissionError):
        lc._ended()


def ask_again(poll):
    r, state = room(), st.session_state
    try:
        polls().ask(r["code"], state.get(lc.KEY), poll.question, poll.text, poll.options, poll.answer, poll.page,
                    numeric(poll))
        _make_room()
    except (LookupError, PermissionError):
        lc._ended()


def numeric(poll):
    """What the store keeps of a numeric poll's slider (None for a choice question)."""
    if not poll.numeric:
        return None
    return {"values": poll.values, "right": poll.right, "slider": poll.slider, "symbol": poll.symbol}


def slider_value(poll):
    """A numeric poll: this session's value of the section's slider (None off the section, or not drawn yet)."""
    state = st.session_state
    if not poll.numeric or state.get(lc.PAGE) != poll.page:
        return None
    return state.get(poll.slider)


def check(poll):
    """The lecturer's Check: close the poll, and set this window's widgets to the revealing configuration (the room
    carries it to the followers)."""
    from .exercises import _check

    r, state = room(), st.session_state
    try:
        polls().close(r["code"], state.get(lc.KEY))
    except (LookupError, PermissionError):
        lc._ended()
        return
    ex = REVEALS.get(poll.question)
    if ex is not None and state.get(lc.PAGE) == poll.page:
        _check(ex)
        # The revealing values into the address bar too: the room's view is read from it (ui.room_state.capture),
        # and a widget that the Check makes appear (the A / B column) would write its text only a run later.
        # (A widget already bound to the bar writes its own, and refuses another writer.)
        from streamlit.errors import StreamlitAPIException

        for k, v in ex.reveal.items():
            try:
                st.query_params[k] = link_text(v)
            except StreamlitAPIException:
                pass


def follow_reveal(poll):
    """A following student's runs after Check: the exercise's revealing values set before the section's widgets are
    drawn (as Check does for one student), so widgets that the reveal makes appear (the A / B column) take them too.
    Again on each new version of the room while the lecturer's view still shows the reveal (a later publish of the
    same view re-applies the link, which a widget drawn only after the reveal does not read); never once the
    lecturer has moved a revealed setting. A detached student keeps their own view."""
    state = st.session_state
    ex = REVEALS.get(poll.question)
    if poll.open or not state.get(lc.FOLLOW) or ex is None or state.get(lc.PAGE) != poll.page:
        return
    # the version shown, and how often it was applied again (ui.live_class.reapply: the browser's old values came
    # back in the next run, over the values set here too)
    version = (state.get(lc.APPLIED, 0), state.get(lc.REAPPLIED))
    if state.get(REVEALED) == (poll.question, poll.round, version):
        return
    room = lc.store().room(poll.code)
    params = room.state.get("params", {}) if room else {}
    if state.get(REVEALED, ("", 0))[:2] == (poll.question, poll.round) and any(
            k in params and not isinstance(v, str) and params[k] != [link_text(v)] for k, v in ex.reveal.items()):
        return   # the lecturer has moved on from the reveal
    state[REVEALED] = (poll.question, poll.round, version)
    for key, value in ex.reveal.items():
        state[key] = value


def link_text(value):
    """A widget's value as a link writes it ('true', '31.6', '1', 'rbf')."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def vote(poll, choice):
    """A student's answer `choice` (an option index) to `poll`: None when counted, else the sentence why not."""
    state = st.session_state
    r = room()
    voter = state.get(lc.STUDENT)
    if not r or r["role"] != "student" or not voter:
        return "Only a student in the class answers its questions."
    try:
        polls().vote(r["code"], poll.question, poll.round, voter, choice)
    except Refused as err:
        return str(err)
    except LookupError:
        return "The class has ended; your answer was not counted."
    return None


def on_vote(poll, key):
    """The answer widget's callback: vote its value; a refusal is kept to be shown in this run, and the radio goes
    back to the counted answer, so it shows what counts and choosing the refused option again is a click that sends
    (a radio sends nothing for the option it already shows). A change refused within the one-a-second limit - a
    server queue can bring two clicks a second apart within it - is then one more click."""
    refused = vote(poll, st.session_state.get(key))
    st.session_state[REFUSED], st.session_state[UNSHOWN] = refused, True
    if refused:
        st.session_state[key] = mine(poll)


def on_vote_value(poll):
    """A numeric poll's "Answer with the γ slider's value": vote the section's slider's value now (the store checks it is one of
    the slider's values)."""
    value = slider_value(poll)
    st.session_state[UNSHOWN] = True
    st.session_state[REFUSED] = (vote(poll, value) if value is not None else
                                 "Open the question's section to answer with its slider.")


def mine(poll):
    voter = st.session_state.get(lc.STUDENT)
    return polls().mine(poll.code, poll.question, poll.round, voter) if voter else None


def counts(poll):
    return polls().counts(poll.code, poll.question, poll.round)


def rounds(poll):
    """[(Poll, counts)] of every round of the poll's question so far."""
    return [(p, counts(p)) for p in polls().rounds(poll.code, poll.question)]


def answered_of(poll):
    """(students who answered, students in the room)."""
    return sum(counts(poll)), lc.store().students(poll.code)


def results_csv(code):
    """The room's results: per checked question and round, the count of each choice, the number answering and the time
    asked (UTC); a numeric poll a row per value of its slider. Never who answered what: the store gives only counts."""
    from .csv_text import neutralised_cell

    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["question", "round", "asked_utc", "section", "choice", "label", "right", "count", "answered"])
    for poll, n in polls().results(code):
        if poll.open:   # its counts are final at Check (the file is written in the lecturer's runs, ui.poll_view)
            continue
        asked = datetime.fromtimestamp(poll.asked, timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
        for i, label in enumerate(poll.options):
            choice = label if poll.numeric else chr(65 + i) if i < 26 else i + 1   # a numeric poll: the value
            w.writerow([poll.question, poll.round, asked, poll.page, neutralised_cell(choice),
                        neutralised_cell(label), "yes" if poll.is_right(i) else "no", n[i], sum(n)])
    return out.getvalue()
