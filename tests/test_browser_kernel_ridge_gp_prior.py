"""Browser test of Kernel ridge › GP prior → posterior: "No points" shows the prior (band ±2√k(x, x) = ±2 for the
RBF kernel); a click on the chart adds a point there and conditions the GP on it: the band narrows at the click
(to about 4√(σ²/(1 + σ²)) wide) and stays the prior's far from it; a second click narrows it there too; Undo takes
the click back."""
import pytest

from tests.support.app_runs import open_url, settle
from tests.support.charts import ready_value
from tests.support.health import assert_healthy
from tests.support.points import FIND, near
from tests.support.ridge_points import click_at, data, wait_for_count

pytestmark = pytest.mark.timeout(300)

# the width (upper − lower) of a band trace at the grid point nearest x: x runs there and back in the trace; {w: null}
# when the chart has no such trace, null (wait) while a rerun remounts the chart
WIDTH = f"""([name, x]) => {{ const el = ({FIND})(); if (!el) return null; const t = el._fullData.find(t => t.name === name);
  if (!t) return {{w: null}}; const n = t.x.length / 2; let best = 0;
  for (let i = 0; i < n; i++) if (Math.abs(t.x[i] - x) < Math.abs(t.x[best] - x)) best = i;
  return {{w: t.y[best] - t.y[t.x.length - 1 - best]}}; }}"""
PRIOR, POSTERIOR = "0 ± 2√k(x, x)", "m(x) ± 2 std"


def width(page, name, x):
    return ready_value(page, WIDTH, [name, x])["w"]


def test_a_click_conditions_the_posterior(page, app_url):
    open_url(page, f"{app_url}/kernel-ridge-gp-prior")
    page.wait_for_function(f"() => ({FIND})() !== null", timeout=30000)
    page.locator("[data-testid='stMain']").get_by_role("button", name="No points").click()
    wait_for_count(page, 0)
    assert width(page, PRIOR, 2.0) == pytest.approx(4.0, abs=1e-3)      # no data: the prior, 2 × 2√k(x, x)
    assert width(page, POSTERIOR, 2.0) is None

    click_at(page, 2.0, 1.0, 1)                                          # conditions on the point
    assert near((2.0, 1.0), data(page))
    assert width(page, POSTERIOR, 2.0) < 1.2                             # σ² = 0.0631: 4√(σ²/(1 + σ²)) ≈ 0.97
    assert width(page, POSTERIOR, -0.9) > 3.9                            # far away: the prior's band again
    assert width(page, POSTERIOR, 5.0) > 3.9

    click_at(page, 5.0, -1.0, 2)                                         # a second point narrows the band there
    assert width(page, POSTERIOR, 5.0) < 1.2
    assert "kernel_ridge_source=My+own+points" in page.url
    assert_healthy(page)

    page.locator("[data-testid='stMain']").get_by_role("button", name="↩ Undo").click()
    wait_for_count(page, 1)
    settle(page)
    assert width(page, POSTERIOR, 5.0) > 3.9
    assert_healthy(page)
