"""AppTest of the class's polls: a lecturer's session, a control view (the lecturer link) and students' sessions of the
whole app sharing one store (SQLite in a temporary folder). Ask, answer, change an answer, the count on the
projector without the histogram, Check (the histogram beside the right answer, the followers' settings moved, each
student's own answer marked), Ask again beside round 1, a detached student's notice, the CSV; and every exercise of
every section asked, the exercises found in the sections' source (not listed here)."""
import ast
import csv
import io
import json
import time
from pathlib import Path

import pytest

from tests.app_pages import open_page
from ui import polls as ui_polls
from ui import room_routes
from ui.room_store.polls import polls_of

ROOT = Path(__file__).resolve().parents[1]
MARGINS, HOME = "pages/svm/margins.py", "pages/home/overview.py"
QUESTION = "svm_rbf_gamma"          # its right answer is option 1; Check shows γ = 1 beside γ = 31.6


class Clock:
    def __init__(self):
        self.now = time.time()

    def __call__(self):
        return self.now


@pytest.fixture(autouse=True)
def clocked_store(tmp_path, monkeypatch):
    """The app's process-wide store, of its own for each test, on a clock the test moves."""
    monkeypatch.setenv("KERNELSCOPE_DATA", str(tmp_path))
    monkeypatch.delenv("KERNELSCOPE_STORE", raising=False)
    room_routes._STORE.clear()
    s = room_routes.store()
    s.clock = Clock()               # the test moves time past the one-vote-a-second limit
    yield s
    s.close()
    room_routes._STORE.clear()


def lecturer(page=MARGINS):
    at = open_page(page)
    at.button(key="class_start").click().run()
    assert not at.exception
    return at, at.session_state["class_room"]["code"]


def texts(at):
    return " ".join(m.value for m in at.markdown) + " " + " ".join(c.value for c in at.caption)


def charts(at):
    return [c.proto.id for c in at.get("plotly_chart")]


def chart_keys(at):
    return [e for e in ("poll_histogram", "poll_live_histogram") if any(e in i for i in charts(at))]


def poll_radio(at, round_=1):
    return at.radio(key=f"poll_{QUESTION}_{round_}")


def test_ask_answer_count_check_and_ask_again(clocked_store):
    at, code = lecturer()
    at.button(key=f"svm_ex_{QUESTION}_ask").click().run()
    polls = polls_of(clocked_store)
    poll = polls.current(code)
    assert (poll.question, poll.round, poll.open) == (QUESTION, 1, True)
    assert "answered 0 of 0" in texts(at) and not chart_keys(at)   # the projector: a count, no histogram

    a = open_page(HOME, query={"room": code})
    a.run()
    b = open_page(HOME, query={"room": code})
    b.run()
    assert not a.exception and a.session_state["class_page"] == "svm"
    poll_radio(a).set_value(0).run()                           # a first answer
    poll_radio(b).set_value(1).run()
    assert polls.counts(code, QUESTION, 1) == [1, 1, 0]
    clocked_store.clock.now += 2
    poll_radio(a).set_value(2).run()                           # a changed answer replaces the first
    assert polls.counts(code, QUESTION, 1) == [0, 1, 1]
    assert any("is counted" in c.value for c in a.caption)
    at.run()
    assert "answered 2 of 2" in texts(at) and not chart_keys(at)

    at.button(key="poll_check").click().run()                  # Check: closed and revealed
    assert not polls.current(code).open and not at.exception
    assert at.session_state["svm_b_gamma"] == 31.6              # the lecturer's view shows the answer ...
    assert clocked_store.room(code).state["params"]["svm_b_gamma"] == ["31.6"]   # ... and the room carries it
    assert "poll_histogram" in chart_keys(at) and "Right answer: B" in texts(at)
    for student in (a, b):
        student.run()
        student.run()                                           # (as part 1's tests: a section's widgets, a run later)
        assert "poll_histogram" in chart_keys(student) and not student.exception
        assert student.session_state["svm_b_gamma"] == 31.6     # the follower's settings moved
    assert [s.value for s in a.warning] == ["Your answer, C, is not the right one."]
    assert [s.value for s in b.success] == ["Your answer, B, is right."]   # (its ✅ is the icon)
    assert not b.warning and not a.success                      # each sees only their own verdict

    at.button(key="poll_again").click().run()                  # Ask again: round 2
    assert polls.current(code).round == 2 and polls.current(code).open
    assert {r["round"] for r in csv.DictReader(io.StringIO(ui_polls.results_csv(code)))} == {"1"}   # checked only
    clocked_store.clock.now += 2
    for student in (a, b):
        student.run()
        poll_radio(student, 2).set_value(1).run()
    assert polls.counts(code, QUESTION, 2) == [0, 2, 0]
    at.run()
    at.button(key="poll_check").click().run()
    fig = next(c for c in at.get("plotly_chart") if "poll_histogram" in c.proto.id)
    assert '"Round 1"' in fig.proto.spec and '"Round 2"' in fig.proto.spec   # round 2 beside round 1

    rows = list(csv.DictReader(io.StringIO(ui_polls.results_csv(code))))
    assert [(r["round"], r["choice"], r["count"], r["answered"]) for r in rows] == [
        ("1", "A", "0", "2"), ("1", "B", "1", "2"), ("1", "C", "1", "2"),
        ("2", "A", "0", "2"), ("2", "B", "2", "2"), ("2", "C", "0", "2")]
    assert [r["right"] for r in rows] == ["no", "yes", "no"] * 2
    for student in (a, b):                                      # never who answered what
        assert student.session_state["class_student"] not in ui_polls.results_csv(code)


