"""The live sweeps (ui.sweep): every frame is the section's static picture at the same value, only sent compactly —
the colour field within 1/255 of its range, the level lines within a pixel (and on the zero set of the static
surface), the same support vectors and marked points; the frames follow the student's points; the payload stays
under 1.5 MB; the section mounts its sweeps (AppTest). The map's parts (what its builder says the sweep redraws)
are the traces it drew, styled as drawn, in every kind of map the sections draw."""
import json

import numpy as np
import pytest

import kernel_core as kc
from pages.svm import compute, figures
from pages.svm.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.parts import array, bilinear, drawn
from tests.support.sweep import MAX_PAYLOAD, sweeps_of
from ui import sweep_payload
from ui.figures import level_style
from ui.kernel_choice import Single

pytestmark = pytest.mark.timeout(300)
BOX = compute.PLANE_BOUNDS
PIXEL = (BOX[1] - BOX[0]) / 440       # data units of one pixel of a 440 px plot area (the smallest main map)


def default_data():
    X, y = kc.make_classification("moons", 120, noise=0.1, seed=0)
    return X, y, compute.split(X, y, (X, y))


def static(X, y, part, kernel, C, **shown):
    """The margins map as the section draws it at (kernel, C): its traces (the figure's JSON), its parts and its
    surface."""
    fit = compute.fit(X, y, part, kernel, C)
    Z = compute.surface(fit.points, fit.weights, fit.b, kernel, BOX)
    built = figures.svm_map.uncached(BOX, Z, fit, X, y, part.tr, part.te, C, **{"present": False, **shown})
    return built.figure.to_dict()["data"], built.parts, Z.astype(np.float32)


def frames(X, y, part, kernel, C, param):
    _, parts, _ = static(X, y, part, kernel, C)
    sw = compute.sweep(X, y, part, kernel, C, param, BOX)
    data = figures.sweep_payload(BOX, sw, X, y, part.tr, parts, "svm_map", KEY.GAMMA if param == "gamma" else KEY.C,
                                 param, True)
    return sw, parts, data


def markers(trace):
    """A markers trace (JSON) as (x, y, size) rows."""
    P = np.column_stack([array(trace["x"]), array(trace["y"])]).reshape(-1, 2)
    sizes = np.broadcast_to(array(trace["marker"]["size"]), len(P))
    return np.column_stack([P, sizes])


@pytest.mark.parametrize("param, picks", [("gamma", (0, 7, 20, 29, 40)), ("C", (0, 12, 20, 37, 50))])
def test_each_frame_is_the_static_map_at_its_value(param, picks):
    X, y, part = default_data()
    kernel, C = Single.of("rbf", gamma=1.0), 1.0
    sw, parts, data = frames(X, y, part, kernel, C, param)
    assert data["values"] == list(compute.SWEEP_VALUES[param]) and len(data["values"]) >= 25
    q, layers = sweep_payload.decode(data)
    xs, ys = compute.axes(BOX)
    for i in picks:
        value = sw.values[i]
        k, c = (kernel.with_gamma(value), C) if param == "gamma" else (kernel, value)
        traces, _, Z = static(X, y, part, k, c)
        # colour field: the same colour range, each cell within 1/255 of it
        m = float(np.max(np.abs(Z)))
        assert data["field"]["ranges"][i] == pytest.approx([-m, m], rel=1e-6)
        shown = -m + q[i][::-1].astype(float) / 255 * 2 * m
        assert np.max(np.abs(shown - Z)) <= 2 * m / 255 + 1e-6
        # level lines: within a pixel of the static figure's, and on its level set
        for t, level, frame in zip(parts.lines, figures.LEVELS, layers[:3]):
            ref = np.column_stack([array(traces[t]["x"]), array(traces[t]["y"])]).reshape(-1, 2)
            got = frame[i].astype(float)
            assert got.shape == ref.shape
            ok = ~np.isnan(ref[:, 0])
            assert np.array_equal(np.isnan(got[:, 0]), ~ok)
            assert np.max(np.abs(got[ok] - ref[ok]), initial=0) < PIXEL
            if ok.any():
                f = bilinear(xs, ys, Z.astype(float), got[ok])
                step = np.max(np.abs(np.diff(Z, axis=1)))   # grid tolerance: f changes at most this much per cell
                assert np.max(np.abs(f - level)) <= 1e-3 * max(1.0, step)
        # support vectors (place and ring size) and the marked points: the static traces' own
        for t, frame in zip((parts.sv, *parts.marked), layers[3:]):
            ref, got = markers(traces[t]), frame[i].astype(float)
            assert got.shape == ref.shape
            order_r, order_g = np.lexsort(ref[:, :2].T), np.lexsort(got[:, :2].T)
            assert np.allclose(got[order_g], ref[order_r], atol=1e-4)


