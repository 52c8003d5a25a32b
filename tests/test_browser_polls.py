"""Browser test of the class's polls: the real app (`python app.py`, SQLite in a temporary folder) in Chromium with a
lecturer presenting on a 1280x720 projector and two students - a follower on a 1280x720 laptop and a detached student
on a 390x844 phone. Ask, answer (the phone through its notice), change an answer, the live count, Check (the
histogram beside the right answer, the follower's settings moved, each answer marked on its own screen), Ask again
and round 2 beside round 1, the CSV. The projector never shows a histogram before Check. Screenshots of the projector
and the phone with an open poll and after the reveal go to /tmp (poll_*.png)."""
import csv
import io
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from bench.serve import serve
from tests.support.health import assert_healthy
from tests.wire import Wire
from ui import room_store as rs
from ui.room_store.polls import polls_of

pytestmark = pytest.mark.timeout(900)

PANEL = ".st-key-poll_panel"
RETRY = 3.0   # s: ui/room_follow.js asks again for a wake unanswered this long
QUESTION = "svm_rbf_gamma"
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


def present(page):
    """Presentation mode on, from the sidebar's toggle, and its corner's "Predict, then check" drawn. A click that a
    loaded machine lost (the address never got present=true; once in a full run) is made again."""
    for attempt in range(3):
        page.locator("[data-testid='stSidebar']").get_by_text("Presentation mode").click()
        try:
            page.wait_for_function("() => location.search.includes('present=true')", timeout=15000)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    settle(page)
    page.get_by_role("button", name=re.compile("Predict, then check")).wait_for(timeout=60000)


def choose(page, letter):
    page.locator(f"{PANEL} label").filter(has_text=re.compile(rf"^{letter}\. ")).first.click()
    settle(page)


# The revealed panel on a phone: its height against the screen's, whether its histogram lies wholly inside the
# panel's visible box (the panel scrolled to its top), and the toolbars (Plotly's, Streamlit's) laid out in it.
PHONE_REVEAL = """() => { const p = document.querySelector('.st-key-poll_panel');
  const h = p && p.querySelector('.st-key-poll_histogram .main-svg'); if (!h) return null;
  const a = p.getBoundingClientRect(), b = h.getBoundingClientRect();
  return {share: a.height / window.innerHeight, inside: p.scrollTop === 0 && b.top >= a.top && b.bottom <= a.bottom,
          toolbars: [...p.querySelectorAll('.modebar, [data-testid="stElementToolbar"]')]
                      .filter(e => e.getBoundingClientRect().width > 0).length}; }"""


def assert_the_phones_reveal_leaves_the_picture_room(phone):
    """On a phone the revealed panel covers at most 40 % of the screen (it covered half), and shows the whole
    histogram without a scroll, with no toolbar over its counts; the words under it scroll inside the panel."""
    m = phone.evaluate(PHONE_REVEAL)
    assert m is not None and m["share"] <= 0.40 and m["inside"] and m["toolbars"] == 0, m


def histogram_names(page):
    return page.evaluate("() => { const p = document.querySelector('.st-key-poll_panel .js-plotly-plot'); "
                         "return p && p._fullData ? p._fullData.map(t => t.name) : null; }")


