"""Kernel ridge regression › GP prior → posterior (Bishop's notes after PRML 6.4, quoting Murphy): a Gaussian
process is a prior over functions, f ~ GP(0, k); once points are seen it becomes a posterior, whose band and
samples narrow where the data are. A click on the chart adds a point (the topic's own points, Undo beside it)."""
import streamlit as st

import kernel_core as kc
from pages.kernel_ridge import compute_gp, figures, figures_gp, points, settings
from pages.kernel_ridge.settings import KEY
from ui import figures as ui_figures
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.controls import log_slider
from ui.exercises import Exercise, exercises
from ui.formulas import latex, with_numbers
from ui.nav import section_footer, section_header
from ui.points_click import click_chart
from ui.ranges import KERNEL_RIDGE as R

CHART = {"config": ui_figures.CHART_CONFIG}
VIEWS = {"prior": "Prior", "posterior": "Posterior"}
KSTAR = r"\mathbf k_*^\top(\mathbf K + \sigma^2\mathbf I)^{-1}"

section_header(__file__)
present = presenting()


def clickable(fig, bounds, X, y, s):
    """The chart; a click on it (snapped to a nice step of its axes' `bounds`, figures_gp.gp_prior_bounds) adds a
    point to the topic's points."""
    spec = fig.to_dict()
    layout = spec["layout"]
    x0, x1, y0, y1 = bounds
    sx, sy = figures.nice_step(x1 - x0, R["click_cols"]), figures.nice_step(y1 - y0, R["click_rows"])

    def on_click(cx, cy):
        return points.click_edit(round(round(cx / sx) * sx, 6), round(round(cy / sy) * sy, 6), X, y, s.source,
                                 (x1 - x0, y1 - y0))

    click_chart(ui_figures.Spec({**spec, "layout": {**layout, "dragmode": False}}), KEY.PRIOR_CHART, on_click,
                **CHART)


def formulas(s, res, s2):
    """The prior, the posterior with n and σ², and the variance formula's two numbers at the last point x*."""
    latex(r"\begin{aligned}&f \sim \mathcal{GP}(0, k):\\ &\bigl(f(x_1), \dots, f(x_N)\bigr) \sim "
                  r"\mathcal N(\mathbf 0, \mathbf K)\\ &\text{with } K_{ij} = k(x_i, x_j)\end{aligned}")
    latex(with_numbers(s.kernel.name, dict(s.kernel.params), aligned=True))
    latex(rf"\begin{{aligned}}m(x) &= {KSTAR}\mathbf y\\ \operatorname{{var}} f(x) &= k(x, x) - {KSTAR}"
                  rf"\mathbf k_*\\ \operatorname{{var}} t(x) &= \operatorname{{var}} f(x) + \sigma^2\\ n &= {res.n},\ "
                  rf"\sigma^2 = {s2:g}\end{{aligned}}")
    if res.probe is None:
        st.markdown("No points yet: with n = 0 the posterior **is** the prior — mean 0, variance k(x, x). Click on "
                    "the chart to add one.")
        return
    x, kxx, quad, m = res.probe
    latex(rf"\begin{{aligned}}&\text{{at the last point }} x_* = {x:.3g}:\\ &\operatorname{{var}} f(x_*) = "
                  rf"{kxx:.4g} - {quad:.4g} = {kxx - quad:.3g}\\ &\operatorname{{var}} t(x_*) = {kxx - quad:.3g} + "
                  rf"{s2:g} = {kxx - quad + s2:.3g}\\ &m(x_*) = {m:.4g}\end{{aligned}}")


