"""What a student idle in a class costs the server: N followers (websocket sessions of Streamlit's protocol,
bench/student.py) sit in a room on /svm for S seconds while nothing changes, each with the long poll its page's
listener keeps open (ui/room_follow.js -> GET /api/class/wait) and its stream of the lecturer's drag positions
(GET /api/class/pointer). Printed: the server's CPU time and the bytes sent to
the followers, per student per second, beside the same N sessions of bench/fragment_app.py, whose st.fragment
(run_every=1) reruns every second - the polling the live class avoids.

    .venv/bin/python -m bench.follow [--students 30] [--seconds 60]
"""
import argparse
import asyncio
import os
import random
import tempfile
import time
from urllib.parse import urlsplit

from bench.serve import serve
from bench.student import Stats, Student, run_async


def cpu_seconds(pid):
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Poller:
    """One page's listener: GET /api/class/wait in a loop on one keep-alive connection, as the browser's fetch."""

    def __init__(self, url, code, student):
        parts = urlsplit(url)
        self.host, self.port, self.code, self.student = parts.hostname, parts.port, code, student
        self.bytes, self.polls, self.since = 0, 0, 0

    async def run(self):
        reader, writer = await asyncio.open_connection(self.host, self.port)
        try:
            while True:
                writer.write((f"GET /api/class/wait?code={self.code}&since={self.since}&student={self.student} "
                              f"HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nAccept: */*\r\n\r\n").encode())
                await writer.drain()
                head = await reader.readuntil(b"\r\n\r\n")
                length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length"))
                body = await reader.readexactly(length)
                self.bytes += len(head) + length
                self.polls += 1
                version = __import__("json").loads(body).get("version")
                if version:
                    self.since = max(self.since, version)
        finally:
            writer.close()


class Stream:
    """The same page's stream of the lecturer's drag positions (ui/room_follow.js -> GET /api/class/pointer, server-sent
    events, held open while the student follows): the bytes it brings."""

    def __init__(self, url, code):
        parts = urlsplit(url)
        self.host, self.port, self.code = parts.hostname, parts.port, code
        self.bytes, self.polls = 0, 0

    async def run(self):
        reader, writer = await asyncio.open_connection(self.host, self.port)
        try:
            writer.write((f"GET /api/class/pointer?code={self.code} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                          "Accept: text/event-stream\r\n\r\n").encode())
            await writer.drain()
            while chunk := await reader.read(4096):
                self.bytes += len(chunk)
        finally:
            writer.close()


class Browser(Student):
    """A Student that also reruns an st.fragment(run_every=...) on its timer, as the browser does (Streamlit sends
    the timer in an auto_rerun message; the browser sends the fragment's rerun)."""

    timers = None

    def _on_message(self, msg):
        if msg.WhichOneof("type") == "auto_rerun":
            self.timers = self.timers or {}
            self.timers[msg.auto_rerun.fragment_id] = msg.auto_rerun.interval
        super()._on_message(msg)

    async def tick(self):
        while True:
            await asyncio.sleep(min((self.timers or {}).values(), default=1.0))
            for fragment_id in list(self.timers or {}):
                bytes_before = self.bytes
                await self.rerun(fragment_id=fragment_id)
                self.total += self.bytes
                self.bytes = bytes_before

    total = 0


async def idle_class(url, pid, n, seconds, code=None):
    """N sessions open on the page (in the room `code` when given) for `seconds`: (cpu s, websocket bytes, http
    bytes, polls) of that window."""
    stats, rng = Stats(), random.Random(0)
    ws = url.replace("http://", "ws://") + "/_stcore/stream"
    students = [Browser(ws, stats, rng) for _ in range(n)]
    pollers, tasks = [], []
    for s in students:
        await s.__aenter__()
        s.query = f"room={code}" if code else ""
        await s.rerun(page_name="svm" if code else "", page_hash="")
        if code:   # the join's rerun, then the page the room shows
            await s.rerun()
            pollers += [Poller(url, code, f"bench{len(pollers)}"), Stream(url, code)]
            tasks += [asyncio.create_task(pollers[-2].run()), asyncio.create_task(pollers[-1].run())]
        elif s.timers:
            tasks.append(asyncio.create_task(s.tick()))
    await asyncio.sleep(5)   # every session settled, every poll waiting
    cpu0, ws0, http0, polls0 = cpu_seconds(pid), sum(s.bytes + s.total for s in students), sum(p.bytes for p in pollers), \
        sum(p.polls for p in pollers)
    await asyncio.sleep(seconds)
    cpu1, ws1, http1, polls1 = cpu_seconds(pid), sum(s.bytes + s.total for s in students), sum(p.bytes for p in pollers), \
        sum(p.polls for p in pollers)
    for t in tasks:
        t.cancel()
    for s in students:
        await s.__aexit__()
    if stats.errors:
        print("errors:", stats.errors[:3])
    return cpu1 - cpu0, ws1 - ws0, http1 - http0, polls1 - polls0


def row(name, n, seconds, cpu, ws, http, polls):
    per = n * seconds
    print(f"{name:<34} {1000 * cpu / per:8.2f} ms {(ws + http) / per:9.1f} B {ws / per:9.1f} B {http / per:9.1f} B "
          f"{polls:6d}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--seconds", type=float, default=60)
    args = ap.parse_args()
    n, seconds = args.students, args.seconds
    print(f"{n} students idle for {seconds:g} s; per student per second: server CPU, bytes to the student "
          "(websocket + long poll), polls in the window")
    print(f"{'':<34} {'CPU':>11} {'bytes':>11} {'websocket':>11} {'HTTP':>11} {'polls':>6}")
    with tempfile.TemporaryDirectory() as data, serve("app.py", env={"KERNELSCOPE_DATA": data}) as server:
        os.environ["KERNELSCOPE_DATA"] = data
        from ui.room_store import open_store

        store = open_store()
        code, _ = store.create({"page": "svm", "params": {}})
        row("live class (long poll, this app)", n, seconds, *run_async(idle_class(server.url, server.pid, n, seconds,
                                                                                   code)))
        print(f"  (students the room counts: {store.students(code)})")
    with serve("bench/fragment_app.py") as server:
        row("st.fragment(run_every=1) poll", n, seconds, *run_async(idle_class(server.url, server.pid, n, seconds)))


if __name__ == "__main__":
    t0 = time.perf_counter()
    main()
    print(f"({time.perf_counter() - t0:.0f} s)")
