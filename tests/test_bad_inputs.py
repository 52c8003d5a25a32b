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


def test_catalogue_is_large_and_listed_in_the_readme():
    ids = [c[0] for c in CATALOGUE]
    assert len(ids) >= 40 and len(set(ids)) == len(ids)
    section = (ROOT / "README.md").read_text().split("## Bad input", 1)[1].split("\n## ", 1)[0]
    missing = [i for i in ids if f"`{i}`" not in section]
    assert not missing, f"README's Bad input section lacks {missing}"
