"""The Mercer topic's shared settings: the polynomial kernel (xᵀy + r)^m (γ = 1) whose map φ the map, explosion and
eigen-map sections write out. This module is the one place naming the topic's widget keys; sections, exercises
and tests use the names below."""
from dataclasses import dataclass

from ui.kernel_choice import Single
from ui.ranges import MERCER as R
from ui.settings import bar as settings_bar
from ui.settings import remember

PAGE = "mercer"


class KEY:
    """Widget keys of the topic (today's names, so old share links keep working)."""
    # the topic bar
    DEGREE = "mercer_degree"
    COEF0 = "mercer_coef0"
    # the map φ
    X1, X2, Y1, Y2 = "mercer_x1", "mercer_x2", "mercer_y1", "mercer_y2"
    FEATURE_TABLE = "mercer_feature_table"
    # the lift
    LIFT_N, LIFT_NOISE, LIFT_C = "mercer_lift_n", "mercer_lift_noise", "mercer_lift_C"
    # the explosion
    D = "mercer_d"
    # the eigen map (ui.controls.param_widget's "{page}_{param}_eig")
    KERNEL_EIG, GAMMA_EIG, COEF0_EIG, Q = "mercer_kernel_eig", "mercer_gamma_eig", "mercer_coef0_eig", "mercer_q"
    # random Fourier features and Nyström
    GAMMA_APPROX, FEATURES, APPROX_SEED = "mercer_gamma_approx", "mercer_features", "mercer_approx_seed"
    # Mercer's theorem (ui.controls.pick_kernel's "{page}_kernel_thm", "{page}_{param}_thm")
    KERNEL_THM, GAMMA_THM = "mercer_kernel_thm", "mercer_gamma_thm"
    Q_THM, X2_THM, THM_CHART = "mercer_q_thm", "mercer_x2_thm", "mercer_theorem"


KEYS = (KEY.DEGREE, KEY.COEF0)
EIG_SUFFIX = "_eig"
THM_SUFFIX = "_thm"


@dataclass(frozen=True)
class Settings:
    degree: int      # m
    coef0: float     # r (>= 0: with r < 0 some coefficients of φ would be square roots of negative numbers)

    @property
    def gamma(self):
        return 1.0   # γ = 1, as in Held's and Kriege's (x^T y + r)^m

    def kernel(self):
        return Single.of("poly", gamma=self.gamma, degree=self.degree, coef0=self.coef0)


def bar():
    """The topic bar: degree m and offset r of the polynomial kernel (xᵀy + r)^m, one row. Sections draw it at the
    top of their right-hand column, beside the main chart, so the chart keeps the projector's full height.
    Returns the Settings."""
    m_col, r_col = settings_bar([1, 1])
    lo, hi, default, step = R["degree"]
    m = m_col.slider("degree m", lo, hi, default, step, key=KEY.DEGREE, bind="query-params",
                     help="The power of (xᵀy + r)^m (Kriege writes it k); shared by this topic's sections.")
    lo, hi, default, step = R["coef0"]
    r = r_col.slider("offset r", lo, hi, default, step, key=KEY.COEF0, bind="query-params",
                     help="r = 0: only the degree-m monomials, Kriege's (xᵀy)^m. r > 0 adds every lower degree. "
                          "r < 0 has no real map (a coefficient would be the root of a negative number).")
    remember(KEYS)
    return Settings(int(m), float(r))


def fixed_bar(text):
    """The topic bar of a section with its own fixed kernel: says which, in place of the m and r sliders."""
    (cell,) = settings_bar([1])
    cell.markdown(text)
