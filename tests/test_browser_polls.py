"""Browser test of the class's polls: the real app (`python app.py`, SQLite in a temporary folder) in Chromium with a
lecturer presenting on a 1280x720 projector and two students - a follower on a 1280x720 laptop and a detached student
on a 390x844 phone. Ask, answer (the phone through its notice), change an answer, the live count, Check (the
histogram beside the right answer, the follower's settings moved, each answer marked on its own screen), Ask again
and round 2 beside round 1, the CSV. The projector never shows a histogram before Check. Screenshots of the projector
and the phone with an open poll and after the reveal go to /tmp (poll_*.png). (The reveal beside Compare A / B:
tests/test_browser_polls_compare.py; a numeric question answered with the slider: tests/test_browser_polls_numeric.py.)"""
import csv
import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support.health import assert_healthy

# ruff: noqa: F811 (a test names the fixture imported here as its argument)
from tests.support.polls_browser import (  # noqa: F401 (served_with_rooms: a fixture)
    HISTOGRAMS,
    PANEL,
    context,
    served_with_rooms,
    settle,
    start_class,
    wait_text,
)
from tests.wire import Wire
from ui import room_store as rs
from ui.room_store.polls import polls_of

pytestmark = pytest.mark.timeout(900)

RETRY = 3.0   # s: ui/room_follow.js asks again for a wake unanswered this long
QUESTION = "svm_rbf_gamma"


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


def start_presenting(browser, url, contexts):
    """The projector (1280x720) opens /svm, starts a class and presents: the projector's page and the room's code."""
    ctx, projector = context(browser, 1280, 720)
    contexts.append(ctx)
    code = start_class(projector, url)
    present(projector)   # the projector
    return projector, code


def join_a_follower_and_a_detached_student(browser, url, code, contexts):
    """A follower on a 1280x720 laptop and a student on a 390x844 phone who has detached, each with its Wire."""
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
    return laptop, wire, phone, phone_wire


def ask_and_answer(projector, laptop, phone, wire, phone_wire, db, code):
    """Ask; each student's panel comes by a run of the panel alone; both answer (the phone through its notice), the
    laptop changes its answer, the count is exact and no histogram shows before Check: the store and its polls."""
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
    return store, polls


def check_and_reveal(projector, laptop, phone, wire, phone_wire, store, code):
    """Check: the histogram on every screen (the detached student's by the panel's run alone), each answer marked on
    its own screen, the follower's view moved to A / B and the phone's reveal leaving the picture room."""
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


def ask_again_and_download(projector, laptop, phone, store, polls, code):
    """Round 2 beside round 1, and the CSV of both rounds, which never says who answered what."""
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


def test_a_class_answers_a_poll_together(browser, served_with_rooms):
    url, db = served_with_rooms
    contexts = []
    try:
        projector, code = start_presenting(browser, url, contexts)
        laptop, wire, phone, phone_wire = join_a_follower_and_a_detached_student(browser, url, code, contexts)
        store, polls = ask_and_answer(projector, laptop, phone, wire, phone_wire, db, code)
        check_and_reveal(projector, laptop, phone, wire, phone_wire, store, code)
        ask_again_and_download(projector, laptop, phone, store, polls, code)
        for page in (projector, laptop, phone):
            assert_healthy(page)
    finally:
        for ctx in contexts:
            ctx.close()


TOO_FAST = "One answer a second"


def test_a_change_refused_by_the_rate_limit_puts_the_radio_back_and_counts_when_chosen_again(browser, served_with_rooms):
    """A student changes their answer at once: the page says it was not counted, the radio shows the counted answer
    again (not the refused one, which a click could not send again), and the same choice a second later counts. The
    room and its question come from the store, as the lecturer's Ask does (the lecturer's side: the test above)."""
    url, db = served_with_rooms
    store = rs.open_store(f"sqlite:///{db}")
    code, key = store.create({"page": "svm", "params": {}})
    polls = polls_of(store)
    polls.ask(code, key, QUESTION, "What happens to the RBF SVM's boundary as γ grows?",
              ("smoother", "wigglier", "no change"), 1, "svm")
    ctx, page = context(browser, 1280, 720)
    checked = f"() => [...document.querySelectorAll('{PANEL} input[type=radio]')].map(i => i.checked)"
    try:
        page.goto(f"{url}/svm?room={code}")
        wait_text(page, PANEL, "The lecturer asks")
        settle(page)
        counted = None
        for first, second in (("A", "B"), ("C", "A"), ("B", "C")):   # a loaded server may take the second past 1 s
            page.locator(f"{PANEL} label").filter(has_text=re.compile(rf"^{first}\. ")).first.click()
            page.wait_for_timeout(150)
            page.locator(f"{PANEL} label").filter(has_text=re.compile(rf"^{second}\. ")).first.click()
            settle(page)
            if page.locator(PANEL).get_by_text(TOO_FAST).count():
                counted, refused = first, second
                break
            page.wait_for_timeout(1100)
        assert counted, "no change within a second of an answer was refused in three tries"
        counts = [0, 0, 0]
        counts["ABC".index(counted)] = 1
        assert polls.counts(code, QUESTION, 1) == counts
        assert page.evaluate(checked) == [c == counted for c in "ABC"]    # the radio shows what counts
        wait_text(page, PANEL, f"Your answer {counted} is counted")
        page.wait_for_timeout(1100)
        choose(page, refused)                                            # the same choice again, a second later
        wait_text(page, PANEL, f"Your answer {refused} is counted")
        counts = [0, 0, 0]
        counts["ABC".index(refused)] = 1
        assert polls.counts(code, QUESTION, 1) == counts
        assert page.evaluate(checked) == [c == refused for c in "ABC"]
        assert not page.locator(PANEL).get_by_text(TOO_FAST).count()
        assert_healthy(page)
    finally:
        ctx.close()
        store.close()
