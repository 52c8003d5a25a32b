"""Reading the app's Plotly charts in a browser page (JS run by Playwright: a chart once drawn, a point's pixel, a
fingerprint of the numbers drawn) and the checks every section's page gets: margins reserved, legends clear of the
axes, a slider of the main area that redraws a chart."""
import json

from tests.support.app_runs import runs_so_far, settle
from tests.support.health import assert_healthy

# A cheap fingerprint of every Plotly chart: the sum of each trace's z (or y) values.
CHART_SIGNATURE = """() => Array.from(document.querySelectorAll('.js-plotly-plot')).map(el =>
  (el._fullData || []).map(t => { let s = 0; const add = v => { if (typeof v === 'number') s += v;
    else if (v && typeof v.length === 'number' && typeof v !== 'string') for (const w of v) add(w); };
    add(t.z || t.y || []); return s.toFixed(6); }).join(',')).join('|')"""


def ready_value(page, script, arg=None, timeout=20000):
    """What `script` returns once it is not null: evaluated in one go, so never on a chart a rerun is remounting."""
    return page.wait_for_function(f"a => {{ const v = ({script})(a); return v === null ? null : {{v}}; }}", arg=arg,
                                  timeout=timeout).json_value()["v"]


def drawn_chart(box):
    """JS: the Plotly chart inside the element `box` (a CSS selector) once Plotly has drawn it, else null (a rerun
    remounting it, or Plotly not done yet): the scripts built on it return null then instead of throwing."""
    return (f"() => {{ const box = document.querySelector({json.dumps(box)}); "
            "const el = box && box.querySelector('.js-plotly-plot'); "
            "return (el && el._fullData && el._fullLayout && el._fullLayout.xaxis) ? el : null; }")


def to_pixels(find):
    """JS ([x, y, n]): the page's pixel at (x, y) of the chart `find` returns, on its y axis n ('' or absent: the
    first, '2' the second); null while there is no drawn chart."""
    return (f"([x, y, n]) => {{ const el = ({find})(); if (!el) return null; const L = el._fullLayout; "
            "const r = el.getBoundingClientRect(); const xa = L.xaxis, ya = L['yaxis' + (n || '')]; "
            "return [r.left + xa._offset + xa.l2p(x), r.top + ya._offset + ya.l2p(y)]; }")


def scroll_to(page, find):
    """The chart `find` returns to the middle of the screen, once it is drawn."""
    page.wait_for_function(f"() => {{ const el = ({find})(); if (!el) return false; "
                           "el.scrollIntoView({block: 'center'}); return true; }", timeout=20000)
    page.wait_for_timeout(300)


# Some chart is on the page and Plotly has drawn every one (its data and layout are filled in).
CHARTS_DRAWN = """() => document.querySelectorAll('.js-plotly-plot').length > 0 &&
  Array.from(document.querySelectorAll('.js-plotly-plot')).every(e => e._fullData && e._fullLayout)"""
# Margins Plotly had to widen after a first drawing (and so drew the chart a second time): the estimate in
# ui.figures.reserve_margins was too small for that chart.
WIDENED_MARGINS = """() => Array.from(document.querySelectorAll('.js-plotly-plot')).flatMap(el => {
  const L = el._fullLayout || {}, s = L._size || {}, m = L.margin || {};
  const sides = ['l', 'r', 't', 'b'].filter(k => Math.round(s[k]) > Math.round(m[k]));
  return sides.length ? [`${(L.title && L.title.text || '(untitled)').replace(/<[^>]+>/g, '')}: ` +
    sides.map(k => `${k} ${m[k]} -> ${Math.round(s[k])}`).join(', ')] : []; })"""

# Legends that touch an x axis' tick labels or title (a legend under a short plot, or in presentation type).
LEGEND_OVERLAPS = """() => Array.from(document.querySelectorAll('.js-plotly-plot')).flatMap(el => {
  const box = el.querySelector('.legend') && el.querySelector('.legend').getBoundingClientRect();
  if (!box || !box.width) return [];
  const meets = r => r.width && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
  const hit = Array.from(el.querySelectorAll('[class^="g-x"][class$="title"] text, [class^="x"][class$="tick"] text'))
    .filter(t => meets(t.getBoundingClientRect()));
  const L = el._fullLayout || {};
  return hit.length ? [`${(L.title && L.title.text || '(untitled)').replace(/<[^>]+>/g, '')}: legend meets ` +
    hit.map(t => JSON.stringify(t.textContent)).join(', ')] : []; })"""


def assert_margins_reserved(page):
    """No chart on the page needed Plotly to widen its margins (which costs a second drawing per redraw)."""
    assert page.evaluate(WIDENED_MARGINS) == []