def test_a_control_view_shows_the_live_histogram_the_projector_does_not(clocked_store):
    at, code = lecturer()
    key = at.session_state["class_key"]
    control = open_page(HOME, query={"room": code, "lecturer": key})
    at.button(key=f"svm_ex_{QUESTION}_ask").click().run()
    student = open_page(HOME, query={"room": code})
    student.run()
    poll_radio(student).set_value(1).run()
    control.run()
    at.run()
    assert control.session_state["class_control"] is True and "poll_live_histogram" in chart_keys(control)
    assert at.session_state["class_control"] is False and chart_keys(at) == []
    assert chart_keys(student) == []                            # nor a student before Check


def test_a_detached_student_answers_through_the_notice(clocked_store):
    at, code = lecturer()
    student = open_page(MARGINS, query={"room": code})
    student.run()
    student.button(key="class_detach").click().run()
    at.button(key=f"svm_ex_{QUESTION}_ask").click().run()
    student.run()
    assert any("The lecturer asks the class" in m.value for m in student.markdown)
    assert not [r for r in student.radio if r.key == f"poll_{QUESTION}_1"]
    student.button(key="poll_answer").click().run()
    poll_radio(student).set_value(1).run()
    assert polls_of(clocked_store).counts(code, QUESTION, 1) == [0, 1, 0]
    assert student.session_state["class_following"] is False    # answering did not re-join


def test_a_vote_over_the_rate_limit_is_shown_and_not_counted(clocked_store):
    at, code = lecturer()
    at.button(key=f"svm_ex_{QUESTION}_ask").click().run()
    student = open_page(HOME, query={"room": code})
    student.run()
    poll_radio(student).set_value(0).run()
    poll_radio(student).set_value(2).run()                      # within the same second (the clock stands still)
    assert polls_of(clocked_store).counts(code, QUESTION, 1) == [1, 0, 0]
    assert any("One answer a second" in w.value for w in student.warning)


def _exercises_in_the_source():
    """{section file: [exercise id]} read from every Exercise("id", …) call in pages/ (the oracle: the source)."""
    found = {}
    for path in sorted((ROOT / "pages").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("Exercise", "SliderExercise") and node.args \
                    and isinstance(node.args[0], ast.Constant):
                found.setdefault(path.relative_to(ROOT).as_posix(), []).append(node.args[0].value)
    return found


def test_every_exercise_of_every_section_can_be_asked(clocked_store):
    sections = _exercises_in_the_source()
    assert sum(map(len, sections.values())) >= 25
    at, code = lecturer(HOME)
    polls = polls_of(clocked_store)
    for file, ids in sections.items():
        at.switch_page(file).run()
        for ex in ids:
            button = next((b for b in at.button if b.key and b.key.endswith(f"_ex_{ex}_ask")), None)
            assert button is not None, f"{file}: no Ask the class for {ex}"
            button.click().run()
            poll = polls.current(code)
            assert (poll.question, poll.open) == (ex, True) and not at.exception, file
            assert len(poll.options) >= 2 and 0 <= poll.answer < len(poll.options)


def test_a_poll_runs_on_redis_too(monkeypatch):
    """Ask, two answers counted and Check with the rooms in a real redis-server (KERNELSCOPE_STORE), as replicas
    share them."""
    from tests.redis_env import redis_server

    with redis_server() as url:
        monkeypatch.setenv("KERNELSCOPE_STORE", url)
        room_routes._STORE.clear()
        try:
            at, code = lecturer()
            at.button(key=f"svm_ex_{QUESTION}_ask").click().run()
            polls = polls_of(room_routes.store())
            assert type(polls).__name__ == "RedisPolls" and polls.current(code).open
            for choice in (1, 2):
                student = open_page(HOME, query={"room": code})
                student.run()
                poll_radio(student).set_value(choice).run()
            assert polls.counts(code, QUESTION, 1) == [0, 1, 1]
            at.run()
            assert "answered 2 of 2" in texts(at)
            at.button(key="poll_check").click().run()
            assert not polls.current(code).open and "poll_histogram" in chart_keys(at)
        finally:
            room_routes.store().close()
            room_routes._STORE.clear()


# ------------------------------------------------------------------ a numeric question, answered with the slider
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
