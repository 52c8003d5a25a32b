"""Kernel k-means (Sugiyama lists k-means among the algorithms the kernel trick makes non-linear): Lloyd's
iterations with every distance to a cluster's mean written with kernel values only (Sugiyama's distance in the
feature space)."""
import numpy as np

from ._validation import check_array, check_features, check_finite, check_int, check_positive_int, check_seed
from .algebra import KernelModel

MAX_ITER = 30
"""Lloyd's iterations at most: on the app's data sets kernel k-means settles in well under 20."""


def mean_distances(K_cross, diag, K, labels, k):
    """Squared distances in the feature space from points to the k cluster means μ_c = (1/|C|) Σ_{j∈C} φ(x_j):

        ‖φ(x) − μ_c‖² = k(x, x) − (2/|C|) Σ_{j∈C} k(x, x_j) + (1/|C|²) Σ_{j,l∈C} k(x_j, x_l)

    K_cross (m, n): k(x, x_j) for the m points x and the n clustered points; diag (m,): k(x, x); K (n, n) the Gram
    matrix of the clustered points; labels (n,) their clusters 0 ... k−1. An empty cluster is infinitely far."""
    K = check_array(K, "K")
    n = K.shape[0]
    if K.shape != (n, n):
        raise ValueError(f"K must be a square Gram matrix; it has shape {K.shape}.")
    K_cross = check_array(K_cross, "K_cross")
    if K_cross.shape[1] != n:
        raise ValueError(f"K_cross has {K_cross.shape[1]} columns but K has {n} points.")
    diag = check_array(diag, "diag", ndim=1)
    if diag.shape != (K_cross.shape[0],):
        raise ValueError(f"diag must hold k(x, x) of the {K_cross.shape[0]} points; it has shape {diag.shape}.")
    k = check_positive_int(k, "k", high=max(n, 1))
    return _distances(K_cross, diag, K, _labels(labels, n, k), k)


def _distances(K_cross, diag, K, labels, k):
    """mean_distances on arguments already checked (the fit's iterations: no copy of K per iteration)."""
    D = np.full((K_cross.shape[0], k), np.inf)
    for c in range(k):
        members = labels == c
        size = int(members.sum())
        if size:
            D[:, c] = diag - 2.0 * K_cross[:, members].sum(axis=1) / size \
                + K[np.ix_(members, members)].sum() / size**2
    return D


def _labels(labels, n, k, what="The labels"):
    """labels as n whole numbers in 0 ... k−1, or a ValueError that says what they are not."""
    if isinstance(labels, (str, bytes)):
        raise ValueError(f"{what} must be cluster numbers, not text.")
    try:
        L = np.asarray(labels)
    except (ValueError, TypeError):
        L = None
    if L is None or L.shape != (n,) or L.dtype.kind not in "iu" or (n and (L.min() < 0 or L.max() >= k)):
        raise ValueError(f"{what} must be {n} whole numbers in 0 ... {k - 1}.")
    return L


def kernel_kmeans_init(K, k, seed=0):
    """k-means++ in the feature space (Arthur & Vassilvitskii): the first centre a random point, each next one drawn
    with probability ∝ its squared feature-space distance to the nearest centre chosen; the points then join the
    nearest of the k centres. Returns the initial labels (n,)."""
    K = check_finite(check_array(K, "K"), "The Gram matrix")
    n = K.shape[0]
    if K.shape != (n, n):
        raise ValueError(f"K must be a square Gram matrix; it has shape {K.shape}.")
    k = check_positive_int(k, "k", high=n)
    rng = np.random.default_rng(check_seed(seed))
    diag = np.diag(K)
    centres = [int(rng.integers(n))]
    nearest = np.maximum(diag - 2 * K[:, centres[0]] + K[centres[0], centres[0]], 0.0)
    for _ in range(1, k):
        total = nearest.sum()
        nxt = int(rng.choice(n, p=nearest / total)) if total > 0 else int(rng.integers(n))
        centres.append(nxt)
        nearest = np.minimum(nearest, np.maximum(diag - 2 * K[:, nxt] + K[nxt, nxt], 0.0))
    D = diag[:, None] - 2 * K[:, centres] + np.diag(K)[centres][None, :]
    return np.argmin(D, axis=1)


