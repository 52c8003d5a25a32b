"""The bad-input catalogue (issue 10): every entry is a bad input to the core with its expected
behaviour — a ValueError/TypeError whose sentence names the problem, or a finite answer with a
visible warning. The same ids are listed in the README's "Bad input" section."""
import re
import warnings

import numpy as np
import pytest

import kernel_core as kc
from tests.app_pages import ROOT

X, Y = kc.make_classification("moons", 40, 0.1, 0)
XR, YR = kc.make_sine(20, 0.1, 0)
XDUP, YDUP = np.vstack([XR, XR]), np.r_[YR, YR]
SIGMOID = dict(gamma=2.0, coef0=-1.0)
BIG = np.broadcast_to(np.linspace(-1.0, 1.0, 2), (100_000, 2))   # 100 000 points without allocating them
BIG_Y = np.broadcast_to(np.r_[-1, 1], (50_000, 2)).ravel()
LIMIT = "limit is 25,000,000 entries"
YNAN = np.r_[Y[:-1], np.nan].astype(float)


def raises(exc, match):
    return ("raises", exc, match)


def finite(warns=None):
    return ("finite", warns)


CATALOGUE = [
    # id, what, call, expected
    ("nan", "NaN in X", lambda: kc.gram([[0.0, np.nan]]), raises(ValueError, "NaN")),
    ("inf", "inf in X", lambda: kc.gram([[0.0, np.inf]]), raises(ValueError, "infinite")),
    ("text", "text in an array", lambda: kc.gram([["a", "b"]]), raises(ValueError, "text")),
    ("string", "a string instead of an array", lambda: kc.gram("1,2"), raises(ValueError, "not text")),
    ("empty", "empty array", lambda: kc.gram(np.empty((0, 2))), raises(ValueError, "empty")),
    ("one-d", "1-D X", lambda: kc.gram([1.0, 2.0]), raises(ValueError, "2-D")),
    ("features", "mismatched feature counts", lambda: kc.gram(X, np.ones((3, 3))), raises(ValueError, "feature")),
    ("gamma-zero", "gamma = 0", lambda: kc.gram(X, kernel="rbf", gamma=0), raises(ValueError, "gamma must be > 0")),
    ("gamma-negative", "gamma < 0", lambda: kc.gram(X, kernel="laplacian", gamma=-1), raises(ValueError, "gamma")),
    ("degree-fraction", "degree 2.5", lambda: kc.gram(X, kernel="poly", degree=2.5), raises(ValueError, "degree")),
    ("degree-zero", "degree 0", lambda: kc.gram(X, kernel="poly", degree=0), raises(ValueError, "degree")),
    ("degree-text", "degree '3'", lambda: kc.gram(X, kernel="poly", degree="3"), raises(TypeError, "degree")),
    ("kernel-unknown", "unknown kernel name", lambda: kc.gram(X, kernel="gauss"), raises(ValueError, "laplacian")),
    ("param-unknown", "unknown kernel parameter", lambda: kc.gram(X, kernel="rbf", degree=2),
     raises(TypeError, "unexpected parameter")),
    ("overflow", "poly degree 50 on large values", lambda: kc.gram(X * 1e8, kernel="poly", degree=50),
     raises(ValueError, "overflowed")),
    ("scale-negative", "c <= 0 in c * k", lambda: -1.0 * kc.Kernel("rbf"), raises(ValueError, "scale")),
    ("poly-coef-negative", "negative polynomial coefficient", lambda: kc.Kernel("rbf").polynomial([1, -1]),
     raises(ValueError, "coefficient")),
    ("not-symmetric", "spectrum of a non-symmetric matrix", lambda: kc.spectrum([[0.0, 1.0], [0.0, 0.0]]),
     raises(ValueError, "symmetric")),
    ("not-square", "spectrum of a non-square matrix", lambda: kc.spectrum(np.ones((2, 3))), raises(ValueError, "square")),
    ("lam-negative", "lam < 0 in kernel ridge", lambda: kc.KernelRidge(lam=-1).fit(XR, YR), raises(ValueError, "lam")),
    ("lam-zero-singular", "lam = 0 with duplicated points", lambda: kc.KernelRidge(lam=0).fit(XDUP, YDUP).predict(XR),
     finite("singular")),
    ("y-length", "X and y of different lengths", lambda: kc.KernelRidge().fit(XR, YR[:-1]), raises(ValueError, "match")),
    ("y-nan", "NaN in y", lambda: kc.KernelRidge().fit(XR, np.r_[YR[:-1], np.nan]), raises(ValueError, "NaN")),
    ("ridge-sigmoid", "sigmoid kernel in kernel ridge", lambda: kc.KernelRidge("sigmoid", lam=0.1, **SIGMOID)
     .fit(XR, YR).predict(XR), finite("positive definite")),
    ("gp-noise-zero", "GP with noise = 0", lambda: kc.GaussianProcessRegressor(noise=0).fit(XDUP, YDUP),
     raises(ValueError, "noise")),
    ("gp-sigmoid", "sigmoid kernel as a GP prior", lambda: kc.GaussianProcessRegressor("sigmoid", noise=0.1, **SIGMOID)
     .fit(XR, YR), raises(ValueError, "not a valid covariance")),
    ("C-zero", "C = 0", lambda: kc.KernelSVM(C=0).fit(X, Y), raises(ValueError, "C must be > 0")),
    ("C-negative", "C < 0", lambda: kc.KernelSVM(C=-1).fit(X, Y), raises(ValueError, "C must be > 0")),
    ("one-class-svm", "one class only (SVM)", lambda: kc.KernelSVM().fit(X, np.ones(len(X))), raises(ValueError, "one class")),
    ("three-classes", "three classes (SVM)", lambda: kc.KernelSVM().fit(X, np.arange(len(X)) % 3),
     raises(ValueError, "3 classes")),
    ("one-class-perceptron", "one class only (perceptron)", lambda: kc.KernelPerceptron().fit(X, -np.ones(len(X))),
     raises(ValueError, "one class")),
    ("epochs-zero", "epochs = 0", lambda: kc.KernelPerceptron(epochs=0).fit(X, Y), raises(ValueError, "epochs")),
    ("svm-sigmoid", "sigmoid kernel in the SVM", lambda: kc.KernelSVM("sigmoid", **SIGMOID).fit(X, Y)
     .decision_function(X), finite("not positive semi-definite")),
    ("C-huge", "C = 1e6", lambda: kc.KernelSVM(C=1e6).fit(X, Y).decision_function(X), finite()),
    ("gamma-huge", "gamma = 1e9", lambda: kc.KernelSVM(gamma=1e9).fit(X, Y).decision_function(X), finite()),
    ("gamma-tiny", "gamma = 1e-9", lambda: kc.KernelSVM(gamma=1e-9).fit(X, Y).decision_function(X), finite()),
    ("degree-30", "poly degree 30", lambda: kc.KernelSVM("poly", degree=30).fit(X, Y).decision_function(X), finite()),
    ("duplicates", "duplicated points (ridge, lam > 0)", lambda: kc.KernelRidge(lam=0.1).fit(XDUP, YDUP).predict(XR),
     finite()),
    ("components-too-many", "n_components > samples", lambda: kc.KernelPCA(n_components=50).fit(X),
     raises(ValueError, "n_components")),
    ("components-zero", "n_components = 0", lambda: kc.KernelPCA(n_components=0).fit(X), raises(ValueError, "n_components")),
    ("kpca-sigmoid", "sigmoid kernel in kernel PCA", lambda: kc.KernelPCA(kernel="sigmoid", **SIGMOID).fit_transform(X),
     finite("negative eigenvalues")),
    ("kpca-one-sample", "kernel PCA of one sample", lambda: kc.KernelPCA().fit(X[:1]), raises(ValueError, "n_components")),
    ("eigenmap-sigmoid", "eigen feature map of an indefinite K",
     lambda: kc.eigen_feature_map(kc.gram(X, kernel="sigmoid", **SIGMOID), 3), raises(ValueError, "negative eigenvalue")),
    ("feature-map-degree", "poly feature map of degree 0", lambda: kc.poly_feature_map(X, 0), raises(ValueError, "degree")),
    ("rff-zero", "random Fourier features with 0 features", lambda: kc.RandomFourierFeatures(n_components=0).fit(X),
     raises(ValueError, "n_components")),
    ("neighbours", "more neighbours than points (Laplacian eigenmap)", lambda: kc.laplacian_eigenmap(X[:5], 2, 10),
     raises(ValueError, "n_neighbors")),
    ("surface-3d", "decision surface of 3-D points",
     lambda: kc.expansion_surface(np.ones((3, 3)), np.ones(3), 0, "rbf", [0, 1], [0, 1]), raises(ValueError, "2-D")),
    ("dataset-unknown", "unknown data set", lambda: kc.make_classification("cats"), raises(ValueError, "moons")),
    ("dataset-size", "n_samples = 0", lambda: kc.make_classification("moons", 0), raises(ValueError, "n_samples")),
    # issue 21: memory guard (raised before the n x n array is allocated), silent wrong answers, raw library errors
    ("gram-too-large", "Gram matrix of 100 000 points", lambda: kc.gram(BIG), raises(ValueError, LIMIT)),
    ("kernel-too-large", "Kernel object on 100 000 points", lambda: (kc.Kernel("rbf") + kc.Kernel("linear"))(BIG),
     raises(ValueError, LIMIT)),
    ("svm-too-large", "SVM on 100 000 points", lambda: kc.KernelSVM().fit(BIG, BIG_Y), raises(ValueError, LIMIT)),
    ("subgradient-too-large", "subgradient SVM on 100 000 points", lambda: kc.SubgradientSVM().fit(BIG, BIG_Y),
     raises(ValueError, LIMIT)),
    ("ridge-too-large", "kernel ridge on 100 000 points", lambda: kc.KernelRidge().fit(BIG, BIG_Y * 1.0),
     raises(ValueError, LIMIT)),
    ("gp-too-large", "GP on 100 000 points", lambda: kc.GaussianProcessRegressor().fit(BIG, BIG_Y * 1.0),
     raises(ValueError, LIMIT)),
    ("gp-samples-too-many", "GP posterior with 10^9 samples",
     lambda: kc.GaussianProcessRegressor().fit(XR, YR).sample_y(XR, 10**9), raises(ValueError, LIMIT)),
    ("kpca-too-large", "kernel PCA of 100 000 points", lambda: kc.KernelPCA().fit(BIG), raises(ValueError, LIMIT)),
    ("perceptron-too-large", "perceptron on 100 000 points", lambda: kc.KernelPerceptron().fit(BIG, BIG_Y),
     raises(ValueError, LIMIT)),
    ("centring-too-large", "centring matrix J of n = 100 000", lambda: kc.centring_matrix(100_000),
     raises(ValueError, LIMIT)),
    ("eigenmap-too-large", "Laplacian eigenmap of 100 000 points", lambda: kc.laplacian_eigenmap(BIG, 2, 10),
     raises(ValueError, LIMIT)),
    ("rff-too-large", "random Fourier features, n x D over the limit",
     lambda: kc.RandomFourierFeatures(n_components=1000).fit(BIG), raises(ValueError, LIMIT)),
    ("large-n-approx", "Nystroem ridge on 50 000 points (the approximation still works)",
     lambda: kc.ApproxKernelRidge("nystroem", 500, 1.0, 0.1).fit(*kc.large_dataset("sine", 50_000)).predict(XR),
     finite()),
    ("complex", "complex X", lambda: kc.gram(X + 1j), raises(ValueError, "complex")),
    ("poly-map-overflow", "poly feature map of values near 1e200", lambda: kc.poly_feature_map(X * 1e200, 3),
     raises(ValueError, "overflowed")),
    ("subgradient-lam-tiny", "subgradient SVM with lam = 1e-200", lambda: kc.SubgradientSVM(lam=1e-200).fit(X, Y),
     raises(ValueError, "lam")),
    ("geometry-2d", "several points as x in feature_space_geometry", lambda: kc.feature_space_geometry(X[:2], X[0]),
     raises(ValueError, "one point")),
    ("holdout-2d", "2-D y in holdout_split", lambda: kc.holdout_split(np.ones((20, 2))), raises(ValueError, "1-D")),
    ("label-nan", "a NaN label (SVM)", lambda: kc.KernelSVM().fit(X, YNAN), raises(ValueError, "NaN")),
    ("holdout-label-nan", "a NaN label (holdout_split)", lambda: kc.holdout_split(YNAN), raises(ValueError, "NaN")),
    ("surface-overflow", "decision surface of poly coef0 = 1e300",
     lambda: kc.expansion_surface(X, np.ones(len(X)), 0, kc.Kernel("poly", coef0=1e300), [0, 1], [0, 1]),
     raises(ValueError, "overflowed")),
    ("seed-huge", "holdout_split with seed 2**70", lambda: kc.holdout_split(Y, 0.3, seed=2**70, X=X),
     raises(ValueError, "seed")),
    ("seed-negative", "data set with seed -1", lambda: kc.make_classification("moons", 20, 0.1, -1),
     raises(ValueError, "seed")),
    ("seed-fraction", "data set with seed 1.5", lambda: kc.make_classification("moons", 20, 0.1, 1.5),
     raises(ValueError, "seed")),
    ("seed-2-40", "data set with seed 2**40", lambda: kc.make_classification("moons", 20, 0.1, 2**40),
     raises(ValueError, "seed")),
    ("knn-one-class", "k-NN vote on one class", lambda: kc.KNNVote().fit(X, np.ones(len(X))).decision_function(X),
     raises(ValueError, "one class")),
    ("knn-neighbours", "k-NN with more neighbours than points", lambda: kc.KNNVote(n_neighbors=50).fit(X[:5], Y[:5]),
     raises(ValueError, "n_neighbors")),
    ("knn-features", "k-NN queried with the wrong number of features",
     lambda: kc.KNNVote(3).fit(X, Y).decision_function(np.ones((2, 3))), raises(ValueError, "feature")),
    # issue 34: the arguments of fitted models' methods, tolerances, integers beyond float range, overflow, bounded steps
    ("step-odd", "a perceptron's alpha_at / at_step of None, NaN, '1' or an array",
     lambda: kc.KernelPerceptron().fit(X, Y).alpha_at(np.nan), raises(ValueError, "step must be an integer")),
    ("seed-alpha-n", "KernelSVM.seed_alpha(n) for n other than the fitted number of points (5 of 5 raised IndexError)",
     lambda: kc.KernelSVM("linear").fit(X, Y).seed_alpha(10**9), raises(ValueError, "fitted on 40 points")),
    ("rtol-odd", "is_psd / verdict with rtol '1', an array or NaN (NaN called an indefinite K PSD)",
     lambda: kc.is_psd(np.array([[1.0, 2.0], [2.0, 1.0]]), rtol=np.nan), raises(ValueError, "rtol must be finite")),
    ("generative-sigma-huge", "the generative kernel with sigma = 1e308 (p(x) = 0 everywhere)",
     lambda: kc.Generative(np.zeros(2), 1e308)(X), raises(ValueError, "so large")),
    ("int-beyond-float", "n = 10**400 in lam_from_C, C_from_lam, solve_costs (OverflowError)",
     lambda: kc.C_from_lam(0.01, 10**400), raises(ValueError, "must be at most")),
    ("subgradient-steps", "SubgradientSVM.step(1e9) (ran for minutes)",
     lambda: kc.SubgradientSVM("rbf", 0.01, 5).fit(X, Y).step(1e9, None), raises(ValueError, "at most 20,000")),
    ("objective-overflow", "the representer objective J(w) at w = 1.7e308 (was inf)",
     lambda: kc.representer_objective(X[:3], np.ones(3), np.full(2, 1.7e308), 0.1, "hinge"),
     raises(ValueError, "overflowed")),
    ("power-overflow", "power_features of values near 1e200 (was NaN / inf)",
     lambda: kc.power_features(np.array([1e200, -1e200, 5.0]), 3), raises(ValueError, "overflowed")),
    ("kpca-identical", "kernel PCA of 1 000 identical points (ARPACK's 'Starting vector is zero')",
     lambda: kc.KernelPCA(2).fit(np.full((1000, 2), 0.5)).transform(X[:3]), finite()),
]


