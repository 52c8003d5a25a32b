"""ui.cache: the pages' st.cache_data with a fast key. The key must tell apart exactly what Streamlit's own
hasher tells apart (checked against it), and the decorator must cache like st.cache_data."""
import hashlib
import itertools

import numpy as np
import pytest

from ui.cache import cache_data, fingerprint

ARRAY = np.arange(12, dtype=float).reshape(3, 4)

# Values a page passes to its cached calls: every pair here is different, so every pair must get different keys.
DISTINCT = [
    None, True, False, 0, 1, 1.0, 0.1, -0.0, 0.30000000000000004, "1", "rbf", "", b"rbf",
    (), [], {}, (1,), [1], (1, 2), ((1, 2),), ((1,), 2), ("rbf", (("gamma", 1.0),)), ("rbf", (("gamma", 2.0),)),
    {"a": 1}, {"a": 1.0}, {"a": 1, "b": 2}, {"a": (1, 2)}, ("a", 1), ("ab",), ("a", "b"),
    ARRAY, ARRAY.T, ARRAY.astype(np.float32), ARRAY.reshape(4, 3), ARRAY.ravel(), ARRAY[:2], ARRAY + 1e-12,
    np.zeros(0), np.zeros((0, 2)), np.array([1, 2]), np.array([1.0, 2.0]), np.array(["a", "b"]),
    np.float64(1.0), np.int64(1),
]


def streamlit_key(value):
    """Streamlit's own hasher (what st.cache_data uses for an argument), as the independent reference."""
    from streamlit.runtime.caching.cache_errors import CacheType
    from streamlit.runtime.caching.hashing import update_hash

    h = hashlib.new("md5")
    update_hash(value, hasher=h, cache_type=CacheType.DATA)
    return h.hexdigest()


def test_fingerprint_tells_apart_every_distinct_value():
    keys = [fingerprint(v) for v in DISTINCT]
    clashes = [(DISTINCT[i], DISTINCT[j]) for i, j in itertools.combinations(range(len(keys)), 2) if keys[i] == keys[j]]
    assert clashes == []


def test_fingerprint_agrees_with_streamlits_hasher_on_what_is_equal():
    """Equal copies get equal keys with both hashers, and wherever Streamlit's hasher separates two values of
    DISTINCT, so does ours (ours also separates a few Streamlit merges, e.g. 1 and 1.0: stricter is safe)."""
    copies = [np.array(v, copy=True) if isinstance(v, np.ndarray) else v for v in DISTINCT]
    for v, c in zip(DISTINCT, copies):
        assert fingerprint(v) == fingerprint(c)
        assert streamlit_key(v) == streamlit_key(c)
    for a, b in itertools.combinations(DISTINCT, 2):
        if streamlit_key(a) != streamlit_key(b):
            assert fingerprint(a) != fingerprint(b), (a, b)


def test_fingerprint_reads_views_by_value():
    base = np.arange(20.0)
    assert fingerprint(base[::2]) == fingerprint(base[::2].copy())
    assert fingerprint(np.asfortranarray(ARRAY)) == fingerprint(ARRAY)
    assert fingerprint({"Z": ARRAY, "n": 3}) == fingerprint({"Z": ARRAY.copy(), "n": 3})
    changed = ARRAY.copy()
    changed[2, 3] = np.nextafter(changed[2, 3], np.inf)
    assert fingerprint({"Z": ARRAY}) != fingerprint({"Z": changed})


def test_fingerprint_refuses_what_it_cannot_describe():
    with pytest.raises(TypeError, match="argument of type function"):
        fingerprint((1, lambda x: x))


