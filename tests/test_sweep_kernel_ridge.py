"""The live sweeps of kernel ridge's fit chart (issue 22, ui.sweep): λ and γ over the bar's own slider options. Every
frame is the fit chart at that value — the curve f equal to scikit-learn's KernelRidge predictions on the chart's
grid and to the static figure's curve (within float32), the ± 2 std band the static figure's band polygon (a "fill"
layer in its trace's place; none for sigmoid, empty at λ = 0), the αᵢ stems and markers where the static figure draws them
(the α strip's own scale at that value, its tick labels too) and equal to scikit-learn's dual_coef_; Kriege's λ;
the frames follow the student's points; the payload stays under 1.5 MB; the section mounts its sweeps (AppTest). The
chart's parts (what its builder says the sweeps redraw) are the traces, axis range and styles it drew."""
import json

import numpy as np
import pytest
from sklearn.kernel_ridge import KernelRidge as SkKR

from pages.kernel_ridge import compute, figures
from pages.kernel_ridge.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.parts import drawn, level_lines
from tests.support.sweep import sweeps_of
from ui import sweep_payload
from ui.kernel_choice import Single
from ui.ranges import KERNEL_RIDGE as R
from ui.ranges import PARAMS, log_options

pytestmark = pytest.mark.timeout(300)
FIT = "pages/kernel_ridge/fit.py"
SINE = ("sine", R["n"][3], R["noise"][3], R["seed"][3])   # the bar's default data
MAX_PAYLOAD = 1.5e6


def static(data, kernel, lam, present=False, **shown):
    """The fit chart as the section draws it (a dict), with its ± 2 std band; the fit; the chart's parts."""
    X, y = compute.dataset(data)
    fit, band = compute.krr_fit(data, kernel, lam), compute.fit_band(data, kernel, lam)
    fig = figures.fit_figure(X, y, fit.xs, fit.f, fit.alpha, **{"truth": data[0] == "sine", **shown},
                             present=present, std=band.std, reach=band.reach)
    return fig.to_dict(), fit, fig.parts


def frames(data, kernel, lam, param, kriege=False, present=False):
    _, _, parts = static(data, kernel, lam, present)
    X, _ = compute.dataset(data)
    sw = compute.sweep(data, kernel, lam, param, kriege)
    slider = KEY.LAM if param == "lam" else KEY.GAMMA
    payload = figures.fit_sweep_payload(sw, X, parts, KEY.FIT_CHART, slider, param, param == "lam")
    return sw, payload


def arr(v):
    if isinstance(v, dict):   # plotly's typed array {"dtype", "bdata"}
        import base64
        return np.frombuffer(base64.b64decode(v["bdata"]), dtype=np.dtype(v["dtype"])).astype(float)
    return np.asarray(v, float)


def to_main_y(spec, v):
    """α axis (y2) values in the main y axis's units: the same place in the plot area."""
    (f0, f1), (a0, a1) = spec["layout"]["yaxis"]["range"], spec["layout"]["yaxis2"]["range"]
    return f0 + (np.asarray(v, float) - a0) / (a1 - a0) * (f1 - f0)


