"""Kernel ridge regression › The Gaussian-process view (Bishop's notes, PRML 6.4): the posterior mean is the kernel
ridge curve with λ = σ², and the GP adds error bars (mean ± 2 std) and samples."""
import streamlit as st

import kernel_core as kc
from pages.kernel_ridge import compute, compute_gp, figures_gp, settings
from pages.kernel_ridge.settings import KEY
from ui import figures as ui_figures
from ui.classroom import presenting
from ui.code import show_code
from ui.controls import log_slider
from ui.exercises import Exercise, exercises
from ui.formulas import latex
from ui.nav import section_footer, section_header
from ui.ranges import KERNEL_RIDGE as R

CHART = {"config": ui_figures.CHART_CONFIG}

section_header(__file__)
present = presenting()


@st.fragment
def gp_view():
    """The bar, σ² and the samples, the GP's band: only this part reruns when one of them moves."""
    s, left, right = settings.frame(lam=False)    # σ² plays λ's part here
    with right:
        s2 = log_slider("Noise variance σ²", KEY.GP_NOISE, *R["gp_noise"],
                        help="Variance of y around the latent function f; plays the role of λ.")
        a, b = st.columns(2)
        n_samples = a.slider("Posterior samples", *R["samples"][:3], R["samples"][3], key=KEY.SAMPLES,
                             bind="query-params")
        with b.container(key="secondary_kr_sample_seed"):
            sample_seed = st.number_input("Sample seed", *R["sample_seed"][:3], R["sample_seed"][3],
                                          key=KEY.SAMPLE_SEED, bind="query-params")
        latex(r"m(\mathbf x) = \mathbf k(\mathbf x)^\top(\mathbf K + \sigma^2\mathbf I)^{-1}\mathbf y")
        latex(r"\begin{aligned}\operatorname{var} f(\mathbf x) &= k(\mathbf x,\mathbf x) - \mathbf k^\top"
                      r"\mathbf C^{-1}\mathbf k\ \ \text{(drawn)}\\ \operatorname{var} t(\mathbf x) &= c - "
                      r"\mathbf k^\top\mathbf C^{-1}\mathbf k = \operatorname{var} f(\mathbf x) + \sigma^2\\ "
                      r"c &= k(\mathbf x,\mathbf x) + \sigma^2,\ \ \mathbf C = \mathbf K + \sigma^2\mathbf I"
                      r"\end{aligned}")
    try:
        X, y = compute.dataset(s.data)
        res = compute_gp.gp_view(s.data, s.kernel, s2, n_samples, int(sample_seed))
    except ValueError as err:
        left.error(("No Gaussian process with this kernel: " if not s.kernel.kernel().is_mercer else
                    "The Gaussian process cannot be computed here: ") + str(err))
        return
    left.plotly_chart(figures_gp.gp_figure(X, y, res.xs, res.mean, res.std, res.samples, present=present),
                      key=KEY.GP_CHART, **CHART)
    with right:
        shown = f"{res.gap:.1e}" if res.gap else r"0\ \text{(to the last bit)}"
        latex(rf"\begin{{aligned}}&m(\mathbf x) = f_{{\mathrm{{KRR}}}}(\mathbf x)\ \text{{with}}\\ "
                      rf"&\lambda = \sigma^2 = {s2:g}\\ &\max_x |m(\mathbf x) - f_{{\mathrm{{KRR}}}}(\mathbf x)|\\ "
                      rf"&\quad = {shown}\end{{aligned}}")
    if res.gap <= 1e-8 * max(res.scale, 1.0):
        st.success("✅ Verified on the plotted grid: the GP posterior mean is the kernel ridge prediction with λ = σ² — "
                   "same formula, α = (K + σ²I)⁻¹y. What the GP adds is the band: narrow next to data, widening to "
                   "the prior's ±2√k(x, x) far from it.")
    else:
        st.warning(f"The GP mean and the KRR curve differ by {res.gap:.2e}: K + σ²I is badly conditioned here.")
    st.caption(f"Prior f ~ GP(0, k) with the bar's kernel, y = f(x) + noise of variance σ² = {s2:g} (Bishop's notes). "
               "PRML eq. 6.66 is the mean m(x); eq. 6.67 is the predictive variance of a new target t, c − kᵀC⁻¹k with "
               "c = k(x, x) + σ², which includes the noise. The band drawn is the latent f's mean ± 2 standard "
               "deviations, var f(x) = var t(x) − σ²: a new observation t scatters wider, by σ² in variance."
               + (f" The sine's noise std is {s.noise:g}, so the matching noise variance is σ² = {s.noise ** 2:.4g}."
                  if s.source == "sine" else ""))


gp_view()
show_code(kc.GaussianProcessRegressor)
exercises(settings.PAGE, [
    Exercise("kr_gp_mean", "Give the Gaussian process the noise variance σ² = λ = 0.1. How does its posterior mean "
             "m(x) compare with the kernel ridge curve?",
             ("They are the same function", "m(x) is smoother, because the GP averages over many functions",
              "m(x) is the ridge curve divided by n"), 0,
             {**settings.LAM_OFF, KEY.LAM: 0.1, KEY.GP_NOISE: 0.1},
             "m(x) = k(x)ᵀ(K + σ²I)⁻¹y (Bishop's notes after PRML 6.4) is kernel ridge's f(x) = k(x)ᵀα with "
             "α = (K + λI)⁻¹y and λ = σ²: the section checks it to the last bits on the plotted grid. What the GP "
             "adds is the ±2 std band around it."),
])
section_footer(__file__)
