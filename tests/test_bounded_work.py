"""Bounded work whatever the data (issue 21 item 1): at the largest data set the app accepts (a link with
ui.points_io.MAX_ROWS own points), each capped section fits at most its cap of points and says so on screen.
Nothing here is timed (bench.largest prints the times); the tests count the points the numerical call receives."""
import numpy as np
import pytest

import kernel_core as kc
from kernel_core import feature_maps as fm
from pages.kernel_ridge import compute as ridge_compute
from pages.kernels import compute as kernels_compute
from tests.app_pages import open_page, page_errors
from ui.points_io import MAX_ROWS
from ui.ranges import KERNEL_RIDGE, MERCER, SVM


def open_link(params, page):
    return open_page(page, timeout=180, query=params)


def pts_link(seed, n=MAX_ROWS):
    """`pts` of a link holding n own points (two noisy moons, standardised; a seed of its own per test, so no cached
    result of another test answers)."""
    X, y = kc.make_classification("moons", n, noise=0.2, seed=seed)
    X = (X - X.mean(axis=0)) / X.std(axis=0)
    return "*|" + ";".join(f"{a:.2f},{b:.2f},{'+' if c > 0 else '-'}" for (a, b), c in zip(X, y))


def ridge_link(seed, n=MAX_ROWS):
    rng = np.random.default_rng(seed)
    x = np.sort(rng.uniform(0, 6, n))
    return {"kernel_ridge_source": "My own points",
            "kernel_ridge_pts": ";".join(f"{a:.3f},{b:.3f}" for a, b in zip(x, np.sin(x) + rng.normal(0, 0.25, n)))}


def record(monkeypatch, module, name, size=lambda *a, **k: len(a[0])):
    """Wrap module.name so that every call records the size of its data (by default len of the first argument)."""
    seen, original = [], getattr(module, name)

    def wrapper(*args, **kwargs):
        seen.append(size(*args, **kwargs))
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)
    return seen


def shown(at):
    """Every caption and markdown text on the page."""
    return " ".join(str(e.value) for e in [*at.caption, *at.markdown])


@pytest.mark.parametrize("page,seed", [("pages/kernel_ridge/cross_validation.py", 11),
                                       ("pages/kernel_ridge/overfitting.py", 12),
                                       ("pages/kernel_ridge/fit.py", 13)])
def test_kernel_ridge_cross_validates_at_most_its_cap(monkeypatch, page, seed):
    seen = record(monkeypatch, kc, "cross_validate")
    at = open_link(ridge_link(seed), page)
    assert not page_errors(at)
    cap = KERNEL_RIDGE["cv_max"]
    assert seen and max(seen) == cap < MAX_ROWS
    assert f"random {cap} of the {MAX_ROWS} points" in shown(at)


def test_kernel_ridge_below_the_cap_uses_every_point():
    X = np.arange(KERNEL_RIDGE["cv_max"], dtype=float)[:, None]
    assert ridge_compute.cv_sample(X, X[:, 0])[0] is X and ridge_compute.cv_note(len(X)) == ""
    Xs, ys = ridge_compute.cv_sample(np.arange(900.0)[:, None], np.arange(900.0))
    assert len(Xs) == KERNEL_RIDGE["cv_max"] and np.all(np.diff(Xs[:, 0]) > 0) and np.array_equal(Xs[:, 0], ys)


def test_svm_cross_validates_at_most_its_cap(monkeypatch):
    seen = record(monkeypatch, kc, "cross_validate_grid")
    at = open_link({"pts": pts_link(21)}, "pages/svm/cross_validation.py")
    assert not page_errors(at)
    cap = SVM["cv_max"]
    assert seen and max(seen) == cap
    assert f"random {cap} of the" in shown(at) and f"**{cap}** of the" in shown(at)


def test_mercer_eigen_map_at_most_its_cap(monkeypatch):
    seen = record(monkeypatch, fm, "gram_eigh")
    at = open_link({"pts": pts_link(31)}, "pages/mercer/eigen_map.py")
    assert not page_errors(at)
    assert seen and max(seen) == MERCER["eigen_max"]
    assert f"random {MERCER['eigen_max']} of the {MAX_ROWS} points" in shown(at)


def test_mercer_approximations_at_most_their_cap(monkeypatch):
    seen = record(monkeypatch, fm, "approximation_error_curve")
    grams = record(monkeypatch, kc, "gram")
    at = open_link({"pts": pts_link(41)}, "pages/mercer/approximations.py")
    assert not page_errors(at)
    assert seen and max(seen) == MERCER["approx_max"] and max(grams) <= MERCER["approx_max"]
    assert f"random {MERCER['approx_max']} of the {MAX_ROWS} points" in shown(at)


def test_gram_section_at_most_its_cap(monkeypatch):
    seen = record(monkeypatch, kc, "verdict")
    at = open_link({"pts": pts_link(51)}, "pages/kernels/gram.py")
    assert not page_errors(at)
    assert seen and max(seen) == kernels_compute.GRAM_CAP
    assert f"random {kernels_compute.GRAM_CAP} of the {MAX_ROWS} points" in shown(at)


def test_closure_section_at_most_the_gram_cap(monkeypatch):
    seen = record(monkeypatch, kc, "verdict")
    at = open_link({"pts": pts_link(53)}, "pages/kernels/closure.py")
    assert not page_errors(at)
    assert seen and max(seen) == kernels_compute.GRAM_CAP
    assert f"random {kernels_compute.GRAM_CAP} of the {MAX_ROWS} points" in shown(at)


def test_the_live_sweeps_are_off_above_their_caps_and_say_so(monkeypatch):
    """The SVM map's sweeps (41 + 51 libsvm fits) and the Gram section's (K at 41 γ) are not computed at the largest
    input: the sliders still work, a caption says the sweep is off."""
    from pages.kernels import compute as kc_compute
    from pages.svm import compute as svm_compute

    fits = record(monkeypatch, svm_compute, "_sweep")
    grams = record(monkeypatch, kc_compute, "_gram_sweep")
    at = open_link({"pts": pts_link(57)}, "pages/svm/margins.py")
    assert not page_errors(at) and not fits
    assert f"more than {svm_compute.SWEEP_MAX}" in shown(at)
    at = open_link({"pts": pts_link(59)}, "pages/kernels/gram.py")
    assert not page_errors(at) and not grams
    assert f"more than {kc_compute.GRAM_SWEEP_MAX}" in shown(at)
