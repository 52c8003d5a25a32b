"""Every page answers degenerate shared data (all points deleted, one point, one class) with a
sentence, never a traceback (bad-input catalogue: page-empty, page-one-point, page-one-class)."""
import numpy as np
import pytest

from tests.app_pages import navigation, open_page, page_errors
from ui.points import KEY, Points
from ui.ranges import DATA, DEFAULT_DATASET

PRESET = (DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])
CASES = {
    "page-empty": (np.empty((0, 2)), np.empty(0, int)),
    "page-one-point": (np.array([[0.5, 0.5]]), np.array([1])),
    "page-one-class": (np.random.default_rng(0).normal(size=(30, 2)), np.ones(30, int)),
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("file", [f for f, _ in navigation()])
def test_degenerate_data_gets_a_sentence(file, case):
    at = open_page(file)
    X, y = CASES[case]
    at.session_state[KEY] = Points(X, y, PRESET, edited=True)
    at.run()
    assert not page_errors(at), f"{file} with {case}: {page_errors(at)}"
    quiet = ("pages/home/overview.py",)
    # Kernels: the kernel k(x, x₀) and the two counterexamples use no shared data (xᵀMx′ only reports on it); the
    # Gram matrix, closure, geometry, substitution and ANOVA sections need two points (and say so), not two classes
    quiet += tuple(f"pages/kernels/{m}.py" for m in ("kernel", "stationary", "not_symmetric", "bilinear") +
                   (("gram", "closure", "geometry", "substitution", "anova") if case == "page-one-class" else ()))
    # Mercer: the map, the lift, the explosion and the theorem (a kernel on an interval) use no shared data; the eigen
    # map and the RBF approximations need two points (and say so), not two classes
    quiet += tuple(f"pages/mercer/{m}.py" for m in ("feature_map", "lift", "explosion", "theorem") +
                   (("eigen_map", "approximations") if case == "page-one-class" else ()))
    quiet += ("pages/kernel_pca/large_n.py",)  # kernel PCA's large-n section generates its own data
    quiet += tuple(f"pages/graphs/{m}.py" for m in ("independence", "strings", "distributions", "walks"))  # own data
    quiet += ("pages/rkhs/representer.py", "pages/rkhs/reproducing.py")  # their own 1-D points and centres
    # the diffusion kernel's graph and the vᵀKv section need points, not two classes
    quiet += ("pages/graphs/diffusion.py", "pages/kernels/why_psd.py") if case == "page-one-class" else ()
    if file not in quiet and not file.startswith("pages/kernel_ridge/"):  # pages that use the shared 2-D data say
        # what is wrong with it (kernel ridge has 1-D data of its own)
        said = [e.value for e in (*at.error, *at.warning, *at.info) if "point" in e.value or "class" in e.value]
        assert said, f"{file} says something about the {case} data"
