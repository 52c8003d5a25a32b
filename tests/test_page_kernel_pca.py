"""AppTest of the Kernel PCA sections: the numbers they show against scikit-learn / scipy computed here, the new
point's projection, the sigmoid warning, the 3-D manifolds, the pre-images and the Laplacian eigenmap; the classroom
features (clickable data, a click places the new point, the components drawn, exercises, PNG-only toolbar); and the
work of every section bounded at the largest data set the app accepts (2 000 points), counted, not timed."""
import base64
import json

import numpy as np
import pytest
import streamlit as st
from scipy.linalg import eigh
from scipy.sparse.csgraph import connected_components
from sklearn.decomposition import PCA
from sklearn.decomposition import KernelPCA as SkKernelPCA
from sklearn.neighbors import kneighbors_graph

import kernel_core as kc
from kernel_core import make_classification, make_manifold
from pages.kernel_pca.settings import KEY, snap
from tests.app_pages import open_page, page_errors
from tests.click_catcher import click_catcher
from ui.points import KEY as POINTS_KEY
from ui.points import Points
from ui.points_io import MAX_ROWS
from ui.ranges import DATA, DEFAULT_DATASET, KPCA

LINEAR_VS_KERNEL = "pages/kernel_pca/linear_vs_kernel.py"
CENTRING = "pages/kernel_pca/centring.py"
NEW_POINT = "pages/kernel_pca/new_point.py"
DENOISING = "pages/kernel_pca/denoising.py"
LAPLACIAN = "pages/kernel_pca/laplacian.py"
MOONS = make_classification("moons", 120, 0.1, 0)[0]   # the sidebar's default data set


def latex(at):
    return " ".join(lx.value for lx in at.latex)


def texts(elements):
    return " ".join(e.value for e in elements)


def laplacian_gammas(X, k):
    """gamma_2, gamma_3 of L phi = gamma D phi on the symmetrised k-NN graph, by scipy directly."""
    W = kneighbors_graph(X, k, include_self=False)
    W = W.maximum(W.T).toarray()
    D = np.diag(W.sum(axis=1))
    return eigh(D - W, D, eigvals_only=True)[1:3]


def chart(at, key):
    """The Plotly figure (as JSON) of the chart keyed `key`, and its config."""
    c = next(c for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}"))
    return json.loads(c.proto.spec), json.loads(c.proto.config)


def values(a):
    """A Plotly array from the figure JSON: a list, or {"dtype", "bdata"} (base64 of the numpy bytes)."""
    return np.frombuffer(base64.b64decode(a["bdata"]), a["dtype"]) if isinstance(a, dict) else np.asarray(a)


def trace_names(at, key):
    return [t.get("name") for t in chart(at, key)[0]["data"]]


@pytest.fixture(scope="module")
def first():
    return open_page(LINEAR_VS_KERNEL)


def test_default_view_shows_sklearn_eigenvalues(first):
    at = first
    assert not page_errors(at) and not at.error and not at.warning
    sk = SkKernelPCA(2, kernel="rbf", gamma=1.0, eigen_solver="dense").fit(MOONS)
    lam = sk.eigenvalues_
    text = latex(at)
    assert rf"\text{{kernel PCA: }}\lambda_1 &= {lam[0]:.4g},\ \lambda_2 = {lam[1]:.4g}" in text
    assert rf"d_1 = \lambda_1/n &= {lam[0] / 120:.4g}\ \ (n = 120)" in text
    lin = (len(MOONS) - 1) * PCA(2).fit(MOONS).explained_variance_     # linear kPCA: (n - 1) x covariance eigenvalues
    assert rf"\text{{linear PCA: }}\lambda_1 &= {lin[0]:.4g},\ \lambda_2 = {lin[1]:.4g}" in text
    assert "100.0\\%" in text                                          # 2-D data: two components carry everything
    assert "= 0.5" not in texts(at.caption)                            # no placeholder numbers in captions
    keys = [c.proto.id.rsplit("-", 1)[-1] for c in at.get("plotly_chart")]
    assert sorted(keys) == sorted([KEY.INPUT_CHART, KEY.KPCA_CHART, KEY.LINEAR_CHART, KEY.SHARES_CHART])
    bars = chart(at, KEY.SHARES_CHART)[0]["data"]                        # the variance shares, kernel and linear
    K = np.exp(-((MOONS[:, None] - MOONS[None]) ** 2).sum(-1))
    J = np.eye(len(K)) - 1 / len(K)
    assert values(bars[0]["y"])[:2] == pytest.approx(100 * lam / np.trace(J @ K @ J), rel=1e-4)   # λᵢ / tr K′
    assert len(values(bars[0]["y"])) == KPCA["spectrum"] and len(values(bars[1]["y"])) == 2


