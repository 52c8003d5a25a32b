"""Browser test of the lecturer's drag, mirrored: the real app (`python app.py`, SQLite in a temporary folder) in
Chromium with a lecturer and two students (a laptop and a phone). While the lecturer drags γ's live sweep on /svm, the
students' maps show the lecturer's frame, drawn by their own sweep with no run of their script per position; a
student who detaches mid-drag gets their own picture back at once; a student whose ask for the frames came to nothing
asks again; the released γ reaches the class by the room's version (ui.room_pointer, ui/room_follow.js, ui/sweep.js)."""

import pytest

from tests.live_class_env import (
    BANNER,
    context,
    gamma,
    lecturer_and_student,
    press_thumb,
    settle,
    wait_banner,
    wait_gamma,
    wait_path,
)
from tests.support.health import assert_healthy

pytestmark = pytest.mark.timeout(600)


# A page's sweeps of one slider: the frame each shows (ui/sweep.js), and the positions its class stream brought.
SWEEPS = """(slider) => Object.values(window.__kernelscopeSweeps || {}).filter(o => o.data.slider === slider)
  .map(o => ({ want: o.want, shown: o.shown, overlay: !!o.overlay, mode: o.mode }))"""
LECTURER_AT = f"""(slider) => {{ const v = ({SWEEPS})(slider); return v.length ? v[0].want : null; }}"""
MIRRORS = f"""([slider, i]) => {{ const v = ({SWEEPS})(slider);
  return v.length > 0 && v.every(o => o.overlay && o.shown === i && o.mode === "mirror"); }}"""
# Each sweep of the slider loses its next ask for frames, as a rerun cut short by another would (counted in
# window.__ksLostAsks): the sweep must ask again.
LOSE_AN_ASK = """(slider) => Object.values(window.__kernelscopeSweeps || {}).filter(o => o.data.slider === slider)
  .forEach(o => { const send = o.send; let lost = false;
    o.send = (name, value) => { if (!lost && value && value.want) { lost = true;
      window.__ksLostAsks = (window.__ksLostAsks || 0) + 1; return; } return send(name, value); }; })"""


def test_the_lecturers_drag_is_mirrored_on_the_followers_picture(browser, class_url):
    """While the lecturer drags γ's sweep on /svm, the follower's map shows the lecturer's frame (its own sweep draws
    it, no run of its script per position); on release the follower shows the released γ, the mirror gone."""
    contexts = []
    try:
        lecturer, student, code = lecturer_and_student(browser, class_url, contexts)
        ctx, phone = context(browser, 390, 844)              # a second student, on a phone
        contexts.append(ctx)
        phone.goto(f"{class_url}/?room={code}")
        wait_banner(phone, f"Following the lecturer (room {code})", 40000)
        wait_path(phone, "/svm", 60000)
        for page in (lecturer, student, phone):
            settle(page)
        start_gamma = gamma(student)
        student.evaluate(LOSE_AN_ASK, "svm_gamma")
        track, y = press_thumb(lecturer)
        lecturer.mouse.move(track["x"] + 0.3 * track["width"], y, steps=8)
        first = lecturer.wait_for_function(f"s => ({LECTURER_AT})(s)", arg="svm_gamma", timeout=30000).json_value()
        for page in (student, phone):   # frames fetched once, then drawn
            page.wait_for_function(MIRRORS, arg=["svm_gamma", first], timeout=30000)
        assert student.evaluate("() => window.__ksLostAsks") >= 1   # its first ask was lost, and it asked again
        runs = student.evaluate("() => window.__kernelscopeSweep.frames")
        lecturer.mouse.move(track["x"] + 0.75 * track["width"], y, steps=8)
        second = lecturer.wait_for_function(f"([s, f]) => {{ const i = ({LECTURER_AT})(s); return i !== f && i; }}",
                                            arg=["svm_gamma", first], timeout=30000).json_value()
        for page in (student, phone):
            page.wait_for_function(MIRRORS, arg=["svm_gamma", second], timeout=30000)
        assert student.evaluate("() => window.__kernelscopeSweep.frames") > runs   # drawn by the student's sweep
        for page in (student, phone):
            assert gamma(page) == start_gamma          # a student's γ is not set by a position: only by a release
            assert "Following the lecturer" in page.locator(BANNER).inner_text()
        phone.keyboard.press("Escape")                 # the phone detaches mid-drag: its own picture at once
        wait_banner(phone, "Your own view")
        phone.wait_for_function(f"s => ({SWEEPS})(s).every(o => !o.overlay && o.mode === null)", arg="svm_gamma",
                                timeout=30000)
        lecturer.mouse.move(track["x"] + 0.95 * track["width"], y, steps=6)
        third = lecturer.wait_for_function(f"([s, f]) => {{ const i = ({LECTURER_AT})(s); return i !== f && i; }}",
                                           arg=["svm_gamma", second], timeout=30000).json_value()
        student.wait_for_function(MIRRORS, arg=["svm_gamma", third], timeout=30000)
        assert all(not o["overlay"] for o in phone.evaluate(SWEEPS, "svm_gamma"))   # no longer mirrored
        lecturer.mouse.up()
        settle(lecturer)
        settle(phone)
        assert gamma(phone) == start_gamma and "Your own view" in phone.locator(BANNER).inner_text()
        for page in (student,):
            wait_gamma(page, gamma(lecturer))          # the released value, by the room's version
            page.wait_for_function(f"s => ({SWEEPS})(s).every(o => !o.overlay && o.mode === null)", arg="svm_gamma",
                                   timeout=30000)
            assert gamma(page) != start_gamma
            assert not page.evaluate("() => document.querySelector('[data-testid=stMain]')"
                                     ".classList.contains('ks-sweeping')")
            assert "Following the lecturer" in page.locator(BANNER).inner_text()
        for page in (lecturer, student, phone):
            assert_healthy(page)
    finally:
        for ctx in contexts:
            ctx.close()
