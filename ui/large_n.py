"""The "Large n" sections of the kernel PCA and kernel ridge pages: exact fits up to EXACT_MAX_N points,
Nyström or random Fourier features above (kernel_core.large_n), with the fit time and the approximation error
next to the result. Cached wrappers keyed by plain values, figure builders, and the two fragment panels."""
from time import perf_counter

import numpy as np
import plotly.graph_objects as go
import streamlit as st

import kernel_core as kc
from kernel_core.large_n import EXACT_MAX_N, METHODS, kpca_gap, ridge_gap

from . import figures
from .cache import cache_data
from .classroom import explain, presenting
from .code import show_code
from .controls import labeller, log_slider
from .ranges import LARGE_N as R
from .theme import POSITIVE

ENTRIES = 16
MODES = {"auto-nystroem": "Auto: exact, then Nyström", "auto-rff": "Auto: exact, then random Fourier",
         "exact": "Exact (n × n Gram matrix)", "nystroem": "Nyström (always)", "rff": "Random Fourier (always)"}
DATA_LABELS = {"moons": "Moons", "circles": "Circles"}
CHART = {"config": figures.CHART_CONFIG}
DATA_COLOR, TRUTH_COLOR = "rgba(34,34,34,0.35)", "#999999"
HEIGHT = {True: 572, False: 470}   # px of the chart (presentation mode / normal): a plot ≥ 440 px tall on a projector
LEGEND = dict(orientation="h", x=1.0, xanchor="right", y=1.0, yanchor="top", bgcolor="rgba(255,255,255,0.8)")  # inside
COLUMNS = (1.2, 1)                 # the chart, and the controls / metrics beside it


def _shown(n, seed=R["seed"]):
    """Indices of the points drawn: all up to R["max_points"], else a seeded random subsample."""
    if n <= R["max_points"]:
        return np.arange(n)
    return np.sort(np.random.default_rng(seed).choice(n, R["max_points"], replace=False))


# ---------------------------------------------------------------- cached fits
@cache_data(max_entries=ENTRIES)
def kpca_result(data, n, method, m, gamma):
    """Kernel PCA (2 components) of n points, exact or approximate. Returns plain values: the method used, the
    drawn projections, eigenvalues, fit seconds and, for an approximation, its two errors."""
    used = kc.resolve_method(method, n)
    X, y = kc.large_dataset(data, n, R["noise"][data], R["seed"])
    start = perf_counter()
    if used == "exact":
        model = kc.KernelPCA(2, "rbf", gamma=gamma).fit(X)
        E, total = model.Kc_ @ model.dual_coef_, model.total_variance_
    else:
        model = kc.ApproxKernelPCA(2, used, m, gamma, seed=R["seed"]).fit(X)
        E, total = model.embedding_, model.total_variance_
    seconds = perf_counter() - start
    out = {"used": used, "seconds": seconds, "eigenvalues": model.eigenvalues_, "share": model.eigenvalues_ / total}
    if used != "exact":
        out["k_error"] = kc.kernel_error(model.map_, X, gamma, size=R["error_sample"], seed=R["seed"])
        out["gap"] = kpca_gap(X, 2, used, m, gamma, size=R["error_sample"], seed=R["seed"])
    idx = _shown(n)
    return {**out, "E": E[idx].astype(np.float32), "y": y[idx].astype(np.int8)}


@cache_data(max_entries=ENTRIES)
def krr_result(n, method, m, gamma, lam):
    """Kernel ridge regression of n points of the noisy sine, exact or approximate, on a R["grid"]-point grid."""
    used = kc.resolve_method(method, n)
    X, y = kc.large_dataset("sine", n, R["noise"]["sine"], R["seed"])
    grid = np.linspace(0.0, 2 * np.pi, R["grid"])[:, None]
    start = perf_counter()
    if used == "exact":
        model = kc.KernelRidge("rbf", lam=lam, gamma=gamma).fit(X, y)
    else:
        model = kc.ApproxKernelRidge(used, m, gamma, lam, seed=R["seed"]).fit(X, y)
    seconds = perf_counter() - start
    f = model.predict(grid)
    out = {"used": used, "seconds": seconds, "rmse": float(np.sqrt(np.mean((f - np.sin(grid[:, 0])) ** 2)))}
    if used != "exact":
        out["k_error"] = kc.kernel_error(model.map_, X, gamma, size=R["error_sample"], seed=R["seed"])
        out["gap"] = ridge_gap(X, y, grid, used, m, gamma, lam, size=R["error_sample"], seed=R["seed"])
    idx = _shown(n)
    return {**out, "x": X[idx, 0].astype(np.float32), "y": y[idx].astype(np.float32),
            "grid": grid[:, 0].astype(np.float32), "f": f.astype(np.float32)}


