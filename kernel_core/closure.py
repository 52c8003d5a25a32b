"""The closure rules the kernel operators of `algebra` do not cover (Bishop's PRML, rules 6.13-6.22, as the blog
notes after it list them; Kriege's composition rules). With k1, k2, k3, ka, kb valid kernels:

    (2)  k(x, x') = f(x) k1(x, x') f(x')            any real function f              Warped(k1, f)
    (7)  k(x, x') = k3(phi(x), phi(x'))             phi: x -> R^M                     FeatureMapped(k3, phi)
    (8)  k(x, x') = x^T A x'                        A symmetric positive semidefinite MatrixKernel(A)
    (9)  k(x, x') = ka(x_a, x'_a) + kb(x_b, x'_b)   x = (x_a, x_b)                    OnColumns(ka, a) + OnColumns(kb, b)
    (10) k(x, x') = ka(x_a, x'_a) kb(x_b, x'_b)                                       OnColumns(ka, a) * OnColumns(kb, b)
    and the generative kernel  k(x, x') = p(x) p(x')  for a density p (rank one)      Generative(mean, sigma)

Each is a `Kernel`: call it for the Gram matrix, combine it with +, *, c * k like the others.

    k = Warped(Kernel("rbf", gamma=1.0), "exp_x1")      # e^{x1} exp(-||x - y||^2) e^{y1}
    K = k(X)
"""
import numpy as np

from ._validation import check_array, check_choice, check_finite, check_pair, check_real, check_size, describe
from .algebra import Kernel, _Composite, _num
from .feature_maps import poly_feature_map
from .kernels import check_finite_gram
from .spectral import is_symmetric, psd_threshold, spectrum


def _sub(latex, x, y):
    """A base kernel's formula written for other arguments: x^T y and ||x - y|| become x'^T y' and ||x' - y'||.
    (Every base kernel's latex uses exactly these two patterns.)"""
    return latex.replace("x^\\top y", f"{x}^\\top {y}").replace("x-y", f"{x}-{y}")


def _check_kernel(k, name="k1"):
    if not isinstance(k, Kernel):
        raise TypeError(f"{name} must be a Kernel object such as Kernel('rbf'), got {type(k).__name__}.")
    return k


# ------------------------------------------------------------------ rule 2: f(x) k1(x, x') f(x')
WARPS = {   # name: (f as a function of the rows of X, f(v) as LaTeX with {v} the argument)
    "x1": (lambda X: X[:, 0], "{v}_{{1}}"),
    "exp_x1": (lambda X: np.exp(X[:, 0]), "e^{{{v}_{{1}}}}"),
    "norm2": (lambda X: 1.0 + np.einsum("ij,ij->i", X, X), "(1 + \\|{v}\\|^2)"),
    "bump": (lambda X: np.exp(-0.5 * np.einsum("ij,ij->i", X, X)), "e^{{-\\|{v}\\|^2/2}}"),
}


class Warped(_Composite):
    """k(x, y) = f(x) k1(x, y) f(y), a kernel for every real function f (rule 2): its feature map is f(x) phi1(x).
        f = one of WARPS: "x1" (f(x) = x_1), "exp_x1" (e^{x_1}), "norm2" (1 + ||x||^2), "bump" (e^{-||x||^2/2}).
    In matrices: K = F K1 F with F = diag(f(x_1), ..., f(x_n))."""

    def __init__(self, k, f):
        self.f = check_choice(f, WARPS, "function f")
        super().__init__(_check_kernel(k))

    def __call__(self, X, Y=None):
        X, Y = check_pair(X, Y)
        check_size(len(X), len(Y))
        fn = WARPS[self.f][0]
        with np.errstate(over="ignore", invalid="ignore"):
            K = fn(X)[:, None] * self.parts[0](X, Y) * fn(Y)[None, :]
        return check_finite_gram(K, "f(x) k(x, x') f(x')")

    def latex(self):
        tex = WARPS[self.f][1]
        return f"{tex.format(v='x')}\\left[{self.parts[0].latex()}\\right]{tex.format(v='y')}"

    def __repr__(self):
        return f"Warped({self.parts[0]!r}, {self.f!r})"


