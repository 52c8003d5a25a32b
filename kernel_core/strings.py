"""A kernel on sequences (Kriege, "Kernels beyond R^d": sequence kernels): the k-spectrum kernel of Leslie, Eskin and
Noble (2002), and a classifier that needs nothing but the kernel.

    from kernel_core import spectrum_features, spectrum_kernel, nearest_mean_loo

    phi_u(s) = number of times the k-letter string u occurs in s (overlapping occurrences count)
    k(s, t)  = sum_u phi_u(s) phi_u(t)            (an inner product of count vectors: a valid kernel)
    normalised: k(s, t) / sqrt(k(s, s) k(t, t))    (the cosine of the two count vectors)

Only the k-mers that occur in the strings have a nonzero coordinate, so phi is a sparse vector indexed by the
|alphabet|^k possible k-mers; the Gram matrix needs only the shared ones.
"""
import numpy as np

from ._validation import check_array, check_flag, check_label_array, check_list, check_positive_int

MAX_STRINGS = 60
"""The most strings a call takes (a Gram matrix a student reads)."""
MAX_LENGTH = 200
"""The longest string (characters): the count vectors hold at most MAX_LENGTH - k + 1 k-mers each."""
MAX_K = 8


def _strings(strings, k):
    strings = check_list(strings, "strings", "strings")
    if not strings:
        raise ValueError("strings is empty; give at least one string.")
    if len(strings) > MAX_STRINGS:
        raise ValueError(f"At most {MAX_STRINGS} strings; got {len(strings)}.")
    for i, s in enumerate(strings):
        if not isinstance(s, str):
            raise TypeError(f"strings[{i}] must be a string, got {type(s).__name__}.")
        if len(s) > MAX_LENGTH:
            raise ValueError(f"strings[{i}] has {len(s)} characters; at most {MAX_LENGTH}.")
    k = check_positive_int(k, "k", high=MAX_K)
    return strings, k


def kmers(s, k):
    """The k-mers of s with their counts, {u: phi_u(s)} (overlapping occurrences: 'AAA' has 'AA' twice)."""
    (s,), k = _strings([s], k)
    counts = {}
    for i in range(len(s) - k + 1):
        counts[s[i:i + k]] = counts.get(s[i:i + k], 0) + 1
    return counts


def spectrum_features(strings, k):
    """(Phi, vocabulary): Phi (n, m) with Phi[i, j] = phi_{u_j}(s_i), the m k-mers that occur in any string, sorted.
    A string shorter than k has no k-mer: a row of zeros."""
    strings, k = _strings(strings, k)
    counts = [kmers(s, k) for s in strings]
    vocabulary = sorted(set().union(*counts))
    index = {u: j for j, u in enumerate(vocabulary)}
    Phi = np.zeros((len(strings), len(vocabulary)))
    for i, c in enumerate(counts):
        for u, v in c.items():
            Phi[i, index[u]] = v
    return Phi, vocabulary


def spectrum_kernel(strings, k, normalize=False):
    """K[i, j] = sum_u phi_u(s_i) phi_u(s_j) = (Phi Phi^T)[i, j]; normalize: K[i, j] / sqrt(K[i, i] K[j, j]) (a string
    without k-mers, K[i, i] = 0, keeps a zero row: it is similar to nothing)."""
    Phi, _ = spectrum_features(strings, k)
    K = Phi @ Phi.T
    if check_flag(normalize, "normalize"):
        d = np.sqrt(np.diag(K))
        scale = np.where(d > 0, d, 1.0)
        K = K / np.outer(scale, scale)
    return K


def nearest_mean_loo(K, y):
    """Leave-one-out labels by the nearest class mean in feature space, from the Gram matrix alone: for each i, with
    the class means mu_c of the other points,

        ||phi(x_i) - mu_c||^2 = K[i, i] - (2 / n_c) sum_{j in c} K[i, j] + (1 / n_c^2) sum_{j, l in c} K[j, l]

    (j, l != i). Returns (predicted labels, the squared distances (n, 2) to the two classes' means in the order of
    np.unique(y)). Each class needs two points, so that one is left when the other is held out."""
    K = check_array(K, "K")
    n = len(K)
    if K.shape != (n, n):
        raise ValueError(f"K must be square; it has shape {K.shape}.")
    y = check_label_array(y, "y")
    if len(y) != n:
        raise ValueError(f"y must have one label per row of K ({n}), got {len(y)}.")
    classes = np.unique(y)
    if len(classes) != 2:
        raise ValueError(f"y must have exactly two classes; it has {len(classes)}.")
    D = np.zeros((n, 2))
    for c, label in enumerate(classes):
        member = y == label
        if member.sum() < 2:
            raise ValueError(f"Class {label} has one string; leave-one-out needs two of each class.")
        for i in range(n):
            others = member.copy()
            others[i] = False
            m = others.sum()
            D[i, c] = K[i, i] - 2 * K[i, others].sum() / m + K[np.ix_(others, others)].sum() / m ** 2
    return classes[np.argmin(D, axis=1)], D
