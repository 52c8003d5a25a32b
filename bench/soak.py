"""Soak run (issue 10, section 2): 30 sessions for 10 minutes on one server process, moving sliders
and switching pages; reports errors and the server's memory (RSS) at start, after warm-up and at the end.
Memory is flat when its level in the last minute of the run (the median of that minute's samples, taken every
~5 s) is within 10 % of its level in the last minute of warm-up.
Warm-up lasts at least --warmup seconds, until Streamlit's caches hold 90 % of their budget
(server.maxCacheDataSize in .streamlit/config.toml) and until every session has opened every page, at most a
third of the run: filling a bounded cache is warm-up, and so is a session's state growing while it meets the
pages (each page adds its settings, kept for when the student comes back); growth after that is not.

Each simulated student (bench/load.py's websocket client) opens a random page, then every 0.2-0.6 s
(seeded) either switches to another page of the navigation (15 %; always on a page without a
slider) or moves a random slider of the main area one step (random walk, bouncing at the ends).
Errors: exceptions on a page, compile errors, page-not-found, reruns without script_finished,
lost connections (the student then reconnects, at most 3 times).

    .venv/bin/python -m bench.soak                        # 30 sessions, 10 minutes
    .venv/bin/python -m bench.soak --minutes 1 --sessions 10
"""
import argparse
import asyncio
import random
import re
import statistics
import time
import tomllib
import urllib.request
from pathlib import Path

from websockets.exceptions import ConnectionClosed

from bench.load import summary
from bench.serve import ROOT, rss_mb, serve
from bench.student import Stats, Student
from tests.app_pages import navigation

SWITCH = 0.15      # probability that an action is a page switch
RECONNECTS = 3
FLAT = 0.10        # memory is flat when the last minute's RSS level is within 10 % of the level at the end of warm-up
FULL_CACHES = 0.9  # warm-up ends (after --warmup) once the caches hold 90 % of their budget and every session has
                   # opened every page (or at a third of the run)


async def student(ws_url, pages, seconds, seed, stats, counts):
    rng = random.Random(seed)
    deadline = time.perf_counter() + seconds
    directions, seen = {}, set()
    for _ in range(RECONNECTS + 1):
        try:
            async with Student(ws_url, stats, rng) as st:
                here = rng.choice(pages)
                if await st.open(here) is None:
                    continue
                counts["opens"] += 1
                met(here, seen, pages, counts)
                for _ in range(int(seconds / 0.2) + 1):  # bounded: at most one action per 0.2 s
                    await asyncio.sleep(rng.uniform(0.2, 0.6))
                    if time.perf_counter() >= deadline:
                        return
                    sliders = st.main_sliders()
                    if not sliders or rng.random() < SWITCH:
                        here = rng.choice([p for p in pages if p != here])
                        dt = await st.switch(here)
                        counts["switches"] += 1
                        if dt is not None:
                            met(here, seen, pages, counts)
                    else:
                        s = rng.choice(sliders)
                        d = directions.get(s.id, 1)
                        directions[s.id] = d = -d if rng.random() < 0.3 else d
                        dt = await st.move(s, d)
                        counts["moves"] += 1
                    if dt is None and st.ws.state.name != "OPEN":
                        break  # connection lost: reconnect
                    if dt is not None:
                        stats.latencies.append(dt)
        except (OSError, ConnectionClosed) as err:
            stats.errors.append(f"connection: {type(err).__name__}: {err}")
        if time.perf_counter() >= deadline:
            return


def met(page, seen, pages, counts):
    """Note that a session opened `page`; when it has now opened every page, record the time."""
    if page not in seen:
        seen.add(page)
        if len(seen) == len(pages):
            counts["all_pages"].append(time.perf_counter())


def cache_budget_mb():
    """The st.cache_data budget of .streamlit/config.toml (server.maxCacheDataSize) in MB, None if unset."""
    from streamlit.byte_util import config_max_cache_data_size_to_bytes
    with open(ROOT / ".streamlit" / "config.toml", "rb") as f:
        value = tomllib.load(f).get("server", {}).get("maxCacheDataSize")
    size = config_max_cache_data_size_to_bytes(value)
    return None if size is None else size / 2**20