@pytest.mark.parametrize("case", CATALOGUE, ids=[c[0] for c in CATALOGUE])
def test_bad_input_behaves_as_catalogued(case):
    _, _, call, expected = case
    if expected[0] == "raises":
        _, exc, match = expected
        with pytest.raises(exc, match=match) as info:
            call()
        assert len(str(info.value)) > 15, "a sentence, not a code"
    else:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            out = call()
        assert np.all(np.isfinite(np.asarray(out, dtype=float)))
        if expected[1]:
            assert any(re.search(expected[1], str(w.message)) for w in caught), [str(w.message) for w in caught]


def test_the_memory_limit_admits_every_size_the_app_uses():
    """MAX_GRAM_ENTRIES (one constant) is above the largest n x m array of the app: the exact large-n fit and Nystroem /
    random Fourier features of the largest large-n data set with the most features the page offers."""
    from kernel_core._validation import MAX_GRAM_ENTRIES
    from kernel_core.large_n import EXACT_MAX_N, MAX_SAMPLES
    from ui.points_io import MAX_ROWS
    most_features = 500  # the large-n sections offer at most 500 Nystroem landmarks / random features
    assert EXACT_MAX_N ** 2 <= MAX_GRAM_ENTRIES and MAX_ROWS ** 2 <= MAX_GRAM_ENTRIES
    assert MAX_SAMPLES * most_features <= MAX_GRAM_ENTRIES


def test_catalogue_is_large_and_listed_in_the_readme():
    ids = [c[0] for c in CATALOGUE]
    assert len(ids) >= 40 and len(set(ids)) == len(ids)
    section = (ROOT / "README.md").read_text().split("## Bad input", 1)[1].split("\n## ", 1)[0]
    missing = [i for i in ids if f"`{i}`" not in section]
    assert not missing, f"README's Bad input section lacks {missing}"