def test_new_point_projection_and_formula_match_sklearn():
    at = open_page(NEW_POINT)
    at.slider(key=KEY.NEW[0]).set_value(1.0).run()
    at.slider(key=KEY.NEW[1]).set_value(-0.5).run()
    assert not page_errors(at)
    sk = SkKernelPCA(2, kernel="rbf", gamma=1.0, eigen_solver="dense").fit(MOONS)
    eta = sk.transform(np.array([[1.0, -0.5]]))[0]
    text = latex(at)
    for i, v in enumerate(eta, start=1):                              # up to the sign of each component
        assert (f" = {v:.4g}" in text) or (f" = {-v:.4g}" in text), (i, v)
    k1 = np.exp(-np.sum((MOONS[0] - [1.0, -0.5]) ** 2))                # k(x, x_1) with gamma = 1
    assert f"{k1:.3g}" in text and r"\mathbf{k}'(\mathbf{x}) = J" in text


def test_sigmoid_warns_instead_of_failing():
    at = open_page(LINEAR_VS_KERNEL)
    at.selectbox(key=KEY.KERNEL).set_value("sigmoid").run()
    at.slider(key=KEY.COEF0).set_value(-1.0).run()
    assert not page_errors(at) and not at.error
    warnings = texts(at.warning)
    assert "negative eigenvalues" in warnings and "not positive semi-definite" in warnings
    at.switch_page(DENOISING).run()                                   # the bar's kernel is kept between sections
    assert at.selectbox(key=KEY.KERNEL).value == "sigmoid"
    assert any("Pre-images here are computed for the RBF kernel" in i.value for i in at.info)


def test_s_curve_is_3d_with_its_own_controls_and_laplacian_numbers():
    at = open_page(LAPLACIAN)
    at.selectbox(key=KEY.DATA).set_value("s_curve").run()
    assert not page_errors(at) and not at.error
    n = at.slider(key=KEY.MANIFOLD_N).value
    noise = at.slider(key=KEY.MANIFOLD_NOISE).value
    S, _ = make_manifold("s_curve", n, noise, 0)
    g2, g3 = laplacian_gammas(S, 10)
    assert rf"\gamma_2 = {g2:.4g},\ \ \gamma_3 = {g3:.4g}" in latex(at)
    at.slider(key=KEY.NEIGHBOURS).set_value(20).run()
    g2, g3 = laplacian_gammas(S, 20)
    assert rf"\gamma_2 = {g2:.4g},\ \ \gamma_3 = {g3:.4g}" in latex(at)
    at.switch_page(NEW_POINT).run()
    assert [w.key for w in at.number_input if w.key.startswith("kernel_pca_new")] == list(KEY.NEW)
    at.switch_page(LINEAR_VS_KERNEL).run()
    assert "S-curve (3-D)" in texts(at.caption)


def test_disconnected_neighbourhood_graph_is_a_warning():
    at = open_page(LAPLACIAN)
    at.selectbox(key="data_preset").set_value("blobs").run()
    at.slider(key=KEY.NEIGHBOURS).set_value(2).run()
    X, _ = make_classification("blobs", 120, 0.1, 0)
    W = kneighbors_graph(X, 2)
    parts = connected_components(W.maximum(W.T), directed=False)[0]
    assert parts > 1
    assert not page_errors(at)
    assert any(f"falls into {parts} disconnected pieces" in w.value for w in at.warning)


