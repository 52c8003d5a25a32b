"""AppTest of the Kernel PCA page: the numbers it shows against scikit-learn / scipy computed here, the new point's
projection, the sigmoid warning, the 3-D manifolds, the pre-image panel and the Laplacian eigenmap; the classroom
features (clickable data, a click places the new point, the components drawn, exercises, PNG-only toolbar)."""
import base64
import json
import re

import numpy as np
import pytest
from scipy.linalg import eigh
from scipy.sparse.csgraph import connected_components
from sklearn.decomposition import PCA
from sklearn.decomposition import KernelPCA as SkKernelPCA
from sklearn.neighbors import kneighbors_graph

from kernel_core import make_classification, make_manifold
from tests.app_pages import open_page, page_errors
from tests.click_catcher import click_catcher
from ui.kernel_pca import snap

FILE = "pages/kernel_pca/page.py"
P = "kernel_pca"
MOONS = make_classification("moons", 120, 0.1, 0)[0]   # the sidebar's default data set


@pytest.fixture(scope="module")
def fresh():
    return open_page(FILE)


def latex(at):
    return " ".join(lx.value for lx in at.latex)


def laplacian_gammas(X, k):
    """gamma_2, gamma_3 of L phi = gamma D phi on the symmetrised k-NN graph, by scipy directly."""
    W = kneighbors_graph(X, k, include_self=False)
    W = W.maximum(W.T).toarray()
    D = np.diag(W.sum(axis=1))
    return eigh(D - W, D, eigvals_only=True)[1:3]


def test_default_view_shows_sklearn_eigenvalues(fresh):
    at = fresh
    assert not page_errors(at) and not at.error and not at.warning
    sk = SkKernelPCA(2, kernel="rbf", gamma=1.0, eigen_solver="dense").fit(MOONS)
    lam = sk.eigenvalues_
    text = latex(at)
    assert rf"\lambda_1 = {lam[0]:.4g},\ \lambda_2 = {lam[1]:.4g}" in text
    assert rf"d_1 = \lambda_1/n = {lam[0]:.4g}/120 = {lam[0] / 120:.4g}" in text
    lin = (len(MOONS) - 1) * PCA(2).fit(MOONS).explained_variance_     # linear kPCA: (n - 1) x covariance eigenvalues
    assert rf"\lambda_1 = {lin[0]:.4g},\ \lambda_2 = {lin[1]:.4g}" in text
    assert "100.0\\%" in text                                          # 2-D data: two components carry everything
    assert "= 0.5" not in " ".join(c.value for c in at.caption)       # no placeholder numbers in captions
    assert len(at.get("plotly_chart")) >= 12


def test_new_point_projection_and_formula_match_sklearn():
    at = open_page(FILE)
    at.slider(key=f"{P}_new1").set_value(1.0).run()
    at.slider(key=f"{P}_new2").set_value(-0.5).run()
    assert not page_errors(at)
    sk = SkKernelPCA(2, kernel="rbf", gamma=1.0, eigen_solver="dense").fit(MOONS)
    eta = sk.transform(np.array([[1.0, -0.5]]))[0]
    text = latex(at)
    for i, v in enumerate(eta, start=1):                              # up to the sign of each component
        assert (f" = {v:.4g}" in text) or (f" = {-v:.4g}" in text), (i, v)
    k1 = np.exp(-np.sum((MOONS[0] - [1.0, -0.5]) ** 2))                # k(x, x_1) with gamma = 1
    assert f"{k1:.3g}" in text and r"\mathbf{k}'(\mathbf{x}) = J" in text


def test_sigmoid_warns_instead_of_failing():
    at = open_page(FILE)
    at.selectbox(key=f"{P}_kernel").set_value("sigmoid").run()
    at.slider(key=f"{P}_coef0").set_value(-1.0).run()
    assert not page_errors(at) and not at.error
    warnings = " ".join(w.value for w in at.warning)
    assert "negative eigenvalues" in warnings and "not positive semi-definite" in warnings
    assert any("Pre-images here are computed for the RBF kernel" in i.value for i in at.info)


