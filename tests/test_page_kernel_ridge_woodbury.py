"""AppTest of Kernel ridge › The Woodbury identity: Held's chain on screen with every line's difference from the left
side at round-off, the costs against the leading-term counts, the cost map's marker at the sliders, and λ = 0."""
import json
import re

import pytest

from pages.kernel_ridge.settings import KEY
from tests.app_pages import open_page, page_errors

FILE = "pages/kernel_ridge/woodbury.py"


def chart(at):
    return json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{KEY.WB_CHART}")))


def numbers(at):
    text = " ".join(lx.value for lx in at.latex)
    offs = [float(m) * 10 ** int(e) for m, e in re.findall(r"off by } ([0-9.]+)\\times10\^\{(-?\d+)\}", text)]
    offs += [0.0] * text.count(r"off by } 0\ ")
    costs = [int(v.replace(r"\,", "")) for v in re.findall(r"/3 = (\d+(?:\\,\d+)*)", text)]
    return offs, costs


@pytest.mark.parametrize("n, p", [(12, 5), (3, 43)])
def test_the_chain_holds_and_the_costs_are_the_counts(n, p):
    at = open_page(FILE)
    at.select_slider(key=KEY.WB_N).set_value(n).run()
    at.select_slider(key=KEY.WB_P).set_value(p).run()
    assert not page_errors(at)
    offs, costs = numbers(at)
    assert len(offs) == 5 and max(offs) < 1e-9
    assert costs == [round(2 * n * p**2 + p**3 / 3), round(2 * n**2 * p + n**3 / 3)]
    cheaper = " ".join(c.value for c in at.caption)
    assert ("the right side (n × n)" if p > n else "the left side (p × p)") in cheaper
    marker = next(t for t in chart(at)["data"] if t.get("name", "").startswith("n = "))
    assert marker["name"].startswith(f"n = {n}, p = {p}")


def test_lambda_zero_keeps_the_map_and_says_why_there_is_no_chain():
    at = open_page(FILE)
    at.checkbox(key=KEY.LAM_ZERO).check().run()
    assert not page_errors(at)
    assert any("needs λ > 0" in i.value for i in at.info)
    assert chart(at)["data"][0]["type"] == "heatmap"
