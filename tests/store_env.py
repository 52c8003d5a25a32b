"""The rooms' store on both back ends, for its contract tests (tests/test_room_store.py, tests/test_polls_store.py):
a store on SQLite (a file in the test's temporary folder) and on a real redis-server (tests/redis_env.py, one per test
module, emptied before each test), with a clock the test moves."""
import time

import pytest

from tests.redis_env import redis_server
from ui import room_store as rs


class Clock:
    """The store's clock, moved by the test."""

    def __init__(self):
        self.now = time.time()   # the writers of other processes keep the real time

    def __call__(self):
        return self.now


@pytest.fixture(scope="module")
def redis_url():
    try:
        with redis_server() as url:
            yield url
    except RuntimeError as err:
        pytest.fail(str(err), pytrace=False)


@pytest.fixture(params=["sqlite", "redis"])
def store_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    import redis

    url = request.getfixturevalue("redis_url")
    redis.Redis.from_url(url).flushdb()
    return url


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def store(store_url, clock):
    s = rs.open_store(store_url, clock)
    yield s
    s.close()
