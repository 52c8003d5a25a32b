"""Issue 9, target 5: at most ~150 KB per chart per rerun. Every chart of every page is measured as the
JSON spec Streamlit sends to the browser, at default settings and with the sidebar's largest data set
(Gram heatmaps of many points are shown as block means, scatter plots stay small)."""
import pytest

from tests.app_pages import navigation, open_page, page_errors

MAX_CHART_BYTES = 150_000
PAGES = [f for f, _ in navigation()]


def chart_sizes(at):
    """{chart key or position: bytes of the spec sent to the browser} for every Plotly chart on the page."""
    charts = at.get("plotly_chart")
    return {(c.proto.id.rsplit("-", 1)[-1] or str(i)): len(c.proto.spec.encode()) for i, c in enumerate(charts)}


@pytest.mark.parametrize("file", PAGES)
@pytest.mark.parametrize("at_largest_data", [False, True], ids=["default-data", "largest-data"])
def test_every_chart_is_at_most_150_kb(file, at_largest_data):
    at = open_page(file)
    if at_largest_data:
        n = at.slider(key="data_n")
        n.set_value(n.max).run()
    assert not page_errors(at)
    sizes = chart_sizes(at)
    if file != "pages/home/overview.py":
        assert sizes, f"{file} draws charts"
    too_big = {k: v for k, v in sizes.items() if v > MAX_CHART_BYTES}
    assert not too_big, f"{file}: charts over {MAX_CHART_BYTES:,} bytes: {too_big}"


def test_the_measure_sees_a_big_chart():
    """The measure itself: a Gram heatmap of the largest data set is the biggest chart of the Kernels › Gram matrix section
    and is well above a tiny chart (so sizes are real bytes, not placeholders)."""
    at = open_page("pages/kernels/gram.py")
    at.slider(key="data_n").set_value(at.slider(key="data_n").max).run()
    sizes = chart_sizes(at)
    assert max(sizes.values()) > 20_000
