"""Radial basis function networks fit by least squares (Bishop's notes, "Radial Basis Functions"), and the same model
as kernel ridge regression at lam -> 0, and the classifying network sign(b + h(x)) of the same notes.

    from kernel_core import RBFNetwork, pick_centres, ridge_to_network
    h = RBFNetwork(gamma=1.0).fit(X, y).predict(X_new)          # every training point a centre (M = N)
    labels = RBFNetwork(1.0, C, bias=True).fit(X, y_pm).classify(X_new)   # sign(b + sum_m w_m ...), y_pm in {-1, +1}

    h(x) = sum_m w_m exp(-gamma ||x - c_m||^2),   Phi[n, m] = exp(-gamma ||x_n - c_m||^2),   w = Phi^+ y
    classification: h(x) = sign(b + sum_m w_m exp(-gamma ||x - c_m||^2)), [b, w] = [1 | Phi]^+ y

Symbols: X (N, d) training inputs x_n, y (N,) targets, c_m the M centres, Phi (N, M) the design matrix, w (M,) the
weights, gamma the width (gamma = 1 / (2 sigma^2), the app's RBF gamma). With the centres at the N training points
Phi is the RBF Gram matrix K, and w = K^-1 y interpolates the data: kernel ridge's alpha = (K + lam I)^-1 y at lam = 0.
"""
import numpy as np

from ._validation import (
    check_array,
    check_features,
    check_finite,
    check_flag,
    check_list,
    check_positive_int,
    check_real,
    check_size,
    check_targets,
)
from .kernels import rbf_kernel

MAX_CENTRES = 2_000
"""The most centres a network takes: least squares on an N x M design costs ~N M^2."""
RCOND = 1e-12
"""Singular values of Phi below RCOND x the largest count as 0 in the least-squares solve (the pseudo-inverse's
cut-off): w is then the shortest of the weight vectors that fit equally well, not round-off blown up."""


