"""Kernel ridge regression: the topic's shared settings (the data, the kernel, λ) and the one place that names the
topic's widget keys. The bar at the top of every section draws the shared ones; sections, Apply buttons, exercises
and tests use the names below.

λ is Held's and Bishop's (α = (K + λI)⁻¹y, scikit-learn's `alpha`); Kriege divides the squared error by n, so his
λ is λ / n. A toggle in the bar lets the slider set Kriege's λ instead."""
from dataclasses import dataclass

import streamlit as st

import kernel_core as kc
from ui.controls import labeller, log_slider, param_widget
from ui.kernel_choice import LABELS as KERNEL_LABELS
from ui.kernel_choice import Single
from ui.ranges import KERNEL_RIDGE as R
from ui.ranges import PARAMS
from ui.settings import bar as settings_bar
from ui.settings import remember

from . import figures, points

PAGE = "kernel_ridge"


class KEY:
    """Widget keys of the topic (today's names, so links made before the sections still work)."""
    # the bar (shared by the sections, kept across them and in the link)
    SOURCE = points.SOURCE                  # "sine" or "own"
    N, NOISE, SEED = "kernel_ridge_n", "kernel_ridge_noise", "kernel_ridge_seed"
    KERNEL = "kernel_ridge_kernel"
    GAMMA, DEGREE, COEF0 = "kernel_ridge_gamma", "kernel_ridge_degree", "kernel_ridge_coef0"
    LAM = "kernel_ridge_lam"
    KRIEGE = "kernel_ridge_nlam"            # the slider sets Kriege's λ (α = (K + nλI)⁻¹y)
    LAM_ZERO = "kernel_ridge_lam0"
    # the fit section
    FIT_CHART, FIT_B_CHART = "kernel_ridge_fit", "kernel_ridge_fit_b"
    COMPARE = "kernel_ridge_compare"
    B_KERNEL, B_GAMMA, B_LAM = "kernel_ridge_b_kernel", "kernel_ridge_b_gamma", "kernel_ridge_b_lam"
    B_DEGREE, B_COEF0 = "kernel_ridge_b_degree", "kernel_ridge_b_coef0"
    CLICK_MODE = points.CLICK_MODE
    UNDO, DUPLICATE, TO_SINE = "kernel_ridge_undo", "kernel_ridge_dup", "kernel_ridge_to_sine"
    # primal vs dual
    FEATURES, COST_CHART = "kernel_ridge_p", "kernel_ridge_costs"
    # the dual derivation
    DUAL_P, DUAL_STEP, DUAL_CHART = "kernel_ridge_dual_p", "kernel_ridge_dual_step", "kernel_ridge_dual"
    # the Woodbury identity
    WB_N, WB_P, WB_CHART = "kernel_ridge_woodbury_n", "kernel_ridge_woodbury_p", "kernel_ridge_woodbury"
    # RBF networks
    RBF_M, RBF_CHART, RBF_LIMIT_CHART = "kernel_ridge_rbf_m", "kernel_ridge_rbf_net", "kernel_ridge_rbf_limit"
    RBF_CLASS_CHART, RBF_CLASS = "kernel_ridge_rbf_classifier", "kernel_ridge_rbf_classify"
    # RBF + linear
    C1, C2, SLOPE, SEMI_CHART = "kernel_ridge_c1", "kernel_ridge_c2", "kernel_ridge_slope", "kernel_ridge_semi"
    # cross-validation, over- and under-fitting
    APPLY, CV_CHART, CV_SCHEME = "kernel_ridge_apply", "kernel_ridge_cv", "kernel_ridge_cv_scheme"
    ALONG_LAM_CHART, ALONG_GAMMA_CHART = "kernel_ridge_along_lam", "kernel_ridge_along_gamma"
    # the Gaussian-process view
    GP_NOISE, SAMPLES, SAMPLE_SEED = "kernel_ridge_gp_noise", "kernel_ridge_samples", "kernel_ridge_sample_seed"
    GP_CHART = "kernel_ridge_gp"
    # GP prior -> posterior
    PRIOR_VIEW, PRIOR_NOISE = "kernel_ridge_prior_view", "kernel_ridge_prior_noise"
    PRIOR_SAMPLES, PRIOR_SEED = "kernel_ridge_prior_samples", "kernel_ridge_prior_seed"
    PRIOR_UNDO, PRIOR_CLEAR = "kernel_ridge_prior_undo", "kernel_ridge_prior_clear"
    PRIOR_CHART = "kernel_ridge_gp_prior"
    # large n (ui.large_n names its widgets "{PAGE}_large_*")
    LARGE_CHART = "kernel_ridge_large_fig"


KEYS = (KEY.SOURCE, KEY.N, KEY.NOISE, KEY.SEED, KEY.KERNEL, KEY.GAMMA, KEY.DEGREE, KEY.COEF0, KEY.LAM, KEY.KRIEGE,
        KEY.LAM_ZERO,
        KEY.COMPARE, KEY.B_KERNEL, KEY.B_GAMMA, KEY.B_DEGREE, KEY.B_COEF0, KEY.B_LAM)   # the fit's Compare A / B
SOURCES = {"sine": "Noisy sine", "own": "My own points"}
LAM_OFF = {KEY.KRIEGE: False, KEY.LAM_ZERO: False, KEY.KERNEL: "rbf", KEY.GAMMA: 1.0}  # exercises start from here


