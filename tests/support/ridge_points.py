"""The data points on kernel ridge's clickable fit chart in a browser page (the section's own points, or the noisy sine):
read in one go, counted, and a click on the chart that adds or removes one (on the αᵢ strip, axis '2': none).
The chart and a point's pixel are tests/support/points.py's."""
from tests.support.charts import ready_value, scroll_to, trace_points, wait_for_length
from tests.support.points import FIND, pixels

DATA = trace_points(FIND, "data", 3)


def data(page):
    return [tuple(p) for p in ready_value(page, DATA)]


def wait_for_count(page, n):
    wait_for_length(page, DATA, n)


def click_at(page, x, y, expect, axis=""):
    scroll_to(page, FIND)
    px, py = pixels(page, x, y, axis)
    page.mouse.click(px, py)
    wait_for_count(page, expect)
