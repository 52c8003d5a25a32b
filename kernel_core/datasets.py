"""Seeded toy data sets. Same arguments -> same points, so nothing jumps when a widget moves.

2-D classification sets have labels -1/+1; scikit-learn's generators are used where it has them.
"""
import numpy as np
from sklearn import datasets as skd

from ._validation import check_choice, check_positive_int, check_real, check_seed, describe

MAX_SAMPLES = 5000


def _rng(seed):
    return np.random.default_rng(seed)


def _moons(n, noise, seed):
    return skd.make_moons(n, noise=noise, random_state=seed)


def _circles(n, noise, seed):
    return skd.make_circles(n, noise=noise, factor=0.5, random_state=seed)


def _blobs(n, noise, seed):
    X, y = skd.make_blobs(n, centers=[(-1.0, -1.0), (1.0, 1.0)], cluster_std=0.4 + 2 * noise, random_state=seed)
    return X, y


def _xor(n, noise, seed):
    rng = _rng(seed)
    X = rng.uniform(-1.5, 1.5, size=(n, 2))
    y = (X[:, 0] * X[:, 1] > 0).astype(int)
    return X + rng.normal(scale=noise, size=X.shape), y


def _spirals(n, noise, seed):
    rng = _rng(seed)
    n1 = n // 2
    t = np.sqrt(rng.uniform(0.05, 1.0, size=n)) * 3 * np.pi  # two interleaved Archimedean spirals
    sign = np.where(np.arange(n) < n1, 1.0, -1.0)
    X = np.c_[sign * t * np.cos(t), sign * t * np.sin(t)] / (3 * np.pi / 1.8)
    return X + rng.normal(scale=noise, size=X.shape), (np.arange(n) >= n1).astype(int)


def _linear(n, noise, seed):
    rng = _rng(seed)
    X = rng.uniform(-1.5, 1.5, size=(n, 2))
    margin = X @ np.array([1.0, -0.7]) + 0.2
    y = (margin + rng.normal(scale=noise, size=n) > 0).astype(int)
    return X, y


CLASSIFICATION_DATASETS = {
    "moons": _moons,
    "circles": _circles,
    "xor": _xor,
    "spirals": _spirals,
    "blobs": _blobs,
    "linear": _linear,
}


def _check_common(n_samples, noise, seed):
    n = check_positive_int(n_samples, "n_samples", high=MAX_SAMPLES)
    noise = check_real(noise, "noise", low=0.0, low_inclusive=True, high=5.0)
    return n, noise, check_seed(seed)


def make_classification(name="moons", n_samples=200, noise=0.1, seed=0):
    """2-D two-class data: returns X (n, 2) and y in {-1, +1} (n,)."""
    check_choice(name, CLASSIFICATION_DATASETS, "data set")
    n, noise, seed = _check_common(n_samples, noise, seed)
    if n < 2:
        raise ValueError("A classification data set needs at least 2 samples (one per class).")
    X, y = CLASSIFICATION_DATASETS[name](n, noise, seed)
    return np.asarray(X, dtype=np.float64), np.where(np.asarray(y) > 0, 1, -1)


def make_sine(n_samples=40, noise=0.2, seed=0, x_range=(0.0, 2 * np.pi)):
    """1-D regression: x uniform in x_range, y = sin(x) + noise. Returns X (n, 1), y (n,)."""
    n, noise, seed = _check_common(n_samples, noise, seed)
    if isinstance(x_range, (str, bytes)) or np.shape(x_range) != (2,):
        raise ValueError(f"x_range must be two numbers (low, high), got {describe(x_range)}.")
    low, high = (check_real(v, "x_range") for v in x_range)
    if not low < high or not np.isfinite(high - low):
        raise ValueError(f"x_range must be (low, high) with low < high, both finite, got {describe(x_range)}.")
    rng = _rng(seed)
    x = np.sort(rng.uniform(low, high, size=n))
    return x[:, None], np.sin(x) + rng.normal(scale=noise, size=n)


MANIFOLDS = {"s_curve": skd.make_s_curve, "swiss_roll": skd.make_swiss_roll}


def make_manifold(name="s_curve", n_samples=500, noise=0.05, seed=0):
    """3-D manifold data: returns X (n, 3) and t (n,), the position along the manifold (for colour)."""
    check_choice(name, MANIFOLDS, "manifold")
    n, noise, seed = _check_common(n_samples, noise, seed)
    X, t = MANIFOLDS[name](n, noise=noise, random_state=seed)
    return np.asarray(X, dtype=np.float64).reshape(n, 3), np.asarray(t, dtype=np.float64).reshape(n)  # n = 1: t is 0-D