def cache_mb(url):
    """Memory of Streamlit's caches (st.cache_data / st.cache_resource, every entry), in MB, from the
    server's own metrics endpoint (family cache_memory_bytes); None if it cannot be read."""
    try:
        with urllib.request.urlopen(url + "/_stcore/metrics?families=cache_memory_bytes", timeout=30) as r:
            text = r.read().decode()
    except OSError:
        return None
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith("cache_memory_bytes")) / 2**20


async def soak(url, pid, sessions, seconds, warmup, seed):
    ws_url = url.replace("http://", "ws://") + "/_stcore/stream"
    pages = [u for _, u in navigation()]
    stats, counts = Stats(), {"opens": 0, "moves": 0, "switches": 0, "all_pages": []}
    budget = cache_budget_mb()
    rss = {"start": rss_mb(pid), "budget": budget}
    samples = []

    t0 = time.perf_counter()

    async def monitor():
        while True:
            t, mb = time.perf_counter() - t0, rss_mb(pid)
            cache = await asyncio.to_thread(cache_mb, url)
            samples.append((t, mb, cache))
            full = budget is None or (cache is not None and cache >= FULL_CACHES * budget)
            if full and "full_at" not in rss:
                rss["full_at"] = t
            toured = len(counts["all_pages"])
            if "warm" not in rss and t >= warmup and ((full and toured == sessions) or t >= seconds / 3):
                rss["warm"], rss["warm_at"], rss["caches_full"], rss["toured"] = mb, t, full, toured
                print(f"  after warm-up ({t:.0f} s, caches {'full' if full else 'NOT full'}, {toured} of {sessions} "
                      f"sessions have opened every page): RSS {mb:.0f} MB, {len(stats.latencies)} reruns, "
                      f"{len(stats.errors)} errors", flush=True)
            await asyncio.sleep(5)

    mon = asyncio.create_task(monitor())
    tasks = [asyncio.create_task(student(ws_url, pages, seconds, seed * 1000 + i, stats, counts)) for i in range(sessions)]
    await asyncio.wait_for(asyncio.gather(*tasks), seconds + 300)
    mon.cancel()
    await asyncio.sleep(2)  # let the server finish the last runs and drop the sessions
    rss["end"] = rss_mb(pid)
    rss.setdefault("warm", rss["end"])
    rss.setdefault("warm_at", seconds)
    rss.setdefault("caches_full", False)
    rss.setdefault("toured", len(counts["all_pages"]))
    rss["all_pages_at"] = [t - t0 for t in counts["all_pages"]]
    rss["max"] = max(m for _, m, _ in samples)
    # the first sample of each minute (samples come every ~5 s, later when the server is slow to answer)
    minutes = [next((m, c) for t, m, c in samples if t >= 60 * k) for k in range(int(samples[-1][0] // 60) + 1)]
    rss["by_minute"] = [m for m, _ in minutes]
    rss["caches_by_minute"] = [c for _, c in minutes]
    rss["caches_max"] = max((c for _, _, c in samples if c is not None), default=0.0)
    # Levels: the median of a minute of samples under load. A single sample can land on a large-n fit in flight
    # (an n = 3000 Gram matrix is 72 MB for a second or two); the median of ~12 does not.
    last = samples[-1][0]
    rss["level_warm"] = level(samples, rss["warm_at"] - 60, rss["warm_at"])
    rss["level_last"] = level(samples, last - 60, last)
    if "full_at" in rss:
        rss["level_full"] = level(samples, rss["full_at"], rss["full_at"] + 60)
    return stats, counts, rss


def level(samples, start, end):
    """The median RSS of the samples taken from `start` to `end` (seconds into the run)."""
    return statistics.median([m for t, m, _ in samples if start <= t <= end] or [m for _, m, _ in samples[-1:]])


def server_tracebacks(log_path, limit=3):
    """The last lines of the first tracebacks in the server's log (the students only see a redacted message)."""
    text = open(log_path, errors="replace").read()
    blocks = text.split("Traceback (most recent call last):")[1:limit + 1]
    out = []
    for b in blocks:
        errors = [line for line in b.splitlines() if re.match(r"[A-Za-z_.]*(Error|Exception)\b", line)]
        where = [line.strip().removeprefix(f'File "{ROOT}/') for line in b.splitlines()
                 if line.strip().startswith(f'File "{ROOT}/') and "/.venv/" not in line]
        out.append((errors[-1] if errors else "?")[:200] + "  at " + " / ".join(where)[-300:])
    return out


def main():
    ap = argparse.ArgumentParser(description="Soak: sessions moving sliders and switching pages on one server")
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--sessions", type=int, default=30)
    ap.add_argument("--warmup", type=float, default=60.0,
                    help="seconds at least; warm-up then lasts until the caches are full, at most a third of the run")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    seconds = args.minutes * 60
    warmup = min(args.warmup, seconds / 3)

    with serve("app.py") as server:
        print(f"soak: {args.sessions} sessions, {args.minutes:g} min on one server (pid {server.pid})", flush=True)
        t0 = time.perf_counter()
        stats, counts, rss = asyncio.run(soak(server.url, server.pid, args.sessions, seconds, warmup, args.seed))
        elapsed = time.perf_counter() - t0
        log_path = server.log
        try:
            with urllib.request.urlopen(server.url + "/_stcore/health", timeout=10) as r:
                healthy = r.status == 200
        except OSError:
            healthy = False

    s = summary(stats)
    drift = (rss["level_last"] - rss["level_warm"]) / rss["level_warm"]
    print(f"\nSoak: {args.sessions} sessions, {elapsed / 60:.1f} min, one server process")
    print(f"  actions: {counts['opens']} page opens, {counts['moves']} slider moves, {counts['switches']} page switches")
    print(f"  reruns: {s['count']}, latency median {s['median']:.0f} ms, p90 {s['p90']:.0f} ms, p99 {s['p99']:.0f} ms")
    print(f"  errors: {s['errors']}   (st.error sentences shown: {stats.error_alerts})")
    for err in sorted(set(stats.errors))[:10]:
        print("    ", err[:300])
    if stats.errors:
        print(f"  server log {log_path}:")
        for tb in server_tracebacks(log_path):
            print("    ", tb)
    toured = rss["all_pages_at"]
    print(f"  sessions that opened every page: {len(toured)} of {args.sessions}"
          + (f", half of them by {sorted(toured)[(args.sessions - 1) // 2] / 60:.1f} min" if 2 * len(toured) >= args.sessions else "")
          + (f", the last at {max(toured) / 60:.1f} min" if len(toured) == args.sessions else ""))
    print(f"  server RSS: start {rss['start']:.0f} MB, after warm-up ({rss['warm_at'] / 60:.1f} min, caches "
          f"{'full' if rss['caches_full'] else 'NOT full'}, {rss['toured']} of {args.sessions} sessions had opened "
          f"every page) {rss['warm']:.0f} MB, end {rss['end']:.0f} MB, max {rss['max']:.0f} MB")
    print(f"  RSS levels (median of a minute of samples under load): last minute of warm-up {rss['level_warm']:.0f} MB, "
          f"last minute of the run {rss['level_last']:.0f} MB")
    if "full_at" in rss:
        print(f"  from the first minute with full caches ({rss['full_at'] / 60:.1f} min, level {rss['level_full']:.0f} MB): "
              f"last minute {(rss['level_last'] - rss['level_full']) / rss['level_full']:+.1%}")
    print("  RSS by minute (MB): " + ", ".join(f"{m:.0f}" for m in rss["by_minute"]))
    print("  of which Streamlit's caches (MB): " + ", ".join("?" if c is None else f"{c:.0f}" for c in rss["caches_by_minute"]))
    budget = rss["budget"]
    evicting = "st.cache_data reached its" in Path(log_path).read_text(errors="replace")
    print(f"  cache budget (server.maxCacheDataSize): {'none' if budget is None else f'{budget:.0f} MB'}; caches peaked at "
          f"{rss['caches_max']:.0f} MB; budget reached (Streamlit logged its eviction warning): {evicting}")
    print(f"  memory {'flat' if abs(drift) <= FLAT else 'NOT flat'}: last minute {drift:+.1%} vs the last minute of "
          f"warm-up (flat = within {FLAT:.0%}); server healthy at the end: {healthy}")


if __name__ == "__main__":
    main()