def test_a_class_answers_a_poll_together(browser, served_with_rooms):
    url, db = served_with_rooms
    contexts = []
    try:
        ctx, projector = context(browser, 1280, 720)
        contexts.append(ctx)
        projector.goto(f"{url}/svm")
        settle(projector)
        projector.locator("[data-testid='stSidebar']").get_by_role("button", name="🏫 Start a class").click()
        projector.wait_for_selector(".st-key-class_badge .ks-qr img", timeout=30000)
        code = projector.locator(".st-key-class_badge .ks-class-code").inner_text().strip()
        present(projector)   # the projector

        ctx, laptop = context(browser, 1280, 720)            # a follower
        contexts.append(ctx)
        wire = Wire(laptop)
        laptop.goto(f"{url}/?room={code}")
        wait_text(laptop, ".st-key-class_banner", f"Following the lecturer (room {code})")
        laptop.wait_for_function("() => location.pathname === '/svm'", timeout=60000)
        settle(laptop)
        ctx, phone = context(browser, 390, 844)              # a student who has detached
        contexts.append(ctx)
        phone_wire = Wire(phone)
        phone.goto(f"{url}/?room={code}")
        wait_text(phone, ".st-key-class_banner", "Following the lecturer")
        settle(phone)
        phone.get_by_role("button", name="Detach (Esc)").click()
        wait_text(phone, ".st-key-class_banner", "Your own view")
        settle(phone)
        before = {"laptop": dict(wire.runs), "phone": dict(phone_wire.runs)}

        projector.get_by_role("button", name=re.compile("Predict, then check")).click()   # the corner's questions
        projector.get_by_role("button", name="📣 Ask the class").click()
        wait_text(projector, ".st-key-poll_count", "answered 0 of 2")
        projector.wait_for_selector(".st-key-class_badge_small", timeout=20000)   # the QR folds while asking
        settle(projector)
        projector.screenshot(path="/tmp/poll_projector_open_1280.png")

        wait_text(laptop, PANEL, "The lecturer asks")        # the follower: the choices at once
        wait_text(phone, PANEL, "The lecturer asks the class")   # the detached student: a notice
        # each shown by a run of the poll panel alone (ui.poll_view: its wake), not of the page: thirty students cost
        # the server thirty small runs when a question is asked
        for name, w in (("laptop", wire), ("phone", phone_wire)):
            assert w.runs["page"] == before[name]["page"] and w.runs["fragment"] > before[name]["fragment"], \
                (name, before[name], w.runs, w.events)
        choose(laptop, "A")
        phone.locator(PANEL).get_by_role("button", name="Answer").click()
        settle(phone)
        choose(phone, "B")
        phone.screenshot(path="/tmp/poll_phone_open.png")
        wait_text(projector, ".st-key-poll_count", "answered 2 of 2")
        store = rs.open_store(f"sqlite:///{db}")
        polls = polls_of(store)
        assert polls.counts(code, QUESTION, 1) == [1, 1, 0]
        laptop.wait_for_timeout(1100)                        # past the one-vote-a-second limit
        choose(laptop, "C")                                  # a changed answer
        wait_text(laptop, PANEL, "Your answer C is counted")
        assert polls.counts(code, QUESTION, 1) == [0, 1, 1]
        projector.wait_for_timeout(1500)
        wait_text(projector, ".st-key-poll_count", "answered 2 of 2")
        for page in (projector, laptop, phone):             # no histogram anywhere before Check
            assert page.evaluate(HISTOGRAMS) == 0

        pages_before = phone_wire.runs["page"]
        projector.locator(PANEL).get_by_role("button", name="✔ Check: close and reveal").click()
        for page in (projector, laptop, phone):
            page.wait_for_function(f"() => ({HISTOGRAMS})() === 1", timeout=60000)
        assert phone_wire.runs["page"] == pages_before, phone_wire.events   # the detached: the panel's run alone
        wait_text(laptop, PANEL, "Your answer, C, is not the right one")
        wait_text(phone, PANEL, "Your answer, B, is right")
        assert "is right" not in laptop.locator(PANEL).inner_text()
        try:
            laptop.wait_for_selector(".st-key-svm_b_gamma", timeout=60000)   # the follower's view moved: A / B shown
        except Exception as err:  # noqa: BLE001 — say what the room and the follower show
            laptop.screenshot(path="/tmp/poll_failed.png", full_page=True)
            raise AssertionError(f"room: {store.room(code).state}; laptop at {laptop.url}; its wakes and runs: "
                                 f"{wire.events}") from err
        settle(laptop)
        # the room moved twice within a second (the poll closed, the lecturer's view showed the reveal): the follower
        # woke once for both, or again after its first wake's run; never over it, which carried the values from
        # before that run back over the reveal (CI: the follower's A / B never appeared)
        assert wire.wakes_over_unanswered(RETRY) == [], wire.events
        assert phone.locator(".st-key-svm_b_gamma").count() == 0         # the detached student's did not
        settle(projector)
        projector.screenshot(path="/tmp/poll_projector_reveal_1280.png")
        settle(phone)
        phone.screenshot(path="/tmp/poll_phone_reveal.png")
        assert_the_phones_reveal_leaves_the_picture_room(phone)
        laptop.screenshot(path="/tmp/poll_laptop_reveal_1280.png")
        assert projector.locator(".js-plotly-plot").count() >= 2          # the picture still there, beside it

        projector.locator(PANEL).get_by_role("button", name="🔁 Ask again").click()   # round 2
        wait_text(projector, ".st-key-poll_count", "answered 0 of 2")
        settle(projector)   # the run that drew the new count is over: no stale copy of round 1's histogram is left
        assert projector.evaluate(HISTOGRAMS) == 0
        wait_text(laptop, PANEL, "round 2")
        choose(laptop, "B")
        wait_text(phone, PANEL, "round 2")
        phone.locator(PANEL).get_by_role("button", name="Answer").click()
        settle(phone)
        choose(phone, "B")
        wait_text(projector, ".st-key-poll_count", "answered 2 of 2")
        projector.locator(PANEL).get_by_role("button", name="✔ Check: close and reveal").click()
        projector.wait_for_function(f"() => ({HISTOGRAMS})() === 1", timeout=60000)
        settle(projector)
        assert histogram_names(projector) == ["Round 1", "Round 2"]       # round 2 beside round 1
        assert polls.counts(code, QUESTION, 2) == [0, 2, 0]

        projector.locator("[data-testid='stSidebarCollapsedControl'] button, "
                          "[data-testid='stExpandSidebarButton']").first.click()
        with projector.expect_download() as download:
            projector.locator("[data-testid='stSidebar']").get_by_role("button", name="⬇ Poll results (CSV)").click()
        text = Path(download.value.path()).read_text()
        rows = list(csv.DictReader(io.StringIO(text)))
        assert [(r["round"], r["choice"], r["count"], r["answered"]) for r in rows] == [
            ("1", "A", "0", "2"), ("1", "B", "1", "2"), ("1", "C", "1", "2"),
            ("2", "A", "0", "2"), ("2", "B", "2", "2"), ("2", "C", "0", "2")]
        voters = [v for (v,) in store._db().execute("SELECT voter FROM votes").fetchall()]
        assert len(voters) == 4 and not any(v in text for v in voters)       # never who answered what
        store.close()
        for page in (projector, laptop, phone):
            assert_healthy(page)
    finally:
        for ctx in contexts:
            ctx.close()


