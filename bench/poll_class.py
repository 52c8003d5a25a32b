"""A class answering polls over Streamlit's websocket protocol (issue 31's targets; bench.polls measures the store
alone). One server process (SQLite), a lecturer session opened by the lecturer link, N students joined by
?room=CODE, each a websocket session of bench/student.py with the long poll of its page's listener (bench/follow_
wire.py's Follower, as in bench.follow_latency). Per poll (`--polls`, default 5):

- the lecturer asks (the store's ask, as the Ask button's callback does); every student wakes as its page does (the
  fragment wake of bench.follow_latency, which the server widens to the page for a poll), and votes by sending its
  answer radio's value with the radio's fragment (the widget state a click sends: on_change casts the vote, and the
  answer's fragment reruns alone), all within the first second; a retry (the same value sent again) and, one second
  after its first answer (the one-a-second limit), half of them a changed answer. A click is sent at once, as the
  browser sends it, also while a wake's run of the student's page is going (bench/student.py `rerun_beside`), and
  the radio's value goes with every later rerun, as the browser's widget states do (and is dropped once a run
  redraws the radio's place without it, as the browser drops a widget no longer shown). A click is answered when
  the page says its answer is counted ("✓ Your answer B is counted") or shows a refusal: a run's end does not say
  it, as a run the server started before the click arrived can end after it was sent. A change the page refuses
  ("One answer a second", the radio back on the counted answer) is chosen again a second later, as a student
  reading the sentence does; the refusals are printed per poll;
- counted exactly once: the store's counts against the bench's own tally of the final answers;
- the projector's count: the lecturer's live fragment rerun every second as the browser does (run_every=1): the
  seconds from the last answer shown counted to the first fragment run that reads "answered N of N";
- the reveal: Check (the store's close, as the button's callback does); from it to each follower's rerun that shows
  the histogram (median, p90 over every follower and poll);
- voting does not slow the lecturer: the lecturer's γ reruns (a step every `--every` s) while the class votes,
  against the same steps with the same class following and no poll open, before the first poll (ratio; the same steps
  in no room are printed too). They are a second lecturer window's (the lecturer link), in a process of its own, as
  the lecturer's browser is a machine of its own (`Mover`).
With `--replicas 2`: the same through nginx over two replicas sharing a real redis-server, each student with its
own route cookie (nginx spreads them).

The sessions (voter, joining, the projector's count, the lecturer's `Mover`) are in bench/poll_wire.py. Timings are
printed, never asserted. Report the load average with them (a shared machine).

    .venv/bin/python -m bench.poll_class [--students 30] [--polls 5]
    .venv/bin/python -m bench.poll_class --replicas 2 --students 60 --polls 5
"""
import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time

from bench.follow_wire import lecturer_session, pct
from bench.poll_wire import (
    OPTION_TEXT,
    OPTIONS,
    QUESTION,
    Mover,
    join_all,
    projector_count,
    watch_widgets,
)
from bench.serve import serve
from bench.student import Stats, run_async
from ui.room_store import open_store
from ui.room_store.polls import polls_of


async def change(v, round_, choice, tries=3):
    """A changed answer, chosen again a second after each refusal of the one-a-second limit the page shows (the
    student reads the sentence; the radio is back on the counted answer): the time it was answered, and the
    refusals. A server's queue can bring two clicks sent more than a second apart within the limit."""
    refused = 0
    for _ in range(tries):
        before = v.student.too_fast
        answered = await v.vote(round_, choice)
        if v.student.too_fast == before:
            break
        refused += 1
        await asyncio.sleep(1.1)
    return answered, refused


async def clicks(v, round_, first, final):
    """One student's clicks in round `round_`: the answer `first`, a retry, and a changed answer `final` when it
    differs, past the one-a-second limit counted from the answer (or 2.2 s after its sending, when its own run has not
    been seen by then: a student clicks again anyway), chosen again after a refusal (`change`); the times the answer
    and the change were answered (a retry is sent, not waited for: it counts only for the counts' exactness), and the
    refusals. Each student's clicks go on their own: a slow or unseen click holds up nobody else's."""
    asked = time.perf_counter()
    answer = asyncio.create_task(v.vote(round_, first))
    await asyncio.wait({answer}, timeout=2.2)
    answered = answer.result() if answer.done() else None
    await v.vote(round_, first, retry=True)
    times, refused = [], 0
    if final != first:
        await asyncio.sleep(max(0.0, (answered or asked + 1.1) + 1.1 - time.perf_counter()))
        changed, refused = await change(v, round_, final)
        times.append(changed)
    return [await answer, *times], refused