@pytest.mark.parametrize("shown", [
    dict(),                                                                          # the section's map
    dict(present=True),                                                              # on a projector
    dict(title="A: Linear, C = 0.01", height=420, legend=False),                     # compare mode's A
    dict(legend=False, tag="A: RBF", present=True, x_ticks=False),                   # compare mode's A, presenting
    dict(show_test=False, height=462, legend=False, tag="Laplacian", present=True),  # Gauss vs Laplace, no held out
    dict(all_train=True),                                                            # nothing held out
])
def test_the_maps_parts_are_the_traces_it_drew(shown):
    """svm_map's parts (figures.MapParts, recorded as its frame added the traces) name the heatmap, the level lines
    f = −1, 0, +1, the support vectors' rings and the marked points of the figure it built, drawn as the sweep draws
    them (the colour scale, decision_map's line styles, SV_MARKER, MARKED); the cached map carries the same parts."""
    X, y, part = default_data()
    shown = dict(shown)
    if shown.pop("all_train", False):
        part = compute.Split(np.arange(len(y)), np.arange(0))
    data, parts, _ = static(X, y, part, Single.of("rbf", gamma=1.0), 1.0, **shown)
    assert len({parts.heat, *parts.lines, parts.sv, *parts.marked}) == 2 + len(figures.LEVELS) + len(figures.MARKED)
    heat = data[parts.heat]
    assert heat["type"] == "heatmap"
    assert sweep_payload.colors(parts.colorscale) == sweep_payload.colors([list(c) for c in heat["colorscale"]])
    assert len(parts.lines) == len(figures.LEVELS)
    for t, level in zip(parts.lines, figures.LEVELS):
        assert drawn(data[t], mode="lines", line=level_style(level),
                     name="boundary f = 0" if level == 0 else "margins f = ±1")
    assert drawn(data[parts.sv], mode="markers", name=figures.SV_NAME, marker=figures.SV_MARKER)
    assert len(parts.marked) == len(figures.MARKED)
    for t, (name, marker) in zip(parts.marked, figures.MARKED.items()):
        assert drawn(data[t], mode="markers", name=name, marker=marker)
    fit = compute.fit(X, y, part, Single.of("rbf", gamma=1.0), 1.0)
    Z = compute.surface(fit.points, fit.weights, fit.b, Single.of("rbf", gamma=1.0), BOX)
    assert figures.svm_map(BOX, Z, fit, X, y, part.tr, part.te, 1.0, **{"present": False, **shown}).parts == parts


def test_the_frames_follow_the_students_points_and_stay_small():
    X, y, part = default_data()
    kernel = Single.of("rbf", gamma=1.0)
    _, _, data = frames(X, y, part, kernel, 1.0, "gamma")
    assert len(json.dumps(data)) <= MAX_PAYLOAD
    X2, y2 = np.vstack([X, [[0.0, 2.5]]]), np.append(y, 1)   # a point added on the map: a clicked point trains
    part2 = compute.split(X2, y2, (X, y))
    assert len(part2.tr) == len(part.tr) + 1
    _, _, data2 = frames(X2, y2, part2, kernel, 1.0, "gamma")
    assert data2["field"]["data"] != data["field"]["data"]
    q2, layers2 = sweep_payload.decode(data2)
    sv_frames = layers2[3]
    assert any(np.isclose(f[:, :2], [0.0, 2.5], atol=1e-6).all(axis=1).any() for f in sv_frames)


def test_no_gamma_sweep_for_the_linear_kernel():
    X, y, part = default_data()
    assert compute.sweep(X, y, part, Single.of("linear"), 1.0, "gamma", BOX) is None
    assert compute.sweep(X, y, part, Single.of("linear"), 1.0, "C", BOX) is not None


