"""The sessions of bench.poll_class: a voting student (a follower of bench/follow_wire.py that reads the poll's answer
radio and whether the histogram is shown), joining a class, the projector's count, and the lecturer's γ moved in a
process of its own (`Mover`), as the lecturer's browser is a machine of its own."""
import asyncio
import os
import time

from bench.follow_wire import Follower, lecturer_alone, lecturer_session, move_bound, next_version
from bench.student import Stats

QUESTION, OPTIONS = "svm_rbf_gamma", 3
OPTION_TEXT = ("smoother", "wigglier", "no change")


class Voter(Follower):
    """A following student who also reads the poll's answer radio and whether the histogram is shown."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.histogram_at = {}   # (question, round) -> time of the first rerun that showed its histogram
        self.round = 0
        self.checked = None          # when the lecturer checked this round (a histogram counts only after it)

    def radio(self, round_):
        """The widget id of this round's answer radio (its id ends with its key), None when not drawn."""
        return self.student_ids.get(f"poll_{QUESTION}_{round_}")

    async def run(self):
        while True:
            if await next_version(self):
                self.student.charts.clear()   # this run's charts only
                await self.wake()             # the listener's wake, as the browser makes it
                if any('"Round ' in spec for spec in self.student.charts.values()) and self.round not in self.histogram_at:
                    self.histogram_at[self.round] = time.perf_counter()

    @property
    def student_ids(self):
        return self.student.widget_ids

    async def vote(self, round_, choice, retry=False):
        """Click the answer: the radio's rerun of its fragment, sent at once as the browser sends it, even while a
        wake's run of this page is going (bench/student.py `rerun_beside`); the time the page said it was counted or
        showed a refusal, None when it said neither within UNSEEN_AFTER. A `retry` (the
        same message again, as a flaky network resends it) is not waited for: the server has its value already and
        may run nothing for it (a browser sends nothing for a click on the chosen option)."""
        wid = self.radio(round_)
        if wid is None:
            await self.student.rerun()
            wid = self.radio(round_)
        if wid is None:
            self.stats.errors.append(f"student {self.i}: no answer radio for round {round_}")
            return None
        label = f"{chr(65 + choice)}. {OPTION_TEXT[choice]}"   # a radio sends its option's text (format_func)
        fragment = self.student.widget_fragments.get(f"poll_{QUESTION}_{round_}", "")
        self.student.log.append((time.perf_counter(), "retry" if retry else "click", label[:1]))
        seen = None
        if not retry:   # answered when the page says this answer is counted, or shows a refusal (`watch_widgets`)
            seen = asyncio.get_running_loop().create_future()
            self.student.expect = (label[:1], seen)
        if await self.student.rerun_beside(fragment, [(wid, "string_value", label)], seen) is None:
            return None
        return time.perf_counter()


TOO_FAST = "One answer a second"   # the start of the store's refusal of a vote within the limit (ui/room_store)
COUNTED = "is counted (anonymously)"   # the answer panel's caption of the student's counted answer (ui/poll_view)


def watch_widgets(student):
    """Keep the ids of the widgets the page draws (radios, buttons) by key, the live count's text, and what the
    answer panel says: an answer counted, a refusal of the one-a-second limit (the click waiting for it is
    answered)."""
    student.widget_ids, student.count_text, student.count_fragment = {}, "", ""
    student.widget_fragments = {}   # key -> the fragment the widget is drawn in ("" for none): its change reruns it
    student.too_fast = 0            # refusals of the one-a-second limit drawn on the page
    student.log = []                # (time, what, letter): clicks sent, answers counted and refusals the page showed
    student.expect = None           # (letter, future) of the click waiting for its answer to show
    on_delta = student._on_delta

    def answered(letter):   # the page shows `letter` counted (None: a refusal): the click waiting for it is answered
        if student.expect and (letter is None or letter == student.expect[0]):
            if not student.expect[1].done():
                student.expect[1].set_result(None)
            student.expect = None

    def _on_delta(msg):
        on_delta(msg)
        delta = msg.delta
        if delta.WhichOneof("type") != "new_element":
            return
        el = delta.new_element
        what = el.WhichOneof("type")
        if what in ("radio", "button"):
            wid = getattr(el, what).id
            student.widget_ids[wid.rsplit("-", 1)[-1]] = wid
            student.widget_fragments[wid.rsplit("-", 1)[-1]] = delta.fragment_id
        if what == "alert" and el.alert.body.startswith(TOO_FAST):
            student.too_fast += 1
            student.log.append((time.perf_counter(), "refused", ""))
            answered(None)
        elif what == "markdown" and COUNTED in el.markdown.body:
            letter = el.markdown.body.split("Your answer ")[1][:1]
            student.log.append((time.perf_counter(), "counted", letter))
            answered(letter)
        elif what == "exception" and os.environ.get("POLLS_DEBUG"):
            print(el.exception.message, "\n".join(el.exception.stack_trace)[-1500:])
        elif what == "markdown" and el.markdown.body.startswith("answered "):
            student.count_text, student.count_fragment = el.markdown.body, delta.fragment_id

    student._on_delta = _on_delta


