"""What the polls' store tests share (tests/test_polls_store.py, tests/test_polls_store_numeric.py): a room's state
and the `polls` fixture, the polls of the `store` fixture (tests/store_env.py) a test module imports beside it."""
import pytest

from ui.room_store import polls as ps

STATE = {"page": "svm", "params": {}}


@pytest.fixture
def polls(store):
    return ps.polls_of(store)
