"""AppTest of Kernel ridge › RBF networks: the numbers on screen against scikit-learn's least squares on the RBF
design (centres chosen here from the sorted points), the M = N network interpolating at γ = 10, the λ → 0 curve
against scikit-learn's KernelRidge at the bar's λ, and λ = 0."""
import json
import re

import numpy as np
from sklearn.kernel_ridge import KernelRidge
from sklearn.linear_model import LinearRegression
from sklearn.metrics.pairwise import rbf_kernel

from kernel_core import make_sine
from pages.kernel_ridge.settings import KEY
from tests.app_pages import open_page, page_errors, values
from ui.ranges import KERNEL_RIDGE as R

FILE = "pages/kernel_ridge/rbf_network.py"
X, Y = make_sine(R["n"][2], R["noise"][2], R["seed"][2])   # the bar's default noisy sine


def latex(at):
    return " ".join(lx.value for lx in at.latex)


def chart(at, key):
    return json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}")))



def shown(text, name):
    """A number after `name = ` in the formulas, 2.52\\times10^{9} read as 2.52e9."""
    m = re.search(re.escape(name) + r" ?&? ?= (-?[0-9.]+)(?:\\times10\^\{(-?\d+)\})?", text)
    return float(m.group(1)) * 10 ** int(m.group(2) or 0)


def centres(m):
    order = np.argsort(X[:, 0], kind="stable")
    return X[order[np.round(np.linspace(0, len(X) - 1, m)).astype(int)]]


def test_default_network_is_least_squares_on_its_centres():
    at = open_page(FILE)
    assert not page_errors(at) and not at.error
    m = R["rbf_centres"][2]
    C = centres(m)
    Phi = rbf_kernel(X, C, gamma=1.0)
    lr = LinearRegression(fit_intercept=False).fit(Phi, Y)
    text = latex(at)
    assert rf"\Phi &:\ {len(X)}\times{m},\ \operatorname{{rank}} = {m}" in text
    assert shown(text, r"\max_m |w_m|") == float(f"{np.abs(lr.coef_).max():.3g}")
    assert shown(text, "y_n)^2 &") == float(f"{np.sum((Phi @ lr.coef_ - Y) ** 2):.3g}")
    tri = next(t for t in chart(at, KEY.RBF_CHART)["data"] if t["name"] == "centres cₘ")
    np.testing.assert_allclose(np.sort(values(tri["x"])), np.sort(C[:, 0]), rtol=1e-6)


def test_every_point_a_centre_interpolates_and_kernel_ridge_closes_on_it():
    at = open_page(FILE)
    at.select_slider(key=KEY.GAMMA).set_value(10.0).run()
    at.slider(key=KEY.RBF_M).set_value(R["rbf_centres"][1]).run()
    assert not page_errors(at)
    text = latex(at)
    assert rf"\Phi &:\ {len(X)}\times{len(X)},\ \operatorname{{rank}} = {len(X)}" in text
    assert shown(text, "y_n)^2 &") < 1e-12                    # Σ (h(xₙ) − yₙ)² = 0: it passes through every point
    assert "every point is a centre" in " ".join(c.value for c in at.caption)
    curve = chart(at, KEY.RBF_LIMIT_CHART)["data"][0]
    lams, gaps = values(curve["x"]), values(curve["y"])
    h = np.linalg.solve(rbf_kernel(X, gamma=10.0), Y)                       # w = K⁻¹y
    i = int(np.argmin(np.abs(np.log(lams / 1e-2))))
    f = KernelRidge(alpha=lams[i], kernel="rbf", gamma=10.0).fit(X, Y).predict(X)
    assert abs(gaps[i] - np.max(np.abs(f - rbf_kernel(X, gamma=10.0) @ h))) < 1e-6
    assert gaps[0] < 1e-3 * gaps[-1]                   # λ = 1e-12 against λ = 100: the gap has closed


def test_lambda_zero_has_no_ridge_curve_but_keeps_the_network():
    at = open_page(FILE)
    at.checkbox(key=KEY.LAM_ZERO).check().run()
    assert not page_errors(at) and not at.error
    names = [t["name"] for t in chart(at, KEY.RBF_CHART)["data"]]
    assert not any(n.startswith("kernel ridge") for n in names) and any(n.startswith("h(x)") for n in names)


def test_the_exercise_check_shows_the_interpolating_network():
    at = open_page(FILE)
    at.radio(key="kernel_ridge_ex_kr_rbf_network").set_value(1).run()
    at.button(key="kernel_ridge_ex_kr_rbf_network_check").click().run()
    assert not page_errors(at) and any("Right." in s.value for s in at.success)
    text = latex(at)
    assert rf"\Phi &:\ {len(X)}\times{len(X)},\ \operatorname{{rank}} = {len(X)}" in text
    assert shown(text, "y_n)^2 &") < 1e-12


def test_the_classifying_network_on_the_sidebars_points_is_least_squares_with_an_offset():
    """Bishop's notes' sign(b + Σ wₘ exp(−γ‖x − cₘ‖²)) on the sidebar's default moons (120 points), M = 8 centres
    spread over the points sorted by x₁, γ = 1: b, max |wₘ| and the training accuracy against scikit-learn's
    LinearRegression with an intercept on the RBF design, and the centres drawn on the map."""
    from kernel_core import make_classification
    at = open_page(FILE)
    assert not any(KEY.RBF_CLASS_CHART in c.proto.id for c in at.get("plotly_chart"))   # off until asked for
    at.toggle(key=KEY.RBF_CLASS).set_value(True).run()
    assert not page_errors(at) and not at.error
    Xc, yc = make_classification("moons", 120, 0.1, 0)
    order = np.lexsort(Xc.T[::-1])
    C = Xc[order[np.round(np.linspace(0, len(Xc) - 1, R["rbf_centres"][2])).astype(int)]]
    lr = LinearRegression().fit(rbf_kernel(Xc, C, gamma=1.0), yc)
    right = np.mean(np.where(lr.predict(rbf_kernel(Xc, C, gamma=1.0)) >= 0, 1, -1) == yc)
    text = latex(at)
    assert rf"b &= {lr.intercept_:.3g},\ \ \max_m |w_m| = {np.abs(lr.coef_).max():.3g}" in text
    assert rf"&= {100 * right:.1f}\%\ \ (N = 120)" in text
    tri = next(t for t in chart(at, KEY.RBF_CLASS_CHART)["data"] if t.get("name") == "centres cₘ")
    np.testing.assert_allclose(np.sort(values(tri["x"])), np.sort(C[:, 0]), rtol=1e-6)
    assert at.toggle(key=KEY.RBF_CLASS).label.startswith("Classification (Bishop's notes)")
