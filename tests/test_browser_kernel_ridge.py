"""Browser test of the kernel ridge page's clickable fit plot (issue 8): in own-points mode a click adds a point
at the clicked (x, y), remove takes it away, undo brings it back; on the noisy sine a click switches to own
points seeded with the sine's points plus the click; a click on the α plot below changes nothing."""
import pytest

from tests.test_browser import assert_healthy, open_url, settle

pytestmark = pytest.mark.timeout(300)

FIND = """() => { const box = document.querySelector('[class*="st-key-clickable_"]');
  return (box && box.querySelector('.js-plotly-plot')) || null; }"""   # the chart beside ui.points' click catcher
DATA = f"""() => {{ const el = ({FIND})(); if (!el) return null; const t = el._fullData.find(t => t.name === 'data');
  return Array.from(t.x).map((x, i) => [Math.round(x * 1000) / 1000, Math.round(t.y[i] * 1000) / 1000]); }}"""
TO_PIXELS = f"""([x, y, n]) => {{ const el = ({FIND})(); const L = el._fullLayout; const r = el.getBoundingClientRect();
  const xa = L['xaxis' + n], ya = L['yaxis' + n];
  return [r.left + xa._offset + xa.l2p(x), r.top + ya._offset + ya.l2p(y)]; }}"""   # n: '' top plot, '2' the α plot


def data(page):
    return [tuple(p) for p in page.evaluate(DATA)]


def near(target, pts, tol=0.02):
    """A point where the click was (clicks snap to a nice step of the axes, 0.1 here: exact at these targets)."""
    return any(abs(x - target[0]) <= tol and abs(y - target[1]) <= tol for x, y in pts)


def wait_for_count(page, n):
    page.wait_for_function(f"n => {{ const d = ({DATA})(); return d && d.length === n; }}", arg=n, timeout=20000)
    settle(page)


def click_at(page, x, y, expect, subplot=""):
    page.evaluate(f"() => ({FIND})().scrollIntoView({{block: 'center'}})")
    page.wait_for_timeout(300)
    px, py = page.evaluate(TO_PIXELS, [x, y, subplot])
    page.mouse.click(px, py)
    wait_for_count(page, expect)


def test_click_on_the_fit_plot_adds_removes_undoes_and_leaves_the_sine(page, app_url):
    open_url(page, f"{app_url}/kernel-ridge")
    page.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
    page.get_by_text("My own points").first.click()
    wait_for_count(page, 6)
    n0 = len(data(page))
    assert n0 == 6                                        # ui.ranges.KERNEL_RIDGE_POINTS

    click_at(page, 2.0, 1.5, n0 + 1)                      # default mode: add
    assert near((2.0, 1.5), data(page))
    assert "7 points — your own" in page.locator("[data-testid='stMain']").inner_text()

    page.mouse.click(*page.evaluate(TO_PIXELS, [2.5, 0.0, "2"]))     # on the α plot: no point, no rerun
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
    page.get_by_text("Noisy sine").first.click()
    wait_for_count(page, 30)
    assert "A click switches to" in page.locator("[data-testid='stMain']").inner_text()
    click_at(page, 0.0, -1.5, 31)                         # the sine's 30 points + the click, now own points
    assert near((0.0, -1.5), data(page))
    assert page.get_by_role("radio", name="My own points").is_checked()
    assert "31 points — your own" in page.locator("[data-testid='stMain']").inner_text()
    assert_healthy(page)