def test_s_curve_is_3d_with_its_own_controls_and_laplacian_numbers():
    at = open_page(FILE)
    at.selectbox(key=f"{P}_data").set_value("s_curve").run()
    assert not page_errors(at) and not at.error
    n = at.slider(key=f"{P}_mn").value
    noise = at.slider(key=f"{P}_mnoise").value
    assert [w.key for w in at.number_input if w.key.startswith(f"{P}_new")] == [f"{P}_new{i}" for i in (1, 2, 3)]
    S, _ = make_manifold("s_curve", n, noise, 0)
    g2, g3 = laplacian_gammas(S, 10)
    assert rf"\gamma_2 = {g2:.4g},\quad \gamma_3 = {g3:.4g}" in latex(at)
    at.slider(key=f"{P}_k").set_value(20).run()
    g2, g3 = laplacian_gammas(S, 20)
    assert rf"\gamma_2 = {g2:.4g},\quad \gamma_3 = {g3:.4g}" in latex(at)
    assert any("S-curve (3-D)" in c.value for c in at.caption)


def test_disconnected_neighbourhood_graph_is_a_warning():
    at = open_page(FILE)
    at.selectbox(key="data_preset").set_value("blobs").run()
    at.slider(key=f"{P}_k").set_value(2).run()
    X, _ = make_classification("blobs", 120, 0.1, 0)
    W = kneighbors_graph(X, 2)
    parts = connected_components(W.maximum(W.T), directed=False)[0]
    assert parts > 1
    assert not page_errors(at)
    assert any(f"falls into {parts} disconnected pieces" in w.value for w in at.warning)


def test_preimage_panel_reports_the_noise_it_added():
    at = open_page(FILE)
    at.slider(key=f"{P}_noise").set_value(0.3).run()
    at.slider(key=f"{P}_q").set_value(20).run()
    assert not page_errors(at)
    noisy = MOONS + np.random.default_rng(1).normal(scale=0.3, size=MOONS.shape)   # KPCA["noise_seed"] = 1
    baseline = np.linalg.norm(noisy - MOONS, axis=1).mean()
    text = latex(at)
    assert rf"\overline{{\|\tilde{{\mathbf{{x}}}} - \mathbf{{x}}\|}} = {baseline:.4f}" in text
    assert r"(q = 20;\ \text{best }" in text


def test_uncentred_gram_rows_do_not_sum_to_zero_but_centred_do(fresh):
    K = np.exp(-((MOONS[:, None, :] - MOONS[None, :, :]) ** 2).sum(-1))
    text = latex(fresh)
    assert rf"\max_i\,|(K\mathbf{{1}})_i| = {np.abs(K.sum(axis=1)).max():.4g}" in text
    tail = text.split(r"\max_i\,|(K'\mathbf{1})_i| = ")[1]
    mantissa, exponent = tail.split(r"\times 10^{")[0], int(tail.split(r"\times 10^{")[1].split("}")[0])
    assert float(mantissa) * 10.0 ** exponent < 1e-10                   # ~1e-14: round-off


def chart(at, key):
    """The Plotly figure (as JSON) of the chart keyed `key`, and its config."""
    c = next(c for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}"))
    return json.loads(c.proto.spec), json.loads(c.proto.config)


def values(a):
    """A Plotly array from the figure JSON: a list, or {"dtype", "bdata"} (base64 of the numpy bytes)."""
    return np.frombuffer(base64.b64decode(a["bdata"]), a["dtype"]) if isinstance(a, dict) else np.asarray(a)


def trace_names(at, key):
    return [t.get("name") for t in chart(at, key)[0]["data"]]


