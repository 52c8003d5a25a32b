"""AppTest of the kernel ridge sections: the numbers shown against scikit-learn computed here, Kriege's nλ toggle,
the student's own points across reruns, λ = 0 with duplicated points, the GP statement, Compare A / B, the exercises,
the chart toolbar, presentation mode and the bar's settings kept across sections. (Clicks on the fit chart and the
points in the share link: tests/test_page_kernel_ridge_points.py; cross-validation and overfitting:
tests/test_page_kernel_ridge_selection.py; the fit's ± 2 std band: tests/test_page_kernel_ridge_band.py.)"""
import json

import numpy as np
import pandas as pd
import pytest
from sklearn.kernel_ridge import KernelRidge as SkKR
from sklearn.linear_model import Ridge

from kernel_core import make_sine
from pages.kernel_ridge import points
from pages.kernel_ridge.settings import KEY
from tests.app_pages import ROOT, open_page, page_errors
from tests.click_catcher import click_catcher
from tests.support.kernel_ridge_sections import FIT, SECTION, chart, metric, sk_cv_mse, sk_train_mse, trace, values
from ui import table_edits


@pytest.fixture(scope="module")
def fit_section():
    """The fit section at its defaults (opened once; tests that change widgets open their own)."""
    return open_page(FIT)


def test_default_fit_matches_sklearn_and_is_a_clickable_chart(fit_section):
    at = fit_section
    assert not page_errors(at) and not at.error
    X, y = make_sine(30, 0.25, 0)
    assert float(metric(at, "Training MSE")) == pytest.approx(sk_train_mse(X, y, 0.1), rel=1e-3)
    assert float(metric(at, "5-fold CV MSE")) == pytest.approx(sk_cv_mse(X, y, 0.1), rel=1e-3)
    alpha = SkKR(alpha=0.1, kernel="rbf", gamma=1.0).fit(X, y).dual_coef_
    assert float(metric(at, "Largest $|\\alpha_i|$")) == pytest.approx(np.max(np.abs(alpha)), rel=1e-3)
    assert any(r"n &= 30,\ \lambda = 0.1" in lx.value for lx in at.latex)
    fig = chart(at, KEY.FIT_CHART)
    assert values(trace(fig, "α<sub>i</sub>"), "y") == pytest.approx(alpha, rel=1e-4)       # the stems are sklearn's dual_coef_
    assert click_catcher(at, KEY.FIT_CHART) == {"subplot": "xy"}
    assert fig["layout"]["dragmode"] is False                                # a drag is not a click
    assert fig["layout"]["xaxis"]["range"] == pytest.approx([X.min() - 1.5, X.max() + 1.5])   # fixed: the data ± margin
    assert "A click switches to" in " ".join(m.value for m in at.markdown)      # said on the page (sine source)


def test_lambda_conventions_and_primal_equals_dual():
    at = open_page(SECTION["primal_dual"])
    assert not page_errors(at)
    captions = " ".join(c.value for c in at.caption)
    assert "his λ is λ / n (here n = 30)" in captions and "is Kriege's 0.003333" in captions
    assert "scikit-learn calls λ alpha" in captions
    assert any(r"\lambda_{\text{Kriege}} = \lambda / n = 0.1 / 30 = 0.003333" in lx.value for lx in at.latex)
    X, y = make_sine(30, 0.25, 0)
    U = (X[:, 0] / np.abs(X).max())[:, None] ** np.arange(1, 4)                   # p = 3 features u, u², u³
    beta = Ridge(alpha=0.1, fit_intercept=False).fit(U, y).coef_
    table = at.dataframe[0].value
    assert table.iloc[:, 0].to_numpy() == pytest.approx(beta, rel=1e-6)
    assert table.iloc[:, 1].to_numpy() == pytest.approx(beta, rel=1e-6)
    costs = at.dataframe[1].value
    assert list(costs["cheaper"]) == ["primal", "dual", "dual", "primal"]        # p = 3, 100, 10 000 at n = 30; n = 3000


def test_krieges_objective_in_alpha_is_shown_with_its_numbers_and_equals_the_primal():
    """Beside the table: J(α) = (1/n)‖Kα − y‖² + λ_K αᵀKα at α̂ with λ_K = λ / n, computed here from scikit-learn's
    Ridge (β̂, the primal objective) — the two are one number; the derivation expander says α = (K + nλI)⁻¹y."""
    at = open_page(SECTION["primal_dual"])
    assert not page_errors(at)
    X, y = make_sine(30, 0.25, 0)
    U = (X[:, 0] / np.abs(X).max())[:, None] ** np.arange(1, 4)
    beta = Ridge(alpha=0.1, fit_intercept=False).fit(U, y).coef_
    lam_k = 0.1 / 30
    error = float(np.mean((U @ beta - y) ** 2))
    J = error + lam_k * beta @ beta
    line = next(lx.value for lx in at.latex if r"\lambda_{\text{Kriege}}\, \boldsymbol\alpha" in lx.value)
    assert f"= {error:.4g} + {J - error:.4g} = {J:.4g}" in line
    captions = " ".join(c.value for c in at.caption)
    assert f"is {J:.4g}, the same number" in captions
    assert any(r"(\mathbf K + n\lambda\mathbf I)^{-1}\mathbf y" in lx.value for lx in at.latex)


