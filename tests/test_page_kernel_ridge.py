"""AppTest of the kernel ridge page: the numbers shown against scikit-learn computed here, the n*lambda toggle,
the student's own points, lambda = 0 with duplicated points, one-click CV, the GP statement, Compare A / B,
the clickable fit plot (click handler: add, remove, undo, switch from the sine), the exercises, the chart
toolbar and presentation mode."""
import json

import numpy as np
import pandas as pd
import pytest
from sklearn.kernel_ridge import KernelRidge as SkKR
from sklearn.model_selection import GridSearchCV, KFold, cross_val_score
from streamlit.testing.v1 import AppTest

from kernel_core import make_sine
from tests.app_pages import open_page, page_errors
from tests.click_catcher import click_catcher
from ui.kernel_ridge import apply_edits

FILE = "pages/kernel_ridge/page.py"
P = "kernel_ridge"


@pytest.fixture(scope="module")
def fresh():
    """A page at its defaults (opened once; tests that change widgets open their own)."""
    return open_page(FILE)


def metric(at, label):
    return next(m.value for m in at.metric if m.label.startswith(label))


def chart(at, key):
    """The figure (as a dict) of the Plotly chart with this key."""
    return json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}")))


def trace(fig, name):
    return next(t for t in fig["data"] if t.get("name") == name)


def sk_cv_mse(X, y, lam, gamma=1.0):
    scores = cross_val_score(SkKR(alpha=lam, kernel="rbf", gamma=gamma), X, y, scoring="neg_mean_squared_error",
                             cv=KFold(5, shuffle=True, random_state=0))
    return -float(np.mean(scores))


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
    assert any(r"\lambda_{003} &= \lambda_{000} / n\\ &= 0.1 / 30 = 0.003333" in lx.value for lx in at.latex)  # always on screen
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


def values(t, axis):
    """A trace's x or y values (Plotly JSON may carry them as a typed array)."""
    v = t[axis]
    if isinstance(v, dict):  # {"dtype": "f4", "bdata": base64}
        import base64
        return np.frombuffer(base64.b64decode(v["bdata"]), dtype=np.dtype(v["dtype"]))
    return np.asarray(v, float)


def test_default_fit_shows_cv_error_and_is_a_clickable_chart(fresh):
    at = fresh
    X, y = make_sine(30, 0.25, 0)
    assert float(metric(at, "5-fold CV MSE")) == pytest.approx(sk_cv_mse(X, y, 0.1), rel=1e-3)
    fig = chart(at, f"{P}_fit")
    assert click_catcher(at, f"{P}_fit") == {"subplot": "xy"}             # clicks count on the top plot only
    assert fig["layout"]["dragmode"] is False                                # a drag is not a click
    assert fig["layout"]["xaxis"]["range"] == pytest.approx([X.min() - 1.5, X.max() + 1.5])   # fixed: the data ± margin
    assert "A click switches to" in " ".join(m.value for m in at.markdown)      # said on the page (sine source)


def test_every_chart_has_the_png_toolbar(fresh):
    for c in fresh.get("plotly_chart"):
        config = json.loads(c.proto.config)
        assert config["displaylogo"] is False and config["toImageButtonOptions"]["format"] == "png"
        assert "displayModeBar" not in config


def test_compare_a_b_shows_two_fits_with_their_own_numbers():
    at = open_page(FILE)
    at.toggle(key=f"{P}_compare").set_value(True).run()
    at.select_slider(key=f"{P}_b_lam").set_value(1.0).run()
    at.select_slider(key=f"{P}_b_gamma").set_value(3.16).run()
    assert not page_errors(at)
    X, y = make_sine(30, 0.25, 0)
    assert float(metric(at, "Training MSE (A)")) == pytest.approx(sk_train_mse(X, y, 0.1), rel=1e-3)
    assert float(metric(at, "Training MSE (B)")) == pytest.approx(sk_train_mse(X, y, 1.0, 3.16), rel=1e-3)
    assert float(metric(at, "5-fold CV MSE (B)")) == pytest.approx(sk_cv_mse(X, y, 1.0, 3.16), rel=1e-3)
    alpha_b = SkKR(alpha=1.0, kernel="rbf", gamma=3.16).fit(X, y).dual_coef_
    assert float(metric(at, "Largest |αₗ| (B)")) == pytest.approx(np.max(np.abs(alpha_b)), rel=1e-3)
    curve = "f(x) = Σ αₗ k(xₗ, x)"
    fa, fb = chart(at, f"{P}_fit"), chart(at, f"{P}_fit_b")
    assert click_catcher(at, f"{P}_fit_b") == {"subplot": "xy"}          # B's plot takes clicks too
    assert np.max(np.abs(values(trace(fa, curve), "y") - values(trace(fb, curve), "y"))) > 0.05
    assert any(m.value.startswith("**B**: RBF") and m.value.endswith("γ = 3.16, λ = 1") for m in at.markdown)
    assert any(m.value.startswith("**A** — the kernel and λ set above: RBF") and m.value.endswith("γ = 1, λ = 0.1")
               for m in at.markdown)


