"""Kernel ridge regression › Cross-validation: K-fold CV error over a grid of (λ, γ) (Kriege), the best setting
starred, and one click to apply it; under it, Kriege's brute-force choice of the kernel itself, each kernel's best
(λ, γ) by the same cross-validation."""
import pandas as pd
import streamlit as st

import kernel_core as kc
from pages.kernel_ridge import compute, figures, figures_cv, settings
from pages.kernel_ridge.settings import KEY
from ui import figures as ui_figures
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.controls import labeller
from ui.formulas import latex
from ui.kernel_choice import LABELS as KERNEL_LABELS
from ui.nav import section_footer, section_header
from ui.ranges import KERNEL_RIDGE as R

CHART = {"config": ui_figures.CHART_CONFIG}

SCHEMES = {"kfold": "k-fold", "monte_carlo": "Monte Carlo"}   # kernel_core.ridge.CV_SCHEMES, as the section names them

section_header(__file__)
present = presenting()


def apply_best(best_lam, best_gamma):
    """on_click of Apply: the bar's λ (Held's, so the Kriege toggle and λ = 0 go off) and γ."""
    ss = st.session_state
    ss[KEY.LAM], ss[KEY.KRIEGE], ss[KEY.LAM_ZERO] = best_lam, False, False
    if best_gamma is not None:
        ss[KEY.GAMMA] = best_gamma


@st.fragment
def cross_validation():
    """The bar and the CV map: only this part reruns when a setting of the bar moves."""
    s, left, right = settings.frame()
    grid_name = "gamma" if s.kernel.gamma is not None else None
    with right:
        scheme = st.radio("Splits", list(SCHEMES), format_func=labeller(SCHEMES), horizontal=True, key=KEY.CV_SCHEME,
                          help="Kriege's summary names both: k-fold (each point tested once) and "
                                                    "Monte Carlo cross-validation (random test sets, drawn anew).")
    try:
        with st.spinner("Cross-validating the grid…"):
            res = compute.cv_grid(s.data, s.kernel, compute.CV_LAMS, grid_name, compute.CV_GAMMAS if grid_name else (),
                                  scheme)
    except ValueError as err:
        right.info(f"Cross-validation needs more points: {err}")
        return
    best_gamma = res.best_params.get("gamma")
    with left:
        if grid_name:
            fig = figures_cv.cv_heatmap(res, "gamma", (s.gamma, s.lam), present=present)
        else:
            fig = figures_cv.error_curves(res.lams, res.train_errors[:, 0], res.errors[:, 0],
                                       max(s.lam, compute.CV_LAMS[0]), "λ (log scale)", present=present,
                                       chart_height=figures.height("main", present))
        st.plotly_chart(fig, key=KEY.CV_CHART, **CHART)
    with right:
        K = min(R['folds'], compute.cv_points(s.n))
        latex(r"\begin{aligned}\mathrm{CV}(\lambda,\gamma) &= \frac{1}{K}\sum_{k=1}^{K}\mathrm{MSE}_k,\quad K = "
                      + f"{K}" + r"\\ \mathrm{MSE}_k &= \frac{1}{|F_k|}\sum_{i\in F_k}"
                      r"\big(f_{-k}(\mathbf x_i) - y_i\big)^2\end{aligned}")
        if scheme == "monte_carlo":
            st.caption(f"Monte Carlo: the Fₖ are {K} independent random test sets of "
                       f"{round(compute.MC_TEST_SHARE * compute.cv_points(s.n))} points (a fifth) — a point may be "
                       "tested twice or never; with k-fold the Fₖ split the points, each tested once.")
        best = f"λ = {res.best_lam:g}" + (f", γ = {best_gamma:g}" if best_gamma is not None else "")
        st.metric("Best setting on the grid", best, help=f"CV mean squared error {res.best_error:.4g}")
        st.metric("Its CV mean squared error", f"{res.best_error:.4g}")
        if st.button("Apply the best setting", key=KEY.APPLY, on_click=apply_best, args=(res.best_lam, best_gamma),
                     type="primary"):
            st.rerun()
        st.caption("f₋ₖ is fitted without fold Fₖ, then scored on it; the folds are a seeded shuffle. Star: the best "
                   "setting; ringed in red: the bar's. " + compute.cv_note(s.n))
    kernel_search(s, scheme)


def kernel_search(s, scheme):
    """Kriege's brute-force choice of the kernel itself: each kernel's best (λ, γ) by the same cross-validation."""
    search = compute.kernel_search(s.data, scheme)
    explain("**Choosing the kernel itself (Kriege).** The map chooses a kernel's parameters. For the kernel, "
            "Kriege names domain knowledge (what the data are), a brute-force or heuristic search scored by "
            "cross-validation — this table: each kernel on its own (λ, γ) grid, the same splits — and learning "
            "the kernel (multiple kernel learning, hyperkernels; not in this app).")
    table = pd.DataFrame({"kernel": [KERNEL_LABELS[n] for n in search.names],
                          "best λ": [f"{v:g}" for v in search.lams],
                          "best γ": ["—" if g is None else f"{g:g}" for g in search.gammas],
                          "CV mean squared error": list(search.errors),
                          "": ["★ the search's pick" if i == search.best else "" for i in range(len(search.names))]})
    st.dataframe(table.style.format({"CV mean squared error": "{:.4g}"}), hide_index=True)
    st.caption("The polynomial kernel at degree m = 2 and r = 1, its γ searched; the sigmoid is left out (not a "
               "kernel). The pick is the kernel whose best setting predicts the left-out points best.")


cross_validation()
explain("Each cell is one (λ, γ): fit on four fifths of the points, score on the fifth left out, average over the five "
        "choices of the fifth (k-fold). **Monte Carlo** cross-validation (Kriege's summary names both) draws a fresh "
        "random fifth five times instead: the test sets may overlap, and more draws average out their luck. "
        "The valley of the map is the setting that predicts new points best; **Apply** sets "
        "the bar to it. Over- and under-fitting, the next section, shows why the valley is where it is.")
show_code(kc.cross_validate)
section_footer(__file__)
