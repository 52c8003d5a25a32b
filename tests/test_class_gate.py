"""ui.class_gate's rules, with real threads standing for sessions' script runs: a lecturer's run never waits; while one
goes, no student's run starts; at most `students` young student runs go at once; one older than `hold` holds nobody
back; none waits past `wait`; a student's run going pauses at its yield points while a lecturer's goes, for at most
`pause` in all; a session in no class is never held. And the role is read from the session's state."""
import threading
import time

from ui.class_gate import Gate, role


class Run(threading.Thread):
    """A run of `role` at `gate` that, once started, holds its turn until `release` is set; then, if `yields`, it
    passes a yield point (Gate.pause, as at an element sent) and sets `done`."""

    def __init__(self, gate, role_, yields=False):
        super().__init__(daemon=True)
        self.gate, self.role, self.yields = gate, role_, yields
        self.started, self.release, self.done = threading.Event(), threading.Event(), threading.Event()

    def run(self):
        with self.gate.turn(self.role):
            self.started.set()
            self.release.wait(10)
            if self.yields:
                self.gate.pause()
            self.done.set()


def start(gate, role_, yields=False):
    r = Run(gate, role_, yields)
    r.start()
    return r


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
    gate = Gate(students=1, hold=0.4, wait=10)
    heavy = start(gate, "student")                          # a heavy computation on a student's own data
    assert heavy.started.wait(2)
    t0 = time.monotonic()
    other = start(gate, "student")
    assert not other.started.wait(0.2)                      # held while the heavy run is young
    assert other.started.wait(3)
    assert time.monotonic() - t0 >= 0.35                    # then it goes beside it
    for r in (heavy, other):
        r.release.set()


def test_a_student_run_going_pauses_at_its_yield_point_while_a_lecturers_run_goes():
    gate = Gate(students=1, hold=10, wait=10, pause=10)
    student = start(gate, "student", yields=True)
    assert student.started.wait(2)
    lecturer = start(gate, "lecturer", yields=True)
    assert lecturer.started.wait(2)                        # the student's run going does not hold the lecturer back
    student.release.set()
    assert not student.done.wait(0.3)                       # paused at its next element while the lecturer's run goes
    lecturer.release.set()
    assert lecturer.done.wait(2)                            # a lecturer's run never pauses
    assert student.done.wait(2)                             # the lecturer's run ended: the student's goes on
    outside = start(gate, None, yields=True)                # a session in no class never pauses
    outside.release.set()
    assert outside.done.wait(2)


def test_a_student_run_pauses_no_longer_than_its_budget_in_all():
    gate = Gate(students=1, hold=10, wait=10, pause=0.4)
    student = start(gate, "student", yields=True)
    assert student.started.wait(2)
    lecturer = start(gate, "lecturer")
    assert lecturer.started.wait(2)
    t0 = time.monotonic()
    student.release.set()
    assert student.done.wait(3)                             # the lecturer's run still goes: the budget ran out
    assert 0.35 <= time.monotonic() - t0 < 2
    lecturer.release.set()


def test_the_role_is_read_from_the_sessions_state():
    assert role({"class_room": {"code": "ABC234", "role": "lecturer"}}) == "lecturer"
    assert role({"class_room": {"code": "ABC234", "role": "student"}}) == "student"
    for state in ({}, {"class_room": None}, {"class_room": "student"}, None):
        assert role(state) is None