# ---------------------------------------------------------------- figures
def _span(a, pad=0.08):
    lo, hi = float(np.min(a)), float(np.max(a))
    d = (hi - lo) * pad or 1.0
    return [lo - d, hi + d]


@figures.cached_figure
def kpca_figure(E, y, title=None, present=False):
    fig = figures.add_classes(go.Figure(), E, y, size=5)
    fig.update_xaxes(range=_span(E[:, 0]), title="η⁽¹⁾", zeroline=True)
    fig.update_yaxes(range=_span(E[:, 1]), title="η⁽²⁾", zeroline=True)
    return figures.base_layout(fig, title, height=HEIGHT[bool(present)], present=present, showlegend=True,
                               legend=LEGEND)


@figures.cached_figure
def krr_figure(x, y, grid, f, title=None, present=False):
    fig = go.Figure([
        go.Scatter(x=x, y=y, mode="markers", name="data (drawn)", marker=dict(color=DATA_COLOR, size=4),
                   hoverinfo="skip"),
        go.Scatter(x=grid, y=np.sin(grid).astype(np.float32), mode="lines", name="sin x (truth)",
                   line=dict(color=TRUTH_COLOR, dash="dot", width=2), hoverinfo="skip"),
        go.Scatter(x=grid, y=f, mode="lines", name="f(x), the fit", line=dict(color=POSITIVE, width=3),
                   hovertemplate="x = %{x:.2f}<br>f(x) = %{y:.3f}<extra></extra>")])
    fig.update_xaxes(range=[-0.2, 2 * np.pi + 0.2], title="x")
    fig.update_yaxes(range=[-2.2, 2.2], title="y")
    return figures.base_layout(fig, title, height=HEIGHT[bool(present)], present=present, showlegend=True,
                               legend=LEGEND)


# ---------------------------------------------------------------- shared controls and text
def _controls(page, cols):
    """n, the method and m (the first three columns); returns plain values."""
    n = cols[0].select_slider("Points n", R["n"], value=R["n_default"], key=f"{page}_large_n", bind="query-params")
    method = cols[1].selectbox("Method", list(MODES), key=f"{page}_large_method", format_func=labeller(MODES),
                               bind="query-params", help=f"Auto: exact up to n = {EXACT_MAX_N:,}, the approximation "
                               "above.")
    try:
        exact = kc.resolve_method(method, n) == "exact"
    except ValueError:  # explained by _used below
        exact = False
    m = cols[2].select_slider("Landmarks m / random features D", R["m"], value=R["m_default"], key=f"{page}_large_m",
                              bind="query-params", disabled=exact,
                              help=f"Used by the approximations (above n = {EXACT_MAX_N:,} with the automatic "
                              "choice); greyed out while the fit is exact. Nyström needs m ≤ n.")
    return n, method, m


def _used(method, n):
    """The method used, or None after showing why there is none."""
    try:
        return kc.resolve_method(method, n)
    except ValueError as err:
        st.error(f"This setting cannot be fitted: {err}")
        return None


def _note(used, method, n, m):
    if used == "exact":
        st.success(f"✅ Exact: n = {n:,} ≤ {EXACT_MAX_N:,}, the n × n Gram matrix ({8 * n * n / 1e6:.0f} MB) is built "
                   "and solved directly — no approximation error.")
        return
    what = (f"Nyström with m = {m} landmarks" if used == "nystroem" else f"random Fourier features with D = {m}")
    if n > EXACT_MAX_N:
        st.info(f"ℹ️ n = {n:,} > {EXACT_MAX_N:,}: the exact fit would need an n × n Gram matrix "
                f"({8 * n * n / 1e9:.1f} GB) and O(n³) work, so this section switches to **{what}** — n × {m} numbers "
                "instead. The approximation error is shown next to the result.")
    else:
        st.info(f"ℹ️ {what} although n = {n:,} could be fitted exactly: compare its error and time with “Exact”.")


def _map_latex(used, m):
    if used == "nystroem":
        return (r"K \approx K_{nm}K_{mm}^{+}K_{mn},\quad \mathbf z(\mathbf x) = \Lambda^{-1/2}U^\top k(L,\mathbf x)"
                rf"\in\mathbb R^{{{m}}},\quad K_{{mm}} = k(L, L) = U\Lambda U^\top")
    return (r"\mathbf z(\mathbf x) = \sqrt{2/D}\,\cos(W^\top\mathbf x + \mathbf b),\quad W_{:j}\sim\mathcal N(0, 2\gamma I),"
            rf"\ b_j\sim U[0, 2\pi),\quad D = {m}")