def click_script():
    """The page's data radio and the fit plot's click handler, driven by session-state requests."""
    import streamlit as st

    from ui import kernel_ridge as kr

    kr.init_points()
    st.radio("Data", ["sine", "own"], key="kernel_ridge_source")
    X, y = kr.dataset(("sine", 5, 0.0, 0))
    click = st.session_state.pop("click", None)
    if click:
        changed = kr.click_edit(*click, X, y, st.session_state["kernel_ridge_source"], (10.0, 4.0))
        st.session_state["changed"] = changed
    st.button("Undo", key="undo", on_click=kr.undo_points)


def test_click_handler_switches_from_sine_adds_removes_and_undoes():
    at = AppTest.from_function(click_script).run()
    sine_x, sine_y = make_sine(5, 0.0, 0)
    at.session_state["click"] = (1.23, 0.5)
    at.run()
    at.run()                      # the page's next run: the switch asked for by the click
    assert at.radio(key="kernel_ridge_source").value == "own"
    table = at.session_state["kernel_ridge_points"]
    assert len(table) == 6 and np.allclose(table["x"][:5], np.round(sine_x[:, 0], 3))
    assert tuple(table.iloc[-1]) == (1.23, 0.5)

    at.radio(key="kernel_ridge_source").set_value("own").run()
    at.session_state["kernel_ridge_click_mode"] = "remove"
    at.session_state["click"] = (1.25, 0.52)                     # near the added point: it goes
    at.run()
    assert len(at.session_state["kernel_ridge_points"]) == 5 and at.session_state["changed"]
    at.session_state["click"] = (50.0, 50.0)                     # nothing there: nothing removed
    at.run()
    assert len(at.session_state["kernel_ridge_points"]) == 5 and not at.session_state["changed"]

    at.session_state["kernel_ridge_click_mode"] = "add"
    at.button(key="undo").click().run()                          # the removal undone
    assert len(at.session_state["kernel_ridge_points"]) == 6
    at.button(key="undo").click().run()                          # the switch undone: back on the sine
    assert at.radio(key="kernel_ridge_source").value == "sine"
    assert not at.exception


def test_own_points_click_mode_and_undo_on_the_page():
    at = open_page(FILE)
    at.radio(key=f"{P}_source").set_value("own").run()
    assert at.button(key=f"{P}_undo").disabled
    at.button(key=f"{P}_dup").click().run()
    assert len(at.session_state["kernel_ridge_points"]) == 12 and not at.button(key=f"{P}_undo").disabled
    at.button(key=f"{P}_undo").click().run()
    assert len(at.session_state["kernel_ridge_points"]) == 6
    assert click_catcher(at, f"{P}_fit") == {"subplot": "xy"}
    assert "6 points — your own" in " ".join(m.value for m in at.markdown)


def test_exercise_alphas_sets_a_tiny_and_a_larger_lambda_side_by_side():
    at = open_page(FILE)
    at.radio(key=f"{P}_ex_kr_alphas").set_value(1).run()
    at.button(key=f"{P}_ex_kr_alphas_check").click().run()
    assert not page_errors(at)
    assert at.select_slider(key=f"{P}_lam").value == 0.0001 and at.toggle(key=f"{P}_compare").value
    assert at.select_slider(key=f"{P}_b_lam").value == 1.0
    assert float(metric(at, "Largest |αₗ| (A)")) > 100 * float(metric(at, "Largest |αₗ| (B)"))
    assert float(metric(at, "Training MSE (A)")) < float(metric(at, "Training MSE (B)"))
    assert any("Right" in s.value for s in at.success)


def test_exercises_extrapolation_and_gp_mean_set_their_sliders():
    at = open_page(FILE)
    at.radio(key=f"{P}_ex_kr_extrapolate").set_value(0).run()
    at.button(key=f"{P}_ex_kr_extrapolate_check").click().run()
    assert at.slider(key=f"{P}_c2").value == 1.0 and at.slider(key=f"{P}_slope").value == 1.0
    assert any("Not quite" in w.value for w in at.warning)
    at.radio(key=f"{P}_ex_kr_gp_mean").set_value(0).run()
    at.button(key=f"{P}_ex_kr_gp_mean_check").click().run()
    assert at.select_slider(key=f"{P}_gp_noise").value == 0.1 == at.select_slider(key=f"{P}_lam").value
    assert any(r"\lambda = \sigma^2 = 0.1" in lx.value for lx in at.latex)
    assert not page_errors(at)


def test_presentation_mode_hides_the_explanations():
    at = open_page(FILE)
    assert any("The stems under the curve" in m.value for m in at.markdown)
    at.session_state["present"] = True
    at.run()
    assert not page_errors(at)
    assert not any("The stems under the curve" in m.value for m in at.markdown)
