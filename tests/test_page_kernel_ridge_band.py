"""AppTest of kernel ridge's fit band: the ± 2 std band is scikit-learn's GP with σ² = λ (both λ conventions), the
polynomial kernel's band a direct solve clipped to the data's band, and the sigmoid kernel has no band, says why and
keeps its fit."""

import numpy as np
import pytest
from sklearn.gaussian_process.kernels import RBF, Matern

from kernel_core import make_sine
from pages.kernel_ridge.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.kernel_ridge_sections import FIT, chart, trace, values
from tests.support.parts import level_lines

BAND = "± 2 std (GP, σ² = λ)"


def sk_band(X, y, xs, kernel, lam):
    """f ± 2 std of scikit-learn's GP with this fixed kernel and noise variance alpha = λ (no optimisation): the
    upper edge along xs, then the lower edge back (as the chart draws the band's polygon)."""
    from sklearn.gaussian_process import GaussianProcessRegressor as SkGP
    mean, std = SkGP(kernel, alpha=lam, optimizer=None).fit(X, y).predict(xs[:, None], return_std=True)
    return np.r_[mean + 2 * std, (mean - 2 * std)[::-1]]


def numpy_band(X, y, xs, k, lam):
    """The same band by a direct solve: m = k(x)ᵀ(K + λI)⁻¹y, var = k(x, x) − k(x)ᵀ(K + λI)⁻¹k(x)."""
    A, Ks = k(X[:, 0][:, None], X[:, 0][None]) + lam * np.eye(len(X)), k(xs[:, None], X[:, 0][None])
    mean = Ks @ np.linalg.solve(A, y)
    std = np.sqrt(np.clip(k(xs, xs) - np.einsum("ij,ji->i", Ks, np.linalg.solve(A, Ks.T)), 0, None))
    return np.r_[mean + 2 * std, (mean - 2 * std)[::-1]]


def band_of(at):
    """The fit chart's band trace (x, y) and its data band [lo, hi] (the band is clipped to it)."""
    fig = chart(at, KEY.FIT_CHART)
    t = trace(fig, BAND)
    assert t["fill"] == "toself" and t["line"]["width"] == 0 and t["fillcolor"] == "rgba(0,114,178,0.18)"
    names = [u.get("name") for u in fig["data"]]
    assert names.index(BAND) < names.index("f(x) = Σ α<sub>i</sub> k(x<sub>i</sub>, x)")           # drawn under the curve
    x = values(t, "x").astype(float)
    lo = level_lines(fig["layout"])[0]   # the line at lo
    return x[:len(x) // 2], values(t, "y").astype(float), (lo, fig["layout"]["yaxis"]["range"][1])


@pytest.mark.parametrize("kernel, gamma, sk_kernel", [
    ("rbf", 3.16, lambda g: RBF(length_scale=1 / np.sqrt(2 * g))),              # γ = 1/(2ℓ²)
    ("laplacian", 1.0, lambda g: Matern(length_scale=1 / g, nu=0.5)),          # exp(−γ|x − x′|) in 1-D
])
@pytest.mark.parametrize("kriege", [False, True])
def test_the_fit_band_is_the_gp_of_sklearn_with_sigma2_lambda(kernel, gamma, sk_kernel, kriege):
    at = open_page(FIT)
    at.selectbox(key=KEY.KERNEL).set_value(kernel).run()
    at.select_slider(key=KEY.GAMMA).set_value(gamma).run()
    at.select_slider(key=KEY.LAM).set_value(0.01).run()
    if kriege:
        at.toggle(key=KEY.KRIEGE).set_value(True).run()
    assert not page_errors(at)
    lam = 30 * 0.01 if kriege else 0.01                    # the λ of K + λI: Kriege's n λ with n = 30
    X, y = make_sine(30, 0.25, 0)
    xs, band, (lo, hi) = band_of(at)
    expected = sk_band(X, y, xs, sk_kernel(gamma), lam)
    assert np.all(expected >= lo - 1e-9) and np.all(expected <= hi + 1e-9)   # nothing clipped at these settings
    assert band == pytest.approx(expected, abs=1e-5)
    captions = " ".join(c.value for c in at.caption)
    assert f"σ² = λ = {lam:.4g}" in captions and "Gaussian-process view" in captions
    assert ("Kriege's convention is on: λ = n × the slider's value, n = 30" in captions) == kriege


def test_the_polynomial_band_is_a_direct_solve_and_clipped_to_the_data_band():
    at = open_page(FIT)
    at.selectbox(key=KEY.KERNEL).set_value("poly").run()
    at.slider(key=KEY.DEGREE).set_value(3).run()
    assert not page_errors(at)
    X, y = make_sine(30, 0.25, 0)
    xs, band, (lo, hi) = band_of(at)
    k = lambda a, b: (1.0 * a * b + 1.0) ** 3   # noqa: E731   (γ = 1, r = 1: the bar's defaults)
    expected = numpy_band(X, y, xs, k, 0.1)
    assert np.any(expected > hi) or np.any(expected < lo)             # the band widens beyond the data far out ...
    assert band == pytest.approx(np.clip(expected, lo, hi), abs=1e-4 * (hi - lo))   # ... and is clipped there


def test_sigmoid_has_no_band_and_says_why_and_the_fit_stays():
    at = open_page(FIT)
    at.selectbox(key=KEY.KERNEL).set_value("sigmoid").run()
    assert not page_errors(at)
    fig = chart(at, KEY.FIT_CHART)
    names = [t.get("name") for t in fig["data"]]
    assert BAND not in names and "f(x) = Σ α<sub>i</sub> k(x<sub>i</sub>, x)" in names
    assert any("No ± 2 std band: this kernel is not positive semi-definite" in c.value for c in at.caption)
    at.selectbox(key=KEY.KERNEL).set_value("rbf").run()
    assert BAND in [t.get("name") for t in chart(at, KEY.FIT_CHART)["data"]]
    assert not any("No ± 2 std band" in c.value for c in at.caption)
