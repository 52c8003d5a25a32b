"""Browser tests of the student's points (issue 8): click to add each class, remove, undo, the points
survive a page change, and a copied link reproduces them in a fresh browser."""
import pytest

from tests.support.app_runs import open_url, settle
from tests.support.charts import ready_value, scroll_to
from tests.support.health import assert_healthy
from tests.support.points import FIND, POINTS, click_at, count, mode, near, pixels, points, wait_count

pytestmark = pytest.mark.timeout(300)


def test_click_add_remove_undo_survive_page_change_and_link(page, app_url, browser):
    open_url(page, f"{app_url}/kernels-geometry")
    page.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
    n0 = count(page)

    click_at(page, 1.5, -2.5)                         # default mode: add class +1
    assert count(page) == n0 + 1 and near((1.5, -2.5), points(page)["class +1"])

    mode(page, "Add class −1 (✕)")
    click_at(page, -2.0, 2.5)
    assert count(page) == n0 + 2 and near((-2.0, 2.5), points(page)["class −1"])

    mode(page, "Remove")
    click_at(page, 1.5, -2.5)
    assert count(page) == n0 + 1 and not near((1.5, -2.5), points(page)["class +1"])

    page.get_by_role("button", name="↩ Undo").first.click()
    wait_count(page, n0 + 2)
    settle(page)
    assert near((1.5, -2.5), points(page)["class +1"])
    assert "pts=" in page.url
    link = page.url

    page.locator(".st-key-nav_prev a").click()   # the previous section, then back (Prev / Next)
    settle(page)
    page.locator(".st-key-nav_next a").click()
    settle(page)
    page.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
    assert count(page) == n0 + 2 and near((-2.0, 2.5), points(page)["class −1"])
    assert_healthy(page)

    fresh = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        other = fresh.new_page()
        open_url(other, link)
        other.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
        assert points(other) == points(page)
    finally:
        fresh.close()


def test_csv_upload_bad_file_keeps_points_good_file_replaces_them(page, app_url, tmp_path):
    open_url(page, f"{app_url}/kernels-geometry")
    page.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
    n0 = count(page)
    page.get_by_role("button", name="✏️ Table / CSV").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("tab", name="Upload a CSV").click()
    bad = tmp_path / "bad.csv"
    bad.write_bytes(b"x1,x2,label\n1,abc,a\n2,3,b\n")
    dialog.locator("input[type='file']").set_input_files(str(bad))
    page.wait_for_timeout(500)
    settle(page)
    dialog.get_by_role("button", name="Use these points").click()
    page.get_by_text("text where a number belongs").wait_for(timeout=20000)
    assert "Your current points are unchanged" in dialog.inner_text()

    good = tmp_path / "good.csv"
    good.write_text("a,b,cls\n0.5,1.0,yes\n-1.0,2.0,no\n0.0,0.0,yes\n1.5,-1.0,no\n")
    dialog.locator("input[type='file']").set_input_files(str(good))
    page.wait_for_timeout(500)
    settle(page)
    dialog.get_by_text("Standardise x₁ and x₂").click()   # keep the raw coordinates to check them
    settle(page)
    dialog.get_by_role("button", name="Use these points").click()
    wait_count(page, 4, timeout=30000)
    settle(page)
    assert count(page) == 4 != n0
    assert near((0.5, 1.0), points(page)["class +1"]) and near((1.5, -1.0), points(page)["class −1"])
    assert_healthy(page)


def test_presentation_mode_enlarges_type_and_hides_explanations(page, app_url):
    open_url(page, f"{app_url}/kernels-geometry")
    size = "() => parseFloat(getComputedStyle(document.documentElement).fontSize)"
    captions = "() => Array.from(document.querySelectorAll('[data-testid=stMain] [data-testid=stCaptionContainer]'))" \
               ".filter(e => e.offsetParent !== null).length"
    normal_size, normal_captions = page.evaluate(size), page.evaluate(captions)
    assert normal_captions > 0
    page.get_by_text("🎦 Presentation mode").click()
    page.wait_for_function(f"s => ({size})() > s", arg=normal_size, timeout=20000)
    settle(page)
    assert page.evaluate(captions) == 0
    assert "present=true" in page.url
    assert_healthy(page)


HELD_OUT = f"""() => {{ const el = ({FIND})(); if (!el) return null;
  return el._fullData.filter(t => (t.name || '').startsWith('held out')).flatMap(t =>
    Array.from(t.x).map((x, i) => [Math.round(x * 100) / 100, Math.round(t.y[i] * 100) / 100])); }}"""


def held_out(page):
    """{(x, y)} of the held-out points, read in one go once the chart is there (not mid-remount)."""
    return {tuple(p) for p in ready_value(page, HELD_OUT)}


def test_a_point_clicked_on_the_svm_map_trains_and_moves_no_other(page, app_url):
    """Issue 21, item 12: a clicked point is a training point, always, and no other point changes part (the split
    is drawn over the sidebar preset; a click used to re-draw it, and then per point, which moved one other)."""
    open_url(page, f"{app_url}/svm")
    page.wait_for_function(f"() => ({FIND})() !== null && ({HELD_OUT})().length > 0", timeout=30000)
    before = held_out(page)
    n0 = count(page) + len(before)
    for x, y in ((2.6, 2.6), (-2.6, -2.4)):
        before = held_out(page)
        scroll_to(page, FIND)
        px, py = pixels(page, x, y)
        page.mouse.click(px, py)
        page.wait_for_function(f"n => {{ const p = ({POINTS})(), h = ({HELD_OUT})(); "   # null while it redraws
                               f"return p && h && p.reduce((s, t) => s + t.xy.length, 0) + h.length > n; }}",
                               arg=n0, timeout=20000)
        settle(page)
        after = held_out(page)
        n0 += 1
        assert count(page) + len(after) == n0
        assert after == before, before ^ after      # the new point trains, nobody else moved
    assert_healthy(page)
