"""Browser test of RKHS › The reproducing property's clickable chart: a click at (x, y) adds the centre x with α = y
(a new diamond where the click was), the two numbers at x′ stay equal and change, Undo takes the centre away."""
import re

import pytest

from tests.support.app_runs import open_url
from tests.support.charts import drawn_chart, ready_value, scroll_to, to_pixels, trace_points, wait_for_length
from tests.support.health import assert_healthy

pytestmark = pytest.mark.timeout(300)

# The clickable chart once Plotly has drawn it; null while a rerun remounts it (or Plotly has not drawn it yet), so
# every script below returns null then instead of throwing.
FIND = drawn_chart(".st-key-clickable_rkhs_reproducing")
CENTRES = trace_points(FIND, "centres (xᵢ, αᵢ)", 2)


def centres(page):
    return [tuple(p) for p in ready_value(page, CENTRES)]


def wait_for_count(page, n):
    wait_for_length(page, CENTRES, n)


def numbers(page):
    """The two metrics: ⟨f, k(x′,·)⟩ℋ and f(x′) on the curve."""
    text = page.locator("[data-testid='stMain']").inner_text()
    inner = re.search(r"⟨f, k\(x′,·\)⟩ℋ\s+(-?[0-9.]+)", text).group(1)
    value = re.search(r"on the curve\s+(-?[0-9.]+)", text).group(1)
    return inner, value


def test_click_adds_a_centre_with_alpha_the_height_and_undo_removes_it(page, app_url):
    open_url(page, f"{app_url}/rkhs-reproducing")
    page.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
    wait_for_count(page, 4)
    before = numbers(page)
    assert before[0] == before[1]

    scroll_to(page, FIND)
    page.mouse.click(*ready_value(page, to_pixels(FIND), [0.5, -1.0]))
    wait_for_count(page, 5)
    assert any(abs(x - 0.5) <= 0.03 and abs(a + 1.0) <= 0.03 for x, a in centres(page))
    after = numbers(page)
    assert after[0] == after[1] and after != before    # a centre near x′ = 0.3 with α ≈ −1 changes f(x′)
    assert_healthy(page)

    page.locator("[data-testid='stMain']").get_by_role("button", name="↩ Undo").click()
    wait_for_count(page, 4)
    assert numbers(page) == before
    assert_healthy(page)