def test_kriege_toggle_multiplies_by_n():
    at = open_page(SECTION["primal_dual"])
    at.toggle(key=KEY.KRIEGE).set_value(True).run()
    assert not page_errors(at)
    assert any(r"\lambda = n\,\lambda_{\text{Kriege}} = 30\times0.1 = 3" in lx.value for lx in at.latex)
    at = open_page(FIT)
    at.toggle(key=KEY.KRIEGE).set_value(True).run()
    X, y = make_sine(30, 0.25, 0)
    assert float(metric(at, "Training MSE")) == pytest.approx(sk_train_mse(X, y, 3.0), rel=1e-3)


def test_the_bar_keeps_its_settings_in_the_next_section():
    at = open_page(SECTION["primal_dual"])
    at.toggle(key=KEY.KRIEGE).set_value(True).run()
    at.switch_page(FIT).run()
    X, y = make_sine(30, 0.25, 0)
    assert float(metric(at, "Training MSE")) == pytest.approx(sk_train_mse(X, y, 3.0), rel=1e-3)


def test_own_points_survive_reruns_and_duplicates_with_lam_zero_warn():
    at = open_page(FIT)
    at.selectbox(key=KEY.SOURCE).set_value("own").run()
    pts = pd.DataFrame({"x": [0.0, 1.0, 2.0, 3.5], "y": [0.0, 1.0, -1.0, 0.5]})
    at.session_state[points.POINTS] = pts
    at.run()
    at.select_slider(key=KEY.LAM).set_value(1.0).run()  # another rerun: the table is still there
    X, y = pts[["x"]].to_numpy(), pts["y"].to_numpy()
    assert float(metric(at, "Training MSE")) == pytest.approx(sk_train_mse(X, y, 1.0), rel=1e-3)
    at.checkbox(key=KEY.LAM_ZERO).check().run()
    at.button(key=KEY.DUPLICATE).click().run()
    assert len(at.session_state[points.POINTS]) == 8
    assert not page_errors(at)
    assert any("least squares" in w.value for w in at.warning)
    assert float(metric(at, "Training MSE")) == pytest.approx(0.0, abs=1e-8)  # interpolates the duplicates


def test_empty_table_is_an_error_message_not_a_traceback():
    at = open_page(FIT)
    at.selectbox(key=KEY.SOURCE).set_value("own").run()
    at.session_state[points.POINTS] = pd.DataFrame({"x": [np.nan], "y": [1.0]})
    at.run()
    assert not page_errors(at)
    assert any("No data to fit" in e.value for e in at.error)
    for name in ("primal_dual", "extrapolation", "cross_validation", "overfitting", "gaussian_process"):
        at.switch_page(SECTION[name]).run()
        at.selectbox(key=KEY.SOURCE).set_value("own").run()
        assert not page_errors(at), name
        assert at.error or at.info, f"{name} says why there is nothing to show"


def test_sigmoid_kernel_has_no_gp_and_says_so():
    at = open_page(SECTION["gaussian_process"])
    at.selectbox(key=KEY.KERNEL).set_value("sigmoid").run()
    assert not page_errors(at)
    assert any("No Gaussian process with this kernel" in e.value for e in at.error)


def test_gp_mean_is_the_krr_curve(fit_section):
    at = open_page(SECTION["gaussian_process"])
    assert any("Verified on the plotted grid" in s.value for s in at.success)  # GP mean = KRR with lam = sigma^2
    X, y = make_sine(30, 0.25, 0)
    mean = trace(chart(at, KEY.GP_CHART), "posterior mean m(x)")
    f = SkKR(alpha=0.0631, kernel="rbf", gamma=1.0).fit(X, y).predict(values(mean, "x")[:, None].astype(float))
    assert values(mean, "y") == pytest.approx(f, abs=1e-5)


def test_apply_edits_folds_in_a_change_record():
    df = pd.DataFrame({"x": [0.0, 1.0, 2.0], "y": [5.0, 6.0, 7.0]})
    out = table_edits.apply_edits(df, {"edited_rows": {0: {"y": -1.0}}, "added_rows": [{"x": 9.0, "y": 9.5}],
                                       "deleted_rows": [1]})
    assert out.to_dict("list") == {"x": [0.0, 2.0, 9.0], "y": [-1.0, 7.0, 9.5]}


def test_every_chart_has_the_png_toolbar():
    for name in ("fit", "primal_dual", "extrapolation", "cross_validation", "overfitting", "gaussian_process"):
        at = open_page(SECTION[name])
        assert at.get("plotly_chart"), name
        for c in at.get("plotly_chart"):
            config = json.loads(c.proto.config)
            assert config["displaylogo"] is False and config["toImageButtonOptions"]["format"] == "png"
            assert "displayModeBar" not in config


