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
- In each exercise, the lecturer's *Ask the class*; in the sidebar, the results as CSV."""
from pathlib import Path

import plotly.graph_objects as go
import streamlit as st

from . import live_class as lc
from . import polls
from .figures.caching import cached_figure
from .figures.style import CHART_CONFIG, base_layout
from .styles import style
from .theme import INK

PANEL = "poll_panel"
HIDDEN = "poll_hidden"          # (question, round) whose revealed panel this session closed
ANSWERING = "poll_answering"    # (question, round) a detached student chose to answer
RIGHT, OTHER, EARLIER = "#1a7f37", "#6b7280", "#c7ccd4"
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
# Two pictures side by side (Compare A / B) fill the screen's width: the revealed panel is then a low strip along the
# bottom (the histogram beside the answer), under the maps' plot areas, leaving the lecturer's class badge free; it
# starts right of an open sidebar (Streamlit's 300 px), which covered its answer text.
STRIP_CSS = """<style>
.st-key-poll_panel { left: 1rem; right: 1rem; bottom: 6px; width: auto !important; max-height: 126px;
  padding: .2rem .7rem; gap: .15rem; }
.st-key-poll_panel:has(.ks-poll-lecturer) { bottom: 6px; right: 23rem; }
.st-key-poll_strip_text p { font-size: 15px !important; line-height: 1.3; }
.st-key-poll_panel [data-testid="stAlert"] > div { padding: .2rem .6rem; }
.st-key-poll_strip_buttons button { min-height: 2rem; padding: .1rem .5rem; }
@media (max-width: 640px) { .st-key-poll_panel, .st-key-poll_panel:has(.ks-poll-lecturer) { left: .5rem;
  right: .5rem; max-height: 40vh; } }
@media (min-width: 641px) { body:has([data-testid="stSidebar"][data-collapsed="false"]) .st-key-poll_panel {
  left: calc(300px + 1rem); } }
</style>"""
STRIP_HEIGHT, STRIP_WIDTH = 84, 300   # px of the strip's histogram
_WAKE = st.components.v2.component(
    "kernelscope.poll_wake", js=(Path(__file__).parent / "poll_wake.js").read_text(), isolate_styles=False)


def letter(i):
    return chr(65 + i) if i < 26 else str(i + 1)


def two_pictures():
    """The section shows two pictures side by side (Compare A / B on /svm or /kernel-ridge, the topics' own keys)."""
    from pages.kernel_ridge.settings import KEY as KR
    from pages.svm.settings import KEY as SVM

    state = st.session_state
    return {"svm": bool(state.get(SVM.COMPARE)), "kernel-ridge": bool(state.get(KR.COMPARE))}.get(
        state.get(lc.PAGE, ""), False)


@cached_figure   # the same histogram for a whole class at a reveal: built once, not thirty times
def poll_figure(poll, rounds, present=False, height=165):
    """The class's answers: a bar per option (A, B, …; a numeric question: per value of its slider, a histogram over
    the slider's values) and round, the right answers' bars green (the latest round dark, earlier rounds light), each
    bar labelled with its count. `rounds`: [(round number, counts)]."""
    fig = go.Figure()
    n = len(poll.options)
    if poll.numeric:   # the slider's values as they read on it, the right ones marked
        x = [o + (" ✓" if poll.is_right(i) else "") for i, o in enumerate(poll.options)]
    else:
        x = [letter(i) + (" ✓" if poll.is_right(i) else "") for i in range(n)]
    for k, (number, counts) in enumerate(rounds):
        latest = k == len(rounds) - 1
        colours = [(RIGHT if poll.is_right(i) else OTHER) if latest else EARLIER for i in range(n)]
        fig.add_bar(x=x, y=counts, name=f"Round {number}", marker_color=colours,
                    text=[c or "" for c in counts] if poll.numeric else counts,   # a histogram: empty bins unlabelled
                    textposition="outside", cliponaxis=False, hovertext=list(poll.options), hoverinfo="text+y")
    top = max([max(c) for _, c in rounds if c] + [1])
    base_layout(fig, height=height, present=present, barmode="group",
                showlegend=len(rounds) > 1, legend=dict(orientation="h", y=1.12, x=0))
    fig.update_yaxes(range=[0, top * 1.25 + 0.5], showticklabels=False, showgrid=False, fixedrange=True)
    fig.update_xaxes(fixedrange=True, tickfont=dict(color=INK))
    if poll.numeric:   # many bins: a tick every few values, the bars close together, the slider's symbol below
        fig.update_xaxes(type="category", nticks=8, tickangle=0, title=dict(text=poll.symbol, standoff=2))
        fig.update_layout(bargap=0.1)
        if rounds:   # the right range shaded behind the bars
            fig.add_vrect(x0=poll.right[0] - 0.5, x1=poll.right[1] + 0.5, fillcolor=RIGHT, opacity=0.12,
                          line_width=0, layer="below")
    fig.update_layout(margin=dict(l=4, r=4, t=30 if len(rounds) > 1 else 12, b=4))
    return fig


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
    if poll is None or (not poll.open and state.get(HIDDEN) == (poll.question, poll.round)):
        return
    if room["role"] == "student":
        polls.follow_reveal(poll)
    from .classroom import presenting

    strip = not poll.open and two_pictures()   # the reveal under two pictures side by side: a strip
    style(CSS, PRESENT_CSS if presenting() else "", STRIP_CSS if strip else "")   # a projector: narrower
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


