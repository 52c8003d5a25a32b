"""AppTest of the SVM sections' classroom features (issue 8): the margins counts as one element with help on hover,
Compare A / B, the exercises (Predict-then-check), the PNG-only toolbar on every chart, presentation mode, and in
Chromium a click on each map adds a point."""
import json

import pytest

from pages.svm.figures import CHART_HEIGHT
from pages.svm.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.click_catcher import click_catcher
from tests.support.svm_sections import CV, GAUSS_LAPLACE, HINGE, MARGINS, SUBGRADIENT, charts, expected, latex, shown_metrics

pytestmark = pytest.mark.timeout(600)


def metrics(at, label):
    return [value for name, value in shown_metrics(at) if name == label]


def test_margins_counts_are_one_element_with_their_help_on_hover():
    """The six counts and accuracies beside the map are one element (a grid in one st.markdown), in their order,
    each help text on its label, escaped."""
    at = open_page(MARGINS)
    grids = [md.value for md in at.markdown if 'class="ks-metrics"' in md.value]
    assert len(grids) == 1 and not at.metric
    assert [label for label, _ in shown_metrics(at)] == [
        "Support vectors", "… with α = C", "Margin violations", "Misclassified (training)", "Training accuracy",
        "Held-out accuracy"]
    assert 'title="y f(x) &lt; 1: inside the margin or misclassified"' in grids[0]
    assert 'title="αᵢ = C = 1: on the wrong side of their margin line (or on it)"' in grids[0]


def test_compare_a_b_draws_two_clickable_fits_with_their_own_counts():
    at = open_page(MARGINS)
    assert "svm_b_map" not in charts(at) and len(metrics(at, "Support vectors")) == 1   # default view: A only
    at.toggle(key=KEY.COMPARE).set_value(True).run()
    assert not page_errors(at)
    maps = charts(at)
    for key in ("svm_map", "svm_b_map"):
        assert click_catcher(at, key) == {"subplot": "xy"}, key                 # a click adds / removes a point
        assert maps[key]["layout"]["xaxis"]["range"] == [-3.0, 3.0] == maps[key]["layout"]["yaxis"]["range"]
    assert tag(maps["svm_b_map"]).startswith("B: RBF / Gaussian, γ = 1, C = 100")
    assert tag(maps["svm_map"]).startswith("A: RBF / Gaussian, γ = 1, C = 1")
    # the key is one row over both maps (ui.legend), so neither map gives room to a legend of its own
    assert not any(maps[key]["layout"].get("showlegend") for key in ("svm_map", "svm_b_map"))
    assert sum('class="ks-legend"' in md.value for md in at.markdown) == 1
    a, b = expected(C=1.0), expected(C=100.0)       # B starts with C = 100 over the same points
    assert metrics(at, "Support vectors") == [f"{a['n_sv']} of {a['n']}", f"{b['n_sv']} of {b['n']}"]
    assert metrics(at, "Margin violations") == [str(a["violations"]), str(b["violations"])]
    assert metrics(at, "Held-out accuracy") == [f"{a['test']:.1%}", f"{b['test']:.1%}"]
    at.select_slider(key=KEY.B_GAMMA).set_value(10.0).run()
    at.select_slider(key=KEY.B_C).set_value(1.0).run()
    b = expected(C=1.0, gamma=10.0)
    assert metrics(at, "Support vectors")[1] == f"{b['n_sv']} of {b['n']}"
    assert metrics(at, "Support vectors")[0] == f"{a['n_sv']} of {a['n']}"          # A untouched
    at.selectbox(key=KEY.B_KERNEL).set_value("linear").run()
    assert not page_errors(at) and tag(charts(at)["svm_b_map"]) == "B: Linear, C = 1"


def in_order(node):
    """The page's elements in the order they are drawn (depth first)."""
    children = getattr(node, "children", None)
    if not children:
        return [node]
    return [e for key in sorted(children) for e in in_order(children[key])]


def test_a_warning_under_one_map_of_compare_a_b_keeps_the_maps_level():
    """B with the sigmoid kernel (not PSD) carries a warning; it stands under B's map, not above it (above, it pushed
    map B below map A)."""
    at = open_page(MARGINS, query={KEY.COMPARE: "true", KEY.B_KERNEL: "Sigmoid (not PSD)"})
    assert not page_errors(at)
    drawn = in_order(at.main)
    b_map = next(i for i, e in enumerate(drawn) if getattr(e, "type", "") == "plotly_chart"
                 and e.proto.id.endswith("-svm_b_map"))
    warning = next(i for i, e in enumerate(drawn) if getattr(e, "type", "") == "warning" and "SVM B" in str(e.value))
    assert b_map < warning