def test_cache_data_computes_once_per_distinct_call_and_keeps_functions_apart():
    calls = []

    @cache_data(max_entries=4)
    def double(X, scale=1.0):
        calls.append((X.copy(), scale))
        return X * 2 * scale

    @cache_data(max_entries=4)
    def triple(X, scale=1.0):
        return X * 3 * scale

    try:
        X = np.arange(5.0)
        np.testing.assert_array_equal(double(X), 2 * X)
        np.testing.assert_array_equal(double(X.copy()), 2 * X)   # a hit: equal values
        assert len(calls) == 1
        np.testing.assert_array_equal(double(X, scale=2.0), 4 * X)  # a new argument: computed
        np.testing.assert_array_equal(triple(X), 3 * X)           # another function: its own entries
        assert len(calls) == 2
        out = double(X)
        out[:] = -1                                               # a hit is a copy, as with st.cache_data
        np.testing.assert_array_equal(double(X), 2 * X)
        for k in range(6):                                        # max_entries holds: the oldest goes
            double(X + k + 1)
        double(X)
        assert len(calls) == 2 + 6 + 1
        double.clear()
        double(X)
        assert len(calls) == 2 + 6 + 2
    finally:
        double.clear()
        triple.clear()


class Clock:
    """A fake clock for ui.cache's turns: `work(s)` is a call that takes s seconds; sleeps advance it too."""

    def __init__(self):
        self.now, self.slept = 1000.0, []

    def monotonic(self):
        return self.now

    def sleep(self, s):
        self.slept.append(s)
        self.now += s

    def work(self, seconds):
        def run(X):
            start = self.now
            self.now += seconds
            return start
        return run


@pytest.fixture
def turns(monkeypatch):
    import ui.cache as cache

    clock = Clock()
    monkeypatch.setattr(cache.time, "monotonic", clock.monotonic)
    monkeypatch.setattr(cache.time, "sleep", clock.sleep)
    monkeypatch.setattr(cache._Turns, "free_at", 0.0)
    monkeypatch.setattr(cache._Turns, "session", None)
    monkeypatch.setattr(cache._Turns, "seen", {})
    who = {"session": "a"}
    monkeypatch.setattr(cache, "_session", lambda: who["session"])
    return cache, clock, who


def busy_class(cache, who):
    """The class (session 'class') used the cache a moment ago; the current session stays who it was."""
    me, who["session"] = who["session"], "class"
    cache.seen()
    who["session"] = me


def test_heavy_work_on_large_data_gives_the_server_back_twice_its_time_before_another_sessions_turn(turns):
    cache, clock, who = turns
    big, small = np.zeros((cache.BIG_ROWS + 1, 2)), np.zeros((cache.BIG_ROWS, 2))
    first_end = cache.gated(clock.work(0.6), (big,), {}) + 0.6
    who["session"] = "b"
    busy_class(cache, who)
    # another session's small data (the class's reruns) never waits
    assert cache.gated(clock.work(0.6), (small,), {}) == first_end
    # another session's large data starts 2 x 0.6 s after the first heavy call ended
    start = cache.gated(clock.work(0.6), (big,), {})
    assert start == pytest.approx(first_end + 1.2)
    # the same session's next large call does not wait for itself
    assert cache.gated(clock.work(0.6), (big,), {}) == pytest.approx(start + 0.6)
    # points as a long tuple of pairs (kernel ridge's own points) count as rows too
    who["session"] = "c"
    busy_class(cache, who)
    pairs = tuple((0.0, 1.0) for _ in range(cache.BIG_ROWS + 1))
    before = clock.now
    assert cache.gated(clock.work(0.1), (pairs,), {}) > before
    assert clock.slept[-1] == pytest.approx(1.8)   # b's two calls: 2 x 0.6 s after the second, less the overlap


