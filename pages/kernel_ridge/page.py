"""Kernel ridge regression (seeds 000, 001, 003, 004) and the Gaussian-process view (seed 001, Bishop PRML 6.4):
the fit and its dual coefficients, primal vs dual, semi-parametric regression, cross-validation, over- and
under-fitting, and the GP posterior whose mean is the kernel ridge prediction."""
import numpy as np
import pandas as pd
import streamlit as st

import kernel_core as kc
from ui import figures
from ui import kernel_ridge as kr
from ui.classroom import explain
from ui.code import show_code
from ui.controls import KERNEL_LABELS, kernel_picker, labeller, log_options, log_slider
from ui.exercises import Exercise, exercises
from ui.formulas import with_numbers
from ui.large_n import krr_panel
from ui.ranges import KERNEL_RIDGE as R
from ui.ranges import PARAMS

PAGE = "kernel_ridge"
CHART = {"config": figures.CHART_CONFIG}
SOURCES = {"sine": "Noisy sine", "own": "My own points"}

st.title("📈 Kernel ridge regression & Gaussian processes")
explain("Ridge regression needs the data only through inner products, so the **kernel trick** turns it into "
        "a non-linear regression: solve for one **dual coefficient αₗ per data point** and predict with "
        "$f(\\mathbf{x}) = \\sum_l \\alpha_l k(\\mathbf{x}_l, \\mathbf{x})$ (seeds 000, 001, 003, 004). Read "
        "as a Gaussian process (seed 001), the same curve is a posterior mean — with error bars. The data here are "
        "1-D and set on this page (the sidebar's 2-D data set is for the classification pages).")
kr.init_points()

# ---------------------------------------------------------------- data, kernel, lambda
data_col, kernel_col, lam_col = st.columns(3, gap="large")
with data_col:
    source = st.radio("Data", list(SOURCES), format_func=labeller(SOURCES), key=f"{PAGE}_source",
                      horizontal=True, bind="query-params")
    if source == "sine":
        n_pts = st.slider("Points n", *R["n"][:3], R["n"][3], key=f"{PAGE}_n", bind="query-params")
        noise = st.slider("Noise (std of y − sin x)", *R["noise"][:3], R["noise"][3], key=f"{PAGE}_noise",
                          bind="query-params")
        with st.container(key="secondary_kr_seed"):
            seed = st.number_input("Random seed", *R["seed"][:3], R["seed"][3], key=f"{PAGE}_seed",
                                   bind="query-params")
        key, dropped = ("sine", n_pts, noise, int(seed)), 0
    else:
        key, dropped = kr.own_points_key()
        st.caption("Click on the fit plot below, or edit the table: type x and y, add rows at the bottom, "
                   "select rows to delete them.")
with kernel_col:
    name, params = kernel_picker(PAGE)
    spec = tuple(params.items())
with lam_col:
    lam_value = log_slider("Ridge penalty λ", f"{PAGE}_lam", *R["lam"],
                           help="Larger λ = smoother curve, smaller dual coefficients.")
    with st.container(key="secondary_kr_lam"):
        seed003 = st.toggle("Slider sets seed 003's λ (α = (K + nλI)⁻¹y)", key=f"{PAGE}_nlam", bind="query-params")
        lam_zero = st.checkbox("λ = 0 (no penalty at all)", key=f"{PAGE}_lam0", bind="query-params")

if source == "own":
    with st.expander("✏️ Your points (x, y) — kept for this session", expanded=True):
        st.data_editor(st.session_state[kr.POINTS], key=kr.editor_key(), num_rows="dynamic", on_change=kr.commit_edits,
                       column_config={c: st.column_config.NumberColumn(c, format="%.3f") for c in ("x", "y")})
        b1, b2 = st.columns(2)
        b1.button("Replace with 12 points of the noisy sine", key=f"{PAGE}_to_sine", on_click=kr.replace_points,
                  args=kr.dataset(("sine", 12, R["noise"][2], 0)))
        b2.button("Duplicate every point (try it with λ = 0)", key=f"{PAGE}_dup", on_click=kr.duplicate_points)
        if dropped:
            st.warning(f"{dropped} row(s) with an empty cell are left out.")
try:
    X, y = kr.dataset(key)