async def class_run(url, store, code, key, n, polls_n, changes, every, cookies=None):
    ws = url.replace("http://", "ws://") + "/_stcore/stream"
    stats = Stats()
    mover = Mover(url, code, key, await asyncio.to_thread(cookies, url) if cookies else "", changes, every)
    alone = await mover.moves("alone") if not cookies else []   # the lecturer's γ, no room, no poll
    lecturer = await lecturer_session(url, code, key, stats, await asyncio.to_thread(cookies, url) if cookies else "")
    watch_widgets(lecturer)          # the projector's window: the count
    voters = await join_all(url, ws, code, n, stats, cookies)
    tasks = [asyncio.create_task(v.run()) for v in voters]
    polls = polls_of(store)
    rows, lecturer_voting = [], []
    await asyncio.sleep(2)
    following = await mover.moves("moves")   # the same moves, the class following, no poll
    await asyncio.sleep(2)
    for r in range(1, polls_n + 1):
        for v in voters:
            v.round, v.checked = r, None
        polls.ask(code, key, QUESTION, "What happens to the RBF SVM's boundary as γ grows?",
                  OPTION_TEXT, 1, "svm")
        await asyncio.sleep(1.5)                                          # every student has woken and reruns
        first = {v.i: v.i % OPTIONS for v in voters}
        final = {i: (c + 1) % OPTIONS if i % 2 else c for i, c in first.items()}

        t0 = time.perf_counter()
        moving = asyncio.create_task(mover.moves("voting"))   # while the class votes
        done = await asyncio.gather(*(clicks(v, r, first[v.i], final[v.i]) for v in voters))
        sent = [t for times, _ in done for t in times]
        refused = sum(n for _, n in done)
        t_last = max(t for t in sent if t is not None)
        mover.stop.set()
        lecturer_voting += await moving
        tally = [sum(c == k for c in final.values()) for k in range(OPTIONS)]
        counts = polls.counts(code, QUESTION, r)
        shown = await projector_count(lecturer, n, t_last)
        if None in sent:   # the bench waited UNSEEN_AFTER for an unseen click before reading the count: not a figure
            shown = "held"
        at_check = polls.counts(code, QUESTION, r)   # again as Check closes the poll: what the class's answers are
        if at_check != tally:   # which students' pages last said another answer counted than their last click
            for v in voters:
                said = [x for x in v.student.log if x[0] >= t0]
                counted = [x[2] for x in said if x[1] == "counted"]
                if counted and counted[-1] != chr(65 + final[v.i]):
                    print(f"  poll {r}, student {v.i} (first {chr(65 + first[v.i])}, final {chr(65 + final[v.i])}): "
                          + ", ".join(f"{t - t0:.2f} {what} {x}" for t, what, x in said))
        t_check = time.perf_counter()
        for v in voters:   # a wake-up run queued from before Check (a loaded machine) does not count as the reveal
            v.checked = t_check
        polls.close(code, key)
        await asyncio.sleep(5.0)                                          # every follower shows the reveal
        reveal = [v.histogram_at[r] - t_check for v in voters if r in v.histogram_at]
        rows.append((t_last - t0, counts == tally, counts, tally, shown, reveal, at_check == tally, refused))
    for t in tasks:
        if t.done() and t.exception():   # a follower's loop that broke: say why, not a silent "shown by 0"
            stats.errors.append(f"a follower's loop: {t.exception()!r}")
        t.cancel()
    for v in voters:
        await v.leave()
    mover.close()
    runs = (sum(v.panel_runs for v in voters), sum(v.fragment_runs for v in voters), sum(v.wakes for v in voters),
            sum(v.student.unseen for v in voters))
    return (alone, following), lecturer_voting, rows, stats.errors, runs