# ------------------------------------------------------------------ the reveal beside Compare A / B's two pictures
PLOT_AREAS = """keys => keys.map(k => { const e = document.querySelector('.st-key-' + k + ' .js-plotly-plot .nsewdrag');
  if (!e) return null; const r = e.getBoundingClientRect(); return {k, l: r.left, t: r.top, r: r.right, b: r.bottom}; })"""
SIDEBAR_RIGHT = """() => { const s = document.querySelector('[data-testid="stSidebar"]');
  return s && s.dataset.collapsed === 'false' ? s.getBoundingClientRect().right : null; }"""
PANEL_BOX = "() => { const r = document.querySelector('.st-key-poll_panel').getBoundingClientRect(); " \
            "return {l: r.left, t: r.top, r: r.right, b: r.bottom}; }"


def assert_both_pictures_visible(page, charts, where):
    """The revealed panel's box overlaps neither map's plot area, and both plot areas are on the screen."""
    areas, panel = page.evaluate(PLOT_AREAS, charts), page.evaluate(PANEL_BOX)
    page.screenshot(path=f"/tmp/poll_reveal_ab_{where.replace(' ', '_').replace('/', '')}.png")
    assert None not in areas, f"{where}: a map is missing: {areas}"
    side = page.evaluate(SIDEBAR_RIGHT)
    assert side is None or panel["l"] >= side - 1, f"{where}: the open sidebar (to {side} px) covers the panel {panel}"
    for a in areas:
        overlap = not (panel["r"] <= a["l"] or panel["l"] >= a["r"] or panel["b"] <= a["t"] or panel["t"] >= a["b"])
        assert not overlap, f"{where}: the panel {panel} covers {a['k']}'s plot area {a}"


