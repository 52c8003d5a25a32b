"""Mercer's theorem made visible (Held; Kriege, "Outlook: Mercer's theorem"): on a compact set X, a continuous PSD
kernel expands in a uniformly convergent series

    k(x, x') = sum_i lambda_i phi_i(x) phi_i(x'),    integral_X k(x, x') phi_i(x') dx' = lambda_i phi_i(x),

with eigenvalues lambda_1 >= lambda_2 >= ... >= 0 and orthonormal eigenfunctions, integral_X phi_i phi_j = delta_ij.

    from kernel_core import mercer_expansion
    e = mercer_expansion("rbf", -3, 3, gamma=1.0)   # X = [-3, 3], the Lebesgue measure
    e.eigenvalues[:5], e.at(x, 5), e.truncated(x, x2, 5)

The integral operator is discretised by the Nystroem method: on a grid of m midpoints x_j of [a, b] with weight
h = (b - a)/m, (h K) u = lambda u, phi_i(x_j) = u_ij / sqrt(h), and between the grid points
phi_i(x) = (h / lambda_i) sum_j k(x, x_j) phi_i(x_j) (the eigen equation read at x).
"""
from dataclasses import dataclass

import numpy as np

from ._validation import check_array, check_list, check_positive_int, check_real
from .algebra import as_kernel
from .spectral import PSD_RTOL

MAX_GRID = 2_000
"""The most grid points: the eigen-decomposition of the m x m matrix h K costs m^3."""


@dataclass(frozen=True)
class MercerExpansion:
    """k's eigenvalues and eigenfunctions on [a, b]. grid (m,) the midpoints, h their spacing; eigenvalues (m,)
    descending (round-off negatives clipped to 0); values (m, m): values[j, i] = phi_i(grid_j)."""
    kernel: object
    grid: np.ndarray
    h: float
    eigenvalues: np.ndarray
    values: np.ndarray

    def _q(self, q):
        return check_positive_int(q, "q", high=len(self.eigenvalues))

    def at(self, x, q):
        """phi_1 ... phi_q at the points x (a 1-D array): shape (len(x), q), by the Nystroem extension
        phi_i(x) = (h / lambda_i) sum_j k(x, x_j) phi_i(x_j) (0 where lambda_i is 0)."""
        q = self._q(q)
        x = check_array(x, "x", ndim=1)
        lam = self.eigenvalues[:q]
        scale = np.divide(self.h, lam, out=np.zeros(q), where=lam > 0)
        return self.kernel(x[:, None], self.grid[:, None]) @ self.values[:, :q] * scale

    def truncated(self, x, y, q):
        """k_q(x, y) = sum_{i <= q} lambda_i phi_i(x) phi_i(y) for the points x and y (1-D arrays): (len(x), len(y))."""
        return (self.at(x, q) * self.eigenvalues[:self._q(q)]) @ self.at(y, q).T

    def sup_errors(self, qs):
        """max over grid pairs of |k(x_j, x_l) - k_q(x_j, x_l)| for each q in qs: how uniformly the series converges."""
        qs = [self._q(q) for q in check_list(qs, "qs", "term counts")]
        residual = self.kernel(self.grid[:, None])          # k - k_q, one term taken off at a time
        gaps = {}
        for q in range(1, max(qs, default=0) + 1):
            v = self.values[:, q - 1]
            residual -= self.eigenvalues[q - 1] * np.outer(v, v)
            gaps[q] = float(np.max(np.abs(residual)))
        return np.array([gaps[q] for q in qs])


def mercer_expansion(kernel="rbf", a=-3.0, b=3.0, n_grid=200, **params):
    """The Mercer expansion of a kernel of one variable on [a, b] (uniform measure), by the Nystroem method.

        (h K) u_i = lambda_i u_i,   K_jl = k(x_j, x_l),   x_j = a + (j + 1/2) h,   h = (b - a) / n_grid
        phi_i(x_j) = u_i[j] / sqrt(h)      so that  h sum_j phi_i(x_j) phi_k(x_j) = delta_ik

    `kernel` is a name of KERNEL_FUNCTIONS (parameters as keywords) or a Kernel object. A kernel that is not PSD on
    the grid (an eigenvalue below -PSD_RTOL x the largest) has no Mercer expansion: ValueError.
    """
    a, b = check_real(a, "a"), check_real(b, "b")
    if not b > a:
        raise ValueError(f"The interval [a, b] needs a < b; got a = {a:g}, b = {b:g}.")
    n_grid = check_positive_int(n_grid, "n_grid", high=MAX_GRID)
    k = as_kernel(kernel, **params)
    h = (b - a) / n_grid
    grid = a + (np.arange(n_grid) + 0.5) * h
    with np.errstate(over="ignore", invalid="ignore"):
        K = k(grid[:, None])
    if not np.all(np.isfinite(K)):
        raise ValueError("The kernel's values overflowed on [a, b] (too large for floating point); use a shorter "
                         "interval or smaller parameters.")
    lam, U = np.linalg.eigh(h * (K + K.T) / 2)       # h K = U diag(lam) U^T
    lam, U = lam[::-1], U[:, ::-1]                   # descending
    if lam[-1] < -PSD_RTOL * max(lam[0], 0.0) or lam[0] <= 0:
        raise ValueError(f"The kernel is not positive semi-definite on [{a:g}, {b:g}] (an eigenvalue is "
                         f"{lam[-1]:.3g}): it has no Mercer expansion.")
    U = U * np.where(U[np.argmax(np.abs(U), axis=0), np.arange(n_grid)] < 0, -1.0, 1.0)   # largest entry > 0
    return MercerExpansion(k, grid, float(h), np.clip(lam, 0.0, None), U / np.sqrt(h))
