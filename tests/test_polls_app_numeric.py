"""AppTest of the class's numeric polls: a question whose answer is a value of the section's slider. A student answers
with the slider (the count, Check's histogram over the slider's values beside the right one), a student on another
section is not offered the slider answer, an exercise with a numeric answer is checked alone with the slider, and
the strip's low histogram keeps its counts a line above the bars."""
import csv
import io
import json

from tests.app_pages import open_page

# ruff: noqa: F811 (a test names the fixture imported here as its argument)
from tests.support.polls_app import (  # noqa: F401 (clocked_store: the autouse fixture)
    HOME,
    MARGINS,
    QUESTION,
    chart_keys,
    clocked_store,
    lecturer,
    texts,
)
from ui import polls as ui_polls
from ui.room_store.polls import polls_of

NUMERIC = "svm_h_gamma"             # right: γ = 3.98 (Kriege's h = 0.5); the slider is svm_gamma


def answer_with_slider(at, value):
    """A student sets the section's γ slider and presses "Answer with the γ slider's value". The touch detaches them
    (in a browser the listener's detach comes with the slider's change; AppTest runs no listener, so it is set here:
    a student still following would be shown the lecturer's γ again, ui.live_class.reapply)."""
    at.session_state["class_following"] = False
    at.select_slider(key="svm_gamma").set_value(value).run()
    at.button(key="poll_value").click().run()


def test_a_numeric_question_is_answered_with_the_sections_slider(clocked_store):
    at, code = lecturer()
    at.button(key=f"svm_ex_{NUMERIC}_ask").click().run()
    polls = polls_of(clocked_store)
    poll = polls.current(code)
    assert poll.numeric and poll.slider == "svm_gamma" and poll.options[poll.answer] == "3.98"
    assert "answered 0 of 0" in texts(at) and not chart_keys(at)

    a = open_page(MARGINS, query={"room": code})
    a.run()
    b = open_page(MARGINS, query={"room": code})
    b.run()
    assert a.button(key="poll_value").label == "Answer with the γ slider's value"   # no value: it would go stale
    answer_with_slider(a, 3.98)
    assert not a.exception and "Your answer γ = 3.98 is counted" in texts(a)
    answer_with_slider(b, 0.1)
    assert polls.mine(code, NUMERIC, 1, b.session_state["class_student"]) == poll.values.index(0.1)
    clocked_store.clock.now += 2
    answer_with_slider(b, 10.0)                                  # a changed answer replaces the first
    counts = polls.counts(code, NUMERIC, 1)
    assert sum(counts) == 2 and counts[poll.values.index(3.98)] == 1 and counts[poll.values.index(10.0)] == 1
    at.run()
    assert "answered 2 of 2" in texts(at) and not chart_keys(at)

    at.button(key="poll_check").click().run()                  # Check: closed, the histogram over γ's values
    assert at.session_state["svm_gamma"] == 3.98 and clocked_store.room(code).state["params"]["svm_gamma"] == ["3.98"]
    fig = json.loads(next(c for c in at.get("plotly_chart") if "poll_histogram" in c.proto.id).proto.spec)
    (bars,) = fig["data"]
    assert bars["x"][0] == "0.01" and bars["x"][-1] == "100" and bars["x"][poll.answer] == "3.98 ✓"
    assert len(bars["x"]) == len(poll.values) and sum(bars["y"]) == 2 and "Right answer: γ = 3.98" in texts(at)
    for student in (a, b):
        student.run()
        assert "poll_histogram" in chart_keys(student) and not student.exception
    assert [s.value for s in a.success] == ["Your answer, γ = 3.98, is right."]
    assert [s.value for s in b.warning] == ["Your answer, γ = 10, is not the right one."]
    rows = [r for r in csv.DictReader(io.StringIO(ui_polls.results_csv(code))) if r["count"] != "0"]
    assert [(r["choice"], r["right"], r["count"], r["answered"]) for r in rows] == [
        ("3.98", "yes", "1", "2"), ("10", "no", "1", "2")]


def test_a_slider_answer_off_the_section_is_not_offered(clocked_store):
    """A student not on the question's section has no slider to answer with: a sentence, not a button. (A forged
    value - out of range, not finite, between two steps - is refused by the store: tests/test_polls_store.py.)"""
    at, code = lecturer()
    at.button(key=f"svm_ex_{NUMERIC}_ask").click().run()
    other = open_page(HOME, query={"room": code})
    other.run()
    other.button(key="class_detach").click().run()
    other.switch_page(HOME).run()                               # detached, and gone to Home
    assert other.session_state["class_page"] != "svm"
    assert not [b for b in other.button if b.key == "poll_value"]
    assert "Open the question's section" in texts(other)
    assert sum(polls_of(clocked_store).counts(code, NUMERIC, 1)) == 0


def test_a_numeric_exercise_is_checked_alone_with_the_slider():
    """Self-study: Check takes the slider's value as the answer, then sets the reveal."""
    at = open_page("pages/kernel_ridge/fit.py")
    at.select_slider(key="kernel_ridge_lam").set_value(0.251).run()
    at.button(key="kernel_ridge_ex_kr_kriege_lam_check").click().run()
    assert not at.exception and at.session_state["kernel_ridge_lam"] == 0.316
    assert any("you set λ = 0.251; the answer is **λ = 0.316**" in w.value for w in at.warning)


def test_the_strips_low_histogram_leaves_its_counts_a_line_above_the_bars():
    """In the strip under two pictures (84 px) a count's line of text is about half the plot's height: the y range
    leaves as much again as the highest bar above it (the counts were cut at the chart's top on the projector); the
    panel's taller chart keeps a quarter."""
    from ui import poll_reveal as pr
    from ui.room_store.polls import Poll

    poll = Poll("ABC234", QUESTION, 1, "?", ("a", "b", "c"), 1, "svm", False, 0.0)
    strip = pr.poll_figure(poll, [(1, [0, 3, 1])], present=True, height=pr.STRIP_HEIGHT)
    panel = pr.poll_figure(poll, [(1, [0, 3, 1])], present=True)
    top = [f.to_dict()["layout"]["yaxis"]["range"][1] for f in (strip, panel)]   # (the figures as drawn)
    assert top[0] >= 2 * 3 and top[1] == 3 * 1.25 + 0.5
