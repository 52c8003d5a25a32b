"""The Kernels topic's live sweeps (ui.sweep), of γ and of the polynomial kernel's degree m: k(x, x₀) over the
plane, and the Gram matrix with its spectrum. Every frame is the section's static picture at that value: the colour
scale the static figure gives it (diverging where it changes sign, sequential where not: the degree sweep alternates
with m's parity), the colour field within 1/255 of the range Plotly draws it over, the level lines within a pixel,
the eigenvalues on the static spectrum's axis; the surface and K themselves are scikit-learn's at that value; the
sections mount both sweeps for the polynomial kernel (AppTest)."""
import json

import numpy as np
import pytest
from sklearn.metrics.pairwise import laplacian_kernel, pairwise_kernels, polynomial_kernel, rbf_kernel

import kernel_core as kc
from pages.kernels import compute, figures
from pages.kernels.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.sweep import MAX_PAYLOAD, sweeps_of
from ui import sweep_payload
from ui.kernel_choice import Single
from ui.ranges import GRID, PLANE

pytestmark = pytest.mark.timeout(300)
PIXEL = (PLANE[1] - PLANE[0]) / 440       # data units of one pixel of a 440 px plot area
SKLEARN = {"rbf": rbf_kernel, "laplacian": laplacian_kernel, "poly": polynomial_kernel}


def sklearn_surface(name, params, x0):
    """k(x, x₀) on the section's grid by scikit-learn (its names: gamma, degree, coef0)."""
    xs = np.linspace(*PLANE, GRID)
    g1, g2 = np.meshgrid(xs, xs)
    return SKLEARN[name](np.c_[g1.ravel(), g2.ravel()], np.asarray([x0], float), **params).reshape(GRID, GRID)


def check_field(data, q, i, heat, Z):
    """Frame i's colour field against the static heatmap `heat` (its dict) of values Z: the same colour scale, the
    range Plotly draws it over, every cell within 1/255 of it."""
    f = data["field"]
    table = f["colors"][f["scale"][i]] if "scale" in f else f["colors"]
    assert table == sweep_payload.colors(heat["colorscale"])
    lo, hi = float(Z.min()), float(Z.max())
    if "zmin" in heat:       # diverging: Plotly draws it over [−max|Z|, max|Z|]
        lo, hi = heat["zmin"], heat["zmax"]
    elif lo == hi:           # flat: plotly.js widens the range by 0.5 each way
        lo, hi = lo - 0.5, hi + 0.5
    assert f["ranges"][i] == pytest.approx([lo, hi], rel=1e-6)
    assert np.max(np.abs(lo + q[i] / 255 * (hi - lo) - Z)) <= (hi - lo) / 255 * (1 + 1e-6)


def check_frame(data, q, lines, i, choice, x0):
    """Frame i of the surface's payload against the static picture at the frame's value (its colour field, the
    level lines) and against scikit-learn's surface."""
    s = compute.surface(choice, x0)
    Z = s.Z.astype(np.float32)
    assert np.allclose(s.Z, sklearn_surface(choice.name, dict(choice.params), x0), rtol=1e-10, atol=1e-12)
    fig = figures.kernel_surface.uncached(s.xs, s.Z, x0, present=False)
    check_field(data, q[:, ::-1], i, fig.to_dict()["data"][0], Z)     # the payload's rows: top (largest x₂) first
    ref = np.column_stack([np.asarray(fig.data[1].x, float), np.asarray(fig.data[1].y, float)])
    got = lines[i].astype(float)
    ok = ~np.isnan(ref[:, 0])
    assert got.shape == ref.shape and np.array_equal(np.isnan(got[:, 0]), ~ok)
    assert np.max(np.abs(got[ok] - ref[ok]), initial=0) < PIXEL


