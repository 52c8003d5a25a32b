"""bench.latency measures what it claims on bench/trivial_app.py: every slider of the page is pressed, the charts
its move changes are drawn on the bare plotly.js page, and the report ends with the two worst ratios. Structure
only: no timing is asserted."""
import re

import pytest

from bench.charts import BarePlotly, survey
from bench.latency import Row, chosen_pages, measure_section, report
from bench.serve import TRIVIAL_APP, serve
from tests.app_pages import navigation

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def trivial():
    with serve(TRIVIAL_APP) as server:
        yield server.url


def test_a_slider_is_pressed_and_its_charts_drawn_on_a_bare_page(browser, trivial, capsys):
    with BarePlotly(browser) as bare:
        (row,) = measure_section(browser, bare, trivial, "", repeat=2, warmup=1, first_only=False)
        pairs = survey(trivial, "").moves[0].pairs
        new, react = bare.draw(pairs, "new", 3), bare.draw(pairs, "react", 3, sizes=[[704, 250]])
    assert isinstance(row, Row) and row.move.key == "trivial_a" and row.note == ""
    assert len(row.times) == 2 and all(t > 0 for t in row.times)
    assert row.draw > 0 and len(new) == len(react) == 3
    report([row, Row("nowhere", None, note="failed: on purpose")], [100.0], [120.0], 2)
    lines = capsys.readouterr().out.strip().splitlines()
    assert re.fullmatch(r"latency: worst ratio to trivial \d+\.\d\dx \(/ slope a\); [01] of 1 sliders over the "
                        r"target <= 2\.0x", lines[-2])
    assert re.fullmatch(r"latency: worst ratio to trivial\+draw \d+\.\d\dx \(/ slope a\); [01] of 1 sliders over "
                        r"the target <= 1\.25x", lines[-1])
    assert any(line.startswith("/nowhere") and "failed: on purpose" in line for line in lines)


def test_the_sections_to_measure_come_from_the_navigation():
    every = [u for _, u in navigation() if u]
    assert chosen_pages() == every
    assert chosen_pages(pages=[every[-1], "no-such-page"]) == [every[-1]]
    topic = every[0].split("-")[0]
    assert chosen_pages(topics=[topic])[0] == every[0]
