"""Bounded work whatever the data (issue 21 item 1): at the largest data set the app accepts (a link with
ui.points_io.MAX_ROWS own points), each capped section fits at most its cap of points and says so on screen.
Nothing here is timed (bench.largest prints the times); the tests count the points the numerical call receives.

The first test is generated from pages.TOPICS: every section is opened at its largest input (bench.largest.inputs, the
first of them) and every dense O(n³) linear-algebra call it makes (an eigen-decomposition, solve, Cholesky, SVD,
least squares, from numpy, scipy or ARPACK, however the code imported it) is recorded: its matrix may have at most
BOUND rows unless BOUNDS names the section with a larger bound and the reason. A new section is opened too, and held
to BOUND, so it cannot slip through."""
import sys

import numpy as np
import numpy.linalg
import pytest
import scipy.linalg
import scipy.sparse.linalg

import kernel_core as kc
from bench.largest import inputs, sizes_for
from kernel_core import eigen_map, kernel_approximation
from kernel_core.large_n import EXACT_MAX_N
from pages import sections, url_path
from pages.kernel_ridge import compute as ridge_compute
from pages.kernels import compute as kernels_compute
from tests.app_pages import open_page, page_errors
from ui.points_io import MAX_ROWS
from ui.ranges import KERNEL_RIDGE, MERCER, SVM

BOUND = kernels_compute.GRAM_CAP    # rows of a dense factorisation: O(n³), ~0.1 s at 1 000 on one core
# url path -> (bound, why): the sections allowed more.
BOUNDS = {
    **{f"kernel-ridge{p}": (MAX_ROWS, "the fit itself solves (K + λI)α = y on every own point, as the seeds' formula "
                                       "does (once per setting, cached); its cross-validation is capped (cv_max)")
       for p in ("", "-primal-dual", "-extrapolation", "-gaussian-process")},
    **{f"{t}-large-n": (EXACT_MAX_N, "the exact method is the reference of the section, offered up to its own n")
       for t in ("kernel-pca", "kernel-ridge")},
}
DENSE = [(numpy.linalg, n) for n in ("eigh", "eigvalsh", "eig", "eigvals", "solve", "inv", "cholesky", "svd", "lstsq",
                                     "pinv")] + \
        [(scipy.linalg, n) for n in ("eigh", "eigvalsh", "eig", "eigvals", "solve", "inv", "cholesky", "cho_factor",
                                     "svd", "lstsq", "pinv", "null_space")] + [(scipy.sparse.linalg, "eigsh")]
SECTIONS = [(s.module, url_path(t, s)) for t, s in sections()]


def record_dense(monkeypatch):
    """Wrap every dense factorisation of DENSE wherever the app's modules hold it (a module attribute or a name
    imported with `from ... import`); returns the list of matrix sizes (rows of the first argument) it sees."""
    seen = []
    for module, name in DENSE:
        original = getattr(module, name)

        def wrapper(*args, _original=original, **kwargs):
            A = args[0] if args else next(iter(kwargs.values()), None)
            shape = getattr(A, "shape", ())
            seen.append(min(shape) if len(shape) == 2 else 0)
            return _original(*args, **kwargs)

        for holder in [module, *(m for k, m in list(sys.modules.items())
                                  if k.split(".")[0] in ("kernel_core", "pages", "ui") and m is not None)]:
            if getattr(holder, name, None) is original:
                monkeypatch.setattr(holder, name, wrapper)
    return seen


@pytest.mark.parametrize("module,path", SECTIONS, ids=[p for _, p in SECTIONS])
def test_every_section_at_its_largest_input_factorises_at_most_its_bound(monkeypatch, module, path):
    given = inputs(path, [p for _, p in SECTIONS].index(path))
    name, query = next((x for x in given if "exact" in x[0]),
                       next((x for x in given if f"{MAX_ROWS} pts" in x[0]), given[-1]))
    seen = record_dense(monkeypatch)
    at = open_page(module, timeout=300, query={**query, **sizes_for(path)})
    assert not page_errors(at), f"/{path} ({name}): {page_errors(at)}"
    bound = BOUNDS.get(path, (BOUND, ""))[0]
    assert max(seen, default=0) <= bound, f"/{path} ({name}): a {max(seen)}-row factorisation (bound {bound})"


def test_the_bounds_table_names_only_sections():
    assert set(BOUNDS) <= {p for _, p in SECTIONS}


def open_link(params, file):
    return open_page(file, timeout=180, query=params)


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


@pytest.mark.parametrize("file,seed", [("pages/kernel_ridge/cross_validation.py", 11),
                                       ("pages/kernel_ridge/overfitting.py", 12),
                                       ("pages/kernel_ridge/fit.py", 13)])
def test_kernel_ridge_cross_validates_at_most_its_cap(monkeypatch, file, seed):
    seen = record(monkeypatch, kc, "cross_validate")
    at = open_link(ridge_link(seed), file)
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
    seen = record(monkeypatch, eigen_map, "gram_eigh")
    at = open_link({"pts": pts_link(31)}, "pages/mercer/eigen_map.py")
    assert not page_errors(at)
    assert seen and max(seen) == MERCER["eigen_max"]
    assert f"random {MERCER['eigen_max']} of the {MAX_ROWS} points" in shown(at)


def test_mercer_approximations_at_most_their_cap(monkeypatch):
    seen = record(monkeypatch, kernel_approximation, "approximation_error_curve")
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


def test_bilinear_section_at_most_the_gram_cap(monkeypatch):
    seen = record(monkeypatch, kc, "verdict")
    at = open_link({"pts": pts_link(55)}, "pages/kernels/bilinear.py")
    assert not page_errors(at)
    assert seen and max(seen) == kernels_compute.GRAM_CAP
    assert f"random {kernels_compute.GRAM_CAP} of the {MAX_ROWS} points" in shown(at)
