"""bench.charts.survey (bench.limits, bench.latency, bench.navigate) counts what it claims: the elements (delta
messages) and bytes of one slider move, and the charts that move changes.

Checked on bench/delta_app.py, whose script says what a move must send (a slider, a chart, K captions), and on
the real app's /svm section (the class-load page), whatever its layout."""
import json

import pytest

from bench.charts import survey
from bench.limits import DELTA_APP
from bench.serve import serve


@pytest.fixture(scope="module")
def delta_app():
    with serve(DELTA_APP) as server:
        yield server.url


def test_a_move_of_the_trivial_app_sends_its_slider_and_its_chart(delta_app):
    found = survey(delta_app, "")
    assert found.charts == [(0, 1)] and found.open_deltas == 2
    (move,) = found.moves
    assert (move.label, move.key, move.fragment, move.deltas) == ("slope a", "trivial_a", False, 2)
    assert 1000 < move.bytes < 100 * 1024  # the slider, the chart's JSON (Plotly's template), script_finished
    assert move.paths == [(0, 1)]
    (before, after), = move.pairs
    assert before["data"][0]["type"] == after["data"][0]["type"] == "scatter"
    assert before["data"] != after["data"] and before["layout"] == after["layout"]


def test_every_slider_of_a_section_is_surveyed(app_url):
    found = survey(app_url, "svm")
    assert found.moves, "no slider in /svm's main area"
    assert all(m.deltas >= 1 and m.bytes > m.deltas for m in found.moves)
    assert all(p in m.paths for m in found.moves for p in m.paths)
    for m in found.moves:
        assert len(m.pairs) == len(m.paths)
        assert all(json.dumps(a) != json.dumps(b) for a, b in m.pairs)  # only the charts the move changed
    page_wide = [m.deltas for m in found.moves if not m.fragment]
    panel = [m.deltas for m in found.moves if m.fragment]
    if page_wide and panel:  # a slider in an st.fragment re-sends its fragment only
        assert max(panel) < max(page_wide)
    opened = survey(app_url, "svm", move=False)
    assert opened.moves == [] and opened.charts == found.charts