except ValueError as err:
    st.error(f"No data to fit: {err}")
    st.button("↩ Undo", key=f"{PAGE}_undo", on_click=kr.undo_points, disabled=not st.session_state.get(kr.UNDO))
    st.stop()
n = len(X)


def to_lam(value, zero=False):
    """The page's λ (seeds 000/001/004) from a slider value: 0, the value, or n times seed 003's λ."""
    return 0.0 if zero else (kc.lam_from_seed003(value, n) if seed003 else value)


lam = to_lam(lam_value, lam_zero)

with lam_col:
    if seed003 and not lam_zero:
        st.latex(rf"\lambda_{{003}} = {lam_value:g}\ \Rightarrow\ \lambda = n\,\lambda_{{003}} = {n}\times{lam_value:g}"
                 rf" = {lam:.4g}")
    else:
        st.latex(rf"\begin{{aligned}}\lambda_{{003}} &= \lambda_{{000}} / n\\ &= {lam:.4g} / {n} = {lam / n:.4g}\end{{aligned}}")
    st.caption(f"This page's λ is seeds 000/001/004's: α = (K + λI)⁻¹y. Seed 003 divides the squared error by n, "
               f"so its λ₀₀₃ = λ / n (here n = {n}): λ = {lam:.4g} is λ₀₀₃ = {lam / n:.4g}. "
               "scikit-learn calls λ alpha.")

# ---------------------------------------------------------------- 1. the fit and its dual coefficients
st.subheader("1 · The fit, and which points carry weight")
c1, c2, c3, c4 = st.columns([2, 2, 1, 3], vertical_alignment="bottom")
compare = c1.toggle("Compare A / B", key=f"{PAGE}_compare", bind="query-params",
                    help="A second fit B with its own kernel and λ over the same data, drawn beside this one.")
c2.segmented_control("Click on the plot to", list(kr.CLICK_MODES), format_func=kr.CLICK_MODES.get,
                     key=kr.CLICK_MODE, default="add", selection_mode="single")
c3.button("↩ Undo", key=f"{PAGE}_undo", on_click=kr.undo_points, disabled=not st.session_state.get(kr.UNDO),
          width="stretch")
c4.markdown(f"{n} points — your own" if source == "own" else
            "A click switches to **your own points**: these sine points plus the one you click.")


def numbers(fit, held_out, suffix="", per_row=3):
    """Training MSE, the K-fold CV error of this setting and the largest |alpha|."""
    row = st.columns(per_row)
    row[0].metric(f"Training MSE{suffix}", f"{fit[3]:.4g}")
    row[1].metric(f"{R['folds']}-fold CV MSE{suffix}", "—" if held_out is None else f"{held_out:.4g}",
                  help="Held-out error of this very setting: fit without one fold, score on it (section 4).")
    last = row[2] if per_row == 3 else st.columns(per_row)[0]
    last.metric(f"Largest |αₗ|{suffix}", f"{np.max(np.abs(fit[2])):.4g}")
    if fit[4] == "lstsq":
        st.warning("K + λI is singular (λ = 0 with repeated x, or nearly so) or not positive definite: the "
                   "Cholesky solve is replaced by least squares, which returns the shortest α that fits best.")


def fit_chart(fit, chart_key, height):
    xs, f, alpha = fit[:3]
    kr.clickable_fit(kr.fit_figure(X, y, xs, f, alpha, truth=source == "sine", height=height), chart_key,
                     X, y, source, **CHART)


with st.spinner("Fitting and cross-validating…"):
    fit_a = kr.krr_fit(key, name, spec, lam)
    cv_a = kr.held_out_error(key, name, spec, lam)
