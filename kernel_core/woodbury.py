"""The Woodbury matrix identity and Held's step from ridge regression to its dual (Held, "Woodbury matrix identity").

    from kernel_core import woodbury_inverse, woodbury_steps, woodbury_costs

    (A + U C V)^{-1} = A^{-1} - A^{-1} U (C^{-1} + V A^{-1} U)^{-1} V A^{-1}

A (p, p) and C (n, n) invertible, U (p, n), V (n, p). With U = X^T, V = X, A = lam I_p, C = I_n for a data matrix
X (n, p) and lam > 0 it turns the p x p inverse of ridge regression into an n x n one:

    (X^T X + lam I_p)^{-1} X^T = X^T (X X^T + lam I_n)^{-1}
"""
from dataclasses import dataclass

import numpy as np

from ._validation import check_array, check_positive_int, check_real, check_size

MAX_COUNTED = 10**15
"""The largest n or p woodbury_costs counts for (its counts stay far inside floating point)."""
MAX_SIDE = 2_000
"""The largest n or p woodbury_steps takes: each line inverts an n x n or p x p matrix (2 000^3 / 3 ~ 3e9 operations)."""


def _square(M, name):
    M = check_array(M, name)
    if M.shape[0] != M.shape[1]:
        raise ValueError(f"{name} must be square; it has shape {M.shape}.")
    return M


def _inv(M, what):
    try:
        with np.errstate(over="ignore", invalid="ignore"):
            inv = np.linalg.inv(M)
    except np.linalg.LinAlgError:
        raise ValueError(f"{what} is singular: the identity needs it invertible.") from None
    if not np.all(np.isfinite(inv)):
        raise ValueError(f"{what} cannot be inverted in floating point (values too large or too small).")
    return inv


def woodbury_inverse(A, U, C, V):
    """(A + U C V)^{-1} by the right-hand side A^{-1} - A^{-1} U (C^{-1} + V A^{-1} U)^{-1} V A^{-1}: it inverts A
    (p x p), C and C^{-1} + V A^{-1} U (n x n), never the p x p A + U C V itself."""
    A, C = _square(A, "A"), _square(C, "C")
    U, V = check_array(U, "U"), check_array(V, "V")
    p, n = len(A), len(C)
    if U.shape != (p, n) or V.shape != (n, p):
        raise ValueError(f"With A {p} x {p} and C {n} x {n}, U must be {p} x {n} and V {n} x {p}; they are "
                         f"{U.shape[0]} x {U.shape[1]} and {V.shape[0]} x {V.shape[1]}.")
    Ai = _inv(A, "A")
    inner = _inv(_inv(C, "C") + V @ Ai @ U, "C^-1 + V A^-1 U")
    with np.errstate(over="ignore", invalid="ignore"):
        out = Ai - Ai @ U @ inner @ V @ Ai
    if not np.all(np.isfinite(out)):
        raise ValueError("The inverse overflowed (values too large for floating point); scale the matrices.")
    return out


@dataclass(frozen=True)
class WoodburySteps:
    """Held's chain from (X^T X + lam I_p)^{-1} X^T to X^T (X X^T + lam I_n)^{-1}, each line evaluated as written
    (a p x n matrix each): lines[0] the left side, lines[-1] the right side; gaps[i] = max |lines[i] - lines[0]|."""
    lines: tuple
    gaps: np.ndarray


def woodbury_steps(X, lam):
    """Held's five equalities, each computed literally (I = identity, inverses by LAPACK):

        L0 = (X^T X + lam I_p)^{-1} X^T
        L1 = (1/lam I_p - 1/lam I_p X^T (I_n + X 1/lam I_p X^T)^{-1} X 1/lam I_p) X^T     (Woodbury, A = lam I_p)
        L2 = 1/lam X^T (I_n - (lam I_n + X X^T)^{-1} X X^T)
        L3 = 1/lam X^T ((lam I_n + X X^T)^{-1} (lam I_n + X X^T) - (lam I_n + X X^T)^{-1} X X^T)
        L4 = 1/lam X^T ((lam I_n + X X^T)^{-1} (lam I_n + X X^T - X X^T))
        L5 = X^T (lam I_n + X X^T)^{-1}
    """
    X = check_array(X, "X")
    n, p = X.shape
    if max(n, p) > MAX_SIDE:
        raise ValueError(f"X is {n} x {p}; each line inverts an n x n or p x p matrix, so at most {MAX_SIDE} rows "
                         f"and {MAX_SIDE} columns are taken.")
    check_size(n, p, "X")
    lam = check_real(lam, "lam", low=0.0)
    In, Ip = np.eye(n), np.eye(p)
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        G, XtX = X @ X.T, X.T @ X                            # X X^T (n x n), X^T X (p x p)
        if not (np.all(np.isfinite(G)) and np.all(np.isfinite(XtX))):
            raise ValueError("X X^T overflowed (values too large for floating point); scale X first.")
        B = _inv(lam * In + G, "lam I_n + X X^T")             # (lam I_n + X X^T)^{-1}
        lines = (
            _inv(XtX + lam * Ip, "X^T X + lam I_p") @ X.T,
            (Ip / lam - Ip / lam @ X.T @ _inv(In + X @ (Ip / lam) @ X.T, "I_n + X X^T / lam") @ X @ (Ip / lam)) @ X.T,
            X.T @ (In - B @ G) / lam,
            X.T @ (B @ (lam * In + G) - B @ G) / lam,
            X.T @ (B @ (lam * In + G - G)) / lam,
            X.T @ B,
        )
    if not all(np.all(np.isfinite(L)) for L in lines):
        raise ValueError("A line of the chain overflowed (values too large for floating point); scale X or raise lam.")
    return WoodburySteps(lines, np.array([np.max(np.abs(L - lines[0])) for L in lines]))


def woodbury_costs(n, p):
    """Leading multiply-add counts of the two sides for a data matrix X (n, p) (Cholesky of an m x m matrix: m^3/3,
    its two triangular solves: m^2 per right-hand side):

        left  (X^T X + lam I_p)^{-1} X^T:  X^T X  n p^2,  Cholesky p^3/3,  n right-hand sides  n p^2
        right X^T (X X^T + lam I_n)^{-1}:  X X^T  n^2 p,  Cholesky n^3/3,  p right-hand sides  n^2 p

    so left = 2 n p^2 + p^3/3 and right = 2 n^2 p + n^3/3: the right side is cheaper exactly when p > n."""
    n, p = check_positive_int(n, "n", high=MAX_COUNTED), check_positive_int(p, "p", high=MAX_COUNTED)
    n, p = float(n), float(p)
    return {"left": 2 * n * p * p + p ** 3 / 3, "right": 2 * n * n * p + n ** 3 / 3}
