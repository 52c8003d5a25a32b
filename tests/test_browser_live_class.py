"""Browser test of the live class: the real app (`python app.py`, SQLite in a temporary folder) in Chromium with a
lecturer and two students - one joins by the QR's link on a 1280x720 laptop, one types the code on Home on a
390x844 phone. They follow a section change, a settings change and an added point; Detach, Escape and a touch on a
control detach; Re-join shows the lecturer's view and Undo brings the student's own points back. The banner sits
above the picture and the projector's badge fits a 1280x720 screen. (The lecturer's reload and link, a lost wake,
presenting and Compare A / B reaching the class: tests/test_browser_live_class_lecturer.py.)"""
import re

import pytest

from tests.live_class_env import (
    BANNER,
    GAMMA,
    context,
    gamma,
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


def start_class(browser, class_url, contexts):
    """The lecturer opens /svm at 1400x900 and starts a class: the lecturer's page and the room's code."""
    ctx, lecturer = context(browser, 1400, 900)
    contexts.append(ctx)
    open_url(lecturer, f"{class_url}/svm")
    lecturer.locator("[data-testid='stSidebar']").get_by_role("button", name="🏫 Start a class").click()
    lecturer.wait_for_selector(".st-key-class_badge .ks-qr img", timeout=30000)
    code = lecturer.locator(".st-key-class_badge .ks-class-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    assert "lecturer" not in lecturer.url and "room" not in lecturer.url
    lecturer.screenshot(path="/tmp/live_class_lecturer_1400.png")
    return lecturer, code


def join_by_link_and_by_code(browser, class_url, contexts, code):
    """A laptop joins by the QR's link, a phone types the code on Home: both follow the lecturer."""
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
    return laptop, phone


def follow_section_settings_and_point(lecturer, laptop, phone):
    """A section change, a settings change (a run of the settings' fragment alone) and an added point reach both
    students, the banner above the picture: the number of points the class sees."""
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
    return n


def detach_rejoin_and_undo(lecturer, laptop, phone, n):
    """Detach, Escape, Re-join, Undo and a key on a slider: a detached student is not moved, Re-join shows the
    lecturer's view, Undo brings the student's points back and detaches, a key on a slider detaches and moves on."""
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


def test_a_class_follows_the_lecturer(browser, class_url):
    contexts = []
    try:
        lecturer, code = start_class(browser, class_url, contexts)
        laptop, phone = join_by_link_and_by_code(browser, class_url, contexts, code)
        n = follow_section_settings_and_point(lecturer, laptop, phone)
        detach_rejoin_and_undo(lecturer, laptop, phone, n)
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