if compare:
    col_a, col_b = st.columns(2, gap="large")
    with col_b:
        st.markdown("**B** — its own kernel and λ, same data")
        kb, lb = st.columns(2)
        name_b, params_b = kernel_picker(f"{PAGE}_b", container=kb)
        lam_b_value = log_slider("Ridge penalty λ (B)", f"{PAGE}_b_lam", *R["b_lam"], container=lb)
        lam_b = to_lam(lam_b_value)
        spec_b = tuple(params_b.items())
    with st.spinner("Fitting and cross-validating B…"):
        fit_b = kr.krr_fit(key, name_b, spec_b, lam_b)
        cv_b = kr.held_out_error(key, name_b, spec_b, lam_b)
    for col, (nm, pr, lm, tag) in zip((col_a, col_b), [(name, params, lam, "A — the kernel and λ set above"),
                                                       (name_b, params_b, lam_b, "B")]):
        values = "".join(f", {PARAMS[k][0].split()[0]} = {v:g}" for k, v in pr.items())
        col.markdown(f"**{tag[0]}**{tag[1:]}: {KERNEL_LABELS[nm]}{values}, λ = {lm:.4g}")
    for col, (fit, cv, tag) in zip(st.columns(2, gap="large"), [(fit_a, cv_a, "A"), (fit_b, cv_b, "B")]):
        with col:
            fit_chart(fit, f"{PAGE}_fit" if tag == "A" else f"{PAGE}_fit_b", 460)
            numbers(fit, cv, f" ({tag})")
    explain("Same data, two settings: the numbers show which fits the training points closer (training MSE) and "
            "which predicts left-out points better (CV MSE) — they need not be the same one.")
else:
    st.latex(with_numbers(name, params))
    left, right = st.columns([3, 2], gap="large")
    with left:
        fit_chart(fit_a, f"{PAGE}_fit", 520)
    with right:
        st.latex(rf"\boldsymbol\alpha = (\mathbf K + \lambda\mathbf I_n)^{{-1}}\mathbf y,\quad n = {n},\ "
                 rf"\lambda = {lam:.4g}")
        st.latex(rf"f(\mathbf x) = \sum_{{l=1}}^{{{n}}} \alpha_l\, k(\mathbf x_l, \mathbf x)")
        numbers(fit_a, cv_a, per_row=2)
        explain("The stems under the curve are the **dual coefficients αₗ**: each data point adds the bump "
                "αₗ k(xₗ, x). Lower λ and the αₗ grow and alternate in sign as the curve chases the noise; raise λ "
                "and they shrink towards 0 (seed 000).")
show_code(kc.KernelRidge, kc.ridge.solve_dual)


# ---------------------------------------------------------------- 2. primal vs dual
@st.fragment
def primal_dual_panel():
    st.subheader("2 · Primal or dual: the same β, two different solves (seed 000)")
    left, right = st.columns(2, gap="large")
    with left:
        p = st.slider("Features p: u, u², …, uᵖ with u = x / max|x|", *R["p"][:3], R["p"][3], key=f"{PAGE}_p",
                      bind="query-params")
        st.latex(r"\begin{aligned}\hat{\boldsymbol\beta} &= (\mathbf X^\top\mathbf X + \lambda\mathbf I_p)^{-1}"
                 r"\mathbf X^\top\mathbf y\\ &= \mathbf X^\top(\mathbf X\mathbf X^\top + \lambda\mathbf I_n)^{-1}"
                 r"\mathbf y = \mathbf X^\top\hat{\boldsymbol\alpha}\end{aligned}")
        if lam <= 0:
            st.info("The Woodbury identity needs λ > 0 (seed 000): untick λ = 0 to compare the two routes.")
            return
        b_primal, b_dual = kr.primal_vs_dual(key, p, lam)
        st.dataframe(pd.DataFrame({"β primal (p × p solve)": b_primal, "β = Xᵀα (n × n solve)": b_dual,
                                   "difference": np.abs(b_primal - b_dual)},
                                  index=[f"β{j + 1} (u^{j + 1})" for j in range(p)]).style.format("{:.3e}"))
        st.caption(f"Linear kernel K = XXᵀ on these {p} features, λ = {lam:.4g}: the two columns agree to round-off.")
    with right:
        rows = [(n, p), (n, 100), (n, 10_000), (100 * n, p)]
        costs = [kc.solve_costs(a, b) for a, b in rows]
        st.dataframe(pd.DataFrame({"n": [a for a, _ in rows], "p": [b for _, b in rows],
                                   "primal ≈ np² + p³/3": [c["primal"] for c in costs],
                                   "dual ≈ n²p + n³/3": [c["dual"] for c in costs],
                                   "cheaper": ["primal" if c["primal"] < c["dual"] else "dual" for c in costs]})
                     .style.format({"primal ≈ np² + p³/3": "{:.2e}", "dual ≈ n²p + n³/3": "{:.2e}"}), hide_index=True)
        st.caption("Floating-point operations to form the matrix and solve it by Cholesky. The dual route wins when "
                   "p > n — and a kernel's feature space may have p = ∞ (seed 001: 'we determine a by inverting "
                   "an N × N matrix, whereas in the original parameter space … an M × M matrix').")
    show_code(kc.primal_ridge, kc.solve_costs)


