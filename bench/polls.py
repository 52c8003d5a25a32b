"""A class of N students voting on one poll, at the store (ui.room_store.polls), on SQLite and on a real redis-server:
each student a thread with its own connection, as each server process (or replica) has. Every student sends a first
answer, a retry of it (a repeated request), and half of them, after the one-vote-a-second limit, a changed answer.
Printed per back end and per repetition: the time until every vote of a wave is stored, the votes per second, and
whether the stored counts equal the bench's own tally of the final answers (exactly once each).

This measures the store's part of "30 students vote within 3 s"; the websocket path (a student's rerun that casts
the vote) is not simulated here.

    .venv/bin/python -m bench.polls [--students 30] [--repeat 5] [--backends sqlite,redis]
"""
import argparse
import statistics
import tempfile
import threading
import time

from ui import room_store as rs
from ui.room_store import polls as ps

OPTIONS = ("A", "B", "C", "D")


class Clock:
    """The store's clock: real time, moved on by the bench past the rate limit between waves."""

    def __init__(self):
        self.offset = 0.0

    def __call__(self):
        return time.time() + self.offset


def wave(url, clock, code, plan, round_, threads=None):
    """Every voter of `plan` ({voter: choice}) votes twice (an answer and its retry), from its own thread and
    connection, all started together: the seconds until the last vote is stored, and the errors."""
    threads = threads or len(plan)
    errors, start = [], threading.Barrier(threads + 1)
    voters = list(plan)

    def vote(group):
        s = rs.open_store(url, clock)
        p = ps.polls_of(s)
        start.wait()
        try:
            for voter in group:
                for _ in range(2):
                    p.vote(code, "q", round_, voter, plan[voter])
        except Exception as err:  # counted and printed
            errors.append(err)
        finally:
            s.close()

    workers = [threading.Thread(target=vote, args=(voters[i::threads],)) for i in range(threads)]
    for w in workers:
        w.start()
    start.wait()
    t0 = time.perf_counter()
    for w in workers:
        w.join()
    return time.perf_counter() - t0, errors


def run(url, students, repeat):
    clock = Clock()
    store = rs.open_store(url, clock)
    polls = ps.polls_of(store)
    code, key = store.create({"page": "svm", "params": {}})
    rows = []
    for r in range(1, repeat + 1):
        polls.ask(code, key, "q", "Which?", OPTIONS, 0)
        first = {f"s{i}": i % len(OPTIONS) for i in range(students)}
        final = {v: (c + 1) % len(OPTIONS) if i % 2 else c for i, (v, c) in enumerate(first.items())}
        t1, e1 = wave(url, clock, code, first, r)
        clock.offset += ps.VOTE_GAP + 0.1
        t2, e2 = wave(url, clock, code, final, r)
        clock.offset += ps.VOTE_GAP + 0.1
        tally = [sum(c == k for c in final.values()) for k in range(len(OPTIONS))]
        counts = polls.counts(code, "q", r)
        rows.append((t1, t2, counts == tally and not e1 + e2, e1 + e2))
    store.close()
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--backends", default="sqlite,redis")
    args = parser.parse_args()
    for backend in args.backends.split(","):
        if backend == "sqlite":
            folder = tempfile.mkdtemp()
            rows = run(f"sqlite:///{folder}/rooms.sqlite3", args.students, args.repeat)
        else:
            from tests.redis_env import redis_server

            with redis_server() as url:
                rows = run(url, args.students, args.repeat)
        votes = 2 * args.students
        firsts = [r[0] for r in rows]
        print(f"{backend}: {args.students} students, {args.repeat} polls; each wave {votes} votes (answers + retries)")
        for n, (t1, t2, exact, errors) in enumerate(rows, 1):
            print(f"  poll {n}: first answers {t1 * 1000:.0f} ms, changed answers {t2 * 1000:.0f} ms, "
                  f"counts exact: {exact}" + (f", errors: {errors[:3]}" if errors else ""))
        print(f"  median first wave {statistics.median(firsts) * 1000:.0f} ms "
              f"({votes / statistics.median(firsts):.0f} votes/s); all exact: {all(r[2] for r in rows)}")


if __name__ == "__main__":
    main()
