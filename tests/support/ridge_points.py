"""The data points on kernel ridge's clickable fit chart in a browser page (the section's own points, or the noisy sine):
read in one go, counted, and a click on the chart that adds or removes one (on the αᵢ strip, axis '2': none).
The chart and a point's pixel are tests/support/points.py's."""
from tests.support.app_runs import settle
from tests.support.charts import ready_value, scroll_to
from tests.support.points import FIND, pixels

DATA = f"""() => {{ const el = ({FIND})(); if (!el) return null; const t = el._fullData.find(t => t.name === 'data');
  if (!t) return null;
  return Array.from(t.x).map((x, i) => [Math.round(x * 1000) / 1000, Math.round(t.y[i] * 1000) / 1000]); }}"""


def data(page):
    return [tuple(p) for p in ready_value(page, DATA)]


def wait_for_count(page, n):
    page.wait_for_function(f"n => {{ const d = ({DATA})(); return d && d.length === n; }}", arg=n, timeout=20000)
    settle(page)


def click_at(page, x, y, expect, axis=""):
    scroll_to(page, FIND)
    px, py = pixels(page, x, y, axis)
    page.mouse.click(px, py)
    wait_for_count(page, expect)
