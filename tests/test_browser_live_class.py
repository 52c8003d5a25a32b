"""Browser test of the live class: the real app (`python app.py`, SQLite in a temporary folder) in Chromium with a
lecturer and two students - one joins by the QR's link on a 1280x720 laptop, one types the code on Home on a
390x844 phone. They follow a section change, a settings change and an added point; Detach, Escape and a touch on a
control detach; Re-join shows the lecturer's view and Undo brings the student's own points back. The banner sits
above the picture and the projector's badge fits a 1280x720 screen."""
import re
from urllib.parse import urlparse

import pytest

from tests.live_class_env import (
    BANNER,
    GAMMA,
    badge_code,
    context,
    gamma,
    lecturer_and_student,
    move_gamma,
    open_url,
    settle,
    shown,
    wait_banner,
    wait_gamma,
    wait_path,
)
from tests.support.charts import drawn_chart, ready_value, scroll_to, to_pixels
from tests.support.health import assert_healthy

pytestmark = pytest.mark.timeout(600)

FIND = drawn_chart('[class*="st-key-clickable_"]')
COUNT = f"""() => {{ const el = ({FIND})(); if (!el) return null;
  return el._fullData.filter(t => (t.name || '').startsWith('class')).reduce((s, t) => s + t.x.length, 0); }}"""


def count(page):
    scroll_to(page, FIND)
    return ready_value(page, COUNT)


def wait_count(page, n, timeout=60000):
    page.wait_for_function(f"n => ({COUNT})() === n", arg=n, timeout=timeout)


def banner(page):
    return page.locator(BANNER).inner_text(timeout=20000)


def add_point(page, x, y):
    scroll_to(page, FIND)
    px, py = ready_value(page, to_pixels(FIND), [x, y])
    before = ready_value(page, COUNT)
    page.mouse.click(px, py)
    wait_count(page, before + 1)
    settle(page)


def assert_banner_above_picture(page):
    """The banner ends above the section's first chart: it covers nothing of the picture."""
    box = page.locator(BANNER).bounding_box()
    chart = page.locator("[data-testid='stMain'] .js-plotly-plot").first.bounding_box()
    assert box and chart and box["y"] + box["height"] <= chart["y"] + 1, (box, chart)
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 1