def test_compare_a_b_shows_two_fits_with_their_own_numbers():
    at = open_page(FIT)
    at.toggle(key=KEY.COMPARE).set_value(True).run()
    at.select_slider(key=KEY.B_LAM).set_value(1.0).run()
    at.select_slider(key=KEY.B_GAMMA).set_value(3.16).run()
    assert not page_errors(at)
    X, y = make_sine(30, 0.25, 0)
    assert float(metric(at, "Training MSE (A)")) == pytest.approx(sk_train_mse(X, y, 0.1), rel=1e-3)
    assert float(metric(at, "Training MSE (B)")) == pytest.approx(sk_train_mse(X, y, 1.0, 3.16), rel=1e-3)
    assert float(metric(at, "5-fold CV MSE (B)")) == pytest.approx(sk_cv_mse(X, y, 1.0, 3.16), rel=1e-3)
    alpha_b = SkKR(alpha=1.0, kernel="rbf", gamma=3.16).fit(X, y).dual_coef_
    assert float(metric(at, "Largest $|\\alpha_i|$ (B)")) == pytest.approx(np.max(np.abs(alpha_b)), rel=1e-3)
    curve = "f(x) = Σ α<sub>i</sub> k(x<sub>i</sub>, x)"
    fa, fb = chart(at, KEY.FIT_CHART), chart(at, KEY.FIT_B_CHART)
    assert click_catcher(at, KEY.FIT_B_CHART) == {"subplot": "xy"}          # B's plot takes clicks too
    assert np.max(np.abs(values(trace(fa, curve), "y") - values(trace(fb, curve), "y"))) > 0.05
    tags = [[a["text"] for a in f["layout"]["annotations"] if a["text"].startswith("<b>")] for f in (fa, fb)]
    assert tags == [["<b>A: RBF / Gaussian, γ = 1, λ = 0.1</b>"], ["<b>B: RBF / Gaussian, γ = 3.16, λ = 1</b>"]]
    # the key is one row over both fits (ui.legend): neither chart gives room to a legend of its own
    assert not fa["layout"]["showlegend"] and not fb["layout"]["showlegend"]
    assert sum('class="ks-legend"' in m.value for m in at.markdown) == 1


# ---------------------------------------------------------------- exercises, presentation
def test_exercise_alphas_sets_a_tiny_and_a_larger_lambda_side_by_side():
    at = open_page(FIT)
    at.radio(key="kernel_ridge_ex_kr_alphas").set_value(1).run()
    at.button(key="kernel_ridge_ex_kr_alphas_check").click().run()
    assert not page_errors(at)
    assert at.select_slider(key=KEY.LAM).value == 0.0001 and at.toggle(key=KEY.COMPARE).value
    assert at.select_slider(key=KEY.B_LAM).value == 1.0
    assert float(metric(at, "Largest $|\\alpha_i|$ (A)")) > 100 * float(metric(at, "Largest $|\\alpha_i|$ (B)"))
    assert float(metric(at, "Training MSE (A)")) < float(metric(at, "Training MSE (B)"))
    assert any("Right" in s.value for s in at.success)


def test_exercises_extrapolation_and_gp_mean_set_their_sliders():
    at = open_page(SECTION["extrapolation"])
    at.radio(key="kernel_ridge_ex_kr_extrapolate").set_value(0).run()
    at.button(key="kernel_ridge_ex_kr_extrapolate_check").click().run()
    assert at.slider(key=KEY.C2).value == 1.0 and at.slider(key=KEY.SLOPE).value == 1.0
    assert any("Not quite" in w.value for w in at.warning)
    fig = chart(at, KEY.SEMI_CHART)
    rbf, both = values(trace(fig, "c₁ RBF only"), "y"), values(trace(fig, "c₁ RBF + c₂ linear"), "y")
    assert abs(rbf[-1]) < 0.1 and both[-1] > 3                      # far right: RBF back at 0, the trend carried on
    at = open_page(SECTION["gaussian_process"])
    at.radio(key="kernel_ridge_ex_kr_gp_mean").set_value(0).run()
    at.button(key="kernel_ridge_ex_kr_gp_mean_check").click().run()
    assert at.select_slider(key=KEY.GP_NOISE).value == 0.1 == at.session_state[KEY.LAM]   # λ: kept, not drawn here
    assert all(w.key != KEY.LAM for w in at.get("select_slider"))              # σ² plays λ's part here
    assert any(r"\lambda = \sigma^2 = 0.1" in lx.value for lx in at.latex)
    assert not page_errors(at)


def test_presentation_mode_hides_the_explanations():
    at = open_page(FIT)
    assert any("The stems under the curve" in m.value for m in at.markdown)
    at.session_state["present"] = True
    at.run()
    assert not page_errors(at)
    assert not any("The stems under the curve" in m.value for m in at.markdown)
    assert chart(at, KEY.FIT_CHART)["layout"]["font"]["size"] == 20      # the projector's type


def test_sources_are_named_by_author():
    text = " ".join((ROOT / f).read_text() for f in SECTION.values())
    assert "seed 00" not in text.lower()
    for author in ("Held", "Bishop's notes", "Kriege"):
        assert author in text
