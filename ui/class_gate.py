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

A student's answer to a poll goes first among the students. A lecturer's γ move wakes the whole class, and on a busy
process thirty wake runs (~20 ms each) wait at the gate; a vote (~2 ms of script) arriving behind them would wait for
all of them. The answer's fragments mark themselves (`answers_here`, called inside them), and a waiting student run
whose rerun - or the request that came in while it waited, which Streamlit serves at the run's first yield point -
reruns one of them, and that has waited ANSWER_AFTER seconds, starts before any other waiting student run. It still
waits for a lecturer's run and its LINGER, and for the one student run going. Answers that jumped the queue at once
came through in a burst, and a lecturer's move during it waited up to twice as long (bench.poll_class on one server,
where the queue is short anyway); after ANSWER_AFTER they jump only a long queue (two replicas sharing two cores).

A student's run already going when a lecturer's run starts pauses too, at its next yield point (each element it draws:
Streamlit checks there for a rerun request), until the lecturer's run and its LINGER are over, PAUSE seconds at most
in all per run. While the class answers a poll the students' runs come one after another, so nearly every lecturer's
move started beside one of them and shared the interpreter with it: such a run took up to twice its own CPU time
(bench.poll_class, the lecturer's γ reruns while 30 students vote against the same with no poll: 1.08x, 1.44x, 1.44x
and 2.39x in four runs without the pause, 1.12x-1.47x in six runs with it). A paused run holds no lock the
lecturer's run needs: the pages' cached computations draw nothing, so a run never pauses inside one; PAUSE bounds
what a missed case could cost.

Streamlit's ScriptRunner._run_script and _maybe_handle_execution_control_request (pinned streamlit) are wrapped once
per process by `install` (ui.runtime.set_up);
tests/test_setup.py checks it took, tests/test_class_gate.py the gate's rules."""
import contextlib
import threading
import time

STUDENTS = 1   # young student runs at once
HOLD = 0.5     # seconds after which a student's run no longer holds the others back (a heavy one runs beside them)
WAIT = 2.0     # seconds a student's run waits at most
LINGER = 0.1   # seconds after a lecturer's run ends during which no student's run starts (its output leaves first)
ANSWER_AFTER = 0.6   # seconds an answer waits in turn before it goes before the other waiting student runs
PAUSE = 0.5    # seconds a student's run going pauses at most, in all, for lecturer runs started after it
ROOM = "class_room"   # the session's room (ui.live_class.ROOM): {"code", "role": "lecturer" | "student"}
ANSWERS = "class_answer_fragments"   # the session's fragments whose runs are answers (`answers_here`): ids


class Gate:
    def __init__(self, students=STUDENTS, hold=HOLD, wait=WAIT, linger=LINGER, answer_after=ANSWER_AFTER,
                 pause=PAUSE, clock=time.monotonic):
        self.cond = threading.Condition()
        self.lecturers = 0    # lecturer runs going
        self.lecturer_ended = float("-inf")   # when the last lecturer run ended
        self.started = {}     # student run -> when it started, while it goes
        self.waiting = {}     # student run waiting -> (its answer() or None, when it began to wait)
        self.answers = set()  # those that are answers and have waited answer_after (they start first)
        self.limit, self.hold, self.wait, self.linger, self.clock = students, hold, wait, linger, clock
        self.answer_after, self.pause_max = answer_after, pause

    def _young(self, now):
        """The start times of the student runs going that still hold the others back."""
        return [t for t in self.started.values() if now - t < self.hold]

    def _mark(self, run, now):
        """Note waiting `run` as an answer once it is one and has waited `answer_after` (once one, always)."""
        answer, since = self.waiting[run]
        if run not in self.answers and answer is not None and now - since >= self.answer_after and answer():
            self.answers.add(run)

    def _answers_now(self):
        """Mark the waiting runs that are answers now (`_mark`): before the waiting runs look at the gate."""
        now = self.clock()
        for run in self.waiting:
            self._mark(run, now)

    @contextlib.contextmanager
    def turn(self, role, answer=None):
        """A run of a session whose role in a class is `role` ("lecturer", "student", or None: in no class);
        `answer()`: whether the run is (now) a student's answer, which starts before the other students' runs.
        Gives a student's run its handle for `pause` (None for any other run)."""
        if role not in ("lecturer", "student"):
            yield None
            return
        lecturer, me = role == "lecturer", Run()
        with self.cond:
            if lecturer:
                self.lecturers += 1
            else:
                since = self.clock()
                deadline, jump = since + self.wait, since + self.answer_after
                self.waiting[me] = (answer, since)
                while True:
                    now = self.clock()
                    young = self._young(now)
                    free = self.lecturer_ended + self.linger
                    self._mark(me, now)
                    first = me in self.answers or not self.answers   # no answer waits, or this is one
                    if not self.lecturers and now >= free and len(young) < self.limit and first or now >= deadline:
                        del self.waiting[me]
                        self.answers.discard(me)
                        break
                    # wake when a run ends (notify), when the oldest young run stops holding, when the lecturer's
                    # output has had its time, when an answer may go first, or at the deadline
                    self.cond.wait(min([deadline] + [t + self.hold for t in young] + ([free] if free > now else [])
                                       + ([jump] if answer is not None and jump > now else [])) - now)
                self.started[me] = self.clock()
        try:
            yield None if lecturer else me
        finally:
            with self.cond:
                if lecturer:
                    self.lecturers -= 1
                    self.lecturer_ended = self.clock()
                else:
                    del self.started[me]
                self._answers_now()
                self.cond.notify_all()

    def pause(self, run):
        """A student's `run` (its `turn`'s handle) at a yield point: wait while a lecturer's run goes and for its
        linger, until the run has paused `pause_max` seconds in all. Costs a comparison when no lecturer runs."""
        if not self.lecturers and self.clock() >= self.lecturer_ended + self.linger:
            return
        with self.cond:
            start = self.clock()
            deadline = start + self.pause_max - run.paused
            while True:
                now = self.clock()
                free = self.lecturer_ended + self.linger
                if not self.lecturers and now >= free or now >= deadline:
                    break
                self.cond.wait((deadline if self.lecturers else min(deadline, free)) - now)
            run.paused += self.clock() - start


