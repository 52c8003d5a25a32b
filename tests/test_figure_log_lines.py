"""A marked value on a log x axis: the dotted line and its label stand at the same x. Plotly places a line (a shape)
at x itself and an annotation at log10 of x, so add_vline's own label stood at 10^x: "current" at λ ≈ 1.26 beside a
line at λ = 0.1 on /kernel-ridge-overfitting, and "p = n" off the chart on /kernel-ridge-primal-dual."""
import numpy as np
import pytest

from pages.kernel_ridge import figures


def line_and_label(fig, text):
    layout = (fig if isinstance(fig, dict) else fig.to_dict())["layout"]
    (line,) = [s for s in layout["shapes"] if s["type"] == "line"]
    (label,) = [a for a in layout["annotations"] if a["text"] == text]
    return layout, line, label


@pytest.mark.parametrize("current", [0.1, 1e-4, 3.0, 100.0])
def test_the_current_value_and_its_label_stand_together_on_the_error_curves(current):
    values = np.logspace(-5, 3, 9)
    layout, line, label = line_and_label(figures.error_curves(values, values + 1.0, values + 2.0, current, "λ"),
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
