"""One hostile student against a class: per section of pages.TOPICS, 10 students moving a slider on /svm, alone and
while one more student opens that section with its largest input over and over (bench.largest.inputs: the 2 000-point
link, kernel ridge's 2 000 own points, the large-n sections' exact fit at its largest n), each time with new points so
no cache answers. Prints, per section, the class's median rerun alone and under attack, and their ratio (target
<= 1.5x), then the worst section.

Both runs of a section are measured back to back on one server (bench.serve, `python app.py`), so a busy machine slows
both; the ratio is what matters. Over the websocket protocol (bench.student), no browser. The attacker is a process
of its own, as a hostile student's laptop is: in the class's process its link-building and the decoding of its pages
would hold up the class's own client, and that would be counted as the server's slowness.

    .venv/bin/python -m bench.attacker                          # every section (~15-25 min)
    .venv/bin/python -m bench.attacker --pages kernels-bilinear kernels-gram --seconds 6
"""
import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import time
import urllib.parse

from bench.largest import _SECTION_PATHS, inputs, sizes_for
from bench.load import run_load
from bench.serve import serve
from bench.student import Stats, Student
from ui.points_io import MAX_ROWS

TARGET = 1.5
CLASS, CLASS_PAGE = 10, "svm"


def largest(path, round_):
    """(name, query) of the section's largest input, with points of round `round_` (a fresh seed: nothing cached)."""
    given = inputs(path, 1000 + round_)
    name, query = next((x for x in given if "exact" in x[0]),
                       next((x for x in given if f"{MAX_ROWS} pts" in x[0]), given[-1]))
    return name, {**query, **sizes_for(path)}


async def attacker(ws_url, path, stop, opened):
    """Open `path` with its largest input in a new session, again and again until `stop`; `opened`: the times."""
    round_ = 0
    while not stop.is_set():
        round_ += 1
        _, query = largest(path, round_ + int(time.time()) % 100_000)
        async with Student(ws_url, Stats(), random.Random(round_)) as st:
            st.query = urllib.parse.urlencode(query)
            t = await st.rerun(page_name=path, page_hash="")
            opened.append(t)


def attack_process(ws_url, path, stop, opened):
    """The attacker in a process of its own (multiprocessing's spawn): `stop` an Event, `opened` a Queue that gets
    each open's time (None for one that failed), then "done"."""
    async def go():
        await asyncio.sleep(0.5)   # the class has its pages open by then (run_load waits for them before its clock)
        times, stopping = [], asyncio.Event()
        watcher = asyncio.create_task(asyncio.to_thread(stop.wait))   # the class's Event, across the processes
        watcher.add_done_callback(lambda _: stopping.set())
        await attacker(ws_url, path, stopping, times)
        return times

    for t in asyncio.run(go()):
        opened.put(t)
    opened.put("done")


async def class_under_attack(base_url, path, seconds, seed):
    """The class's stats while the attacker runs (it starts with the class's clock, in a process of its own)."""
    ws_url = base_url.replace("http://", "ws://") + "/_stcore/stream"
    spawn = multiprocessing.get_context("spawn")
    stop, queue = spawn.Event(), spawn.Queue()
    proc = spawn.Process(target=attack_process, args=(ws_url, path, stop, queue), daemon=True)
    proc.start()
    try:
        stats = await run_load(base_url, CLASS_PAGE, CLASS, seconds, seed)
    finally:
        stop.set()
    opened = []
    while (t := await asyncio.to_thread(queue.get, True, 600)) != "done":
        opened.append(t)
    proc.join(60)
    return stats, opened


def median_ms(stats):
    return statistics.median(stats.latencies) * 1e3 if stats.latencies else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", nargs="*", help="URL paths of the sections (default: every section of pages.TOPICS)")
    ap.add_argument("--seconds", type=float, default=8.0, help="seconds the class moves sliders, per run")
    args = ap.parse_args()
    paths = args.pages or _SECTION_PATHS
    load0 = os.getloadavg()
    print(f"load average at start: {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f} ({os.cpu_count()} cores)")
    print(f"{CLASS} students moving a slider on /{CLASS_PAGE}, alone vs while one student opens the section with its "
          f"largest input again and again; median rerun in ms; target <= {TARGET:g}x")
    print(f"{'section':<32} {'input':<22} {'alone':>7} {'attacked':>9} {'ratio':>6} {'opens':>6} {'open s':>7} errors")
    rows = []
    with serve("app.py") as server:
        asyncio.run(run_load(server.url, CLASS_PAGE, CLASS, 2.0))    # warm-up, unmeasured
        for i, path in enumerate(paths):
            alone = asyncio.run(run_load(server.url, CLASS_PAGE, CLASS, args.seconds, seed=i))
            attacked, opened = asyncio.run(class_under_attack(server.url, path, args.seconds, seed=i))
            a, b = median_ms(alone), median_ms(attacked)
            done = [t for t in opened if t is not None]
            errors = len(alone.errors) + len(attacked.errors) + (len(opened) - len(done))
            rows.append((path, b / a))
            print(f"/{path:<31} {largest(path, 0)[0]:<22} {a:>7.0f} {b:>9.0f} {b / a:>5.2f}x {len(opened):>6} "
                  f"{statistics.median(done) if done else float('nan'):>7.2f} {errors}", flush=True)
    load1 = os.getloadavg()
    print(f"load average at end: {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}")
    over = [(p, r) for p, r in rows if r > TARGET]
    worst = max(rows, key=lambda r: r[1])
    print(f"attacker: worst /{worst[0]} {worst[1]:.2f}x; median {statistics.median(r for _, r in rows):.2f}x over "
          f"{len(rows)} sections; {len(over)} over the {TARGET:g}x target"
          + (": " + ", ".join(f"/{p} {r:.2f}x" for p, r in over) if over else ""))


if __name__ == "__main__":
    main()
