"""The Kernels topic's cached calls for geometry in feature space and for two functions of two points that are not
kernels: norms, distance and angle from kernel values (the geometry section), sin(x) cos(x′) (not symmetric) and the
bilinear form xᵀMx′ (a kernel only for a symmetric PSD M), each returning a dataclass."""
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from pages.kernels.compute import ENTRIES
from ui.cache import cache_data
from ui.ranges import GRID, PLANE


@dataclass(frozen=True)
class Geometry:
    k_ii: float
    k_ij: float
    k_jj: float
    norm_i: float             # ‖φ(xᵢ)‖ = √k(xᵢ, xᵢ)
    norm_j: float
    distance: float           # ‖φ(xᵢ) − φ(xⱼ)‖
    cos: float                # cos θ (NaN when a φ is the zero vector)
    angle_deg: float


@cache_data(max_entries=ENTRIES)
def geometry(xi, xj, choice):
    """Norms, distance and angle in feature space from kernel values alone (kernel_core.feature_space_geometry)."""
    g = kc.feature_space_geometry(xi, xj, choice.name, **dict(choice.params))
    return Geometry(g["k_xx"], g["k_xz"], g["k_zz"], g["norm_x"], g["norm_z"], g["distance"], g["cos_angle"],
                    g["angle_deg"])


SIN_COS_POINTS = (0.0, np.pi / 2, np.pi / 4, 1.0)
SIN_COS_LABELS = ("0", "π/2", "π/4", "1")


@dataclass(frozen=True)
class SinCos:
    xs: np.ndarray            # x on [−π, π] (both axes)
    Z: np.ndarray             # sin(x) cos(x′), rows = x
    S: np.ndarray             # the matrix on SIN_COS_POINTS
    verdict: kc.Verdict


@cache_data(max_entries=4)
def sin_cos(n_grid=GRID):
    """k(x, x′) = sin(x) cos(x′) over [−π, π]² and on four points (Kriege's counterexample)."""
    xs = np.linspace(-np.pi, np.pi, n_grid)
    S = kc.sin_cos_kernel(SIN_COS_POINTS, SIN_COS_POINTS)
    return SinCos(xs, kc.sin_cos_kernel(xs, xs), S, kc.verdict(S))


@dataclass(frozen=True)
class Bilinear:
    M: np.ndarray
    symmetric: bool
    eig: np.ndarray           # eigenvalues of M, descending (None when M is not symmetric)
    psd: bool                 # M symmetric PSD: k(x, x′) = xᵀMx′ is a kernel
    xs: np.ndarray            # grid of the plane
    Q: np.ndarray             # k(x, x) = xᵀMx over the plane, rows = x₂


@cache_data(max_entries=ENTRIES)
def bilinear(M):
    """k(x, x′) = xᵀMx′ for M = (M₁₁, M₁₂, M₂₁, M₂₂): is M symmetric PSD, and k(x, x) = xᵀMx over the plane
    (negative somewhere ⇔ not PSD, for a symmetric M)."""
    M = np.asarray(M, float).reshape(2, 2)
    xs = np.linspace(*PLANE, GRID)
    g1, g2 = np.meshgrid(xs, xs)
    P = np.c_[g1.ravel(), g2.ravel()]
    Q = np.einsum("ij,ij->i", P @ M, P).reshape(GRID, GRID)
    symmetric = kc.is_symmetric(M)
    eig = kc.spectrum(M) if symmetric else None
    psd = symmetric and eig[-1] >= -kc.PSD_RTOL * max(abs(eig[0]), 1e-300)
    return Bilinear(M, symmetric, eig, psd, xs, Q)


@cache_data(max_entries=ENTRIES)
def bilinear_on_data(X, M):
    """The verdict on the Gram matrix XMXᵀ of the data; ValueError with a sentence when it overflows."""
    K = kc.bilinear_kernel(X, X, np.asarray(M, float).reshape(2, 2))
    if not np.all(np.isfinite(K)):
        raise ValueError("xᵀMx′ overflowed on these points (values too large for floating point)")
    return kc.verdict(K)
