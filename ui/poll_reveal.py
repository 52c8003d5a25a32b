"""The class's answers after Check: the histogram of every round beside the right answer (a panel, or under two
pictures side by side a low strip), the words that name the right answer and a student's own, and the panel's close
button. ui.poll_view draws the open poll and places this."""
import plotly.graph_objects as go
import streamlit as st

from . import live_class as lc
from . import polls
from .figures.caching import cached_figure
from .figures.style import CHART_CONFIG, base_layout
from .theme import INK

HIDDEN = "poll_hidden"          # (question, round) whose revealed panel this session closed
RIGHT, OTHER, EARLIER = "#1a7f37", "#6b7280", "#c7ccd4"
# Two pictures side by side (Compare A / B) fill the screen's width: the revealed panel is then a low strip along the
# bottom (the histogram beside the answer), under the maps' plot areas, leaving the lecturer's class badge free; it
# starts right of an open sidebar (Streamlit's 300 px), which covered its answer text. The rules hold only for a panel
# holding the strip, so the page can send them in every run (ui.poll_view) and a run of the panel alone switch.
STRIP_CSS = """<style>
.st-key-poll_panel:has(.st-key-poll_strip) { left: 1rem; right: 1rem; bottom: 6px; width: auto !important;
  max-height: 126px; padding: .2rem .7rem; gap: .15rem; }
.st-key-poll_panel:has(.st-key-poll_strip):has(.ks-poll-lecturer) { bottom: 6px; right: 23rem; }
.st-key-poll_strip_text p { font-size: 15px !important; line-height: 1.3; }
.st-key-poll_panel:has(.st-key-poll_strip) [data-testid="stAlert"] > div { padding: .2rem .6rem; }
.st-key-poll_strip_buttons button { min-height: 2rem; padding: .1rem .5rem; }
@media (max-width: 640px) { .st-key-poll_panel:has(.st-key-poll_strip),
  .st-key-poll_panel:has(.st-key-poll_strip):has(.ks-poll-lecturer) { left: .5rem; right: .5rem; max-height: 40vh; } }
@media (min-width: 641px) { body:has([data-testid="stSidebar"][data-collapsed="false"])
  .st-key-poll_panel:has(.st-key-poll_strip) { left: calc(300px + 1rem); } }
</style>"""
STRIP_HEIGHT, STRIP_WIDTH = 84, 300   # px of the strip's histogram
# px of the revealed panel's histogram: low enough that on a phone the heading, the student's verdict and the whole
# histogram fit in the panel's 38 % of the screen (poll_view.CSS), the words under it scrolling; the projector's
# larger counts keep more
REVEAL_HEIGHT = {False: 120, True: 165}
# The panels' histograms have no toolbar: in so low a chart Plotly's camera and Streamlit's full-screen button stood
# over the counts (ui.poll_view.CSS hides Streamlit's)
POLL_CONFIG = {**CHART_CONFIG, "displayModeBar": False}


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
    # room above the highest bar for its count: a quarter of it, and in the strip's low chart (STRIP_HEIGHT), where a
    # count's line is half the plot's height, as much again as the bar
    headroom = 2.0 if height <= STRIP_HEIGHT else 1.25
    fig.update_yaxes(range=[0, top * headroom + 0.5], showticklabels=False, showgrid=False, fixedrange=True)
    fig.update_xaxes(fixedrange=True, tickfont=dict(color=INK))
    if poll.numeric:   # many bins: a tick every few values, the bars close together, the slider's symbol below
        fig.update_xaxes(type="category", nticks=8, tickangle=0, title=dict(text=poll.symbol, standoff=2))
        fig.update_layout(bargap=0.1)
        if rounds:   # the right range shaded behind the bars
            fig.add_vrect(x0=poll.right[0] - 0.5, x1=poll.right[1] + 0.5, fillcolor=RIGHT, opacity=0.12,
                          line_width=0, layer="below")
    fig.update_layout(margin=dict(l=4, r=4, t=30 if len(rounds) > 1 else 12, b=4))
    return fig


def hide(poll):
    st.session_state[HIDDEN] = (poll.question, poll.round)


def answer_text(poll, index):
    """A counted answer as the student reads it: 'B' or 'γ = 3.98'."""
    return f"{poll.symbol} = {poll.options[index]}" if poll.numeric else letter(index)


def reveal(poll, present, verdict=None, action=None):
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
    head.button("✕", key="poll_hide", on_click=hide, args=(poll,), help="Close the class's answers")
    st.caption(poll.text)
    if verdict:
        verdict()
    st.plotly_chart(poll_figure(poll, [(p.round, c) for p, c in rounds], present=present,
                                height=REVEAL_HEIGHT[present]), key="poll_histogram", config=POLL_CONFIG)
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
        st.button("✕", key="poll_hide", on_click=hide, args=(poll,), help="Close the class's answers")
        if action:
            action()
    with text:
        st.markdown("📊 " + right_words(poll))
        if verdict:
            verdict()
        st.caption(answered_words(rounds))
    with chart:
        st.plotly_chart(poll_figure(poll, [(p.round, c) for p, c in rounds], present=present, height=STRIP_HEIGHT),
                        key="poll_histogram", config=POLL_CONFIG)
