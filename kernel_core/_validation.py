"""Input checks shared by every function of the core: plain sentences, never a traceback riddle.

One rule, one home: a scalar where a number goes (check_real), a count or an index (check_int,
check_positive_int), a seed (check_seed), an array (check_array), the fitted model's number of features
(check_features) and a result that must be finite (check_finite)."""
from decimal import Decimal
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
MAX_COUNT = 2**53
"""The largest count, index or number of steps accepted: every integer up to it is exact in float64, so a count can
enter floating-point arithmetic (n * lam, n^3 / 3) without an OverflowError. Larger integers are refused."""


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
    except (ValueError, TypeError, OverflowError):
        raise ValueError(f"{name} must contain only numbers; it contains text or other objects, numbers too large "
                         "for floating point, or rows of different lengths.") from None
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


def describe(value, width=40):
    """A short one-line description of a value for a message: never a multi-line array print, never the 400 digits
    of a huge integer."""
    if isinstance(value, Integral) and not isinstance(value, bool) and abs(int(value)) >= 10**15:
        return f"an integer of about {int(abs(int(value)).bit_length() * 0.30103) + 1} digits"
    if isinstance(value, np.ndarray):
        return f"an array of shape {value.shape}"
    if isinstance(value, (list, tuple, dict, set)):
        return f"a {type(value).__name__} of {len(value)} item(s)"
    if isinstance(value, (str, bytes)):
        return f"the text {value[:width]!r}"
    text = " ".join(repr(value).split())
    return text if len(text) <= width else text[:width - 3] + "..."


def _kind(value):
    """What was passed instead of a number, for a TypeError."""
    if value is None or isinstance(value, (str, bytes, np.ndarray, list, tuple, dict, set)):
        return describe(value)
    return f"{type(value).__name__} {describe(value)}"


def check_real(value, name, *, low=None, low_inclusive=False, high=None):
    """A finite real number, optionally bounded below (strictly unless `low_inclusive`) and above.

    Accepts Python ints and floats, numpy scalars and Decimal; refuses None, text, arrays and bools (TypeError),
    NaN, infinities and integers too large for a float (ValueError)."""
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"{name} must be finite, got Decimal {value}.")
    elif isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{name} must be a number, got {_kind(value)}.")
    try:
        value = float(value)
    except OverflowError:
        raise ValueError(f"{name} must be finite, got {describe(value)}, too large for floating point.") from None
    if not np.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}.")
    if low is not None and (value < low or (value == low and not low_inclusive)):
        relation = ">=" if low_inclusive else ">"
        raise ValueError(f"{name} must be {relation} {low:g}, got {value:g}.")
    if high is not None and value > high:
        raise ValueError(f"{name} must be <= {high:g}, got {value:g}.")
    return value


def check_int(value, name, *, low=0, high=None):
    """An integer low ... high (high: MAX_COUNT when not given) for counts, indices and steps. An integral float,
    numpy integer or Decimal such as 3.0 is accepted, 2.5 is not; None, text, arrays and bools are refused
    (TypeError), as are NaN, infinities and integers beyond MAX_COUNT (ValueError)."""
    what = "a positive integer" if low == 1 else f"an integer >= {low}"
    if isinstance(value, bool) or not isinstance(value, (Real, Decimal)):
        raise TypeError(f"{name} must be {what}, got {_kind(value)}.")
    if not isinstance(value, Integral):
        try:
            as_float = float(value)
        except (ValueError, OverflowError):   # a signalling Decimal NaN
            as_float = float("nan")
        if not np.isfinite(as_float) or not as_float.is_integer():
            raise ValueError(f"{name} must be {what}, got {describe(value)}.")
        value = int(as_float)
    value = int(value)
    if value < low:
        raise ValueError(f"{name} must be {what}, got {describe(value)}.")
    limit = MAX_COUNT if high is None else min(high, MAX_COUNT)
    if value > limit:
        why = " (2^53: larger integers are not exact in floating point)" if limit == MAX_COUNT else ""
        raise ValueError(f"{name} must be at most {limit:,}{why}, got {describe(value)}.")
    return value


def check_positive_int(value, name, *, high=None):
    """A positive integer 1 ... high (an integral float such as 2.0 is accepted, 2.5 is not)."""
    return check_int(value, name, low=1, high=high)


def check_seed(seed, name="seed"):
    """A seed for a random generator: an integer 0 ... MAX_SEED (an integral float such as 3.0 is accepted)."""
    if isinstance(seed, bool) or not isinstance(seed, (Real, Decimal)):
        raise TypeError(f"{name} must be a whole number, got {_kind(seed)}.")
    try:
        seed = check_int(seed, name, low=0, high=MAX_SEED)
    except ValueError:
        raise ValueError(f"{name} must be a whole number between 0 and {MAX_SEED:,} (2^32 - 1), "
                         f"got {describe(seed)}.") from None
    return seed


def check_choice(value, choices, what):
    """value when it is one of the names `choices`; else a ValueError: "Unknown <what> ...; choose one of ..."."""
    if not isinstance(value, str) or value not in choices:
        shown = repr(value[:40]) if isinstance(value, str) else describe(value)
        listing = ", ".join(f'"{c}"' for c in choices)
        raise ValueError(f"Unknown {what} {shown}; choose one of {listing}.")
    return value


def check_flag(value, name):
    """A yes/no switch: True or False (numpy's bools and the integers 0 and 1 too), as a Python bool."""
    if isinstance(value, (bool, np.bool_)) or (isinstance(value, Integral) and value in (0, 1)):
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {_kind(value)}.")


def check_targets(X, y, x_name="X", y_name="y", rows="samples"):
    """(X, y) as checked arrays, X with one row per target of the 1-D y; ValueError with a sentence if they differ."""
    X = check_array(X, x_name)
    y = check_array(y, y_name, ndim=1)
    if len(y) != len(X):
        raise ValueError(f"{x_name} has {len(X)} {rows} but {y_name} has {len(y)} targets; they must match.")
    return X, y


def check_list(values, name, what="numbers"):
    """A flat list (or tuple or 1-D array) of values, as a list; None, text, a single number or a nested list is
    refused with a sentence. The items themselves are checked by the caller."""
    if isinstance(values, (str, bytes, dict, set)) or values is None:
        raise TypeError(f"{name} must be a list of {what}, got {_kind(values)}.")
    try:
        flat = np.ndim(values) == 1
    except ValueError:      # rows of different lengths
        flat = False
    if not flat:
        raise ValueError(f"{name} must be a flat list of {what}, got {describe(values)}.")
    return list(values)


def check_features(X, n_fitted, name="X"):
    """X as a finite 2-D array (check_array) with the number of features the model was fitted on."""
    X = check_array(X, name)
    if X.shape[1] != n_fitted:
        raise ValueError(f"{name} has {X.shape[1]} feature(s) but the model was fitted on {n_fitted}.")
    return X


def check_finite(values, what, advice="scale the data or use a smaller gamma or degree"):
    """values unchanged when every entry is finite; else a ValueError: `what` overflowed, and `advice`."""
    if not np.all(np.isfinite(values)):
        raise ValueError(f"{what} overflowed (values too large for floating point); {advice}.")
    return values


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
