"""The student's points on a section's clickable chart (ui.points' click catcher) in a browser page: the chart, its class
traces read in one go, a point's pixel, a click that adds or removes one, the click mode chosen."""
from tests.support.app_runs import settle
from tests.support.charts import drawn_chart, ready_value, scroll_to, to_pixels

# The chart beside ui.points' click catcher, once Plotly has drawn it; null while a rerun remounts it (or Plotly has
# not drawn it yet), so every script below returns null then instead of throwing.
FIND = drawn_chart('[class*="st-key-clickable_"]')
POINTS = f"""() => {{ const el = ({FIND})(); if (!el) return null;
  return el._fullData.filter(t => (t.name || '').startsWith('class')).map(t => ({{name: t.name,
    xy: Array.from(t.x).map((x, i) => [Math.round(x * 100) / 100, Math.round(t.y[i] * 100) / 100])}})); }}"""


def pixels(page, x, y, axis=""):
    """The page's pixel at (x, y) of the chart's axes (axis '2': its second y axis, as kernel ridge's αᵢ strip)."""
    return ready_value(page, to_pixels(FIND), [x, y, axis])


def points(page):
    """{trace name: [(x, y)]} of the class traces, read in one go once the chart is there (not mid-remount)."""
    return {t["name"]: [tuple(p) for p in t["xy"]] for t in ready_value(page, POINTS)}


def near(target, pts, tol=0.02):
    """A point where the click was (to the pixel, stored to 2 decimals)."""
    return any(abs(x - target[0]) <= tol and abs(y - target[1]) <= tol for x, y in pts)


def count(page):
    return sum(len(v) for v in points(page).values())


def wait_count(page, n, timeout=20000):
    """Until the chart shows n points; while a rerun remounts it there is briefly no chart (POINTS is null)."""
    page.wait_for_function(f"n => {{ const p = ({POINTS})(); return p !== null && "
                           f"p.reduce((s, t) => s + t.xy.length, 0) === n; }}", arg=n, timeout=timeout)


def click_at(page, x, y):
    scroll_to(page, FIND)
    px, py = pixels(page, x, y)
    before = count(page)
    page.mouse.click(px, py)
    page.wait_for_function(f"n => {{ const p = ({POINTS})(); return p !== null && "
                           f"p.reduce((s, t) => s + t.xy.length, 0) !== n; }}", arg=before, timeout=20000)
    settle(page)


def mode(page, label):
    page.get_by_role("radio", name=label).first.click()
    settle(page)