@pytest.mark.parametrize("section,question,charts", [
    ("svm", "svm_rbf_gamma", ("svm_map", "svm_b_map")),
    ("kernel-ridge", "kr_alphas", ("kernel_ridge_fit", "kernel_ridge_fit_b"))])
@pytest.mark.parametrize("width,height,present", [(1400, 900, False), (1280, 720, True)])
def test_the_reveal_leaves_both_pictures_of_compare_a_b_visible(browser, served_with_rooms, section, question, charts, width,
                                                                 height, present):
    """Check on an exercise whose reveal is Compare A / B: the revealed panel (a strip along the bottom) covers
    neither map's plot area, on a 1400x900 laptop and on a 1280x720 projector."""
    url, _ = served_with_rooms
    ctx, page = context(browser, width, height)
    try:
        page.goto(f"{url}/{section}")
        settle(page)
        page.locator("[data-testid='stSidebar']").get_by_role("button", name="🏫 Start a class").click()
        page.wait_for_selector(".st-key-class_badge .ks-qr img", timeout=30000)
        settle(page)
        if present:
            page.locator("[data-testid='stSidebar']").get_by_text("Presentation mode").click()
            settle(page)
            page.get_by_role("button", name=re.compile("Predict, then check")).click()
            settle(page)
            page.get_by_role("button", name="📣 Ask the class").first.click()
        else:
            page.locator(f".st-key-explain_ex_{question}").get_by_role("button", name="📣 Ask the class").click()
        settle(page)
        page.locator(PANEL).get_by_role("button", name="✔ Check: close and reveal").click()
        page.wait_for_function(f"() => ({HISTOGRAMS})() === 1", timeout=60000)
        page.wait_for_selector(f".st-key-{charts[1]} .js-plotly-plot .nsewdrag", timeout=60000)
        settle(page)
        page.wait_for_timeout(2000)   # the Check's scroll brings the maps onto the screen
        settle(page)
        assert_both_pictures_visible(page, charts, f"/{section} {width}x{height}")
        assert_healthy(page)
    finally:
        ctx.close()


# ------------------------------------------------------------------ a numeric question answered with the slider
GAMMA = ".st-key-svm_gamma input[type='range']"   # as tests/live_class_env.py finds it


def step_gamma(page, key, times):
    """Move the section's γ slider by `times` key steps (a select slider: one of its values a step), one step at a
    time: each press waits for the slider to move and the run to end (the first touch detaches a follower, and a key
    pressed during that run of the whole app is not seen by the slider)."""
    slider = page.locator(GAMMA).first
    slider.focus()
    settle(page)
    for _ in range(times):
        before = slider.input_value()
        for _ in range(3):
            page.keyboard.press(key)
            try:
                page.wait_for_function(f"v => document.querySelector({GAMMA!r}).value !== v", arg=before, timeout=5000)
                break
            except Exception:
                settle(page)
                slider.focus()
        settle(page)


