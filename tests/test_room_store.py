"""The rooms' store: one contract, run against both back ends - SQLite (a file in a temporary folder) and a real
redis-server started on a free loopback port (tests/redis_env.py). Versions, expiry, concurrent writers (threads
and processes), keys, students and the join rate limit."""
import base64
import multiprocessing
import sys
import threading
import types

import pytest

# ruff: noqa: F811 (a test names the fixtures imported here as its arguments)
from tests.store_env import Clock, clock, redis_url, store, store_url  # noqa: F401 (fixtures)
from ui import room_store as rs

STATE = {"page": "svm", "params": {"svm_gamma": ["2"]}}


def test_a_new_room_has_a_short_code_a_128_bit_key_and_version_1(store):
    code, key = store.create(STATE)
    assert len(code) == rs.CODE_LENGTH and set(code) <= set(rs.ALPHABET)
    assert len(base64.urlsafe_b64decode(key + "==")) == 16
    room = store.room(code)
    assert (room.code, room.state, room.version) == (code, STATE, 1)
    assert rs.normal_code(f" {code[:3].lower()}-{code[3:]} ") == code
    assert store.versions([code, "AAAAAA"]) == {code: 1}


def test_the_store_keeps_only_the_keys_hash(store_url, store):
    code, key = store.create(STATE)
    if store_url.startswith("sqlite"):
        raw = store.path.read_bytes() + store.path.with_name(store.path.name + "-wal").read_bytes()
    else:
        from ui.room_store.redis_store import PREFIX

        raw = repr(store.db.hgetall(PREFIX + code)).encode()
    assert key.encode() not in raw
    assert rs.key_hash(key).encode() in raw


def test_every_change_adds_one_to_the_version_and_replaces_the_state(store):
    code, key = store.create(STATE)
    for n in range(2, 6):
        state = {"page": "svm", "params": {"svm_C": [str(n)]}}
        assert store.publish(code, key, state) == n
        assert store.room(code).state == state and store.version(code) == n


def test_a_wrong_key_changes_nothing(store):
    code, key = store.create(STATE)
    other_code, other_key = store.create({"page": "kernels"})
    for bad in ("", None, key[:-1] + ("A" if key[-1] != "A" else "B"), other_key, rs.key_hash(key)):
        with pytest.raises(rs.WrongKey):
            store.publish(code, bad, {"page": "forged"})
        with pytest.raises(rs.WrongKey):
            store.end(code, bad)
        assert not store.is_lecturer(code, bad)
    assert store.room(code).state == STATE and store.version(code) == 1
    assert store.is_lecturer(code, key) and not store.is_lecturer(other_code, key)


def test_an_oversize_or_non_finite_state_is_refused(store):
    code, key = store.create(STATE)
    huge = {"page": "svm", "params": {"pts": ["x" * (rs.MAX_STATE_BYTES + 1)]}}
    with pytest.raises(rs.StateTooLarge):
        store.publish(code, key, huge)
    with pytest.raises(rs.StateTooLarge):
        store.create(huge)
    with pytest.raises(ValueError):
        store.publish(code, key, {"gamma": float("inf")})
    assert store.version(code) == 1


def test_ending_a_room_removes_it(store):
    code, key = store.create(STATE)
    store.end(code, key)
    assert store.room(code) is None and store.version(code) is None
    with pytest.raises(rs.NoRoom):
        store.publish(code, key, STATE)
    with pytest.raises(rs.NoRoom):
        store.heartbeat(code, "s1")


def test_a_room_ends_after_twelve_idle_hours_and_a_change_keeps_it(store, clock):
    code, key = store.create(STATE)
    clock.now += rs.ROOM_IDLE - 10
    assert store.publish(code, key, STATE) == 2          # a change just in time: twelve more hours
    clock.now += rs.ROOM_IDLE - 10
    assert store.room(code).version == 2
    clock.now += 20
    assert store.room(code) is None and store.versions([code]) == {}
    with pytest.raises(rs.NoRoom):
        store.publish(code, key, STATE)
    assert not store.is_lecturer(code, key)


