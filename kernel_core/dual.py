"""The dual representation of regularised least squares, derived step by step (Bishop's notes after PRML 6.1;
Nguyen), with an explicit feature map so that both sides can be evaluated.

    from kernel_core import primal_objective, dual_objective, dual_derivation
    path = dual_derivation(Phi, t, lam=0.1)      # J(w_k) and J(a_k) along gradient descent, and the optimum

Symbols (Bishop's): Phi (N, M) the design matrix, row n = phi(x_n)^T; t (N,) the targets; w (M,) the primal
weights; a (N,) the dual variables; K = Phi Phi^T the N x N Gram matrix, K_nm = phi(x_n)^T phi(x_m); lam > 0.

    J(w) = 1/2 sum_n (w^T phi(x_n) - t_n)^2 + lam/2 w^T w
    grad J(w) = 0  =>  w = Phi^T a  with  a_n = -(1/lam) (w^T phi(x_n) - t_n)
    J(a) = 1/2 a^T K K a - a^T K t + 1/2 t^T t + lam/2 a^T K a          (w = Phi^T a substituted)
    grad J(a) = 0  =>  a = (K + lam I_N)^{-1} t
"""
import math
from dataclasses import dataclass

import numpy as np

from ._validation import check_array, check_positive_int, check_real, check_size, check_targets

MAX_STEPS = 10**8
"""The most gradient-descent steps a path follows (its iterates have a closed form, so the count costs nothing)."""


def _check_design(Phi, t):
    return check_targets(Phi, t, "Phi", "t", "rows (one per point)")


def _check_lam(lam):
    return check_real(lam, "lam", low=0.0)   # > 0: a_n = -(1/lam)(...) divides by it


def _finite(value, what):
    if not np.all(np.isfinite(value)):
        raise ValueError(f"{what} overflowed (values too large for floating point); scale the features or the "
                         "targets down, or use a larger lam.")
    return value


def primal_objective(Phi, t, w, lam):
    """J(w) = 1/2 sum_n (w^T phi(x_n) - t_n)^2 + lam/2 w^T w   (Bishop's notes, Nguyen eq. 1)."""
    Phi, t = _check_design(Phi, t)
    w = check_array(w, "w", ndim=1)
    if len(w) != Phi.shape[1]:
        raise ValueError(f"w has {len(w)} entries; one per feature ({Phi.shape[1]}) is needed.")
    lam = check_real(lam, "lam", low=0.0, low_inclusive=True)
    with np.errstate(over="ignore", invalid="ignore"):
        r = Phi @ w - t                       # residuals w^T phi(x_n) - t_n
        return float(_finite(0.5 * r @ r + 0.5 * lam * w @ w, "J(w)"))


def dual_objective(K, t, a, lam):
    """J(a) = 1/2 a^T K K a - a^T K t + 1/2 t^T t + lam/2 a^T K a   (Bishop's notes, Nguyen eq. 7), K = Phi Phi^T.

    It is J(w) at w = Phi^T a: the same number whenever K is the Gram matrix of the rows of Phi."""
    K = check_array(K, "K")
    if K.shape[0] != K.shape[1]:
        raise ValueError(f"K must be square (N x N); it has shape {K.shape}.")
    t = check_array(t, "t", ndim=1)
    a = check_array(a, "a", ndim=1)
    if not len(t) == len(a) == len(K):
        raise ValueError(f"K is {len(K)} x {len(K)}, t has {len(t)} entries and a {len(a)}; they must match.")
    lam = check_real(lam, "lam", low=0.0, low_inclusive=True)
    with np.errstate(over="ignore", invalid="ignore"):
        Ka = K @ a
        return float(_finite(0.5 * Ka @ Ka - Ka @ t + 0.5 * t @ t + 0.5 * lam * a @ Ka, "J(a)"))


def dual_from_primal(Phi, t, w, lam):
    """a_n = -(1/lam) (w^T phi(x_n) - t_n): the dual variables the condition grad J(w) = 0 defines. At any w,
    grad J(w) = lam (w - Phi^T a), so w = Phi^T a holds exactly at the optimum."""
    Phi, t = _check_design(Phi, t)
    w = check_array(w, "w", ndim=1)
    if len(w) != Phi.shape[1]:
        raise ValueError(f"w has {len(w)} entries; one per feature ({Phi.shape[1]}) is needed.")
    with np.errstate(over="ignore", invalid="ignore"):
        return _finite(-(Phi @ w - t) / _check_lam(lam), "The dual variables a")


