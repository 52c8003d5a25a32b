"""ui.class_gate's rules, with real threads standing for sessions' script runs: a lecturer's run never waits; while one
goes, no student's run starts; at most `students` young student runs go at once; one older than `hold` holds nobody
back; none waits past `wait`; none starts within `linger` after a lecturer's run ended; a session in no class is
never held; a student's answer starts before the other waiting student runs. And the role is read from the session's
state, the answer from the run's fragments (marked by the fragment itself, in a real run)."""
import threading
import time

from ui.class_gate import Gate, role


class Run(threading.Thread):
    """A run of `role` at `gate` that, once started, holds its turn until `release` is set."""

    def __init__(self, gate, role_):
        super().__init__(daemon=True)
        self.gate, self.role = gate, role_
        self.started, self.release = threading.Event(), threading.Event()
        self.answer = None   # an Event: set while the run is a student's answer

    def run(self):
        answer = self.answer.is_set if self.answer is not None else None
        with self.gate.turn(self.role, answer):
            self.started.set()
            self.release.wait(10)


def waiting(gate, n, timeout=5):
    """Whether `n` runs wait at the gate within `timeout` s (their threads have reached it)."""
    end = time.monotonic() + timeout
    while len(gate.waiting) < n and time.monotonic() < end:
        time.sleep(0.01)
    return len(gate.waiting) >= n


def start(gate, role_):
    r = Run(gate, role_)
    r.start()
    return r


