"""The odd-argument sweep's estimator methods (tests/test_core_fuzz.py, with tests/fuzz_cases_odd.py's functions and
kernel classes): each public estimator's constructor, fit and fitted methods as (call, good), in the form of
fuzz_cases_odd's CALLS. A method's call builds a fresh fitted model first, so a method that changes its model (step)
starts clean."""

import numpy as np

import kernel_core as kc
from tests.fuzz_cases_odd import (
    A8,
    GRID,
    RBF,
    X12,
    Y12,
    Y_PM,
    K,
    Q,
    T,
    X,
)


def fitted(cls, *args, data=(X, Y_PM), **params):
    return cls(*args, **params).fit(*data)


def _perceptron():
    return fitted(kc.KernelPerceptron, "rbf", 3, 0, gamma=1.0)


def _svm():
    return fitted(kc.KernelSVM, "rbf", 1.0, gamma=1.0)


def _subgradient():
    return fitted(kc.SubgradientSVM, "rbf", 0.01, 5, gamma=1.0)


def _kpca():
    return fitted(kc.KernelPCA, 2, "rbf", data=(X,), gamma=1.0)


_MERCER = kc.mercer_expansion("rbf", -3.0, 3.0, 40, gamma=1.0)


def _gp():
    return fitted(kc.GaussianProcessRegressor, "rbf", 0.1, data=(X, T), gamma=1.0)


def _f():
    return kc.rkhs_function(X, A8, "rbf", gamma=1.0)


