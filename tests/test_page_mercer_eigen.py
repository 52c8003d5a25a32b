"""AppTest of the Mercer sections' eigen map and approximations: the eigen map has rank six for the degree-two kernel,
the sigmoid kernel has no real feature map (and its exercise reveals it), Nyström with every point is exact and beats
few random features, the random-feature exercise shows the square-root rate, and both approximations match
scikit-learn's exact RBF Gram matrix."""

import numpy as np
from sklearn.metrics.pairwise import pairwise_kernels

from pages.mercer import compute
from pages.mercer.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.support.mercer_sections import (
    APPROX,
    EIGEN,
    exercise,
    latex,
    metric,
    number,
    shown_error,
    texts,
)


# ------------------------------------------------------------------ the eigen map
def test_eigen_map_has_rank_six_for_the_degree_two_kernel():
    at = open_page(EIGEN)
    text = latex(at)
    assert r"\operatorname{rank}\mathbf{K} = 6" in text
    assert number(shown_error(text)) < 1e-10                                     # exact at q = rank = 6
    at.slider(key=KEY.Q).set_value(2).run()
    assert number(shown_error(latex(at))) > 0.01                                 # 4 of the 6 directions dropped


def test_sigmoid_has_no_real_feature_map():
    at = open_page(EIGEN)
    at.selectbox(key=KEY.KERNEL_EIG).select_index(4).run()                       # Sigmoid (not PSD)
    at.select_slider(key=KEY.GAMMA_EIG).set_value(2.0).run()
    at.slider(key=KEY.COEF0_EIG).set_value(-1.0).run()
    assert not page_errors(at)
    assert "No real feature map" in texts(at, "error") and "negative eigenvalue" in texts(at, "error")


def test_sigmoid_exercise_reveals_the_missing_feature_map():
    at = open_page(EIGEN)
    exercise(at, "mercer_sigmoid", 0)
    assert at.selectbox(key=KEY.KERNEL_EIG).value == "sigmoid"
    assert "No real feature map" in texts(at, "error")
    assert any("the answer is **No: K has negative eigenvalues" in w.value for w in at.warning)


# ------------------------------------------------------------------ random Fourier features and Nyström
def test_nystroem_with_every_point_is_exact_and_beats_few_random_features():
    at = open_page(APPROX)
    few = float(metric(at, "Random Fourier error"))
    at.select_slider(key=KEY.FEATURES).set_value(200).run()                     # Nyström m = n = 120 landmarks
    assert float(metric(at, "Nyström error")) < 1e-6
    assert float(metric(at, "Random Fourier error")) < few
    assert r"\mathcal{N}(0, 2\,\mathbf{I})" in latex(at)                         # 2 gamma = 2 at gamma = 1


def test_rff_exercise_shows_the_square_root_rate():
    at = open_page(APPROX)
    at.select_slider(key=KEY.FEATURES).set_value(20).run()
    few = float(metric(at, "Random Fourier error"))
    exercise(at, "mercer_rff", 1)
    assert at.select_slider(key=KEY.FEATURES).value == 200
    many = float(metric(at, "Random Fourier error"))
    assert 1 / 6 < many / few < 1 / 2                               # 10x the features: about 1/sqrt(10), not 1/10


def test_approximations_match_the_exact_rbf_gram_matrix_of_scikit_learn():
    X = np.random.default_rng(3).normal(size=(40, 2))
    a = compute.approximations(X, 0.5, 200, 0)
    assert np.allclose(a.K, pairwise_kernels(X, metric="rbf", gamma=0.5))
    assert a.landmarks == 40 and a.error_nys < 1e-6                 # every point a landmark: exact
    assert abs(a.error_rff - np.linalg.norm(a.K - a.K_rff) / np.linalg.norm(a.K)) < 1e-12
