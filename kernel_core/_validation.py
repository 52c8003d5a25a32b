"""Input checks shared by every function of the core: plain sentences, never a traceback riddle."""
from numbers import Integral, Real

import numpy as np


def check_array(X, name="X", ndim=2):
    """Return X as a finite float64 array with `ndim` dimensions, or raise a ValueError that says why."""
    if isinstance(X, str):
        raise ValueError(f"{name} must be numbers, not text ({X[:30]!r}).")
    try:
        A = np.asarray(X, dtype=np.float64)
    except (ValueError, TypeError) as err:
        raise ValueError(f"{name} must contain only numbers; it contains text or other objects ({err}).") from None
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
    value = float(value)
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


def check_labels(y, n_samples, *, name="y"):
    """Two-class labels of length n_samples -> (y as -1/+1 floats, the two original values)."""
    y = np.asarray(y)
    if y.ndim != 1 or len(y) != n_samples:
        raise ValueError(f"{name} must be 1-D with one label per sample ({n_samples}), got shape {y.shape}.")
    classes = np.unique(y)
    if len(classes) < 2:
        raise ValueError(f"{name} has only one class ({classes[0] if len(classes) else 'none'}); "
                         "a classifier needs examples of two classes.")
    if len(classes) > 2:
        raise ValueError(f"{name} has {len(classes)} classes; this classifier takes exactly two.")
    return np.where(y == classes[1], 1.0, -1.0), classes