def check_gram(heat, bars, sw, i, choice, X, y, log=None):
    """Frame i of the Gram section's payloads: K is scikit-learn's pairwise kernel at the frame's value; the heatmap
    is gram_map's (cells in class order, row 0 on top), the bars eigvalsh's eigenvalues on gram_spectrum's axis;
    `log` (the log payload): its bars log10(|λ| / floor) tall, signed by the colour, as log_spectrum draws them."""
    name, params = choice.name, dict(choice.params)
    ref = pairwise_kernels(X, metric={"poly": "polynomial"}.get(name, name), **params)
    assert np.allclose(sw.K[i], ref, rtol=1e-12, atol=1e-12)
    fig = figures.gram_map.uncached(compute.gram(X, choice).K, y, present=False)
    q, _ = sweep_payload.decode(heat)
    check_field(heat, q, i, fig.to_dict()["data"][0], np.asarray(fig.data[0].z, float))
    ev = np.linalg.eigvalsh(ref)[::-1]
    if bars is not None:
        _, (frames_bars,) = sweep_payload.decode(bars)
        got = frames_bars[i].astype(float)
        assert np.array_equal(got[:, 0], np.arange(1, len(X) + 1))
        assert np.allclose(got[:, 1], ev, rtol=1e-5, atol=1e-5 * ev[0])
        spec = figures.gram_spectrum.uncached(compute.gram(X, choice).ev, "t", present=False)
        style = bars["layers"][0]["style"]
        assert style["tops"][i] == pytest.approx(spec.layout.yaxis.range[1])
        assert style["ticks"][i] == list(spec.layout.yaxis.ticktext)
        assert np.allclose(spec.data[0].y, ev, rtol=1e-5, atol=1e-5 * ev[0])
    if log is not None:
        check_log(log, i, ev, compute.gram(X, choice).ev)


def check_log(log, i, ev, section_ev):
    """Frame i of a log spectrum's payload: each bar log10(|λ| / floor) tall (floor 10^(k − 6), 10^k the smallest
    power of ten ≥ max|λ|), negative rows where λ < −1e-8 max|λ| (drawn red), the tick labels 10^(k−6) … 10^k; and
    the section's own log_spectrum draws the same bars and labels."""
    top = np.abs(ev).max()
    k = int(np.ceil(np.log10(top) - 1e-9))
    height = np.log10(np.maximum(np.abs(ev), 10.0 ** (k - 6))) - (k - 6)
    _, (frames,) = sweep_payload.decode(log)
    got = frames[i].astype(float)
    assert np.array_equal(got[:, 0], np.arange(1, len(ev) + 1))
    assert np.allclose(np.abs(got[:, 1]), height, atol=1e-4)
    red = ev < -1e-8 * top
    assert np.array_equal(got[:, 1] < 0, red & (height > 0))
    style = log["layers"][0]["style"]
    assert style["magnitude"] and "tops" not in style
    assert style["ticks"][i] == [f"10{str(e).translate(str.maketrans('-0123456789', '⁻⁰¹²³⁴⁵⁶⁷⁸⁹'))}"
                                 for e in (k - 6, k - 4, k - 2, k)]
    spec = figures.log_spectrum.uncached(section_ev, "t", present=False)
    assert list(spec.layout.yaxis.ticktext) == style["ticks"][i] and spec.layout.yaxis.range == (0, 6.2)
    assert np.allclose(spec.data[0].y, height, atol=1e-4)
    assert np.array_equal(np.asarray(spec.data[0].marker.color) == 1, red)


@pytest.mark.parametrize("name", ["rbf", "laplacian"])
def test_each_kernel_frame_is_the_static_surface_at_its_gamma(name):
    x0 = (0.5, -0.3)
    choice = Single.of(name, gamma=1.0)
    values, Zs = compute.kernel_sweep(choice, x0, "gamma")
    data = figures.surface_sweep(np.linspace(*PLANE, GRID), values, Zs, "kernels_surface", KEY.gamma)
    assert data["values"] == list(values) and len(values) >= 25 and len(json.dumps(data)) <= MAX_PAYLOAD
    assert "scale" not in data["field"]        # one colour scale for every frame: the colour bar stays Plotly's
    q, (lines,) = sweep_payload.decode(data)
    for i in (0, 13, 20, 33, 40):
        check_frame(data, q, lines, i, choice.with_gamma(values[i]), x0)


