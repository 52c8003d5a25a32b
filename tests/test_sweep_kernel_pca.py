"""The live sweep of γ on kernel PCA's projection (ui.sweep, issue 22): every frame is the section's static picture
at that γ — the points of each class where the static figure puts them (η / max |η| on fixed axes), checked against
the figure and, apart from the frame code, against scikit-learn's KernelPCA up to the sign of each component; the
frames follow the student's points; the payload stays under 1.5 MB; the section mounts the sweep (AppTest). The
projection's parts (what its builder says the sweep moves) are the class traces it drew, styled as drawn."""
import json

import numpy as np
import pytest
from sklearn.decomposition import KernelPCA

import kernel_core as kc
from pages.kernel_pca import compute, figures
from pages.kernel_pca.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.parts import drawn
from tests.support.sweep import sweeps_of
from ui import sweep_payload
from ui.kernel_choice import Single
from ui.theme import CLASS_STYLE

pytestmark = pytest.mark.timeout(300)
MAX_PAYLOAD = 1.5e6
SECTION = "pages/kernel_pca/linear_vs_kernel.py"


def default_data():
    return kc.make_classification("moons", 120, noise=0.1, seed=0)


def static(X, y, kernel, pair=(0, 1)):
    """The projection as the section draws it with this kernel (the sweep's scaled picture on fixed axes): the
    figure (graph_objects), its parts, and the scale s."""
    E, s = compute.scaled(compute.fit(X, kernel).eta[:, list(pair)])
    built = figures.embedding_figure.uncached(E, y, None, fixed=figures.SWEPT, present=False)
    return built.figure, built.parts, s


def frames(X, y, kernel, pair=(0, 1)):
    _, parts, _ = static(X, y, kernel, pair)
    sw = compute.sweep(X, kernel, pair)
    return sw, parts, figures.sweep_payload(sw, y, parts, KEY.KPCA_CHART, KEY.GAMMA)


def markers(trace):
    P = np.column_stack([np.asarray(trace.x, float), np.asarray(trace.y, float)])
    return np.column_stack([P, np.full(len(P), float(trace.marker.size))])


@pytest.mark.parametrize("name, pair", [("rbf", (0, 1)), ("laplacian", (0, 2))])
def test_each_frame_is_the_static_projection_at_its_gamma(name, pair):
    X, y = default_data()
    kernel = Single.of(name, gamma=1.0)
    sw, parts, data = frames(X, y, kernel, pair)
    assert 25 <= len(data["values"]) <= 60 and data["values"] == list(compute.GAMMAS)
    assert data["labels"][0] == "0.01" and data["labels"][-1] == "100" and data["field"] is None
    _, layers = sweep_payload.decode(data)
    for i in (0, 7, 20, 33, 40):
        fig, _, s = static(X, y, kernel.with_gamma(sw.gammas[i]), pair)
        assert sw.scale[i] == pytest.approx(s)
        for p, frame in zip(parts, layers):
            ref = markers(fig.data[p.trace])
            assert frame[i].shape == ref.shape
            assert np.allclose(frame[i], ref, atol=1e-6)                 # float32 of the figure's own


@pytest.mark.parametrize("present", [False, True])
@pytest.mark.parametrize("point", [None, (0.2, -0.3)])
def test_the_projections_parts_are_the_class_traces_it_drew(present, point):
    """embedding_figure's parts (a ClassPoints per class, recorded as it added them) name each class's trace in the
    figure it built, with its markers as drawn (presentation mode's size on a projector); points coloured by t (no
    classes) have none."""
    X, y = default_data()
    E, _ = compute.scaled(compute.fit(X, Single.of("rbf", gamma=1.0)).eta[:, :2])
    fig = figures.embedding_figure(E, y, None, point=point, present=present, fixed=figures.SWEPT)
    data = fig.to_dict()["data"]
    assert len(fig.parts) == len(CLASS_STYLE)
    for p, style in zip(fig.parts, CLASS_STYLE.values()):
        assert drawn(data[p.trace], mode="markers", name=style["name"],
                     marker=dict(symbol=p.symbol, color=p.color, size=p.size, line=dict(color=p.line_color, width=p.width)))
        assert (p.symbol, p.color) == (style["symbol"], style["color"])
    assert figures.embedding_figure(E, None, np.linspace(0, 1, len(E)), present=present).parts == ()


def test_the_projections_are_scikit_learns_up_to_sign():
    X, y = default_data()
    sw, _, data = frames(X, y, Single.of("rbf", gamma=1.0))
    _, layers = sweep_payload.decode(data)
    order = np.concatenate([np.flatnonzero(y == label) for label in CLASS_STYLE])   # the layers' rows, in order
    for i in (0, 10, 20, 30, 40):
        ref = KernelPCA(2, kernel="rbf", gamma=sw.gammas[i], eigen_solver="dense").fit_transform(X)[order]
        got = np.vstack([layer[i][:, :2] for layer in layers]).astype(float) * sw.scale[i]
        for j in range(2):
            sign = np.sign(ref[:, j] @ got[:, j])
            assert np.max(np.abs(sign * got[:, j] - ref[:, j])) <= 1e-5 * sw.scale[i]


def test_the_frames_follow_the_students_points_and_stay_small():
    X, y = default_data()
    kernel = Single.of("rbf", gamma=1.0)
    _, _, data = frames(X, y, kernel)
    assert len(json.dumps(data)) <= MAX_PAYLOAD
    X2, y2 = np.vstack([X, [[0.0, 2.5]]]), np.append(y, 1)
    _, _, data2 = frames(X2, y2, kernel)
    _, layers2 = sweep_payload.decode(data2)
    assert sum(len(layer[0]) for layer in layers2) == len(y2)
    assert data2["layers"][1]["data"] != data["layers"][1]["data"]


def test_no_sweep_without_gamma_or_with_too_many_points():
    X, y = default_data()
    assert compute.sweep(X, Single.of("linear"), (0, 1)) is None
    assert compute.sweep(np.vstack([X] * 3), Single.of("rbf", gamma=1.0), (0, 1)) is None   # 360 > SWEEP_MAX


def test_the_section_shows_its_sweep():
    at = open_page(SECTION)
    assert not page_errors(at)
    found = sweeps_of(at)
    key = f"sweep_{KEY.KPCA_CHART}_{KEY.GAMMA}"
    assert set(found) == {key}
    data = found[key]
    assert data["chart"] == KEY.KPCA_CHART and data["slider"] == KEY.GAMMA and data["drag"] and data["label"] == "γ"
    assert data["labels"] == list(at.select_slider(key=KEY.GAMMA).options)
    assert any("max |η|" in c.value for c in at.caption)
    at.session_state[KEY.GAMMA] = data["values"][30]     # what ui.sweep's callback writes at the end of a drag
    at.run()
    assert not page_errors(at) and at.select_slider(key=KEY.GAMMA).value == data["values"][30]
    moved = sweeps_of(at)[key]                                           # the same frames: not re-sent
    assert moved["digest"] == data["digest"] and moved["held"]
    at.selectbox(key=KEY.KERNEL).set_value("linear").run()               # no γ: the plain picture, no sweep
    assert not page_errors(at) and not sweeps_of(at)
