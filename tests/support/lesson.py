"""What the lesson's browser tests share (tests/test_browser_lesson.py, tests/test_browser_lesson_compare.py): a
section opened with room for a cold server's first run, and the box of a drawn chart with the viewport."""
from tests.support.app_runs import IDLE, opened

# The box of the chart keyed `key` once Plotly has drawn it (null before: a rerun remounting it), with the viewport.
BOX = """key => { const box = document.querySelector('.st-key-' + key);
  const plot = box && box.querySelector('.js-plotly-plot');
  if (!plot || !plot._fullLayout) return null;
  const r = box.getBoundingClientRect(), a = (box.querySelector('.nsewdrag') || box).getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: r.height, plotHeight: a.height, plotWidth: a.width,
          legend: !!plot._fullLayout.showlegend, viewH: window.innerHeight, viewW: window.innerWidth}; }"""


def open_section(page, url):
    """tests.support.app_runs.open_url, with room for a cold server's first run of a section on a busy machine."""
    page.goto(url)
    if not opened(page, timeout=180000):   # a page without the run counter: pauses for a further run after the first
        for _ in range(2):
            page.wait_for_selector(IDLE, timeout=180000)
            page.wait_for_timeout(500)
        page.wait_for_selector(IDLE, timeout=180000)
    page.wait_for_selector("[data-testid='stMain'] h1, [data-testid='stMain'] h4", timeout=30000)