def test_preimages_report_the_noise_they_added():
    at = open_page(DENOISING)
    at.slider(key=KEY.NOISE).set_value(0.3).run()
    at.slider(key=KEY.Q).set_value(20).run()
    assert not page_errors(at)
    noisy = MOONS + np.random.default_rng(1).normal(scale=0.3, size=MOONS.shape)   # KPCA["noise_seed"] = 1
    baseline = np.linalg.norm(noisy - MOONS, axis=1).mean()
    text = latex(at)
    assert rf"\overline{{\|\tilde{{\mathbf{{x}}}} - \mathbf{{x}}\|}} &= {baseline:.4f}" in text
    Z = kc.KernelPCA(20, "rbf", gamma=1.0).fit(noisy).reconstruct(noisy, 20)        # the pre-images, by the core
    assert rf"&= {np.linalg.norm(Z - MOONS, axis=1).mean():.4f}\quad(q = 20)" in text


def test_uncentred_gram_rows_do_not_sum_to_zero_but_centred_do():
    at = open_page(CENTRING)
    K = np.exp(-((MOONS[:, None, :] - MOONS[None, :, :]) ** 2).sum(-1))
    text = latex(at)
    assert rf"\max_i\,|(K\mathbf{{1}})_i| &= {np.abs(K.sum(axis=1)).max():.4g}" in text
    tail = text.split(r"\max_i\,|(K'\mathbf{1})_i| &= ")[1]
    mantissa, exponent = tail.split(r"\times 10^{")[0], int(tail.split(r"\times 10^{")[1].split("}")[0])
    assert float(mantissa) * 10.0 ** exponent < 1e-10                   # ~1e-14: round-off
    heat = chart(at, KEY.GRAM_CHART)[0]["data"][0]                     # K′ by default ...
    assert abs(values(heat["z"]).reshape(120, 120).sum(axis=1)).max() < 1e-3
    at.segmented_control(key=KEY.MATRIX).set_value("K").run()          # ... K on the same colours
    heat_k = chart(at, KEY.GRAM_CHART)[0]["data"][0]
    assert values(heat_k["z"]).max() == pytest.approx(1.0, abs=1e-6)
    assert (heat_k["zmin"], heat_k["zmax"]) == (heat["zmin"], heat["zmax"])


def test_input_data_is_a_clickable_chart_with_the_points_toolbar(first):
    assert click_catcher(first, KEY.INPUT_CHART) == {"subplot": "xy"}      # a click adds / removes a point
    assert first.get("segmented_control")[0].proto.id.endswith("kernel_pca_click_mode")
    assert first.button(key="kernel_pca_undo").disabled                     # nothing to undo yet
    at = open_page(NEW_POINT)
    assert click_catcher(at, KEY.NEW_INPUT_CHART) == {"subplot": "xy"}      # a click places the new point
    pages = {LINEAR_VS_KERNEL: (KEY.INPUT_CHART, KEY.KPCA_CHART), NEW_POINT: (KEY.NEW_INPUT_CHART,),
             DENOISING: (KEY.DENOISE_CHART,), LAPLACIAN: (KEY.LAP_CHART,), CENTRING: (KEY.GRAM_CHART,)}
    for file, keys in pages.items():
        at.switch_page(file).run()
        for key in keys:
            config = chart(at, key)[1]
            assert config.get("displaylogo") is False and "toImageButtonOptions" in config, key   # CHART_CONFIG
            assert config.get("scrollZoom") is False


def test_manifold_input_is_not_clickable():
    at = open_page(LINEAR_VS_KERNEL)
    at.selectbox(key=KEY.DATA).set_value("swiss_roll").run()
    assert not page_errors(at)
    assert "new x" not in trace_names(at, KEY.INPUT_CHART) and click_catcher(at, KEY.INPUT_CHART) is None
    assert not at.get("segmented_control")


def test_a_click_snaps_to_a_valid_slider_value():
    assert snap(0.7349, -3.0, 3.0, 0.05) == 0.75 and snap(-1.0 / 3, -3.0, 3.0, 0.05) == -0.35
    assert snap(3.04, -3.0, 3.0, 0.05) == 3.0 and snap(-9.0, -3.0, 3.0, 0.05) == -3.0


def test_moving_the_new_point_moves_its_star():
    at = open_page(NEW_POINT)
    at.slider(key=KEY.NEW[0]).set_value(-2.0).run()
    at.slider(key=KEY.NEW[1]).set_value(1.5).run()
    star = next(t for t in chart(at, KEY.NEW_INPUT_CHART)[0]["data"] if t.get("name") == "new x")
    assert np.allclose([values(star["x"])[0], values(star["y"])[0]], [-2.0, 1.5])