ESTIMATORS = {   # constructor arguments are checked by fit, so "C.__init__" fits with them
    "FisherDA.__init__": (lambda n_components, local, n_neighbors, eps:
                          kc.FisherDA(n_components, local, n_neighbors, eps).fit(X, Y_PM),
                          dict(n_components=1, local=True, n_neighbors=3, eps=1e-9)),
    "FisherDA.fit": (lambda X, y: kc.FisherDA().fit(X, y), dict(X=X, y=Y_PM)),
    "FisherDA.transform": (lambda X: kc.FisherDA().fit(X12, Y12).transform(X), dict(X=Q)),
    "KernelFDA.__init__": (lambda kernel, eps, n_components, local, n_neighbors, gamma:
                           kc.KernelFDA(kernel, eps, n_components, local, n_neighbors, gamma=gamma).fit(X, Y_PM),
                           dict(kernel="rbf", eps=1e-3, n_components=1, local=True, n_neighbors=3, gamma=1.0)),
    "KernelFDA.fit": (lambda X, y: kc.KernelFDA("rbf").fit(X, y), dict(X=X, y=Y_PM)),
    "KernelFDA.transform": (lambda X: kc.KernelFDA("rbf").fit(X12, Y12).transform(X), dict(X=Q)),
    "RBFNetwork.__init__": (lambda gamma, centres, bias: kc.RBFNetwork(gamma, centres, bias).fit(X, T),
                            dict(gamma=1.0, centres=Q, bias=True)),
    "RBFNetwork.fit": (lambda X, y: kc.RBFNetwork(1.0).fit(X, y), dict(X=X, y=T)),
    "RBFNetwork.basis": (lambda X: kc.RBFNetwork(1.0, Q).fit(X12, Y12).basis(X), dict(X=Q)),
    "RBFNetwork.predict": (lambda X: kc.RBFNetwork(1.0).fit(X12, Y12).predict(X), dict(X=Q)),
    "RBFNetwork.classify": (lambda X: kc.RBFNetwork(1.0, bias=True).fit(X12, Y12).classify(X), dict(X=Q)),
    "NystroemFeatures.__init__": (lambda n_components, gamma, seed: kc.NystroemFeatures(n_components, gamma, seed).fit(X),
                                  dict(n_components=4, gamma=1.0, seed=0)),
    "NystroemFeatures.fit": (lambda X: kc.NystroemFeatures(4, 1.0, 0).fit(X), dict(X=X)),
    "NystroemFeatures.transform": (lambda X: kc.NystroemFeatures(4, 1.0, 0).fit(X12).transform(X), dict(X=X)),
    "RandomFourierFeatures.__init__": (lambda n_components, gamma, seed:
                                       kc.RandomFourierFeatures(n_components, gamma, seed).fit(X),
                                       dict(n_components=4, gamma=1.0, seed=0)),
    "RandomFourierFeatures.fit": (lambda X: kc.RandomFourierFeatures(4, 1.0, 0).fit(X), dict(X=X)),
    "RandomFourierFeatures.transform": (lambda X: kc.RandomFourierFeatures(4, 1.0, 0).fit(Q).transform(X), dict(X=X)),
    "KernelLPP.__init__": (lambda n_components, kernel, n_neighbors, eps, gamma:
                           kc.KernelLPP(n_components, kernel, n_neighbors, eps, gamma=gamma).fit(X),
                           dict(n_components=1, kernel="rbf", n_neighbors=3, eps=1e-6, gamma=1.0)),
    "KernelLPP.fit": (lambda X: kc.KernelLPP(1, "rbf", 3).fit(X), dict(X=X)),
    "KernelLPP.transform": (lambda X: kc.KernelLPP(1, "rbf", 3).fit(X12).transform(X), dict(X=X)),
    "KernelKMeans.__init__": (lambda n_clusters, kernel, init, seed, max_iter, gamma:
                              kc.KernelKMeans(n_clusters, kernel, init, seed, max_iter, gamma=gamma).fit(X),
                              dict(n_clusters=2, kernel="rbf", init="k-means++", seed=0, max_iter=5, gamma=1.0)),
    "KernelKMeans.fit": (lambda X: kc.KernelKMeans(2, "rbf", gamma=1.0).fit(X), dict(X=X)),
    "KernelKMeans.distances": (lambda Y, labels: kc.KernelKMeans(2, "rbf", gamma=1.0).fit(X).distances(Y, labels),
                               dict(Y=Q, labels=np.array([0, 1] * 4))),
    "KernelKMeans.predict": (lambda Y, labels: kc.KernelKMeans(2, "rbf", gamma=1.0).fit(X).predict(Y, labels),
                             dict(Y=Q, labels=np.array([0, 1] * 4))),
    "kernel_kmeans_init": (kc.kernel_kmeans_init, dict(K=K, k=2, seed=0)),
    "mean_distances": (kc.mean_distances, dict(K_cross=K, diag=np.diag(K), K=K, labels=np.array([0, 1] * 4), k=2)),
    "KernelPCA.__init__": (lambda n_components, kernel, center, gamma:
                           kc.KernelPCA(n_components, kernel, center, gamma=gamma).fit(X),
                           dict(n_components=2, kernel="rbf", center=True, gamma=1.0)),
    "KernelPCA.fit": (lambda X: kc.KernelPCA(2, "rbf", gamma=1.0).fit(X), dict(X=X)),
    "KernelPCA.fit_transform": (lambda X: kc.KernelPCA(2, "rbf", gamma=1.0).fit_transform(X), dict(X=X)),
    "KernelPCA.kernel_vectors": (lambda X: _kpca().kernel_vectors(X), dict(X=Q)),
    "KernelPCA.transform": (lambda X: _kpca().transform(X), dict(X=Q)),
    "KernelPCA.reconstruct": (lambda X, n_components, max_iter: _kpca().reconstruct(X, n_components, max_iter),
                              dict(X=Q, n_components=1, max_iter=20)),
    "KernelPCA.feature_space_residual": (lambda X, n_components: _kpca().feature_space_residual(X, n_components),
                                         dict(X=Q, n_components=1)),
    "ApproxKernelPCA.__init__": (lambda n_components, method, n_features, gamma, seed:
                                 kc.ApproxKernelPCA(n_components, method, n_features, gamma, seed).fit(X),
                                 dict(n_components=2, method="nystroem", n_features=5, gamma=1.0, seed=0)),
    "ApproxKernelPCA.fit": (lambda X: kc.ApproxKernelPCA(2, "rff", 10, 1.0, 0).fit(X), dict(X=X)),
    "ApproxKernelPCA.fit_transform": (lambda X: kc.ApproxKernelPCA(2, "rff", 10, 1.0, 0).fit_transform(X), dict(X=X)),
    "ApproxKernelPCA.transform": (lambda X: kc.ApproxKernelPCA(2, "rff", 10, 1.0, 0).fit(X12).transform(X), dict(X=X)),
    "ApproxKernelRidge.__init__": (lambda method, n_features, gamma, lam, seed:
                                   kc.ApproxKernelRidge(method, n_features, gamma, lam, seed).fit(X, T),
                                   dict(method="rff", n_features=10, gamma=1.0, lam=0.1, seed=0)),
    "ApproxKernelRidge.fit": (lambda X, y: kc.ApproxKernelRidge("rff", 10, 1.0, 0.1, 0).fit(X, y), dict(X=X, y=T)),
    "ApproxKernelRidge.predict": (lambda X: kc.ApproxKernelRidge("rff", 10, 1.0, 0.1, 0).fit(X12, Y12).predict(X),
                                  dict(X=Q)),
    "KernelPerceptron.__init__": (lambda kernel, epochs, seed, gamma:
                                  kc.KernelPerceptron(kernel, epochs, seed, gamma=gamma).fit(X, Y_PM),
                                  dict(kernel="rbf", epochs=3, seed=0, gamma=1.0)),
    "KernelPerceptron.fit": (lambda X, y: kc.KernelPerceptron("rbf", 3).fit(X, y), dict(X=X, y=Y_PM)),
    "KernelPerceptron.alpha_at": (lambda step: _perceptron().alpha_at(step), dict(step=3)),
    "KernelPerceptron.at_step": (lambda step: _perceptron().at_step(step).decision_function(Q), dict(step=3)),
    "KernelPerceptron.expansion": (lambda: _perceptron().expansion(), {}),
    "KernelPerceptron.objective": (lambda: _perceptron().objective(), {}),
    "KernelPerceptron.decision_function": (lambda X: _perceptron().decision_function(X), dict(X=Q)),
    "KernelPerceptron.predict": (lambda X: _perceptron().predict(X), dict(X=Q)),
    "KNNVote.fit": (lambda X, y, n_neighbors: kc.KNNVote(n_neighbors=n_neighbors).fit(X, y),
                    dict(X=X, y=Y_PM, n_neighbors=3)),
    "knn_cross_validate": (kc.knn_cross_validate, dict(X=X12, y=Y12, ks=(1, 3), n_folds=3, seed=0)),
    "KNNVote.predict": (lambda X: kc.KNNVote(n_neighbors=3).fit(X12, Y12).predict(X), dict(X=Q)),
    "KNNVote.predict_proba": (lambda X: kc.KNNVote(n_neighbors=3).fit(X12, Y12).predict_proba(X), dict(X=Q)),
    "KNNVote.decision_function": (lambda X: kc.KNNVote(n_neighbors=3).fit(X12, Y12).decision_function(X), dict(X=Q)),
    "RKHSFunction.__init__": (lambda centres, alpha, kernel: kc.RKHSFunction(centres, alpha, kernel)(Q),
                              dict(centres=X, alpha=A8, kernel=RBF)),
    "RKHSFunction.__call__": (lambda X: _f()(X), dict(X=Q)),
    "RKHSFunction.bumps": (lambda X: _f().bumps(X), dict(X=Q)),
    "RKHSFunction.inner": (lambda other: _f().inner(other), dict(other=kc.rkhs_function(Q, np.ones(3), RBF))),
    "RKHSFunction.norm": (lambda squared: _f().norm(squared), dict(squared=False)),
    "GaussianProcessRegressor.__init__": (lambda kernel, noise, gamma:
                                          kc.GaussianProcessRegressor(kernel, noise, gamma=gamma).fit(X, T),
                                          dict(kernel="rbf", noise=0.1, gamma=1.0)),
    "GaussianProcessRegressor.fit": (lambda X, y: kc.GaussianProcessRegressor("rbf", 0.1).fit(X, y), dict(X=X, y=T)),
    "GaussianProcessRegressor.predict": (lambda X, return_std: _gp().predict(X, return_std),
                                         dict(X=Q, return_std=True)),
    "GaussianProcessRegressor.sample_prior": (lambda X, n_samples, seed: _gp().sample_prior(X, n_samples, seed),
                                              dict(X=Q, n_samples=2, seed=0)),
    "GaussianProcessRegressor.sample_y": (lambda X, n_samples, seed: _gp().sample_y(X, n_samples, seed),
                                          dict(X=Q, n_samples=2, seed=0)),
    "KernelRidge.__init__": (lambda kernel, lam, gamma: kc.KernelRidge(kernel, lam, gamma=gamma).fit(X, T),
                             dict(kernel="rbf", lam=0.1, gamma=1.0)),
    "KernelRidge.fit": (lambda X, y: kc.KernelRidge("rbf", 0.1).fit(X, y), dict(X=X, y=T)),
    "KernelRidge.predict": (lambda X: kc.KernelRidge("rbf", 0.1).fit(X12, Y12).predict(X), dict(X=Q)),
    "KernelSVM.__init__": (lambda kernel, C, gamma: kc.KernelSVM(kernel, C, gamma=gamma).fit(X, Y_PM),
                           dict(kernel="rbf", C=1.0, gamma=1.0)),
    "KernelSVM.fit": (lambda X, y: kc.KernelSVM("rbf", 1.0).fit(X, y), dict(X=X, y=Y_PM)),
    "KernelSVM.expansion": (lambda: _svm().expansion(), {}),
    "KernelSVM.seed_alpha": (lambda n: _svm().seed_alpha(n), dict(n=8)),
    "KernelSVM.kriege_alpha": (lambda n: _svm().kriege_alpha(n), dict(n=8)),
    "MercerExpansion.at": (lambda x, q: _MERCER.at(x, q), dict(x=GRID, q=3)),
    "MercerExpansion.truncated": (lambda x, y, q: _MERCER.truncated(x, y, q), dict(x=GRID, y=GRID, q=3)),
    "MercerExpansion.sup_errors": (lambda qs: _MERCER.sup_errors(qs), dict(qs=[1, 2, 3])),
    "_KernelClassifier.decision_function": (lambda X: _svm().decision_function(X), dict(X=Q)),
    "_KernelClassifier.predict": (lambda X: _subgradient().predict(X), dict(X=Q)),
    "SubgradientSVM.__init__": (lambda kernel, lam, n_steps, batch_size, fit_intercept, tol, seed, gamma:
                                kc.SubgradientSVM(kernel, lam, n_steps, batch_size, fit_intercept, tol, seed,
                                                  gamma=gamma).fit(X, Y_PM),
                                dict(kernel="rbf", lam=0.01, n_steps=5, batch_size=2, fit_intercept=True, tol=1e-3,
                                     seed=0, gamma=1.0)),
    "SubgradientSVM.fit": (lambda X, y: kc.SubgradientSVM("rbf", 0.01, 5).fit(X, y), dict(X=X, y=Y_PM)),
    "SubgradientSVM.step": (lambda n, max_seconds: _subgradient().step(n, max_seconds), dict(n=3, max_seconds=5.0)),
    "SubgradientSVM.expansion": (lambda: _subgradient().expansion(), {}),
}
