"""Kernel measures of independence (Sugiyama, "More on kernels", last part).

For x, y with mean zero and a Gaussian RKHS H, Sugiyama's measure

    rho = max_{f, g in H} cov(f(x), g(y)),   x and y independent  <=>  rho = 0,

is estimated from samples {(x_i, y_i)} by rho_hat = max (1/n) sum_i f(x_i) g(y_i) over f = sum_i alpha_i phi(x_i),
g = sum_j beta_j phi(y_j) (the components orthogonal to the data do not change the sum). The maximum needs a bound on
f and g (scaling f scales the sum): with ||f||_H <= 1, ||g||_H <= 1 it is the largest singular value of the empirical
cross-covariance between the two feature spaces. The Hilbert-Schmidt independence criterion (HSIC, Gretton et al.
2005) adds up the squares of all those singular values; its Gram-matrix form is one trace:

    HSIC = tr(K H L H) / n^2,   K[i, j] = k(x_i, x_j),  L[i, j] = l(y_i, y_j),  H = I - (1/n) 1 1^T,

so rho_hat^2 <= HSIC. A permutation test turns HSIC into a p-value: shuffling the y_i breaks any dependence and
keeps both marginals, so the HSIC values of shuffled samples are draws from its null distribution.

    from kernel_core import Kernel, hsic_test
    stat, p = hsic_test(x, y, Kernel("rbf", gamma=0.5), Kernel("rbf", gamma=0.5), n_permutations=500, seed=0)
"""
from typing import NamedTuple

import numpy as np
from scipy.linalg import eigh
from scipy.spatial.distance import pdist

from ._validation import check_array, check_choice, check_positive_int, check_real, check_seed, check_size
from .algebra import as_kernel

MAX_PERMUTATIONS = 5000
"""The most permutations a test draws: the p-value's resolution is 1 / (1 + n_permutations)."""
MAX_PERMUTATION_WORK = 200_000_000
"""The most Gram-matrix entries a permutation test reads in all, n^2 x n_permutations (a second or two): 2 000
permutations of n = 300 points, 200 of n = 1 000."""
NULL_RTOL = 1e-10
"""A shuffled statistic counts as >= the observed one when it is below it by less than NULL_RTOL times the largest
value HSIC can take on these Gram matrices (||HKH||_F ||HLH||_F / n^2): round-off does not decide a p-value."""
MAX_KERNEL_VALUE = 1e100
"""Larger kernel values are refused: HSIC multiplies two of them and adds up n^2 products."""
MAX_DEPENDENCE_SAMPLES = 5000


def _sample(X, name):
    """X as a float (n, d) array; a 1-D array is n samples of one variable."""
    if not isinstance(X, (str, bytes)):
        try:
            A = np.asarray(X)
        except (ValueError, TypeError):   # ragged rows: check_array says what is wrong
            A = None
        if A is not None and A.ndim == 1 and A.size:
            X = A[:, None]
    return check_array(X, name)


def _check_pair(X, Y, kx, ky):
    X, Y = _sample(X, "X"), _sample(Y, "Y")
    if len(X) != len(Y):
        raise ValueError(f"X has {len(X)} samples but Y has {len(Y)}; HSIC needs the samples in pairs (x_i, y_i).")
    if len(X) < 2:
        raise ValueError("HSIC needs at least 2 pairs (x_i, y_i); with one pair there is nothing to compare.")
    check_size(len(X), len(X), "Each Gram matrix", "Use fewer samples.")
    kx, ky = as_kernel(kx), as_kernel(ky)
    for k, which in ((kx, "kx"), (ky, "ky")):
        if not k.is_mercer:
            raise ValueError(f"The kernel {which} = {k!r} is not positive semi-definite for every data set; HSIC "
                             "needs Mercer kernels (a negative eigenvalue can make it negative).")
    return X, Y, kx, ky


def _centred(K):
    """H K H with H = I - (1/n) 1 1^T: subtract the row and column means, add back the grand mean."""
    return K - K.mean(axis=0) - K.mean(axis=1)[:, None] + K.mean()