def test_components_drawn_follow_the_choice():
    at = open_page(LINEAR_VS_KERNEL)
    at.selectbox(key=KEY.PAIR).set_value("1-3").run()
    assert not page_errors(at)
    layout = chart(at, KEY.KPCA_CHART)[0]["layout"]
    assert layout["xaxis"]["title"]["text"] == "η⁽¹⁾ / s" and layout["yaxis"]["title"]["text"] == "η⁽³⁾ / s"   # swept: η / max|η|
    at.switch_page(NEW_POINT).run()                                         # the choice is the topic's
    sk = SkKernelPCA(3, kernel="rbf", gamma=1.0, eigen_solver="dense").fit(MOONS)
    eta3 = sk.transform(np.array([[0.5, 0.25]]))[0, 2]                      # the default new point on component 3
    text = latex(at)
    assert r"\eta^{(3)}(\mathbf{x})" in text and r"\eta^{(2)}(\mathbf{x})" not in text
    assert (f" = {eta3:.4g}" in text) or (f" = {-eta3:.4g}" in text)


def exercise(at, name, choice):
    at.radio(key=KEY.exercise(name)).set_value(choice).run()
    at.button(key=KEY.exercise(name) + "_check").click().run()
    assert not page_errors(at)


def test_centring_exercise_sets_a_small_gamma():
    at = open_page(CENTRING)
    exercise(at, "kpca_centring", 1)
    assert at.select_slider(key=KEY.GAMMA).value == 0.1
    assert any("Right" in s.value for s in at.success)
    K = np.exp(-0.1 * ((MOONS[:, None, :] - MOONS[None, :, :]) ** 2).sum(-1))
    raw = np.linalg.eigvalsh(K)[-1]                                         # uncentred lambda_1 = largest eigenvalue of K
    J = np.eye(len(K)) - 1 / len(K)
    centred = np.linalg.eigvalsh(J @ K @ J)[-1]
    assert raw > 5 * centred                                                # the mean direction dominates without J
    text = latex(at)
    assert rf"\lambda_1 \text{{ of }} K &= {raw:.4g}" in text and rf"\lambda_1 \text{{ of }} K' &= {centred:.4g}" in text


def test_circles_exercise_shows_the_rings_apart_on_component_three():
    at = open_page(LINEAR_VS_KERNEL)
    exercise(at, "kpca_circles", 0)                                         # a wrong answer still reveals
    assert at.selectbox(key="data_preset").value == "circles"
    assert at.selectbox(key=KEY.KERNEL).value == "poly" and at.selectbox(key=KEY.PAIR).value == "1-3"
    assert at.slider(key=KEY.DEGREE).value == 2 and at.slider(key=KEY.COEF0).value == 0.0
    assert any("the answer is **On component 3" in w.value for w in at.warning)
    X, y = make_classification("circles", 120, 0.1, 0)
    eta = SkKernelPCA(3, kernel="poly", degree=2, gamma=1.0, coef0=0.0, eigen_solver="dense").fit_transform(X)
    for i, separated in ((0, False), (2, True)):                            # a threshold on component 3 splits them
        e = eta[:, i] * np.sign(eta[y == 1, i].mean() - eta[y == -1, i].mean())
        assert (e[y == 1].min() > e[y == -1].max()) == separated
    assert chart(at, KEY.KPCA_CHART)[0]["layout"]["yaxis"]["title"]["text"] == "η⁽³⁾ / s"   # the γ sweep scales η


def test_preimage_exercise_shows_the_error_rise_again():
    at = open_page(DENOISING)
    exercise(at, "kpca_preimages", 1)
    assert at.slider(key=KEY.Q).value == 20 and at.slider(key=KEY.NOISE).value == 0.3
    curve = chart(at, KEY.CURVE_CHART)[0]["data"][0]
    errors = values(curve["y"])
    assert len(errors) == 20 and int(np.argmin(errors)) + 1 < 20 and errors[-1] > errors.min()   # falls, then rises
    assert rf"\text{{best: }} q &= {int(np.argmin(errors)) + 1}" in latex(at)