def check_frame(payload, i, data, kernel, lam, sk, present=False):
    """Frame i of the payload against the static chart at (kernel, λ) and against scikit-learn's model `sk`."""
    spec, fit, _ = static(data, kernel, lam, present)
    X, _ = compute.dataset(data)
    _, (curve, stems, neg, pos, band) = sweep_payload.decode(payload)
    traces = {t.get("name"): t for t in spec["data"]}
    # the ± 2 std band: the static figure's polygon (its trace at this value), within float32 and far below a pixel
    # (the data band is ~4 units over ~400 px)
    bt = traces[figures.BAND_NAME]
    assert band[i].shape == (len(arr(bt["x"])), 2) and len(band[i]) == 2 * len(fit.xs)
    assert np.allclose(band[i][:, 0], arr(bt["x"]), rtol=1e-6, atol=1e-6)
    assert np.allclose(band[i][:, 1], arr(bt["y"]), rtol=1e-5, atol=1e-5)
    lay = next(lay for lay in payload["layers"] if lay["kind"] == "fill")
    assert lay["trace"] == spec["data"].index(bt) and lay["style"]["color"] == bt["fillcolor"]
    # the curve: the static figure's, and scikit-learn's predictions on the same grid, within float32
    got = curve[i].astype(float)
    assert np.allclose(got[:, 0], fit.xs, rtol=1e-6, atol=1e-6)
    assert np.allclose(got[:, 1], arr(traces[figures.F_NAME]["y"]), rtol=1e-5, atol=1e-6)
    assert np.allclose(got[:, 1], sk.predict(fit.xs[:, None]), rtol=1e-5, atol=1e-5)
    # the α markers: where the static figure draws them (its α axis at this value), split by sign as it colours
    # them, and their α scikit-learn's dual_coef_
    alpha = arr(traces[figures.ALPHA_NAME]["y"])
    assert np.allclose(alpha, sk.dual_coef_, rtol=1e-5, atol=1e-6 * max(1.0, np.max(np.abs(alpha))))
    at = to_main_y(spec, alpha)
    for rows, mask in ((pos[i], alpha >= 0), (neg[i], alpha < 0)):
        assert rows.shape == (int(mask.sum()), 3)
        assert np.allclose(rows[:, 0], X[mask, 0], atol=1e-5)
        assert np.allclose(rows[:, 1], at[mask], atol=1e-4)
        assert np.all(rows[:, 2] == traces[figures.ALPHA_NAME]["marker"]["size"])
    # the styles as drawn: the curve's and the stems' lines
    styles = [lay["style"] for lay in payload["layers"]]
    stem = next(t for t in spec["data"] if t.get("yaxis") == "y2" and t.get("mode") == "lines")
    for style, t in zip(styles, (traces[figures.F_NAME], stem)):
        assert (style["color"], style["width"]) == (t["line"]["color"], t["line"]["width"])
    # the stems: from the α axis's 0 up (or down) to each αᵢ, one piece per point
    s = stems[i].astype(float).reshape(-1, 3, 2)
    assert len(s) == len(X) and np.all(np.isnan(s[:, 2]))
    assert np.allclose(s[:, 0, 1], to_main_y(spec, 0.0), atol=1e-4) and np.allclose(s[:, 1, 1], at, atol=1e-4)
    assert np.allclose(s[:, :2, 0], X[:, :1], atol=1e-5)
    # the α axis's tick labels: the static figure's, at its places
    y2 = spec["layout"]["yaxis2"]
    ticks = payload["ticks"]["frames"][i]
    assert [t[1] for t in ticks] == y2["ticktext"]
    assert np.allclose([t[0] for t in ticks], to_main_y(spec, y2["tickvals"]), atol=1e-9)


@pytest.mark.parametrize("picks", [(0, 10, 30, 45, 60)])
def test_each_lambda_frame_is_the_static_fit_and_sklearns(picks):
    kernel = Single.of("rbf", gamma=1.0)
    sw, payload = frames(SINE, kernel, 0.1, "lam")
    assert sw.values == tuple(log_options(*R["lam"][:2])) and payload["values"] == list(sw.values)
    assert 25 <= len(sw.values) <= 61
    X, y = compute.dataset(SINE)
    for i in picks:
        lam = sw.values[i]
        check_frame(payload, i, SINE, kernel, lam, SkKR(alpha=lam, kernel="rbf", gamma=1.0).fit(X, y))


@pytest.mark.parametrize("picks", [(0, 12, 20, 33, 40)])
def test_each_gamma_frame_is_the_static_fit_and_sklearns(picks):
    kernel = Single.of("rbf", gamma=1.0)
    sw, payload = frames(SINE, kernel, 0.1, "gamma")
    assert sw.values == tuple(log_options(*PARAMS["gamma"][1:3])) and len(sw.values) >= 25
    X, y = compute.dataset(SINE)
    for i in picks:
        g = sw.values[i]
        check_frame(payload, i, SINE, kernel.with_gamma(g), 0.1, SkKR(alpha=0.1, kernel="rbf", gamma=g).fit(X, y))