def test_a_whole_run_on_large_data_owes_its_time_and_a_wait_is_bounded(turns):
    cache, clock, who = turns
    big, small = np.zeros((cache.BIG_ROWS + 1, 2)), np.zeros((10, 2))
    with cache.turn_of_run():   # a run: a quick miss on large data, then 0.5 s of other work (a subsample, figures)
        cache.gated(clock.work(0.1), (big,), {})
        cache.gated(clock.work(0.5), (small,), {})
    end = clock.now
    who["session"] = "b"
    busy_class(cache, who)
    assert cache.gated(clock.work(0.1), (big,), {}) == pytest.approx(end + 1.2)   # 2 x the run's 0.6 s
    # a run that met no large data owes nothing
    owed = cache._Turns.free_at
    with cache.turn_of_run():
        cache.gated(clock.work(5.0), (small,), {})
    assert cache._Turns.free_at == owed
    clock.slept.clear()
    who["session"] = "a"
    cache.gated(clock.work(100.0), (big,), {})   # a very long call: the next session waits at most MAX_WAIT_S
    who["session"] = "b"
    busy_class(cache, who)
    cache.gated(clock.work(0.1), (big,), {})
    assert clock.slept == [cache.MAX_WAIT_S]
    # a cached call inside a cached call is part of the outer one's turn: it never waits on its own
    who["session"] = "c"
    busy_class(cache, who)
    clock.slept.clear()
    inner = clock.work(0.2)
    cache.gated(lambda X: cache.gated(inner, (X,), {}), (big,), {})
    assert clock.slept == [pytest.approx(cache.MAX_WAIT_S)]   # the outer call's one wait


def test_nobody_waits_on_a_server_with_no_one_else_to_give_the_time_to(turns):
    """Two sessions one after the other (a student reopening a link with large data; tests opening sections in
    turn): the second does not wait for the first's heavy work when no third session is using the server."""
    cache, clock, who = turns
    big = np.zeros((cache.BIG_ROWS + 1, 2))
    cache.gated(clock.work(0.6), (big,), {})
    who["session"] = "b"
    start = clock.now
    assert cache.gated(clock.work(0.6), (big,), {}) == start and clock.slept == []
    clock.now += cache.BUSY_S   # the class used the cache, but longer ago than BUSY_S: gone quiet
    busy_class(cache, who)
    clock.now += cache.BUSY_S
    who["session"] = "c"
    start = clock.now
    assert cache.gated(clock.work(0.6), (big,), {}) == start and clock.slept == []


def test_a_run_whose_data_set_is_large_takes_turns_from_then_on(turns):
    """A cached call that returns a large data set (the points of a link, read by key) marks the run: its later misses
    take turns even when their own arguments are small (a subsample, a key)."""
    cache, clock, who = turns

    @cache.cache_data(max_entries=4)
    def points(key):
        return np.zeros((cache.BIG_ROWS + 1, 2)), np.ones(cache.BIG_ROWS + 1)

    with cache.turn_of_run():
        points("link")
        cache.gated(clock.work(0.5), ("by key",), {})
    end = clock.now
    who["session"] = "b"
    busy_class(cache, who)
    clock.slept.clear()
    with cache.turn_of_run():
        cache.gated(clock.work(0.1), ("small",), {})    # before its large data: no wait
        assert clock.slept == []
        points("link")
        cache.gated(clock.work(0.1), ("by key",), {})
    assert clock.slept == [pytest.approx(end + 1.0 - (end + 0.1))]


def test_a_run_of_cache_hits_on_large_data_owes_nothing(turns):
    """A follower whose run only reads the lecturer's large data from the cache takes no turn from anyone."""
    cache, clock, who = turns

    @cache.cache_data(max_entries=4)
    def points(key):
        return np.zeros((cache.BIG_ROWS + 1, 2))

    points("lecturer's")
    owed = cache._Turns.free_at
    who["session"] = "follower"
    with cache.turn_of_run():
        points("lecturer's")
        clock.now += 0.5   # the run's other work
    assert cache._Turns.free_at == owed


