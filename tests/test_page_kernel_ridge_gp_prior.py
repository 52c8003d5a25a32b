"""AppTest of Kernel ridge › GP prior → posterior: the posterior mean and band against scikit-learn's
GaussianProcessRegressor (same fixed kernel, alpha = σ², optimizer=None) computed here; the prior view's band is
±2√k(x, x); "No points" leaves the prior (mean 0, band ±2 for RBF) and one point narrows the band there; the
variance formula's numbers at the last point against scikit-learn; a kernel that is not PSD says so; the chart
takes clicks."""
import numpy as np
import pandas as pd
import pytest
from sklearn.gaussian_process import GaussianProcessRegressor as SkGP
from sklearn.gaussian_process.kernels import RBF

from kernel_core import make_sine
from pages.kernel_ridge import points
from pages.kernel_ridge.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.click_catcher import click_catcher
from tests.support.kernel_ridge_sections import chart, trace, values

PAGE = "pages/kernel_ridge/gp_prior.py"


def sk_gp(X, y, gamma, noise):
    return SkGP(kernel=RBF(length_scale=np.sqrt(1 / (2 * gamma))), alpha=noise, optimizer=None).fit(X, y)


def band(fig, name):
    """(x, lower, upper) of a filled band trace (x there and back)."""
    t = trace(fig, name)
    x, yv = values(t, "x"), values(t, "y")
    n = len(x) // 2
    return x[:n], yv[n:][::-1], yv[:n]


def latex_text(at):
    return " ".join(e.value for e in at.latex)


@pytest.fixture(scope="module")
def gp_prior_section():
    return open_page(PAGE)


def test_posterior_on_the_sine_matches_sklearn(gp_prior_section):
    at = gp_prior_section
    assert not page_errors(at)
    noise = float(at.select_slider(key=KEY.PRIOR_NOISE).value)
    X, y = make_sine(30, 0.25, 0)
    fig = chart(at, KEY.PRIOR_CHART)
    mean = trace(fig, "posterior mean m(x)")
    xs = values(mean, "x").astype(float)[:, None]
    sk_mean, sk_std = sk_gp(X, y, 1.0, noise).predict(xs, return_std=True)
    assert values(mean, "y") == pytest.approx(sk_mean, abs=1e-5)
    _, lo, hi = band(fig, "m(x) ± 2 std")
    assert (hi - lo) / 4 == pytest.approx(sk_std, abs=1e-5)
    draws = [t for t in fig["data"] if t.get("legendgroup") == "samples"]
    assert len(draws) == at.slider(key=KEY.PRIOR_SAMPLES).value == 5
    assert click_catcher(at, KEY.PRIOR_CHART) == {"subplot": "xy"}


def test_formula_numbers_at_the_last_point(gp_prior_section):
    """var f(x*) = k(x*, x*) − k*ᵀ(K + σ²I)⁻¹k* with the numbers of the last point against scikit-learn."""
    noise = float(gp_prior_section.select_slider(key=KEY.PRIOR_NOISE).value)
    X, y = make_sine(30, 0.25, 0)
    m, s = sk_gp(X, y, 1.0, noise).predict(X[-1:], return_std=True)
    text = latex_text(gp_prior_section)
    assert f"x_* = {X[-1, 0]:.3g}" in text
    assert f"= 1 - {1 - s[0] ** 2:.4g} = {s[0] ** 2:.3g}" in text
    assert f"m(x_*) = {m[0]:.4g}" in text
    assert f"n &= 30,\\ \\sigma^2 = {noise:g}" in text


def test_prior_view_is_zero_mean_with_the_kernels_band():
    at = open_page(PAGE)
    at.segmented_control(key=KEY.PRIOR_VIEW).set_value("prior").run()
    at.slider(key=KEY.PRIOR_SAMPLES).set_value(3).run()
    assert not page_errors(at)
    fig = chart(at, KEY.PRIOR_CHART)
    assert np.all(values(trace(fig, "prior mean 0"), "y") == 0)
    _, lo, hi = band(fig, "0 ± 2√k(x, x)")
    assert np.allclose(hi, 2) and np.allclose(lo, -2)                    # RBF: k(x, x) = 1
    draws = [t for t in fig["data"] if t.get("legendgroup") == "samples"]
    assert len(draws) == 3 and draws[0]["name"].endswith(" prior samples f ~ GP(0, k)")
    assert draws[0]["name"].count("━") == 2          # the legend's one entry shows the other two curves' colours


