"""Kernel ridge regression › Over- and under-fitting: training vs held-out (cross-validated) error along λ and γ."""
import streamlit as st

import kernel_core as kc
from pages.kernel_ridge import compute, figures, figures_cv, settings
from pages.kernel_ridge.settings import KEY
from ui import figures as ui_figures
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.nav import section_footer, section_header

CHART = {"config": ui_figures.CHART_CONFIG}

section_header(__file__)
present = presenting()


@st.fragment
def curves():
    """The bar and the two error curves: only this part reruns when a setting of the bar moves."""
    s, left, right = settings.frame()
    grid = s.kernel.gamma is not None
    try:
        with st.spinner("Cross-validating along λ and γ…"):
            along_lam = compute.cv_grid(s.data, s.kernel, compute.CV_LAMS)
            along_gamma = compute.cv_grid(s.data, s.kernel, (s.lam,), "gamma", compute.CV_GAMMAS) if grid else None
    except ValueError as err:
        right.info(f"Cross-validation needs more points: {err}")
        return
    with left:              # the main chart: along λ
        st.plotly_chart(figures_cv.error_curves(compute.CV_LAMS, along_lam.train_errors[:, 0], along_lam.errors[:, 0],
                                             max(s.lam, compute.CV_LAMS[0]), "λ (log scale)", present=present,
                                             chart_height=figures.height("main", present)),
                        key=KEY.ALONG_LAM_CHART, **CHART)
    with right:             # along γ, under the bar
        if grid:
            st.plotly_chart(figures_cv.error_curves(compute.CV_GAMMAS, along_gamma.train_errors[0], along_gamma.errors[0],
                                                 s.gamma, "γ (log scale)", present=present,
                                                 chart_height=figures.height("under_bar", present), keyed=not present),
                            key=KEY.ALONG_GAMMA_CHART, **CHART)
        else:
            st.info(f"The {s.kernel.describe()} kernel has no γ: pick RBF, Laplacian, polynomial or sigmoid in the bar "
                    "to see the error along γ.")
        if grid and getattr(s.kernel, "name", None) == "rbf":
            bishop(s.gamma, along_gamma.best_params["gamma"])
        if compute.cv_note(s.n):
            st.caption(compute.cv_note(s.n))


def bishop(gamma, best):
    """Bishop's notes' rule for the Gaussian's σ², read off the γ curve: the bar's σ² against the valley's."""
    side = ("larger: the under-fitting side, where Bishop's notes reduce σ² (raise γ)" if gamma < best else
            "smaller: the over-fitting side, where σ² should grow (γ fall)" if gamma > best else "the valley's")
    st.caption(f"Bishop's notes: σ² says how much the model generalises — underfitting ⇒ reduce σ². With "
               f"γ = 1/(2σ²), the bar's γ = {gamma:g} is σ² = {1 / (2 * gamma):.3g}; the held-out error along γ is "
               f"lowest at γ = {best:g}, σ² = {1 / (2 * best):.3g}. The bar's σ² is {side}.")


curves()
explain("Small λ or large γ: the training error falls towards 0 while the held-out error rises — the curve "
        "**over-fits** the noise. Large λ or small γ: both errors are high — it **under-fits**. "
        "Cross-validation picks the valley of the red curve. Each curve moves one parameter and keeps the bar's "
        "other one. Kriege asks why a kernel's (very) high-dimensional feature space can be learnt at all: the "
        "parameters are the n dual coefficients, not the dimensions (non-parametric learning), and over-fitting "
        "does happen with poor parameters — regularisation, built into kernel ridge and the SVM (λαᵀKα) but not "
        "the kernelized perceptron (*Perceptron vs k-NN › Overfitting without a regulariser*), is the cure.")
show_code(kc.cross_validate)
section_footer(__file__)