def test_presentation_mode_hides_explanations_and_keeps_3d_markers_small():
    at = open_page(LINEAR_VS_KERNEL)
    at.toggle(key="present").set_value(True).run()
    assert not any("can only **rotate**" in m.value for m in at.markdown)   # classroom.explain
    at.selectbox(key=KEY.DATA).set_value("s_curve").run()
    assert not page_errors(at)
    sizes = [t["marker"]["size"] for t in chart(at, KEY.INPUT_CHART)[0]["data"] if t["type"] == "scatter3d"]
    assert sizes and max(sizes) < 13                                          # not the 2-D projector size


# ---------------------------------------------------------------- bounded work at the largest data set accepted
PRESET = (DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])


@pytest.fixture
def largest(monkeypatch):
    """A session holding MAX_ROWS points (as a 2 000-point link or CSV leaves it), with the kernel_core calls that
    cost O(n²)-O(n³) counted: kernel PCA fits and pre-images by size, Laplacian eigenmaps by size."""
    calls = {"fit": [], "reconstruct": [], "laplacian": []}
    fit, reconstruct, laplacian = kc.KernelPCA.fit, kc.KernelPCA.reconstruct, kc.laplacian_eigenmap

    def counted_fit(self, X):
        calls["fit"].append(len(X))
        return fit(self, X)

    def counted_reconstruct(self, X, n_components=None, max_iter=300):
        calls["reconstruct"].append((len(X), n_components))
        return reconstruct(self, X, n_components, max_iter)

    def counted_laplacian(X, *args, **kwargs):
        calls["laplacian"].append(len(X))
        return laplacian(X, *args, **kwargs)

    monkeypatch.setattr(kc.KernelPCA, "fit", counted_fit)
    monkeypatch.setattr(kc.KernelPCA, "reconstruct", counted_reconstruct)
    monkeypatch.setattr(kc, "laplacian_eigenmap", counted_laplacian)
    st.cache_data.clear()
    rng = np.random.default_rng(5)
    X = rng.normal(size=(MAX_ROWS, 2))
    y = np.where(X[:, 0] + rng.normal(scale=0.5, size=MAX_ROWS) > 0, 1, -1)

    def open_with_largest(file):
        at = open_page(file)
        for made in calls.values():   # count from here: the work on the largest data only
            made.clear()
        at.session_state[POINTS_KEY] = Points(X, y, PRESET, edited=True)
        at.run()
        assert not page_errors(at)
        return at

    yield open_with_largest, calls
    st.cache_data.clear()


def test_denoising_at_the_largest_data_computes_the_selected_q_on_a_bounded_subsample(largest):
    open_with_largest, calls = largest
    at = open_with_largest(DENOISING)
    q = at.slider(key=KEY.Q).value
    assert f"uses {KPCA['denoise_max']:,} of your {MAX_ROWS:,} points" in texts(at.info)
    assert f"The curve is measured on {KPCA['curve_max']} of the {KPCA['denoise_max']} points" in texts(at.info)
    assert max(calls["fit"]) <= KPCA["denoise_max"]
    picture = [c for c in calls["reconstruct"] if c[0] > KPCA["curve_max"]]
    assert picture == [(KPCA["denoise_max"], q)]                            # the pictured pre-images: selected q only
    assert all(size <= KPCA["curve_max"] for size, _ in calls["reconstruct"] if (size, _) not in picture)
    assert len(calls["reconstruct"]) <= 1 + KPCA["q"][1]                    # the curve: one pass per q, once
    calls["reconstruct"].clear()
    at.slider(key=KEY.Q).set_value(q + 3).run()                             # moving q: one reconstruction
    assert not page_errors(at)
    assert calls["reconstruct"] == [(KPCA["denoise_max"], q + 3)]


@pytest.mark.parametrize("file, cap", [(LINEAR_VS_KERNEL, KPCA["fit_max"]), (CENTRING, KPCA["fit_max"]),
                                       (NEW_POINT, KPCA["fit_max"]), (LAPLACIAN, KPCA["laplacian_max"])])
