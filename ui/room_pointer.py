"""The lecturer's drag, mirrored live: while the lecturer drags a live sweep (ui/sweep.js), the frame index under the
pointer travels to the room's followers, whose own sweep of the same slider draws that frame from the frames their
browser holds - no rerun of anyone's script. Only the position travels; the value the lecturer releases reaches the
class as every settled change does (the room's version, ui.live_class).

POST /api/class/pointer  {"code": "ABC123", "slider": "svm_gamma", "index": 12}   (index null: the drag ended)
  from the lecturer's page (ui/room_follow.js), with the lecturer's cookie "CODE.KEY" (ui.live_class.COOKIE; the
  browser sends it with the page's own requests only: SameSite=Strict). The key is checked against the store's hash
  (once a minute per key and process; the check compares in constant time). 204, or 403 without the room's key.
GET /api/class/pointer?code=ABC123
  a follower's stream of the positions (server-sent events, `data: {"slider": ..., "index": ...}`), a comment every
  KEEPALIVE seconds so proxies keep it open.

One server process hands the positions to its own streams directly. With replicas (the Redis store) each position is
also published on the room's Redis channel, and each process keeps one subscriber for the rooms its streams follow:
a lost message is a frame skipped, never a wrong view (the released value comes by version). A stream opened while a
drag is under way (a student joining mid-drag, an EventSource reconnecting) starts at the drag's newest position."""
import asyncio
import json
import re
import threading
import time

from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

PATH = "/api/class/pointer"
KEEPALIVE = 20          # s between two comments on an idle stream
CHECKED_FOR = 60        # s a checked lecturer key is trusted in this process
MAX_STREAMS = 2000      # followers' streams one process holds (a room holds at most 500 students)
MAX_BODY = 512          # bytes of a position
QUEUE = 4               # positions a slow stream may lag behind before the oldest is dropped
SLIDER = re.compile(r"[a-z0-9_]{1,64}")
LATEST_FOR = 10.0       # s a drag's newest position is handed to a new stream (ui/sweep.js drops a mirror idle 10 s)


class Hub:
    """The followers' streams of this process, by room: {code: {queue: loop}}; `send` hands a position to each."""

    def __init__(self):
        self.streams, self.lock, self.count = {}, threading.Lock(), 0
        self.latest = {}        # code -> (the drag's newest position, time): until the drag ends
        self.checked = {}       # (code, key) -> time trusted until
        self.remote = None      # the Redis subscriber (replicas), started with the first stream

    def add(self, code, queue, loop):
        with self.lock:
            if self.count >= MAX_STREAMS:
                return False
            self.streams.setdefault(code, {})[queue] = loop
            self.count += 1
        return True

    def remove(self, code, queue):
        with self.lock:
            room = self.streams.get(code, {})
            if room.pop(queue, None) is not None:
                self.count -= 1
            if not room:
                self.streams.pop(code, None)

    def newest(self, code):
        """The position of `code`'s drag under way (moved in the last LATEST_FOR s), or None."""
        with self.lock:
            message, at = self.latest.get(code, (None, 0.0))
        return message if time.monotonic() - at < LATEST_FOR else None

    def codes(self):
        with self.lock:
            return list(self.streams)

    def send(self, code, message):
        """Hand `message` (the position's JSON text) to every stream of `code` in this process, and keep it for the
        streams that open while the drag goes on (`latest`)."""
        try:
            ended = json.loads(message).get("index") is None
        except (ValueError, AttributeError):   # not a position (only Redis's other clients could publish one)
            return
        now = time.monotonic()
        with self.lock:
            targets = list(self.streams.get(code, {}).items())
            if ended:
                self.latest.pop(code, None)
            else:
                if len(self.latest) >= MAX_STREAMS:   # rooms whose drag never ended (a lecturer's page gone)
                    self.latest = {c: v for c, v in self.latest.items() if now - v[1] < LATEST_FOR}
                self.latest[code] = (message, now)
        for queue, loop in targets:
            loop.call_soon_threadsafe(_put, queue, message)


