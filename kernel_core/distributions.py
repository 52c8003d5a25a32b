"""A kernel between distributions (Kriege, "Kernels beyond R^d": kernels on probability distributions): the mean
embedding, each sample replaced by the mean of its points in feature space (Smola, Gretton, Song and Schoelkopf 2007).

    from kernel_core import mean_embedding_kernel, mmd2, distribution_bags

    mu_P = (1/n) sum_i phi(x_i)                      (the sample x_1 ... x_n of P in feature space)
    K(P, Q) = <mu_P, mu_Q> = (1/(n m)) sum_i sum_j k(x_i, y_j)
    MMD^2(P, Q) = ||mu_P - mu_Q||^2 = K(P, P) + K(Q, Q) - 2 K(P, Q)

K is a Gram matrix of the vectors mu (PSD whenever k is). With the linear kernel mu_P is the sample mean: two samples
with equal means are the same point. A characteristic kernel such as the RBF kernel sees the whole distribution.
"""
import numpy as np

from ._validation import check_array, check_positive_int, check_seed, check_size, describe
from .algebra import as_kernel

MAX_BAGS = 40
MAX_POINTS = 20_000
"""The most points in all the samples together (their pairwise kernel values are summed: up to 20 000^2 / 40 per
pair of samples, checked by check_size)."""


def _samples(samples):
    """A list of (n_i, d) arrays with the same d, checked; a TypeError for anything that is no list of samples."""
    if not isinstance(samples, (list, tuple, np.ndarray)):
        raise TypeError(f"samples must be a list of (n_i, d) arrays, got {describe(samples)}.")
    samples = list(samples)
    if not samples:
        raise ValueError("samples is empty; give at least one sample.")
    if len(samples) > MAX_BAGS:
        raise ValueError(f"At most {MAX_BAGS} samples; got {len(samples)}.")
    out = [check_array(S, f"samples[{i}]") for i, S in enumerate(samples)]
    d = out[0].shape[1]
    for i, S in enumerate(out):
        if S.shape[1] != d:
            raise ValueError(f"samples[{i}] has {S.shape[1]} feature(s) but samples[0] has {d}; all need the same.")
    total = sum(len(S) for S in out)
    if total > MAX_POINTS:
        raise ValueError(f"The samples hold {total:,} points; at most {MAX_POINTS:,}.")
    return out


def mean_embedding_kernel(samples, kernel="rbf", **params):
    """K[a, b] = (1 / (n_a n_b)) sum_i sum_j k(x_i^a, x_j^b), the inner product of the samples' mean embeddings.
    `kernel`: a name with its parameters, or a Kernel object."""
    samples = _samples(samples)
    k = as_kernel(kernel, **params)
    m = len(samples)
    K = np.zeros((m, m))
    for a in range(m):
        for b in range(a, m):
            check_size(len(samples[a]), len(samples[b]), "A block of kernel values")
            with np.errstate(all="ignore"):
                K[a, b] = K[b, a] = float(np.mean(k(samples[a], samples[b])))
    if not np.all(np.isfinite(K)):
        raise ValueError("The mean embeddings' inner products overflowed; scale the data or the kernel down.")
    return K


def mmd2(X, Y, kernel="rbf", **params):
    """MMD^2 = ||mu_X - mu_Y||^2 = K(X, X) + K(Y, Y) - 2 K(X, Y) (the biased estimate, every pair counted), >= 0 up to
    round-off (clipped at 0)."""
    K = mean_embedding_kernel([X, Y], kernel, **params)
    return max(float(K[0, 0] + K[1, 1] - 2 * K[0, 1]), 0.0)


def distribution_bags(n_bags=4, n_points=40, seed=0):
    """2 n_bags samples of n_points points in the plane, labels (+1 then -1): n_bags from a Gaussian blob N(0, I),
    n_bags from a ring of radius sqrt(2) with a little radial noise. Both have mean 0 and covariance about I (the
    ring's E[r^2] = 2 = the blob's), so neither the mean (linear kernel) nor the covariance (degree-2 polynomial)
    tells them apart; their shapes do. Returns (list of (n_points, 2) arrays, labels)."""
    n_bags = check_positive_int(n_bags, "n_bags", high=MAX_BAGS // 2)
    n_points = check_positive_int(n_points, "n_points", high=MAX_POINTS // (2 * n_bags))
    rng = np.random.default_rng(check_seed(seed))
    bags = [rng.standard_normal((n_points, 2)) for _ in range(n_bags)]
    for _ in range(n_bags):
        angle = rng.uniform(0, 2 * np.pi, n_points)
        radius = np.sqrt(2.0) + 0.1 * rng.standard_normal(n_points)
        bags.append(np.column_stack([radius * np.cos(angle), radius * np.sin(angle)]))
    return bags, np.r_[np.ones(n_bags), -np.ones(n_bags)]
