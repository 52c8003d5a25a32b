"""AppTest of kernel ridge's model selection: the cross-validation section's grid (one-click best setting, the
choice of the kernel itself, Monte Carlo splits) and the overfitting section's error curves, against scikit-learn's
GridSearchCV and cross_val_score computed here; Bishop's notes' "underfitting ⇒ reduce σ²" and Kriege's "why can we
learn" on them. (The other kernel ridge sections: tests/test_page_kernel_ridge.py.)"""
import numpy as np
import pytest
from sklearn.kernel_ridge import KernelRidge as SkKR
from sklearn.model_selection import GridSearchCV, KFold

from kernel_core import make_sine
from pages.kernel_ridge.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.kernel_ridge_sections import SECTION, chart, metric, sk_cv_mse, trace, values


def test_apply_best_sets_the_cv_choice_of_sklearn_grid_search():
    at = open_page(SECTION["cross_validation"])
    at.button(key=KEY.APPLY).click().run()
    assert not page_errors(at)
    X, y = make_sine(30, 0.25, 0)
    lams = [float(f"{v:.3g}") for v in np.geomspace(1e-4, 1e2, 13)]
    gammas = [float(f"{v:.3g}") for v in np.geomspace(1e-2, 1e2, 9)]
    search = GridSearchCV(SkKR(kernel="rbf"), {"alpha": lams, "gamma": gammas}, scoring="neg_mean_squared_error",
                          cv=KFold(5, shuffle=True, random_state=0)).fit(X, y)
    best = search.best_params_
    assert at.select_slider(key=KEY.LAM).value == best["alpha"]
    assert at.select_slider(key=KEY.GAMMA).value == best["gamma"]
    assert float(metric(at, "Its CV mean squared error")) == pytest.approx(-search.best_score_, rel=1e-3)
    fig = chart(at, KEY.CV_CHART)                                    # the map, with the bar's setting ringed ...
    star, ring = trace(fig, "best (CV)"), trace(fig, "current")
    assert [ring["x"][0], ring["y"][0]] == pytest.approx([star["x"][0], star["y"][0]])   # ... on the star now


def test_the_kernel_itself_is_chosen_by_scikit_learns_grid_search_per_kernel():
    """Kriege's brute-force choice of the kernel: each kernel's best (λ, γ) and CV error are GridSearchCV's on the
    same λ and γ grids and folds (the polynomial at degree 2, r = 1), and the smallest error is marked."""
    at = open_page(SECTION["cross_validation"])
    assert not page_errors(at)
    X, y = make_sine(30, 0.25, 0)
    lams = [float(f"{v:.3g}") for v in np.geomspace(1e-4, 1e2, 13)]
    gammas = [float(f"{v:.3g}") for v in np.geomspace(1e-2, 1e2, 9)]
    cv = KFold(5, shuffle=True, random_state=0)
    expected = {}
    for name, extra in (("Linear", {}), ("Poly (PSD for r ≥ 0)", {"gamma": gammas}), ("RBF / Gaussian", {"gamma": gammas}),
                        ("Laplacian", {"gamma": gammas})):
        kernel = {"Linear": "linear", "Laplacian": "laplacian", "RBF / Gaussian": "rbf"}.get(name, "poly")
        fixed = {"degree": 2, "coef0": 1.0} if kernel == "poly" else {}
        search = GridSearchCV(SkKR(kernel=kernel, **fixed), {"alpha": lams, **extra},
                              scoring="neg_mean_squared_error", cv=cv).fit(X, y)
        expected[name] = (search.best_params_["alpha"], search.best_params_.get("gamma"), -search.best_score_)
    table = next(df.value for df in at.dataframe if "CV mean squared error" in df.value.columns)
    rows = table.set_index("kernel")
    for name, (lam, gamma, error) in expected.items():
        assert float(rows.loc[name, "best λ"]) == lam, name
        assert rows.loc[name, "best γ"] == ("—" if gamma is None else f"{gamma:g}"), name
        assert float(rows.loc[name, "CV mean squared error"]) == pytest.approx(error, rel=1e-6), name
    pick = min(expected, key=lambda k: expected[k][2])
    assert rows.loc[pick, ""] == "★ the search's pick"
    assert "multiple kernel learning" in " ".join(m.value for m in at.markdown)