@dataclass(frozen=True)
class Settings:
    data: tuple            # ("sine", n, noise, seed) or ("own", ((x, y), ...)): the key of compute.dataset
    kernel: Single
    lam_value: float       # the slider's value
    kriege: bool           # the slider sets Kriege's λ, so λ = n × the slider
    lam_zero: bool         # no penalty at all
    dropped: int = 0       # rows of the own table with an empty cell, left out

    @property
    def source(self):
        return self.data[0]

    @property
    def n(self):
        return self.data[1] if self.source == "sine" else len(self.data[1])

    def to_lam(self, value, zero=False):
        """Held's / Bishop's λ from a slider value: 0, the value, or n times Kriege's λ."""
        return 0.0 if zero else (kc.lam_from_kriege(value, self.n) if self.kriege else value)

    @property
    def lam(self):
        return self.to_lam(self.lam_value, self.lam_zero)

    @property
    def gamma(self):
        """γ of the kernel, or the default γ when the kernel has none (linear): the RBF part of section 3."""
        return float(self.kernel.gamma or PARAMS["gamma"][3])

    @property
    def noise(self):
        return self.data[2] if self.source == "sine" else None


SELECT_WIDTH = {"source": 150, "kernel": 180}   # px of a compact bar's select boxes: the sliders get the rest


def pick_kernel(container, page=PAGE, compact=False):
    """The kernel's select box and one widget per parameter, side by side in `container` (a horizontal row);
    compact: no labels, the values read "γ = 1" (Compare A / B on a projector)."""
    name = container.selectbox("Kernel", list(KERNEL_LABELS), key=f"{page}_kernel", format_func=labeller(KERNEL_LABELS),
                               bind="query-params", label_visibility="collapsed" if compact else "visible",
                               width=SELECT_WIDTH["kernel"] if compact else "stretch")
    return Single(name, tuple((p, param_widget(page, name, p, container, compact=compact))
                              for p in kc.KERNEL_PARAMS[name]))


def bar(lam=True, compact=False):
    """The topic bar (data, kernel and its parameters, λ), flowing in the width it is given (a section draws it at
    the top of the column beside its main chart, see `frame`); returns the Settings. `lam` False: a section whose
    σ² plays λ's part (the Gaussian-process views) leaves λ and its ⋯ options out of the bar (their values are kept
    and carried; the noisy sine's n, noise and seed stay in the ⋯ Options menu). compact: one row without labels, the values
    read "λ = 0.1" (Compare A / B on a projector)."""
    points.init_points()
    (col,) = settings_bar([1])
    with col:
        row = st.container(horizontal=True, gap="small", vertical_alignment="bottom", wrap=True)
        source = row.selectbox("Data", list(SOURCES), format_func=labeller(SOURCES), key=KEY.SOURCE,
                               bind="query-params", help="The noisy sine (its n, noise and seed: the ⋯ Options menu "
                               "at the right) or your own points (click on the fit chart; they travel in the link).",
                               label_visibility="collapsed" if compact else "visible",
                               width=SELECT_WIDTH["source"] if compact else "stretch")
        kernel = pick_kernel(row, compact=compact)
        ss = st.session_state
        if lam:
            lam_value = log_slider("Ridge penalty λ", KEY.LAM, *R["lam"], container=row, symbol="λ" if compact else None,
                                   help="Larger λ = smoother curve, smaller dual coefficients.")
        else:
            lam_value = ss.get(KEY.LAM, R["lam"][2])
        with row.popover("⋯ Options", help="Kriege's λ, λ = 0, and the noisy sine's n, noise and seed" if lam else
                         "The noisy sine's n, noise and seed"):
            if lam:
                kriege = st.toggle("Slider sets Kriege's λ (α = (K + nλI)⁻¹y)", key=KEY.KRIEGE, bind="query-params")
                lam_zero = st.checkbox("λ = 0 (no penalty at all)", key=KEY.LAM_ZERO, bind="query-params")
            else:
                kriege, lam_zero = bool(ss.get(KEY.KRIEGE, False)), bool(ss.get(KEY.LAM_ZERO, False))
            st.markdown("**Noisy sine** y = sin x + noise")
            n = st.slider("Points n", *R["n"][:3], R["n"][3], key=KEY.N, bind="query-params")
            noise = st.slider("Noise (std of y − sin x)", *R["noise"][:3], R["noise"][3], key=KEY.NOISE,
                              bind="query-params")
            seed = st.number_input("Random seed", *R["seed"][:3], R["seed"][3], key=KEY.SEED, bind="query-params")
    if source == "sine":
        data, dropped = ("sine", n, noise, int(seed)), 0
    else:
        data, dropped = points.own_points_key()
    points.sync_link()
    if st.session_state.get(points.NOTE):
        st.warning(st.session_state[points.NOTE])
    remember(KEYS)
    return Settings(data, kernel, lam_value, kriege, lam_zero, dropped)


def frame(lam=True):
    """A section's two columns (figures.COLUMNS): the main chart on the left, starting right under the heading so it
    fills a projector's first screen; the bar at the top of the right column, the section's own controls, formulas
    and numbers under it (`lam`: see `bar`). Returns (Settings, left, right)."""
    left, right = st.columns(figures.COLUMNS, gap="medium")
    with right:
        s = bar(lam)
    return s, left, right