@pytest.mark.parametrize("coef0", [1.0, 0.0, -1.0])
def test_each_degree_frame_is_the_static_surface_at_its_degree(coef0):
    """m = 1 … 10 on the slider's own integer grid; odd m change sign (diverging scale), even m do not (with r ≥ 0:
    sequential), so the frames carry two colour scales and each frame names its own."""
    x0 = (1.0, 0.5)
    choice = Single.of("poly", gamma=0.5, degree=2, coef0=coef0)
    values, Zs = compute.kernel_sweep(choice, x0, "degree")
    assert values == tuple(range(1, 11))
    data = figures.surface_sweep(np.linspace(*PLANE, GRID), values, Zs, "kernels_surface", KEY.degree, "m", "value",
                                 drag=False)
    assert data["by"] == "value" and not data["drag"] and data["labels"] == [str(m) for m in range(1, 11)]
    assert len(json.dumps(data)) <= MAX_PAYLOAD
    if coef0 >= 0:
        assert len(data["field"]["colors"]) == 2 and len(set(data["field"]["scale"])) == 2
    q, (lines,) = sweep_payload.decode(data)
    for i, m in enumerate(values):
        check_frame(data, q, lines, i, choice.with_params(degree=m), x0)


def test_at_the_origin_the_polynomial_surface_is_flat_and_drawn_as_plotly_does():
    """k(x, 0) = r^m everywhere: a flat field, which Plotly draws over [r^m − 0.5, r^m + 0.5] (its middle colour)."""
    choice = Single.of("poly", gamma=1.0, degree=3, coef0=1.0)
    values, Zs = compute.kernel_sweep(choice, (0.0, 0.0), "degree")
    data = figures.surface_sweep(np.linspace(*PLANE, GRID), values, Zs, "kernels_surface", KEY.degree, "m", "value",
                                 drag=False)
    q, (lines,) = sweep_payload.decode(data)
    for i, m in enumerate(values):
        check_frame(data, q, lines, i, choice.with_params(degree=m), (0.0, 0.0))
        assert np.all(np.abs(q[i].astype(int) - 127.5) <= 0.5)


def test_no_degree_sweep_for_kernels_without_a_degree():
    assert compute.kernel_sweep(Single.of("rbf", gamma=1.0), (0.0, 0.0), "degree") is None
    assert compute.kernel_sweep(Single.of("linear"), (0.0, 0.0), "gamma") is None


def test_the_kernel_section_shows_its_sweep():
    at = open_page("pages/kernels/kernel.py")
    assert not page_errors(at)
    found = sweeps_of(at)
    assert set(found) == {"sweep_kernels_surface_kernels_gamma"}
    assert found["sweep_kernels_surface_kernels_gamma"]["chart"] == "kernels_surface"


def test_the_polynomial_kernel_sweeps_gamma_and_its_degree():
    at = open_page("pages/kernels/kernel.py")
    at.selectbox(key=KEY.kernel).set_value("poly").run()
    assert not page_errors(at)
    found = sweeps_of(at)
    assert set(found) == {"sweep_kernels_surface_kernels_gamma", "sweep_kernels_surface_kernels_degree"}
    degree = found["sweep_kernels_surface_kernels_degree"]
    assert degree["values"] == [float(m) for m in range(1, 11)] and degree["by"] == "value" and not degree["drag"]
    assert found["sweep_kernels_surface_kernels_gamma"]["drag"]      # one sideways drag a chart: γ's


