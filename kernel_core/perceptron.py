"""The kernelized perceptron (Kriege) and the k-nearest-neighbour vote it is compared with.

Primal perceptron (Kriege): w_0 = 0; visit (x_i, y_i); on a mistake w <- w + y_i x_i; predict
sign(w^T x). Every update adds a multiple of a data point, so w = sum_j alpha_j y_j x_j stays in the
span of the data, and replacing x_j^T x by k(x_j, x) gives the kernelized perceptron:

    alpha <- 0
    for each epoch, for i in a random order of the n training points:
        f(x_i) = sum_j alpha_j y_j k(x_j, x_i)
        if y_i f(x_i) <= 0:  alpha_i <- alpha_i + 1          (a mistake)
    predict  y = sign( sum_j alpha_j y_j k(x_j, x) )

    alpha_i  how often point i was misclassified (Kriege's step eta_t = 1: a constant step only
             rescales f and never changes a prediction)
    y_j      the label of point j, mapped to -1 / +1
    k        the kernel; f the decision function; no bias term (as in Kriege)

Mistake rule: Kriege writes both "y_i w^T x_i < 0" and "y_hat != y_i"; with alpha = 0 every f is 0
and the strict test would never fire, so sign(0) counts as wrong: a mistake is y_i f(x_i) <= 0.
"""
import copy

import numpy as np
from sklearn.model_selection import KFold
from sklearn.neighbors import KNeighborsClassifier

from ._validation import check_array, check_features, check_finite, check_int, check_labels, check_positive_int, check_seed, describe
from .algebra import as_kernel

MAX_EPOCHS = 1000


class KernelPerceptron:
    """Kernelized perceptron with a recorded training history (one row per visit).

    KernelPerceptron(kernel="rbf", epochs=10, seed=0, **params): `params` are the kernel's parameters
    (gamma, degree, coef0 as in scikit-learn); `epochs` is the most passes over the data (training stops
    after the first pass without a mistake); `seed` fixes the random visiting order.

    Learned state: alpha_ (mistake count per training point), classes_ (the two original labels,
    classes_[1] is +1), kernel_ (the Kernel used), X_fit_, y_fit_ (-1/+1), mistakes_per_epoch_,
    converged_ and history_, a dict of arrays with one entry per visit t:
        epoch[t], index[t] (the visited point i), margin[t] = y_i f(x_i) before the update,
        mistake[t] (margin <= 0) and alpha[t] = alpha_i after the update.
    """

    def __init__(self, kernel="rbf", epochs=10, seed=0, **params):
        self.kernel = kernel
        self.epochs = epochs
        self.seed = seed
        self.params = params

    def fit(self, X, y):
        X = check_array(X)
        y_pm, self.classes_ = check_labels(y, len(X))
        epochs = check_positive_int(self.epochs, "epochs", high=MAX_EPOCHS)
        self.kernel_ = as_kernel(self.kernel, **self.params)
        K = self.kernel_(X)  # K[j, l] = k(x_j, x_l)
        n = len(X)
        rng = np.random.default_rng(check_seed(self.seed))
        alpha = np.zeros(n)
        f = np.zeros(n)  # f[l] = sum_j alpha_j y_j K[j, l], kept up to date after every mistake
        rows, per_epoch = [], []
        for epoch in range(epochs):
            mistakes = 0
            for i in rng.permutation(n):
                margin = y_pm[i] * f[i]
                wrong = margin <= 0
                if wrong:
                    alpha[i] += 1.0           # alpha_i <- alpha_i + 1
                    f += y_pm[i] * K[i]       # so f(x_l) gains y_i k(x_i, x_l) for every l
                    mistakes += 1
                rows.append((epoch, i, margin, wrong, alpha[i]))
            per_epoch.append(mistakes)
            if mistakes == 0:
                break
        ep, idx, mar, wr, al = zip(*rows)
        self.history_ = {"epoch": np.array(ep, dtype=np.int64), "index": np.array(idx, dtype=np.int64),
                         "margin": np.array(mar), "mistake": np.array(wr, dtype=bool), "alpha": np.array(al)}
        self.mistakes_per_epoch_ = np.array(per_epoch, dtype=np.int64)
        self.converged_ = per_epoch[-1] == 0
        self.alpha_ = alpha
        self.X_fit_ = X
        self.y_fit_ = y_pm
        return self

    def _check_fitted(self):
        if not hasattr(self, "alpha_"):
            raise ValueError("This KernelPerceptron is not fitted yet; call fit(X, y) first.")

    def alpha_at(self, step):
        """alpha after the first `step` visits of the history (0 = before training; a step past the last visit gives
        the trained alpha). step: a whole number >= 0."""
        self._check_fitted()
        step = min(check_int(step, "step", low=0), len(self.history_["index"]))
        h = self.history_
        return np.bincount(h["index"][:step], weights=h["mistake"][:step], minlength=len(self.alpha_)).astype(float)

    def at_step(self, step):
        """A copy of the model as it was after `step` visits (for replaying the training)."""
        model = copy.copy(self)
        model.alpha_ = self.alpha_at(step)
        return model

    def objective(self):
        """Kriege's perceptron objective in alpha, on the training points, at the current alpha_:

            J(alpha) = (1/n) sum_i max{0, -y_i alpha^T k_i},   k_i = (y_1 k(x_i, x_1), ..., y_n k(x_i, x_n))
                     = (1/n) sum_i max{0, -sum_j alpha_j y_i y_j k(x_i, x_j)}

        the primal perceptron loss (1/n) sum_i max(0, -y_i w^T x_i) with w = sum_j alpha_j y_j phi(x_j). It is 0
        once every training point has y_i f(x_i) >= 0 (and at alpha = 0, its trivial minimiser); each mistake
        step alpha_i <- alpha_i + 1 is a stochastic subgradient step on it."""
        self._check_fitted()
        f = self.kernel_(self.X_fit_) @ (self.alpha_ * self.y_fit_)   # f(x_i) = sum_j alpha_j y_j k(x_j, x_i)
        return float(np.mean(np.maximum(0.0, -self.y_fit_ * f)))

    def expansion(self):
        """(points, weights, bias) with f(x) = sum_i weights[i] k(points[i], x) + bias:
        the points with alpha_i > 0 and weights alpha_i y_i; the perceptron has no bias."""
        self._check_fitted()
        used = self.alpha_ > 0
        if not used.any():  # before the first mistake f = 0 everywhere
            return self.X_fit_[:1], np.zeros(1), 0.0
        return self.X_fit_[used], self.alpha_[used] * self.y_fit_[used], 0.0

    def decision_function(self, X):
        """f(x) = sum_j alpha_j y_j k(x_j, x)"""
        points, weights, bias = self.expansion()
        X = check_features(X, points.shape[1])
        return check_finite(weights @ self.kernel_(points, X) + bias, "The decision function")

    def predict(self, X):
        """sign(f(x)) as the original labels: classes_[1] where f > 0, classes_[0] where f <= 0."""
        return np.where(self.decision_function(X) > 0, self.classes_[1], self.classes_[0])