async def join_all(url, ws, code, n, stats, cookies=None):
    """N voters joined one after the other, as a class arrives; `cookies`: a function giving each its own first
    visit's cookies (nginx's route cookie: replicas)."""
    voters = []
    for i in range(n):
        cookie = await asyncio.to_thread(cookies, url) if cookies else ""
        voters.append(Voter(url, ws, code, i, stats, cookie))
        await voters[-1].join()
        watch_widgets(voters[-1].student)
    return voters


async def projector_count(lecturer, want, t_last, timeout=30.0):
    """Rerun the lecturer's live fragment every second (as the browser's run_every=1 does) until it reads
    "answered `want` of …": the seconds from `t_last` to that run's finish, None on timeout."""
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        if lecturer.count_fragment:
            await lecturer.rerun(fragment_id=lecturer.count_fragment)
        else:
            await lecturer.rerun()
        if lecturer.count_text.startswith(f"answered {want} of"):
            return time.perf_counter() - t_last
        await asyncio.sleep(1.0)
    return None


async def lecturer_moves(lecturer, slider, changes, every, stop=None, steps=None):
    """The lecturer moves γ up to `changes` times, one step every `every` s, until `stop` is set (the class has
    voted; anything with is_set()): the reruns' latencies (s). `steps`: the moves made so far, a list the calls share
    and add to: the moves go on where the last call stopped, four up and four down, so every call's moves stay among
    the same few γ values. (Each call starting four up again climbed to γ values never drawn, whose fits the cache did
    not have: the reruns while voting computed what the reruns before the polls had found cached.)"""
    out, steps = [], [] if steps is None else steps
    for _ in range(changes):
        if stop is not None and stop.is_set():
            break
        k = len(steps)
        steps.append(k)
        out.append(await move_bound(lecturer, slider, +1 if k % 8 < 4 else -1))
        until = time.perf_counter() + every
        while time.perf_counter() < until and not (stop is not None and stop.is_set()):
            await asyncio.sleep(0.02)
    return [t for t in out if t is not None]


def _mover(url, code, key, cookie, changes, every, commands, results, stop):
    """The lecturer's γ, in a process of its own, as the lecturer's browser is a machine of its own: a second window
    of the lecturer (the lecturer link) moves γ on each command ("alone": in no room; "moves": the class following;
    "voting": until `stop` is set) and puts the reruns' latencies in `results`. In the bench's own process the
    lecturer's answers waited behind the thirty students' messages, which the bench decodes on the same event loop."""
    async def main():
        stats, session, steps = Stats(), None, []
        while (command := await asyncio.to_thread(commands.get)) is not None:
            if command == "alone":
                results.put(await lecturer_alone(url, changes, every))
                continue
            if session is None:
                session = await lecturer_session(url, code, key, stats, cookie)
            results.put(await lecturer_moves(session, session.pick_slider("svm_gamma"), changes, every,
                                             stop if command == "voting" else None, steps))
        if session is not None:
            await session.__aexit__(None, None, None)

    asyncio.run(main())


class Mover:
    """The lecturer's γ window in a process of its own (`_mover`)."""

    def __init__(self, url, code, key, cookie, changes, every):
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        self.commands, self.results, self.stop = ctx.Queue(), ctx.Queue(), ctx.Event()
        self.process = ctx.Process(target=_mover, daemon=True, args=(url, code, key, cookie, changes, every,
                                                                     self.commands, self.results, self.stop))
        self.process.start()

    async def moves(self, command):
        if command == "voting":
            self.stop.clear()
        self.commands.put(command)
        return await asyncio.to_thread(self.results.get, True, 600)

    def close(self):
        self.commands.put(None)
        self.process.join(30)
        if self.process.is_alive():
            self.process.kill()