def test_presentation_mode_frames_are_its_static_fit():
    """On a projector the α markers are larger: the frames draw them as the static chart does."""
    kernel = Single.of("rbf", gamma=1.0)
    sw, payload = frames(SINE, kernel, 0.1, "gamma", present=True)
    X, y = compute.dataset(SINE)
    g = sw.values[10]
    check_frame(payload, 10, SINE, kernel.with_gamma(g), 0.1, SkKR(alpha=0.1, kernel="rbf", gamma=g).fit(X, y),
                present=True)


def test_kriege_lambda_is_n_times_the_slider():
    kernel = Single.of("rbf", gamma=1.0)
    sw, payload = frames(SINE, kernel, 0.1, "lam", kriege=True)
    X, y = compute.dataset(SINE)
    i = 20
    lam = len(X) * sw.values[i]
    check_frame(payload, i, SINE, kernel, lam, SkKR(alpha=lam, kernel="rbf", gamma=1.0).fit(X, y))


def test_the_frames_follow_the_students_points_and_stay_small():
    kernel = Single.of("rbf", gamma=1.0)
    X, y = compute.dataset(SINE)
    _, payload = frames(SINE, kernel, 0.1, "lam")
    assert len(json.dumps(payload)) <= MAX_PAYLOAD
    own = ("own", tuple((float(a), float(b)) for a, b in zip(X[:, 0], y)) + ((1.0, 2.5),))   # a clicked point
    sw2, payload2 = frames(own, kernel, 0.1, "lam")
    assert sw2.alphas.shape[1] == len(X) + 1
    X2, y2 = compute.dataset(own)
    check_frame(payload2, 30, own, kernel, sw2.values[30], SkKR(alpha=sw2.values[30], kernel="rbf").fit(X2, y2))
    assert payload2["layers"][0]["data"] != payload["layers"][0]["data"]


def test_no_band_for_sigmoid_and_an_empty_one_at_lambda_zero_in_every_frame():
    """Sigmoid is not a covariance: no band trace and no "fill" layer, the curve's frames as before. At λ = 0 the GP
    has σ² = 0: the static band trace is there but empty (no legend entry), and so is every frame's band."""
    sig = Single.of("sigmoid", gamma=0.5, coef0=0.0)
    sw, payload = frames(SINE, sig, 0.1, "lam")
    spec, fit, _ = static(SINE, sig, sw.values[20])
    assert figures.BAND_NAME not in [t.get("name") for t in spec["data"]] and sw.S is None
    assert [lay["kind"] for lay in payload["layers"]] == ["lines", "lines", "markers", "markers"]
    assert np.allclose(sweep_payload.decode(payload)[1][0][20][:, 1], fit.f, rtol=1e-5, atol=1e-6)
    rbf = Single.of("rbf", gamma=1.0)
    sw, payload = frames(SINE, rbf, 0.0, "gamma")
    spec, _, _ = static(SINE, rbf, 0.0)
    band = next(t for t in spec["data"] if t.get("name") == figures.BAND_NAME)
    assert len(arr(band["x"])) == 0 and band["showlegend"] is False
    assert all(len(b) == 0 for b in sweep_payload.decode(payload)[1][4])
    assert "λ = 0" in compute.fit_band(SINE, rbf, 0.0).why


