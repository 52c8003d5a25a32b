"""AppTest of Kernel PCA › Kernel k-means: the objective on screen against scikit-learn's KMeans with the linear
kernel (the bar's linear kernel) from the same k-means++ start, the iteration slider stepping back to the start, the
3-D data's notice, and the exercise's claim (blobs: γ = 1 finds the blobs, γ = 31.6 does not)."""
import re

import numpy as np
from sklearn.cluster import KMeans
from sklearn.metrics import adjusted_rand_score

import kernel_core as kc
from pages.kernel_pca.settings import KEY
from tests.app_pages import open_page, page_errors

PAGE = "pages/kernel_pca/kmeans.py"
MOONS, MOONS_Y = kc.make_classification("moons", 120, 0.1, 0)   # the sidebar's default data set


def objective(at):
    text = " ".join(lx.value for lx in at.latex)
    return float(re.search(r"\\mu_\{c_i\}\\\|\^2 = ([0-9.e+-]+)", text).group(1))


def caption(at):
    return " ".join(c.value for c in at.caption)


def test_the_linear_kernel_objective_is_scikit_learns_inertia():
    at = open_page(PAGE)
    assert not page_errors(at) and not at.error
    at.selectbox(key=KEY.KERNEL).set_value("linear").run()
    at.slider(key=KEY.KMEANS_K).set_value(3).run()
    assert not page_errors(at) and not at.error
    start = kc.kernel_kmeans_init(MOONS @ MOONS.T, 3, 0)       # the draw 0 of k-means++ on the linear Gram matrix
    centres = np.array([MOONS[start == c].mean(axis=0) for c in range(3)])
    inertia = KMeans(3, init=centres, n_init=1, algorithm="lloyd", tol=0.0).fit(MOONS).inertia_
    assert objective(at) == float(f"{inertia:.4g}")
    assert "converged after" in caption(at)


def test_stepping_back_to_the_start_shows_a_higher_objective():
    at = open_page(PAGE)
    last = objective(at)
    at.slider(key=KEY.KMEANS_STEP).set_value(0).run()
    assert not page_errors(at) and not at.error
    assert "Iteration 0 of" in caption(at) and objective(at) >= last


def test_three_d_data_gets_a_sentence():
    at = open_page(PAGE)
    at.selectbox(key=KEY.DATA).set_value("s_curve").run()
    assert not page_errors(at) and not at.error
    assert any("2-D (sidebar)" in i.value for i in at.info)


def test_the_exercises_claim():
    """Blobs (120 points, noise 0.1), RBF, k = 2: γ = 1 agrees with the blobs from most draws, γ = 31.6 from none."""
    X, y = kc.make_classification("blobs", 120, 0.1, 0)
    def agree(gamma, seed):
        return adjusted_rand_score(y, kc.KernelKMeans(2, "rbf", seed=seed, gamma=gamma).fit(X).labels_)
    assert np.median([agree(1.0, s) for s in range(10)]) >= 0.85
    assert max(agree(31.6, s) for s in range(10)) < 0.7
    at = open_page(PAGE)
    at.selectbox(key="data_preset").set_value("blobs").run()
    at.select_slider(key=KEY.GAMMA).set_value(31.6).run()
    assert not page_errors(at) and not at.error
    shown = float(re.search(r"kernel k-means (-?[0-9.]+)", caption(at)).group(1))
    assert shown == round(agree(31.6, 0), 2)