primal_dual_panel()

gamma = float(params.get("gamma") or PARAMS["gamma"][3])


# ---------------------------------------------------------------- 3. semi-parametric regression
@st.fragment
def semi_parametric_panel():
    st.subheader("3 · Semi-parametric regression: RBF + linear (seed 003)")
    left, right = st.columns([1, 2], gap="large")
    with left:
        c1 = st.slider("c₁ (RBF part)", *R["c1"][:3], R["c1"][3], key=f"{PAGE}_c1", bind="query-params")
        c2 = st.slider("c₂ (linear part)", *R["c2"][:3], R["c2"][3], key=f"{PAGE}_c2", bind="query-params")
        slope = st.slider("Trend added to the data: y + t·x", *R["slope"][:3], R["slope"][3], key=f"{PAGE}_slope",
                          bind="query-params")
        h = 1 / np.sqrt(gamma)
        st.latex(rf"\begin{{aligned}}k(\mathbf x,\mathbf x') &= {c1:g}\,\exp\!\left(-\frac{{\|\mathbf x-\mathbf x'\|^2}}"
                 rf"{{{h:.3g}^2}}\right)\\ &\quad + {c2:g}\,\mathbf x^\top\mathbf x'\end{{aligned}}")
        st.caption(f"Seed 003 writes the RBF width as h: h = 1/√γ = {h:.3g} (γ = {gamma:g}"
                   f"{' from the kernel above' if 'gamma' in params else ', the default: pick RBF above to set it'}); "
                   f"λ = {lam:.4g} as above.")
    with right:
        try:
            xs3, y3, f_rbf, f_both = kr.semi_parametric(key, gamma, lam, c1, c2, slope)
        except ValueError as err:
            st.error(f"This kernel cannot be fitted: {err}")
            return
        st.plotly_chart(kr.semi_figure(X, y3, xs3, f_rbf, f_both, kr.x_range(X, 0)), key=f"{PAGE}_semi", **CHART)
    explain("Outside the data every RBF bump has died away, so the RBF fit falls back to 0: a non-parametric model "
                "**fails to extrapolate**. The linear part c₂ xᵀx′ carries the trend beyond the data; the RBF part bends "
                "the curve inside it — 'parametric models are too rigid, nonparametric models fail to extrapolate'.")
    show_code(kc.Kernel.__add__, kc.algebra.Sum)


semi_parametric_panel()


# ---------------------------------------------------------------- 4-5. cross-validation, over- and under-fitting
def apply_best(best_lam, best_gamma):
    ss = st.session_state
    ss[f"{PAGE}_lam"], ss[f"{PAGE}_nlam"], ss[f"{PAGE}_lam0"] = best_lam, False, False
    if best_gamma is not None:
        ss[f"{PAGE}_gamma"] = best_gamma


