"""The Kernels topic's shared settings: the kernel k₁ and its parameters (γ, degree m, offset r = coef0), drawn as
the compact bar at the top of each section. The one place that names the topic's widget keys: sections, the
exercises' reveal dicts and the tests use the names below."""
from dataclasses import dataclass

from pages.kernels.figures import COLUMNS
from ui.kernel_choice import Single
from ui.settings import beside_picture, kernel_bar

PAGE = "kernels"          # prefix of every widget key of the topic


class KEY:
    """Widget keys (bound to the link: `/kernels?kernels_kernel=poly&kernels_coef0=-1`)."""
    kernel = f"{PAGE}_kernel"
    gamma = f"{PAGE}_gamma"
    degree = f"{PAGE}_degree"
    coef0 = f"{PAGE}_coef0"
    # the sections' own controls
    x0a, x0b = f"{PAGE}_x0a", f"{PAGE}_x0b"                     # reference point x₀
    stationary_chart = f"{PAGE}_stationary"                      # stationary and radial kernels
    op, c = f"{PAGE}_op", f"{PAGE}_c"                           # closure rule and the scale c
    kernel2 = f"{PAGE}_kernel2"                                 # second kernel k₂ (its parameters: param2(p))
    i, j = f"{PAGE}_i", f"{PAGE}_j"                             # the two points of the geometry section
    M = (f"{PAGE}_m11", f"{PAGE}_m12", f"{PAGE}_m21", f"{PAGE}_m22")
    sigma = f"{PAGE}_sigma"                                     # σ of the Gaussian around κ (substitution)
    anova_target, anova_lam = f"{PAGE}_anova_target", f"{PAGE}_anova_lam"   # the ANOVA fit's targets, Kriege's λ
    # the closure rules beyond the five operators: f, φ, A = BᵀB, the density p = N(μ, σ²I)
    f, phi = f"{PAGE}_f", f"{PAGE}_phi"
    B = (f"{PAGE}_b11", f"{PAGE}_b12", f"{PAGE}_b22")
    p_mu, p_sigma = (f"{PAGE}_p_mu1", f"{PAGE}_p_mu2"), f"{PAGE}_p_sigma"
    # why K is PSD: the number of points, the weights vᵢ
    n_v = f"{PAGE}_n_v"
    scale = f"{PAGE}_spectrum_scale"                            # the Gram section's eigenvalue axis: linear or log

    @staticmethod
    def v(i):
        return f"{PAGE}_v{i}"

    @staticmethod
    def param2(param):
        return f"{PAGE}_{param}2"

    @staticmethod
    def poly_c(i):
        return f"{PAGE}_c{i}"


KEYS = (KEY.kernel, KEY.gamma, KEY.degree, KEY.coef0)



@dataclass(frozen=True)
class KernelsSettings:
    choice: Single            # the kernel k₁ with its parameters

    @property
    def name(self):
        return self.choice.name

    @property
    def params(self):
        return dict(self.choice.params)

    @property
    def not_psd_why(self):
        """'' for a Mercer kernel; else one sentence saying why this kernel is not positive semi-definite."""
        return not_psd_why(self.name, self.params)


def not_psd_why(name, params):
    if name == "sigmoid":
        return ("The sigmoid kernel tanh(γ xᵀy + r) is not a Mercer kernel (Held: all the kernels listed except "
                "the sigmoid are positive definite): for many γ, r its Gram matrix has negative eigenvalues.")
    if name == "poly" and params.get("coef0", 0.0) < 0:
        m, r = params["degree"], params["coef0"]
        odd = (f" At x = y = 0 it gives k(0, 0) = r^m = {r ** m:.4g} < 0, which no inner product allows."
               if m % 2 else "")
        return (f"With r = {r:g} < 0 the polynomial kernel (γ xᵀy + r)^m is not a Mercer kernel: expanded by the "
                "binomial theorem, (γ xᵀy + r)^m = Σₖ C(m, k) r^(m−k) γᵏ (xᵀy)ᵏ, the terms with odd m − k have "
                "negative coefficients, so it is a kernel minus another kernel and the closure rules promise "
                f"nothing.{odd} Held's list of positive definite kernels holds for r ≥ 0.")
    return ""


def bar(narrow=False):
    """The topic bar: the kernel, then its parameters, in one row (`narrow`: two widgets a row, for the column
    beside a picture); returns the settings."""
    return KernelsSettings(kernel_bar(PAGE, KEYS, narrow, label="Kernel k₁"))


def frame():
    """The bar and a section's two columns (picture left, formula and controls right); returns (settings, left,
    right). On a projector (presentation mode) the bar sits at the top of the right column, so the picture starts
    right under the heading: a bar across the page would push a ≥ 440 px plotting area off a 1280x720 screen."""
    return beside_picture(bar, COLUMNS)


def reveal_kernel(name, **params):
    """A reveal dict (ui.exercises) that sets the bar to `name` with `params` (by the keys above)."""
    return {KEY.kernel: name, **{getattr(KEY, p): v for p, v in params.items()}}
