"""AppTest of the kernel ridge fit's names: the subscript i written as markup wherever a name is drawn small."""
import json

from pages.kernel_ridge.settings import KEY
from tests.app_pages import open_page

FIT = "pages/kernel_ridge/fit.py"


def chart(at, key):
    """The figure (as a dict) of the Plotly chart with this key."""
    return json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}")))


def test_the_subscript_i_is_markup_in_the_legends_and_the_chart():
    """"αᵢ" with U+1D62 reads "αı" at 12 px (the font has no ᵢ): the fit chart's legend and label of the stems write
    α<sub>i</sub>, Compare A / B's legend row too, the metric $|\\alpha_i|$."""
    at = open_page(FIT)
    fig = chart(at, KEY.FIT_CHART)
    texts = [t.get("name") or "" for t in fig["data"] if t.get("showlegend", True)] + \
        [a.get("text", "") for a in fig["layout"].get("annotations", [])]
    assert sum("α<sub>i</sub>" in t for t in texts) >= 2 and not any("ᵢ" in t for t in texts), texts
    assert not any("ᵢ" in m.label for m in at.metric)
    at.toggle(key=KEY.COMPARE).set_value(True).run()
    legend = next(m.value for m in at.markdown if "ks-legend" in m.value)
    assert "α<sub>i</sub>" in legend and "ᵢ" not in legend and "&lt;sub" not in legend, legend
