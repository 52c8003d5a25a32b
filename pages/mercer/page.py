"""Mercer feature maps (seeds 000, 001, 002, 003, 004): the explicit map phi behind a kernel, the lift of the
circles, the feature explosion, the eigen map of a Gram matrix, and finite maps for the RBF kernel."""
import pandas as pd
import streamlit as st

import kernel_core as kc
from kernel_core import feature_maps as fm
from ui import mercer as ui
from ui.classroom import explain
from ui.code import show_code
from ui.controls import kernel_picker, log_slider
from ui.data import current_dataset
from ui.exercises import Exercise, exercises
from ui.figures import gram_heatmap
from ui.formulas import with_numbers
from ui.ranges import MERCER as R

PAGE = "mercer"
CONFIG = ui.CONFIG


def big(n):
    """An exact integer with thin spaces for LaTeX: 50\\,015\\,001."""
    return f"{n:,}".replace(",", r"\,")


def sci(v):
    """A number for LaTeX: 0.0123 or 2.1 \\times 10^{-15}."""
    if v == 0 or 1e-3 <= abs(v) < 1e4:
        return f"{v:.3g}"
    mantissa, exponent = f"{v:.2e}".split("e")
    return rf"{mantissa} \times 10^{{{int(exponent)}}}"


st.title("🧩 Mercer feature maps")
st.markdown(
    "Every Mercer kernel is an inner product of **features**: $k(\\mathbf{x},\\mathbf{y}) = "
    "\\phi(\\mathbf{x})^\\top\\phi(\\mathbf{y})$ (seed 000, Mercer's theorem). Here φ is written out: for the "
    "polynomial kernel by hand (seeds 000, 003, 004), for any Gram matrix through its eigenvectors (seed 000), "
    "and for the RBF kernel — whose φ is infinite — by two finite approximations.")
st.caption("Convention: scikit-learn's names. Polynomial kernel (γ xᵀy + r)^m with γ = 1 in sections 1–3, as in seeds "
           "000 and 003 (seed 003 writes the degree k or m and uses r = 0 or 1). RBF kernel exp(−γ‖x − y‖²) with "
           "γ = 1/(2σ²) (seeds 001, 004) = 1/h² (seed 003).")


