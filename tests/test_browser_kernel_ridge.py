"""Browser tests of the kernel ridge fit section's clickable chart (issue 8): in own-points mode a click adds a point
at the clicked (x, y), remove takes it away, undo brings it back; on the noisy sine a click switches to own points
seeded with the sine's points plus the click; a click on the αᵢ strip under the data changes nothing. And the own
points travel in the link (issue 21, item 10): a fresh browser opening the address shows the same points and the
same fit."""
import re

import pytest

from pages.kernel_ridge.points import URL_KEY
from pages.kernel_ridge.settings import KEY
from tests.support.app_runs import open_url, settle
from tests.support.health import assert_healthy
from tests.support.points import FIND, near, pixels
from tests.support.ridge_points import click_at, data, wait_for_count

pytestmark = pytest.mark.timeout(300)


def choose_source(page, label):
    page.locator(f".st-key-{KEY.SOURCE}").click()
    page.get_by_role("option", name=label).click()
    settle(page)


def main_text(page):
    return page.locator("[data-testid='stMain']").inner_text()


def training_mse(page):
    return re.search(r"Training MSE\s+([0-9.e-]+)", main_text(page)).group(1)


def test_click_on_the_fit_chart_adds_removes_undoes_and_leaves_the_sine(page, app_url):
    open_url(page, f"{app_url}/kernel-ridge")
    page.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
    choose_source(page, "My own points")
    wait_for_count(page, 6)
    n0 = len(data(page))
    assert n0 == 6                                        # ui.ranges.KERNEL_RIDGE_POINTS

    click_at(page, 2.0, 1.5, n0 + 1)                      # default mode: add
    assert near((2.0, 1.5), data(page))
    assert "7 points — your own" in main_text(page)

    page.mouse.click(*pixels(page, 2.5, 0.0, "2"))                 # on the αᵢ strip: no point, no rerun
    page.wait_for_timeout(2000)
    settle(page)
    assert len(data(page)) == n0 + 1

    page.get_by_role("radio", name="Remove", exact=True).click()
    settle(page)
    click_at(page, 2.0, 1.5, n0)
    assert not near((2.0, 1.5), data(page))

    page.locator("[data-testid='stMain']").get_by_role("button", name="↩ Undo").click()
    wait_for_count(page, n0 + 1)
    assert near((2.0, 1.5), data(page))
    assert_healthy(page)

    page.get_by_role("radio", name="Add", exact=True).click()
    settle(page)
    choose_source(page, "Noisy sine")
    wait_for_count(page, 30)
    assert "A click switches to" in main_text(page)
    click_at(page, 0.0, -1.5, 31)                         # the sine's 30 points + the click, now own points
    assert near((0.0, -1.5), data(page))
    assert "kernel_ridge_source=My+own+points" in page.url
    assert "31 points — your own" in main_text(page)
    assert_healthy(page)


def test_own_points_round_trip_through_the_link(page, browser, app_url):
    open_url(page, f"{app_url}/kernel-ridge")
    page.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
    choose_source(page, "My own points")
    wait_for_count(page, 6)
    click_at(page, 2.0, 1.5, 7)
    points, mse = data(page), training_mse(page)
    page.wait_for_function(f"() => location.search.includes('{URL_KEY}=')", timeout=10000)
    link = page.url
    assert "kernel_ridge_source=" in link

    fresh = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()   # another browser: no session
    fresh.outside_requests = []
    try:
        open_url(fresh, link)
        fresh.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
        wait_for_count(fresh, 7)
        assert data(fresh) == points and training_mse(fresh) == mse
        assert_healthy(fresh)
    finally:
        fresh.context.close()