# ------------------------------------------------------------------ rule 7: k3(phi(x), phi(x'))
FEATURE_MAPS = {   # name: (phi on the rows of X, a short LaTeX description)
    "poly2": (lambda X: poly_feature_map(X, 2, gamma=1.0, coef0=0.0),
              "\\phi(x) = (x_1^2,\\ \\sqrt{2}\\,x_1x_2,\\ x_2^2)"),
    "poly2_1": (lambda X: poly_feature_map(X, 2, gamma=1.0, coef0=1.0),
                "\\phi(x) = (1,\\ \\sqrt{2}x_1,\\ \\sqrt{2}x_2,\\ x_1^2,\\ \\sqrt{2}\\,x_1x_2,\\ x_2^2)"),
}


class FeatureMapped(_Composite):
    """k(x, y) = k3(phi(x), phi(y)), a kernel for every map phi: x -> R^M and kernel k3 on R^M (rule 7).
        phi = one of FEATURE_MAPS: "poly2", the degree-2 map with phi(x)^T phi(y) = (x^T y)^2 (Bishop's notes,
        Nguyen: (x1^2, sqrt(2) x1 x2, x2^2) in 2-D), or "poly2_1", the map of (x^T y + 1)^2 (Held's six features).
    E.g. RBF on phi: exp(-gamma ||phi(x) - phi(y)||^2)."""

    def __init__(self, k3, phi):
        self.phi = check_choice(phi, FEATURE_MAPS, "feature map")
        super().__init__(_check_kernel(k3, "k3"))

    def __call__(self, X, Y=None):
        X, Y = check_pair(X, Y)
        check_size(len(X), len(Y))
        phi = FEATURE_MAPS[self.phi][0]
        return check_finite_gram(self.parts[0](phi(X), phi(Y)), "k3(phi(x), phi(x'))")

    def latex(self):
        return _sub(self.parts[0].latex(), "\\phi(x)", "\\phi(y)")

    def __repr__(self):
        return f"FeatureMapped({self.parts[0]!r}, {self.phi!r})"


# ------------------------------------------------------------------ rule 8: x^T A x'
def check_psd_matrix(A, name="A"):
    """A as a square, symmetric, positive semidefinite float64 matrix, or a ValueError that says which it is not
    (an eigenvalue counts as negative below -spectral.psd_threshold, as in spectral.verdict)."""
    A = check_array(A, name)
    if A.shape[0] != A.shape[1]:
        raise ValueError(f"{name} must be square, got shape {A.shape}.")
    if not is_symmetric(A):
        raise ValueError(f"{name} is not symmetric, so x^T {name} x' is not symmetric in x and x' (no kernel).")
    with np.errstate(all="ignore"):
        ev = spectrum(A) if np.all(np.isfinite(A @ A)) else None
    if ev is None or not np.all(np.isfinite(ev)):
        raise ValueError(f"{name}'s entries are too large to find its eigenvalues in floating point; scale it down.")
    if ev[-1] < -psd_threshold(ev):
        raise ValueError(f"{name} has a negative eigenvalue ({ev[-1]:.4g}): then x^T {name} x < 0 for its "
                         "eigenvector x, which no inner product allows. Build it as B^T B to be safe.")
    return A


class MatrixKernel(Kernel):
    """k(x, y) = x^T A y with A symmetric positive semidefinite (rule 8); with A = B^T B it is (Bx)^T (By), the
    linear kernel on the features Bx. A = I is the linear kernel."""

    name = "matrix"

    def __init__(self, A):
        self.A = check_psd_matrix(A)
        self.params = {}

    def __call__(self, X, Y=None):
        X, Y = check_pair(X, Y)
        if X.shape[1] != len(self.A):
            raise ValueError(f"A is {len(self.A)} x {len(self.A)} but the points have {X.shape[1]} features.")
        check_size(len(X), len(Y))
        with np.errstate(over="ignore", invalid="ignore"):
            K = X @ self.A @ Y.T
        return check_finite_gram(K, "x^T A x'")

    @property
    def is_mercer(self):
        return True

    def latex(self):
        rows = " \\\\ ".join(" & ".join(_num(v) for v in row) for row in self.A)
        return f"x^\\top \\begin{{pmatrix}} {rows} \\end{{pmatrix}} y"

    def __repr__(self):
        return f"MatrixKernel({self.A.tolist()!r})"


