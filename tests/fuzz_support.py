"""The fuzz's vocabulary (tests/test_core_fuzz.py): what a call may do (return finite arrays of the documented shape,
or refuse with a sentence raised by kernel_core itself) and the strategies that draw its arguments — good ones,
extreme ones and bad ones."""
import dataclasses
import signal
import traceback
import warnings
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import kernel_core as kc

CORE = Path(kc.__file__).resolve().parent
HUGE_N = 100_000
KERNEL_NAMES = list(kc.KERNEL_FUNCTIONS)
ODD = [None, "1", "x", True, 1j, [], [1.0], float("nan"), float("inf"), -float("inf"), 2**70, -(2**70), 10**400,
       -1, 0, -0.0, 5e-324, 1e308, -1e308, Decimal("NaN"), Decimal("1.5"), Decimal("1e400"), np.array([1.0, 2.0])]
CALL_SECONDS = 10
"""CPU seconds one call may take before the fuzz calls it a hang (CPU time, not wall time: a loaded machine does
not make a call look hung)."""
LIBRARY_PHRASES = ("could not convert", "ufunc", "could not be broadcast", "zero-size array", "0-dimensional",
                   "invalid literal", "setting an array element", "inhomogeneous", "truth value of an array",
                   "object of type", "unsupported operand", "not supported between", "has no len", "is not iterable",
                   "not subscriptable", "Maximum allowed dimension", "array is too big", "numpy")
"""Text of numpy, scipy, scikit-learn or Python itself: a refusal must be the project's own sentence."""


# ---------------------------------------------------------------- what a call may do
class Refused(Exception):
    """The call raised a ValueError / TypeError with a sentence: a correct answer to bad input."""


class Hang(AssertionError):
    """The call ran for more than CALL_SECONDS of CPU time."""


def assert_sentence(err):
    msg = str(err)
    origin = Path(traceback.extract_tb(err.__traceback__)[-1].filename).resolve()
    assert origin.is_relative_to(CORE), f"{type(err).__name__} raised by {origin}, not by kernel_core: {msg!r}"
    assert len(msg) >= 20 and " " in msg and msg.rstrip().endswith((".", ".)")), f"not a sentence: {msg!r}"
    assert "\n" not in msg and "Traceback" not in msg, msg
    library = [p for p in LIBRARY_PHRASES if p.lower() in msg.lower()]
    assert not library, f"a library's message, not the project's sentence ({library}): {msg!r}"


