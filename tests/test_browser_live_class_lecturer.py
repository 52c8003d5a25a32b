"""Browser test of the live class's lecturer (the real app of tests/test_browser_live_class.py, SQLite in a temporary
folder, in Chromium): a reload of the lecturer's window and the lecturer link keep the room (a forged link does not),
a wake-up lost on the way is asked for again, a presenting lecturer's γ reaches the class as a number, and the
lecturer's Compare A / B on kernel ridge reaches the class."""
import re
from urllib.parse import urlparse

import pytest

from tests.live_class_env import (
    BANNER,
    badge_code,
    context,
    gamma,
    lecturer_and_student,
    move_gamma,
    open_url,
    settle,
    wait_gamma,
    wait_path,
)
from tests.support.health import assert_healthy

pytestmark = pytest.mark.timeout(600)


def test_a_reload_of_the_lecturers_window_and_the_lecturer_link_keep_the_room(browser, class_url):
    contexts = []
    try:
        lecturer, student, code = lecturer_and_student(browser, class_url, contexts)
        settle(student)
        move_gamma(lecturer)
        before = gamma(lecturer)
        wait_gamma(student, before)

        lecturer.reload()                                         # a reload: a new Streamlit session
        assert badge_code(lecturer) == code                       # still the room's lecturer
        settle(lecturer)
        assert "lecturer" not in lecturer.url and "room=" not in lecturer.url
        assert gamma(lecturer) == before                          # the room's view is shown again
        move_gamma(lecturer)                                      # and its changes still reach the class
        after = gamma(lecturer)
        assert after != before
        wait_gamma(student, after)

        sidebar = lecturer.locator("[data-testid='stSidebar']")   # the lecturer link, shown on demand
        sidebar.get_by_role("button", name=re.compile("Lecturer link")).click()
        link = lecturer.locator("[data-testid='stPopoverBody'] code").inner_text(timeout=20000).strip()
        key = re.search(r"lecturer=([A-Za-z0-9_-]+)", link).group(1)
        assert f"room={code}" in link and len(key) >= 21          # 128 bits in URL-safe base64
        assert key not in lecturer.locator(".st-key-class_badge").inner_text()
        ctx, second = context(browser, 390, 844)                  # the lecturer's phone opens it
        contexts.append(ctx)
        second.goto(link)
        assert badge_code(second) == code
        settle(second)
        assert "lecturer" not in second.url and key not in second.url
        move_gamma(second, "ArrowLeft")                           # the phone controls the class
        wait_gamma(student, gamma(second))
        assert gamma(student) != after

        ctx, forger = context(browser, 1280, 720)                 # the same link with a wrong key opens nothing
        contexts.append(ctx)
        open_url(forger, f"{class_url}/?room={code}&lecturer={key[:-2]}{'AA' if key[-2:] != 'AA' else 'BB'}")
        forger.wait_for_selector("text=This lecturer link does not open a class", timeout=30000)
        assert forger.locator(".st-key-class_badge").count() == 0

        open_url(lecturer, f"{class_url}/kernels-gram")           # the lecturer types another section's address
        assert badge_code(lecturer) == code                       # still the room's lecturer (the cookie) ...
        settle(lecturer)
        assert urlparse(lecturer.url).path == "/kernels-gram"     # ... on the section typed, not sent back
        wait_path(student, "/kernels-gram")                        # and the class goes there too
        for page in (lecturer, student, second, forger):
            assert_healthy(page)
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_lost_wake_is_asked_for_again(browser, class_url):
    """A follower's wake-up (the listener's rerun request) that never reaches the server - dropped here on the page's
    WebSocket while the lecturer moves γ - is sent again once the connection carries messages: the student sees the
    lecturer's γ without a further change by the lecturer (ui/room_follow.js, `wake`)."""
    contexts, drop = [], {"on": False, "dropped": 0}

    def through(ws):   # the page's WebSocket to the app, with its messages to the server dropped while drop["on"]
        server = ws.connect_to_server()

        def to_server(message):
            if drop["on"]:
                drop["dropped"] += 1
            else:
                server.send(message)
        ws.on_message(to_server)
        server.on_message(ws.send)

    try:
        lecturer, student, code = lecturer_and_student(
            browser, class_url, contexts, lambda page: page.route_web_socket(re.compile(r"/_stcore/stream$"), through))
        settle(student)
        before = gamma(student)

        drop["on"] = True
        move_gamma(lecturer)
        after = gamma(lecturer)
        assert after != before
        for _ in range(100):               # the student's listener saw the new version and asked for a run: dropped
            if drop["dropped"]:
                break
            student.wait_for_timeout(100)
        assert drop["dropped"], "the student's page sent no wake-up"
        student.wait_for_timeout(1000)
        drop["on"] = False
        assert gamma(student) == before    # the lost wake-up left the student on the old view
        wait_gamma(student, after, 30000)  # until the listener asked again
        assert "Following the lecturer" in student.locator(BANNER).inner_text()
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_presenting_lecturers_gamma_reaches_the_class(browser, class_url):
    """The lecturer projects in presentation mode, where γ's compact slider writes its value's label ("γ = 2") into
    the address the room's view is captured from; the laptop student follows to the same γ (their slider knows the
    number only, and kept its own γ before)."""
    contexts = []
    try:
        lecturer, student, code = lecturer_and_student(browser, class_url, contexts)
        lecturer.locator("[data-testid='stSidebar']").get_by_text("Presentation mode").click()
        lecturer.wait_for_function("() => location.search.includes('present=true')", timeout=30000)
        settle(lecturer)
        settle(student)
        before = gamma(student)
        move_gamma(lecturer)
        after = gamma(lecturer)
        assert after != before
        wait_gamma(student, after, 30000)
        assert "Following the lecturer" in student.locator(BANNER).inner_text()
        assert_healthy(student)
    finally:
        for ctx in contexts:
            ctx.close()


def test_the_lecturers_compare_a_b_on_kernel_ridge_reaches_the_class(browser, class_url):
    """Compare A / B of kernel ridge's fit is a setting of the room's view (it was not: a follower kept one fit), and a
    follower draws both fits in the run that applies it."""
    contexts = []
    try:
        lecturer, student, code = lecturer_and_student(browser, class_url, contexts, section="kernel-ridge")
        settle(student)
        assert student.locator(".st-key-kernel_ridge_b_bar").count() == 0
        lecturer.locator(".st-key-kernel_ridge_compare").get_by_text("Compare A / B").click()
        lecturer.wait_for_selector(".st-key-kernel_ridge_b_bar", timeout=60000)
        student.wait_for_selector(".st-key-kernel_ridge_b_bar", timeout=60000)
        settle(student)
        assert student.locator("[data-testid='stMain'] .js-plotly-plot").count() >= 2
        assert "Following the lecturer" in student.locator(BANNER).inner_text()
        assert_healthy(student)
    finally:
        for ctx in contexts:
            ctx.close()
