"""AppTest of the kernel ridge page: the numbers shown against scikit-learn computed here, the n*lambda toggle,
the student's own points, lambda = 0 with duplicated points, one-click CV, and the GP statement."""
import numpy as np
import pandas as pd
import pytest
from sklearn.kernel_ridge import KernelRidge as SkKR
from sklearn.model_selection import GridSearchCV, KFold

from kernel_core import make_sine
from tests.app_pages import open_page, page_errors
from ui.kernel_ridge import apply_edits

FILE = "pages/kernel-ridge.py"
P = "kernel_ridge"


@pytest.fixture(scope="module")
def fresh():
    """A page at its defaults (opened once; tests that change widgets open their own)."""
    return open_page(FILE)


def metric(at, label):
    return next(m.value for m in at.metric if m.label.startswith(label))


def sk_train_mse(X, y, lam, gamma=1.0):
    model = SkKR(alpha=lam, kernel="rbf", gamma=gamma).fit(X, y)
    return float(np.mean((model.predict(X) - y) ** 2))


def test_default_view_matches_sklearn_and_states_the_conventions(fresh):
    at = fresh
    assert not page_errors(at) and not at.error
    X, y = make_sine(30, 0.25, 0)
    assert float(metric(at, "Training MSE")) == pytest.approx(sk_train_mse(X, y, 0.1), rel=1e-3)
    captions = " ".join(c.value for c in at.caption)
    assert "λ₀₀₃ = λ / n (here n = 30)" in captions and "is λ₀₀₃ = 0.003333" in captions
    assert "scikit-learn calls λ alpha" in captions
    assert any(r"n = 30,\ \lambda = 0.1" in lx.value for lx in at.latex)
    assert any(r"\lambda_{003} = \lambda_{000} / n = 0.1 / 30 = 0.003333" in lx.value for lx in at.latex)  # always on screen
    assert any("Verified on the plotted grid" in s.value for s in at.success)  # GP mean = KRR with lam = sigma^2


def test_n_lambda_toggle_multiplies_by_n():
    at = open_page(FILE)
    at.toggle(key=f"{P}_nlam").set_value(True).run()
    assert not page_errors(at)
    assert any(r"n\,\lambda_{003} = 30\times0.1 = 3" in lx.value for lx in at.latex)
    X, y = make_sine(30, 0.25, 0)
    assert float(metric(at, "Training MSE")) == pytest.approx(sk_train_mse(X, y, 3.0), rel=1e-3)


def test_own_points_survive_reruns_and_duplicates_with_lam_zero_warn():
    at = open_page(FILE)
    at.radio(key=f"{P}_source").set_value("own").run()
    pts = pd.DataFrame({"x": [0.0, 1.0, 2.0, 3.5], "y": [0.0, 1.0, -1.0, 0.5]})
    at.session_state["kernel_ridge_points"] = pts
    at.run()
    at.select_slider(key=f"{P}_lam").set_value(1.0).run()  # another rerun: the table is still there
    X, y = pts[["x"]].to_numpy(), pts["y"].to_numpy()
    assert float(metric(at, "Training MSE")) == pytest.approx(sk_train_mse(X, y, 1.0), rel=1e-3)
    at.checkbox(key=f"{P}_lam0").check().run()
    at.button(key=f"{P}_dup").click().run()
    assert len(at.session_state["kernel_ridge_points"]) == 8
    assert not page_errors(at)
    assert any("least squares" in w.value for w in at.warning)
    assert float(metric(at, "Training MSE")) == pytest.approx(0.0, abs=1e-8)  # interpolates the duplicates


def test_empty_table_is_an_error_message_not_a_traceback():
    at = open_page(FILE)
    at.radio(key=f"{P}_source").set_value("own").run()
    at.session_state["kernel_ridge_points"] = pd.DataFrame({"x": [np.nan], "y": [1.0]})
    at.run()
    assert not page_errors(at)
    assert any("No data to fit" in e.value for e in at.error)


def test_apply_best_sets_the_cv_choice_of_sklearn_grid_search():
    at = open_page(FILE)
    at.button(key=f"{P}_apply").click().run()
    assert not page_errors(at)
    X, y = make_sine(30, 0.25, 0)
    lams = [float(f"{v:.3g}") for v in np.geomspace(1e-4, 1e2, 13)]
    gammas = [float(f"{v:.3g}") for v in np.geomspace(1e-2, 1e2, 9)]
    search = GridSearchCV(SkKR(kernel="rbf"), {"alpha": lams, "gamma": gammas}, scoring="neg_mean_squared_error",
                          cv=KFold(5, shuffle=True, random_state=0)).fit(X, y)
    assert at.select_slider(key=f"{P}_lam").value == search.best_params_["alpha"]
    assert at.select_slider(key=f"{P}_gamma").value == search.best_params_["gamma"]
    best = search.best_params_
    assert float(metric(at, "Training MSE")) == pytest.approx(sk_train_mse(X, y, best["alpha"], best["gamma"]), rel=1e-3)


def test_sigmoid_kernel_has_no_gp_and_says_so():
    at = open_page(FILE)
    at.selectbox(key=f"{P}_kernel").set_value("sigmoid").run()
    assert not page_errors(at)
    assert any("No Gaussian process with this kernel" in e.value for e in at.error)


def test_apply_edits_folds_in_a_change_record():
    df = pd.DataFrame({"x": [0.0, 1.0, 2.0], "y": [5.0, 6.0, 7.0]})
    out = apply_edits(df, {"edited_rows": {0: {"y": -1.0}}, "added_rows": [{"x": 9.0, "y": 9.5}], "deleted_rows": [1]})
    assert out.to_dict("list") == {"x": [0.0, 2.0, 9.0], "y": [-1.0, 7.0, 9.5]}