def test_every_section_bounds_its_fits_at_the_largest_data(largest, file, cap):
    open_with_largest, calls = largest
    at = open_with_largest(file)
    assert calls["fit"] and max(calls["fit"]) <= cap
    assert all(size <= KPCA["laplacian_max"] for size in calls["laplacian"])
    assert f"of your {MAX_ROWS:,} points (a random subsample" in texts(at.info)   # said on screen


PLACING = """Array.from(document.querySelectorAll('[class*="st-key-clickable_"] .js-plotly-plot'))
  .filter(e => (e._fullData || []).some(t => t.name === 'new x'))[0]"""     # the clickable chart with the star
STAR = f"""() => {{ const el = {PLACING};
  const t = el._fullData.find(t => t.name === 'new x'); return [t.x[0], t.y[0]]; }}"""
TO_PIXELS = f"""([x, y]) => {{ const el = {PLACING};
  el.scrollIntoView({{block: 'center'}}); const L = el._fullLayout; const r = el.getBoundingClientRect();
  return [r.left + L.xaxis._offset + L.xaxis.l2p(x), r.top + L.yaxis._offset + L.yaxis.l2p(y)]; }}"""


def pixels(page, target):
    """TO_PIXELS once the chart is drawn (null, so waited for, while a rerun remounts it)."""
    from tests.test_browser import ready_value
    return ready_value(page, f"a => {{ try {{ return ({TO_PIXELS})(a); }} catch (e) {{ return null; }} }}", target)


@pytest.mark.timeout(300)
def test_browser_click_places_the_new_point_and_sets_its_sliders(page, app_url):
    from tests.test_browser import assert_healthy, open_url, ready_value, settle
    open_url(page, f"{app_url}/kernel-pca-new-point")
    page.wait_for_function(f"() => {{ try {{ return ({STAR})() !== null; }} catch (e) {{ return false; }} }}",
                           timeout=60000)
    assert page.evaluate(STAR) == pytest.approx([0.5, 0.25], abs=1e-6)      # the sliders' defaults
    for target in ((-2.0, 1.5), (1.2, -1.0)):
        pixels(page, list(target))                                           # scroll first, then measure
        page.wait_for_timeout(300)
        px, py = pixels(page, list(target))
        page.mouse.click(px, py)
        page.wait_for_function(f"t => {{ try {{ const s = ({STAR})(); return Math.abs(s[0] - t[0]) < 0.02 && "
                               f"Math.abs(s[1] - t[1]) < 0.02; }} catch (e) {{ return false; }} }}",  # mid-redraw
                               arg=list(target), timeout=30000)
        settle(page)
        x1, x2 = ready_value(page, f"() => {{ try {{ return ({STAR})(); }} catch (e) {{ return null; }} }}")
        search = page.evaluate("() => window.location.search")
        assert f"kernel_pca_new1={x1:g}" in search and f"kernel_pca_new2={x2:g}" in search   # the sliders moved
    assert_healthy(page)


def test_the_derivation_shows_sigma_phi_and_the_span_argument_with_this_fits_numbers():
    """Held's derivation expander: λ₁ = d₁n with scikit-learn's λ₁, unit-length axes aᵢᵀK′aᵢ = 1; with the linear
    kernel Σ̂^φ is the biased covariance (1/n) Σ x̃ₗx̃ₗᵀ of the points, and its largest eigenvalue is the d₁ shown."""
    at = open_page(LINEAR_VS_KERNEL)
    lam = SkKernelPCA(2, kernel="rbf", gamma=1.0, eigen_solver="dense").fit(MOONS).eigenvalues_
    text = latex(at)
    assert r"\widehat\Sigma^{\phi} = \frac{1}{n}\sum_{l=1}^{n}" in text
    assert rf"n &= 120,\quad \lambda_1 = d_1 n = {lam[0]:.4g},\quad d_1 = {lam[0] / 120:.4g}" in text
    assert r"\mathbf a_1^\top K'\mathbf a_1 &= 1.000000" in text and r"\mathbf a_2^\top K'\mathbf a_2 = 1.000000" in text
    at.selectbox(key=KEY.KERNEL).set_value("linear").run()
    assert not page_errors(at)
    d1 = np.linalg.eigvalsh(np.cov(MOONS.T, bias=True))[-1]            # Σ̂^φ for φ(x) = x
    assert rf"d_1 = {d1:.4g} \\" in latex(at)
