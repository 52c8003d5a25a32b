"""A class on one server: N simulated students speaking Streamlit's own websocket protocol.

Each student opens a page and moves one slider (the first in the main area, or --slider KEY) one
step every 0.2-0.6 s (seeded), for T seconds. A rerun is timed from sending the BackMsg to receiving
its script_finished; the elements (delta messages) and bytes it sent are counted. On one server process,
one student alone moves the slider for --alone-seconds, then the class for --seconds, then one student
alone again: the ratio of the class's median rerun to the pooled one-student median is issue 20's class
target (<= 3x on /svm), and the elements and KiB per rerun its targets (<= 40, <= 100 KiB). Before that,
the same class load runs on bench/trivial_app.py (issue 9's reference, <= 1.5x; --no-trivial skips it),
and a second time with `--runner.postScriptGC false`, the collection setting the app itself uses
(ui.runtime): as Streamlit ships, a full garbage collection after every rerun is most of the trivial
app's cost under load.

    .venv/bin/python -m bench.load                     # 30 students, 30 s, /svm (~2.5 min)
    .venv/bin/python -m bench.load --no-trivial --seconds 20 --alone-seconds 10
    .venv/bin/python -m bench.load --students 30 --seconds 60 --page kernels
    .venv/bin/python -m bench.load --url http://127.0.0.1:8080   # a running server or proxy, page only

A student (its websocket session, the protocol) is bench/student.py.
"""
import argparse
import asyncio
import random
import statistics
import time
import urllib.request

from bench.serve import TRIVIAL_APP, serve
from bench.student import RUN_TIMEOUT, Stats, Student

TRIVIAL_NO_GC = "trivial, no rerun GC"


# ---------------------------------------------------------------------- the load
def visit_index(base_url, cookies=""):
    """What a browser tab does before its websocket: GET the index page, then /_stcore/health (which sets
    Streamlit's XSRF cookie). Return the Cookie header it then sends (a proxy's routing cookie, the XSRF
    cookie), merged with `cookies` ("name=value; ...")."""
    jar = dict(c.split("=", 1) for c in cookies.split("; ") if "=" in c)
    for path in ("/", "/_stcore/health"):
        header = "; ".join(f"{k}={v}" for k, v in jar.items())
        req = urllib.request.Request(base_url + path, headers={"Cookie": header} if header else {})
        with urllib.request.urlopen(req, timeout=60) as r:
            r.read()
            for line in r.headers.get_all("Set-Cookie") or []:
                name, _, value = line.split(";", 1)[0].strip().partition("=")
                jar[name] = value
    return "; ".join(f"{k}={v}" for k, v in jar.items())


async def student_loop(ws_url, url_path, seconds, seed, stats, ready, start, key=None, visit=None):
    """Open the page, say ready, wait for the common start, then move the slider until the time is up.
    With `visit` (the base URL), first GET the index page like a browser and send its cookies."""
    rng = random.Random(seed)
    try:
        headers = {"Cookie": await asyncio.to_thread(visit_index, visit)} if visit else None
        async with Student(ws_url, stats, rng, headers) as st:
            opened = await st.open(url_path)
            slider = st.pick_slider(key)
            if opened is not None and slider is None:
                stats.errors.append(f"/{url_path}: no slider in the main area")
            ready.set()
            if opened is None or slider is None:
                return
            await start.wait()
            deadline = time.perf_counter() + seconds
            direction = 1
            for _ in range(int(seconds / 0.2) + 1):  # bounded: at most one move per 0.2 s
                await asyncio.sleep(rng.uniform(0.2, 0.6))
                if time.perf_counter() >= deadline:
                    break
                slider = st.sliders.get(slider.id) or st.pick_slider(key)
                if slider is None:
                    stats.errors.append(f"/{url_path}: the slider disappeared")
                    return
                if rng.random() < 0.3:
                    direction = -direction
                dt = await st.move(slider, direction)
                if dt is not None:
                    stats.latencies.append(dt)
                    stats.deltas.append(st.deltas)
                    stats.sizes.append(st.bytes)
    except OSError as err:  # could not connect
        stats.errors.append(f"connect: {err}")
    finally:
        ready.set()


async def run_load(base_url, url_path, students, seconds, seed=0, key=None, first_visit=False):
    """Run the load; the first page load of each student is not timed, the clock starts when all have it.
    `base_url` is any running server or proxy (http://HOST:PORT); with `first_visit` each student first
    GETs the index page and sends the cookies it got (a sticky-session proxy routes by them)."""
    ws_url = base_url.replace("http://", "ws://") + "/_stcore/stream"
    stats = Stats()
    start = asyncio.Event()
    ready = [asyncio.Event() for _ in range(students)]
    tasks = [asyncio.create_task(student_loop(ws_url, url_path, seconds, seed * 1000 + i, stats, ready[i], start, key,
                                               base_url if first_visit else None))
             for i in range(students)]
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), 2 * RUN_TIMEOUT)
    start.set()
    await asyncio.wait_for(asyncio.gather(*tasks), seconds + 2 * RUN_TIMEOUT)
    return stats


def summary(stats):
    """Rerun latencies in ms (median, p90, p99), and the median elements (delta messages) and KiB one rerun sent."""
    lat = sorted(stats.latencies)
    sent = dict(elements=statistics.median(stats.deltas) if stats.deltas else float("nan"),
                kib=statistics.median(stats.sizes) / 1024 if stats.sizes else float("nan"))
    if not lat:
        return dict(count=0, errors=len(stats.errors), median=float("nan"), p90=float("nan"), p99=float("nan"), **sent)
    q = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) > 1 else [lat[0]] * 99
    return dict(count=len(lat), errors=len(stats.errors), median=statistics.median(lat) * 1e3,
                p90=q[89] * 1e3, p99=q[98] * 1e3, **sent)


