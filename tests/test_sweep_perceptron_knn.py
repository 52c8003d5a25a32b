"""The live sweep of k on the k-NN map (ui.sweep, issue 22): every frame is the section's static map at that k — the
vote within 1/255 of its colour range, checked against scikit-learn's KNeighborsClassifier (computed apart from the
frame code) and against the static figure's heatmap; the tie line f = 0 the static figure's own; the frames follow
the student's points; the payload stays under 1.5 MB; the section mounts the sweep (AppTest). The map's parts (what
its builder says the sweep redraws) are its heatmap and tie line, drawn as the sweep draws them."""
import json

import numpy as np
import pytest
from sklearn.neighbors import KNeighborsClassifier

import kernel_core as kc
from pages.perceptron_knn import compute, figures
from pages.perceptron_knn.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.parts import drawn
from tests.support.sweep import sweeps_of
from ui import sweep_payload
from ui.figures import level_style
from ui.ranges import PERCEPTRON_KNN as R

pytestmark = pytest.mark.timeout(300)
KNN = "pages/perceptron_knn/knn.py"
MAX_PAYLOAD = 1.5e6
PIXEL = (compute.BOUNDS[1] - compute.BOUNDS[0]) / 440   # data units of one pixel of a 440 px plot area


def split(X, y):
    held = np.zeros(len(y), bool)
    held[::3] = True
    return compute.split(X, y, held)


def default_split():
    return split(*kc.make_classification("moons", 120, noise=0.1, seed=0))


def static(s, k):
    """The k-NN map as the section draws it at k (capped at the training points)."""
    result = compute.knn(s, min(k, len(s.ytr)))
    return figures.classifier_map.uncached(compute.BOUNDS, result.Z, s.Xtr, s.ytr, s.Xte, s.yte, "vote")


def frames(s):
    parts = static(s, R["k"][2]).parts
    return parts, figures.knn_sweep_payload(compute.knn_sweep(s), parts, KEY.knn_map, KEY.k)


def sklearn_vote(s, k):
    """P(+1) − P(−1) of scikit-learn's own KNeighborsClassifier over the plane's grid (rows = x₂)."""
    xs, ys = compute.axes(compute.BOUNDS)
    g1, g2 = np.meshgrid(xs, ys)
    P = KNeighborsClassifier(n_neighbors=k).fit(s.Xtr, s.ytr).predict_proba(np.c_[g1.ravel(), g2.ravel()])
    return (P[:, 1] - P[:, 0]).reshape(len(ys), len(xs))


@pytest.mark.parametrize("picks", [(0, 1, 4, 9, 20, 33, 49)])
def test_each_frame_is_the_static_map_at_its_k(picks):
    s = default_split()
    parts, data = frames(s)
    heat, line = parts.heat, parts.lines[0]
    assert data["values"] == list(range(1, 51)) and data["labels"][:3] == ["1", "2", "3"]
    q, (lines,) = sweep_payload.decode(data)
    for i in picks:
        k = data["values"][i]
        fig = static(s, int(k)).figure
        Z = np.asarray(fig.data[heat].z, float)
        lo, hi = fig.data[heat].zmin, fig.data[heat].zmax
        assert data["field"]["ranges"][i] == pytest.approx([lo, hi])
        shown = lo + q[i][::-1].astype(float) / 255 * (hi - lo)
        assert np.max(np.abs(shown - Z)) <= (hi - lo) / 255 + 1e-6                       # the static heatmap
        assert np.max(np.abs(shown - sklearn_vote(s, int(k)))) <= (hi - lo) / 255 + 1e-6  # scikit-learn's vote
        ref = np.column_stack([np.asarray(fig.data[line].x, float), np.asarray(fig.data[line].y, float)])
        got = lines[i].astype(float)
        assert got.shape == ref.shape
        ok = ~np.isnan(ref[:, 0])
        assert np.array_equal(np.isnan(got[:, 0]), ~ok)
        assert np.max(np.abs(got[ok] - ref[ok]), initial=0) < PIXEL


@pytest.mark.parametrize("present", [False, True])
def test_the_maps_parts_are_its_heatmap_and_tie_line(present):
    """classifier_map's parts (decision_map's, recorded as it added the traces) name the heatmap, with the colour
    scale the sweep samples, and the line f = 0, styled as the sweep draws it, in the figure it built."""
    s = default_split()
    fig = figures.classifier_map(compute.BOUNDS, compute.knn(s, 5).Z, s.Xtr, s.ytr, s.Xte, s.yte, "vote",
                                 present=present)
    data, parts = fig.to_dict()["data"], fig.parts
    heat = data[parts.heat]
    assert heat["type"] == "heatmap" and len(parts.lines) == 1
    assert sweep_payload.colors(parts.colorscale) == sweep_payload.colors([list(c) for c in heat["colorscale"]])
    assert drawn(data[parts.lines[0]], type="scatter", mode="lines", line=level_style(0.0))


def test_k_beyond_the_training_points_is_capped_like_the_section():
    X, y = kc.make_classification("moons", 20, noise=0.1, seed=0)
    s = split(X, y)
    n = len(s.ytr)
    sw = compute.knn_sweep(s)
    assert sw.used[-1] == n and sw.used[n - 1] == n
    assert np.array_equal(sw.Z[-1], sw.Z[n - 1])
    assert np.max(np.abs(sw.Z[-1] - sklearn_vote(s, n))) < 1e-6


def test_the_frames_follow_the_students_points_and_stay_small():
    X, y = kc.make_classification("moons", 120, noise=0.1, seed=0)
    _, data = frames(split(X, y))
    assert len(json.dumps(data)) <= MAX_PAYLOAD
    X2, y2 = np.vstack([[[0.0, 2.5]], X]), np.append(-1, y)   # a point added (training: row 0 is not held out)
    s2 = split(X2, y2)
    _, data2 = frames(s2)
    assert data2["field"]["data"] != data["field"]["data"]
    q2, _ = sweep_payload.decode(data2)
    assert np.max(np.abs(-1 + q2[0][::-1].astype(float) / 255 * 2 - sklearn_vote(s2, 1))) <= 2 / 255 + 1e-6


def test_the_knn_section_shows_its_sweep():
    at = open_page(KNN)
    assert not page_errors(at)
    found = sweeps_of(at)
    assert set(found) == {f"sweep_{KEY.knn_map}_{KEY.k}"}
    data = found[f"sweep_{KEY.knn_map}_{KEY.k}"]
    assert data["chart"] == KEY.knn_map and data["slider"] == KEY.k and data["drag"] and data["label"] == "k"
    assert data["labels"] == [str(o) for o in at.select_slider(key=KEY.k).options]
    # the value the component reports at the end of a drag becomes the slider's (a widget callback); the big
    # payload does not depend on k, so it is not re-sent
    at.select_slider(key=KEY.k).set_value(12).run()
    assert not page_errors(at)
    moved = sweeps_of(at)[f"sweep_{KEY.knn_map}_{KEY.k}"]
    assert moved["digest"] == data["digest"] and moved["held"]
    assert any(m.label == "k" and m.value == "12" for m in at.metric)
    at.session_state[KEY.k] = 20.0     # what ui.sweep's callback writes: the payload's value, a float
    at.run()
    assert not page_errors(at) and any(m.label == "k" and m.value == "20" for m in at.metric)
    at.slider(key=KEY.held_out).set_value(0.4).run()    # another split: the frames wait until k is grabbed
    lazy = sweeps_of(at)[f"sweep_{KEY.knn_map}_{KEY.k}"]
    assert not page_errors(at) and lazy["digest"] is None and not lazy["field"] and lazy["values"] == data["values"]