def test_monte_carlo_splits_give_sklearns_shuffle_split_choice():
    """Kriege's Monte Carlo cross-validation: five random test sets of a fifth (scikit-learn's ShuffleSplit, seed 0)
    instead of five folds; the best setting and its error are GridSearchCV's with that cv, and the page says the
    test sets may overlap."""
    from sklearn.model_selection import ShuffleSplit

    at = open_page(SECTION["cross_validation"])
    at.radio(key=KEY.CV_SCHEME).set_value("monte_carlo").run()
    assert not page_errors(at)
    X, y = make_sine(30, 0.25, 0)
    lams = [float(f"{v:.3g}") for v in np.geomspace(1e-4, 1e2, 13)]
    gammas = [float(f"{v:.3g}") for v in np.geomspace(1e-2, 1e2, 9)]
    search = GridSearchCV(SkKR(kernel="rbf"), {"alpha": lams, "gamma": gammas}, scoring="neg_mean_squared_error",
                          cv=ShuffleSplit(5, test_size=6, random_state=0)).fit(X, y)
    assert float(metric(at, "Its CV mean squared error")) == pytest.approx(-search.best_score_, rel=1e-3)
    best = search.best_params_
    assert metric(at, "Best setting on the grid") == f"λ = {best['alpha']:g}, γ = {best['gamma']:g}"
    assert any("5 independent random test sets of 6 points" in c.value for c in at.caption)


def test_training_and_held_out_curves_match_sklearn():
    at = open_page(SECTION["overfitting"])
    assert not page_errors(at)
    X, y = make_sine(30, 0.25, 0)
    fig = chart(at, KEY.ALONG_GAMMA_CHART)
    gammas = values(trace(fig, "training error"), "x")
    held_out = values(trace(fig, "held-out error (CV)"), "y")
    for g, shown in zip(gammas[::4], held_out[::4]):
        assert shown == pytest.approx(sk_cv_mse(X, y, 0.1, float(f"{g:.3g}")), rel=1e-3)
    train = values(trace(chart(at, KEY.ALONG_LAM_CHART), "training error"), "y")
    assert train[0] < train[-1]                                       # small λ fits the training points closest


def test_bishops_reduce_sigma_squared_is_read_off_the_gamma_curve():
    """Bishop's notes: underfitting ⇒ reduce σ². The bar's γ = 1 (σ² = 0.5) against the γ of least held-out error at
    λ = 0.1, from scikit-learn's cross_val_score; then a small γ = 0.01 (σ² = 50) is on the under-fitting side."""
    at = open_page(SECTION["overfitting"])
    assert not page_errors(at)
    X, y = make_sine(30, 0.25, 0)
    gammas = [float(f"{v:.3g}") for v in np.geomspace(1e-2, 1e2, 9)]
    best = min(gammas, key=lambda g: sk_cv_mse(X, y, 0.1, g))
    words = " ".join(c.value for c in at.caption)
    assert "underfitting ⇒ reduce σ²" in words
    assert f"the bar's γ = 1 is σ² = 0.5; the held-out error along γ is lowest at γ = {best:g}, " \
           f"σ² = {1 / (2 * best):.3g}." in words
    at.select_slider(key=KEY.GAMMA).set_value(0.01).run()
    assert "σ² = 50;" in " ".join(c.value for c in at.caption)
    assert "the under-fitting side" in " ".join(c.value for c in at.caption)


def test_krieges_why_we_can_learn_is_on_the_overfitting_section():
    at = open_page(SECTION["overfitting"])
    words = " ".join(m.value for m in at.markdown)
    assert "non-parametric learning" in words and "not the kernelized perceptron" in words
