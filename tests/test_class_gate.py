"""ui.class_gate's rules, with real threads standing for sessions' script runs: a lecturer's run never waits; while one
goes, no student's run starts; at most `students` young student runs go at once; one older than `hold` holds nobody
back; none waits past `wait`; none starts within `linger` after a lecturer's run ended; a session in no class is
never held. And the role is read from the session's state."""
import threading
import time

from ui.class_gate import Gate, role


class Run(threading.Thread):
    """A run of `role` at `gate` that, once started, holds its turn until `release` is set."""

    def __init__(self, gate, role_):
        super().__init__(daemon=True)
        self.gate, self.role = gate, role_
        self.started, self.release = threading.Event(), threading.Event()

    def run(self):
        with self.gate.turn(self.role):
            self.started.set()
            self.release.wait(10)


def start(gate, role_):
    r = Run(gate, role_)
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


def test_a_student_run_waits_the_linger_after_a_lecturers_run_ends():
    gate = Gate(students=1, hold=10, wait=10, linger=0.5)
    lecturer = start(gate, "lecturer")
    assert lecturer.started.wait(2)
    student = start(gate, "student")
    lecturer.release.set()
    t0 = time.monotonic()
    lecturer.join(2)
    assert not student.started.wait(0.3)                   # the lecturer's run is over, its linger is not
    assert student.started.wait(2)
    assert time.monotonic() - t0 >= 0.45
    student.release.set()
    outside = start(gate, None)                            # a session in no class: no linger
    second = start(gate, "lecturer")
    assert outside.started.wait(2) and second.started.wait(2)
    second.release.set()
    second.join(2)
    t1 = time.monotonic()
    late = start(gate, "student")                      # the same linger after every lecturer run
    assert late.started.wait(2) and time.monotonic() - t1 >= 0.4
    for r in (outside, late):
        r.release.set()


def test_the_role_is_read_from_the_sessions_state():
    assert role({"class_room": {"code": "ABC234", "role": "lecturer"}}) == "lecturer"
    assert role({"class_room": {"code": "ABC234", "role": "student"}}) == "student"
    for state in ({}, {"class_room": None}, {"class_room": "student"}, None):
        assert role(state) is None