def _put(queue, message):
    if queue.full():   # a slow follower: the newest position matters, not every one
        queue.get_nowait()
    queue.put_nowait(message)


HUB = Hub()


def _store():
    from .room_routes import store

    return store()


def _lecturer(request, code):
    """The request carries the lecturer's cookie of room `code` with the room's key (checked in the store, then
    trusted in this process for CHECKED_FOR s)."""
    from .live_class import COOKIE
    from .room_store import normal_code

    cookie_code, _, key = str(request.cookies.get(COOKIE, "")).partition(".")
    if not key or normal_code(cookie_code) != code:
        return False
    now = time.monotonic()
    if HUB.checked.get((code, key), 0) > now:
        return True
    if not _store().is_lecturer(code, key):
        return False
    if len(HUB.checked) > 1000:
        HUB.checked.clear()
    HUB.checked[(code, key)] = now + CHECKED_FOR
    return True


def position(body):
    """(code, {"slider", "index"}) of a lecturer's POST body, or None when it is not a position."""
    from .room_store import normal_code

    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict):
        return None
    code, slider, index = normal_code(data.get("code")), data.get("slider"), data.get("index")
    if code is None or not isinstance(slider, str) or not SLIDER.fullmatch(slider):
        return None
    if index is not None and (type(index) is not int or not 0 <= index <= 10_000):
        return None
    return code, {"slider": slider, "index": index}


async def move(request):
    """The lecturer's position (see the module's text)."""
    from starlette.concurrency import run_in_threadpool

    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        return Response(status_code=415)   # a form post from another site cannot send JSON without asking first
    try:
        body = await request.body()
    except ClientDisconnect:
        return Response(status_code=400)
    found = position(body) if len(body) <= MAX_BODY else None
    if found is None:
        return JSONResponse({"error": "not a position"}, status_code=400)
    code, where = found
    if not await run_in_threadpool(_lecturer, request, code):
        return JSONResponse({"error": "not the lecturer of this room"}, status_code=403)
    message = json.dumps(where, separators=(",", ":"))
    HUB.send(code, message)
    publish = getattr(_store(), "publish_pointer", None)
    if publish is not None:   # replicas: the other processes' followers
        await run_in_threadpool(publish, code, message)
    return Response(status_code=204)


async def stream(request):
    """A follower's stream of the lecturer's positions (see the module's text)."""
    from starlette.concurrency import run_in_threadpool

    from .room_routes import _client
    from .room_store import normal_code

    code, s, client = normal_code(request.query_params.get("code")), _store(), _client(request)
    if await run_in_threadpool(s.blocked, client):
        return Response(status_code=429)
    if code is None or await run_in_threadpool(s.version, code) is None:
        await run_in_threadpool(s.attempt, client)   # a wrong code counts as a failed join
        return Response(status_code=404)
    queue, loop = asyncio.Queue(QUEUE), asyncio.get_running_loop()
    if not HUB.add(code, queue, loop):
        return Response(status_code=503)
    _listen_remote(s)
    newest = HUB.newest(code)   # after add: a position sent in between comes twice, none is missed
    if newest is not None:
        _put(queue, newest)

    async def events():
        try:
            yield ": follow\n\n"
            while True:
                try:
                    message = await asyncio.wait_for(queue.get(), KEEPALIVE)
                except asyncio.TimeoutError:
                    yield ": idle\n\n"
                    continue
                yield f"data: {message}\n\n"
        finally:
            HUB.remove(code, queue)

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def _listen_remote(s):
    """With the Redis store: one thread of this process hands the positions other processes publish to this
    process's streams (started once)."""
    listen = getattr(s, "listen_pointers", None)
    if listen is None or HUB.remote is not None:
        return
    with HUB.lock:
        if HUB.remote is not None:
            return
        HUB.remote = threading.Thread(target=listen, args=(HUB,), name="kernelscope-class-pointer", daemon=True)
    HUB.remote.start()


ROUTES = [Route(PATH, move, methods=["POST"]), Route(PATH, stream, methods=["GET"])]
