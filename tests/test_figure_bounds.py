"""Kernel ridge's clickable charts: the section reads a click against bounds computed from plain values
(figures.fit_bounds, figures_gp.gp_prior_bounds), never from the finished figure; the figure draws exactly those
axes, so a click lands where the student sees it."""
import pytest

from pages.kernel_ridge import compute, compute_gp, figures, figures_gp
from tests.support.parts import level_lines
from ui.kernel_choice import Single
from ui.ranges import KERNEL_RIDGE as R

DATA = ("sine", 12, R["noise"][2], 0)


@pytest.mark.parametrize("truth", [True, False])
@pytest.mark.parametrize("kernel", [Single.of("rbf", gamma=1.0), Single.of("linear")])
def test_the_fit_chart_draws_the_bounds_its_clicks_are_read_against(truth, kernel):
    X, y = compute.dataset(DATA)
    fit, band = compute.krr_fit(DATA, kernel, 0.1), compute.fit_band(DATA, kernel, 0.1)
    built = figures.fit_figure.uncached(X, y, fit.xs, fit.f, fit.alpha, truth=truth, std=band.std, reach=band.reach)
    layout = built.figure.to_dict()["layout"]
    x0, x1, lo, hi = figures.fit_bounds(fit.xs, y, truth, band.reach)
    assert layout["xaxis"]["range"] == [x0, x1] and layout["yaxis"]["range"][1] == hi
    assert built.parts.lo == lo < hi and layout["yaxis"]["range"][0] < lo   # the αᵢ strip under the band
    assert level_lines(layout) == [lo]   # the line at lo


@pytest.mark.parametrize("posterior", [True, False])
@pytest.mark.parametrize("kernel", [Single.of("rbf", gamma=1.0), Single.of("poly", degree=2, gamma=1.0, coef0=1.0)])
def test_the_gp_chart_draws_the_bounds_its_clicks_are_read_against(posterior, kernel):
    res, X, y = compute_gp.gp_prior(DATA, kernel, 0.05, 3, 0)
    layout = figures_gp.gp_prior_figure.uncached(X, y, res, posterior).to_dict()["layout"]
    x0, x1, lo, hi = figures_gp.gp_prior_bounds(y, res)
    assert layout["xaxis"]["range"] == [x0, x1] and layout["yaxis"]["range"] == [lo, hi] and lo < hi