class KNNVote(KNeighborsClassifier):
    """scikit-learn's KNeighborsClassifier (it finds the neighbours) with Kriege's vote as the
    decision function, on the same scale for every k:

        f(x) = (1/k) sum_i y_i [x_i among the k nearest neighbours of x]  in [-1, 1],
        y = sign(f(x))

    y_i is -1 for classes_[0] and +1 for classes_[1]; with uniform weights f = P(+1) - P(-1) of
    predict_proba. A tie (f = 0, even k) goes to classes_[0], as scikit-learn's predict does.
    fit takes exactly two classes and at most as many neighbours as training points; every method
    answers bad input with a sentence (scikit-learn's own checks are not reached).
    """

    def fit(self, X, y):
        X = check_array(X, "X")
        check_labels(y, len(X))
        self.n_neighbors = check_positive_int(self.n_neighbors, "n_neighbors", high=len(X))  # 3.0 -> 3
        return super().fit(X, np.asarray(y))

    def _check_X(self, X):
        if not hasattr(self, "classes_"):
            raise ValueError("This KNNVote is not fitted yet; call fit(X, y) first.")
        return check_features(X, self.n_features_in_)

    def predict(self, X):
        return super().predict(self._check_X(X))

    def predict_proba(self, X):
        return super().predict_proba(self._check_X(X))

    def decision_function(self, X):
        P = self.predict_proba(X)
        return P[:, 1] - P[:, 0]


def knn_cross_validate(X, y, ks, n_folds=5, seed=0):
    """k-fold cross-validation of k-NN's k (Kriege: "How to choose k? Cross-validation!"):

        CV(k) = (1/F) sum_{f=1}^{F} (1/|T_f|) sum_{i in T_f} [y_hat_{-f}(x_i) != y_i]

    the held-out misclassification rate, y_hat_{-f} the KNNVote fitted without fold T_f (F = n_folds folds of a
    seeded shuffle, scikit-learn's KFold). A k larger than a training part is used as that part's size.
    Returns the errors, one per k of `ks`, as a float array."""
    X = check_array(X, "X")
    check_labels(y, len(X))
    y = np.asarray(y)
    n_folds = check_positive_int(n_folds, "n_folds")
    seed = check_seed(seed)
    if not 2 <= n_folds <= len(X):
        raise ValueError(f"Cross-validation needs 2 <= n_folds <= n samples; got n_folds = {n_folds} with {len(X)} "
                         "samples.")
    if isinstance(ks, (str, bytes)) or np.ndim(ks) != 1 or len(ks) == 0:
        raise ValueError(f"ks must be a non-empty list of neighbour counts, got {describe(ks)}.")
    ks = [check_positive_int(k, "k") for k in ks]
    errors = np.zeros(len(ks))
    for tr, te in KFold(n_folds, shuffle=True, random_state=seed).split(X):
        if len(np.unique(y[tr])) < 2:
            raise ValueError("A training part of the cross-validation holds only one class; use fewer folds or "
                             "more points of each class.")
        for j, k in enumerate(ks):
            model = KNNVote(n_neighbors=min(k, len(tr))).fit(X[tr], y[tr])
            errors[j] += np.mean(model.predict(X[te]) != y[te]) / n_folds
    return errors