# ---------------------------------------------------------------- 1. the map itself
@st.fragment
def map_panel():
    st.subheader("1 · The map itself: φ(x)ᵀφ(y) = k(x, y)")
    controls, result = st.columns([1, 2], gap="large")
    with controls:
        lo, hi, default, step = R["degree"]
        m = st.slider("degree m", lo, hi, default, step, key=f"{PAGE}_degree", bind="query-params")
        lo, hi, default, step = R["coef0"]
        r = st.slider("offset r (coef0)", lo, hi, default, step, key=f"{PAGE}_coef0", bind="query-params",
                      help="r = 0: only the degree-m monomials, seed 003's (xᵀy)^m. r > 0 adds every lower degree.")
        lo, hi, step = R["coord"]
        cx, cy = st.columns(2)
        x = (cx.slider("x₁", lo, hi, R["x"][0], step, key=f"{PAGE}_x1", bind="query-params"),
             cx.slider("x₂", lo, hi, R["x"][1], step, key=f"{PAGE}_x2", bind="query-params"))
        y = (cy.slider("y₁", lo, hi, R["y"][0], step, key=f"{PAGE}_y1", bind="query-params"),
             cy.slider("y₂", lo, hi, R["y"][1], step, key=f"{PAGE}_y2", bind="query-params"))
    t = ui.feature_table(x, y, m, r)
    D = len(t["names"])
    with result:
        if D <= 10:
            st.latex(r"\phi(\mathbf{x}) = \left(" + ",\\ ".join(t["latex"]) + r"\right)^{\!\top}")
        count = rf"\binom{{d+m}}{{m}} = \binom{{{2 + m}}}{{{m}}}" if r else rf"\binom{{d+m-1}}{{m}} = \binom{{{1 + m}}}{{{m}}}"
        st.latex(rf"\text{{{D} features}} = {count} = {D}\quad(d = 2,\ m = {m},\ r = {r:g})")
        a, b = st.columns(2)
        a.metric("φ(x)ᵀφ(y) — sum of the green bars", f"{t['dot']:.10g}")
        b.metric("k(x, y) = (xᵀy + r)^m", f"{t['k']:.10g}", help="computed by kernel_core.gram, without φ")
        st.latex(rf"\phi(\mathbf{{x}})^\top\phi(\mathbf{{y}}) = \sum_{{i=1}}^{{{D}}} \phi_i(\mathbf{{x}})\phi_i(\mathbf{{y}}) "
                 rf"= {t['dot']:.6g}\qquad k(\mathbf{{x}},\mathbf{{y}}) = ({t['xty']:.4g} + {r:g})^{{{m}}} = {t['k']:.6g}")
        st.caption(f"Equal up to round-off: |difference| = {abs(t['dot'] - t['k']):.1e}. "
                   "Seed 000's example is m = 2, r = 1 (six features); seeds 003 and 004 use m = 2, r = 0 (three).")
    st.plotly_chart(ui.feature_bars(t["names"], t["px"], t["py"], f"The {D} features of x = {x} and y = {y}"),
                    key=f"{PAGE}_bars", config=CONFIG)
    with st.expander(f"All {D} features as a table", key=f"{PAGE}_feature_table", on_change="rerun") as table:
        if table.open:  # lazy: the table is built and sent only while it is open
            st.dataframe(pd.DataFrame({"feature": t["names"], "φᵢ(x)": t["px"], "φᵢ(y)": t["py"],
                                       "φᵢ(x)·φᵢ(y)": t["products"]}), hide_index=True)
    st.caption("The coefficients are square roots of the multinomial coefficients: (xᵀy + r)^m = Σ m!/α! r^(m−j) "
               "x^α y^α, so φ_α(x) = √(m!/α! · r^(m−j)) x^α. With r < 0 some of them would be negative under the root: "
               "no real map, which is why the slider stops at 0.")
    show_code(kc.poly_feature_map)


map_panel()


# ---------------------------------------------------------------- 2. the lift
@st.fragment
def lift_panel():
    st.subheader("2 · The lift: circles become linearly separable")
    explain("Two concentric circles (generated for this section, not the sidebar data) cannot be split by a line. "
            "Mapped by the degree-2 map of (xᵀy)² (seeds 003, 004), "
            "$\\phi(\\mathbf{x}) = (x_1^2, \\sqrt{2}x_1x_2, x_2^2)$, they can: a **linear** classifier "
            "(scikit-learn's LogisticRegression) finds a plane in 3-D. Drag the 3-D plot to rotate it.")
    c1, c2, c3 = st.columns(3)
    lo, hi, default, step = R["lift_n"]
    n = c1.slider("points", lo, hi, default, step, key=f"{PAGE}_lift_n", bind="query-params")
    lo, hi, default, step = R["lift_noise"]
    noise = c2.slider("noise", lo, hi, default, step, key=f"{PAGE}_lift_noise", bind="query-params")
    with c3.container(key="secondary_mercer_lift_C"):
        C = log_slider("C (inverse regularisation)", f"{PAGE}_lift_C", *R["lift_C"],
                       help="LogisticRegression's C: small C = a strongly shrunk plane.")
    try:
        with st.spinner("Fitting the plane in feature space…"):
            X, y, Phi, w, b, acc, (A, B, Cc, b0, ellipse), xs, Z = ui.lift(n, noise, C)
    except ValueError as err:
        st.error(f"The classifier could not be fitted: {err}")
        return
    left, right = st.columns(2, gap="medium")
    with left:
        st.plotly_chart(ui.lift_3d(Phi, y, w, b), key=f"{PAGE}_lift3d", config=CONFIG)
        st.latex(rf"\mathbf{{w}} = ({w[0]:.3g},\ {w[1]:.3g},\ {w[2]:.3g}),\quad b = {b:.3g}")
        st.latex(rf"\mathbf{{w}}^\top\mathbf{{z}} + b = {w[0]:.3g}\,z_1 {w[1]:+.3g}\,z_2 {w[2]:+.3g}\,z_3 {b:+.3g} = 0")
    with right:
        kind = "an ellipse" if ellipse else "not an ellipse (B² ≥ 4AC): a hyperbola or parabola"
        st.plotly_chart(ui.ellipse_map(xs, Z, X, y, f"The plane mapped back: {kind.split(' (')[0]}"),
                        key=f"{PAGE}_ellipse", config=CONFIG)
        st.latex(rf"{A:.3g}\,x_1^2 {B:+.3g}\,x_1x_2 {Cc:+.3g}\,x_2^2 {b0:+.3g} = 0")
    st.caption(f"Training accuracy {acc:.1%}. With z = φ(x) the plane is w₁x₁² + √2·w₂x₁x₂ + w₃x₂² + b = 0: a conic "
               f"centred at the origin (no linear terms, since φ has none) — here {kind}. Heatmap: f(x) = wᵀφ(x) + b.")
    show_code(fm.LiftedLinearClassifier)