def assert_legends_clear(page):
    """No chart's legend overlaps the tick labels or the title of an x axis."""
    assert page.evaluate(LEGEND_OVERLAPS) == []


def assert_first_slider_redraws_a_chart(page):
    """Three ArrowRight presses on the first slider of the main area change some chart's numbers, and the page
    stays healthy."""
    assert_a_slider_redraws_a_chart(page, first_only=True)


# On a page counting its runs (tests/browser_env.RUN_COUNTER), after slider presses: their runs are over (one started
# since `started`, the script stopped and its state unchanged for a second, as a slider sends its value a moment after
# its last key) and every chart is drawn.
PRESSES_ANSWERED = f"""started => {{ const r = window.__ksRuns, app = document.querySelector("[data-testid='stApp']");
  return r.started > started && !!app && app.getAttribute('data-test-script-state') === 'notRunning' &&
    Date.now() - r.changed >= 1000 && ({CHARTS_DRAWN})(); }}"""


def assert_a_slider_redraws_a_chart(page, first_only=False):
    """Three ArrowRight presses on each slider of the main area (or the first only) change some chart's numbers;
    the page stays healthy. Every slider is pressed before the one wait, so a slider that feeds no chart here (a
    topic bar's slider this section does not draw) costs no timeout of its own; on a page counting its runs, a
    section whose sliders redraw no chart costs none either (the wait ends once the presses' runs are over). A section
    whose sliders only change the numbers beside its picture (a point set the student clicks) passes when those
    numbers change."""
    page.wait_for_function(CHARTS_DRAWN)
    sliders = page.locator("[data-testid='stMain']").get_by_role("slider")
    count = 1 if first_only else sliders.count()
    assert count, "a slider in the main area"
    before = page.evaluate(CHART_SIGNATURE)
    text = page.locator("[data-testid='stMain']").inner_text()
    runs = runs_so_far(page)
    for i in range(count):
        sliders.nth(i).focus()
        for _ in range(3):
            page.keyboard.press("ArrowRight")
    redraw, arg = f"before => ({CHART_SIGNATURE})() !== before", before
    if not first_only and not runs.get("none"):   # no chart redrawn is known once the presses' runs are over
        redraw, arg = f"([before, started]) => ({redraw})(before) || ({PRESSES_ANSWERED})(started)", [before, runs["started"]]
    try:
        page.wait_for_function(redraw, arg=arg, timeout=30000)
        redrawn = page.evaluate(CHART_SIGNATURE) != before
    except Exception:  # noqa: BLE001 — no slider here feeds a chart: the numbers beside it must change instead
        assert not first_only, f"the first of the {count} sliders of the main area changed no chart"
        redrawn = False
    settle(page)
    if redrawn and page.evaluate(CHART_SIGNATURE) != before:
        assert_healthy(page)
        assert_margins_reserved(page)
        return
    assert not first_only, "the first slider's chart came back to the same numbers"
    page.wait_for_function("t => document.querySelector(\"[data-testid='stMain']\").innerText !== t", arg=text,
                           timeout=30000)
    assert_healthy(page)


def assert_section_charts_redraw(page):
    """A section's charts: drawn with the margins they reserved, legends clear of the axes; a slider of the main
    area redraws one (or, without a slider, the fixed picture is drawn), and the page stays healthy."""
    page.wait_for_function(CHARTS_DRAWN, timeout=60000)   # Plotly's script may load after the run ends
    assert_margins_reserved(page)
    assert_legends_clear(page)
    if page.locator("[data-testid='stMain']").get_by_role("slider").count():
        assert_a_slider_redraws_a_chart(page)
    else:  # a section whose picture has no slider (a fixed counter-example): drawn and healthy
        assert page.locator("[data-testid='stMain'] .js-plotly-plot").count() >= 1
        assert_healthy(page)


def trace_points(find, name, digits):
    """JS: the (x, y) points of the trace named `name` on the chart `find` returns, rounded to `digits` decimals; null
    while the chart is not drawn or has no such trace."""
    scale = 10 ** digits
    return (f"() => {{ const el = ({find})(); if (!el) return null; "
            f"const t = el._fullData.find(t => t.name === {json.dumps(name)}); if (!t) return null; "
            f"return Array.from(t.x).map((x, i) => [Math.round(x * {scale}) / {scale}, "
            f"Math.round(t.y[i] * {scale}) / {scale}]); }}")


def wait_for_length(page, script, n):
    """Wait until `script` (trace_points) returns n points, then for the app to settle."""
    page.wait_for_function(f"n => {{ const d = ({script})(); return d && d.length === n; }}", arg=n, timeout=20000)
    settle(page)
