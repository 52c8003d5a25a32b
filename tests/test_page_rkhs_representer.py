"""AppTest of RKHS › The representer theorem (pages/rkhs/representer.py): the numbers beside the picture against an
independent computation from scikit-learn's polynomial Gram matrix (ridge: alpha = (K + n lam I)^-1 y; hinge:
liblinear's LinearSVC without offset on features Phi with Phi Phi^T = K), ||w||^2 = ||w*||^2 + t^2 and J - J* = lam t^2
with the slider's t, the predictions on the points unmoved by t (the chart's data), and the friendly sentences when
there is no room for u or the polynomial kernel has no real map."""
import json
import re
import warnings

import numpy as np
import pytest
from sklearn.metrics.pairwise import pairwise_kernels
from sklearn.svm import LinearSVC

from pages.rkhs.settings import KEY
from tests.app_pages import open_page, page_errors
from ui.ranges import RKHS_REPRESENTER as R

PAGE = "pages/rkhs/representer.py"
NUM = r"(-?[\d.]+(?:e[-+]?\d+)?)"
pytestmark = pytest.mark.timeout(600)


def chart(at, key):
    """The Plotly figure of the chart with this key, as a dict."""
    return json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}")))


def latex(at):
    return " ".join(e.body for e in at.latex)


def text(at):
    return " ".join(str(e.value) for e in (*at.markdown, *at.caption, *at.error, *at.warning, *at.info))


def set_up(at, kernel="poly", degree=5, loss="squared", n=4, lam=0.1, t=2.0, coef0=1.0):
    at.selectbox(key=KEY.kernel).set_value(kernel).run()
    if kernel == "poly":
        at.slider(key=KEY.degree).set_value(degree)
        at.slider(key=KEY.coef0).set_value(coef0)
    at.radio(key=KEY.thm_loss).set_value(loss)
    at.slider(key=KEY.thm_n).set_value(n)
    at.select_slider(key=KEY.thm_lam).set_value(lam)
    at.run()
    if not at.slider(key=KEY.thm_t).disabled:
        at.slider(key=KEY.thm_t).set_value(t).run()
    return at


def reference(loss, n, lam, degree=5):
    """(||w*||^2, loss term, J*) from scikit-learn's Gram matrix of (x x' + 1)^m on the section's points."""
    X = np.asarray(R["x"][:n], float)[:, None]
    y = np.asarray(R["y"][:n], float)
    K = pairwise_kernels(X, metric="poly", degree=degree, gamma=1.0, coef0=1.0)
    if loss == "squared":
        alpha = np.linalg.solve(K + n * lam * np.eye(n), y)
        f, norm2 = K @ alpha, alpha @ K @ alpha
        data = np.mean((f - y) ** 2)
    else:
        y = np.where(y >= 0, 1.0, -1.0)
        ev, V = np.linalg.eigh(K)
        Phi = V * np.sqrt(np.clip(ev, 0, None))             # Phi Phi^T = K: any such map gives the same f(x_i), ||w||
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            w = LinearSVC(C=1 / (2 * n * lam), loss="hinge", fit_intercept=False, tol=1e-12,
                          max_iter=10**6).fit(Phi, y).coef_[0]
        norm2 = w @ w
        data = np.mean(np.maximum(0, 1 - y * (Phi @ w)))
    return norm2, data, data + lam * norm2


@pytest.fixture(scope="module")
def representer_section():
    return open_page(PAGE)


def test_default_page_draws_both_charts(representer_section):
    assert not page_errors(representer_section)
    assert chart(representer_section, KEY.thm_chart)["data"]
    assert chart(representer_section, KEY.thm_objective)["data"]
    assert "random Fourier features" in text(representer_section)


@pytest.mark.parametrize("loss", ["squared", "hinge"])
@pytest.mark.parametrize("t", [2.0, -1.5])
def test_numbers_match_an_independent_fit(loss, t):
    n, lam = 4, 0.1
    at = set_up(open_page(PAGE), loss=loss, n=n, lam=lam, t=t)
    assert not page_errors(at)
    body = latex(at)
    tt = re.escape(f"({t:g})" if t < 0 else f"{t:g}")
    m = re.search(rf"&= {NUM} \+ {tt}\^2 = {NUM}", body)
    star, total = float(m.group(1)), float(m.group(2))
    norm2, data, J = reference(loss, n, lam)
    assert star == pytest.approx(norm2, rel=1e-3)
    assert total == pytest.approx(norm2 + t * t, rel=1e-3)                # ||w||^2 = ||w*||^2 + t^2
    m = re.search(rf"&= {NUM} \+ 0.1\\times{NUM} = {NUM}", body)
    assert float(m.group(1)) == pytest.approx(data, rel=1e-3, abs=1e-9)    # the loss term: unchanged by t
    assert float(m.group(3)) == pytest.approx(data + lam * (norm2 + t * t), rel=1e-3)
    m = re.search(rf"J - J\^\* &= \\lambda t\^2 = 0.1\\times{tt}\^2 = {NUM}", body)
    assert float(m.group(1)) == pytest.approx(lam * t * t, rel=1e-3)


def test_the_predictions_on_the_points_do_not_move_with_t():
    at = set_up(open_page(PAGE), t=0.0)
    def points(a):
        trace = next(d for d in chart(a, KEY.thm_chart)["data"] if d.get("name", "").startswith("f(xᵢ)"))
        return np.asarray(trace["y"]["bdata"] if isinstance(trace["y"], dict) else trace["y"])
    curve0 = next(d for d in chart(at, KEY.thm_chart)["data"] if d.get("name", "").startswith("f = "))
    before = points(at)
    at.slider(key=KEY.thm_t).set_value(3.0).run()
    assert points(at) is not None and np.array_equal(points(at), before)
    curve3 = next(d for d in chart(at, KEY.thm_chart)["data"] if d.get("name", "").startswith("f = "))
    assert curve0["y"] != curve3["y"]                                   # away from the points f changed
    moved = float(re.search(r"moved by at most ([\d.e+-]+)", text(at)).group(1))
    assert moved < 1e-9


def test_no_room_for_u_is_said_and_t_is_off():
    at = set_up(open_page(PAGE), degree=2, n=4)                         # 3 features, 4 points
    assert not page_errors(at)
    assert "No room for u" in text(at)
    assert at.slider(key=KEY.thm_t).disabled


def test_a_polynomial_with_negative_offset_has_no_map():
    at = set_up(open_page(PAGE), coef0=-1.0)
    assert not page_errors(at)
    assert "no real feature map" in text(at)