# ------------------------------------------------------------------ rules 9 and 10: kernels on sub-vectors
class OnColumns(_Composite):
    """k(x, y) = k1(x_S, y_S): the kernel k1 on the sub-vector x_S = (x_i for i in columns) (rules 9, 10 are
    sums and products of these: ka(x_a, y_a) + kb(x_b, y_b) = OnColumns(ka, a) + OnColumns(kb, b)).
    columns: 0-based feature indices (shown 1-based: x_{(1)} is the first coordinate)."""

    def __init__(self, k, columns):
        if isinstance(columns, (int, np.integer)):
            columns = (columns,)
        try:
            columns = tuple(columns)
        except TypeError:
            raise TypeError(f"columns must be a feature index or a list of them, got {describe(columns)}.") from None
        if not all(isinstance(c, (int, np.integer)) and not isinstance(c, bool) and c >= 0 for c in columns):
            raise ValueError(f"columns must be feature indices 0, 1, ... (0 is the first coordinate), got {describe(columns)}.")
        columns = tuple(int(c) for c in columns)
        if not columns or len(set(columns)) != len(columns):
            raise ValueError(f"columns must be distinct feature indices, got {describe(columns)}.")
        self.columns = columns
        super().__init__(_check_kernel(k, "the kernel on the sub-vector"))

    def __call__(self, X, Y=None):
        X, Y = check_pair(X, Y)
        if max(self.columns) >= X.shape[1]:
            raise ValueError(f"Column {max(self.columns) + 1} was asked for but the points have {X.shape[1]} "
                             "features.")
        return self.parts[0](X[:, self.columns], Y[:, self.columns])

    def _index(self):
        return ",".join(str(c + 1) for c in self.columns)

    def latex(self):
        i = self._index()
        return _sub(self.parts[0].latex(), f"x_{{{i}}}", f"y_{{{i}}}")

    def __repr__(self):
        return f"OnColumns({self.parts[0]!r}, {self.columns!r})"


# ------------------------------------------------------------------ the generative kernel p(x) p(x')
def gaussian_density(X, mean, sigma):
    """p(x) = (2 pi sigma^2)^(-d/2) exp(-||x - mean||^2 / (2 sigma^2)), the density of N(mean, sigma^2 I).

    Computed as exp(log p) with log p = -||x - mean||^2 / (2 sigma^2) - (d/2) log(2 pi sigma^2), so that no
    intermediate overflows for a sigma near the floating-point limits."""
    X = check_array(X, "X")
    mean = check_array(mean, "the mean", ndim=1)
    sigma = check_real(sigma, "sigma", low=0.0)
    if len(mean) != X.shape[1]:
        raise ValueError(f"The mean has {len(mean)} coordinate(s) but the points have {X.shape[1]}.")
    d = X.shape[1]
    log_sigma = np.log(np.float64(sigma))
    with np.errstate(all="ignore"):
        sq = np.einsum("ij,ij->i", X - mean, X - mean)
        log_p = -np.exp(np.log(sq) - np.log(2.0) - 2.0 * log_sigma) - (d / 2) * (np.log(2 * np.pi) + 2.0 * log_sigma)
        p = np.exp(log_p)
    return check_finite(p, f"The density p(x) for sigma = {sigma:g}",
                        "use a sigma nearer 1 or scale the data")


def _check_peak(mean, sigma):
    """The density's largest value p(mean) = (2 pi sigma^2)^(-d/2) must be a positive finite float: otherwise p is 0
    (or infinite) at every point and k(x, x') = p(x) p(x') carries no information."""
    peak = gaussian_density(mean[None, :], mean, sigma)[0]
    if peak == 0.0:
        raise ValueError(f"sigma = {sigma:g} is so large that the density p(x) is 0 in floating point everywhere "
                         f"in {len(mean)} dimension(s), so every k(x, x') = p(x) p(x') would be 0; use a sigma nearer 1.")