def centred_grams(X, Y, kx, ky):
    """(HKH, HLH): the two centred Gram matrices, K[i, j] = kx(x_i, x_j), L[i, j] = ky(y_i, y_j), H = I - 11^T/n.

    X, Y: (n, d) and (n, e) arrays (1-D: one variable); kx, ky: Mercer `Kernel` objects (or kernel names)."""
    X, Y, kx, ky = _check_pair(X, Y, kx, ky)
    grams = kx(X), ky(Y)
    for K, which in zip(grams, ("kx on X", "ky on Y")):
        if np.max(np.abs(K)) > MAX_KERNEL_VALUE:
            raise ValueError(f"The kernel {which} has values above {MAX_KERNEL_VALUE:g}, too large for the products "
                             "HSIC adds up; scale the data or use a smaller gamma, degree or coefficient.")
    return tuple(_centred(K) for K in grams)


def _hsic(Kc, Lc):
    # tr(K H L H) = tr(HKH HLH) (H H = H) = sum_ij (HKH)_ij (HLH)_ij (both symmetric); >= 0 for PSD K, L
    return max(float(np.sum(Kc * Lc)) / len(Kc) ** 2, 0.0)


def hsic(X, Y, kx, ky):
    """HSIC = tr(K H L H) / n^2, the biased estimate of the Hilbert-Schmidt independence criterion.

    K[i, j] = kx(x_i, x_j), L[i, j] = ky(y_i, y_j), H = I - (1/n) 1 1^T the centring matrix. HSIC >= 0, and it is 0
    when either sample is constant; for characteristic kernels (Gaussian) its population value is 0 exactly when x
    and y are independent. With linear kernels on one variable each it is cov(x, y)^2 (the biased covariance).
    X, Y: (n, d) and (n, e) arrays (a 1-D array is one variable), the same n >= 2; kx, ky: Mercer `Kernel` objects.
    """
    return _hsic(*centred_grams(X, Y, kx, ky))


def _half(K):
    """The PSD square root K^(1/2) (round-off negative eigenvalues clipped to 0)."""
    w, U = eigh(K)
    return (U * np.sqrt(np.clip(w, 0.0, None))) @ U.T


def kernel_rho(X, Y, kx, ky):
    """Sugiyama's rho_hat = max (1/n) sum_i f(x_i) g(y_i) over ||f||_H <= 1, ||g||_H <= 1 (f, g centred).

    With f = sum_i alpha_i phi(x_i), g = sum_j beta_j phi(y_j) the sum is (1/n) alpha^T K~ L~ beta and the norms are
    alpha^T K~ alpha, beta^T L~ beta (K~ = HKH, L~ = HLH), so

        rho_hat = sigma_max(K~^(1/2) L~^(1/2)) / n = sqrt(lambda_max(K~ L~)) / n,

    the largest singular value of the empirical cross-covariance; HSIC = tr(K~ L~) / n^2 is the sum of all their
    squares (rho_hat^2 <= HSIC). With linear kernels on one variable each, rho_hat = |cov(x, y)|.
    """
    Kc, Lc = centred_grams(X, Y, kx, ky)
    Kh = _half(Kc)
    top = eigh(Kh @ Lc @ Kh, eigvals_only=True, subset_by_index=[len(Kc) - 1, len(Kc) - 1])[0]
    return float(np.sqrt(max(top, 0.0))) / len(Kc)


class PermutationTest(NamedTuple):
    """The result of hsic_permutations."""
    statistic: float          # HSIC of the samples as paired
    null: np.ndarray          # HSIC of each shuffled pairing, shape (n_permutations,)
    p_value: float            # (1 + #{null >= statistic}) / (1 + n_permutations)