lift_panel()


# ---------------------------------------------------------------- 3. the explosion
@st.fragment
def explosion_panel():
    st.subheader("3 · The explosion: why nobody builds φ (seed 003)")
    c1, c2 = st.columns(2)
    d = c1.select_slider("input dimension d", R["d"], value=R["d_default"], key=f"{PAGE}_d", bind="query-params")
    lo, hi, default, step = R["m"]
    m = c2.slider("degree m (the slide's k)", lo, hi, default, step, key=f"{PAGE}_m", bind="query-params")
    exact, full = fm.poly_feature_count(d, m, 0.0), fm.poly_feature_count(d, m, 1.0)
    left, right = st.columns([1, 1], gap="large")
    with left:
        st.latex(rf"(\mathbf{{x}}^\top\mathbf{{x}}')^{{{m}}}:\ \binom{{d+m-1}}{{m}} = \binom{{{big(d + m - 1)}}}{{{m}}} "
                 rf"= {big(exact)}")
        st.latex(rf"(1+\mathbf{{x}}^\top\mathbf{{x}}')^{{{m}}}:\ \binom{{d+m}}{{m}} = \binom{{{big(d + m)}}}{{{m}}} "
                 rf"= {big(full)}")
        st.latex(rf"d^{{\,m}} = {big(d)}^{{{m}}} = {big(d ** m)}")
        explain(f"Seed 003's slide: *d = 10 000, k = 2 ⇒ need ~100M dimensions*. That figure is the **O(d^k) "
                f"estimate** d² = 10⁸; the exact count is C(10 001, 2) = 50 005 000 (or C(10 002, 2) = 50 015 001 "
                f"with the constant and linear terms), about **50 M**: xᵢxⱼ and xⱼxᵢ are one feature, so a "
                f"degree-2 map has about d²/2 of them. One φ(x) here takes {full * 8 / 1e6:,.3g} MB as float64.")
        ops = fm.poly_operation_counts(d, m)
        st.dataframe(pd.DataFrame({"one value of": ["φ(x)ᵀφ(x′), building both maps", "k(x, x′) = (1 + xᵀx′)^m"],
                                   "multiplications": [f"{ops['explicit'][0]:,}", f"{ops['kernel'][0]:,}"],
                                   "additions": [f"{ops['explicit'][1]:,}", f"{ops['kernel'][1]:,}"]}),
                     hide_index=True)
        st.caption("Seed 003 counts d = 2, (xᵀx′)²: embedding 3 + 3 + 4 = 10 multiplications and 2 additions, "
                   "kernel 3 and 1 — the same rule gives the rows above.")
    with right:
        st.plotly_chart(ui.explosion_plot(d, m), key=f"{PAGE}_explosion", config=CONFIG)
    with st.spinner("Timing both ways on this machine…"):
        rows = ui.timings(R["timing_d"], R["timing_m"], R["timing_max_features"])
    cap = R["timing_max_features"]
    st.container(key="explain_mercer_timing").markdown(
        "**Measured on this machine** — one value of (1 + xᵀy)^m, explicitly and by the kernel (fastest of repeated "
        "runs; measured once when the server first drew this, a few ms in all, then cached):")
    st.dataframe(pd.DataFrame({
        "d": [r[0] for r in rows], "m": [r[1] for r in rows], "features D": [f"{r[2]:,}" for r in rows],
        "φ(x)ᵀφ(y) [µs]": [f"{r[3] * 1e6:,.1f}" if r[3] else f"not built (D > {cap:,})" for r in rows],
        "k(x, y) [µs]": [f"{r[4] * 1e6:,.1f}" if r[4] else "—" for r in rows],
        "ratio": [f"{r[3] / r[4]:,.0f}×" if r[3] else "—" for r in rows]}), hide_index=True)
    show_code(fm.poly_operation_counts, fm.time_explicit_vs_kernel)


