"""What the class's polls draw (the logic is ui.polls'): a panel floating over the bottom right corner of the screen
(the sidebar is on the left; in the lecturer's window above the class badge, which folds while a question is asked),
so the section's picture stays where it is.

- A student: the question and its choices while the poll is open (a detached student first sees a notice with
  *Answer*), or - a numeric question - "Answer with the γ slider's value" taking the section's own slider's value; their own answer
  marked as counted; after Check, the class's histogram of every round beside the right
  answer, and their own answer marked right or wrong (on their screen only).
- The lecturer: "answered N of M", live (a fragment re-read every second, only in the lecturer's window and only
  while a poll is open), *Check* and, after it, the histogram and *Ask again*. The live histogram is drawn only on a
  control view (the lecturer link's second device, or the sidebar's switch): never on the projector before Check.
- In each exercise, the lecturer's *Ask the class*; in the sidebar, the results as CSV.
The reveal after Check (the histogram and the right answer) is ui.poll_reveal's."""
from pathlib import Path

import streamlit as st

from . import live_class as lc
from . import poll_reveal as pr
from . import polls
from .figures.style import CHART_CONFIG
from .styles import style

PANEL = "poll_panel"
ANSWERING = "poll_answering"    # (question, round) a detached student chose to answer
CSS = """<style>
.st-key-poll_panel { position: fixed; right: 1rem; bottom: 1rem; z-index: 999980; width: min(28rem, calc(100vw - 2rem))
  !important; max-height: 62vh; overflow-y: auto; background: #fff; border: 2px solid #333; border-radius: .6rem;
  padding: .5rem .8rem; box-shadow: 0 2px 12px rgba(0,0,0,.25); gap: .35rem; }
.st-key-poll_panel p { margin-bottom: .2rem; }
.st-key-poll_count p { font-size: 1.25rem; font-weight: 700; margin: 0; }
.st-key-poll_panel:has(.ks-poll-lecturer) { bottom: 5.2rem; }
@media (max-width: 640px) { .st-key-poll_panel { left: .5rem; right: .5rem; bottom: .5rem;
  width: calc(100vw - 1rem) !important; max-height: 48vh; } }
</style>"""
_WAKE = st.components.v2.component(
    "kernelscope.poll_wake", js=(Path(__file__).parent / "poll_wake.js").read_text(), isolate_styles=False)


def after_exercises(items):
    """After a section's exercises (its widgets all drawn): remember them for Check, and publish the lecturer's view
    now (a fragment's run publishes only its own widgets' changes)."""
    for ex in items:
        polls.remember(ex)
    if polls.lecturing():
        lc.publish()


def ask_button(page, ex):
    """Under an exercise, in the lecturer's window of a room: Ask the class (or that it is being asked)."""
    if not polls.lecturing():
        return
    poll = polls.current()
    if poll is not None and poll.open and poll.question == ex.id:
        st.caption(f"📣 Asked (round {poll.round}): the class is answering; Check is on the panel.")
        return
    st.button("📣 Ask the class", key=f"{page}_ex_{ex.id}_ask", on_click=polls.ask, args=(page, ex),
              help="Every student sees this question and answers it; the projector shows only how many answered.")


def poll_panel():
    """Call once per run after ui.live_class.live_class: the room's poll, if any, for this session."""
    room = polls.room()
    if not room:
        return
    state = st.session_state
    if room["role"] == "student" and not state.get(lc.FOLLOW):
        _WAKE(key="poll_wake", data={"url": _wait_url(), "code": room["code"], "since": _version(room["code"])},
              on_wake_change=_nothing)
    poll = polls.current()
    if room["role"] == "lecturer":
        _sidebar(room, poll)
    if poll is None or (not poll.open and state.get(pr.HIDDEN) == (poll.question, poll.round)):
        return
    if room["role"] == "student":
        polls.follow_reveal(poll)
    from .classroom import presenting

    strip = not poll.open and pr.two_pictures()   # the reveal under two pictures side by side: a strip
    style(CSS, PRESENT_CSS if presenting() else "", pr.STRIP_CSS if strip else "")   # a projector: narrower
    with st.container(key=PANEL):
        if room["role"] == "student":
            _student(poll)
        else:
            _lecturer(poll)


def _nothing():
    pass


def _wait_url():
    from .room_routes import PATH

    base = "/" + str(st.get_option("server.baseUrlPath") or "").strip("/")
    return base.rstrip("/") + PATH


def _version(code):
    try:
        return lc.store().version(code) or 0
    except Exception:   # the store away for a moment: the listener starts from 0 and wakes at once
        return 0


def _answering(poll):
    st.session_state[ANSWERING] = (poll.question, poll.round)


PRESENT_CSS = "<style>.st-key-poll_panel { width: min(23rem, calc(100vw - 2rem)) !important; }</style>"


def _student(poll):
    from .classroom import presenting

    if not poll.open:
        mine = polls.mine(poll)

        def verdict():   # on this student's screen only
            said = None if mine is None else pr.answer_text(poll, mine)
            if mine is None:
                st.caption("You did not answer this round.")
            elif poll.is_right(mine):
                st.success(f"✅ Your answer, {said}, is right.")
            else:
                st.warning(f"Your answer, {said}, is not the right one.")

        pr.reveal(poll, presenting(), verdict)
        return
    state, ident = st.session_state, (poll.question, poll.round)
    if poll.numeric:   # answered with the section's slider: no notice first (moving the slider detaches)
        _slider_answer(poll)
        return
    if not state.get(lc.FOLLOW) and state.get(ANSWERING) != ident:
        st.markdown(f"📣 **The lecturer asks the class** (round {poll.round}): {poll.text}")
        st.button("Answer", key="poll_answer", on_click=_answering, args=(poll,), type="primary")
        return
    _choices(poll)