@st.fragment
def gp_prior_view():
    """The bar, the section's controls and its chart: only this part reruns when one of them moves (a click on the
    chart reruns the whole app, so the other sections see the new point)."""
    s, left, right = settings.frame(lam=False)    # σ² plays λ's part here
    with right:
        row = st.container(horizontal=True, gap="small", vertical_alignment="bottom")
        view = row.segmented_control("Show", list(VIEWS), format_func=VIEWS.get, key=KEY.PRIOR_VIEW,
                                     default="posterior", required=True, bind="query-params")
        row.button("↩ Undo", key=KEY.PRIOR_UNDO, on_click=points.undo_points, disabled=not points.can_undo())
        row.button("No points", key=KEY.PRIOR_CLEAR, on_click=points.clear_points,
                   disabled=s.source == "own" and s.n == 0, help="Start from no data (the prior), then click points in.")
        s2 = log_slider("Noise variance σ² (plays λ's role)", KEY.PRIOR_NOISE, *R["gp_noise"],
                        help="Variance of y around the latent f: y = f(x) + noise. The posterior mean is kernel ridge "
                             "with λ = σ² (the Gaussian-process view).")
        a, b = st.columns(2)
        n_samples = a.slider("Samples", *R["prior_samples"][:3], R["prior_samples"][3], key=KEY.PRIOR_SAMPLES,
                             bind="query-params")
        seed = b.number_input("Sample seed", *R["sample_seed"][:3], R["sample_seed"][3], key=KEY.PRIOR_SEED,
                              bind="query-params")
    try:
        res, X, y = compute_gp.gp_prior(s.data, s.kernel, s2, n_samples, int(seed))
    except ValueError as err:
        left.error(("No Gaussian process with this kernel: " if not s.kernel.kernel().is_mercer else
                    "The Gaussian process cannot be computed here: ") + str(err))
        return
    with left:
        clickable(figures_gp.gp_prior_figure(X, y, res, view != "prior" and res.n > 0, present=present),
                  figures_gp.gp_prior_bounds(y, res), X, y, s)
    with right:
        formulas(s, res, s2)
        if res.left_out:
            st.warning(f"The GP conditions on your last {res.n} points only (the {res.left_out} before them are left "
                       f"out and not drawn): its solve grows as n³.")
        st.caption("Click the chart to add a point" + (": it switches to your own points, the sine's plus the click."
                                                       if s.source == "sine" else f" ({res.n} now)."))


gp_prior_view()
explain("Bishop's notes, quoting Murphy: *a GP defines a prior over functions, which can be converted into a "
        "posterior over functions once we have seen some data.* Every finite set of values f(x₁), …, f(x_N) is "
        "jointly Gaussian with covariance Kᵢⱼ = k(xᵢ, xⱼ): where the kernel deems two inputs similar, the function's "
        "values there are similar too — so a larger γ draws wigglier samples. Conditioned on the points, the band "
        "narrows next to each one and widens back to the prior's ±2√k(x, x) away from them. Where m points agree "
        "at one x the latent variance is k(x, x)·σ²/(m·k(x, x) + σ²) ≈ σ²/m, below the noise: with RBF and "
        "σ² = 0.063 it is 0.059 for 1 point, 0.0125 for 5 and 0.003 for 20. A new observation t there still "
        "scatters by σ² more.")
st.caption("σ² is the noise variance of y = f(x) + noise; the posterior mean is the kernel ridge curve with λ = σ² "
           "(Bishop's notes; PRML eq. 6.66; σ² takes the place of the bar's λ, which this section leaves out). "
           "The band drawn is the latent f's ±2 std; PRML eq. 6.67 is the predictive variance of a new target t, "
           "c − kᵀC⁻¹k with c = k(x, x) + σ², which is var f(x) + σ². "
           "Samples are drawn with a tiny jitter on K's diagonal (K + εI, ε ≈ 10⁻¹⁰ k(x, x)) for numerical PSD.")
show_code(kc.GaussianProcessRegressor.sample_prior, kc.GaussianProcessRegressor.predict)
exercises(settings.PAGE, [
    Exercise("kr_gp_prior_far", "With the RBF kernel (γ = 1), look at the posterior well away from every data point "
             "(more than about 2 to the side). What does the band do there?",
             ("It stays as narrow as next to the points", "It widens back to the prior's ±2√k(x, x) = ±2",
              "It shrinks to nothing: far away the mean 0 is certain"), 1,
             {KEY.KERNEL: "rbf", KEY.GAMMA: 1.0, KEY.PRIOR_VIEW: "posterior"},
             "var f(x) = k(x, x) − k*ᵀ(K + σ²I)⁻¹k*. Far from every xᵢ the RBF kernel's k* = (k(xᵢ, x))ᵢ is ≈ 0, so "
             "nothing is subtracted: the variance is the prior's k(x, x) = 1 and the mean falls back to 0. The data "
             "only inform f near them — the prediction carries its uncertainty (Bishop's notes)."),
])
section_footer(__file__)
