"""bench.limits counts what it claims: the delta messages of one slider move, and the charts that move changes.

Checked on bench/delta_app.py, whose script says what a move must send (a slider, a chart, K captions), and
on the real app's /kernels page, whose x₀ sliders sit in an st.fragment."""
import json

import pytest

from bench.limits import DELTA_APP, survey
from bench.load import run_async
from bench.serve import serve


@pytest.fixture(scope="module")
def delta_app():
    with serve(DELTA_APP) as server:
        yield server.url


def test_a_move_of_the_trivial_app_sends_its_slider_and_its_chart(delta_app):
    rows, pairs = run_async(survey(delta_app, ""))
    assert rows == [("slope a", False, 2)]  # st.slider + st.plotly_chart, nothing else
    (before, after), = pairs
    assert before["data"][0]["type"] == after["data"][0]["type"] == "scatter"
    assert before["data"] != after["data"] and before["layout"] == after["layout"]


def test_a_fragment_slider_sends_only_its_fragment(app_url):
    rows, pairs = run_async(survey(app_url, "kernels"))
    by_label = {label: (fragment, deltas) for label, fragment, deltas in rows}
    page_wide, panel = by_label["γ (gamma)"], by_label["x₀ first coordinate"]
    assert page_wide[0] is False and panel[0] is True
    assert 2 < panel[1] < page_wide[1]  # the panel's elements only, the whole page for γ
    assert pairs and all(json.dumps(a) != json.dumps(b) for a, b in pairs)  # γ changes these charts