explosion_panel()


# ---------------------------------------------------------------- 4. eigen feature map
@st.fragment
def eigen_panel():
    st.subheader("4 · The eigen feature map of a Gram matrix (seed 000)")
    X, y, desc = current_dataset()
    if len(X) < 2:
        st.warning(f"The sidebar data set has fewer than two points ({desc}): add points to see a Gram matrix.")
        return
    controls, formulas = st.columns([1, 2], gap="large")
    with controls:
        name, params = kernel_picker(PAGE, default="poly", suffix="_eig")
        lo, hi, default, step = R["q"]
        q = st.slider("q (components kept)", lo, hi, default, step, key=f"{PAGE}_q", bind="query-params")
    try:
        with st.spinner("Eigen-decomposing K…"):
            ev, curve, em, problem = ui.eigen(X, (name, tuple(params.items())), q)
    except ValueError as err:
        st.error(f"This kernel cannot be evaluated on these data: {err}")
        return
    q = min(q, len(ev))
    with formulas:
        st.latex(with_numbers(name, params))
        st.latex(r"\mathbf{K} = \mathbf{V}\boldsymbol{\Lambda}\mathbf{V}^\top,\qquad \phi(\mathbf{x}_l) = "
                 r"\boldsymbol{\Lambda}_q^{1/2}\,\mathbf{V}[l, 1{:}q]^\top \in \mathbb{R}^q")
        st.latex(r"\phi(\mathbf{x}_l)^\top\phi(\mathbf{x}_k) = \sum_{i=1}^{q} \lambda_i V[l, i]\,V[k, i] "
                 r"\approx \mathbf{K}[l, k]\quad(\text{equal when } q = \operatorname{rank}\mathbf{K})")
        st.caption("Seed 000 writes K = VᵀΛV and φ(x_l) = Λ^{1/2} V^{(:,l)}: its V is the transpose of this V "
                   "(numpy/scipy's eigh, eigenvectors in columns), so its column l is row l here.")
        if em is not None:
            st.latex(rf"q = {q}:\quad \frac{{\|\mathbf{{K}} - \Phi_q\Phi_q^\top\|_F}}{{\|\mathbf{{K}}\|_F}} = "
                     rf"\sqrt{{\frac{{\sum_{{i>q}}\lambda_i^2}}{{\sum_i \lambda_i^2}}}} = {sci(em.error)},\qquad "
                     rf"\operatorname{{rank}}\mathbf{{K}} = {em.rank}")
            if name == "poly" and params["degree"] == 2 and params["coef0"] > 0:
                st.caption("Rank 6 for (γxᵀy + r)² on 2-D data: the six features of seed 000's map — the eigen map "
                           "finds a 6-dimensional feature space from K alone, and q = 6 reproduces K exactly.")
    st.caption(f"Data set (sidebar): {desc}.")
    a, b, c = st.columns(3)
    a.plotly_chart(ui.spectrum_with_q(ev, q, f"Eigenvalues of K (first {q} kept)"), key=f"{PAGE}_eig_spectrum",
                   config=CONFIG)
    b.plotly_chart(ui.error_vs_q(curve, q, "Reconstruction error as q grows"), key=f"{PAGE}_eig_error", config=CONFIG)
    if em is None:
        c.error(f"No real feature map: {problem}")
        with c:
            explain("A negative eigenvalue λ has no real square root, so no real φ gives φ(x)ᵀφ(y) = k(x, y) on these "
                    "points — Mercer's condition fails (seed 000: the sigmoid kernel is not positive definite). The "
                    "error curve levels off: keeping only λ > 0 always misses "
                    f"{curve[-1]:.1%} of K.")
    else:
        c.plotly_chart(ui.eigen_scatter(em.features, y, "The data in (φ₁, φ₂)"), key=f"{PAGE}_eig_scatter",
                       config=CONFIG)
    show_code(fm.eigen_feature_map, fm.reconstruction_errors)