class KernelKMeans(KernelModel):
    """Kernel k-means: clusters C_1 ... C_k of the points minimising Σ_c Σ_{i∈C_c} ‖φ(x_i) − μ_c‖², by Lloyd's
    iterations. Each iteration puts every point in the cluster whose mean is nearest in the feature space
    (`mean_distances`: kernel values only, φ is never formed), then the means move with their members. It stops when
    no point changes cluster, or after max_iter iterations. With the linear kernel it is k-means itself.

    init: "k-means++" (`kernel_kmeans_init`, drawn with `seed`) or initial labels (n,) in 0 ... k−1.

    Learned: labels_ (n,), history_ (T + 1, n) the labels at iteration 0 (the initial ones) ... T, objective_ (T + 1,)
    the sum of squared feature-space distances to the cluster means at each, n_iter_ = T, converged_, K_, X_fit_, k_ (n_clusters checked).
    """

    def __init__(self, n_clusters=2, kernel="rbf", init="k-means++", seed=0, max_iter=MAX_ITER, **params):
        self.n_clusters = n_clusters
        self.kernel = kernel
        self.init = init
        self.seed = seed
        self.max_iter = max_iter
        self.params = params

    def fit(self, X):
        X = check_array(X, "X")
        n = X.shape[0]
        k = check_positive_int(self.n_clusters, "n_clusters", high=max(n, 1))
        max_iter = check_int(self.max_iter, "max_iter", low=0, high=10_000)
        with np.errstate(all="ignore"):
            K = self._kernel()(X)
            K = check_finite((K + K.T) / 2, "The Gram matrix")
        if isinstance(self.init, str):
            if self.init != "k-means++":
                raise ValueError(f"init must be 'k-means++' or initial labels, not {self.init[:30]!r}.")
            labels = kernel_kmeans_init(K, k, check_seed(self.seed))
        else:
            labels = _labels(self.init, n, k, "Initial labels")
        diag = np.diag(K)
        history, objective = [labels], []
        converged = False
        for _ in range(max_iter + 1):
            D = _distances(K, diag, K, labels, k)
            objective.append(float(np.maximum(D[np.arange(n), labels], 0.0).sum()))
            if len(history) > max_iter:
                break
            new = np.argmin(D, axis=1)
            if np.array_equal(new, labels):
                converged = True
                break
            labels = new
            history.append(labels)
        check_finite(objective, "The distances in the feature space")
        self.labels_, self.history_ = labels, np.array(history)
        self.objective_, self.n_iter_, self.converged_ = np.array(objective), len(history) - 1, converged
        self.K_, self.X_fit_, self.k_ = K, X, k
        return self

    def distances(self, Y, labels=None):
        """Squared feature-space distances (m, k) from the points Y to the cluster means of `labels` (default: the
        fitted clusters)."""
        Y = check_features(Y, self.X_fit_.shape[1], "Y")
        labels = self.labels_ if labels is None else _labels(labels, len(self.X_fit_), self.k_)
        kern = self._kernel()
        with np.errstate(all="ignore"):
            D = mean_distances(kern(Y, self.X_fit_), kern.diag(Y), self.K_, labels, self.k_)
        used = np.bincount(labels, minlength=self.k_) > 0   # an empty cluster's column is inf by design
        check_finite(D[:, used], "The distances in the feature space")
        return D

    def predict(self, Y, labels=None):
        """The cluster whose feature-space mean is nearest to each point of Y."""
        return np.argmin(self.distances(Y, labels), axis=1)