def _hide(poll):
    st.session_state[HIDDEN] = (poll.question, poll.round)


def _answering(poll):
    st.session_state[ANSWERING] = (poll.question, poll.round)


def _reveal(poll, present, verdict=None, action=None):
    """The histogram of every round of the poll's question beside the right answer; `verdict` (a student's own
    answer marked) drawn first under the heading, where a phone's panel shows it without scrolling; `action` (the
    lecturer's Ask again) on the heading's line. Under two pictures side by side, a strip (_strip)."""
    rounds = polls.rounds(poll)
    if two_pictures():
        _strip(poll, rounds, present, verdict, action)
        return
    head = st.container(horizontal=True, vertical_alignment="center", gap="small")
    head.markdown("📊 **The class's answers**", width="stretch")
    if action:
        with head:
            action()
    head.button("✕", key="poll_hide", on_click=_hide, args=(poll,), help="Close the class's answers")
    st.caption(poll.text)
    if verdict:
        verdict()
    st.plotly_chart(poll_figure(poll, [(p.round, c) for p, c in rounds], present=present),
                    key="poll_histogram", config=CHART_CONFIG)
    others = "" if present or poll.numeric else "  \n" + "  \n".join(
        f"{letter(i)}: {o}" for i, o in enumerate(poll.options) if i != poll.answer)   # a projector: the answer only
    st.markdown(right_words(poll) + others)
    st.caption(answered_words(rounds))


def right_words(poll):
    if poll.numeric:   # the right range, and the value the revealed picture shows
        return f"**Right answer: {poll.right_text()}** — the picture now shows {poll.symbol} = {poll.options[poll.answer]}"
    return f"**Right answer: {letter(poll.answer)}** — {poll.options[poll.answer]}"


def answered_words(rounds):
    return " · ".join(f"round {p.round}: {sum(c)} answered" for p, c in rounds)


def _strip(poll, rounds, present, verdict, action):
    """The reveal as a low strip under two pictures side by side: the right answer, the student's verdict and the
    count on the left, the histogram on the right."""
    body = st.container(key="poll_strip", horizontal=True, gap="small", vertical_alignment="top")
    text = body.container(key="poll_strip_text", gap="xsmall", width="stretch")
    chart = body.container(key="poll_strip_chart", width=STRIP_WIDTH)
    buttons = body.container(key="poll_strip_buttons", gap="xsmall", width="content")
    with buttons:
        st.button("✕", key="poll_hide", on_click=_hide, args=(poll,), help="Close the class's answers")
        if action:
            action()
    with text:
        st.markdown("📊 " + right_words(poll))
        if verdict:
            verdict()
        st.caption(answered_words(rounds))
    with chart:
        st.plotly_chart(poll_figure(poll, [(p.round, c) for p, c in rounds], present=present, height=STRIP_HEIGHT),
                        key="poll_histogram", config=CHART_CONFIG)


PRESENT_CSS = "<style>.st-key-poll_panel { width: min(23rem, calc(100vw - 2rem)) !important; }</style>"


def _student(poll):
    from .classroom import presenting

    if not poll.open:
        mine = polls.mine(poll)

        def verdict():   # on this student's screen only
            said = None if mine is None else answer_text(poll, mine)
            if mine is None:
                st.caption("You did not answer this round.")
            elif poll.is_right(mine):
                st.success(f"✅ Your answer, {said}, is right.")
            else:
                st.warning(f"Your answer, {said}, is not the right one.")

        _reveal(poll, presenting(), verdict)
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
             index=mine, key=key, format_func=lambda i: f"{letter(i)}. {poll.options[i]}",
             on_change=polls.on_vote, args=(poll, key))
    refused = state.pop(polls.REFUSED, None)
    if refused:
        st.warning(refused)
    if mine is not None:
        st.caption(f"✓ Your answer {letter(mine)} is counted (anonymously). You may change it until the lecturer "
                   "checks.")


def answer_text(poll, index):
    """A counted answer as the student reads it: 'B' or 'γ = 3.98'."""
    return f"{poll.symbol} = {poll.options[index]}" if poll.numeric else letter(index)


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
        st.caption(f"✓ Your answer {answer_text(poll, mine)} is counted (anonymously). You may change it until the "
                   "lecturer checks.")


def _lecturer(poll):
    from .classroom import presenting

    st.html('<span class="ks-poll-lecturer"></span>')   # marks the lecturer's panel (CSS: above the badge)
    if not poll.open:
        _reveal(poll, presenting(), action=lambda: st.button(
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
        st.plotly_chart(poll_figure(poll, [(poll.round, polls.counts(poll))]),
                        key="poll_live_histogram", config=CHART_CONFIG)
        st.caption("Only on this screen (a control view): " + (
            f"right: {poll.right_text()}" if poll.numeric else
            " · ".join(f"{letter(i)}: {o}" for i, o in enumerate(poll.options))))


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
