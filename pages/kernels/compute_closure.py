"""The Kernels topic's cached calls for kernels made from kernels: the closure rules (sums, products, warps, feature
maps, a PSD matrix, kernels on sub-spaces, the generative kernel), Kriege's pairwise kernels, the Gaussian around a
kernel (substitution) and kernel ridge with the ANOVA kernel, each returning a dataclass."""
import warnings
from dataclasses import dataclass

import numpy as np

import kernel_core as kc
from pages.kernels.compute import ENTRIES, Gram, gram
from ui.cache import cache_data
from ui.compute import build_kernel
from ui.ranges import GRID, PLANE


@dataclass(frozen=True)
class Composed:
    latex: str                # the composed kernel's formula with its numbers
    is_mercer: bool           # every part is a Mercer kernel (the closure rules then promise a kernel)
    gram: Gram


@dataclass(frozen=True)
class Rule:
    """A closure rule the operators of ui.kernel_choice.Composed do not cover (Bishop's rules 2, 7-10 and the
    generative kernel), as plain values that key the caches; kernel() builds the kernel_core object."""
    op: str                   # "warp", "feature_map", "matrix", "sub_sum", "sub_product" or "generative"
    first: object = None      # k₁ (rules 2, 7) or kₐ (rules 9, 10): a Single
    second: object = None     # k_b (rules 9, 10)
    arg: object = None        # f's name, φ's name, B as (b₁₁, b₁₂, b₂₂), or (μ₁, μ₂, σ)

    def kernel(self):
        if self.op == "warp":
            return kc.Warped(self.first.kernel(), self.arg)
        if self.op == "feature_map":
            return kc.FeatureMapped(self.first.kernel(), self.arg)
        if self.op == "matrix":
            return kc.MatrixKernel(psd_from_b(self.arg))
        if self.op in ("sub_sum", "sub_product"):
            ka, kb = kc.OnColumns(self.first.kernel(), 0), kc.OnColumns(self.second.kernel(), 1)
            return ka + kb if self.op == "sub_sum" else ka * kb
        if self.op == "generative":
            *mu, sigma = self.arg
            return kc.Generative(mu, sigma)
        raise ValueError(f"Unknown closure rule {self.op!r}.")


def psd_from_b(b):
    """A = BᵀB for the upper triangular B = [[b₁₁, b₁₂], [0, b₂₂]] (every symmetric PSD 2 x 2 matrix is one:
    Cholesky)."""
    b11, b12, b22 = b
    B = np.array([[b11, b12], [0.0, b22]], float)
    return B.T @ B


@cache_data(max_entries=ENTRIES)
def composed(X, choice):
    """A ui.kernel_choice.Composed: its formula, whether its parts are Mercer kernels, its Gram matrix on X."""
    kernel = choice.kernel()
    latex = kernel.latex()
    return Composed(latex, kernel.is_mercer, gram(X, choice))


PAIR_USERS = (-1.0, 0.0, 1.5)     # Kriege's pairwise data: three users and two products, one feature each
PAIR_PRODUCTS = (-0.5, 1.0)


@dataclass(frozen=True)
class Pairwise:
    K_user: np.ndarray        # k_user(uᵢ, uⱼ), 3 x 3
    K_product: np.ndarray     # k_product(pₐ, p_b), 2 x 2
    product: Gram             # K_user ⊗ K_product over the 6 pairs (u₁, p₁), (u₁, p₂), …
    total: Gram               # the sum k_user + k_product over the same pairs


@cache_data(max_entries=ENTRIES)
def pairwise(choice):
    """The bar's kernel as k_user on PAIR_USERS and as k_product on PAIR_PRODUCTS, and the pairs' Gram matrices of
    Kriege's product and sum (kernel_core.pairwise_gram)."""
    k = build_kernel(choice)
    Ku = k(np.array(PAIR_USERS)[:, None])
    Kp = k(np.array(PAIR_PRODUCTS)[:, None])
    out = []
    for combine in ("product", "sum"):
        K = kc.pairwise_gram(Ku, Kp, combine)
        out.append(Gram(K, kc.spectrum(K), kc.verdict(K)))
    return Pairwise(Ku, Kp, *out)


