"""The live sweep of D on Mercer's finite maps for RBF (ui.sweep, issue 22): every frame is the section's triptych at
that D — the exact K and both approximations ZZᵀ within 1/255 of the colour range −1 … 1, checked against the static
figure and against kernel_core's approximations at that D (the exact panel against scikit-learn's rbf_kernel); the
frames follow the student's points; the payload stays under 1.5 MB; the section mounts the sweep (AppTest)."""
import json

import numpy as np
import pytest
from sklearn.metrics.pairwise import rbf_kernel

import kernel_core as kc
from pages.mercer import compute, figures
from pages.mercer.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.sweep import sweeps_of
from ui import sweep_payload
from ui.ranges import MERCER as R

pytestmark = pytest.mark.timeout(300)
APPROX = "pages/mercer/approximations.py"
MAX_PAYLOAD = 1.5e6
TITLES = ("exact", "rff", "nys")
STEP = 2 / 255 + 1e-6   # one display step of the range −1 … 1


def static(X, y, gamma, D, seed):
    a = compute.approximations(X, gamma, D, seed)
    return figures.gram_triptych.uncached(a.K, a.K_rff, a.K_nys, y, TITLES, present=False)


def frames(X, y, gamma=1.0, seed=0):
    parts = static(X, y, gamma, R["approx_default"], seed).parts
    return figures.approx_sweep_payload(compute.approx_sweep(X, y, gamma, seed), parts, "mercer_K_compare",
                                        KEY.FEATURES)


@pytest.mark.parametrize("present", [False, True])
def test_the_triptychs_declared_parts_are_its_heatmap_and_colour_scale(present):
    """What the builder says it drew (TriptychParts) is what the figure holds: the heatmap at that index, in that
    colour scale (the same colours sampled from the figure's scale as from the declared one)."""
    X, y = kc.make_classification("moons", 60, noise=0.1, seed=0)
    a = compute.approximations(X, 1.0, R["approx_default"], 0)
    fig = figures.gram_triptych(a.K, a.K_rff, a.K_nys, y, TITLES, present=present)
    data = fig.to_dict()["data"]
    assert data[fig.parts.heat]["type"] == "heatmap"
    assert sweep_payload.colors(data[fig.parts.heat]["colorscale"]) == sweep_payload.colors(fig.parts.colorscale)


def shown(q, i):
    """Frame i's matrix as the chart shows it (rows top first: row 0 of the triptych)."""
    return -1 + q[i].astype(float) / 255 * 2


@pytest.mark.parametrize("gamma, seed", [(1.0, 0), (5.0, 3)])
def test_each_frame_is_the_static_triptych_at_its_D(gamma, seed):
    X, y = kc.make_classification("moons", 120, noise=0.1, seed=0)
    data = frames(X, y, gamma, seed)
    assert data["values"] == [float(v) for v in R["approx_sizes"]] and len(data["values"]) >= 25
    assert data["field"]["ranges"] == [[-1.0, 1.0]] * len(data["values"])
    q, _ = sweep_payload.decode(data)
    keep = compute.shown_rows(y)
    c = len(keep)
    for i in (0, 5, 11, 18, 24):
        D = R["approx_sizes"][i]
        fig = static(X, y, gamma, D, seed)
        Z = np.asarray(fig.figure.data[0].z, float)
        M = shown(q, i)
        assert M.shape == Z.shape
        assert np.max(np.abs(M - np.clip(Z, -1, 1))) <= STEP                 # the static heatmap
        a = compute.approximations(X, gamma, D, seed)                         # kernel_core at this D, apart
        for j, A in enumerate((rbf_kernel(X, gamma=gamma), a.K_rff, a.K_nys)):
            panel = M[:, j * (c + figures.GAP):j * (c + figures.GAP) + c]
            assert np.max(np.abs(panel - np.clip(A[np.ix_(keep, keep)], -1, 1))) <= STEP


def test_the_frames_follow_the_students_points_and_stay_small():
    X, y = kc.make_classification("moons", 120, noise=0.1, seed=0)
    data = frames(X, y)
    assert len(json.dumps(data)) <= MAX_PAYLOAD
    X4, y4 = kc.make_classification("moons", 400, noise=0.1, seed=0)            # the most points the section uses
    assert len(json.dumps(frames(X4, y4))) <= MAX_PAYLOAD
    X2, y2 = np.vstack([X, [[0.0, 2.5]]]), np.append(y, 1)
    assert frames(X2, y2)["field"]["data"] != data["field"]["data"]


def test_the_approximations_section_shows_its_sweep():
    at = open_page(APPROX)
    assert not page_errors(at)
    found = sweeps_of(at)
    key = f"sweep_mercer_K_compare_{KEY.FEATURES}"
    assert set(found) == {key}
    data = found[key]
    assert data["chart"] == "mercer_K_compare" and data["slider"] == KEY.FEATURES and data["drag"]
    assert data["labels"] == list(at.select_slider(key=KEY.FEATURES).options)
    at.session_state[KEY.FEATURES] = 50.0     # what ui.sweep's callback writes at the end of a drag: a float
    at.run()
    assert not page_errors(at)
    assert any(m.label == "Random Fourier error, D = 50" for m in at.metric)
    assert any(m.label == "Nyström error, m = 50" for m in at.metric)
    moved = sweeps_of(at)[key]                                                 # the same frames: not re-sent
    assert moved["digest"] == data["digest"] and moved["held"]