def _count_text(shown):
    if shown is None:
        return "not reached"
    if shown == "held":
        return "not measured (an unseen click held the bench 15 s)"
    return f"{shown:.2f} s after the last vote"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--polls", type=int, default=5)
    ap.add_argument("--changes", type=int, default=12, help="the lecturer's γ moves at most per poll (and before the "
                                                            "polls), while the class votes")
    ap.add_argument("--every", type=float, default=0.5, help="seconds between two of the lecturer's γ moves (a class "
                    "votes in ~1.5 s: two or three moves a poll; at 1 s one or two, and the median rests on few)")
    ap.add_argument("--replicas", type=int, default=0, help="0: one server (SQLite); 2: two replicas, nginx, Redis")
    args = ap.parse_args()
    random.seed(0)
    debug = ("--client.showErrorDetails", "full") if os.environ.get("POLLS_DEBUG") else ()
    if args.replicas:   # the students spread over the replicas by nginx's route cookie of each first visit
        from bench.load import visit_index
        from bench.replicas import cluster
        from tests.redis_env import redis_server

        with redis_server() as url, cluster(args.replicas, "app.py", env={"KERNELSCOPE_STORE": url}) as c:
            store = open_store(url)
            code, key = store.create({"page": "svm", "params": {}})
            alone, voting, rows, errors, runs = run_async(class_run(c.url, store, code, key, args.students, args.polls,
                                                              args.changes, args.every, visit_index))
            where = dict(c.sessions_per_replica())
        name = f"{args.replicas} replicas + nginx + Redis (sessions per replica: {where})"
    else:
        with tempfile.TemporaryDirectory() as data, \
                serve("app.py", env={"KERNELSCOPE_DATA": data}, extra=debug) as server:
            store = open_store(f"sqlite:///{data}/rooms.sqlite3")
            code, key = store.create({"page": "svm", "params": {}})
            alone, voting, rows, errors, runs = run_async(class_run(server.url, store, code, key, args.students,
                                                              args.polls, args.changes, args.every))
        name = "one server (SQLite)"
    print(f"{name}, {args.students} students, {args.polls} polls; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for k, (took, exact, counts, tally, shown, reveal, at_check, refused) in enumerate(rows, 1):
        print(f"  poll {k}: votes (answers, retries, changes) sent in {took:.2f} s; changes refused by the "
              f"one-a-second limit (chosen again): {refused}; counts exact: {exact} "
              f"{counts if not exact else ''}{'(tally ' + str(tally) + f'; exact at Check: {at_check})' if not exact else ''}"
              "; projector's count "
              f"{_count_text(shown)}; reveal shown by "
              f"{len(reveal)} of {args.students}")
    shown = [r[4] for r in rows if r[4] not in (None, "held")]
    reveal = [x for r in rows for x in r[5]]
    print(f"  votes sent: median {statistics.median(r[0] for r in rows):.2f} s per poll (target: within 3 s); "
          f"all exact: {all(r[1] for r in rows)}")
    if shown:
        print(f"  projector's count final after the last vote: median {statistics.median(shown):.2f} s "
              f"(target <= 1.5 s; the fragment reruns every 1 s)")
    if reveal:
        print(f"  reveal, Check -> follower shows the histogram: median {statistics.median(reveal):.2f} s, "
              f"p90 {pct(reveal, 0.9):.2f} s over {len(reveal)} (target median <= 1.0 s, p90 <= 2.0 s)")
    alone, following = alone
    every = args.every
    if following and voting:
        f, v = statistics.median(following), statistics.median(voting)
        print(f"  lecturer's γ reruns (a step every {every:g} s): with the class following and no poll {f * 1000:.0f} ms, "
              f"while the class votes {v * 1000:.0f} ms (medians of {len(following)} and {len(voting)} reruns; ratio "
              f"{v / f:.2f}x, target <= 1.5x)"
              + (f"; in no room {statistics.median(alone) * 1000:.0f} ms" if alone else ""))
    print(f"  wakes: {runs[2]}; answered by the poll panel's fragment alone {runs[0]}, by the settings' fragment alone "
          f"{runs[1]} (the rest by the page)")
    print(f"  clicks whose page showed neither their answer counted nor a refusal within 15 s (the counts say "
          f"whether they counted, their times are left out): {runs[3]}")
    if errors:
        print(f"  errors: {len(errors)}: {errors[:3]}")


if __name__ == "__main__":
    t0 = time.perf_counter()
    main()
    print(f"({time.perf_counter() - t0:.0f} s)")
