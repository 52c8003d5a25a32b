"""What the polls' browser tests share (tests/test_browser_polls.py, tests/test_browser_polls_compare.py,
tests/test_browser_polls_numeric.py): the real app served with its rooms in a temporary folder (`served_with_rooms`,
one server per module that imports it), a browser context that records requests leaving the machine, waiting for a
run to end and for a text, and the poll panel's selectors."""
import tempfile
from pathlib import Path

import pytest

from bench.serve import serve

PANEL = ".st-key-poll_panel"
IDLE = "() => { const a = document.querySelector('[data-testid=stApp]'); " \
       "return !!a && a.getAttribute('data-test-script-state') === 'notRunning'; }"
HISTOGRAMS = "() => document.querySelectorAll('.st-key-poll_panel .js-plotly-plot').length"


def settle(page, timeout=120000):
    page.wait_for_function(IDLE, timeout=timeout)
    page.wait_for_timeout(500)
    page.wait_for_function(IDLE, timeout=timeout)


@pytest.fixture(scope="module")
def served_with_rooms():
    with tempfile.TemporaryDirectory() as data, serve("app.py", env={"KERNELSCOPE_DATA": data}) as server:
        yield server.url, Path(data) / "rooms.sqlite3"


def context(browser, width, height):
    ctx = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
    ctx.set_default_timeout(60000)
    page = ctx.new_page()
    page.outside_requests = []
    page.on("request", lambda r: page.outside_requests.append(r.url)
            if not r.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else None)
    return ctx, page


def wait_text(page, selector, text, timeout=60000):
    try:
        _wait_text(page, selector, text, timeout)
    except Exception as err:  # noqa: BLE001 — say what is there instead, with a screenshot
        page.screenshot(path="/tmp/poll_failed.png")
        there = page.evaluate("s => { const e = document.querySelector(s); return e && e.innerText; }", selector)
        raise AssertionError(f"{selector} shows {there!r}, not {text!r} (/tmp/poll_failed.png)") from err


def _wait_text(page, selector, text, timeout):
    page.wait_for_function("([s, t]) => { const e = document.querySelector(s); return !!e && e.innerText.includes(t); }",
                           arg=[selector, text], timeout=timeout)


def start_class(page, url):
    """`page` opens /svm and starts a class from the sidebar: the room's code, once its badge and QR code are drawn."""
    page.goto(f"{url}/svm")
    settle(page)
    page.locator("[data-testid='stSidebar']").get_by_role("button", name="🏫 Start a class").click()
    page.wait_for_selector(".st-key-class_badge .ks-qr img", timeout=30000)
    return page.locator(".st-key-class_badge .ks-class-code").inner_text().strip()