def test_a_run_waits_for_its_turn_once(turns):
    """However far ahead the last heavy run's turn ends, a run's misses on large data wait at most MAX_WAIT_S in all."""
    cache, clock, who = turns
    big = np.zeros((cache.BIG_ROWS + 1, 2))
    cache.gated(clock.work(60.0), (big,), {})   # 2 minutes owed
    who["session"] = "b"
    busy_class(cache, who)
    with cache.turn_of_run():
        for _ in range(4):
            cache.gated(clock.work(0.1), (big,), {})
    assert clock.slept == [cache.MAX_WAIT_S]


@pytest.fixture
def opens(turns, monkeypatch):
    """turns, with no session opened yet and no open owed."""
    cache, clock, who = turns
    monkeypatch.setattr(cache._Turns, "opened", {})
    monkeypatch.setattr(cache._Turns, "open_at", 0.0)
    return cache, clock, who


def open_section(cache, clock, who, session, seconds, opening=True):
    """`session`'s run of `seconds` (its first when `opening`); returns when its work started."""
    who["session"] = session
    with cache.turn_of_run(opening):
        started = clock.now
        cache.seen()
        clock.now += seconds
    return started


def test_opening_sections_again_and_again_gets_a_seventh_of_a_busy_servers_script_time(opens):
    """One client opening a light section in a new session each time, while a settled class moves sliders: each open
    waits until six times the last open's time has gone by since it ended, so it runs a seventh of the time; the
    class's own reruns never wait."""
    cache, clock, who = opens
    assert cache.OPEN_SHARE == pytest.approx(1 / 7)
    open_section(cache, clock, who, "class", 0.05)     # the class opened ...
    clock.now += cache.SETTLED_S                        # ... a while ago, and is busy
    busy_class(cache, who)
    ends, starts = [], []
    for i in range(4):
        starts.append(open_section(cache, clock, who, f"attacker {i}", 0.1))
        ends.append(clock.now)
        busy_class(cache, who)
    assert [b - a for a, b in zip(ends, starts[1:])] == [pytest.approx(0.6)] * 3
    clock.slept.clear()
    open_section(cache, clock, who, "class", 0.05, opening=False)   # a rerun of a settled session: no wait
    assert clock.slept == []


def test_an_open_waits_at_most_open_wait_s(opens):
    """A long first run (a heavy section) owes six times its time, but the next open waits at most OPEN_WAIT_S."""
    cache, clock, who = opens
    open_section(cache, clock, who, "class", 0.05)
    clock.now += cache.SETTLED_S
    busy_class(cache, who)
    open_section(cache, clock, who, "heavy", 5.0)
    busy_class(cache, who)
    clock.slept.clear()
    open_section(cache, clock, who, "next", 0.1)
    assert clock.slept == [cache.OPEN_WAIT_S]


def test_opens_never_wait_on_a_quiet_server_or_at_the_start_of_a_class(opens):
    """Students opening one after the other on a quiet server, or thirty opening at once at the start of a class (none
    settled yet): nobody waits for an open."""
    cache, clock, who = opens
    for i in range(30):   # the start of a class: every session opened less than SETTLED_S ago
        open_section(cache, clock, who, f"student {i}", 0.02)
    assert clock.slept == []
    clock.now += cache.BUSY_S + cache.SETTLED_S   # the class opened and went quiet
    for i in range(3):
        open_section(cache, clock, who, f"late {i}", 0.1)
    assert clock.slept == []


def test_the_app_takes_a_turn_among_opens_on_a_sessions_first_run_only(monkeypatch):
    """app.py runs each page inside turn_of_run, opening on the session's first run: a rerun, a slider or a move to
    another section of the same session never waits for an open."""
    import ui.cache as cache
    from tests.app_pages import open_page

    calls = []
    monkeypatch.setattr(cache, "_open_wait", lambda: calls.append(1) or 0.0)
    at = open_page("pages/svm/margins.py")   # the first run (Home), then the move to the section
    assert not at.exception and len(calls) == 1
    at.run()
    assert len(calls) == 1