def test_concurrent_writers_in_threads_lose_no_change(store_url, store):
    code, key = store.create(STATE)
    got, errors = [], []

    def write(n):
        s = rs.open_store(store_url)
        try:
            for i in range(20):
                got.append(s.publish(code, key, {"writer": n, "i": i}))
        except Exception as err:  # reported below: a lost lock or a busy database
            errors.append(err)
        finally:
            s.close()

    threads = [threading.Thread(target=write, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(got) == list(range(2, 2 + 6 * 20))     # every change got its own version
    assert store.version(code) == 1 + 6 * 20


def _write_from_a_process(store_url, code, key, n, out):
    s = rs.open_store(store_url)
    out.put([s.publish(code, key, {"process": n, "i": i}) for i in range(15)])


def test_concurrent_writers_in_processes_lose_no_change(store_url, store, monkeypatch):
    code, key = store.create(STATE)
    # A spawned process runs the parent's __main__ again; after an AppTest in this worker that is Streamlit's script
    # file (AppTest.from_function's, which fails there): the children start from a bare __main__ instead.
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    procs = [ctx.Process(target=_write_from_a_process, args=(store_url, code, key, n, out)) for n in range(3)]
    for p in procs:
        p.start()
    got = sorted(v for _ in procs for v in out.get(timeout=120))
    for p in procs:
        p.join(60)
    assert got == list(range(2, 2 + 3 * 15)) and store.version(code) == 1 + 3 * 15


def test_students_are_counted_while_their_heartbeats_come(store, clock):
    code, _ = store.create(STATE)
    assert store.heartbeat(code, "a") == 1 and store.heartbeat(code, "b") == 2
    assert store.heartbeat(code, "a") == 2                 # the same student once
    clock.now += rs.STUDENT_TTL - 1
    assert store.heartbeat(code, "b") == 2
    clock.now += 2                                         # a's last heartbeat is now too old
    assert store.students(code) == 1
    assert store.students("AAAAAA") == 0


def test_a_room_holds_at_most_500_students(store):
    code, _ = store.create(STATE)
    for n in range(rs.MAX_STUDENTS):
        store.heartbeat(code, f"s{n}")
    assert store.students(code) == rs.MAX_STUDENTS
    with pytest.raises(rs.RoomFull):
        store.heartbeat(code, "one more")
    assert store.heartbeat(code, "s7") == rs.MAX_STUDENTS   # those inside stay in


def test_failed_joins_are_limited_per_client_and_window(store, clock):
    clock.now = (clock.now // rs.JOIN_WINDOW) * rs.JOIN_WINDOW
    assert all(store.attempt("10.0.0.1") for _ in range(rs.JOIN_LIMIT - 1))
    assert not store.blocked("10.0.0.1")
    assert store.attempt("10.0.0.1") and store.blocked("10.0.0.1")
    assert not store.attempt("10.0.0.1")
    assert store.attempt("10.0.0.2") and not store.blocked("10.0.0.2")   # another client is not slowed
    clock.now += rs.JOIN_WINDOW
    assert not store.blocked("10.0.0.1") and store.attempt("10.0.0.1")


def test_sqlite_keeps_rooms_over_a_restart(tmp_path, clock):
    path = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    first = rs.open_store(path, clock)
    code, key = first.create(STATE)
    first.publish(code, key, {"page": "kernels"})
    first.close()
    again = rs.open_store(path, clock)
    assert again.room(code).state == {"page": "kernels"} and again.room(code).version == 2
    assert again.is_lecturer(code, key)
    journal = again._db().execute("PRAGMA journal_mode").fetchone()[0]
    assert journal == "wal"


def test_the_lecturers_drag_positions_reach_the_other_replicas_on_redis(redis_url):
    """ui.room_pointer between replicas: a position one process publishes reaches the other process's streams
    (its hub), not its own (which it handed over itself); a Redis store per process, as the replicas have."""
    import time

    from ui.room_store.redis_store import RedisStore

    class Hub:   # ui.room_pointer.Hub's one method the listener calls
        def __init__(self):
            self.got = []

        def send(self, code, message):
            self.got.append((code, message))

    here, there = RedisStore(redis_url, time.time), RedisStore(redis_url, time.time)
    hub_here, hub_there = Hub(), Hub()
    for s, hub in ((here, hub_here), (there, hub_there)):
        threading.Thread(target=s.listen_pointers, args=(hub,), daemon=True).start()
    message = '{"slider":"svm_gamma","index":4}'
    deadline = time.monotonic() + 20
    while not hub_there.got and time.monotonic() < deadline:   # until the listeners have subscribed
        here.publish_pointer("ABC234", message)
        time.sleep(0.2)
    assert hub_there.got and set(hub_there.got) == {("ABC234", message)}
    assert hub_here.got == []
