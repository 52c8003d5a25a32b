"""AppTest of the Kernel PCA sections' classroom features: the input data is a clickable chart with the points
toolbar (a 3-D manifold is not), a click places the new point on a valid slider value and moves its star, the
components drawn follow the choice, the exercises set the configuration that reveals their answer, presentation mode
hides explanations and keeps 3-D markers small; and, in Chromium, a click places the new point and sets its sliders.
The numbers shown are checked in test_page_kernel_pca.py."""
import numpy as np
import pytest
from sklearn.decomposition import KernelPCA as SkKernelPCA

from kernel_core import make_classification
from pages.kernel_pca.settings import KEY, snap
from tests.app_pages import open_page, page_errors, values
from tests.click_catcher import click_catcher
from tests.support.kernel_pca_sections import CENTRING, DENOISING, LAPLACIAN, LINEAR_VS_KERNEL, MOONS, NEW_POINT, chart, latex


def trace_names(at, key):
    return [t.get("name") for t in chart(at, key)[0]["data"]]


def test_input_data_is_a_clickable_chart_with_the_points_toolbar():
    first = open_page(LINEAR_VS_KERNEL)
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


PLACING = """Array.from(document.querySelectorAll('[class*="st-key-clickable_"] .js-plotly-plot'))
  .filter(e => (e._fullData || []).some(t => t.name === 'new x'))[0]"""     # the clickable chart with the star
STAR = f"""() => {{ const el = {PLACING};
  const t = el._fullData.find(t => t.name === 'new x'); return [t.x[0], t.y[0]]; }}"""
TO_PIXELS = f"""([x, y]) => {{ const el = {PLACING};
  el.scrollIntoView({{block: 'center'}}); const L = el._fullLayout; const r = el.getBoundingClientRect();
  return [r.left + L.xaxis._offset + L.xaxis.l2p(x), r.top + L.yaxis._offset + L.yaxis.l2p(y)]; }}"""


def pixels(page, target):
    """TO_PIXELS once the chart is drawn (null, so waited for, while a rerun remounts it)."""
    from tests.support.charts import ready_value
    return ready_value(page, f"a => {{ try {{ return ({TO_PIXELS})(a); }} catch (e) {{ return null; }} }}", target)


@pytest.mark.timeout(300)
def test_browser_click_places_the_new_point_and_sets_its_sliders(page, app_url):
    from tests.support.app_runs import open_url, settle
    from tests.support.charts import ready_value
    from tests.support.health import assert_healthy
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