def tag(spec):
    """The name written in a map's corner ("A: …", "B: …")."""
    (text,) = [a["text"] for a in spec["layout"].get("annotations", ()) if a["text"].startswith("<b>")]
    return text.removeprefix("<b>").removesuffix("</b>")


def check(at, exercise, answer):
    at.radio(key=f"svm_ex_{exercise}").set_value(answer).run()
    at.button(key=f"svm_ex_{exercise}_check").click().run()
    assert not page_errors(at)


def sv_counts(at):
    return [int(v.split()[0]) for v in metrics(at, "Support vectors")]


def test_exercise_gamma_reveals_a_b_with_a_large_gamma():
    at = open_page(MARGINS)
    check(at, "svm_rbf_gamma", 1)
    assert at.toggle(key=KEY.COMPARE).value
    assert at.select_slider(key=KEY.GAMMA).value == 1.0 and at.select_slider(key=KEY.B_GAMMA).value == 31.6
    a, b = sv_counts(at)
    assert b == expected(C=1.0, gamma=31.6)["n_sv"] and b > a     # narrow bumps: many more support vectors
    assert any("Right" in s.value for s in at.success)


def test_exercise_gauss_laplace_sets_kriege_width_beside_its_maps():
    at = open_page(GAUSS_LAPLACE)
    at.select_slider(key=KEY.H).set_value(1.0).run()
    check(at, "svm_gauss_laplace", 1)                               # a wrong answer still reveals
    assert at.select_slider(key=KEY.H).value == 0.316
    assert r"\gamma = \frac{1}{h^2} = 10" in latex(at) and r"\gamma = \frac{1}{h} = 3.16" in latex(at)
    assert any("the answer is **The Gaussian's**" in w.value for w in at.warning)
    assert [c.proto.id.rsplit("-", 1)[-1] for c in at.get("plotly_chart")] == ["svm_rbf_map", "svm_laplacian_map"]


def test_exercise_C_sets_its_comparison():
    at = open_page(MARGINS)
    check(at, "svm_C_support", 1)
    assert at.selectbox(key=KEY.B_KERNEL).value == "rbf" and at.select_slider(key=KEY.B_C).value == 100.0
    a, b = sv_counts(at)
    assert (a, b) == (expected(C=1.0)["n_sv"], expected(C=100.0)["n_sv"]) and b < a


@pytest.mark.parametrize("file", [MARGINS, GAUSS_LAPLACE, SUBGRADIENT, CV, HINGE])
def test_every_chart_has_the_png_only_toolbar(file):
    at = open_page(file)
    if file == MARGINS:
        at.toggle(key=KEY.COMPARE).set_value(True).run()
    configs = [json.loads(c.proto.config) for c in at.get("plotly_chart")]
    assert configs
    for config in configs:
        assert config.get("displaylogo") is False and "zoom2d" in config["modeBarButtonsToRemove"]
        assert config.get("displayModeBar") is not False                 # the toolbar (PNG download) is there


def test_explanations_hide_when_presenting_and_the_main_chart_fills_the_projector():
    at = open_page(HINGE)
    hinge = "the SVM's hinge also charges"
    assert any(hinge in m.value for m in at.markdown)
    at.toggle(key="present").set_value(True).run()
    assert not page_errors(at)
    assert not any(hinge in m.value for m in at.markdown)
    layout = json.loads(at.get("plotly_chart")[0].proto.spec)["layout"]
    assert layout["height"] == CHART_HEIGHT[True] and not layout.get("title", {}).get("text")   # all of it plot
    assert layout["margin"]["t"] + layout["margin"]["b"] <= CHART_HEIGHT[True] - 440


@pytest.mark.timeout(300)
def test_browser_click_on_each_map_adds_a_point(page, app_url):
    """A click on the plane (over the filled f(x)) adds a point; in A / B mode so does a click on B's map."""
    from tests.support.app_runs import open_url, settle
    from tests.support.charts import drawn_chart, ready_value, to_pixels

    def click(chart_key, x, y, n):
        page.locator(f".st-key-{chart_key} .js-plotly-plot").scroll_into_view_if_needed()
        px, py = ready_value(page, to_pixels(drawn_chart(f".st-key-{chart_key}")), [x, y])
        page.mouse.click(px, py)
        page.wait_for_function("n => document.body.innerText.includes(`your own points (${n})`)", arg=n,
                               timeout=30000)
        settle(page)

    open_url(page, f"{app_url}/svm")
    click("svm_map", 2.5, -2.5, 121)
    page.get_by_text("Compare A / B").click()
    page.wait_for_selector(".st-key-svm_b_map .js-plotly-plot", timeout=60000)
    settle(page)
    click("svm_b_map", -2.5, 2.5, 122)
    assert page.locator("[data-testid='stException']").count() == 0
