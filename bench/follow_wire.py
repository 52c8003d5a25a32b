"""The sessions of bench.follow_latency (and bench.poll_class): a follower of a room over Streamlit's websocket
protocol (bench/student.py) with its page listener's long poll (GET /api/class/wait, ui/room_follow.js), woken as
the listener wakes it, the lecturer's session by the lecturer link, a slider step to a bound, and a percentile."""
import asyncio
import contextlib
import random
import time
from urllib.parse import urlsplit

from bench.student import Stats, Student


def pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


async def next_version(follower):
    """One long poll of the class's wait route as the page's listener makes it (a lost connection: wait 1 s, reopen):
    True when the room's version grew (`follower.since` is then the new one)."""
    try:
        version = await follower.poll.wait(follower.code, follower.since, f"bench{follower.i}")
    except (OSError, asyncio.IncompleteReadError, StopIteration):
        follower.poll.close()
        await asyncio.sleep(1)
        return False
    if version and version > follower.since:
        follower.since = version
        return True
    return False


class LongPoll:
    """One page's listener: GET /api/class/wait on a keep-alive connection (the browser's fetch)."""

    def __init__(self, url, cookie=""):
        parts = urlsplit(url)
        self.host, self.port, self.cookie = parts.hostname, parts.port, cookie
        self.reader = self.writer = None
        self.last = {}

    async def wait(self, code, since, student):
        """The room's version once it is above `since` (or after the route's hold); None when gone."""
        import json

        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        cookie = f"Cookie: {self.cookie}\r\n" if self.cookie else ""
        self.writer.write((f"GET /api/class/wait?code={code}&since={since}&student={student} HTTP/1.1\r\n"
                           f"Host: {self.host}:{self.port}\r\n{cookie}Accept: */*\r\n\r\n").encode())
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length"))
        self.last = json.loads(await self.reader.readexactly(length))   # the polls' version too (`poll`)
        return self.last.get("version")

    def close(self):
        if self.writer is not None:
            self.writer.close()
            self.writer = None


class Follower:
    def __init__(self, url, ws, code, i, stats, cookie="", fragment=True):
        self.url, self.ws, self.code, self.i, self.stats, self.cookie = url, ws, code, i, stats, cookie
        self.student = self.poll = None
        self.since, self.shown = 0, []   # (finish time, γ index shown)
        self.fragment, self.fragment_runs, self.wakes = fragment, 0, 0   # wake the settings' fragment as the browser
        self.panel_runs = 0   # runs of the poll panel's fragment alone

    async def join(self):
        headers = {"Cookie": self.cookie} if self.cookie else None
        self.student = Student(self.ws, self.stats, random.Random(self.i), headers)
        await self.student.__aenter__()
        self.student.query = f"room={self.code}"
        await self.student.rerun(page_name="", page_hash="")   # the join; the room's section follows
        await self.student.rerun()
        self.poll = LongPoll(self.url, self.cookie)

    def gamma(self):
        s = self.student.pick_slider("svm_gamma")
        return None if s is None else s.value

    def _data(self, name, field):
        import json

        text = self.student.bidi_data.get(f"kernelscope.{name}")
        return (json.loads(text) if text else {}).get(field) or 0

    def showing(self):
        """(the room's version the page shows, the polls' version its poll panel shows), as the listener reads them."""
        since = max(self._data(name, "since") for name in ("class_listener", "class_wake", "poll_wake"))
        return since, self._data("poll_wake", "poll")

    async def wake(self):
        """The listener's wake, as the browser makes it (ui/room_follow.js): a poll asked or checked that the page
        does not show yet (the route's `poll`) first wakes the poll panel's fragment (ui/poll_wake.js); a change of
        the view then (or alone) the trigger of the settings' fragment's wake when the page has one (ui/room_wake.js),
        else a rerun of the page. The server widens either to the page when the change is more than it draws."""
        if (self.poll.last.get("poll") or 0) > self.showing()[1]:
            if await self.student.trigger("poll_wake", "wake", self.wakes + 1) is not None:
                self.panel_runs += not self.student._full_run
            else:
                await self.student.rerun()
            self.wakes += 1
            if self.showing()[0] >= self.since:
                return
        if self.fragment and await self.student.trigger("class_wake", "wake", self.wakes + 1) is not None:
            self.fragment_runs += not self.student._full_run   # not widened to the page by the server
        else:
            await self.student.rerun()
        self.wakes += 1

    async def run(self):
        while True:
            if await next_version(self):
                await self.wake()
                self.shown.append((time.perf_counter(), self.gamma()))

    async def leave(self):
        self.poll.close()
        with contextlib.suppress(Exception):
            await self.student.__aexit__()


async def lecturer_alone(url, changes, every):
    """The same slider moved by a session in no room: its rerun latencies (s)."""
    stats = Stats()
    async with Student(url.replace("http://", "ws://") + "/_stcore/stream", stats, random.Random(1)) as s:
        await s.open("svm")
        slider = s.pick_slider("svm_gamma")
        out = []
        for k in range(changes):
            out.append(await move_bound(s, slider, +1 if k % 8 < 4 else -1))
            await asyncio.sleep(every)
    return [t for t in out if t is not None]


async def lecturer_session(url, code, key, stats, cookie=""):
    s = Student(url.replace("http://", "ws://") + "/_stcore/stream", stats, random.Random(2),
                {"Cookie": cookie} if cookie else None)
    await s.__aenter__()
    s.query = f"room={code}&lecturer={key}"
    await s.rerun(page_name="", page_hash="")
    await s.rerun()
    return s


async def move_bound(student, slider, direction, key="svm_gamma"):
    """One keyboard step of a select_slider bound to the address bar, as the browser sends it: the new option in the
    widget's state and in the query string (the app reads a bound setting's text from there: ui.settings)."""
    from urllib.parse import parse_qsl, urlencode

    new = slider.value + direction
    if not slider.lo <= new <= slider.hi:
        new = slider.value - direction
    slider.value = new
    student.values[slider.id] = slider
    query = dict(parse_qsl(student.query))
    query[key] = slider.options[int(new)]
    student.query = urlencode(query)
    return await student.rerun(slider=slider, fragment_id=slider.fragment_id)
