"""The lecturer first: while a lecturer's script runs, no student's run of a class starts, and the students' runs go
one at a time.

Every session's script runs in a thread of its own, and Python hands the interpreter lock round the runnable
threads in turns of a few milliseconds. When the lecturer moves γ, the thirty followers' runs wake together; when the
class answers a poll, thirty votes come within a second. A lecturer's run that starts among them gets one turn in
thirty: its 15-35 ms fragment run took 100-120 ms while the class voted (bench.poll_class on an idle machine, the
lecturer's γ in a process of its own: median 108-123 ms in three runs without this gate, 58-111 ms with it). Here a
student's run waits, before it starts, while a lecturer's run is going and while another student's run is going: the
waiting threads take no turns, and the lecturer's run shares the interpreter with at most the one student's run already
going. The class's runs then come one after another, which is as fast in all (the interpreter lock lets one thread run
Python at a time) and sooner for most. A student's run that has gone on for HOLD seconds (a heavy computation on a
student's own data) no longer holds the others back, a student's run never waits longer than WAIT seconds (a
lecturer's long run does not stall the class), and sessions in no room are never held: a class's gate, not the app's.

A student's run already going when a lecturer's starts would still share the interpreter with it (a vote's run is
~11 ms, the lecturer's γ ~16 ms). So a student's run also pauses at its yield points (every element it sends, where
Streamlit checks for a stop or rerun request) while a lecturer's run goes, for at most PAUSE seconds in all.

Streamlit's ScriptRunner._run_script (pinned streamlit) is wrapped once per process by `install` (ui.runtime.set_up);
tests/test_setup.py checks it took, tests/test_class_gate.py the gate's rules."""
import contextlib
import threading
import time

STUDENTS = 1   # young student runs at once
HOLD = 0.5     # seconds after which a student's run no longer holds the others back (a heavy one runs beside them)
WAIT = 2.0     # seconds a student's run waits at most before it starts
PAUSE = 0.5    # seconds a student's run pauses at most, in all, at its yield points once started
ROOM = "class_room"   # the session's room (ui.live_class.ROOM): {"code", "role": "lecturer" | "student"}


class Gate:
    def __init__(self, students=STUDENTS, hold=HOLD, wait=WAIT, pause=PAUSE, clock=time.monotonic):
        self.cond = threading.Condition()
        self.lecturers = 0    # lecturer runs going
        self.started = {}     # student run -> when it started, while it goes
        self.limit, self.hold, self.wait, self.pause_limit, self.clock = students, hold, wait, pause, clock
        self.paused = threading.local()   # this thread's student run: the pause it may still take (seconds)

    def _young(self, now):
        """The start times of the student runs going that still hold the others back."""
        return [t for t in self.started.values() if now - t < self.hold]

    @contextlib.contextmanager
    def turn(self, role):
        """A run of a session whose role in a class is `role` ("lecturer", "student", or None: in no class)."""
        if role not in ("lecturer", "student"):
            yield
            return
        lecturer, me = role == "lecturer", object()
        with self.cond:
            if lecturer:
                self.lecturers += 1
            else:
                deadline = self.clock() + self.wait
                while True:
                    now = self.clock()
                    young = self._young(now)
                    if not self.lecturers and len(young) < self.limit or now >= deadline:
                        break
                    # wake when a run ends (notify), when the oldest young run stops holding, or at the deadline
                    self.cond.wait(min([deadline] + [t + self.hold for t in young]) - now)
                self.started[me] = self.clock()
                self.paused.left = self.pause_limit
        try:
            yield
        finally:
            self.paused.left = 0.0
            with self.cond:
                if lecturer:
                    self.lecturers -= 1
                else:
                    del self.started[me]
                self.cond.notify_all()


    def pause(self):
        """At a yield point of this thread's run: a student's run waits while a lecturer's run goes, within its
        pause budget. Any other run, or none going, passes at once (no lock taken)."""
        left = getattr(self.paused, "left", 0.0)
        if left <= 0 or not self.lecturers:
            return
        with self.cond:
            start = self.clock()
            deadline = start + left
            while self.lecturers and self.clock() < deadline:
                self.cond.wait(deadline - self.clock())
            self.paused.left = left - (self.clock() - start)


GATE = Gate()


def role(session_state):
    """The session's role in a class, None in none (read before its run: Streamlit's thread-safe session state)."""
    try:
        room = session_state[ROOM]
    except Exception:   # no room (KeyError), or no state to read: no class's gate
        return None
    return room.get("role") if isinstance(room, dict) else None


def install():
    """Wrap ScriptRunner._run_script (once per process): each run takes its turn at the gate. And the check Streamlit
    makes at every element a run sends (_maybe_handle_execution_control_request): a student's run pauses there while
    a lecturer's goes."""
    from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

    original, check = ScriptRunner._run_script, ScriptRunner._maybe_handle_execution_control_request
    if getattr(original, "_gated", False):
        return

    def run_script(self, rerun_data):
        with GATE.turn(role(self._session_state)):
            return original(self, rerun_data)

    def yield_point(self):
        GATE.pause()   # the thread's own run's budget: nothing for a lecturer's, a session in no class, or another thread
        return check(self)

    run_script._gated = yield_point._gated = True
    ScriptRunner._run_script = run_script
    ScriptRunner._maybe_handle_execution_control_request = yield_point