class Generative(Kernel):
    """k(x, y) = p(x) p(y), a kernel for any density p (Bishop's notes: "two inputs are similar if they both have
    high probabilities"); here p = N(mean, sigma^2 I). Its Gram matrix p p^T has rank one: one eigenvalue
    ||p||^2 = sum_i p(x_i)^2, all others 0 (rule 2 with k1 = 1 and f = p)."""

    name = "generative"

    def __init__(self, mean, sigma):
        self.mean = check_array(mean, "the mean", ndim=1)
        self.sigma = check_real(sigma, "sigma", low=0.0)
        self.params = {}
        _check_peak(self.mean, self.sigma)   # a sigma whose density overflows or vanishes fails here

    def __call__(self, X, Y=None):
        X, Y = check_pair(X, Y)
        check_size(len(X), len(Y))
        px = gaussian_density(X, self.mean, self.sigma)
        py = px if Y is X else gaussian_density(Y, self.mean, self.sigma)
        with np.errstate(all="ignore"):
            return check_finite_gram(np.outer(px, py), "p(x) p(x')")

    @property
    def is_mercer(self):
        return True

    def latex(self):
        return "p(x)\\,p(y)"

    def density_latex(self):
        """p with its numbers: \\mathcal{N}((0.5, 0.2), 0.7^2 I)."""
        mu = ", ".join(_num(m) for m in self.mean)
        return f"\\mathcal{{N}}\\big(({mu}),\\ {_num(self.sigma)}^2 I\\big)"

    def __repr__(self):
        return f"Generative({self.mean.tolist()!r}, {self.sigma!r})"


# ------------------------------------------------------------------ pairwise data: kernels on (user, product) pairs
PAIRWISE = ("product", "sum")


def pairwise_gram(K_user, K_product, combine="product"):
    """The Gram matrix of a kernel on pairs (Kriege's pairwise data: users x products, genes x patients), over all
    n_u * n_p pairs (u_i, p_a) in the order (u_1, p_1), (u_1, p_2), ..., (u_{n_u}, p_{n_p}):

        product:  k((u, p), (u', p')) = k_user(u, u') * k_product(p, p')    K = K_user (x) K_product
        sum:      k((u, p), (u', p')) = k_user(u, u') + k_product(p, p')    K = K_user (x) 1 1^T + 1 1^T (x) K_product

    with (x) the Kronecker product, K_user the n_u x n_u Gram matrix of the users, K_product the n_p x n_p one of
    the products and 1 1^T the all-ones matrix. The product is rule (10) of Bishop's notes (and Sugiyama's product
    proof) on the pair x = (u, p); its eigenvalues are all products mu_i * nu_a of the two matrices' eigenvalues,
    so it is PSD when both are. The sum is rule (9).

    K_user, K_product: square symmetric matrices; combine: "product" or "sum"."""
    combine = check_choice(combine, PAIRWISE, "combine")
    mats = []
    for K, name in ((K_user, "K_user"), (K_product, "K_product")):
        K = check_array(K, name)
        if K.shape[0] != K.shape[1]:
            raise ValueError(f"{name} must be square (a Gram matrix); it has shape {K.shape}.")
        if not is_symmetric(K):
            raise ValueError(f"{name} is not symmetric, so it is not the Gram matrix of a kernel.")
        mats.append(K)
    Ku, Kp = mats
    check_size(len(Ku) * len(Kp), len(Ku) * len(Kp), "The pairs' Gram matrix")
    with np.errstate(all="ignore"):
        if combine == "product":   # K[(i, a), (j, b)] = K_user[i, j] * K_product[a, b]
            K = np.kron(Ku, Kp)
        else:                      # K[(i, a), (j, b)] = K_user[i, j] + K_product[a, b]
            K = np.kron(Ku, np.ones_like(Kp)) + np.kron(np.ones_like(Ku), Kp)
    return check_finite(K, "The pairs' Gram matrix", "scale the two Gram matrices down")
