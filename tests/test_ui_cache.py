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
