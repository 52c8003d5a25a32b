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
A student's panel is an st.fragment with its own wake: a question asked or checked reruns the panel alone.
The reveal after Check (the histogram and the right answer) is ui.poll_reveal's."""
import streamlit as st

from . import live_class as lc
from . import poll_reveal as pr
from . import polls
from .class_gate import answers_here
from .room_wake import polls_woken
from .scripts import page_script
from .styles import style

PANEL = "poll_panel"
ANSWERING = "poll_answering"    # (question, round) a detached student chose to answer
CSS = """<style>
.st-key-poll_panel { position: fixed; right: 1rem; bottom: 1rem; z-index: 999980; width: min(28rem, calc(100vw - 2rem))
  !important; max-height: 62vh; overflow-y: auto; background: #fff; border: 2px solid #333; border-radius: .6rem;
  padding: .5rem .8rem; box-shadow: 0 2px 12px rgba(0,0,0,.25); gap: .35rem; }
.st-key-poll_panel p { margin-bottom: .2rem; }
.st-key-poll_panel [data-testid="stElementToolbar"] { display: none; }
.st-key-poll_count p { font-size: 1.25rem; font-weight: 700; margin: 0; }
.st-key-poll_panel:has(.ks-poll-lecturer) { bottom: 5.2rem; }
@media (max-width: 640px) { .st-key-poll_panel { left: .5rem; right: .5rem; bottom: .5rem;
  width: calc(100vw - 1rem) !important; max-height: 48vh; }
  .st-key-poll_panel:has(.st-key-poll_histogram) { max-height: 38vh; } }
</style>"""
# The student's panel's wake (ui/poll_wake.js), in the panel's fragment: the page's listener calls it when the
# room's polls moved past those the panel shows, and only the panel reruns.
_WAKE = page_script("poll_wake", "poll_wake.js", "class_poll_wake")


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
    """Call once per run after ui.live_class.live_class: the room's poll, if any, for this session. The CSS of every
    state of the panel comes first, in the page's run (a fragment draws nothing in the sidebar, where ui.styles
    writes), so the student's panel can change in its fragment's runs alone (`_student_panel`)."""
    room = polls.room()
    if not room:
        return
    from .classroom import presenting

    style(CSS, PRESENT_CSS if presenting() else "", pr.STRIP_CSS)   # a projector: narrower
    poll = polls.current()
    if room["role"] == "student":
        if _shown(poll):
            polls.follow_reveal(poll)
        _student_panel()
        return
    _sidebar(room, poll)
    if _shown(poll):
        with st.container(key=PANEL):
            _lecturer(poll)


def _shown(poll):
    """The panel shows `poll`: there is one, and it is open or its reveal was not closed in this session."""
    return poll is not None and (poll.open or st.session_state.get(pr.HIDDEN) != (poll.question, poll.round))


@st.fragment
def _student_panel():
    """A student's panel: a fragment holding its wake (ui/poll_wake.js), which the page's listener calls when the
    room's polls changed (ui.room_routes says so: the polls' version above the one shown here). A question asked or
    checked then costs the server a run of this panel per student, not of the whole page: at a reveal, thirty
    students' panels come in about a tenth of the time of thirty pages. The polls' version is read before the poll,
    so the poll drawn is at least that new."""
    state = st.session_state
    room = polls.room()
    if not room or room["role"] != "student":
        return
    seen = polls.version()
    poll = polls.current()
    state[polls.SHOWN] = seen
    _WAKE(key="class_poll_wake", data={"code": room["code"], "poll": seen, "since": int(state.get(lc.APPLIED, 0))},
          on_wake_change=polls_woken)
    if _shown(poll):
        with st.container(key=PANEL):
            _student(poll)
    state.pop(polls.UNSHOWN, None)   # the panel is drawn as the store has it (ui.room_wake: a vote's run cut short)


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
    reruns this panel alone, not the student's page - thirty answers cost the server thirty small runs, which go
    before the class's waiting wake-ups (ui.class_gate)."""
    answers_here()
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
    state.pop(polls.UNSHOWN, None)


@st.fragment
def _slider_answer(poll):
    """A numeric question, open: the question, and "Answer with the γ slider's value" taking its value at the click
    (a fragment, as `_choices`: the answer reruns this panel alone)."""
    answers_here()
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
    state.pop(polls.UNSHOWN, None)


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
        # the control view is the lecturer's own screen: laptop type (presentation mode styles the projector)
        st.plotly_chart(pr.poll_figure(poll, [(poll.round, polls.counts(poll))], present=False),
                        key="poll_live_histogram", config=pr.POLL_CONFIG)
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