@pytest.mark.parametrize("name", ["rbf", "laplacian"])
def test_each_gram_frame_is_the_static_heatmap_and_spectrum_at_its_gamma(name):
    X, y = kc.make_classification("moons", 120, noise=0.1, seed=0)
    choice = Single.of(name, gamma=1.0)
    sw = compute.gram_sweep(X, choice)
    heat = figures.gram_sweep(sw, y, "kernels_gram", KEY.gamma)
    bars = figures.spectrum_sweep(sw, "kernels_spectrum", KEY.gamma)
    log = figures.spectrum_sweep(sw, "kernels_spectrum", KEY.gamma, log=True)
    assert heat["values"] == list(compute.GAMMAS) and len(heat["values"]) >= 25
    assert max(len(json.dumps(d)) for d in (heat, bars, log)) <= MAX_PAYLOAD
    for i in (0, 10, 20, 30, 40):
        check_gram(heat, bars, sw, i, choice.with_gamma(sw.values[i]), X, y, log)


def test_each_gram_frame_is_the_static_heatmap_and_spectrum_at_its_degree():
    """K = (γ xᵀy + r)^m for m = 1 … 10 (r = 1: PSD, so the spectrum sweeps too); K changes sign for odd m only."""
    X, y = kc.make_classification("moons", 80, noise=0.1, seed=0)
    choice = Single.of("poly", gamma=0.5, degree=2, coef0=1.0)
    sw = compute.gram_sweep(X, choice, "degree")
    heat = figures.gram_sweep(sw, y, "kernels_gram", KEY.degree, "m", "value")
    bars = figures.spectrum_sweep(sw, "kernels_spectrum", KEY.degree, "m", "value")
    log = figures.spectrum_sweep(sw, "kernels_spectrum", KEY.degree, "m", "value", log=True)
    assert sw.values == tuple(range(1, 11)) and heat["by"] == bars["by"] == log["by"] == "value"
    assert max(len(json.dumps(d)) for d in (heat, bars, log)) <= MAX_PAYLOAD
    for i, m in enumerate(sw.values):
        check_gram(heat, bars, sw, i, choice.with_params(degree=m), X, y, log)


def test_no_linear_spectrum_sweep_when_some_gamma_is_not_psd_but_a_log_one_with_its_red_bars():
    """A linear axis from 0 has no room for negative eigenvalues; the log axis draws |λ| and colours them red, so the
    sigmoid kernel (not PSD) sweeps there: each frame its own eigenvalues, some frames with red bars."""
    X, y = kc.make_classification("moons", 60, noise=0.1, seed=0)
    choice = Single.of("sigmoid", gamma=1.0, coef0=1.0)
    sw = compute.gram_sweep(X, choice)
    assert sw is not None and figures.spectrum_sweep(sw, "kernels_spectrum", KEY.gamma) is None
    log = figures.spectrum_sweep(sw, "kernels_spectrum", KEY.gamma, log=True)
    _, (frames,) = sweep_payload.decode(log)
    assert sum(bool(np.any(f[:, 1] < 0)) for f in frames) >= 5
    for i in (0, 20, 40):
        g = choice.with_gamma(sw.values[i])
        ev = np.linalg.eigvalsh(pairwise_kernels(X, metric="sigmoid", **dict(g.params)))[::-1]
        check_log(log, i, ev, compute.gram(X, g).ev)
    assert compute.gram_sweep(X, Single.of("linear")) is None
    assert compute.gram_sweep(X, Single.of("rbf", gamma=1.0), "degree") is None


def test_the_gram_section_sweeps_the_polynomial_degree():
    at = open_page("pages/kernels/gram.py")
    assert set(sweeps_of(at)) == {"sweep_kernels_gram_kernels_gamma", "sweep_kernels_spectrum_kernels_gamma"}
    at.selectbox(key=KEY.kernel).set_value("poly").run()
    assert not page_errors(at)
    assert set(sweeps_of(at)) == {f"sweep_kernels_{chart}_kernels_{p}" for chart in ("gram", "spectrum")
                                  for p in ("gamma", "degree")}