@pytest.mark.parametrize("present", [False, True])
@pytest.mark.parametrize("kernel, lam, shown", [
    (Single.of("rbf", gamma=1.0), 0.1, dict()),                                  # the section's chart, with its band
    (Single.of("sigmoid", gamma=0.5, coef0=0.0), 0.1, dict()),                   # no band (not a covariance)
    (Single.of("rbf", gamma=1.0), 0.0, dict()),                                  # an empty band (λ = 0)
    (Single.of("rbf", gamma=1.0), 0.1, dict(legend=False, tag="A: RBF")),        # Compare A / B's chart
    (Single.of("rbf", gamma=1.0), 0.1, dict(truth=False)),                       # the student's own points
])
def test_the_charts_parts_are_the_traces_it_drew(kernel, lam, shown, present):
    """fit_figure's parts (figures.FitParts, recorded as it added the traces) name the curve, the stems, the α
    markers and the band (None: not drawn) of the figure it built, with its styles (the α markers' size larger on
    a projector), its main y axis's range and the data band's bottom, for every kind of fit chart the section draws."""
    spec, _, p = static(SINE, kernel, lam, present, **shown)
    data = spec["data"]
    assert drawn(data[p.curve], mode="lines", name=figures.F_NAME, line=dict(color=p.curve_line[0], width=p.curve_line[1]))
    assert drawn(data[p.stems], mode="lines", yaxis="y2", line=dict(color=p.stem_line[0], width=p.stem_line[1]))
    assert drawn(data[p.alpha], mode="markers", name=figures.ALPHA_NAME, yaxis="y2", marker=dict(size=p.alpha_size))
    has_band = compute.fit_band(SINE, kernel, lam).std is not None
    assert (p.band is not None) == has_band == (figures.BAND_NAME in [t.get("name") for t in data])
    if has_band:
        assert drawn(data[p.band], name=figures.BAND_NAME, fill="toself", fillcolor=p.band_color)
    assert spec["layout"]["yaxis"]["range"] == list(p.y_range) and p.y_range[0] < p.lo < p.y_range[1]
    assert level_lines(spec["layout"]) == [p.lo]


def test_no_gamma_sweep_for_the_linear_kernel_and_none_beyond_the_cap():
    assert compute.sweep(SINE, Single.of("linear"), 0.1, "gamma") is None
    assert compute.sweep(SINE, Single.of("linear"), 0.1, "lam") is not None
    big = ("sine", compute.SWEEP_MAX + 1, 0.25, 0)
    assert compute.sweep(big, Single.of("rbf", gamma=1.0), 0.1, "lam") is None


def test_a_sweep_does_not_depend_on_the_value_it_sweeps(monkeypatch):
    calls = []
    real = compute._sweep.__wrapped__
    monkeypatch.setattr(compute, "_sweep", lambda *args: calls.append(args) or real(*args))
    compute.sweep(SINE, Single.of("rbf", gamma=1.0), 0.1, "lam")
    compute.sweep(SINE, Single.of("rbf", gamma=1.0), 3.16, "lam")
    compute.sweep(SINE, Single.of("rbf", gamma=1.0), 0.1, "gamma")
    compute.sweep(SINE, Single.of("rbf", gamma=5.01), 0.1, "gamma")
    assert calls[0] == calls[1] and calls[2] == calls[3]


def test_the_fit_section_shows_its_sweeps():
    at = open_page(FIT)
    assert not page_errors(at)
    found = sweeps_of(at)
    lam, gamma = f"sweep_{KEY.FIT_CHART}_{KEY.LAM}", f"sweep_{KEY.FIT_CHART}_{KEY.GAMMA}"
    assert set(found) == {lam, gamma}
    assert found[lam]["drag"] and not found[gamma]["drag"] and found[lam]["label"] == "λ"
    assert found[lam]["labels"] == [str(o) for o in at.select_slider(key=KEY.LAM).options]
    assert found[gamma]["labels"] == [str(o) for o in at.select_slider(key=KEY.GAMMA).options]
    # the value a drag ends on, as the component hands it to the slider (a widget callback)
    at.select_slider(key=KEY.LAM).set_value(found[lam]["values"][20]).run()
    assert not page_errors(at)
    assert at.select_slider(key=KEY.LAM).value == found[lam]["values"][20]
    # λ = 0: no sweep of λ; the drag across the chart sweeps γ
    at.checkbox(key=KEY.LAM_ZERO).check().run()
    assert not page_errors(at)
    found = sweeps_of(at)
    assert set(found) == {gamma} and found[gamma]["drag"]


def test_an_old_link_with_lambda_still_opens():
    from tests.support.kernel_ridge_sections import open_link
    at = open_link({KEY.LAM: "0.1", KEY.GAMMA: "2"})
    assert not page_errors(at)
    assert at.select_slider(key=KEY.LAM).value == 0.1 and at.select_slider(key=KEY.GAMMA).value == 2.0
    assert {f"sweep_{KEY.FIT_CHART}_{KEY.LAM}", f"sweep_{KEY.FIT_CHART}_{KEY.GAMMA}"} <= set(sweeps_of(at))