def test_a_class_follows_the_lecturer(browser, class_url):
    contexts = []
    try:
        ctx, lecturer = context(browser, 1400, 900)
        contexts.append(ctx)
        open_url(lecturer, f"{class_url}/svm")
        lecturer.locator("[data-testid='stSidebar']").get_by_role("button", name="🏫 Start a class").click()
        lecturer.wait_for_selector(".st-key-class_badge .ks-qr img", timeout=30000)
        code = lecturer.locator(".st-key-class_badge .ks-class-code").inner_text().strip()
        assert re.fullmatch(r"[A-Z0-9]{6}", code)
        assert "lecturer" not in lecturer.url and "room" not in lecturer.url
        lecturer.screenshot(path="/tmp/live_class_lecturer_1400.png")

        ctx, laptop = context(browser, 1280, 720)            # joins by the QR's link
        contexts.append(ctx)
        laptop.goto(f"{class_url}/?room={code}")
        wait_banner(laptop, f"Following the lecturer (room {code})", 40000)
        wait_path(laptop, "/svm")
        ctx, phone = context(browser, 390, 844)              # types the code on Home
        contexts.append(ctx)
        open_url(phone, class_url)
        box = phone.locator("[data-testid='stMain']").get_by_label("Join a class: its code")
        box.fill(code.lower())
        box.press("Enter")
        wait_banner(phone, f"Following the lecturer (room {code})", 40000)

        lecturer.locator(".st-key-nav_next a").click()       # a section change
        for page in (lecturer, laptop, phone):
            wait_path(page, "/svm-gauss-laplace")
        settle(lecturer)
        lecturer.locator(".st-key-nav_prev a").click()
        wait_path(lecturer, "/svm")
        settle(lecturer)

        for student in (laptop, phone):
            wait_path(student, "/svm")
            settle(student)
        before = [shown(student) for student in (laptop, phone)]
        move_gamma(lecturer)                                  # a settings change
        for student, was in zip((laptop, phone), before):
            wait_gamma(student, gamma(lecturer))
            settle(student)
            now = shown(student)   # shown by a run of the settings' fragment alone: the page's run did not happen
            assert now["wakes"] > was["wakes"] and now["fragment"] > now["page"] == was["page"], (was, now)

        add_point(lecturer, 2.0, 2.5)                         # an added point
        n = ready_value(lecturer, COUNT)
        for student in (laptop, phone):
            scroll_to(student, FIND)
            wait_count(student, n)
            settle(student)
        for student in (laptop, phone):
            student.locator(BANNER).scroll_into_view_if_needed()
        assert_banner_above_picture(laptop)
        assert_banner_above_picture(phone)
        laptop.screenshot(path="/tmp/live_class_student_1280.png")
        phone.screenshot(path="/tmp/live_class_student_phone.png")

        laptop.get_by_role("button", name="Detach (Esc)").click()      # Detach
        wait_banner(laptop, "Your own view")
        phone.keyboard.press("Escape")                                 # Escape
        wait_banner(phone, "Your own view")
        add_point(laptop, -2.5, 2.5)                                   # the student's own point
        own = ready_value(laptop, COUNT)
        mine = gamma(laptop)
        move_gamma(lecturer)
        lecturers = gamma(lecturer)
        laptop.wait_for_timeout(1500)
        assert gamma(laptop) == mine != lecturers                      # detached: not moved

        laptop.get_by_role("button", name="Re-join").click()           # Re-join: the lecturer's view now
        wait_banner(laptop, "Following the lecturer")
        wait_gamma(laptop, lecturers)
        wait_count(laptop, n)
        settle(laptop)
        laptop.locator("[data-testid='stMain']").get_by_role("button", name="↩ Undo").first.click()
        wait_count(laptop, own)                                        # Undo: the student's points again
        settle(laptop)
        wait_banner(laptop, "Your own view")                           # a control touched: detached

        phone.get_by_role("button", name="Re-join").click()
        wait_banner(phone, "Following the lecturer")
        wait_gamma(phone, lecturers)
        phone.locator(GAMMA).first.focus()                             # a key on a slider detaches
        phone.keyboard.press("ArrowLeft")
        wait_banner(phone, "Your own view")
        settle(phone)
        first = gamma(phone)
        assert first != lecturers                                      # the key moved γ one step from the lecturer's
        phone.keyboard.press("ArrowLeft")                              # focus kept through the detach's rerun: the
        phone.wait_for_function(f"v => {{ const s = document.querySelector({GAMMA!r}); "   # next key moves γ on
                                "return !!s && s.getAttribute('aria-valuetext') !== v; }", arg=first, timeout=30000)
        settle(phone)
        for page in (lecturer, laptop, phone):
            assert_healthy(page)
    finally:
        for ctx in contexts:
            ctx.close()


def test_the_projectors_badge_fits_1280x720_and_folds(browser, class_url):
    ctx, page = context(browser, 1280, 720)
    try:
        open_url(page, f"{class_url}/?present=true")
        page.locator("[data-testid='stMain']").get_by_role("button", name="🏫 Start a class").click()
        page.wait_for_selector(".st-key-class_badge .ks-qr img", timeout=30000)
        settle(page)
        badge = page.locator(".st-key-class_badge").bounding_box()
        qr = page.locator(".st-key-class_badge .ks-qr img").bounding_box()
        code = page.locator(".st-key-class_badge .ks-class-code").bounding_box()
        assert badge["y"] >= 0 and badge["y"] + badge["height"] <= 720 and badge["x"] + badge["width"] <= 1280
        assert qr["width"] >= 200 and code["height"] >= 40            # readable from the back row
        page.screenshot(path="/tmp/live_class_projector_1280.png")
        page.get_by_role("button", name="Fold").click()
        page.wait_for_selector(".st-key-class_badge_small", timeout=20000)
        settle(page)   # measured once the run that folds it is over (under load it was read mid-layout, 136 px)
        small = page.locator(".st-key-class_badge_small").bounding_box()
        assert small["height"] < 120 and small["width"] < 400
        assert page.locator(".ks-qr").count() == 0
        page.screenshot(path="/tmp/live_class_projector_folded.png")
        assert_healthy(page)
    finally:
        ctx.close()


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
