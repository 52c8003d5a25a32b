"""Browser test of RKHS › The reproducing property's clickable chart: a click at (x, y) adds the centre x with α = y
(a new diamond where the click was), the two numbers at x′ stay equal and change, Undo takes the centre away."""
import re

import pytest

from tests.test_browser import assert_healthy, open_url, ready_value, settle

pytestmark = pytest.mark.timeout(300)

# The clickable chart once Plotly has drawn it; null while a rerun remounts it (or Plotly has not drawn it yet), so
# every script below returns null then instead of throwing.
FIND = """() => { const box = document.querySelector('.st-key-clickable_rkhs_reproducing');
  const el = box && box.querySelector('.js-plotly-plot');
  return (el && el._fullData && el._fullLayout && el._fullLayout.xaxis) ? el : null; }"""
CENTRES = f"""() => {{ const el = ({FIND})(); if (!el) return null;
  const t = el._fullData.find(t => t.name === 'centres (xᵢ, αᵢ)'); if (!t) return null;
  return Array.from(t.x).map((x, i) => [Math.round(x * 100) / 100, Math.round(t.y[i] * 100) / 100]); }}"""
TO_PIXELS = f"""([x, y]) => {{ const el = ({FIND})(); if (!el) return null;
  const L = el._fullLayout; const r = el.getBoundingClientRect();
  return [r.left + L.xaxis._offset + L.xaxis.l2p(x), r.top + L.yaxis._offset + L.yaxis.l2p(y)]; }}"""
SCROLL = f"""() => {{ const el = ({FIND})(); if (!el) return false; el.scrollIntoView({{block: 'center'}}); return true; }}"""


def centres(page):
    return [tuple(p) for p in ready_value(page, CENTRES)]


def wait_for_count(page, n):
    page.wait_for_function(f"n => {{ const d = ({CENTRES})(); return d && d.length === n; }}", arg=n, timeout=20000)
    settle(page)


def numbers(page):
    """The two metrics: ⟨f, k(x′,·)⟩_H and f(x′) on the curve."""
    text = page.locator("[data-testid='stMain']").inner_text()
    inner = re.search(r"⟨f, k\(x′,·\)⟩_H\s+(-?[0-9.]+)", text).group(1)
    value = re.search(r"on the curve\s+(-?[0-9.]+)", text).group(1)
    return inner, value


def test_click_adds_a_centre_with_alpha_the_height_and_undo_removes_it(page, app_url):
    open_url(page, f"{app_url}/rkhs-reproducing")
    page.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
    wait_for_count(page, 4)
    before = numbers(page)
    assert before[0] == before[1]

    page.wait_for_function(SCROLL, timeout=20000)
    page.wait_for_timeout(300)
    page.mouse.click(*ready_value(page, TO_PIXELS, [0.5, -1.0]))
    wait_for_count(page, 5)
    assert any(abs(x - 0.5) <= 0.03 and abs(a + 1.0) <= 0.03 for x, a in centres(page))
    after = numbers(page)
    assert after[0] == after[1] and after != before    # a centre near x′ = 0.3 with α ≈ −1 changes f(x′)
    assert_healthy(page)

    page.locator("[data-testid='stMain']").get_by_role("button", name="↩ Undo").click()
    wait_for_count(page, 4)
    assert numbers(page) == before
    assert_healthy(page)
