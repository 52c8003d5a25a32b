"""Browser test of the live class: the real app (`python app.py`, SQLite in a temporary folder) in Chromium with a
lecturer and two students - one joins by the QR's link on a 1280x720 laptop, one types the code on Home on a
390x844 phone. They follow a section change, a settings change and an added point; Detach, Escape and a touch on a
control detach; Re-join shows the lecturer's view and Undo brings the student's own points back. The banner sits
above the picture and the projector's badge fits a 1280x720 screen."""
import re
import tempfile

import pytest

from bench.serve import serve
from tests.test_browser import assert_healthy, drawn_chart, ready_value, scroll_to, to_pixels

pytestmark = pytest.mark.timeout(600)

FIND = drawn_chart('[class*="st-key-clickable_"]')
COUNT = f"""() => {{ const el = ({FIND})(); if (!el) return null;
  return el._fullData.filter(t => (t.name || '').startsWith('class')).reduce((s, t) => s + t.x.length, 0); }}"""
GAMMA = ".st-key-svm_gamma input[type='range']"
BANNER = ".st-key-class_banner"


IDLE = "() => { const a = document.querySelector('[data-testid=stApp]'); " \
       "return !!a && a.getAttribute('data-test-script-state') === 'notRunning'; }"


def settle(page, timeout=120000):
    """The script is not running (twice, half a second apart: a rerun may follow a rerun)."""
    page.wait_for_function(IDLE, timeout=timeout)
    page.wait_for_timeout(500)
    page.wait_for_function(IDLE, timeout=timeout)


def open_url(page, url):
    """Open `url` and wait until its first run has drawn the page's heading and finished."""
    page.goto(url)
    page.wait_for_selector("[data-testid='stMain'] h1, [data-testid='stMain'] h4", timeout=120000)
    settle(page)


@pytest.fixture(scope="module")
def class_url():
    with tempfile.TemporaryDirectory() as data, serve("app.py", env={"KERNELSCOPE_DATA": data}) as server:
        yield server.url


def context(browser, width, height):
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.set_default_timeout(60000)   # a busy machine: clicks wait for their element longer
    page = ctx.new_page()
    page.outside_requests = []
    page.on("request", lambda r: page.outside_requests.append(r.url)
            if not r.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else None)
    return ctx, page


def wait_path(page, path, timeout=30000):
    try:
        page.wait_for_function("p => location.pathname === p", arg=path, timeout=timeout)
    except Exception as err:  # noqa: BLE001 — say where the page is instead
        raise AssertionError(f"{page.evaluate('location.href')} is not {path}") from err


def gamma(page):
    return ready_value(page, f"() => {{ const s = document.querySelector({GAMMA!r}); "
                             "return s ? s.getAttribute('aria-valuetext') : null; }")


def wait_gamma(page, value, timeout=60000):
    page.wait_for_function(f"v => {{ const s = document.querySelector({GAMMA!r}); "
                           "return !!s && s.getAttribute('aria-valuetext') === v; }", arg=value, timeout=timeout)


def count(page):
    scroll_to(page, FIND)
    return ready_value(page, COUNT)


def wait_count(page, n, timeout=60000):
    page.wait_for_function(f"n => ({COUNT})() === n", arg=n, timeout=timeout)


def banner(page):
    return page.locator(BANNER).inner_text(timeout=20000)


def wait_banner(page, text, timeout=60000):
    page.wait_for_function(f"t => {{ const b = document.querySelector({BANNER!r}); "
                           "return !!b && b.innerText.includes(t); }", arg=text, timeout=timeout)


def move_gamma(page, key="ArrowRight"):
    page.locator(GAMMA).first.focus()
    page.keyboard.press(key)
    settle(page)


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

        move_gamma(lecturer)                                  # a settings change
        for student in (laptop, phone):
            wait_gamma(student, gamma(lecturer))

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
        phone.locator(GAMMA).first.focus()                             # a touch on a slider detaches
        phone.keyboard.press("ArrowLeft")
        wait_banner(phone, "Your own view")
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
        small = page.locator(".st-key-class_badge_small").bounding_box()
        assert small["height"] < 120 and small["width"] < 400
        assert page.locator(".ks-qr").count() == 0
        page.screenshot(path="/tmp/live_class_projector_folded.png")
        assert_healthy(page)
    finally:
        ctx.close()
