"""AppTest of the SVM margins section's fits and clicks (pages/svm/): one libsvm fit per setting whatever the plots'
bounds, and a clicked point always trains, even where the per-point draw of the held-out split would hold it out,
and moves no other point."""
import base64

import numpy as np
import pytest
from sklearn.datasets import make_moons
from sklearn.svm import SVC

import kernel_core as kc
from kernel_core import holdout_split
from pages.svm import compute
from pages.svm.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.svm_sections import HINGE, MARGINS, SUBGRADIENT, charts, metric

pytestmark = pytest.mark.timeout(600)


def test_one_libsvm_fit_per_setting_whatever_the_plot_bounds(monkeypatch):
    """The margins map (the plane) and the subgradient and hinge sections (the data's box) share one cached fit:
    a new setting fits libsvm once, the surfaces are drawn from its expansion."""
    fits = []
    real = kc.KernelSVM.fit
    monkeypatch.setattr(kc.KernelSVM, "fit", lambda self, X, y: fits.append(self.C) or real(self, X, y))
    monkeypatch.setattr(compute, "sweep", lambda *args, **kwargs: None)   # the live sweeps' batches fit other settings
    at = open_page(MARGINS)
    at.select_slider(key=KEY.C).set_value(0.0398).run()      # a C no other test uses: fresh cache entries
    before = len(fits)
    at.select_slider(key=KEY.GAMMA).set_value(0.0398).run()   # one new setting ...
    assert not page_errors(at) and len(fits) == before + 1    # ... one fit
    for section in (SUBGRADIENT, HINGE):                      # the same setting drawn over the data's box
        at.switch_page(section).run()
        assert not page_errors(at) and at.select_slider(key=KEY.GAMMA).value == 0.0398   # the bar kept its values
    assert len(fits) == before + 1


def decode(values):
    """A Plotly array as the chart sends it (a list, or a base64 typed array)."""
    if isinstance(values, dict):
        return np.frombuffer(base64.b64decode(values["bdata"]), dtype=values["dtype"])
    return np.asarray(values, float)


def held_out_points(at):
    spec = charts(at)["svm_map"]
    return {(round(float(x), 2), round(float(y), 2)) for trace in spec["data"] if trace.get("name", "").startswith("held out")
            for x, y in zip(decode(trace["x"]), decode(trace["y"]))}


def test_a_clicked_point_trains_even_where_the_per_point_draw_would_hold_it_out():
    """Issue 21, item 12: a point added by a click is a training point, always, and no other point changes set."""
    from ui import points

    X, y = make_moons(120, noise=0.1, random_state=0)
    y = np.where(y > 0, 1, -1)
    for x1, x2 in ((a / 4, b / 4) for a in range(-10, 11) for b in range(-10, 11)):
        Xn, yn = np.vstack([X, [[x1, x2]]]), np.append(y, 1)
        if 120 in holdout_split(yn, 0.3, 0, X=Xn)[1]:   # drawn per point from its place, this one is held out
            break
    else:
        pytest.fail("no place where the per-point draw holds a new point out")
    at = open_page(MARGINS)
    before = held_out_points(at)
    assert len(before) == 36
    s = at.session_state[points.KEY]
    at.session_state[points.KEY] = points.Points(Xn, yn, s.preset, edited=True)   # what a click (points.add) leaves
    at.run()
    assert not page_errors(at)
    assert held_out_points(at) == before                      # nobody moved, and the new point is not held out
    assert (x1, x2) not in held_out_points(at)
    tr, te = holdout_split(y, 0.3, 0, X=X)
    svc = SVC(kernel="rbf", C=1.0, gamma=1.0).fit(np.vstack([X[tr], [[x1, x2]]]), np.append(y[tr], 1))
    assert metric(at, "Support vectors") == f"{len(svc.support_)} of {len(tr) + 1}"   # it trains
