"""AppTest of Kernels › Stationary and radial kernels: the probe's table against the closed forms (RBF
exp(−γ‖d‖²), Laplacian exp(−γ‖d‖₁)) and scikit-learn's polynomial kernel, and the verdict each kernel gets."""
import numpy as np
from sklearn.metrics.pairwise import polynomial_kernel

from pages.kernels.compute_stationary import OFFSET, PROBES
from pages.kernels.settings import KEY
from tests.app_pages import open_page, page_errors

FILE = "pages/kernels/stationary.py"
D = np.array(OFFSET)
TURNED = np.sqrt(0.5) * np.array([D[0] - D[1], D[0] + D[1]])


def table(at):
    frame = at.dataframe[0].value
    return frame.iloc[:, 1].to_numpy(float), frame.iloc[:, 2].to_numpy(float)


def verdict(at):
    return next(m.value for m in at.markdown if "stationary " in m.value and m.value.startswith("**"))


def test_rbf_laplacian_and_polynomial():
    at = open_page(FILE)
    assert not page_errors(at) and not at.error
    shifted, rotated = table(at)
    np.testing.assert_allclose(shifted, np.exp(-np.sum(D ** 2)), rtol=1e-9)
    np.testing.assert_allclose(rotated, shifted, rtol=1e-9)
    assert "stationary ✓ · radial ✓" in verdict(at)
    at.selectbox(key=KEY.kernel).set_value("laplacian").run()
    shifted, rotated = table(at)
    np.testing.assert_allclose(shifted, np.exp(-np.sum(np.abs(D))), rtol=1e-9)
    np.testing.assert_allclose(rotated, np.exp(-np.sum(np.abs(TURNED))), rtol=1e-9)
    assert "stationary ✓ · not radial ✗" in verdict(at)
    at.selectbox(key=KEY.kernel).set_value("poly").run()
    assert not page_errors(at)
    shifted, _ = table(at)
    expected = [polynomial_kernel([np.add(x0, D)], [x0], degree=2, gamma=1.0, coef0=1.0)[0, 0] for x0 in PROBES]
    np.testing.assert_allclose(shifted, expected, rtol=1e-9)
    assert "not stationary ✗ · not radial ✗" in verdict(at)


def test_the_exercise_check_shows_the_laplacians_diamonds():
    at = open_page(FILE)
    at.radio(key="kernels_ex_kernels_stationary_laplacian").set_value(1).run()
    at.button(key="kernels_ex_kernels_stationary_laplacian_check").click().run()
    assert not page_errors(at) and any("Right." in s.value for s in at.success)
    assert "stationary ✓ · not radial ✗" in verdict(at)