eigen_panel()


# ---------------------------------------------------------------- 5. approximations of the RBF map
@st.fragment
def approx_panel():
    st.subheader("5 · The infinite RBF map, made finite: random Fourier features and Nyström")
    X, y, desc = current_dataset()
    if len(X) < 2:
        st.warning(f"The sidebar data set has fewer than two points ({desc}): add points to approximate its K.")
        return
    c1, c2, c3 = st.columns(3)
    gamma = log_slider("γ of the RBF kernel", f"{PAGE}_gamma_approx", *R["approx_gamma"], container=c1)
    D = c2.select_slider("number of features D", R["approx_sizes"], value=R["approx_default"], key=f"{PAGE}_features",
                         bind="query-params")
    lo, hi, default, step = R["approx_seed"]
    with c3.container(key="secondary_mercer_approx_seed"):
        seed = st.number_input("random draw", lo, hi, default, step, key=f"{PAGE}_approx_seed", bind="query-params")
    try:
        with st.spinner("Drawing random features and landmarks…"):
            K, Kr, Kn, er, en = ui.approximations(X, gamma, D, int(seed))
            curves = ui.error_curves(X, gamma)
    except ValueError as err:
        st.error(f"The approximation could not be computed: {err}")
        return
    mn = min(D, len(X))
    f1, f2 = st.columns(2, gap="large")
    f1.latex(r"\mathbf{z}(\mathbf{x}) = \sqrt{\tfrac{2}{D}}\cos(\mathbf{W}^\top\mathbf{x} + \mathbf{b}),\quad "
             r"b_j \sim U[0, 2\pi)")
    f1.latex(rf"\mathbf{{W}}_{{:j}} \sim \mathcal{{N}}(0, 2\gamma\mathbf{{I}}) = \mathcal{{N}}(0, {2 * gamma:.3g}\,\mathbf{{I}})")
    f1.caption("Random Fourier features (Rahimi & Recht): E[z(x)ᵀz(y)] = exp(−γ‖x − y‖²). 2γ = 1/σ².")
    f1.metric(f"Random Fourier error, D = {D}", f"{er:.3g}")
    f2.latex(r"\mathbf{K} \approx \mathbf{K}_{nm}\mathbf{K}_{mm}^{+}\mathbf{K}_{mn},\quad "
             r"\mathbf{z}(\mathbf{x}) = \boldsymbol{\Lambda}^{-1/2}\mathbf{U}^\top k(\mathbf{L}, \mathbf{x})")
    f2.caption(f"Nyström: m = {mn} landmarks L drawn from the data, K_mm = k(L, L) = UΛUᵀ. Exact on the landmarks.")
    f2.metric(f"Nyström error, m = {mn}", f"{en:.3g}")
    heat = dict(colorscale="RdBu_r", zmin=-1.0, zmax=1.0)
    a, b, c = st.columns(3)
    a.plotly_chart(gram_heatmap(K, y, "Exact RBF K (infinite φ)", **heat), key=f"{PAGE}_K_exact",
                   config=CONFIG)
    b.plotly_chart(gram_heatmap(Kr, y, f"Random Fourier, D = {D}: error {er:.3f}", **heat),
                   key=f"{PAGE}_K_rff", config=CONFIG)
    c.plotly_chart(gram_heatmap(Kn, y, f"Nyström, m = {mn}: error {en:.3g}", **heat),
                   key=f"{PAGE}_K_nys", config=CONFIG)
    st.caption(f"Data set (sidebar): {desc}. Same colour scale for all three (−1 to 1): blue cells are negative "
               "similarities, which the exact kernel never gives. Error = ‖K − ZZᵀ‖_F / ‖K‖_F.")
    left, right = st.columns([3, 2], gap="large")
    with left:
        st.plotly_chart(ui.error_vs_features(curves, D, "Error against the number of features (mean ± sd of "
                                             f"{R['approx_repeats']} draws)"), key=f"{PAGE}_approx_curve", config=CONFIG)
    with right:
        explain("- **Random Fourier features** average random cosines: the error falls like 1/√D whatever the "
                "data, slowly.\n- **Nyström** uses the data's own points as landmarks: once m reaches the "
                "numerical rank of K it is nearly exact — the eigen map of section 4, learned on m points.\n"
                "- Both turn the infinite-dimensional RBF feature space into D numbers per point, so linear "
                "methods can run on z(x) directly when n is too large for an n × n Gram matrix.")
    show_code(kc.RandomFourierFeatures, kc.NystroemFeatures)


