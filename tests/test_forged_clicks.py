"""Forged click messages: a click component's value is checked in one place (ui.points_click.clicked_place: a number,
finite, inside the plotted window) before any page sees it. Over a real served app, every section of pages.TOPICS is
opened and every click catcher on it is sent hand-built click events (text, null, NaN, infinities, integers beyond float
range, huge and off-window places): no exception, and nothing is stored (the link the app writes stays as it was). A
real click inside the window is the positive control: it changes the link where the page keeps its clicks there. The
sweeps' values (a drag's end) are sent the same values."""
import json

import pytest

from bench.student import run_async
from pages import sections, url_path
from tests.forge import Forger
from ui.points_click import clicked_place, plotted_window
from ui.points_io import finite_number

WINDOW = ((-3.0, 3.0), (-3.0, 3.0))
HUGE_INT = "1" + "0" * 400
BAD_VALUES = ['"1"', "null", "true", "[1, 2]", "{}", "NaN", "Infinity", "-Infinity", "1e999", HUGE_INT, "-" + HUGE_INT,
              "1e300", "-1e300", "50"]


def bad_clicks(subplot, window):
    """Click events no browser sends: each coordinate in turn a bad value (the other in the window), a message of
    another kind, a place just outside the window."""
    (x0, x1), (y0, y1) = window
    mid = (x0 + x1) / 2, (y0 + y1) / 2
    out = ['"text"', "null", "[0.5, 0.5]", "17", '{"x": 0.5}', json.dumps({"x": mid[0], "y": mid[1], "subplot": "x9y9"})]
    for v in BAD_VALUES:
        out.append(f'{{"x": {v}, "y": {mid[1]!r}, "subplot": "{subplot}"}}')
        out.append(f'{{"x": {mid[0]!r}, "y": {v}, "subplot": "{subplot}"}}')
    span = x1 - x0
    out.append(json.dumps({"x": x1 + 0.01 * span, "y": mid[1], "subplot": subplot}))
    out.append(json.dumps({"x": mid[0], "y": y0 - 0.01 * (y1 - y0), "subplot": subplot}))
    return out


@pytest.mark.parametrize("text", BAD_VALUES)
def test_a_bad_coordinate_is_no_place(text):
    click = {"x": json.loads(text) if text != HUGE_INT else int(HUGE_INT), "y": 0.0, "subplot": "xy"}
    assert clicked_place(click, "xy", WINDOW) is None
    assert clicked_place({**click, "x": 0.0, "y": click["x"]}, "xy", WINDOW) is None


@pytest.mark.parametrize("click", [None, "text", [1, 2], {"y": 0, "subplot": "xy"}, {"x": 1.0, "y": 0.5, "subplot": "x2y2"},
                                   {"x": 3.5, "y": 0.0, "subplot": "xy"}, {"x": 0.0, "y": -3.01, "subplot": "xy"}])
def test_a_message_that_is_no_click_inside_the_window_is_no_place(click):
    assert clicked_place(click, "xy", WINDOW) is None


def test_a_click_inside_the_window_is_a_place_and_no_window_takes_none():
    assert clicked_place({"x": 1, "y": -0.5, "subplot": "xy"}, "xy", WINDOW) == (1.0, -0.5)
    assert clicked_place({"x": 3.0, "y": -3.0, "subplot": "xy"}, "xy", WINDOW) == (3.0, -3.0)
    assert clicked_place({"x": 1, "y": -0.5, "subplot": "xy"}, "xy", None) is None


def test_finite_number_takes_only_finite_ints_and_floats():
    assert [finite_number(v) for v in (1, -2.5, 0)] == [1.0, -2.5, 0.0]
    assert all(finite_number(v) is None for v in (True, "1", None, [1], float("nan"), float("inf"), 10 ** 400))


def test_the_plotted_window_is_read_from_a_figure_or_its_data():
    import plotly.graph_objects as go

    fig = go.Figure(layout={"xaxis": {"range": [2, -1]}, "yaxis": {"range": [0, 5]}})
    assert plotted_window(fig) == ((-1.0, 2.0), (0.0, 5.0))
    assert plotted_window(fig.to_dict()) == ((-1.0, 2.0), (0.0, 5.0))
    assert plotted_window(go.Figure()) is None


# The sections whose charts take clicks (the scan below must find a catcher on each, so it cannot pass by finding none)
# and those of them that write a click into the link (the positive control).
CONSUMERS = {"kernels-geometry", "svm", "kernel-pca-new-point",
             "kernel-ridge", "kernel-ridge-gp-prior", "perceptron-knn-rules", "rkhs-reproducing", "graphs"}
WRITES_THE_LINK = {"svm", "kernel-ridge", "perceptron-knn-rules", "kernel-pca-new-point"}


async def _forge_section(app_url, path):
    """Open `path`, send every catcher the bad clicks and every sweep bad values; then one click inside the window.
    Returns (catchers, sweeps, problems, link changed by the good click)."""
    problems, changed = [], None
    async with Forger(app_url) as f:
        await f.open(path)
        await f.settle()
        catchers = [c.id for c in f.named("kernelscope.plot_click")]
        for cid in catchers:
            catcher = f.components[cid]
            window = f.window(catcher)
            subplot = (catcher.data or {}).get("subplot", "xy")
            before = f.query
            for click in bad_clicks(subplot, window):
                await f.trigger(catcher, "click", click)
                if f.exceptions or f.query != before:
                    problems.append(f"{click[:80]}: {f.exceptions[-1:]} link {before[:60]!r} -> {f.query[:60]!r}")
                    f.exceptions.clear()
                catcher = next((c for c in f.components.values() if c.id.endswith(cid.rsplit("-", 1)[-1])), catcher)
            (x0, x1), (y0, y1) = window
            await f.trigger(catcher, "click", json.dumps({"x": x0 + 0.61 * (x1 - x0), "y": y0 + 0.57 * (y1 - y0),
                                                          "subplot": subplot}))
            changed = f.query != before if changed is None else changed
            problems += f.exceptions
        sweeps = f.named("kernelscope.sweep")
        for sweep in sweeps:
            slider = (sweep.data or {}).get("slider")
            for v in BAD_VALUES:
                await f.trigger(sweep, "value", f'{{"slider": {json.dumps(slider)}, "value": {v}}}')
                problems += [f"sweep {slider} = {v[:20]}: {e}" for e in f.exceptions]
                f.exceptions.clear()
        return catchers, len(sweeps), problems, changed


def test_every_click_consumer_and_sweep_refuses_forged_values(app_url):
    found, report = set(), []
    for topic, section in sections():
        path = url_path(topic, section)
        catchers, sweeps, problems, changed = run_async(_forge_section(app_url, path))
        if catchers:
            found.add(path)
            if path in WRITES_THE_LINK and not changed:
                report.append(f"/{path}: a click inside the window changed nothing (positive control)")
        report += [f"/{path}: {p}" for p in problems]
    assert found >= CONSUMERS, f"no click catcher found on {sorted(CONSUMERS - found)} (found {sorted(found)})"
    assert not report, "\n".join(report)
