"""The lecturer first: while a lecturer's script runs, and for LINGER seconds after it, no student's run of a class
starts, and the students' runs go one at a time.

Every session's script runs in a thread of its own, and Python hands the interpreter lock round the runnable
threads in turns of a few milliseconds. When the lecturer moves γ, the thirty followers' runs wake together; when the
class answers a poll, thirty votes come within a second. A lecturer's run that starts among them would get one turn in
thirty. Here a student's run waits, before it starts, while a lecturer's run is going and while another student's run
is going: the waiting threads take no turns, and the lecturer's run shares the interpreter with at most the one
student's run already going. It also waits LINGER seconds after a lecturer's run ends: the server's event loop then
sends the lecturer's result before the class's runs queue their own (the delay a lecturer sees is mostly that
sending, bench/README.md's bench.poll_class). The class's runs come one after another, which is as fast in all (the
interpreter lock lets one thread run Python at a time) and sooner for most. A student's run that has gone on for HOLD
seconds (a heavy computation on a student's own data) no longer holds the others back, a student's run never waits
longer than WAIT seconds (a lecturer's long run, or one run after another, does not stall the class), and sessions in
no room are never held: a class's gate, not the app's.

Streamlit's ScriptRunner._run_script (pinned streamlit) is wrapped once per process by `install` (ui.runtime.set_up);
tests/test_setup.py checks it took, tests/test_class_gate.py the gate's rules."""
import contextlib
import threading
import time

STUDENTS = 1   # young student runs at once
HOLD = 0.5     # seconds after which a student's run no longer holds the others back (a heavy one runs beside them)
WAIT = 2.0     # seconds a student's run waits at most
LINGER = 0.1   # seconds after a lecturer's run ends during which no student's run starts (its output leaves first)
ROOM = "class_room"   # the session's room (ui.live_class.ROOM): {"code", "role": "lecturer" | "student"}


class Gate:
    def __init__(self, students=STUDENTS, hold=HOLD, wait=WAIT, linger=LINGER, clock=time.monotonic):
        self.cond = threading.Condition()
        self.lecturers = 0    # lecturer runs going
        self.lecturer_ended = float("-inf")   # when the last lecturer run ended
        self.started = {}     # student run -> when it started, while it goes
        self.limit, self.hold, self.wait, self.linger, self.clock = students, hold, wait, linger, clock

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
                    free = self.lecturer_ended + self.linger
                    if not self.lecturers and now >= free and len(young) < self.limit or now >= deadline:
                        break
                    # wake when a run ends (notify), when the oldest young run stops holding, when the lecturer's
                    # output has had its time, or at the deadline
                    self.cond.wait(min([deadline] + [t + self.hold for t in young] + ([free] if free > now else []))
                                   - now)
                self.started[me] = self.clock()
        try:
            yield
        finally:
            with self.cond:
                if lecturer:
                    self.lecturers -= 1
                    self.lecturer_ended = self.clock()
                else:
                    del self.started[me]
                self.cond.notify_all()


GATE = Gate()


def role(session_state):
    """The session's role in a class, None in none (read before its run: Streamlit's thread-safe session state)."""
    try:
        room = session_state[ROOM]
    except Exception:   # no room (KeyError), or no state to read: no class's gate
        return None
    return room.get("role") if isinstance(room, dict) else None


def install():
    """Wrap ScriptRunner._run_script (once per process): each run takes its turn at the gate."""
    from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

    original = ScriptRunner._run_script
    if getattr(original, "_gated", False):
        return

    def run_script(self, rerun_data):
        with GATE.turn(role(self._session_state)):
            return original(self, rerun_data)

    run_script._gated = True
    ScriptRunner._run_script = run_script
