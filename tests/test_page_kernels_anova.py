"""AppTest of Kernels › The ANOVA kernel (pages/kernels/anova.py): the map drawn is kernel ridge with
k(x, x′) = Σⱼ exp(−γ (xⱼ − x′ⱼ)²) computed independently (scikit-learn's rbf_kernel on single columns and
KernelRidge(kernel="precomputed") with alpha = nλ); the two parts drawn are Σᵢ αᵢ kⱼ(xᵢⱼ, ·) and add up to the map;
the class labels as targets; Kriege's λ mapping on screen; a sigmoid kⱼ warned about; the exercise; the cap."""
import base64
import json

import numpy as np
import pytest
from sklearn.datasets import make_moons
from sklearn.kernel_ridge import KernelRidge
from sklearn.metrics.pairwise import rbf_kernel

from pages.kernels.compute import CAP
from pages.kernels.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.kernels_sections import PRESET, metric, moons, text
from ui.points import KEY as POINTS
from ui.points import Points

PAGE = "pages/kernels/anova.py"
pytestmark = pytest.mark.timeout(600)
XS = np.linspace(-3, 3, 101)


def decode(v):
    if isinstance(v, dict):
        return np.frombuffer(base64.b64decode(v["bdata"]), np.dtype(v["dtype"])).astype(float)
    return np.asarray(v, float)


def chart(at, key):
    c = next(c for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}"))
    return json.loads(c.proto.spec)["data"]


def drawn_map(at):
    z = decode(chart(at, "kernels_anova_fit")[0]["z"])
    return z.reshape(len(XS), len(XS))


def drawn_parts(at):
    traces = {t.get("name"): t for t in chart(at, "kernels_anova_parts")}
    return [decode(traces[f"learned f{j}"]["y"]) for j in (1, 2)]


def anova_gram(A, B, gamma):
    return sum(rbf_kernel(A[:, [j]], B[:, [j]], gamma=gamma) for j in range(A.shape[1]))


def reference(X, t, gamma, lam):
    """sklearn's KernelRidge on the precomputed ANOVA Gram matrix (alpha = nλ): f over the grid and the two parts."""
    model = KernelRidge(alpha=len(X) * lam, kernel="precomputed").fit(anova_gram(X, X, gamma), t)
    g1, g2 = np.meshgrid(XS, XS)
    grid = np.c_[g1.ravel(), g2.ravel()]
    Z = model.predict(anova_gram(grid, X, gamma)).reshape(len(XS), len(XS))
    a = model.dual_coef_
    parts = [rbf_kernel(XS[:, None], X[:, [j]], gamma=gamma) @ a for j in range(2)]
    return Z, parts


def additive_target(X):
    return np.sin(X[:, 0]) + X[:, 1] ** 2 / 2 + np.random.default_rng(0).normal(0.0, 0.1, len(X))


def test_the_default_fit_matches_sklearn_kernel_ridge_on_the_precomputed_anova_gram_matrix():
    at = open_page(PAGE)
    assert not page_errors(at)
    X, _ = moons()
    Z, parts = reference(X, additive_target(X), 1.0, 0.01)
    np.testing.assert_allclose(drawn_map(at), Z, atol=2e-5)            # float32 on the wire
    f1, f2 = drawn_parts(at)
    np.testing.assert_allclose(f1, parts[0], atol=2e-5)
    np.testing.assert_allclose(f2, parts[1], atol=2e-5)
    # the map is the outer sum of the two parts: f(x) = f₁(x₁) + f₂(x₂)
    np.testing.assert_allclose(drawn_map(at), f1[None, :] + f2[:, None], atol=5e-5)
    assert float(metric(at, "max |f − f₁ − f₂|")) < 1e-12


def test_kriege_lambda_is_shown_with_its_mapping():
    at = open_page(PAGE)
    at.select_slider(key=KEY.anova_lam).set_value(0.1).run()
    tex = " ".join(e.body for e in at.latex)
    assert r"n\lambda = 120\cdot0.1" in tex and r"(K + 12\,I)^{-1}" in tex
    X, _ = moons()
    Z, _ = reference(X, additive_target(X), 1.0, 0.1)
    np.testing.assert_allclose(drawn_map(at), Z, atol=2e-5)


def test_the_class_labels_as_targets_with_another_gamma():
    at = open_page(PAGE)
    at.radio(key=KEY.anova_target).set_value("labels").run()
    at.select_slider(key=KEY.gamma).set_value(2.0).run()
    assert not page_errors(at)
    X, y = moons()
    Z, parts = reference(X, y.astype(float), 2.0, 0.01)
    np.testing.assert_allclose(drawn_map(at), Z, atol=2e-5)
    np.testing.assert_allclose(drawn_parts(at)[0], parts[0], atol=2e-5)
    rmse = np.sqrt(np.mean((KernelRidge(alpha=1.2, kernel="precomputed").fit(anova_gram(X, X, 2.0), y)
                            .predict(anova_gram(X, X, 2.0)) - y) ** 2))
    assert metric(at, "RMSE on the data") == f"{rmse:.3f}"


def test_a_sigmoid_part_is_warned_about_without_an_exception():
    at = open_page(PAGE)
    at.selectbox(key=KEY.kernel).set_value("sigmoid").run()
    assert not page_errors(at)
    assert any("not a Mercer kernel" in w.value or "sigmoid" in w.value for w in at.warning)


def test_the_xor_exercise_sets_the_class_labels():
    at = open_page(PAGE)
    at.radio(key="kernels_ex_kernels_anova_xor").set_value(1).run()
    at.button(key="kernels_ex_kernels_anova_xor_check").click().run()
    assert at.radio(key=KEY.anova_target).value == "labels" and at.select_slider(key=KEY.anova_lam).value == 0.001
    assert any("Right" in s.value for s in at.success)


def test_more_points_than_the_cap_use_a_subsample_and_say_so():
    X, y = make_moons(CAP + 50, noise=0.1, random_state=3)
    at = open_page(PAGE)
    at.session_state[POINTS] = Points(X, np.where(y > 0, 1, -1), PRESET, edited=True)
    at.run()
    assert not page_errors(at)
    assert f"this section fits a fixed random {CAP} of them" in text(at)


def test_sources_are_named_by_author():
    words = text(open_page(PAGE))
    assert "Kriege" in words and "seed 00" not in words.lower()