@st.fragment
def cross_validation_panel():
    st.subheader(f"4 · Choosing λ{' and γ' if 'gamma' in params else ''} by {R['folds']}-fold cross-validation (seed 003)")
    lams = tuple(log_options(*R["lam"][:2])[::5])
    grid_name = "gamma" if "gamma" in params else None
    gvals = tuple(log_options(*PARAMS["gamma"][1:3])[::5]) if grid_name else ()
    try:
        with st.spinner("Cross-validating the grid…"):
            res = kr.cv_grid(key, name, spec, lams, grid_name, gvals)
    except ValueError as err:
        st.info(f"Cross-validation needs more points: {err}")
        return
    best_gamma = res.best_params.get("gamma")
    left, right = st.columns([3, 2], gap="large")
    with left:
        if grid_name:
            st.plotly_chart(kr.cv_heatmap(res, "gamma", (gamma, lam)), key=f"{PAGE}_cv", **CHART)
        else:
            st.plotly_chart(kr.error_curves(res.lams, res.train_errors[:, 0], res.errors[:, 0], max(lam, lams[0]), "λ"),
                            key=f"{PAGE}_cv", **CHART)
    with right:
        st.latex(r"\mathrm{CV}(\lambda,\gamma) = \frac{1}{K}\sum_{k=1}^{K}\frac{1}{|F_k|}\sum_{i\in F_k}"
                 r"\big(f_{-k}(\mathbf x_i) - y_i\big)^2")
        st.caption("f₋ₖ is fitted without fold Fₖ, then scored on it; the folds are a seeded shuffle.")
        best = f"λ = {res.best_lam:g}" + (f", γ = {best_gamma:g}" if best_gamma is not None else "")
        st.metric("Best setting on the grid", best, help=f"CV mean squared error {res.best_error:.4g}")
        st.caption(f"CV mean squared error {res.best_error:.4g}. Ringed in red: the current setting.")
        if st.button("Apply the best setting", key=f"{PAGE}_apply", on_click=apply_best,
                     args=(res.best_lam, best_gamma), type="primary"):
            st.rerun(scope="app")
    show_code(kc.cross_validate)

    st.subheader("5 · Over- and under-fitting: training vs held-out error")
    with st.spinner("Cross-validating along λ and γ…"):
        along_lam = kr.cv_grid(key, name, spec, lams, None, ())
        along_gamma = kr.cv_grid(key, name, spec, (lam,), "gamma", gvals) if grid_name else None
    cols = st.columns(2 if grid_name else 1, gap="large")
    with cols[0]:
        st.plotly_chart(kr.error_curves(lams, along_lam.train_errors[:, 0], along_lam.errors[:, 0], max(lam, lams[0]),
                                        "λ (log scale)"), key=f"{PAGE}_along_lam", **CHART)
    if grid_name:
        with cols[1]:
            st.plotly_chart(kr.error_curves(gvals, along_gamma.train_errors[0], along_gamma.errors[0], gamma,
                                            "γ (log scale)"), key=f"{PAGE}_along_gamma", **CHART)
    explain("Small λ or large γ: the training error falls towards 0 while the held-out error rises — the curve "
                "**over-fits** the noise. Large λ or small γ: both errors are high — it **under-fits**. "
                "Cross-validation picks the valley of the red curve.")


cross_validation_panel()


# ---------------------------------------------------------------- 6. the Gaussian-process view
@st.fragment
def gp_panel():
    st.subheader("6 · The Gaussian-process view: the same curve, with uncertainty (seed 001)")
    left, right = st.columns([1, 2], gap="large")
    with left:
        s2 = log_slider("Noise variance σ²", f"{PAGE}_gp_noise", *R["gp_noise"],
                        help="Variance of y around the latent function f; plays the role of λ.")
        n_samples = st.slider("Posterior samples", *R["samples"][:3], R["samples"][3], key=f"{PAGE}_samples",
                              bind="query-params")
        with st.container(key="secondary_kr_sample_seed"):
            sample_seed = st.number_input("Sample seed", *R["sample_seed"][:3], R["sample_seed"][3],
                                          key=f"{PAGE}_sample_seed", bind="query-params")
        st.latex(r"m(\mathbf x) = \mathbf k(\mathbf x)^\top(\mathbf K + \sigma^2\mathbf I)^{-1}\mathbf y")
        st.latex(r"\begin{aligned}\operatorname{var} f(\mathbf x) &= k(\mathbf x,\mathbf x)\\ &\quad - \mathbf k^\top"
                 r"(\mathbf K + \sigma^2\mathbf I)^{-1}\mathbf k\\ \text{with}\ \mathbf k &= \mathbf k(\mathbf x)"
                 r"\end{aligned}")
        st.caption(f"Prior f ~ GP(0, k) with the kernel above, y = f(x) + noise of variance σ² = {s2:g} "
                   "(Bishop PRML eq. 6.66–6.67). The band is the latent f's mean ± 2 standard deviations.")
    with right:
        try:
            xs6, mean, std, samples, gap, scale = kr.gp_view(key, name, spec, s2, n_samples, int(sample_seed))
        except ValueError as err:
            st.error(f"No Gaussian process with this kernel: {err}")
            return
        st.plotly_chart(kr.gp_figure(X, y, xs6, mean, std, samples), key=f"{PAGE}_gp", **CHART)
    shown = f"{gap:.1e}" if gap else r"0\ \text{(equal to the last bit)}"
    st.latex(rf"m(\mathbf x) = f_{{\mathrm{{KRR}}}}(\mathbf x)\ \text{{with}}\ \lambda = \sigma^2 = {s2:g}:\quad"
             rf"\max_x |m(\mathbf x) - f_{{\mathrm{{KRR}}}}(\mathbf x)| = {shown}")
    if gap <= 1e-8 * max(scale, 1.0):
        st.success("✅ Verified on the plotted grid: the GP posterior mean is the kernel ridge prediction with λ = σ² — "
                   "same formula, α = (K + σ²I)⁻¹y. What the GP adds is the band: narrow next to data, widening to "
                   "the prior's ±2√k(x, x) far from it.")
    else:
        st.warning(f"The GP mean and the KRR curve differ by {gap:.2e}: K + σ²I is badly conditioned here.")
    if source == "sine":
        st.caption(f"The sine's noise std is {noise:g}, so the matching noise variance is σ² = {noise ** 2:.4g}.")
    show_code(kc.GaussianProcessRegressor)