SOURCE_NOTE = ("The lecture notes do not cover these approximations: Nyström is from Williams & Seeger (2001), random "
               "Fourier features from Rahimi & Recht (2007), as in Mercer's “Finite maps for RBF”; the primal solve "
               "is Held's Woodbury step with K ≈ ZZᵀ.")


def _num(v):
    """v for LaTeX: 0.0753, or 3.11 \\times 10^{-11} rather than 3.11e-11."""
    mant, _, exp = f"{v:.3g}".partition("e")
    return rf"{mant}\times 10^{{{int(exp)}}}" if exp else mant


def _error_latex(k_error):
    return rf"\frac{{\|K_S - Z_S Z_S^\top\|_F}}{{\|K_S\|_F}} = {_num(k_error)}"


def _errors(res, n, gap_label, gap_help):
    """The approximation's two errors on a random subsample S: of K, and of the result (`gap`)."""
    a, b = st.columns(2)
    a.metric("Error of K", f"{res['k_error']:.3g}", help="‖K_S − Z_S Z_Sᵀ‖_F / ‖K_S‖_F on a random subsample.")
    b.metric(gap_label, f"{res['gap']:.3g}", help=gap_help)
    st.latex(_error_latex(res["k_error"]))
    st.caption(f"S: {min(n, R['error_sample']):,} random points of the {n:,}; K_S = k(S, S), Z_S = z(S).")


def _drawn(n):
    return (f"All {n:,} points drawn." if n <= R["max_points"] else
            f"{R['max_points']:,} of the {n:,} points drawn (a random subsample), to keep the chart small.")


# ---------------------------------------------------------------- the panels
@st.fragment
def kpca_panel(page):
    present = presenting()
    left, right = st.columns(COLUMNS, gap="medium")
    with right:
        row1, row2 = st.columns(2), st.columns(2)
        n, method, m = _controls(page, [row1[0], row1[1], row2[0]])
        gamma = log_slider("γ of the RBF kernel", f"{page}_large_gamma", *R["kpca_gamma"], container=row2[1])
        data = st.selectbox("Data", R["kpca_data"], key=f"{page}_large_data", format_func=labeller(DATA_LABELS),
                            bind="query-params")
        used = _used(method, n)
        if used is None:
            return
        _note(used, method, n, m)
        try:
            with st.spinner(f"Kernel PCA of {n:,} points ({METHODS[used]})…"):
                res = kpca_result(data, n, method, m if used != "exact" else 0, gamma)
        except ValueError as err:
            st.error(f"Kernel PCA cannot be computed with these settings: {err}")
            return
        a, b = st.columns(2)
        a.metric("Fit time", f"{res['seconds']:.2f} s", help="Measured when first computed on this server (one BLAS "
                 "thread), then cached.")
        if used == "exact":
            b.metric("Method", "exact")
        else:
            b.metric("Landmarks m" if used == "nystroem" else "Random features D", f"{m}")
        if used == "exact":
            st.metric("Approximation error", "0 (exact)")
        else:
            _errors(res, n, "Error of the projections",
                    "Against exact kernel PCA on the same random subsample, after the best sign / rotation.")
        st.latex(rf"\lambda_1 = {res['eigenvalues'][0]:.4g},\ \lambda_2 = {res['eigenvalues'][1]:.4g}\quad"
                 rf"({100 * res['share'].sum():.1f}\%\ \text{{of }}\operatorname{{tr}}K')\;")
    left.plotly_chart(kpca_figure(res["E"], res["y"], present=present), key=f"{page}_large_fig", **CHART)
    left.caption(f"Kernel PCA of {n:,} {data}, {METHODS[used]}. {_drawn(n)} RBF kernel, γ = {gamma:g}; data: "
                 f"scikit-learn's make_{data}, noise {R['noise'][data]:g}.")
    if used == "exact":
        st.latex(r"K' = JKJ,\quad K'\mathbf u_i = \lambda_i\mathbf u_i\ \ (\text{2 leading pairs by Lanczos}),\quad"
                 r"\eta^{(i)}_l = \sqrt{\lambda_i}\,u_i^{(l)}\;")
        show_code(kc.KernelPCA.fit, kc.kpca._leading_eigh)
    else:
        st.latex(_map_latex(used, m))
        st.latex(rf"C = Z_c^\top Z_c = W\Lambda W^\top\ ({m}\times{m}),\quad \eta^{{(i)}}(\mathbf x) = "
                 r"(\mathbf z(\mathbf x) - \bar{\mathbf z})^\top\mathbf w_i,\quad Z_cZ_c^\top = JZZ^\top J \approx K'")
        st.caption("The projections are comparable to exact kernel PCA up to sign (and up to a rotation when two "
                   "eigenvalues are nearly equal). The projection error compares both on the same random "
                   f"{R['error_sample']:,} points, where the exact fit is cheap. " + SOURCE_NOTE)
        show_code(kc.ApproxKernelPCA, kc.kernel_error, kpca_gap)
    explain("Exact kernel PCA builds the n × n matrix K′ (72 MB at n = 3 000, 3.2 GB at n = 20 000) and finds its "
            "two leading eigenvectors by Lanczos, O(n²) per step. On m features the work is one pass over the data "
            "and an m × m eigenproblem. Nyström uses "
            "the data's own points as landmarks and is nearly exact once m passes the numerical rank of K; random "
            "Fourier features need many more features (error ~ 1/√D) — compare their projection errors.")


