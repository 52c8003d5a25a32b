"""Shared fixtures: the app served by `python app.py` and a headless Chromium driven by Playwright (one of each per
test process), the app with a data folder of its own for the live class's browser tests (one per module); every
collected test marked with its tier (tests/tiers.py)."""
import contextlib
import random
import tempfile
from pathlib import Path

import pytest

from bench.serve import serve
from bench.student import Stats, Student, run_async
from tests import tiers
from tests.browser_env import ARGS, ensure_chromium

ROOT = Path(__file__).resolve().parents[1]
TIERS_OF = pytest.StashKey[dict]()  # every collected test (before `-m` deselects any) -> its tier


@contextlib.contextmanager
def serve_app(command="python"):
    """The real app (the project's settings) on a free loopback port: its base URL. `command`: "python" starts it
    as the README does (`python app.py`), "streamlit" as hosts and Docker images do (`streamlit run app.py`)."""
    with contextlib.ExitStack() as stack:
        try:
            server = stack.enter_context(serve("app.py", command=command))
        except RuntimeError as err:  # it did not start: the log's tail says why
            pytest.fail(str(err), pytrace=False)
        yield server.url


async def _first_session(url):
    """One session opening a section, as a first student would: the server imports the libraries and compiles the
    app then, not inside the first browser test's waits (each test process starts its own server)."""
    async with Student(url.replace("http://", "ws://") + "/_stcore/stream", Stats(), random.Random(0)) as student:
        await student.open("svm")


@pytest.fixture(scope="session")
def app_url():
    with serve_app() as url:
        run_async(_first_session(url))
        yield url


@pytest.fixture(scope="module")
def class_url():
    """The real app with a data folder of its own (the live class's rooms), served once per module: its base URL."""
    with tempfile.TemporaryDirectory() as data, serve("app.py", env={"KERNELSCOPE_DATA": data}) as server:
        yield server.url


@pytest.fixture(scope="session")
def browser():
    try:
        chromium = ensure_chromium()
    except RuntimeError as err:
        pytest.fail(str(err), pytrace=False)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    p = context.new_page()
    p.outside_requests = []
    p.on("request", lambda r: p.outside_requests.append(r.url)
         if not r.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else None)
    yield p
    context.close()


def pytest_configure(config):
    """Page tests see the real error text (the served app redacts it for students). AppTest starts every run like a
    freshly started server (Streamlit's "old-style pages/ folder" flag unset), which the app must survive."""
    from streamlit import config as st_config

    st_config.set_option("client.showErrorDetails", "full")
    st_config.set_option("global.disableWidgetStateDuplicationWarning", True)  # as .streamlit/config.toml


@pytest.hookimpl(tryfirst=True)  # before `-m` selects and before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    """Mark every test with exactly one tier (core, app, browser), from what it runs (tests/tiers.py) unless a tier
    marker is written on it. Browser tests, and tests that share a module-wide set-up, go to one test process per
    module (`--dist loadgroup`): a module's server, AppTest or nginx is then built once."""
    tiers_of = {}
    for item in items:
        written = [m.name for m in item.iter_markers() if m.name in tiers.TIERS]
        if len(set(written)) > 1:
            raise pytest.UsageError(f"{item.nodeid}: more than one tier marker ({', '.join(sorted(set(written)))})")
        tier = written[0] if written else tiers.tier_of(item)
        if not written:
            item.add_marker(getattr(pytest.mark, tier))
        tiers_of[item] = tier
        if tier == "browser" or tiers.shares_module_set_up(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    config.stash[TIERS_OF] = tiers_of