class Run:
    """A student's run going at the gate: how long it has paused for lecturer runs (`Gate.pause`)."""
    __slots__ = ("paused",)

    def __init__(self):
        self.paused = 0.0


GATE = Gate()


def role(session_state):
    """The session's role in a class, None in none (read before its run: Streamlit's thread-safe session state)."""
    try:
        room = session_state[ROOM]
    except Exception:   # no room (KeyError), or no state to read: no class's gate
        return None
    return room.get("role") if isinstance(room, dict) else None


def answers_here():
    """Call inside an st.fragment whose reruns are a student's answers (ui.poll_view): they go first at the gate."""
    import streamlit as st

    try:   # the running fragment's id (pinned streamlit; tests/test_class_gate.py checks it is found)
        from streamlit.runtime.scriptrunner_utils.script_run_context import ThreadState

        fragment = ThreadState.get().fragment_id
    except (ImportError, AttributeError):
        return
    ids = st.session_state.get(ANSWERS, ())
    if fragment and fragment not in ids:
        st.session_state[ANSWERS] = (*ids[-3:], fragment)   # the page's answer fragments now (their ids follow the layout)


def is_answer(session_state, *reruns):
    """Whether any of the rerun requests `reruns` (Streamlit's RerunData, or None) reruns one of the session's
    answer fragments (`answers_here`)."""
    try:
        ids = session_state[ANSWERS]
    except Exception:   # none marked, or no state to read
        return False
    for rerun in reruns:
        if rerun is None:
            continue
        fragments = [*(getattr(rerun, "fragment_id_queue", None) or ()), getattr(rerun, "fragment_id", None)]
        if any(f in ids for f in fragments if f):
            return True
    return False


def install():
    """Wrap ScriptRunner._run_script (once per process): each run takes its turn at the gate."""
    from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

    original = ScriptRunner._run_script
    if getattr(original, "_gated", False):
        return

    from streamlit.runtime.scriptrunner_utils.script_requests import ScriptRequestType

    def run_script(self, rerun_data):
        requests, state = self._requests, self._session_state

        def answer():   # this run's rerun, or the one asked for while it waits (the runner's pending request)
            pending = requests._rerun_data if requests._state == ScriptRequestType.RERUN else None
            return is_answer(state, rerun_data, pending)

        with GATE.turn(role(state), answer) as run:
            self._class_run = run
            try:
                return original(self, rerun_data)
            finally:
                self._class_run = None

    original_yield = ScriptRunner._maybe_handle_execution_control_request

    def yield_point(self):   # a student's run pauses for a lecturer's run started after it (`Gate.pause`)
        run = getattr(self, "_class_run", None)
        if run is not None and self._is_in_script_thread():
            GATE.pause(run)
        return original_yield(self)

    run_script._gated = yield_point._gated = True
    ScriptRunner._run_script = run_script
    ScriptRunner._maybe_handle_execution_control_request = yield_point