approx_panel()


exercises(PAGE, [
    Exercise("mercer_count", "How many features does the map of k(x, y) = (xᵀy + 1)² have for 2-D inputs x?",
             ("3", "6", "9"), 1, {f"{PAGE}_degree": 2, f"{PAGE}_coef0": 1.0},
             "Seed 000: φ(x) = (1, √2x₁, √2x₂, x₁², x₂², √2x₁x₂), a six-dimensional feature space — C(d + m, m) = "
             "C(4, 2) = 6. Without the + 1, (xᵀy)² keeps only the three degree-2 terms (seeds 003, 004): set r = 0."),
    Exercise("mercer_sigmoid", "Section 4: is there a real feature map for the Gram matrix of the sigmoid kernel "
             "tanh(γ xᵀy + r) with γ = 2, r = −1?",
             ("Yes: every Gram matrix has an eigen feature map", "No: K has negative eigenvalues, whose square roots "
              "are not real", "Only if q is kept below the rank of K"), 1,
             {f"{PAGE}_kernel_eig": "sigmoid", f"{PAGE}_gamma_eig": 2.0, f"{PAGE}_coef0_eig": -1.0},
             "φ(xₗ) = Λ^{1/2} V[l, :] needs λᵢ ≥ 0 (seed 000). The red bars are negative eigenvalues: the sigmoid "
             "kernel is not positive definite (seed 000), so no real φ reproduces K."),
    Exercise("mercer_rff", "Section 5: how does the random-Fourier-feature error fall as the number of features D "
             "grows?",
             ("Like 1/D: ten times the features, a tenth of the error", "Like 1/√D: four times the features roughly "
              "halve the error, whatever the data", "It drops to 0 once D reaches the number of points n"), 1,
             {f"{PAGE}_gamma_approx": 1.0, f"{PAGE}_features": 200},
             "z(x)ᵀz(y) is an average of D random cosines whose mean is the RBF kernel (Rahimi & Recht), so its "
             "error shrinks like a Monte-Carlo average, 1/√D — the dashed line. Nyström, which uses the data's own "
             "points, is exact once m = n."),
])


from ui.nav import section_footer  # noqa: E402

section_footer(__file__)