@st.fragment
def _choices(poll):
    """The open question's choices and the student's counted answer: a fragment, so an answer (or a changed one)
    reruns this panel alone, not the student's page - thirty answers cost the server thirty small runs."""
    state = st.session_state
    mine = polls.mine(poll)
    key = f"poll_{poll.question}_{poll.round}"
    st.radio(f"📣 **The lecturer asks** (round {poll.round}): {poll.text}", range(len(poll.options)),
             index=mine, key=key, format_func=lambda i: f"{pr.letter(i)}. {poll.options[i]}",
             on_change=polls.on_vote, args=(poll, key))
    refused = state.pop(polls.REFUSED, None)
    if refused:
        st.warning(refused)
    if mine is not None:
        st.caption(f"✓ Your answer {pr.letter(mine)} is counted (anonymously). You may change it until the lecturer "
                   "checks.")


@st.fragment
def _slider_answer(poll):
    """A numeric question, open: the question, and "Answer with the γ slider's value" taking its value at the click
    (a fragment, as `_choices`: the answer reruns this panel alone)."""
    state = st.session_state
    st.markdown(f"📣 **The lecturer asks** (round {poll.round}): {poll.text}")
    if state.get(lc.PAGE) != poll.page:
        st.caption("Open the question's section (Re-join takes you there) to answer with its slider.")
    else:   # the label names no value: a move of the slider reruns only the section's fragment, not this panel
        st.caption(f"Set the section's {poll.symbol} slider, then answer with its value.")
        st.button(f"Answer with the {poll.symbol} slider's value", key="poll_value", on_click=polls.on_vote_value,
                  args=(poll,), type="primary")
    refused = state.pop(polls.REFUSED, None)
    if refused:
        st.warning(refused)
    mine = polls.mine(poll)
    if mine is not None:
        st.caption(f"✓ Your answer {pr.answer_text(poll, mine)} is counted (anonymously). You may change it until the "
                   "lecturer checks.")


def _lecturer(poll):
    from .classroom import presenting

    st.html('<span class="ks-poll-lecturer"></span>')   # marks the lecturer's panel (CSS: above the badge)
    if not poll.open:
        pr.reveal(poll, presenting(), action=lambda: st.button(
            "🔁 Ask again", key="poll_again", on_click=polls.ask_again, args=(poll,),
            help="A second round after the discussion; the answers are then shown beside this round's"))
        return
    st.markdown(f"📣 **Asked** (round {poll.round}): {poll.text}")
    _live(poll, bool(st.session_state.get(polls.CONTROL)))
    st.button("✔ Check: close and reveal", key="poll_check", on_click=polls.check, args=(poll,), type="primary",
              help="Closes the question, shows everyone the class's answers beside the right one and moves the "
                   "sliders to the configuration that shows it")


@st.fragment(run_every=1)
def _live(poll, control):
    """The count (and on a control view the histogram), re-read every second while the poll is open."""
    now = polls.current()
    if now is None or (now.question, now.round) != (poll.question, poll.round) or not now.open:
        st.rerun(scope="app")   # checked or asked elsewhere (the other lecturer window): draw that
    n, m = polls.answered_of(poll)
    with st.container(key="poll_count"):
        st.markdown(f"answered {n} of {m}")
    if control:
        st.plotly_chart(pr.poll_figure(poll, [(poll.round, polls.counts(poll))]),
                        key="poll_live_histogram", config=CHART_CONFIG)
        st.caption("Only on this screen (a control view): " + (
            f"right: {poll.right_text()}" if poll.numeric else
            " · ".join(f"{pr.letter(i)}: {o}" for i, o in enumerate(poll.options))))


def _sidebar(room, poll):
    """The lecturer's sidebar: the control view's switch and the results as CSV (`poll`: the room's latest, None
    before the first question). The file is written in each run rather than on the click (a callable `data`): the
    browser saves a file only within a few seconds of the click, and a busy server's answer to a deferred download
    came later, so nothing was saved; the CSV is a few queries per question asked."""
    state = st.session_state
    if polls.CONTROL not in state:   # a window opened by the lecturer link (ui.live_class: APPLIED set) controls
        state[polls.CONTROL] = lc.APPLIED in state
    sb = st.sidebar
    sb.toggle("Live answers on this screen", key=polls.CONTROL,
              help="Shows the class's answers while a question is open. Keep it off on the projector: the class "
                   "sees the histogram only after Check.")
    sb.download_button("⬇ Poll results (CSV)", data=polls.results_csv(room["code"]) if poll else "",
                       file_name=f"class-{room['code']}-polls.csv", mime="text/csv", key="poll_csv",
                       width="stretch", on_click="ignore", disabled=poll is None,
                       help="Per checked question and round: the count of each choice and the number answering. Never who "
                            "answered what." if poll else "No question asked yet: ask the class from a section's "
                                                          "Predict, then check.")
