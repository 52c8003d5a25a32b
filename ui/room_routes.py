"""The class's one HTTP route, served beside Streamlit (st.App(routes=...), see ui.runtime.launch): a long poll
that tells a follower's page when its room has a new version, and counts the student as present.

GET /api/class/wait?code=ABC123&since=7&student=<random id>
  -> {"version": 8, "students": 31, "poll": 8} as soon as the room's version is above `since` (or after WAIT seconds
     with the version as it is); {"version": null} with status 404 when there is no such room. `poll` is the room's
     version when its polls last changed (ui.room_store.polls: Polls.version; 0 when nothing was asked): a page that
     shows the polls of that version needs only the view's change, and one that does not can run its poll panel
     alone (ui/room_follow.js). A code that names no room
     counts as a failed join (ui.room_store: limited per client), so codes cannot be guessed through it.

One watcher thread per server process reads the versions of the rooms someone is waiting on, every TICK seconds, in
one query, and wakes those waiters; a follower's page then reruns and reads the state itself (the store is the
source of truth: a lost wake-up costs at most one WAIT, a reconnect reads the latest version). A student idle in a
room costs one request per WAIT seconds and nothing else."""
import asyncio
import threading

from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse
from starlette.routing import Route

from .room_pointer import ROUTES as POINTER_ROUTES

WAIT = 25        # seconds a poll is held open when nothing changes (under proxies' 60 s read timeouts)
TICK = 0.25      # seconds between two reads of the watched rooms' versions
PATH = "/api/class/wait"
_STORE = []
_LOCK = threading.Lock()


def store():
    """This process's store (ui.room_store.open_store, opened once)."""
    with _LOCK:
        if not _STORE:
            from .room_store import open_store
            from .room_store.polls import polls_of

            s = open_store()
            _STORE.extend((s, polls_of(s)))
        return _STORE[0]


def polls():
    """The poll side of this process's store (ui.room_store.polls_of, made once)."""
    store()
    return _STORE[1]


class Watcher:
    """The rooms waited on in this process: {code: [(loop, future, since)]}, and a thread that reads their versions
    together and completes the futures of every waiter whose room moved past its `since` or ended."""

    def __init__(self):
        self.waiting, self.lock, self.poke = {}, threading.Lock(), threading.Event()
        self.thread = None

    def add(self, code, since, loop, future):
        with self.lock:
            self.waiting.setdefault(code, []).append((loop, future, since))
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="kernelscope-class-watcher", daemon=True)
                self.thread.start()

    def remove(self, code, future):
        with self.lock:
            left = [w for w in self.waiting.get(code, []) if w[1] is not future]
            if left:
                self.waiting[code] = left
            else:
                self.waiting.pop(code, None)

    def _run(self):
        while True:
            self.poke.wait(TICK)
            self.poke.clear()
            with self.lock:
                codes = list(self.waiting)
            if not codes:
                continue
            try:
                versions = store().versions(codes)
            except Exception:   # the store is away for a moment (Redis restarting): the next tick retries
                continue
            with self.lock:
                for code in codes:
                    version = versions.get(code)
                    for loop, future, since in self.waiting.get(code, []):
                        if version is None or version > since:
                            loop.call_soon_threadsafe(_complete, future, version)


def _complete(future, version):
    if not future.done():
        future.set_result(version)


WATCHER = Watcher()


def _client(request):
    from .room_store import client_address

    return client_address(request.client.host if request.client else None, request.headers.get("x-forwarded-for"))


def _int(text, default=0):
    try:
        return max(0, int(text))
    except (TypeError, ValueError):
        return default


async def wait(request):
    from .room_store import RoomFull, normal_code

    code, since = normal_code(request.query_params.get("code")), _int(request.query_params.get("since"))
    student = request.query_params.get("student", "")[:64]
    s, client = store(), _client(request)
    if await run_in_threadpool(s.blocked, client):   # a client past its failed joins learns nothing
        return JSONResponse({"version": None}, status_code=429)
    version = await run_in_threadpool(s.version, code) if code else None
    if version is None:   # a wrong code counts as a failed join
        await run_in_threadpool(s.attempt, client)
        return JSONResponse({"version": None}, status_code=404)
    if version <= since:
        loop, future = asyncio.get_running_loop(), asyncio.get_running_loop().create_future()
        WATCHER.add(code, since, loop, future)
        try:
            version = await asyncio.wait_for(future, WAIT)
        except asyncio.TimeoutError:
            pass
        finally:
            WATCHER.remove(code, future)
    students = poll = None
    try:
        if student:
            students, poll = await run_in_threadpool(_student_read, s, code, student)
        elif version is not None:
            students = await run_in_threadpool(s.students, code)
    except RoomFull:
        return JSONResponse({"version": None, "full": True}, status_code=403)
    except LookupError:
        version = None
    return JSONResponse({"version": version, "students": students, "poll": poll}, status_code=200 if version else 404,
                        headers={"Cache-Control": "no-store"})


def _student_read(s, code, student):
    """A student's heartbeat (the number of students) and the polls' version, in one trip to the thread pool."""
    return s.heartbeat(code, student), polls().version(code)


ROUTES = [Route(PATH, wait, methods=["GET"]), *POINTER_ROUTES]   # and the lecturer's drag (ui.room_pointer)
