"""Input checks shared by every function of the core: plain sentences, never a traceback riddle."""
from numbers import Integral, Real

import numpy as np

MAX_GRAM_ENTRIES = 25_000_000
"""The largest n x m array of kernel values (or features) the core builds: 200 MB of float64, an n x n Gram
matrix of n = 5 000 points. The app's own largest arrays stay below it: the exact large-n fits
(large_n.EXACT_MAX_N = 3 000 points: 9 million entries) and Nystroem / random Fourier features of
large_n.MAX_SAMPLES = 50 000 points with 500 features (exactly 25 million). Above it a ValueError gives the size
before anything is allocated, instead of a MemoryError (n = 100 000 would need 74.5 GiB)."""
MAX_SEED = 2**32 - 1
"""Seeds are integers 0 ... MAX_SEED (what scikit-learn's random_state accepts)."""


APPROXIMATE = "Use fewer points, or an approximation such as Nystroem or random Fourier features."


def check_size(n, m, what="The Gram matrix", advice=APPROXIMATE):
    """Refuse, before allocating it, an n x m array of float64 with more than MAX_GRAM_ENTRIES entries."""
    entries = int(n) * int(m)
    if entries > MAX_GRAM_ENTRIES:
        size = f"{8 * entries / 2**30:.1f} GiB" if entries < 10**30 else "far more than any memory"
        raise ValueError(f"{what} would have {int(n):,} x {int(m):,} = {entries:,} entries ({size}); "
                         f"the limit is {MAX_GRAM_ENTRIES:,} entries ({8 * MAX_GRAM_ENTRIES / 1e6:.0f} MB). {advice}")
    return entries


def check_array(X, name="X", ndim=2):
    """Return X as a finite float64 array with `ndim` dimensions, or raise a ValueError that says why."""
    if isinstance(X, (str, bytes)):
        raise ValueError(f"{name} must be numbers, not text ({X[:30]!r}).")
    try:
        A = np.asarray(X)
        complex_ = A.dtype.kind == "c" or (A.dtype.kind == "O" and any(isinstance(v, complex) for v in A.flat))
        if not complex_:
            A = np.asarray(A, dtype=np.float64)
    except (ValueError, TypeError, OverflowError) as err:
        raise ValueError(f"{name} must contain only numbers; it contains text or other objects ({err}).") from None
    if complex_:
        raise ValueError(f"{name} contains complex numbers; only real numbers are accepted (the imaginary part "
                         "would be lost).")
    if ndim == 2 and A.ndim == 1:
        raise ValueError(f"{name} must be 2-D (n_samples, n_features); for one feature use {name}.reshape(-1, 1).")
    if A.ndim != ndim:
        raise ValueError(f"{name} must be {ndim}-D; it has {A.ndim} dimension(s) with shape {A.shape}.")
    if A.size == 0:
        raise ValueError(f"{name} is empty (shape {A.shape}); at least one sample with one feature is needed.")
    if not np.all(np.isfinite(A)):
        bad = "NaN" if np.isnan(A).any() else "infinite values"
        raise ValueError(f"{name} contains {bad}; remove or replace them first.")
    return A


def check_pair(X, Y=None):
    """Check X and Y (Y defaults to X) and that they have the same number of features."""
    X = check_array(X, "X")
    if Y is None:
        return X, X
    Y = check_array(Y, "Y")
    if X.shape[1] != Y.shape[1]:
        raise ValueError(f"X has {X.shape[1]} feature(s) but Y has {Y.shape[1]}; both need the same number.")
    return X, Y


def check_real(value, name, *, low=None, low_inclusive=False, high=None):
    """A finite real number, optionally bounded below (strictly unless `low_inclusive`) and above."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__} {value!r}.")
    try:
        value = float(value)
    except OverflowError:
        raise ValueError(f"{name} must be finite, got a number too large for floating point.") from None
    if not np.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}.")
    if low is not None and (value < low or (value == low and not low_inclusive)):
        relation = ">=" if low_inclusive else ">"
        raise ValueError(f"{name} must be {relation} {low:g}, got {value:g}.")
    if high is not None and value > high:
        raise ValueError(f"{name} must be <= {high:g}, got {value:g}.")
    return value


def check_positive_int(value, name, *, high=None):
    """A positive integer (an integral float such as 2.0 is accepted, 2.5 is not)."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a positive integer, got {value!r}.")
    if isinstance(value, Real) and not isinstance(value, Integral):
        if not float(value).is_integer():
            raise ValueError(f"{name} must be a positive integer, got {value!r}.")
        value = int(value)
    if not isinstance(value, Integral):
        raise TypeError(f"{name} must be a positive integer, got {type(value).__name__} {value!r}.")
    if value < 1:
        raise ValueError(f"{name} must be a positive integer, got {value}.")
    if high is not None and value > high:
        raise ValueError(f"{name} must be at most {high}, got {value}.")
    return int(value)


def check_seed(seed, name="seed"):
    """A seed for a random generator: an integer 0 ... MAX_SEED (an integral float such as 3.0 is accepted)."""
    if isinstance(seed, bool) or not isinstance(seed, Real):
        raise TypeError(f"{name} must be a whole number, got {type(seed).__name__} {seed!r}.")
    if not isinstance(seed, Integral):
        if not np.isfinite(seed) or not float(seed).is_integer():
            raise ValueError(f"{name} must be a whole number, got {seed!r}.")
        seed = int(seed)
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"{name} must be between 0 and {MAX_SEED:,} (2^32 - 1), got {seed}.")
    return int(seed)


def check_label_array(y, name="y"):
    """Labels as a 1-D array without missing values (NaN or None is no class)."""
    if isinstance(y, (str, bytes)):
        raise ValueError(f"{name} must be a list of labels, not one text ({y[:30]!r}).")
    try:
        y = np.asarray(y)
    except (ValueError, TypeError) as err:
        raise ValueError(f"{name} must be a flat list of labels ({err}).") from None
    if y.ndim != 1:
        raise ValueError(f"{name} must be 1-D (one label per sample), got shape {y.shape}.")
    if y.dtype.kind == "c":
        raise ValueError(f"{name} contains complex numbers; labels must be real numbers or text.")
    if y.dtype.kind == "f" and np.isnan(y).any():
        raise ValueError(f"{name} contains NaN: every sample needs a label (a missing label is no class).")
    if y.dtype.kind == "O":
        if any(v is None or (isinstance(v, float) and v != v) for v in y):
            raise ValueError(f"{name} contains missing labels (None or NaN): every sample needs a label.")
        if len({type(v) is str for v in y}) > 1:
            raise ValueError(f"{name} mixes text and numbers; use one kind of label.")
    if y.dtype.kind not in "biufUSO":
        raise ValueError(f"{name} must hold numbers or text labels, got dtype {y.dtype}.")
    return y


def check_labels(y, n_samples, *, name="y"):
    """Two-class labels of length n_samples -> (y as -1/+1 floats, the two original values)."""
    y = check_label_array(y, name)
    if len(y) != n_samples:
        raise ValueError(f"{name} must be 1-D with one label per sample ({n_samples}), got shape {y.shape}.")
    try:
        classes = np.unique(y)
    except TypeError:
        raise ValueError(f"{name} mixes labels that cannot be compared; use all numbers or all text.") from None
    if len(classes) < 2:
        raise ValueError(f"{name} has only one class ({classes[0] if len(classes) else 'none'}); "
                         "a classifier needs examples of two classes.")
    if len(classes) > 2:
        raise ValueError(f"{name} has {len(classes)} classes; this classifier takes exactly two.")
    return np.where(y == classes[1], 1.0, -1.0), classes
