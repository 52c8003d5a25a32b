"""bench.navigate: moving to a section by its predecessor's Next link ends when the section's charts are drawn,
and a first load reports its charts and the plotly.js chunk. Structure only: no timing is asserted."""
import pytest

from bench.navigate import expected_charts, first_load, walk
from bench.serve import TRIVIAL_APP, serve
from tests.app_pages import navigation

pytestmark = pytest.mark.timeout(120)


def test_next_moves_to_the_following_section_and_waits_for_its_charts(page, app_url):
    order = [u for _, u in navigation()]
    before, target = order[1], order[2]  # the first section's Next link leads to the second
    expected = {u: expected_charts(app_url, u) for u in (before, target)}
    (seconds, charts, via), = walk(page, app_url, [target], order, expected).values()
    assert via == "Next" and seconds is not None and seconds > 0
    assert charts >= expected[target]
    assert page.url.rstrip("/").endswith("/" + target)


def test_a_first_load_counts_its_charts_and_the_plotly_chunk(browser):
    with serve(TRIVIAL_APP) as server:
        seconds, charts, sizes = first_load(browser, server.url, "", 1)
    assert seconds > 0 and charts == 1
    plotly = [decoded for url, (_, decoded) in sizes.items() if "PlotlyChart" in url]
    assert len(plotly) == 1 and plotly[0] > 1_000_000  # plotly.js, in Streamlit's lazily loaded chunk