def hsic_permutations(X, Y, kx, ky, n_permutations=500, seed=0):
    """PermutationTest(statistic, null, p_value): HSIC of the samples, of `n_permutations` seeded shufflings of the
    y_i, and the permutation p-value (1 + #{b : HSIC_b >= HSIC}) / (1 + B), never 0.

    Shuffling y by a permutation P keeps both marginals and breaks the pairing: L -> P L P^T, and since P H = H P,
    HSIC_P = sum_ij (HKH)_ij (HLH)_P(i)P(j) / n^2: each draw reads the centred matrices, nothing is recomputed.
    Work: n^2 x n_permutations entries, at most MAX_PERMUTATION_WORK; n_permutations <= MAX_PERMUTATIONS. A draw
    below the statistic by less than NULL_RTOL x ||HKH||_F ||HLH||_F / n^2 counts as a tie (>=).
    """
    B = check_positive_int(n_permutations, "n_permutations", high=MAX_PERMUTATIONS)
    seed = check_seed(seed)
    Kc, Lc = centred_grams(X, Y, kx, ky)
    n = len(Kc)
    if n * n * B > MAX_PERMUTATION_WORK:
        raise ValueError(f"{B:,} permutations of {n:,} samples would read {n * n * B:,} Gram-matrix entries; the limit "
                         f"is {MAX_PERMUTATION_WORK:,}. Use fewer permutations (at most "
                         f"{max(MAX_PERMUTATION_WORK // (n * n), 0):,} here) or fewer samples.")
    rng = np.random.default_rng(seed)
    null = np.empty(B)
    for b in range(B):
        p = rng.permutation(n)
        null[b] = np.vdot(Kc, Lc[p][:, p])       # sum_ij (HKH)_ij (HLH)_p(i)p(j): rows, then columns shuffled
    np.maximum(null / n ** 2, 0.0, out=null)
    statistic = _hsic(Kc, Lc)
    ties = NULL_RTOL * float(np.linalg.norm(Kc) * np.linalg.norm(Lc)) / n ** 2
    p_value = (1 + int(np.sum(null >= statistic - ties))) / (1 + B)
    return PermutationTest(statistic, null, p_value)


def hsic_test(X, Y, kx, ky, n_permutations=500, seed=0):
    """(statistic, p_value) of the HSIC permutation test of independence of x and y.

    statistic = HSIC = tr(K H L H) / n^2; p_value = (1 + #{b : HSIC_b >= HSIC}) / (1 + B) over B = n_permutations
    seeded shufflings of the y_i (hsic_permutations, which also returns the shuffled values). Small p: the pairing
    matters, x and y are dependent.
    """
    t = hsic_permutations(X, Y, kx, ky, n_permutations, seed)
    return t.statistic, t.p_value


def median_heuristic_gamma(X):
    """gamma = 1 / (2 sigma^2) with sigma = the median distance ||x_i - x_j|| over pairs i < j (the median heuristic
    for the Gaussian kernel's bandwidth); ValueError when that median is 0 (half the samples or more coincide)."""
    X = _sample(X, "X")
    if len(X) < 2:
        raise ValueError("The median heuristic needs at least 2 samples (it takes the median distance of pairs).")
    check_size(len(X), len(X), "The matrix of pairwise distances", "Use fewer samples.")
    sigma = float(np.median(pdist(X)))
    if not sigma > 0 or not np.isfinite(1.0 / (2 * sigma ** 2)):
        raise ValueError("The median distance between the samples is 0 (or too small for floating point): half "
                         "the pairs or more coincide, so the median heuristic gives no bandwidth.")
    return 1.0 / (2 * sigma ** 2)


def _linear(n, noise, rng):
    x = rng.uniform(-1.0, 1.0, n)
    return x, x + noise * rng.normal(size=n)


def _square(n, noise, rng):
    x = rng.uniform(-1.0, 1.0, n)
    return x, x ** 2 + noise * rng.normal(size=n)


def _circle(n, noise, rng):
    t = rng.uniform(0.0, 2 * np.pi, n)
    return np.cos(t) + noise * rng.normal(size=n), np.sin(t) + noise * rng.normal(size=n)


def _independent(n, noise, rng):
    return rng.uniform(-1.0, 1.0, n), rng.normal(size=n)


DEPENDENCE_KINDS = {"linear": _linear, "square": _square, "circle": _circle, "independent": _independent}
"""Pairs (x, y) with x uniform on [-1, 1]: y = x + noise, y = x^2 + noise (uncorrelated yet dependent), a circle
(cos t, sin t) + noise with t uniform on [0, 2 pi) (uncorrelated yet dependent), and y standard normal independent of
x (noise unused). noise is the standard deviation of the added Gaussian noise."""


def make_dependence(kind="square", n_samples=100, noise=0.1, seed=0):
    """Seeded pairs (x, y) of one of DEPENDENCE_KINDS: returns x (n,), y (n,)."""
    check_choice(kind, DEPENDENCE_KINDS, "kind of sample")
    n = check_positive_int(n_samples, "n_samples", high=MAX_DEPENDENCE_SAMPLES)
    noise = check_real(noise, "noise", low=0.0, low_inclusive=True, high=5.0)
    x, y = DEPENDENCE_KINDS[kind](n, noise, np.random.default_rng(check_seed(seed)))
    return np.asarray(x, float), np.asarray(y, float)

