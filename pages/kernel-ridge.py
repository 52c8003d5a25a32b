"""Kernel ridge regression (seeds 000, 001, 003, 004) and the Gaussian-process view (seed 001, Bishop PRML 6.4):
the fit and its dual coefficients, primal vs dual, semi-parametric regression, cross-validation, over- and
under-fitting, and the GP posterior whose mean is the kernel ridge prediction."""
import numpy as np
import pandas as pd
import streamlit as st

import kernel_core as kc
from ui import kernel_ridge as kr
from ui.classroom import explain
from ui.code import show_code
from ui.controls import kernel_picker, labeller, log_options, log_slider
from ui.formulas import with_numbers
from ui.ranges import KERNEL_RIDGE as R
from ui.ranges import PARAMS
from ui.shell import require_app_shell

require_app_shell()

PAGE = "kernel_ridge"
CHART = {"config": {"displayModeBar": False}}
SOURCES = {"sine": "Noisy sine", "own": "My own points"}

st.title("📈 Kernel ridge regression & Gaussian processes")
st.markdown("Ridge regression needs the data only through inner products, so the **kernel trick** turns it into "
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
        seed = st.number_input("Random seed", *R["seed"][:3], R["seed"][3], key=f"{PAGE}_seed", bind="query-params")
        key, dropped = ("sine", n_pts, noise, int(seed)), 0
    else:
        key, dropped = kr.own_points_key()
        st.caption("Edit the table below: type x and y, add rows at the bottom, select rows to delete them.")
with kernel_col:
    name, params = kernel_picker(PAGE)
    spec = tuple(params.items())
with lam_col:
    lam_value = log_slider("Ridge penalty λ", f"{PAGE}_lam", *R["lam"],
                           help="Larger λ = smoother curve, smaller dual coefficients.")
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
    st.stop()
n = len(X)
lam = 0.0 if lam_zero else (kc.lam_from_seed003(lam_value, n) if seed003 else lam_value)

with lam_col:
    if seed003 and not lam_zero:
        st.latex(rf"\lambda_{{003}} = {lam_value:g}\ \Rightarrow\ \lambda = n\,\lambda_{{003}} = {n}\times{lam_value:g}"
                 rf" = {lam:.4g}")
    else:
        st.latex(rf"\lambda_{{003}} = \lambda_{{000}} / n = {lam:.4g} / {n} = {lam / n:.4g}")
    st.caption(f"This page's λ is seeds 000/001/004's: α = (K + λI)⁻¹y. Seed 003 divides the squared error by n, "
               f"so its λ₀₀₃ = λ / n (here n = {n}): λ = {lam:.4g} is λ₀₀₃ = {lam / n:.4g}. "
               "scikit-learn calls λ alpha.")

# ---------------------------------------------------------------- 1. the fit and its dual coefficients
st.subheader("1 · The fit, and which points carry weight")
xs, f, alpha, mse, solver = kr.krr_fit(key, name, spec, lam)
st.latex(with_numbers(name, params))
left, right = st.columns([3, 2], gap="large")
with left:
    st.plotly_chart(kr.fit_figure(X, y, xs, f, alpha, truth=source == "sine"), key=f"{PAGE}_fit", **CHART)
with right:
    st.latex(rf"\boldsymbol\alpha = (\mathbf K + \lambda\mathbf I_n)^{{-1}}\mathbf y,\quad n = {n},\ \lambda = {lam:.4g}")
    st.latex(rf"f(\mathbf x) = \sum_{{l=1}}^{{{n}}} \alpha_l\, k(\mathbf x_l, \mathbf x)")
    m1, m2 = st.columns(2)
    m1.metric("Training MSE", f"{mse:.4g}")
    m2.metric("Largest |αₗ|", f"{np.max(np.abs(alpha)):.4g}")
    explain("The stems under the curve are the **dual coefficients αₗ**: each data point adds the bump "
                "αₗ k(xₗ, x). Lower λ and the αₗ grow and alternate in sign as the curve chases the noise; raise λ "
                "and they shrink towards 0 (seed 000).")
    if solver == "lstsq":
        st.warning("K + λI is singular (λ = 0 with repeated x, or nearly so) or not positive definite: the "
                   "Cholesky solve is replaced by least squares, which returns the shortest α that fits best.")
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
    along_lam = kr.cv_grid(key, name, spec, lams, None, ())
    cols = st.columns(2 if grid_name else 1, gap="large")
    with cols[0]:
        st.plotly_chart(kr.error_curves(lams, along_lam.train_errors[:, 0], along_lam.errors[:, 0], max(lam, lams[0]),
                                        "λ (log scale)"), key=f"{PAGE}_along_lam", **CHART)
    if grid_name:
        along_gamma = kr.cv_grid(key, name, spec, (lam,), "gamma", gvals)
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
        sample_seed = st.number_input("Sample seed", *R["sample_seed"][:3], R["sample_seed"][3],
                                      key=f"{PAGE}_sample_seed", bind="query-params")
        st.latex(r"m(\mathbf x) = \mathbf k(\mathbf x)^\top(\mathbf K + \sigma^2\mathbf I)^{-1}\mathbf y")
        st.latex(r"\begin{aligned}\operatorname{var} f(\mathbf x) &= k(\mathbf x,\mathbf x)\\ &\quad - \mathbf k(\mathbf x)^\top"
                 r"(\mathbf K + \sigma^2\mathbf I)^{-1}\mathbf k(\mathbf x)\end{aligned}")
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
