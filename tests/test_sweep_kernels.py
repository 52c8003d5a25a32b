"""The Kernels section's live sweeps (ui.sweep) of k(x, x₀) over the plane: of γ, and of the polynomial kernel's
degree m. Every frame is the section's static picture at that value: the colour scale kernel_surface gives it
(diverging where the surface changes sign, sequential where not: the degree sweep alternates with m's parity), the
colour field within 1/255 of the range Plotly draws it over, the level lines within a pixel; the surface itself is
scikit-learn's kernel at that value; the section mounts both sweeps for the polynomial kernel (AppTest)."""
import json

import numpy as np
import pytest
from sklearn.metrics.pairwise import laplacian_kernel, polynomial_kernel, rbf_kernel

from pages.kernels import compute, figures
from pages.kernels.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.test_sweep import MAX_PAYLOAD, sweeps_of
from ui import sweep as ui_sweep
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


def check_frame(data, q, lines, i, choice, x0):
    """Frame i of the payload against the static picture at the frame's value (its colour scale and the range
    Plotly gives it, the quantized field, the level lines) and against scikit-learn's surface."""
    s = compute.surface(choice, x0)
    Z = s.Z.astype(np.float32)
    assert np.allclose(s.Z, sklearn_surface(choice.name, dict(choice.params), x0), rtol=1e-10, atol=1e-12)
    fig = figures.kernel_surface.uncached(s.xs, s.Z, x0, present=False)
    heat = fig.to_dict()["data"][0]
    f = data["field"]
    table = f["colors"][f["scale"][i]] if "scale" in f else f["colors"]
    assert table == ui_sweep.colors(heat["colorscale"])
    lo, hi = float(Z.min()), float(Z.max())
    if "zmin" in heat:       # diverging: Plotly draws it over [−max|Z|, max|Z|]
        lo, hi = heat["zmin"], heat["zmax"]
    elif lo == hi:           # flat: plotly.js widens the range by 0.5 each way
        lo, hi = lo - 0.5, hi + 0.5
    assert f["ranges"][i] == pytest.approx([lo, hi], rel=1e-6)
    assert np.max(np.abs(lo + q[i][::-1] / 255 * (hi - lo) - Z)) <= (hi - lo) / 255 * (1 + 1e-6)
    ref = np.column_stack([np.asarray(fig.data[1].x, float), np.asarray(fig.data[1].y, float)])
    got = lines[i].astype(float)
    ok = ~np.isnan(ref[:, 0])
    assert got.shape == ref.shape and np.array_equal(np.isnan(got[:, 0]), ~ok)
    assert np.max(np.abs(got[ok] - ref[ok]), initial=0) < PIXEL


@pytest.mark.parametrize("name", ["rbf", "laplacian"])
def test_each_kernel_frame_is_the_static_surface_at_its_gamma(name):
    x0 = (0.5, -0.3)
    choice = Single.of(name, gamma=1.0)
    values, Zs = compute.kernel_sweep(choice, x0, "gamma")
    data = figures.surface_sweep(np.linspace(*PLANE, GRID), values, Zs, "kernels_surface", KEY.gamma)
    assert data["values"] == list(values) and len(values) >= 25 and len(json.dumps(data)) <= MAX_PAYLOAD
    assert "scale" not in data["field"]        # one colour scale for every frame: the colour bar stays Plotly's
    q, (lines,) = ui_sweep.decode(data)
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
    q, (lines,) = ui_sweep.decode(data)
    for i, m in enumerate(values):
        check_frame(data, q, lines, i, choice.with_params(degree=m), x0)


def test_at_the_origin_the_polynomial_surface_is_flat_and_drawn_as_plotly_does():
    """k(x, 0) = r^m everywhere: a flat field, which Plotly draws over [r^m − 0.5, r^m + 0.5] (its middle colour)."""
    choice = Single.of("poly", gamma=1.0, degree=3, coef0=1.0)
    values, Zs = compute.kernel_sweep(choice, (0.0, 0.0), "degree")
    data = figures.surface_sweep(np.linspace(*PLANE, GRID), values, Zs, "kernels_surface", KEY.degree, "m", "value",
                                 drag=False)
    q, (lines,) = ui_sweep.decode(data)
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
