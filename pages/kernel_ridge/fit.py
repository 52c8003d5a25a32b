"""Kernel ridge regression › The fit: one dual coefficient αᵢ per data point, f(x) = Σ αᵢ k(xᵢ, x) (Held, Bishop's
notes, Kriege, Nguyen). Click the chart to add or remove points; Compare A / B puts a second setting beside it."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.kernel_ridge import compute, figures, points, settings
from pages.kernel_ridge.settings import KEY
from ui import figures as ui_figures
from ui import links
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.controls import log_slider
from ui.exercises import Exercise, SliderExercise, exercises
from ui.formulas import latex, with_numbers
from ui.kernel_choice import compare_height
from ui.legend import legend_html
from ui.nav import section_footer, section_header
from ui.points_click import click_chart
from ui.points_link import MAX_URL_POINTS
from ui.ranges import KERNEL_RIDGE as R
from ui.ranges import log_options
from ui.sweep import sweep

CHART = {"config": ui_figures.CHART_CONFIG}

section_header(__file__)
present = presenting()


def band_caption(s, band, lam):
    """What the shaded band is (kernel ridge's f as a GP's posterior mean, with the λ of K + λI), or why there is
    none."""
    if band.why:
        st.caption(band.why)
        return
    kriege = f" (Kriege's convention is on: λ = n × the slider's value, n = {s.n})" if s.kriege and lam > 0 else ""
    st.caption(f"Shaded: f(x) ± 2 std of the Gaussian process with prior GP(0, k) and noise variance σ² = λ = "
               f"{lam:.4g}{kriege}, whose posterior mean is this very f (Gaussian-process view: next sections).")


def clickable_fit(s, fit, band, lam, X, y, key, chart_height=None, legend=True, tag=None):
    """The fit chart with its ± 2 std band (compute.fit_band at penalty `lam`); a click on the data band (snapped to
    a nice step of the fixed axes) adds or removes a point, a click on the αᵢ strip under it is not data. Compare
    A / B's two charts: no legend (one row above both), `tag` ("A: …") in the plot's corner. Returns the chart's
    figures.FitParts (what a live sweep of it redraws)."""
    fig = figures.fit_figure(X, y, fit.xs, fit.f, fit.alpha, truth=s.source == "sine", present=present,
                             chart_height=chart_height, std=band.std, reach=band.reach, legend=legend, tag=tag)
    spec = fig.to_dict()
    layout = spec["layout"]
    x0, x1, floor, y1 = figures.fit_bounds(fit.xs, y, s.source == "sine", band.reach)
    sx, sy = figures.nice_step(x1 - x0, R["click_cols"]), figures.nice_step(y1 - floor, R["click_rows"])

    def on_click(cx, cy):
        if cy < floor:
            return False
        return points.click_edit(round(round(cx / sx) * sx, 6), round(round(cy / sy) * sy, 6), X, y, s.source,
                                 (x1 - x0, y1 - floor))

    click_chart(ui_figures.Spec({**spec, "layout": {**layout, "dragmode": False}}), key, on_click, **CHART)
    band_caption(s, band, lam)
    return fig.parts


def live_sweeps(s, parts, X, key):
    """The live sweeps of λ (also by dragging the chart sideways) and of γ over the fit chart just drawn, whose
    figures.FitParts are `parts` (ui.sweep): the curve and the αᵢ follow the bar's slider while it is dragged. None
    at λ = 0 (the λ slider is not used) or beyond compute.SWEEP_MAX points."""
    for param, slider, label in (("lam", KEY.LAM, "λ"), ("gamma", KEY.GAMMA, "γ")):
        sw = None if param == "lam" and s.lam_zero else compute.sweep(s.data, s.kernel, s.lam, param, s.kriege)
        if sw is not None:
            sweep(figures.fit_sweep_payload(sw, X, parts, key, slider, label, drag=param == "lam" or s.lam_zero))


def numbers(fit, held_out, suffix=""):
    """Training MSE, the K-fold CV error of this setting and the largest |α|."""
    row = st.container(horizontal=True, gap="medium")     # one element for the three: they wrap when narrow
    row.metric(f"Training MSE{suffix}", f"{fit.train_mse:.4g}", width="content")
    row.metric(f"{R['folds']}-fold CV MSE{suffix}", "—" if held_out is None else f"{held_out:.4g}", width="content",
               help="Held-out error of this very setting: fit without one fold, score on it (Cross-validation).")
    row.metric(f"Largest $|\\alpha_i|${suffix}", f"{np.max(np.abs(fit.alpha)):.4g}", width="content")
    if fit.solver == "lstsq":
        st.warning("K + λI is singular (λ = 0 with repeated x, or nearly so) or not positive definite: the "
                   "Cholesky solve is replaced by least squares, which returns the shortest α that fits best.")


def compare_toggle(short=False):
    """The switch of Compare A / B; `short`: "A / B" without its help, one line wide (beside the pictures' legend on a
    projector)."""
    st.toggle("A / B" if short else "Compare A / B", key=KEY.COMPARE, bind="query-params", width="content",
              help=None if short else "A second fit B with its own kernel and λ over the same data, drawn beside this one.")


def toolbar(s, n, compare=True):
    """Compare A / B (unless `compare` is False), what a click does, Undo, and what a click on the sine does."""
    a, b = st.columns([3, 2], vertical_alignment="bottom")
    a.segmented_control("Click on the plot to", list(points.CLICK_MODES), format_func=points.CLICK_MODES.get,
                        key=KEY.CLICK_MODE, default="add", selection_mode="single")
    b.button("↩ Undo", key=KEY.UNDO, on_click=points.undo_points, disabled=not points.can_undo(), width="stretch")
    if compare:
        compare_toggle()
    st.markdown(f"{n} points — your own" if s.source == "own" else
                "A click switches to **your own points**: these sine points plus the one you click.")


def own_points_editor(s):
    with st.expander("✏️ Your points (x, y) — kept for this session and in the link", expanded=True):
        st.data_editor(st.session_state[points.POINTS], key=points.editor_key(), num_rows="dynamic",
                       on_change=points.commit_edits,
                       column_config={c: st.column_config.NumberColumn(c, format="%.3f") for c in ("x", "y")})
        b1, b2 = st.columns(2)
        b1.button("Replace with 12 points of the noisy sine", key=KEY.TO_SINE, on_click=points.replace_points,
                  args=compute.dataset(("sine", 12, R["noise"][2], 0)))
        b2.button("Duplicate every point (try it with λ = 0)", key=KEY.DUPLICATE, on_click=points.duplicate_points)
        if s.dropped:
            st.warning(f"{s.dropped} row(s) with an empty cell are left out.")
        st.caption("Click on the fit chart, or edit the table: type x and y, add rows at the bottom, select rows to "
                   "delete them.")


def compare_view(s, X, y, n, fit_a, cv_a, head_b):
    """Compare A / B under A's bar (the topic's): B's kernel and λ in `head_b` beside it, the click tools folded in a
    menu beside one legend row, then the two fits, of one size (keys "ab_head", "ab_tools": ui.classroom)."""
    with head_b:
        row = st.container(key="kernel_ridge_b_bar", border=True, horizontal=True, gap="small",
                           vertical_alignment="bottom")
        kernel_b = settings.pick_kernel(row, page=f"{settings.PAGE}_b", compact=present)
        lam_b = s.to_lam(log_slider("Ridge penalty λ (B)", KEY.B_LAM, *R["b_lam"], container=row,
                                    symbol="λ" if present else None))
    with st.spinner("Fitting and cross-validating B…"):
        fit_b, cv_b = compute.krr_fit(s.data, kernel_b, lam_b), compute.held_out_error(s.data, kernel_b, lam_b)
    sides = [(fit_a, cv_a, "A", s.kernel, s.lam, compute.fit_band(s.data, s.kernel, s.lam)),
             (fit_b, cv_b, "B", kernel_b, lam_b, compute.fit_band(s.data, kernel_b, lam_b))]
    with st.container(key="ab_tools", horizontal=True, vertical_alignment="center", gap="small"):
        # the toggle stays out of the menu: a widget in a closed menu is not drawn in the browser, which would send
        # back its value from before a Check turned Compare on (and turn it off again on the next click)
        compare_toggle(short=present)
        with st.popover("🖱" if present else "🖱 Clicks", help="What a click on a chart does, Undo."):
            toolbar(s, n, compare=False)
        st.markdown(legend_html(figures.legend_items(s.source == "sine", any(not band.why for *_, band in sides)),
                                right=True, large=present), unsafe_allow_html=True)
    height = compare_height(figures.height("compare", present), present, s.kernel, kernel_b)
    for col, (fit, cv, tag, kernel, lam, band) in zip(st.columns(2, gap="large"), sides):
        with col:
            parts = clickable_fit(s, fit, band, lam, X, y, KEY.FIT_CHART if tag == "A" else KEY.FIT_B_CHART,
                                  chart_height=height, legend=False,
                                  tag=f"{tag}: {kernel.describe()}, λ = {lam:.4g}")
            if tag == "A":   # A follows the bar's sliders
                live_sweeps(s, parts, X, KEY.FIT_CHART)
            numbers(fit, cv, f" ({tag})")


@st.fragment
def view():
    """The bar, the fit(s) and their numbers: only this part reruns when a setting of the bar moves or a click edits
    the points."""
    # the toggle is drawn further down: before it has run (a link just opened), the link says whether it is on
    state = st.session_state
    compare = bool(state[KEY.COMPARE]) if KEY.COMPARE in state else \
        links.opened(KEY.COMPARE).lower() == "true"
    if compare:                 # two fits side by side, A's settings and B's in one row over them (tight: both fit)
        ab = st.container(gap="xsmall")
        with ab, st.container(key="ab_head"):
            head_a, head_b = st.columns([5, 3], gap="small", vertical_alignment="bottom")   # A: data, kernel, λ, ⋯
        with head_a:
            s, left, right = settings.bar(compact=present), None, None
    else:                       # the fit on the left, the bar and the section's controls and numbers on the right
        s, left, right = settings.frame()
    try:
        X, y = compute.dataset(s.data)
    except ValueError as err:
        with right or st.container():
            st.error(f"No data to fit: {err}")
            st.button("↩ Undo", key=KEY.UNDO, on_click=points.undo_points, disabled=not points.can_undo())
        own_points_editor(s)
        return
    n = len(X)
    with st.spinner("Fitting and cross-validating…"):
        fit_a, cv_a = compute.krr_fit(s.data, s.kernel, s.lam), compute.held_out_error(s.data, s.kernel, s.lam)
    if not compare:
        with right:
            toolbar(s, n)
            latex(rf"\begin{{aligned}}\boldsymbol\alpha &= (\mathbf K + \lambda\mathbf I_n)^{{-1}}\mathbf y\\ "
                          rf"n &= {n},\ \lambda = {s.lam:.4g}\\ "
                          rf"f(\mathbf x) &= \textstyle\sum_{{l=1}}^{{{n}}} \alpha_l\, k(\mathbf x_l, \mathbf x)"
                          r"\end{aligned}")
            numbers(fit_a, cv_a)
            if compute.cv_note(n):
                st.caption(compute.cv_note(n))
            latex(with_numbers(s.kernel.name, dict(s.kernel.params), aligned=True))
        with left:
            live_sweeps(s, clickable_fit(s, fit_a, compute.fit_band(s.data, s.kernel, s.lam), s.lam, X, y,
                                         KEY.FIT_CHART), X, KEY.FIT_CHART)
        explain("The stems under the curve are the **dual coefficients αᵢ**: each data point adds the bump "
                "αᵢ k(xᵢ, x), with α = (K + λI)⁻¹y (Held). Lower λ and the αᵢ grow and alternate in sign as the "
                "curve chases the noise; raise λ and they shrink towards 0 — what the picture shows, not a claim of "
                "the lecture texts.")
    else:
        with ab:
            compare_view(s, X, y, n, fit_a, cv_a, head_b)
        explain("Same data, two settings: the numbers show which fits the training points closer (training MSE) and "
                "which predicts left-out points better (CV MSE) — they need not be the same one.")
    if s.source == "own":
        own_points_editor(s)
    if not points.link_fits():
        st.caption(f"Your points are more than {MAX_URL_POINTS}: they do not fit in a link (the link shows the "
                   f"built-in points). Keep at most {MAX_URL_POINTS} to share them.")


view()
show_code(kc.KernelRidge, kc.ridge.solve_dual)
exercises(settings.PAGE, [
    Exercise("kr_alphas", "What happens to the dual coefficients αᵢ = ((K + λI)⁻¹y)ᵢ as λ → 0?",
             ("They shrink towards 0", "They grow large and alternate in sign while the curve runs through every "
              "noisy point", "Nothing: λ only moves the curve up or down"), 1,
             {**settings.LAM_OFF, KEY.SOURCE: "sine", KEY.LAM: 0.0001, KEY.COMPARE: True,
              KEY.B_KERNEL: "rbf", KEY.B_GAMMA: 1.0, KEY.B_LAM: 1.0},
             "A has λ = 0.0001, B the same kernel with λ = 1. With almost no penalty, K + λI is close to the "
             "ill-conditioned K, so α = (K + λI)⁻¹y is large, of alternating sign, and the curve interpolates the "
             "noise: training MSE near 0, CV MSE higher. The penalty λ‖β‖² (Held) keeps α small and the curve "
             "smooth."),
    SliderExercise("kr_kriege_lam", "Kriege solves kernel ridge as α = (K + nλI)⁻¹y; this slider is Held's λ in "
                   "α = (K + λI)⁻¹y. On the noisy sine with n = 30 points, set λ for the same fit as Kriege's λ = 0.01.",
                   KEY.LAM, "λ", log_options(*R["lam"][:2]), (0.28, 0.35),
                   {**settings.LAM_OFF, KEY.SOURCE: "sine", KEY.N: 30, KEY.LAM: 0.316, KEY.COMPARE: False},
                   "Held's λ = n × Kriege's λ = 30 × 0.01 = 0.3, the slider's 0.316 (Kriege averages the squared "
                   "errors over n, Held sums them). The ⋯ Options switch 'Slider sets Kriege's λ' does the "
                   "multiplication for you."),
])
section_footer(__file__)