def test_input_data_is_a_clickable_chart_with_the_points_toolbar(fresh):
    assert click_catcher(fresh, f"{P}_data_fig") == {"subplot": "xy"}       # a click adds / removes a point
    assert fresh.get("segmented_control")[0].proto.id.endswith(f"{P}_click_mode")
    assert fresh.button(key=f"{P}_undo").disabled                           # nothing to undo yet
    assert click_catcher(fresh, f"{P}_new_data_fig") == {"subplot": "xy"}   # a click places the new point
    for key in (f"{P}_data_fig", f"{P}_kpca_fig", f"{P}_new_data_fig", f"{P}_denoise_fig", f"{P}_lap_fig"):
        config = chart(fresh, key)[1]
        assert config.get("displaylogo") is False and "toImageButtonOptions" in config, key   # figures.CHART_CONFIG
        assert config.get("scrollZoom") is False


def test_manifold_input_is_not_clickable():
    at = open_page(FILE)
    at.selectbox(key=f"{P}_data").set_value("swiss_roll").run()
    assert "new x" not in trace_names(at, f"{P}_data_fig") and click_catcher(at, f"{P}_data_fig") is None
    assert not at.get("segmented_control")


def test_a_click_snaps_to_a_valid_slider_value():
    assert snap(0.7349, -3.0, 3.0, 0.05) == 0.75 and snap(-1.0 / 3, -3.0, 3.0, 0.05) == -0.35
    assert snap(3.04, -3.0, 3.0, 0.05) == 3.0 and snap(-9.0, -3.0, 3.0, 0.05) == -3.0


def test_moving_the_new_point_moves_its_star():
    at = open_page(FILE)
    at.slider(key=f"{P}_new1").set_value(-2.0).run()
    at.slider(key=f"{P}_new2").set_value(1.5).run()
    star = next(t for t in chart(at, f"{P}_new_data_fig")[0]["data"] if t.get("name") == "new x")
    assert np.allclose([values(star["x"])[0], values(star["y"])[0]], [-2.0, 1.5])


def test_components_drawn_follow_the_choice():
    at = open_page(FILE)
    at.selectbox(key=f"{P}_pair").set_value("1-3").run()
    assert not page_errors(at)
    layout = chart(at, f"{P}_kpca_fig")[0]["layout"]
    assert layout["xaxis"]["title"]["text"] == "η⁽¹⁾" and layout["yaxis"]["title"]["text"] == "η⁽³⁾"
    sk = SkKernelPCA(3, kernel="rbf", gamma=1.0, eigen_solver="dense").fit(MOONS)
    eta3 = sk.transform(np.array([[0.5, 0.25]]))[0, 2]                      # the default new point on component 3
    text = latex(at)
    assert r"\eta^{(3)}(\mathbf{x})" in text and r"\eta^{(2)}(\mathbf{x})" not in text
    assert (f" = {eta3:.4g}" in text) or (f" = {-eta3:.4g}" in text)


def exercise(at, name, choice):
    at.radio(key=f"{P}_ex_{name}").set_value(choice).run()
    at.button(key=f"{P}_ex_{name}_check").click().run()
    assert not page_errors(at)


def test_centring_exercise_sets_a_small_gamma():
    at = open_page(FILE)
    exercise(at, "kpca_centring", 1)
    assert at.select_slider(key=f"{P}_gamma").value == 0.1
    assert any("Right" in s.value for s in at.success)
    K = np.exp(-0.1 * ((MOONS[:, None, :] - MOONS[None, :, :]) ** 2).sum(-1))
    raw = np.linalg.eigvalsh(K)[-1]                                         # uncentred lambda_1 = largest eigenvalue of K
    J = np.eye(len(K)) - 1 / len(K)
    centred = np.linalg.eigvalsh(J @ K @ J)[-1]
    assert raw > 5 * centred                                                # the mean direction dominates without J
    assert f"λ₁ = {raw:.4g}; right: with centring, λ₁ = {centred:.4g}" in " ".join(m.value for m in at.markdown)