def header(width=22, sent=False):
    """The table's header line (print_row's columns)."""
    extra = f" {'elements':>8} {'KiB/rerun':>9}" if sent else ""
    return f"{'app':<{width}} {'reruns':>6} {'errors':>6} {'median':>9} {'p90':>9} {'p99':>9} {'st.error':>7}{extra}"


def print_row(name, s, alerts=0, sent=False, width=22):
    """One line of the table; with `sent`, also the median elements and KiB one rerun sent."""
    extra = f" {s['elements']:>8.0f} {s['kib']:>9.1f}" if sent else ""
    print(f"{name:<{width}} {s['count']:>6} {s['errors']:>6} {s['median']:>9.0f} {s['p90']:>9.0f} {s['p99']:>9.0f} "
          f"{alerts:>7}{extra}")


def pooled(*stats):
    """One Stats of several runs (the reference measured before and after the class)."""
    out = Stats()
    for st in stats:
        out.latencies += st.latencies
        out.errors += st.errors
        out.error_alerts += st.error_alerts
        out.deltas += st.deltas
        out.sizes += st.sizes
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--seconds", type=float, default=30.0, help="length of the class's run (and of each trivial app run)")
    ap.add_argument("--alone-seconds", type=float, default=15.0,
                    help="length of each of the two runs of one student alone (before and after the class)")
    ap.add_argument("--page", default="svm", help="URL path of the page (svm, kernels, ...)")
    ap.add_argument("--slider", default=None, help="key of the slider to move (default: the first in the main area)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-trivial", action="store_true", help="skip the trivial app's runs (issue 9's reference)")
    ap.add_argument("--url", default=None, help="load a running server or proxy (http://HOST:PORT) instead of "
                    "starting servers: the page only, each student first GETs the index page for its cookies")
    args = ap.parse_args()

    if args.url:
        stats = asyncio.run(run_load(args.url.rstrip("/"), args.page, args.students, args.seconds, args.seed,
                                     args.slider, first_visit=True))
        print(f"\n{args.students} students on {args.url}, {args.seconds:g} s; latency = BackMsg sent -> script_finished (ms)")
        print(header(sent=True))
        print_row(f"/{args.page}", summary(stats), stats.error_alerts, sent=True)
        for err in sorted(set(stats.errors))[:10]:
            print("  error:", err)
        return

    # The trivial app twice: as Streamlit ships it (issue 9's reference), and with Streamlit's full garbage
    # collection after every rerun turned off as the app turns it off (ui.runtime), the same setting on both.
    results = {}
    if not args.no_trivial:
        for name, extra in (("trivial app", ()), (TRIVIAL_NO_GC, ("--runner.postScriptGC", "false"))):
            with serve(TRIVIAL_APP, extra=extra) as server:
                stats = asyncio.run(run_load(server.url, "", args.students, args.seconds, args.seed))
            results[name] = stats
    # The page: one student alone, the class, one student alone again, all on one server process (issue 20's
    # reference is the pooled one-student runs, so a cache warmed by the class favours neither side).
    page = f"/{args.page}"
    alone, crowd = f"{page}, 1 student alone", f"{page}, {args.students} students"
    with serve("app.py") as server:
        before = asyncio.run(run_load(server.url, args.page, 1, args.alone_seconds, args.seed, args.slider))
        class_run = asyncio.run(run_load(server.url, args.page, args.students, args.seconds, args.seed, args.slider))
        after = asyncio.run(run_load(server.url, args.page, 1, args.alone_seconds, args.seed + 1, args.slider))
    results[alone], results[crowd] = pooled(before, after), class_run

    print(f"\nOne slider step every 0.2-0.6 s per student; the class {args.seconds:g} s, one student alone "
          f"{args.alone_seconds:g} s before and {args.alone_seconds:g} s after it on the same server; "
          "latency = BackMsg sent -> script_finished (ms); elements = delta messages per rerun, KiB = bytes sent per "
          "rerun (medians)")
    width = max(22, *(len(name) for name in results))
    print(header(width, sent=True))
    for name, stats in results.items():
        print_row(name, summary(stats), stats.error_alerts, sent=True, width=width)
    med = {name: summary(stats)["median"] for name, stats in results.items()}
    print(f"  one student alone: median {summary(before)['median']:.0f} ms before the class, "
          f"{summary(after)['median']:.0f} ms after")
    for err in sorted({e for stats in results.values() for e in stats.errors})[:10]:
        print("  error:", err)
    if "trivial app" in med:
        print(f"ratio of medians {crowd} : trivial app = {med[crowd] / med['trivial app']:.2f}x (issue 9 target <= 1.5x)")
        print(f"ratio of medians {crowd} : {TRIVIAL_NO_GC} = {med[crowd] / med[TRIVIAL_NO_GC]:.1f}x "
              "(same collection setting on both)")
    s = results[crowd]
    if s.deltas:
        print(f"load: {page} sends {max(s.deltas)} elements per rerun at most, median {statistics.median(s.deltas):.0f} "
              f"(issue 20 target <= 40); {max(s.sizes) / 1024:.1f} KiB at most, median "
              f"{statistics.median(s.sizes) / 1024:.1f} KiB (target <= 100 KiB)")
    print(f"load: median rerun of {args.students} students / one student alone on {page} = "
          f"{med[crowd] / med[alone]:.2f}x ({med[crowd]:.0f} / {med[alone]:.0f} ms; issue 20 target <= 3x)")


if __name__ == "__main__":
    main()