@contextmanager
def time_bound(seconds=CALL_SECONDS):
    """Raise Hang inside the block once it has used `seconds` of CPU time (SIGPROF: a per-call bound that does not
    depend on the machine's load)."""
    def on_timer(signum, frame):
        raise Hang(f"the call used more than {seconds} s of CPU time")
    previous = signal.signal(signal.SIGPROF, on_timer)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def run(call):
    """call() -> its result, within CALL_SECONDS; a ValueError/TypeError must be a sentence (then Refused); anything
    else fails."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"), time_bound():
            try:
                return call()
            except (ValueError, TypeError) as err:
                assert_sentence(err)
                raise Refused from err


NAN_ALLOWED = {"cos_angle", "angle_deg"}
"""Answers that are NaN by definition in a degenerate case (the angle to a zero vector)."""


def finite_answer(out, where="the answer"):
    """Every number in an answer (arrays, tuples, dicts, dataclasses, nested) is finite; text, flags, models and
    kernels pass. A Verdict of a non-symmetric matrix has no eigenvalues (NaN by design)."""
    if out is None or isinstance(out, (str, bool, np.bool_)):
        return
    if isinstance(out, (int, float, np.integer, np.floating)):
        assert np.isfinite(out), f"{where} is {out}, not finite"
    elif isinstance(out, np.ndarray):
        if out.dtype.kind in "fc":
            assert np.all(np.isfinite(out)), f"{where} has non-finite entries: {out}"
        assert out.dtype.kind != "O" or all(isinstance(v, str) for v in out.flat), f"{where} holds objects: {out}"
    elif isinstance(out, dict):
        for key, value in out.items():
            if key not in NAN_ALLOWED:
                finite_answer(value, f"{where}[{key!r}]")
    elif isinstance(out, (list, tuple)):
        for i, value in enumerate(out):
            finite_answer(value, f"{where}[{i}]")
    elif dataclasses.is_dataclass(out) and not (isinstance(out, kc.Verdict) and not out.symmetric):
        for field in dataclasses.fields(out):
            finite_answer(getattr(out, field.name), f"{where}.{field.name}")


def finite(a, shape):
    a = np.asarray(a, dtype=np.float64)
    assert a.shape == shape, f"shape {a.shape}, documented {shape}"
    assert np.all(np.isfinite(a)), f"not finite: {a}"
    return a


def number(x):
    assert isinstance(x, (int, float, np.integer, np.floating)) and np.isfinite(x), x
    return x


# ---------------------------------------------------------------- argument strategies (drawn inside a test)
def real(draw, lo=-10.0, hi=10.0):
    kind = draw(st.integers(0, 19))
    if kind < 16:
        return draw(st.floats(lo, hi, allow_nan=False))
    if kind < 18:
        return draw(st.sampled_from([0.0, 1e-300, 5e-324, 1e150, -1e150, 1e300, 1.7e308, 1e-9, 1e9]))
    return draw(st.sampled_from(ODD))


def count(draw, lo=1, hi=8):
    kind = draw(st.integers(0, 19))
    if kind < 17:
        return draw(st.integers(lo, hi))
    if kind == 17:
        return draw(st.sampled_from([float(lo), hi + 0.5, 2**40, HUGE_N * 10]))
    return draw(st.sampled_from(ODD))


def seed(draw):
    kind = draw(st.integers(0, 19))
    if kind < 17:
        return draw(st.integers(0, 2**32 - 1))
    return draw(st.sampled_from([-1, 1.5, 2**40, 2**70, 3.0, "0", None, float("nan"), True]))


def matrix(draw, n=None, d=None):
    """Mostly a good (n, d) array; sometimes extreme values, NaN/inf, complex, text, a wrong shape, 100 000 rows."""
    n = draw(st.integers(1, 12)) if n is None else n
    d = draw(st.integers(1, 3)) if d is None else d
    kind = draw(st.integers(0, 19)) if draw(st.integers(0, 2)) == 0 else 0
    if kind < 12:
        return draw(hnp.arrays(np.float64, (n, d), elements=st.floats(-3, 3)))
    if kind == 12:
        return draw(hnp.arrays(np.float64, (n, d), elements=st.sampled_from([0.0, 1e-300, 1e150, -1e150, 1e300, 1.7e308])))
    if kind == 13:
        A = np.zeros((n, d))
        A.flat[draw(st.integers(0, n * d - 1))] = draw(st.sampled_from([np.nan, np.inf, -np.inf]))
        return A
    if kind == 14:
        return np.ones((n, d)) * (1 + 1j)
    if kind == 15:
        return draw(st.sampled_from([[["a", 1.0]] * n, "1,2;3,4", b"\x00", [[None] * d] * n, [[{}] * d] * n]))
    if kind == 16:
        return draw(st.sampled_from([np.empty((0, d)), np.ones(n), np.ones((n, d, 2)), [[1.0], [1.0, 2.0]], 3.0]))
    if kind == 17:
        return np.broadcast_to(np.linspace(-1, 1, d), (HUGE_N, d))
    if kind == 18:
        return draw(hnp.arrays(np.int64, (n, d), elements=st.integers(-10**6, 10**6)))
    return [[10**400] * d] * n


def labels(draw, n):
    kind = draw(st.integers(0, 11)) if draw(st.integers(0, 2)) == 0 else 0
    if kind < 8:
        y = draw(hnp.arrays(np.int64, n, elements=st.sampled_from([-1, 1])))
        if kind < 6 and n >= 2:
            y[0], y[1] = -1, 1  # both classes present most of the time
        return y
    if kind == 8:
        return np.where(np.arange(n) % 2, "cat", "dog")
    if kind == 9:
        y = np.where(np.arange(n) % 2, 1.0, -1.0)
        y[0] = np.nan
        return y
    if kind == 10:
        return draw(st.sampled_from([np.arange(n) % 3, np.ones((n, 2)), np.ones(n + 1), [None] * n, "ab", 1j * np.ones(n)]))
    return np.ones(n)


def targets(draw, n):
    kind = draw(st.integers(0, 9))
    if kind < 8:
        return draw(hnp.arrays(np.float64, n, elements=st.floats(-3, 3)))
    return draw(st.sampled_from([np.full(n, np.nan), np.ones(n + 1), np.ones((n, 2)), ["a"] * n, np.full(n, 1e308)]))


def kernel_params(draw, name):
    params = {}
    if name in kc.KERNEL_PARAMS:
        for p in kc.KERNEL_PARAMS[name]:
            if draw(st.booleans()):
                params[p] = count(draw, 1, 12) if p == "degree" else real(draw, 0.01 if p == "gamma" else -2.0, 5.0)
    if draw(st.integers(0, 19)) == 0:
        params["bogus"] = 1.0
    return params


def kernel_spec(draw, allow_objects=True):
    """(kernel, params): a name with its parameters, or a Kernel object (compositions included)."""
    kind = draw(st.integers(0, 9))
    if kind == 9:
        return draw(st.sampled_from(["gauss", "", None, 3, ["rbf"]])), {}
    name = draw(st.sampled_from(KERNEL_NAMES))
    params = kernel_params(draw, name)
    if not allow_objects or kind < 5:
        return name, params
    k = run_build(lambda: kc.Kernel(name, **params))
    if k is None:
        return name, params
    other = kc.Kernel(draw(st.sampled_from(KERNEL_NAMES)))
    op = draw(st.sampled_from(["sum", "product", "scaled", "exp", "poly", "plain"]))
    c = real(draw, 0.01, 5.0)
    build = {"sum": lambda: k + other, "product": lambda: k * other, "scaled": lambda: c * k, "exp": lambda: k.exp(),
             "poly": lambda: k.polynomial([c, 1.0, draw(st.sampled_from([0.0, 0.5, -1.0]))]), "plain": lambda: k}[op]
    return (run_build(build) or k), {}


def run_build(build):
    try:
        return run(build)
    except Refused:
        return None


def xy(draw, classify=True):
    n = draw(st.integers(1, 14))
    d = draw(st.integers(1, 3))
    X = matrix(draw, n, d)
    y = labels(draw, n) if classify else targets(draw, n)
    return X, y, n, d


def queries(draw, d):
    Q = matrix(draw, draw(st.integers(1, 6)), d)
    return Q, (shape_of(Q) or (1,))[0]  # 100 000 rows for the huge case


def grid_axis(draw):
    kind = draw(st.integers(0, 9))
    if kind < 8:
        return np.linspace(-2, 2, draw(st.integers(1, 15)))
    return draw(st.sampled_from([[], [np.nan], "ab", np.ones((2, 2)), np.linspace(0, 1, 6000)]))


def shape_of(X):
    try:
        return np.shape(X)
    except (ValueError, TypeError):
        return (1,)


def width(X):
    """The number of features of X when it has a shape, else 1 (for the query points drawn after a fit)."""
    s = shape_of(X)
    return s[-1] if s and s[-1] else 1


def gram_like(draw):
    """A Gram matrix of some kernel on a drawn matrix, or (two draws in five, or when the kernel refuses it) the matrix itself."""
    kind = draw(st.integers(0, 4))
    X = matrix(draw)
    if kind < 3:
        K = run_build(lambda: kc.gram(X, kernel=draw(st.sampled_from(KERNEL_NAMES))))
        if K is not None:
            return K
    return X