def test_circles_exercise_shows_the_rings_apart_on_component_three():
    at = open_page(FILE)
    exercise(at, "kpca_circles", 0)                                         # a wrong answer still reveals
    assert at.selectbox(key="data_preset").value == "circles"
    assert at.selectbox(key=f"{P}_kernel").value == "poly" and at.selectbox(key=f"{P}_pair").value == "1-3"
    assert at.slider(key=f"{P}_degree").value == 2 and at.slider(key=f"{P}_coef0").value == 0.0
    assert any("the answer is **On component 3" in w.value for w in at.warning)
    X, y = make_classification("circles", 120, 0.1, 0)
    eta = SkKernelPCA(3, kernel="poly", degree=2, gamma=1.0, coef0=0.0, eigen_solver="dense").fit_transform(X)
    for i, separated in ((0, False), (2, True)):                            # a threshold on component 3 splits them
        e = eta[:, i] * np.sign(eta[y == 1, i].mean() - eta[y == -1, i].mean())
        assert (e[y == 1].min() > e[y == -1].max()) == separated
    data = chart(at, f"{P}_kpca_fig")[0]["layout"]
    assert data["yaxis"]["title"]["text"] == "η⁽³⁾"


def test_preimage_exercise_shows_the_error_rise_again():
    at = open_page(FILE)
    exercise(at, "kpca_preimages", 1)
    assert at.slider(key=f"{P}_q").value == 20 and at.slider(key=f"{P}_noise").value == 0.3
    text = latex(at)
    m = re.search(r"= ([\d.]+)\\quad\(q = 20;\\ \\text\{best \} q = (\d+):\\ ([\d.]+)\)", text)
    last, best, best_err = float(m[1]), int(m[2]), float(m[3])
    assert best < 20 and last > best_err                                   # the curve falls, then rises again


PLACING = """Array.from(document.querySelectorAll('[class*="st-key-clickable_"] .js-plotly-plot'))
  .filter(e => (e._fullData || []).some(t => t.name === 'new x'))[0]"""     # the clickable chart with the star
STAR = f"""() => {{ const el = {PLACING};
  const t = el._fullData.find(t => t.name === 'new x'); return [t.x[0], t.y[0]]; }}"""
TO_PIXELS = f"""([x, y]) => {{ const el = {PLACING};
  el.scrollIntoView({{block: 'center'}}); const L = el._fullLayout; const r = el.getBoundingClientRect();
  return [r.left + L.xaxis._offset + L.xaxis.l2p(x), r.top + L.yaxis._offset + L.yaxis.l2p(y)]; }}"""


@pytest.mark.timeout(300)
def test_browser_click_places_the_new_point_and_sets_its_sliders(page, app_url):
    from tests.test_browser import assert_healthy, open_url, settle
    open_url(page, f"{app_url}/kernel-pca")
    page.wait_for_function(f"() => {{ try {{ return ({STAR})() !== null; }} catch (e) {{ return false; }} }}",
                           timeout=60000)
    assert page.evaluate(STAR) == pytest.approx([0.5, 0.25], abs=1e-6)      # the sliders' defaults
    for target in ((-2.0, 1.5), (1.2, -1.0)):
        page.evaluate(TO_PIXELS, list(target))                               # scroll first, then measure
        page.wait_for_timeout(300)
        px, py = page.evaluate(TO_PIXELS, list(target))
        page.mouse.click(px, py)
        page.wait_for_function(f"t => {{ const s = ({STAR})(); return Math.abs(s[0] - t[0]) < 0.02 && "
                               f"Math.abs(s[1] - t[1]) < 0.02; }}", arg=list(target), timeout=30000)
        settle(page)
        x1, x2 = page.evaluate(STAR)
        assert f"kernel_pca_new1={x1:g}" in page.url and f"kernel_pca_new2={x2:g}" in page.url   # the sliders moved
    assert_healthy(page)


def test_presentation_mode_hides_explanations_and_keeps_3d_markers_small():
    at = open_page(FILE)
    at.toggle(key="present").set_value(True).run()
    assert not any("can only **rotate**" in m.value for m in at.markdown)   # classroom.explain
    at.selectbox(key=f"{P}_data").set_value("s_curve").run()
    assert not page_errors(at)
    sizes = [t["marker"]["size"] for t in chart(at, f"{P}_data_fig")[0]["data"] if t["type"] == "scatter3d"]
    assert sizes and max(sizes) < 13                                          # not the 2-D projector size
