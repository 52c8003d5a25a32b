"""Keyboard only, per topic (issue 32: "a keyboard test per topic: Tab to the main slider, change it, add a point by
keyboard, remove it, Prev / Next"), in Chromium with no mouse: on the section of each topic (from TOPICS) that
tests/support/keyboard.py finds — the topic's first whose plot edits points, else its first with a slider — Tab goes
from the heading to the first slider of the main area and an arrow key changes the main chart; on a plot that edits
points, the crosshair and Enter add one and, in Remove mode, take it away again; Next opens the next section with the
focus on its heading, and Prev comes back. A topic with no plot that edits points says so in its Walk (points=False),
recorded with the test; it is not skipped."""
import pytest

from pages import TOPICS
from tests.browser_env import RUN_COUNTER
from tests.support.app_runs import open_url, settle
from tests.support.keyboard import (
    CLICKABLE,
    MAIN_SLIDER,
    NEXT_LINK,
    PREV_LINK,
    REMOVE_MODE,
    choose_remove,
    crosshair,
    focus_heading,
    heading_focused,
    move_crosshair,
    points_drawn,
    step_main_slider,
    tab_to,
    wait_points,
    walk_of,
)

pytestmark = pytest.mark.timeout(600)


@pytest.mark.parametrize("topic", TOPICS, ids=[t.slug for t in TOPICS])
def test_a_topic_by_keyboard_alone(page, app_url, topic, record_property):
    walk = walk_of(app_url, topic)
    record_property("walk", repr(walk))   # plain text: pytest-xdist sends the report between processes
    assert walk.slider, f"/{topic.slug}: no section of the topic has a slider in its main area ({walk.tried})"
    page.context.add_init_script(RUN_COUNTER)   # settle waits for the run a key asks for, not a pause
    open_url(page, f"{app_url}/{walk.url}")
    heading = page.locator("[data-testid='stMain'] h1, [data-testid='stMain'] h4").first.inner_text().strip()

    # 1. From the heading, Tab to the main slider; an arrow key changes the main chart
    focus_heading(page)
    tab_to(page, MAIN_SLIDER, f"/{walk.url}'s first slider")
    before, after = step_main_slider(page, walk.chart)
    assert before != after
    settle(page)

    # 2. A point added at the crosshair by Enter, then removed by Enter in Remove mode
    has_points = page.evaluate(f"() => !!({CLICKABLE})() && !!({REMOVE_MODE})()")
    assert has_points == walk.points, f"/{walk.url}: a plot that edits points {has_points}, the Walk said {walk.points}"
    if walk.points:
        n0 = points_drawn(page)
        tab_to(page, CLICKABLE, f"/{walk.url}'s clickable plot")
        place = move_crosshair(page)
        status = page.locator(".kernelscope-sr-only[role='status']").first.inner_text()
        assert "Crosshair at x₁" in status, status
        page.keyboard.press("Enter")
        wait_points(page, n0 + 1, f"Enter at the crosshair {place}")
        settle(page)
        choose_remove(page)
        settle(page)
        tab_to(page, CLICKABLE, f"/{walk.url}'s clickable plot")
        if crosshair(page) is None:   # a new plot container: its crosshair starts at the centre, moved there again
            move_crosshair(page)
        assert crosshair(page) == place
        page.keyboard.press("Enter")
        wait_points(page, n0, f"Enter in Remove mode at the crosshair {place}")
        settle(page)

    # 3. Next by keyboard: the next section, the focus on its heading; Prev by keyboard: back here
    tab_to(page, NEXT_LINK, "the Next link")
    page.keyboard.press("Enter")
    page.wait_for_function("p => location.pathname.endsWith(p)", arg="/" + walk.next_url, timeout=60000)
    settle(page)
    assert heading_focused(page) != heading
    tab_to(page, PREV_LINK, "the Prev link")
    page.keyboard.press("Enter")
    page.wait_for_function("p => location.pathname.endsWith(p)", arg="/" + walk.url, timeout=60000)
    settle(page)
    assert heading_focused(page) == heading