def test_the_quantized_field_is_within_display_precision():
    Z = np.random.default_rng(0).normal(size=(30, 40))
    lo, hi = float(Z.min()), float(Z.max())
    q = sweep_payload.quantize(Z, lo, hi)
    assert q.dtype == np.uint8 and q.min() == 0 and q.max() == 255
    assert np.max(np.abs(lo + q / 255 * (hi - lo) - Z)) <= (hi - lo) / 255
    assert len(sweep_payload.colors("RdBu")) == 7 * 256


def test_the_margins_section_shows_its_sweeps():
    at = open_page("pages/svm/margins.py")
    assert not page_errors(at)
    found = sweeps_of(at)
    assert set(found) == {"sweep_svm_map_svm_gamma", "sweep_svm_map_svm_C"}
    gamma = found["sweep_svm_map_svm_gamma"]
    assert gamma["chart"] == "svm_map" and gamma["slider"] == KEY.GAMMA and gamma["drag"]
    options = at.select_slider(key=KEY.GAMMA).options
    assert gamma["labels"] == [str(o) for o in options]
    assert gamma["digest"] and gamma["field"]["data"] and found["sweep_svm_map_svm_C"]["field"]["data"]
    # the sweep's value, as the component reports it at the end of a drag, is the slider's (a widget callback)
    at.select_slider(key=KEY.GAMMA).set_value(gamma["values"][30]).run()
    assert not page_errors(at)
    moved = sweeps_of(at)
    # γ's frames do not depend on γ: the browser holds them, the rerun sends their digest alone
    assert moved["sweep_svm_map_svm_gamma"]["digest"] == gamma["digest"] and moved["sweep_svm_map_svm_gamma"]["held"]
    assert len(json.dumps(moved["sweep_svm_map_svm_gamma"])) < 2000
    # C's frames changed with γ: metadata only (lazy) until the student grabs C
    lazy = moved["sweep_svm_map_svm_C"]
    assert lazy["digest"] is None and not lazy["layers"] and lazy["values"] == found["sweep_svm_map_svm_C"]["values"]
    assert len(json.dumps(lazy)) < 2000
    # grabbing C asks for its frames (the component's value {slider, want}): the rerun sends them
    at.session_state["_want_sweep_svm_map_svm_C"] = True
    at.run()
    sent = sweeps_of(at)["sweep_svm_map_svm_C"]
    assert sent["digest"] and not sent["held"] and sent["field"]["data"]
    assert sent["field"]["data"] != found["sweep_svm_map_svm_C"]["field"]["data"]   # the C sweep at the new γ
    assert sweeps_of(at)["sweep_svm_map_svm_gamma"]["held"]


def test_a_sweep_does_not_depend_on_the_value_it_sweeps(monkeypatch):
    """A γ sweep is the same at every γ (so is a C sweep at every C): cached once, and the component's data is
    unchanged by the slider's own moves (Streamlit then sends the element as a reference, not again)."""
    X, y, part = default_data()
    calls = []
    real = compute._sweep.__wrapped__
    monkeypatch.setattr(compute, "_sweep", lambda *args: calls.append(args) or real(*args))
    compute.sweep(X, y, part, Single.of("rbf", gamma=1.0), 1.0, "gamma", BOX)
    compute.sweep(X, y, part, Single.of("rbf", gamma=5.01), 1.0, "gamma", BOX)
    compute.sweep(X, y, part, Single.of("rbf", gamma=1.0), 3.16, "C", BOX)
    compute.sweep(X, y, part, Single.of("rbf", gamma=1.0), 0.1, "C", BOX)
    assert calls[0][3:] == calls[1][3:] and calls[2][3:] == calls[3][3:]


def test_the_gram_section_shows_its_sweeps():
    at = open_page("pages/kernels/gram.py")
    assert not page_errors(at)
    found = sweeps_of(at)
    assert set(found) == {"sweep_kernels_gram_kernels_gamma", "sweep_kernels_spectrum_kernels_gamma"}
    assert found["sweep_kernels_spectrum_kernels_gamma"]["layers"][0]["kind"] == "bars"
