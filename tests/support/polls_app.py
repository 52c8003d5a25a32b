"""What the polls' AppTests share (tests/test_polls_app.py, tests/test_polls_app_numeric.py): the app's process-wide
store of its own for each test on a clock the test moves (`clocked_store`, autouse in the modules that import it), a
lecturer who starts a class, and what a session shows (its texts, the poll charts it draws)."""
import time

import pytest

from tests.app_pages import open_page
from ui import room_routes

MARGINS, HOME = "pages/svm/margins.py", "pages/home/overview.py"
QUESTION = "svm_rbf_gamma"          # its right answer is option 1; Check shows γ = 1 beside γ = 31.6


class Clock:
    def __init__(self):
        self.now = time.time()

    def __call__(self):
        return self.now


@pytest.fixture(autouse=True)
def clocked_store(tmp_path, monkeypatch):
    """The app's process-wide store, of its own for each test, on a clock the test moves."""
    monkeypatch.setenv("KERNELSCOPE_DATA", str(tmp_path))
    monkeypatch.delenv("KERNELSCOPE_STORE", raising=False)
    room_routes._STORE.clear()
    s = room_routes.store()
    s.clock = Clock()               # the test moves time past the one-vote-a-second limit
    yield s
    s.close()
    room_routes._STORE.clear()


def lecturer(page=MARGINS):
    at = open_page(page)
    at.button(key="class_start").click().run()
    assert not at.exception
    return at, at.session_state["class_room"]["code"]


def texts(at):
    return " ".join(m.value for m in at.markdown) + " " + " ".join(c.value for c in at.caption)


def charts(at):
    return [c.proto.id for c in at.get("plotly_chart")]


def chart_keys(at):
    return [e for e in ("poll_histogram", "poll_live_histogram") if any(e in i for i in charts(at))]