gp_panel()

# ---------------------------------------------------------------- 7. large n (Nyström / random features)
st.subheader("7 · Large n: exact up to 3 000 points, then Nyström or random features")
krr_panel(PAGE)


LAM_OFF = {f"{PAGE}_nlam": False, f"{PAGE}_lam0": False, f"{PAGE}_kernel": "rbf", f"{PAGE}_gamma": 1.0}
exercises(PAGE, [
    Exercise("kr_alphas", "What happens to the dual coefficients αₗ = ((K + λI)⁻¹y)ₗ as λ → 0?",
             ("They shrink towards 0", "They grow large and alternate in sign while the curve runs through every "
              "noisy point", "Nothing: λ only moves the curve up or down"), 1,
             {**LAM_OFF, f"{PAGE}_source": "sine", f"{PAGE}_lam": 0.0001, f"{PAGE}_compare": True,
              f"{PAGE}_b_kernel": "rbf", f"{PAGE}_b_gamma": 1.0, f"{PAGE}_b_lam": 1.0},
             "A has λ = 0.0001, B the same kernel with λ = 1 (section 1). With almost no penalty, K + λI is close to "
             "the ill-conditioned K, so α = (K + λI)⁻¹y is large, of alternating sign, and the curve interpolates the "
             "noise: training MSE near 0, CV MSE higher. The penalty λ‖β‖² (seed 000) keeps α small and the curve "
             "smooth."),
    Exercise("kr_extrapolate", "Data with a linear trend: far outside the data, what do RBF alone and RBF + linear "
             "predict (seed 003's semi-parametric regression)?",
             ("Both continue the trend", "RBF alone falls back to 0; RBF + linear continues the trend",
              "RBF alone continues the trend; RBF + linear flattens out"), 1,
             {**LAM_OFF, f"{PAGE}_c1": 1.0, f"{PAGE}_c2": 1.0, f"{PAGE}_slope": 1.0},
             "Section 3: every RBF bump exp(−‖x − xₗ‖²/h²) dies away far from the data, so f(x) = Σ αₗ k(xₗ, x) → 0 — "
             "'nonparametric models fail to extrapolate' (seed 003). The linear part c₂ xᵀx′ adds a straight line "
             "that carries the trend beyond the data."),
    Exercise("kr_gp_mean", "Give the Gaussian process the noise variance σ² = λ = 0.1. How does its posterior mean "
             "m(x) compare with the kernel ridge curve?",
             ("They are the same function", "m(x) is smoother, because the GP averages over many functions",
              "m(x) is the ridge curve divided by n"), 0,
             {**LAM_OFF, f"{PAGE}_lam": 0.1, f"{PAGE}_gp_noise": 0.1},
             "Section 6: m(x) = k(x)ᵀ(K + σ²I)⁻¹y (seed 001 after Bishop PRML 6.4) is kernel ridge's "
             "f(x) = k(x)ᵀα with α = (K + λI)⁻¹y and λ = σ²: the page checks it to the last bits on the plotted grid. "
             "What the GP adds is the ±2 std band around it."),
])


from ui.nav import section_footer  # noqa: E402

section_footer(__file__)