def test_a_class_answers_a_numeric_question_with_the_slider(browser, served_with_rooms):
    """A lecturer asks "which γ is Kriege's h = 0.5?"; two students set the section's γ slider and press "Answer
    with γ = …" (one changes their answer); the projector counts them without a histogram; Check reveals the
    histogram over the slider's values with the right one marked, and each student's verdict."""
    url, db = served_with_rooms
    contexts = []
    try:
        ctx, lecturer = context(browser, 1400, 900)
        contexts.append(ctx)
        lecturer.goto(f"{url}/svm")
        settle(lecturer)
        lecturer.locator("[data-testid='stSidebar']").get_by_role("button", name="🏫 Start a class").click()
        lecturer.wait_for_selector(".st-key-class_badge .ks-qr img", timeout=30000)
        code = lecturer.locator(".st-key-class_badge .ks-class-code").inner_text().strip()
        settle(lecturer)
        students = []
        for _ in range(2):
            ctx, page = context(browser, 1280, 720)
            contexts.append(ctx)
            page.goto(f"{url}/?room={code}")
            wait_text(page, ".st-key-class_banner", f"Following the lecturer (room {code})")
            page.wait_for_function("() => location.pathname === '/svm'", timeout=60000)
            settle(page)
            students.append(page)
        a, b = students
        lecturer.locator(".st-key-explain_ex_svm_h_gamma").get_by_role("button", name="📣 Ask the class").click()
        wait_text(lecturer, ".st-key-poll_count", "answered 0 of 2")
        for page in students:   # (a loaded machine: the students' wake-up runs queue behind the lecturer's)
            wait_text(page, PANEL, "Answer with", timeout=180000)
            page.keyboard.press("Escape")   # detach first: a touch on the slider detaches, and that run resets it
            wait_text(page, ".st-key-class_banner", "Your own view")
            settle(page)
        step_gamma(a, "ArrowRight", 6)                               # γ = 1 -> 3.98
        a.locator(PANEL).get_by_role("button", name="Answer with the γ slider's value").click()
        wait_text(a, PANEL, "Your answer γ = 3.98 is counted")
        step_gamma(b, "ArrowLeft", 2)                                # γ = 0.631
        b.locator(PANEL).get_by_role("button", name="Answer with the γ slider's value").click()
        wait_text(b, PANEL, "Your answer γ = 0.631 is counted")
        b.wait_for_timeout(1100)                                     # past the one-vote-a-second limit
        step_gamma(b, "ArrowLeft", 2)                                # changed: γ = 0.398
        b.locator(PANEL).get_by_role("button", name="Answer with the γ slider's value").click()
        wait_text(b, PANEL, "Your answer γ = 0.398 is counted")
        wait_text(lecturer, ".st-key-poll_count", "answered 2 of 2")
        store = rs.open_store(f"sqlite:///{db}")
        polls = polls_of(store)
        poll = polls.current(code)
        counts = polls.counts(code, "svm_h_gamma", poll.round)
        assert sum(counts) == 2 and counts[poll.values.index(3.98)] == 1 and counts[poll.values.index(0.398)] == 1
        for page in (lecturer, a, b):
            assert page.evaluate(HISTOGRAMS) == 0                    # no histogram before Check

        lecturer.locator(PANEL).get_by_role("button", name="✔ Check: close and reveal").click()
        for page in (lecturer, a, b):
            page.wait_for_function(f"() => ({HISTOGRAMS})() === 1", timeout=60000)
        settle(lecturer)
        wait_text(a, PANEL, "Your answer, γ = 3.98, is right")
        wait_text(b, PANEL, "Your answer, γ = 0.398, is not the right one")
        wait_text(lecturer, PANEL, "Right answer: γ = 3.98")
        bins = lecturer.evaluate("() => document.querySelector('.st-key-poll_panel .js-plotly-plot')._fullData[0].x")
        assert len(bins) == len(poll.values) and bins[poll.answer] == "3.98 ✓"   # a histogram over γ's values
        lecturer.screenshot(path="/tmp/poll_numeric_reveal_1400.png")
        a.screenshot(path="/tmp/poll_numeric_student_1280.png")
        store.close()
        for page in (lecturer, a, b):
            assert_healthy(page)
    finally:
        for ctx in contexts:
            ctx.close()
