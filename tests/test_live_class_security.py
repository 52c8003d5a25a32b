"""The live class against forged messages, over the real app (`python app.py`, its rooms in SQLite in a temporary
folder) spoken to by hand-built websocket messages (bench/student.py: Streamlit's own protocol, as the browser speaks
it) and hand-built HTTP requests:
- a hand-edited lecturer link (a wrong key, no key) opens no control and gets a sentence; that session's changes
  never reach the room;
- a student's session that sends the lecturer's End class trigger (its widget id, learnt from a lecturer's session)
  ends nothing;
- a forged room state written past the store's checks (10 000 points, γ = inf, an unknown section) gets a sentence
  on the follower's page: no exception, and its run finishes;
- wrong codes are limited per client: past the limit, the right code gets a sentence too, and the long poll 429;
- the long poll tells a student's page the polls' version apart from the view's."""
import asyncio
import json
import random
import tempfile
import time
import urllib.error
import urllib.request

import pytest

from bench.serve import serve
from bench.student import Stats, Student, run_async
from ui.room_store import JOIN_LIMIT, JOIN_WINDOW, open_store
from ui.room_store.polls import polls_of

pytestmark = pytest.mark.timeout(300)


class Forger(Student):
    """A websocket session that also keeps the texts it was shown (alerts, markdown, HTML) and the buttons' ids."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.texts, self.buttons = [], {}

    def _on_delta(self, msg):
        super()._on_delta(msg)
        if msg.delta.WhichOneof("type") != "new_element":
            return
        el = msg.delta.new_element
        kind = el.WhichOneof("type")
        if kind in ("alert", "markdown", "html"):
            self.texts.append(getattr(el, kind).body)
        elif kind == "button":
            self.buttons[el.button.id.rsplit("-", 1)[-1]] = el.button.id
        elif kind == "exception":
            self.texts.append("EXCEPTION " + el.exception.message)

    def shown(self, words):
        return any(words in t for t in self.texts)


@pytest.fixture(scope="module")
def server_and_store():
    with tempfile.TemporaryDirectory() as data, serve("app.py", env={"KERNELSCOPE_DATA": data}) as server:
        store = open_store(f"sqlite:///{data}/rooms.sqlite3")
        yield server, store
        store.close()


def session(server, query, *runs, headers=None, forged=None, move=None):
    """Open a Forger on `query` (the address bar's query string), rerun it `runs` more times (a page switch asked
    for by the app, the room's view), then once with the widget states `forged` ({id: trigger}), or move its slider
    whose key is `move` one step; the Forger."""
    async def go():
        stats = Stats()
        f = Forger(server.url.replace("http://", "ws://") + "/_stcore/stream", stats, random.Random(0), headers)
        async with f:
            f.query = query
            await f.rerun(page_name="", page_hash="")
            for _ in runs:
                await f.rerun()
            if forged:
                await send_triggers(f, forged)
            if move:
                await f.move(f.pick_slider(move), +1)
        f.errors = stats.errors
        return f
    return run_async(go())


async def send_triggers(f, triggers):
    """A hand-built rerun_script whose widget states say these widgets were pressed."""
    from streamlit.proto.BackMsg_pb2 import BackMsg

    back = BackMsg()
    cs = back.rerun_script
    cs.query_string, cs.page_script_hash = f.query, f.page_hash
    for wid, value in triggers.items():
        w = cs.widget_states.widgets.add()
        w.id, w.trigger_value = wid, value
    f._finished = asyncio.get_running_loop().create_future()
    await f.ws.send(back.SerializeToString())
    await asyncio.wait_for(f._finished, 60)


def lecturer_room(store, state=None):
    return store.create(state or {"page": "svm", "params": {"svm_C": ["2"]}})


def test_a_hand_edited_lecturer_link_opens_no_control(server_and_store):
    server, store = server_and_store
    code, key = lecturer_room(store)
    wrong = key[:-2] + ("AA" if key[-2:] != "AA" else "BB")
    for query in (f"room={code}&lecturer={wrong}", f"room={code}&lecturer=", f"lecturer={key}",
                  f"room={code}&lecturer={key}x"):
        f = session(server, query, "again")
        assert f.shown("This lecturer link does not open a class"), (query, f.texts)
        assert not f.shown('class="ks-class-code"') and "class_end" not in f.buttons, query
        assert not f.errors and not f.shown("EXCEPTION")
    f = session(server, f"room={code}&lecturer={wrong}", "again", move="svm_gamma")   # its changes reach no one
    assert not f.errors
    room = store.room(code)
    assert room.version == 1 and room.state["params"] == {"svm_C": ["2"]}


def test_a_students_forged_end_class_trigger_ends_nothing(server_and_store):
    server, store = server_and_store
    code, key = lecturer_room(store)
    lecturer = session(server, f"room={code}&lecturer={key}", "the room's view")
    assert "class_end" in lecturer.buttons                          # the real lecturer's End class, and its id
    version = store.version(code)
    student = session(server, f"room={code}", "the room's view", forged={lecturer.buttons["class_end"]: True})
    assert student.shown(f"Following the lecturer (room {code})")
    assert not student.errors and not student.shown("EXCEPTION")
    assert store.room(code) is not None and store.version(code) == version   # the room goes on, unchanged
    # the bare key as a widget id: Streamlit refuses the value (its own error box, on the forger's page only)
    session(server, f"room={code}", "the room's view", forged={"class_end": True, "class_start": True})
    assert store.room(code) is not None and store.version(code) == version


def forge(store, code, state):
    """Write a room's state past the store's checks (a hand-edited database, a compromised replica); its version."""
    db = store._db()
    with db:
        db.execute("UPDATE rooms SET state = ?, version = version + 1 WHERE code = ?", (json.dumps(state), code))
    return store.version(code)


@pytest.mark.parametrize("state, sentence", [
    ({"page": "svm", "params": {"svm_gamma": ["inf"]}}, "svm_gamma: not a finite number"),
    ({"page": "svm", "params": {"pts": ["|" + ".".join(f"{i % 97 / 10}_{i % 89 / 10}p" for i in range(10_000))]}},
     "could not be shown"),
    ({"page": "svm", "params": {"svm_gamma": ["1e999"], "svm_C": ["-inf"], "data_n": ["10000"]}}, "The lecturer's view"),
    ({"page": "../../etc/passwd", "params": {}}, "could not be shown"),
    ({"page": "svm", "params": {f"svm_{i}": ["1"] for i in range(1000)}}, "could not be shown"),
])
def test_a_forged_room_state_gets_a_sentence(server_and_store, state, sentence):
    server, store = server_and_store
    code, _ = lecturer_room(store)
    forge(store, code, state)
    f = session(server, f"room={code}", "the room's view", "again")
    assert f.shown(sentence), f.texts
    assert not f.errors and not f.shown("EXCEPTION")
    assert f.shown(f"Following the lecturer (room {code})")


def wait(server, code, client):
    """GET /api/class/wait for `code` from `client` (X-Forwarded-For, as from behind the proxy): the status."""
    req = urllib.request.Request(f"{server.url}/api/class/wait?code={code}&since=999999",
                                 headers={"X-Forwarded-For": client})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status
    except urllib.error.HTTPError as err:
        return err.code


def read_wait(server, code, since, student="listener-test"):
    """A student's long poll, as the page's listener makes it: the route's JSON."""
    with urllib.request.urlopen(f"{server.url}/api/class/wait?code={code}&since={since}&student={student}",
                                timeout=60) as r:
        return json.loads(r.read())


def test_the_long_poll_tells_a_students_page_the_polls_version_apart_from_the_views(server_and_store):
    """The route's `poll` is the room's version at the last question asked or checked (ui/room_follow.js wakes the
    poll panel's fragment alone for it); a change of the lecturer's view moves the version, never `poll`."""
    server, store = server_and_store
    code, key = lecturer_room(store)
    polls = polls_of(store)
    assert read_wait(server, code, 0) == {"version": 1, "students": 1, "poll": 0}
    polls.ask(code, key, "svm_rbf_gamma", "What does a larger γ do?", ("smoother", "wigglier"), 1, "svm")
    assert read_wait(server, code, 1) == {"version": 2, "students": 1, "poll": 2}
    store.publish(code, key, {"page": "svm", "params": {"svm_C": ["3"]}})
    assert read_wait(server, code, 2) == {"version": 3, "students": 1, "poll": 2}
    polls.close(code, key)
    assert read_wait(server, code, 3) == {"version": 4, "students": 1, "poll": 4}
    assert read_wait(server, code, 0, student="")["poll"] is None   # not a student's poll: no need to read it


def test_wrong_codes_are_limited_per_client(server_and_store):
    server, store = server_and_store
    code, _ = lecturer_room(store)
    client, other = "203.0.113.7", "203.0.113.8"
    if JOIN_WINDOW - time.time() % JOIN_WINDOW < 15:   # the limit counts per window: start well inside one
        time.sleep(JOIN_WINDOW - time.time() % JOIN_WINDOW + 0.5)
    headers = {"X-Forwarded-For": client}
    f = session(server, "room=AAAAAA", headers=headers)                 # a wrong code by the address bar
    assert f.shown("There is no class with the code AAAAAA")
    statuses = [wait(server, "CCCCCC", client) for _ in range(JOIN_LIMIT)]   # and through the long poll
    assert set(statuses[:JOIN_LIMIT - 1]) == {404} and statuses[-1] == 429
    f = session(server, f"room={code}", headers=headers)               # now the right code is refused as well
    assert f.shown("Too many wrong codes from this device") and not f.shown("Following the lecturer")
    assert wait(server, code, client) == 429
    assert store.students(code) == 0
    f = session(server, f"room={code}", "the room's view", headers={"X-Forwarded-For": other})   # others join
    assert f.shown(f"Following the lecturer (room {code})")


def post_pointer(server, body, cookie=None, content_type="application/json"):
    """POST /api/class/pointer as a page would (the lecturer's cookie, when given): the status."""
    headers = {"Content-Type": content_type, **({"Cookie": f"ks_class_lecturer={cookie}"} if cookie else {})}
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    req = urllib.request.Request(f"{server.url}/api/class/pointer", data=data, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status
    except urllib.error.HTTPError as err:
        return err.code


def test_only_the_lecturers_key_moves_the_class_pointer(server_and_store):
    """The lecturer's drag positions: a follower's stream gets the lecturer's, and nothing of a post without the
    room's key, with another room's key, or that is not a position."""
    server, store = server_and_store
    code, key = lecturer_room(store)
    other, other_key = lecturer_room(store)
    stream = urllib.request.urlopen(f"{server.url}/api/class/pointer?code={code}", timeout=30)
    assert stream.status == 200 and stream.headers["Content-Type"].startswith("text/event-stream")
    assert stream.readline().startswith(b": follow")
    good = {"code": code, "slider": "svm_gamma", "index": 3}
    assert post_pointer(server, good) == 403                                    # no key
    assert post_pointer(server, good, f"{code}.{'0' * 32}") == 403              # a wrong key
    assert post_pointer(server, good, f"{code}.{other_key}") == 403             # another room's key
    assert post_pointer(server, good, f"{other}.{other_key}") == 403            # that room's cookie, this room's code
    assert post_pointer(server, good, f"{code}.{key}", "text/plain") == 415     # a cross-site form's type
    for bad in (b"not json", b"[1, 2]", {"code": code, "slider": "svm gamma", "index": 3},
                {"code": code, "slider": "<b>x</b>", "index": 3}, {"code": code, "slider": "svm_gamma", "index": "3"},
                {"code": code, "slider": "svm_gamma", "index": 10**9}, {"code": code, "slider": "svm_gamma", "index": 2.5},
                {"code": code, "slider": "svm_gamma", "index": True}, {"code": "??", "slider": "svm_gamma", "index": 1},
                {"code": code, "slider": "s" * 65, "index": 1}, b" " * 600 + json.dumps(good).encode()):
        assert post_pointer(server, bad, f"{code}.{key}") == 400, bad
    assert post_pointer(server, good, f"{code}.{key}") == 204                   # the lecturer's own
    assert post_pointer(server, {**good, "index": None}, f"{code}.{key}") == 204
    lines = []
    while len(lines) < 2:
        line = stream.readline().decode().strip()
        if line.startswith("data:"):
            lines.append(json.loads(line[5:]))
    stream.close()
    assert lines == [{"slider": "svm_gamma", "index": 3}, {"slider": "svm_gamma", "index": None}]
    assert store.room(code).version == 1                                        # a position changes no view


def first_position(stream):
    """The first position a follower's stream (an open /api/class/pointer response, opened with a timeout shorter
    than the stream's KEEPALIVE: none comes, the read times out) brings."""
    while True:
        line = stream.readline().decode().strip()
        if line.startswith("data:"):
            return json.loads(line[5:])


def test_a_stream_opened_mid_drag_starts_at_the_drags_newest_position(server_and_store):
    """A student who joins (or whose stream reconnects) while the lecturer drags is shown the drag's newest position
    at once; once the drag has ended, a new stream waits for the next drag."""
    server, store = server_and_store
    code, key = lecturer_room(store)
    url = f"{server.url}/api/class/pointer?code={code}"
    for index in (2, 7):
        assert post_pointer(server, {"code": code, "slider": "svm_gamma", "index": index}, f"{code}.{key}") == 204
    with urllib.request.urlopen(url, timeout=10) as late:
        assert first_position(late) == {"slider": "svm_gamma", "index": 7}
    assert post_pointer(server, {"code": code, "slider": "svm_gamma", "index": None}, f"{code}.{key}") == 204
    with urllib.request.urlopen(url, timeout=10) as after:
        assert after.readline().startswith(b": follow")
        assert post_pointer(server, {"code": code, "slider": "svm_gamma", "index": 1}, f"{code}.{key}") == 204
        assert first_position(after) == {"slider": "svm_gamma", "index": 1}   # not the ended drag's 7


def test_a_pointer_stream_of_a_wrong_code_is_a_failed_join(server_and_store):
    server, _ = server_and_store
    for code in ("ZZZZZZ", "not a code"):
        try:
            urllib.request.urlopen(urllib.request.Request(   # a client of its own (the join limit counts per client)
                f"{server.url}/api/class/pointer?code={code.replace(' ', '+')}",
                headers={"X-Forwarded-For": "203.0.113.50"}), timeout=30)
            raise AssertionError("a stream for a room that does not exist")
        except urllib.error.HTTPError as err:
            assert err.code == 404