@dataclass(frozen=True)
class DualPath:
    """Gradient descent on J(w) from w = 0, recorded at `steps` (0 first, log-spaced, the last at convergence).

    w (len(steps), M): the iterates w_k; a (len(steps), N): a_k = -(1/lam)(Phi w_k - t); J_w, J_a: J(w_k) and
    J(a_k) (by the dual formula); gap: ||w_k - Phi^T a_k|| = ||grad J(w_k)|| / lam. The optimum: w_star by the
    M x M solve (Phi^T Phi + lam I)^{-1} Phi^T t, a_star = (K + lam I)^{-1} t by the N x N solve, J_star = J(w_star),
    J_a_star = J(a_star) (equal to it), eta the step 1/L, converged: the last step is within the tolerance."""
    steps: np.ndarray
    w: np.ndarray
    a: np.ndarray
    J_w: np.ndarray
    J_a: np.ndarray
    gap: np.ndarray
    w_star: np.ndarray
    a_star: np.ndarray
    J_star: float
    J_a_star: float
    eta: float
    converged: bool


def dual_derivation(Phi, t, lam, max_steps=10**6, record=None, rtol=1e-12):
    """J(w) and J(a) along gradient descent on J(w), and both at the optimum (Bishop's notes, Nguyen).

    Gradient descent  w_{k+1} = w_k - eta grad J(w_k),  grad J(w) = Phi^T (Phi w - t) + lam w,  w_0 = 0,
    with eta = 1/L, L = the largest eigenvalue of H = Phi^T Phi + lam I. Its iterates have the closed form
    w_k = w* - (I - eta H)^k w* (H = V diag(d) V^T: each eigen-direction shrinks by (1 - eta d_i) a step), so any k
    costs the same. At each recorded w_k the dual variables are a_k = -(1/lam)(Phi w_k - t), and J(a_k) is evaluated
    with K = Phi Phi^T by the dual formula. The path runs until every eigen-direction has shrunk to rtol of its
    start (at most max_steps). `record`: the steps to record (those past the end are dropped; step 0 and the last
    step are always recorded); None records 80 log-spaced steps.
    """
    Phi, t = _check_design(Phi, t)
    lam = _check_lam(lam)
    max_steps = check_positive_int(max_steps, "max_steps", high=MAX_STEPS)
    rtol = check_real(rtol, "rtol", low=0.0)
    N, M = Phi.shape
    check_size(N, N, "K = Phi Phi^T (points x points)", "Use fewer points.")
    with np.errstate(over="ignore", invalid="ignore"):
        H = _finite(Phi.T @ Phi, "Phi^T Phi") + lam * np.eye(M)
        K = _finite(Phi @ Phi.T, "K = Phi Phi^T")
        try:
            d, V = np.linalg.eigh(H)                            # H = V diag(d) V^T, d >= lam > 0
            w_star = V @ ((V.T @ (Phi.T @ t)) / d)              # w* = (Phi^T Phi + lam I)^-1 Phi^T t
            a_star = np.linalg.solve(K + lam * np.eye(N), t)    # a* = (K + lam I)^-1 t
        except np.linalg.LinAlgError:
            raise ValueError(f"K + lam I cannot be solved in floating point at lam = {lam:g} (the features are "
                             "far larger than lam); scale the features down or use a larger lam.") from None
    eta = 1.0 / d[-1]
    shrink = np.clip(1.0 - eta * d, 0.0, 1.0)                   # per eigen-direction, each step
    slowest = float(shrink.max())
    if slowest == 0.0:            # every direction is reached in one step (one feature, or all d equal)
        needed = 1
    elif slowest < 1.0:           # slowest^k <= rtol
        needed = math.ceil(math.log(rtol) / math.log(slowest)) if rtol > 0 else max_steps + 1
    else:                         # lam is lost in round-off beside L: the slowest direction never moves
        needed = max_steps + 1
    last = min(max(needed, 1), max_steps)
    if record is None:
        record = np.round(np.geomspace(1, last, 80))
    record = check_array(record, "record", ndim=1) if np.size(record) else np.zeros(0)
    if len(record) > 10_000 or np.any(record < 0) or np.any(record != np.round(record)):
        raise ValueError("record must be at most 10 000 whole step numbers >= 0.")
    steps = np.unique(np.r_[0, record[record < last], last].astype(np.int64))
    coords = V.T @ w_star
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        W = w_star[None, :] - (shrink[None, :] ** steps[:, None] * coords[None, :]) @ V.T   # w_k, one row per k
        A = -(W @ Phi.T - t[None, :]) / lam                                                 # a_k
    J_w = np.array([primal_objective(Phi, t, w, lam) for w in W])
    J_a = np.array([dual_objective(K, t, a, lam) for a in A])
    gap = np.linalg.norm(W - A @ Phi, axis=1)
    _finite(np.r_[w_star, a_star, gap], "The optimum")
    return DualPath(steps, W, A, J_w, J_a, gap, w_star, a_star, primal_objective(Phi, t, w_star, lam),
                    dual_objective(K, t, a_star, lam), float(eta), bool(needed <= max_steps))