@st.fragment
def krr_panel(page):
    present = presenting()
    left, right = st.columns(COLUMNS, gap="medium")
    with right:
        row1, row2 = st.columns(2), st.columns(2)
        n, method, m = _controls(page, [row1[0], row1[1], row2[0]])
        gamma = log_slider("γ of the RBF kernel", f"{page}_large_gamma", *R["krr_gamma"], container=row2[1])
        lam = log_slider("Ridge penalty λ", f"{page}_large_lam", *R["krr_lam"])
        used = _used(method, n)
        if used is None:
            return
        _note(used, method, n, m)
        try:
            with st.spinner(f"Kernel ridge regression on {n:,} points ({METHODS[used]})…"):
                res = krr_result(n, method, m if used != "exact" else 0, gamma, lam)
        except ValueError as err:
            st.error(f"Kernel ridge regression cannot be computed with these settings: {err}")
            return
        a, b = st.columns(2)
        a.metric("Fit time", f"{res['seconds']:.2f} s", help="Measured when first computed on this server (one BLAS "
                 "thread), then cached.")
        b.metric("RMSE to sin x", f"{res['rmse']:.3g}", help="Root mean squared distance of the fit from the noise-free "
                 "function on the grid: the test error against the truth.")
        if used == "exact":
            st.metric("Approximation error", "0 (exact)")
        else:
            _errors(res, n, "Max |f − f_exact|",
                    "Approximate and exact fits on the same random subsample, compared on the grid.")
    left.plotly_chart(krr_figure(res["x"], res["y"], res["grid"], res["f"], present=present),
                      key=f"{page}_large_fig", **CHART)
    left.caption(f"{n:,} noisy points of sin x, {METHODS[used]}. {_drawn(n)} y = sin x + noise (std "
                 f"{R['noise']['sine']:g}), x uniform on [0, 2π]; the curve is evaluated at {R['grid']} points.")
    if used == "exact":
        st.latex(rf"\boldsymbol\alpha = (K + \lambda I_n)^{{-1}}\mathbf y\ \ (\text{{Cholesky}},\ n = {n:,}),\quad "
                 rf"f(\mathbf x) = \textstyle\sum_l \alpha_l k(\mathbf x_l, \mathbf x),\quad \lambda = {lam:g}")
        show_code(kc.KernelRidge.fit, kc.ridge.solve_dual)
    else:
        st.latex(_map_latex(used, m))
        st.latex(rf"(Z^\top Z + \lambda I_D)\,\mathbf w = Z^\top\mathbf y\ \ ({m}\times{m},\ \lambda = {lam:g}),\quad "
                 r"f(\mathbf x) = \mathbf z(\mathbf x)^\top\mathbf w")
        st.caption("The same λ as above (Held, Bishop’s notes, Nguyen: α = (K + λI)⁻¹y); with K ≈ ZZᵀ, w = Zᵀα turns the n × n "
                   "solve into a D × D one. Max |f − f_exact| fits both on the same random "
                   f"{R['error_sample']:,} points, where the exact solve is cheap. " + SOURCE_NOTE)
        show_code(kc.ApproxKernelRidge, kc.kernel_error, ridge_gap)
    explain("The exact Cholesky solve costs n³/3 operations: 9·10⁹ at n = 3 000 (under a second on one core), "
            "2.7·10¹² at n = 20 000 (minutes, on a 3.2 GB matrix). With D features it is n·D² + D³/3. More data "
            "helps the fit (RMSE to sin x falls) even through an "
            "approximate kernel: compare the RMSE at n = 3 000 (exact) and n = 20 000 (approximate).")
