"""AppTest of the class's polls: a lecturer's session, a control view (the lecturer link) and students' sessions of the
whole app sharing one store (SQLite in a temporary folder). Ask, answer, change an answer, the count on the
projector without the histogram, Check (the histogram beside the right answer, the followers' settings moved, each
student's own answer marked), Ask again beside round 1, a detached student's notice, the CSV; and every exercise of
every section asked, the exercises found in the sections' source (not listed here). A numeric question, answered
with the section's slider, is in tests/test_polls_app_numeric.py."""
import ast
import csv
import io
from pathlib import Path

import pytest

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
from ui import room_routes
from ui.room_store.polls import polls_of

ROOT = Path(__file__).resolve().parents[1]


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
    assert poll_radio(student).value == 0                       # the radio shows what counts, not the refused one
    clocked_store.clock.now += 2
    poll_radio(student).set_value(2).run()                      # so choosing it again is a change that counts
    assert polls_of(clocked_store).counts(code, QUESTION, 1) == [0, 0, 1]
    assert not student.warning and poll_radio(student).value == 2


def test_a_vote_is_unshown_until_its_panel_draws_and_a_settings_wake_meanwhile_reruns_the_page(clocked_store, monkeypatch):
    """A wake can cut a vote's run short after the vote counted, before the panel said so; Streamlit's next run is then
    the wake's fragment alone. The vote stays marked unshown until a run draws the panel, and the settings' wake widens
    to the page while it is (ui.room_wake._fragment_woken), so the panel never goes on saying the earlier answer."""
    import types

    from ui import live_class as lc
    from ui import room_wake

    at, code = lecturer()
    at.button(key=f"svm_ex_{QUESTION}_ask").click().run()
    student = open_page(HOME, query={"room": code})
    student.run()
    poll_radio(student).set_value(1).run()
    assert ui_polls.UNSHOWN not in student.session_state        # the run drew the panel: "B is counted"
    assert any("Your answer B is counted" in c.value for c in student.caption)

    class Rerun(Exception):
        pass

    def rerun():
        raise Rerun

    # a wake with nothing new for the view (the version shown is the room's): without the unshown vote, no rerun
    state = {lc.ROOM: {"code": code, "role": "student"}, lc.FOLLOW: True, lc.APPLIED: 10 ** 9}
    monkeypatch.setattr(room_wake, "st", types.SimpleNamespace(session_state=state, rerun=rerun))
    monkeypatch.setattr(lc, "reapply", lambda page: False)
    room_wake._fragment_woken()
    state[ui_polls.UNSHOWN] = True
    with pytest.raises(Rerun):   # the page's run, not the wake's fragment alone
        room_wake._fragment_woken()


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