# ---------------------------------------------------------------- kernels inside the Gaussian; the ANOVA kernel
ANOVA_NOISE = 0.1         # standard deviation of the noise of the built-in target y = sin(x₁) + x₂²/2 + noise


@dataclass(frozen=True)
class Substituted:
    gram: Gram                # K[i, j] = exp(−(κ(xᵢ, xᵢ) + κ(xⱼ, xⱼ) − 2κ(xᵢ, xⱼ)) / (2σ²)), spectrum, verdict
    gamma: float              # γ = 1/(2σ²): the RBF kernel it is when κ is linear
    rbf_gap: float            # max |K(κ linear) − K_RBF(γ)| on the data (0 up to round-off)


@cache_data(max_entries=ENTRIES)
def substituted(X, choice, sigma):
    """The Gaussian around the kernel κ = `choice` (kernel_core.substituted_gaussian) on X, its spectrum and the
    verdict; and, as the check that κ linear gives the RBF kernel, the largest difference from RBF with γ = 1/(2σ²)."""
    K = kc.substituted_gaussian(X, None, choice.kernel(), sigma)
    v = kc.verdict(K)
    ev = kc.spectrum(K) if v.symmetric else np.linalg.eigvals(K).real[::-1]
    gamma = 1.0 / (2.0 * sigma**2)
    gap = np.max(np.abs(kc.substituted_gaussian(X, None, "linear", sigma) - kc.gram(X, kernel="rbf", gamma=gamma)))
    return Substituted(Gram(K, ev, v), gamma, float(gap))


@dataclass(frozen=True)
class Anova:
    xs: np.ndarray            # grid of each axis (PLANE, GRID points)
    parts: np.ndarray         # (2, GRID): the learned f₁(xs) and f₂(xs)
    Z: np.ndarray             # f(x) = f₁(x₁) + f₂(x₂) over the plane, rows = x₂
    truth: object             # (2, GRID): sin(x₁) and x₂²/2, each shifted to its learned part's mean on the data
    #                           (a constant can move between f₁ and f₂); None for the class labels
    t: np.ndarray             # the targets fitted
    lam: float                # the ridge on the diagonal, nλ (Kriege's λ times n)
    rmse: float               # root mean squared error on the data
    additive_gap: float       # max over the data of |f(xᵢ) − f₁(xᵢ₁) − f₂(xᵢ₂)|, f from KernelRidge.predict


def anova_target(X, y, target):
    """The targets: the class labels ±1, or the built-in additive truth y = sin(x₁) + x₂²/2 + noise (seeded)."""
    if target == "labels":
        return np.asarray(y, float)
    noise = np.random.default_rng(0).normal(0.0, ANOVA_NOISE, len(X))
    return np.sin(X[:, 0]) + X[:, 1] ** 2 / 2 + noise


@cache_data(max_entries=ENTRIES)
def anova(X, y, choice, target, lam_kriege):
    """Kernel ridge with the ANOVA kernel k(x, x′) = Σⱼ k₁(xⱼ, x′ⱼ) (k₁ the bar's kernel on one coordinate):
    α = (K + nλI)⁻¹ t, the learned parts fⱼ on the grid, their sum over the plane and the checks."""
    name, params = choice.name, dict(choice.params)
    t = anova_target(X, y, target)
    lam = len(X) * lam_kriege
    model = kc.KernelRidge(lambda A, B=None: kc.anova_parts(A, B, name, **params).sum(axis=0), lam)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")      # a kernel that is not PSD (sigmoid): least squares, said on the page
        model.fit(X, t)
    alpha = model.dual_coef_
    xs = np.linspace(*PLANE, GRID)
    parts = kc.anova_components(X, alpha, np.c_[xs, xs], name, **params)
    on_data = kc.anova_components(X, alpha, X, name, **params)
    f = model.predict(X)
    truth = None
    if target != "labels":
        truth = np.stack([np.sin(xs), xs**2 / 2])
        shift = on_data.mean(axis=1) - np.stack([np.sin(X[:, 0]), X[:, 1] ** 2 / 2]).mean(axis=1)
        truth = truth + shift[:, None]
    return Anova(xs, parts, parts[0][None, :] + parts[1][:, None], truth, t, lam,
                 float(np.sqrt(np.mean((f - t) ** 2))), float(np.max(np.abs(f - on_data.sum(axis=0)))))
