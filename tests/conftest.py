"""Shared fixtures: the app served by `streamlit run` and a headless Chromium driven by Playwright."""
import contextlib
from pathlib import Path

import pytest

from bench.serve import serve
from tests.browser_env import ARGS, ensure_chromium

ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def serve_app():
    """The real app (`streamlit run app.py`, the project's settings) on a free loopback port: its base URL."""
    with contextlib.ExitStack() as stack:
        try:
            server = stack.enter_context(serve("app.py"))
        except RuntimeError as err:  # it did not start: the log's tail says why
            pytest.fail(str(err), pytrace=False)
        yield server.url


@pytest.fixture(scope="session")
def app_url():
    with serve_app() as url:
        yield url


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
