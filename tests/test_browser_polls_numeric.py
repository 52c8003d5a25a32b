"""Browser test of a numeric poll answered with the slider (the real app of tests/test_browser_polls.py, SQLite in a
temporary folder, in Chromium): the class answers with the section's γ slider, stepped by keys."""

import pytest

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
from ui import room_store as rs
from ui.room_store.polls import polls_of

pytestmark = pytest.mark.timeout(900)


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
        code = start_class(lecturer, url)
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