class Clock:
    """The gate's clock, moved by the test: how long a run has waited or gone does not depend on how fast the threads
    run (on a loaded machine, real seconds passed between two steps of a test can put a run past a limit early)."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_a_lecturers_run_holds_students_back_and_never_waits():
    gate = Gate(students=2, hold=10, wait=10)
    lecturer = start(gate, "lecturer")
    assert lecturer.started.wait(2)
    student = start(gate, "student")
    assert not student.started.wait(0.3)                   # held while the lecturer's run goes
    second = start(gate, "lecturer")                       # a second lecturer window: not held
    assert second.started.wait(2)
    lecturer.release.set()
    assert not student.started.wait(0.3)                   # the other lecturer run still goes
    second.release.set()
    assert student.started.wait(2)                          # then the student's starts
    student.release.set()


def test_at_most_the_limit_of_student_runs_go_at_once_and_the_rest_follow():
    gate = Gate(students=2, hold=10, wait=10)
    runs = [start(gate, "student") for _ in range(5)]
    time.sleep(0.3)
    going = [r for r in runs if r.started.is_set()]
    assert len(going) == 2
    lecturer = start(gate, "lecturer")                     # not held by the students going
    assert lecturer.started.wait(2)
    going[0].release.set()
    time.sleep(0.3)
    assert sum(r.started.is_set() for r in runs) == 2       # the lecturer's run goes: nobody new starts
    lecturer.release.set()
    time.sleep(0.3)
    assert sum(r.started.is_set() for r in runs) == 3       # one more in the freed place
    for r in runs:
        r.release.set()
    for r in runs:
        assert r.started.wait(2)


def test_a_student_never_waits_past_the_limit_and_no_class_is_never_held():
    gate = Gate(students=1, hold=10, wait=0.4)
    lecturer = start(gate, "lecturer")
    assert lecturer.started.wait(2)
    outside = start(gate, None)
    assert outside.started.wait(0.3)                        # a session in no class: not held
    t0 = time.monotonic()
    student = start(gate, "student")
    assert student.started.wait(3)
    assert time.monotonic() - t0 >= 0.35                    # held until the wait ran out, then went
    for r in (lecturer, outside, student):
        r.release.set()


def test_a_long_student_run_stops_holding_the_others_back():
    clock = Clock()
    gate = Gate(students=1, hold=0.4, wait=10, clock=clock)
    heavy = start(gate, "student")                          # a heavy computation on a student's own data
    assert heavy.started.wait(2)
    other = start(gate, "student")
    clock.now = 0.3
    assert not other.started.wait(0.6)                      # held while the heavy run is young
    clock.now = 0.5
    assert other.started.wait(3)                            # then it goes beside it
    for r in (heavy, other):
        r.release.set()


def test_a_student_run_waits_the_linger_after_a_lecturers_run_ends():
    clock = Clock()
    gate = Gate(students=1, hold=10, wait=10, linger=0.5, clock=clock)
    lecturer = start(gate, "lecturer")
    assert lecturer.started.wait(2)
    student = start(gate, "student")
    lecturer.release.set()
    lecturer.join(2)                                       # its run ended at 0.0
    clock.now = 0.4
    assert not student.started.wait(0.8)                   # the lecturer's run is over, its linger is not
    clock.now = 0.6
    assert student.started.wait(3)
    student.release.set()
    outside = start(gate, None)                            # a session in no class: no linger
    second = start(gate, "lecturer")
    assert outside.started.wait(2) and second.started.wait(2)
    second.release.set()
    second.join(2)                                         # its run ended at 0.6
    late = start(gate, "student")                          # the same linger after every lecturer run
    clock.now = 1.0
    assert not late.started.wait(0.8)
    clock.now = 1.2
    assert late.started.wait(3)
    for r in (outside, late):
        r.release.set()


def test_the_role_is_read_from_the_sessions_state():
    assert role({"class_room": {"code": "ABC234", "role": "lecturer"}}) == "lecturer"
    assert role({"class_room": {"code": "ABC234", "role": "student"}}) == "student"
    for state in ({}, {"class_room": None}, {"class_room": "student"}, None):
        assert role(state) is None


def test_a_waiting_answer_starts_before_the_other_waiting_student_runs():
    """Thirty wake-ups waiting behind one student run, then a vote: the vote is the next to start (a run that became
    an answer while it waited - the request Streamlit serves at its first yield point - too)."""
    gate = Gate(students=1, hold=10, wait=10, answer_after=0)
    going = start(gate, "student")
    assert going.started.wait(2)
    wakes = [start(gate, "student") for _ in range(5)]
    time.sleep(0.2)
    vote = Run(gate, "student")
    vote.answer = threading.Event()
    vote.answer.set()
    late = Run(gate, "student")                             # a wake whose session's vote comes while it waits
    late.answer = threading.Event()
    for r in (vote, late):
        r.start()
    time.sleep(0.2)
    assert not any(r.started.is_set() for r in (*wakes, vote, late))   # one student run at a time
    going.release.set()
    assert vote.started.wait(2)
    time.sleep(0.2)
    assert not any(r.started.is_set() for r in (*wakes, late))         # the vote goes alone, wakes still wait
    late.answer.set()
    vote.release.set()
    assert late.started.wait(2)
    time.sleep(0.2)
    assert not any(r.started.is_set() for r in wakes)
    late.release.set()
    for r in wakes:
        r.release.set()
    for r in wakes:
        assert r.started.wait(5)


def behind_a_run(gate):
    """A student run going, and behind it a student run and then an answer, both waiting at the gate."""
    going = start(gate, "student")
    assert going.started.wait(2)
    plain = start(gate, "student")
    answer = Run(gate, "student")
    answer.answer = threading.Event()
    answer.answer.set()
    answer.start()
    assert waiting(gate, 2)
    return going, plain, answer


def test_an_answer_goes_first_only_once_it_has_waited_its_turn_a_while():
    """On a short queue an answer takes its turn among the waiting runs (answers jumping at once came in a burst that
    held up the lecturer's moves); past `answer_after` it goes before the runs that came earlier. (Runs that are not
    answers go in no set order: whichever thread takes the lock first.)"""
    clock = Clock()
    gate = Gate(students=1, hold=10, wait=10, answer_after=0.8, clock=clock)
    going, wake, vote = behind_a_run(gate)
    clock.now = 0.1
    time.sleep(0.2)
    assert not gate.answers                                  # the vote has waited 0.1 s: not put first
    going.release.set()
    deadline = time.monotonic() + 3
    while not (wake.started.is_set() or vote.started.is_set()) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert wake.started.is_set() != vote.started.is_set()   # one of the two, in its turn
    for r in (wake, vote):
        r.release.set()
    assert wake.started.wait(2) and vote.started.wait(2)

    clock.now = 10.0
    going, earlier, late = behind_a_run(gate)
    clock.now = 11.0                                         # the answer has now waited over 0.8 s
    going.release.set()
    assert late.started.wait(2)
    assert not earlier.started.wait(0.3)                     # it went before the run that came earlier
    late.release.set()
    assert earlier.started.wait(2)
    earlier.release.set()


def test_an_answer_still_waits_for_the_lecturers_run():
    gate = Gate(students=1, hold=10, wait=10, linger=0.3, answer_after=0)
    lecturer = start(gate, "lecturer")
    assert lecturer.started.wait(2)
    vote = Run(gate, "student")
    vote.answer = threading.Event()
    vote.answer.set()
    vote.start()
    assert not vote.started.wait(0.3)                        # the lecturer first
    lecturer.release.set()
    t0 = time.monotonic()
    assert vote.started.wait(2) and time.monotonic() - t0 >= 0.25   # and its linger
    vote.release.set()


def _answer_panel():
    import streamlit as st

    from ui.class_gate import answers_here

    answers_here()   # outside a fragment: nothing marked

    @st.fragment
    def panel():
        answers_here()
        st.radio("answer", ["A", "B"], key="vote")

    panel()


def test_an_answer_fragment_marks_itself_and_its_reruns_are_answers():
    """In a real run the answer's fragment records its id; a rerun of it (as the browser asks: the fragment's id,
    alone or in the queue, or pending while a run waits at the gate) is an answer, any other rerun is not."""
    from streamlit.runtime.scriptrunner.script_runner import ScriptRunner
    from streamlit.runtime.scriptrunner_utils.script_requests import RerunData, ScriptRequests
    from streamlit.testing.v1 import AppTest

    from ui import class_gate
    from ui.runtime import set_up

    at = AppTest.from_function(_answer_panel).run()
    ids = at.session_state[class_gate.ANSWERS]
    assert len(ids) == 1 and isinstance(ids[0], str) and len(ids[0]) >= 16
    state = {class_gate.ANSWERS: ids, "class_room": {"code": "ABC234", "role": "student"}}
    assert class_gate.is_answer(state, RerunData(fragment_id=ids[0]))
    assert class_gate.is_answer(state, None, RerunData(fragment_id_queue=["other", ids[0]]))
    for rerun in (RerunData(), RerunData(fragment_id="other"), None):
        assert not class_gate.is_answer(state, rerun)
    assert not class_gate.is_answer({}, RerunData(fragment_id=ids[0]))

    set_up()   # the wrapped ScriptRunner._run_script hands the gate an answer() that sees the pending request
    seen = []

    class Recorder:
        def turn(self, role_, answer):
            seen.append((role_, answer()))
            requests.request_rerun(RerunData(fragment_id=ids[0]))   # the vote arrives while the wake waits
            seen.append((role_, answer()))
            raise LookupError("stop before the script")

    class Runner:
        _session_state = state

    runner, requests = Runner(), ScriptRequests()
    runner._requests = requests
    gate, class_gate.GATE = class_gate.GATE, Recorder()
    try:
        ScriptRunner._run_script(runner, RerunData(fragment_id="the settings bar's wake"))
    except LookupError:
        pass
    finally:
        class_gate.GATE = gate
    assert seen == [("student", False), ("student", True)]


class Paused(threading.Thread):
    """A student's run at `gate` that, once started, comes to a yield point when `step` is set (`Gate.pause`), and
    sets `passed` when it is past it."""

    def __init__(self, gate):
        super().__init__(daemon=True)
        self.gate, self.started, self.step, self.passed = gate, threading.Event(), threading.Event(), threading.Event()

    def run(self):
        with self.gate.turn("student") as run:
            self.started.set()
            self.step.wait(10)
            self.gate.pause(run)
            self.passed.set()


def test_a_student_run_going_pauses_at_its_yield_points_while_a_lecturers_run_goes_and_for_its_linger():
    clock = Clock()
    gate = Gate(students=1, hold=10, wait=10, linger=0.5, pause=10, clock=clock)
    student = Paused(gate)
    student.start()
    assert student.started.wait(2)
    lecturer = start(gate, "lecturer")                     # starts beside the student's run, which went first
    assert lecturer.started.wait(2)
    student.step.set()
    assert not student.passed.wait(0.5)                    # paused at its next yield point
    lecturer.release.set()
    lecturer.join(2)                                       # the lecturer's run ended at 0.0
    clock.now = 0.4
    assert not student.passed.wait(0.5)                    # its linger is not over
    clock.now = 0.6
    assert student.passed.wait(3)


def test_a_yield_point_with_no_lecturers_run_near_does_not_pause():
    gate = Gate(students=1, hold=10, wait=10, linger=0.5, pause=10)
    student = Paused(gate)
    student.start()
    assert student.started.wait(2)
    student.step.set()
    assert student.passed.wait(0.5)


def test_a_student_run_pauses_at_most_its_bound_in_all():
    clock = Clock()
    gate = Gate(students=1, hold=10, wait=10, linger=0.1, pause=0.4, clock=clock)
    with gate.turn("student") as run:
        lecturer = start(gate, "lecturer")                 # a lecturer's long run
        assert lecturer.started.wait(2)
        paused = threading.Thread(target=gate.pause, args=(run,), daemon=True)
        paused.start()
        clock.now = 0.3
        paused.join(0.5)
        assert paused.is_alive()                           # 0.3 s of its 0.4 s
        clock.now = 0.45
        paused.join(3)
        assert not paused.is_alive() and 0.39 < run.paused < 0.46
        again = threading.Thread(target=gate.pause, args=(run,), daemon=True)
        again.start()                                      # the bound is spent: the next yield point goes on
        again.join(3)
        assert not again.is_alive()
        lecturer.release.set()
