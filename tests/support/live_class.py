"""What the live class's AppTests share (tests/test_live_class.py, tests/test_live_class_wakes.py): the app's
process-wide store of its own for each test (`app_store`, autouse in the modules that import it), the pages they
open, and a lecturer who starts a class."""
import pytest

from tests.app_pages import open_page
from ui import room_routes

MARGINS, HOME = "pages/svm/margins.py", "pages/home/overview.py"


@pytest.fixture(autouse=True)
def app_store(tmp_path, monkeypatch):
    """A store of its own for each test (the app's process-wide store, opened on its first use)."""
    monkeypatch.setenv("KERNELSCOPE_DATA", str(tmp_path))
    monkeypatch.delenv("KERNELSCOPE_STORE", raising=False)
    room_routes._STORE.clear()
    yield room_routes.store()
    room_routes.store().close()
    room_routes._STORE.clear()


def lecturer(file=MARGINS, query=None):
    at = open_page(file, query=query)
    at.button(key="class_start").click().run()
    assert not at.exception
    return at, at.session_state["class_room"]["code"]