def pick_centres(X, m):
    """m rows of X spread evenly over the points ordered by their coordinates (first column first): indices
    round(linspace(0, N - 1, m)) of that order, so m = N gives every point and m = 1 the middle one. Returns the
    indices into X, in that order (deterministic: no random draw, the same centres on every call)."""
    X = check_array(X, "X")
    n = len(X)
    m = check_positive_int(m, "m", high=n)
    order = np.lexsort(X.T[::-1])                     # sorted by the first column, ties by the next
    if m == 1:
        return order[[n // 2]]
    return order[np.round(np.linspace(0, n - 1, m)).astype(int)]


class RBFNetwork:
    """An RBF network (Bishop's notes):

        h(x) = sum_{m=1}^M w_m exp(-gamma ||x - c_m||^2)

    fit minimises the in-sample error sum_n (h(x_n) - y_n)^2, i.e. solves Phi w = y in the least-squares sense:
    w = (Phi^T Phi)^-1 Phi^T y when Phi has full column rank, computed by an SVD (numpy's lstsq, cut-off RCOND)
    rather than the normal equations, whose condition number is Phi's squared. `centres` None: every training point
    is a centre (M = N, Phi square: the network interpolates, w = Phi^-1 y when Phi is invertible).

    bias True adds an offset b, h(x) = b + sum_m w_m exp(...), fit with w together: [b, w] solves [1 | Phi] [b, w] = y
    in the least-squares sense. Bishop's notes' classifier fits the labels y in {-1, +1} so and predicts
    sign(b + sum_m w_m exp(-gamma ||x - c_m||^2)) (`classify`).

    Learned: centres_ (M, d), weights_ (M,), intercept_ (b; 0.0 without bias), design_ (N, M) = Phi, rank_ (the
    numerical rank of Phi, or of [1 | Phi] with bias), train_error_ = sum_n (h(x_n) - y_n)^2.
    """

    def __init__(self, gamma=1.0, centres=None, bias=False):
        self.gamma = gamma
        self.centres = centres
        self.bias = bias

    def _basis(self, X, C):
        check_size(len(X), len(C), "The design matrix Phi")
        return rbf_kernel(X, C, gamma=self.gamma)

    def fit(self, X, y):
        X, y = check_targets(X, y)
        gamma = check_real(self.gamma, "gamma", low=0.0)
        C = X if self.centres is None else check_features(self.centres, X.shape[1], "centres")
        if len(C) > MAX_CENTRES:
            raise ValueError(f"An RBF network here takes at most {MAX_CENTRES:,} centres; {len(C):,} were given.")
        self.bias = check_flag(self.bias, "bias")
        self.gamma = gamma
        Phi = self._basis(X, C)
        A = np.c_[np.ones(len(X)), Phi] if self.bias else Phi
        # [b,] w = argmin ||A [b,] w - y||^2 (= A^+ y), singular values below RCOND * the largest treated as 0
        coef, _, rank, _ = np.linalg.lstsq(A, y, rcond=RCOND)
        coef = check_finite(coef, "The weights w", "use a larger gamma or fewer centres")
        with np.errstate(over="ignore", invalid="ignore"):
            error = float(np.sum((A @ coef - y) ** 2))
        self.train_error_ = float(check_finite(error, "The training error sum_n (h(x_n) - y_n)^2", "rescale y"))
        self.intercept_ = float(coef[0]) if self.bias else 0.0
        self.weights_ = coef[1:] if self.bias else coef
        self.centres_, self.design_, self.rank_ = C, Phi, int(rank)
        return self

    def _fitted(self):
        if not hasattr(self, "weights_"):
            raise ValueError("This RBFNetwork is not fitted yet; call fit(X, y) first.")

    def basis(self, X):
        """Phi(X) (len(X), M): exp(-gamma ||x - c_m||^2), one column per centre (the bumps before weighting)."""
        self._fitted()
        X = check_features(X, self.centres_.shape[1])
        return self._basis(X, self.centres_)

    def predict(self, X):
        """h(x) = b + sum_m w_m exp(-gamma ||x - c_m||^2) for each row x of X (b = 0 without bias)."""
        with np.errstate(all="ignore"):
            Phi = self.basis(X)   # checks that the network is fitted
            h = self.intercept_ + Phi @ self.weights_
        return check_finite(h, "The network's output", "use a larger gamma or fewer centres")

    def classify(self, X):
        """sign(b + sum_m w_m exp(-gamma ||x - c_m||^2)) for each row x of X, in {-1, +1} (h = 0 counts as +1):
        Bishop's notes' RBF network for classification, meant for a network fit to labels y in {-1, +1}."""
        return np.where(self.predict(X) >= 0, 1, -1)


def ridge_to_network(X, y, gamma, lams, X_eval):
    """max_x |f_lam(x) - h(x)| over the rows of X_eval, for each lam of `lams`: f_lam is kernel ridge regression with
    the RBF kernel, alpha = (K + lam I)^-1 y, and h the RBF network with every training point a centre (M = N,
    Phi = K). As lam -> 0, (K + lam I)^-1 y -> K^-1 y = w when K is invertible, so the gap closes.

    One eigendecomposition K = U S U^T serves every lam: f_lam(X_eval) = K_eval U diag(1 / (S + lam)) U^T y (the few
    eigenvalues round-off pushes below 0 are clipped to 0, so S + lam > 0). Returns an array of len(lams)."""
    X, y = check_targets(X, y)
    gamma = check_real(gamma, "gamma", low=0.0)
    lams = np.array([check_real(v, "every lam", low=0.0) for v in check_list(lams, "lams")], dtype=float)
    if len(lams) == 0:
        raise ValueError("lams is empty; give at least one lam > 0.")
    if len(X) > MAX_CENTRES:
        raise ValueError(f"At most {MAX_CENTRES:,} training points (an N x N eigendecomposition); got {len(X):,}.")
    X_eval = check_features(X_eval, X.shape[1], "X_eval")
    h = RBFNetwork(gamma).fit(X, y).predict(X_eval)
    K = rbf_kernel(X, X, gamma=gamma)
    S, U = np.linalg.eigh((K + K.T) / 2)
    S = np.clip(S, 0.0, None)
    check_size(len(X_eval), len(X), "The kernel columns of X_eval")
    KU, Uy = rbf_kernel(X_eval, X, gamma=gamma) @ U, U.T @ y
    with np.errstate(all="ignore"):
        gaps = np.array([np.max(np.abs(KU @ (Uy / (S + lam)) - h)) for lam in lams])
    return check_finite(gaps, "The gaps max |f_lam - h|", "use larger lams")