def test_no_points_is_the_prior_and_one_point_narrows_the_band_there():
    at = open_page(PAGE)
    at.button(key=KEY.PRIOR_CLEAR).click().run()
    assert not page_errors(at)
    assert at.selectbox(key=KEY.SOURCE).value == "own" and len(at.session_state[points.POINTS]) == 0
    fig = chart(at, KEY.PRIOR_CHART)
    _, lo, hi = band(fig, "0 ± 2√k(x, x)")                              # the posterior is the prior: shown so
    assert np.allclose(hi, 2) and np.allclose(lo, -2)
    assert any("posterior **is** the prior" in m.value for m in at.markdown)
    assert at.button(key=KEY.PRIOR_CLEAR).disabled and not at.button(key=KEY.PRIOR_UNDO).disabled

    at.session_state[points.POINTS] = pd.DataFrame({"x": [2.0], "y": [1.0]})   # the table a click makes
    at.run()
    assert not page_errors(at)
    noise = float(at.select_slider(key=KEY.PRIOR_NOISE).value)
    fig = chart(at, KEY.PRIOR_CHART)
    x, lo, hi = band(fig, "m(x) ± 2 std")
    std = (hi - lo) / 4
    # one point: var f(x) = k(x, x) − k(x, 2)² / (1 + σ²), a closed form
    k = np.exp(-(x.astype(float) - 2.0) ** 2)
    assert std == pytest.approx(np.sqrt(1 - k ** 2 / (1 + noise)), abs=1e-5)
    assert std.min() < 0.3 and std.max() > 0.99                         # narrow at the point, the prior far away

    at.button(key=KEY.PRIOR_UNDO).click().run()                          # "No points" undone: the sine again
    assert at.selectbox(key=KEY.SOURCE).value == "sine" and not page_errors(at)


def test_a_kernel_that_is_not_psd_says_so():
    at = open_page(PAGE)
    at.selectbox(key=KEY.KERNEL).set_value("sigmoid").run()
    assert not page_errors(at)
    assert any("No Gaussian process with this kernel" in e.value for e in at.error)


def test_sources_are_named_by_author(gp_prior_section):
    text = " ".join(m.value for m in (*gp_prior_section.markdown, *gp_prior_section.caption))
    assert "Bishop" in text and "seed 00" not in text


def test_many_points_are_capped_with_a_note():
    from pages.kernel_ridge.compute_gp import GP_MAX_POINTS
    at = open_page(PAGE)
    at.selectbox(key=KEY.SOURCE).set_value("own").run()
    x = np.linspace(-5, 5, GP_MAX_POINTS + 100)
    at.session_state[points.POINTS] = pd.DataFrame({"x": x, "y": np.sin(x)})
    at.run()
    assert not page_errors(at)
    assert any(f"last {GP_MAX_POINTS} points only (the 100 before" in w.value for w in at.warning)
    shown = values(trace(chart(at, KEY.PRIOR_CHART), "data"), "x")
    assert len(shown) == GP_MAX_POINTS and shown[0] == pytest.approx(x[100], abs=1e-5)


def test_exercise_far_from_the_data_sets_rbf_and_the_posterior():
    at = open_page(PAGE)
    at.segmented_control(key=KEY.PRIOR_VIEW).set_value("prior").run()
    at.radio(key="kernel_ridge_ex_kr_gp_prior_far").set_value(1).run()
    at.button(key="kernel_ridge_ex_kr_gp_prior_far_check").click().run()
    assert not page_errors(at)
    assert at.segmented_control(key=KEY.PRIOR_VIEW).value == "posterior"
    x, lo, hi = band(chart(at, KEY.PRIOR_CHART), "m(x) ± 2 std")
    assert 0.97 < (hi - lo)[-1] / 4 <= 1.0                              # right of the sine's points: ~ the prior


def test_a_psd_kernel_swamped_by_round_off_is_not_called_not_psd():
    """A polynomial of degree 10 (r = 1 ≥ 0) is a Mercer kernel; on x up to 2π its K + σ²I fails Cholesky only by
    round-off, and the page says so instead of calling the kernel not PSD (the old message)."""
    at = open_page(PAGE)
    at.selectbox(key=KEY.KERNEL).set_value("poly").run()
    at.slider(key=KEY.DEGREE).set_value(10).run()
    assert not page_errors(at)
    text = " ".join(e.value for e in at.error)
    assert "round-off" in text and "although this kernel is PSD" in text
    assert "No Gaussian process with this kernel" not in text and "not a Mercer" not in text
