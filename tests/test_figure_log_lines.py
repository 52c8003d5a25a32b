"""Charts on log axes. A marked value: the dotted line and its label stand at the same x. Plotly places a line (a
shape) at x itself and an annotation at log10 of x, so add_vline's own label stood at 10^x: "current" at λ ≈ 1.26
beside a line at λ = 0.1 on /kernel-ridge-overfitting, and "p = n" off the chart on /kernel-ridge-primal-dual.
/mercer-approx's error curves: every x tick written in full (Plotly wrote "2 5 10 2 5 100 2") and no error bar below
zero (on a log axis it ran off the chart). /kernel-ridge-dual-derivation's steps: a label per decade and "0" for step 0
(Plotly's labels ran together: "10002000")."""
import numpy as np
import pytest

from pages.kernel_ridge import figures, figures_cv
from tests.app_pages import values


def line_and_label(fig, text):
    layout = (fig if isinstance(fig, dict) else fig.to_dict())["layout"]
    (line,) = [s for s in layout["shapes"] if s["type"] == "line"]
    (label,) = [a for a in layout["annotations"] if a["text"] == text]
    return layout, line, label


@pytest.mark.parametrize("current", [0.1, 1e-4, 3.0, 100.0])
def test_the_current_value_and_its_label_stand_together_on_the_error_curves(current):
    values = np.logspace(-5, 3, 9)
    layout, line, label = line_and_label(figures_cv.error_curves(values, values + 1.0, values + 2.0, current, "λ", present=False),
                                         "current")
    assert layout["xaxis"]["type"] == "log"
    assert line["x0"] == line["x1"] == current
    assert label["xref"] == "x" and label["x"] == pytest.approx(np.log10(current))
    lo, hi = layout["xaxis"]["range"]
    assert lo <= label["x"] <= hi                       # on the chart


@pytest.mark.parametrize("n, present", [(20, False), (100, True), (2000, False)])
def test_p_equals_n_is_labelled_at_its_line_on_the_primal_dual_costs(n, present):
    layout, line, label = line_and_label(figures.cost_figure(n, 10, present=present), f"p = n = {n}")
    assert layout["xaxis"]["type"] == "log"
    assert line["x0"] == line["x1"] == n
    assert label["x"] == pytest.approx(np.log10(n))
    lo, hi = layout["xaxis"]["range"]
    assert lo <= label["x"] <= hi


def test_the_feature_error_curves_write_every_tick_and_keep_their_bars_on_the_chart():
    from pages.mercer import figures as mercer

    sizes = [2, 10, 100]
    rff, nystroem = (sizes, [0.5, 0.1, 0.02], [0.6, 0.05, 0.01]), (sizes, [0.3, 1e-9, 1e-12], [0.1, 2e-9, 0.0])
    fig = mercer.error_vs_features(rff, nystroem, 10, "t", present=False)
    layout = (fig if isinstance(fig, dict) else fig.to_dict())["layout"]
    assert layout["xaxis"]["ticktext"] == [str(v) for v in layout["xaxis"]["tickvals"]]
    assert len(set(layout["xaxis"]["ticktext"])) == len(layout["xaxis"]["ticktext"])
    assert layout["yaxis"]["range"][0] <= np.log10(1e-12)          # the smallest mean is on the chart
    data = (fig if isinstance(fig, dict) else fig.to_dict())["data"]
    for trace, (_, mean, sd) in zip(data, (rff, nystroem)):
        below, above = values(trace["error_y"]["arrayminus"]), values(trace["error_y"]["array"])
        assert (np.asarray(mean) - below > 0).all()                 # every bar's lower end is above zero
        np.testing.assert_allclose(above, sd, rtol=1e-6)            # and its upper end is the spread


@pytest.mark.parametrize("last", [9, 80, 5000])
def test_the_dual_derivations_steps_are_labelled_by_decade_with_step_0_at_the_left_edge(last):
    from pages.kernel_ridge import figures_derivations

    steps = np.arange(last + 1)
    J = 1.0 + 1.0 / (1.0 + steps)
    fig = figures_derivations.objectives_figure(steps, J, J + 0.5, 1.0, min(10, last), present=False)
    axis = (fig if isinstance(fig, dict) else fig.to_dict())["layout"]["xaxis"]
    assert axis["tickvals"][0] == 0.5 and axis["ticktext"][0] == "0"        # step 0 drawn at k = 0.5
    decades = axis["tickvals"][1:]
    assert decades == [10.0 ** e for e in range(len(decades))] and 10 * decades[-1] > last >= decades[-1]
    assert axis["ticktext"][1:] == [f"{v:g}" for v in decades]
