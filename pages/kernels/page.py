"""Kernels & Gram matrices (seeds 000, 002, 003): the kernel, its Gram matrix and spectrum, how kernels
combine, geometry in feature space, and two functions that are not kernels."""
import numpy as np
import pandas as pd
import streamlit as st

import kernel_core as kc
from ui import compute, figures, points
from ui.code import show_code
from ui.controls import KERNEL_LABELS, kernel_picker, labeller
from ui.data import current_dataset
from ui.exercises import Exercise, exercises
from ui.formulas import other_notations, with_numbers
from ui.ranges import GRID, PLANE, SCALE

PAGE = "kernels"

st.title("🧮 Kernels & Gram matrices")
st.markdown("A **kernel** measures the similarity of two points as an inner product in a feature space: "
            "$k(\\mathbf{x},\\mathbf{y}) = \\phi(\\mathbf{x})^\\top\\phi(\\mathbf{y})$. It is valid (Mercer) when every "
            "Gram matrix it makes is **symmetric and positive semi-definite** (seeds 000, 003).")

X, y, data_desc = current_dataset()

controls, formula = st.columns([1, 2], gap="large")
with controls:
    name, params = kernel_picker(PAGE)
spec = (name, tuple(params.items()))
with formula:
    st.latex(with_numbers(name, params))
    st.caption("The same kernel in the other lecture notes (this page uses scikit-learn's γ, r = coef0, m = degree):")
    notations = other_notations(name, params)
    for col, (seed, tex, note) in zip(st.columns(len(notations)), notations):
        with col:
            st.markdown(f"**{seed}** — {note}")
            st.latex(r"\begin{gathered}" + tex + r"\end{gathered}")


# ---------------------------------------------------------------- 1. similarity to a point
@st.fragment
def similarity_panel():
    st.subheader("1 · Similarity to a reference point x₀")
    c1, c2 = st.columns(2)
    x0 = (c1.slider("x₀ first coordinate", *PLANE, 0.0, 0.1, key=f"{PAGE}_x0a", bind="query-params"),
          c2.slider("x₀ second coordinate", *PLANE, 0.0, 0.1, key=f"{PAGE}_x0b", bind="query-params"))
    xs, Z = compute.kernel_surface(spec, x0, PLANE, GRID)
    row = int(np.argmin(np.abs(xs - x0[1])))
    left, right = st.columns([3, 2])
    with left:
        st.plotly_chart(figures.surface_heatmap(xs, Z, x0, f"k(x, x₀) over the plane — {KERNEL_LABELS[name]}"),
                        key=f"{PAGE}_surface", config=figures.CHART_CONFIG)
    with right:
        st.plotly_chart(figures.slice_line(xs, Z[row], x0[0], f"Slice along x₂ = {xs[row]:.2f}"),
                        key=f"{PAGE}_slice", config=figures.CHART_CONFIG)
        st.markdown("Stationary kernels (RBF, Laplacian) depend only on **x − x₀**: the bump moves with x₀ and keeps "
                    "its shape. Linear, polynomial and sigmoid kernels depend on **xᵀx₀**: moving x₀ tilts and "
                    "rescales the whole surface.")
    show_code(kc.kernels.KERNEL_FUNCTIONS[name])


similarity_panel()


# ---------------------------------------------------------------- 2. Gram matrix and spectrum
def verdict_box(v, what="K"):
    if v.psd:
        st.success(f"✅ {what} is a valid Gram matrix: {v.reason}.")
    else:
        st.error(f"❌ {what} is not positive semi-definite: {v.reason}.")


def gram_section(K, ev, v):
    left, right = st.columns(2, gap="medium")
    with left:
        st.plotly_chart(figures.gram_heatmap(K, y), key=f"{PAGE}_gram", config=figures.CHART_CONFIG)
    with right:
        st.plotly_chart(figures.spectrum_bars(ev), key=f"{PAGE}_spectrum", config=figures.CHART_CONFIG)
    m1, m2, m3 = st.columns(3)
    m1.metric("Largest eigenvalue", f"{ev[0]:.4g}")
    roundoff = ev[-1] < 0 and not v.n_negative
    m2.metric("Smallest eigenvalue", f"≈ 0 ({ev[-1]:.1e} is round-off)" if roundoff else f"{ev[-1]:.4g}")
    m3.metric("Negative eigenvalues", v.n_negative)
    verdict_box(v)
    if name == "sigmoid":
        st.info("The sigmoid kernel tanh(γ xᵀy + r) is **not** a Mercer kernel (seed 000): for many γ, r its Gram "
                "matrix has negative eigenvalues (red bars). Try γ = 2, r = −1.")
    st.caption(f"Round-off rule: an eigenvalue counts as negative only below −{kc.PSD_RTOL:g} × max|λ| "
               "(kernel_core.PSD_RTOL), because a float64 eigen-solver makes errors of about n·10⁻¹⁶ relative.")
    show_code(kc.gram, kc.spectral.verdict)


st.subheader("2 · The Gram matrix of the data set and its eigenvalues")
st.caption(f"Data set: {data_desc}. Rows and columns are sorted by class; hover for i, j and K[i, j].")
if len(X) < 2:
    st.warning("The data set has fewer than two points: add points by clicking on the plot in section 4, "
               "or press Undo in the sidebar.")
elif len(X):
    try:
        gram_section(*compute.gram_and_verdict(X, spec))
    except ValueError as err:
        st.error(f"This kernel cannot be evaluated on these data: {err}")


# ---------------------------------------------------------------- 3. composition
COMPOSE = {
    "sum": ("k₁ + k₂", r"k(\mathbf{x},\mathbf{y}) = k_1(\mathbf{x},\mathbf{y}) + k_2(\mathbf{x},\mathbf{y})"),
    "product": ("k₁ · k₂", r"k(\mathbf{x},\mathbf{y}) = k_1(\mathbf{x},\mathbf{y})\,k_2(\mathbf{x},\mathbf{y})"),
    "scale": ("c · k₁ (c > 0)", r"k(\mathbf{x},\mathbf{y}) = c\,k_1(\mathbf{x},\mathbf{y}),\quad c>0"),
    "exp": ("exp(k₁)", r"k(\mathbf{x},\mathbf{y}) = \exp\big(k_1(\mathbf{x},\mathbf{y})\big)"),
    "polynomial": ("polynomial of k₁", r"k(\mathbf{x},\mathbf{y}) = c_0 + c_1 k_1 + c_2 k_1^2,\quad c_i \ge 0"),
}


@st.fragment
def compose_panel():
    st.subheader("3 · Building new kernels from old ones")
    st.markdown("The closure rules (seeds 002, 003): sums, products, positive multiples, the exponential and "
                "polynomials with non-negative coefficients of kernels are again kernels. **k₁** is the kernel "
                "chosen above.")
    c1, c2 = st.columns([1, 2], gap="large")
    with c1:
        op = st.selectbox("Rule", list(COMPOSE), key=f"{PAGE}_op", format_func=labeller({k: v[0] for k, v in COMPOSE.items()}),
                          bind="query-params")
        arg, spec2 = None, None
        if op in ("sum", "product"):
            spec2 = kernel_picker(PAGE, "Second kernel k₂", default="linear", suffix="2")
            spec2 = (spec2[0], tuple(spec2[1].items()))
        elif op == "scale":
            arg = st.slider("c", *SCALE, 0.1, key=f"{PAGE}_c", bind="query-params")
        elif op == "polynomial":
            arg = [st.number_input(f"c{i}", 0.0, 10.0, d, 0.5, key=f"{PAGE}_c{i}", bind="query-params")
                   for i, d in enumerate((1.0, 1.0, 0.5))]
    with c2:
        try:
            kernel = compute.build_kernel(("compose", op, spec, spec2, arg))
            Kc, evc, vc = compute.gram_and_verdict(X, ("compose", op, spec, spec2, arg))
        except ValueError as err:
            st.error(f"This combination cannot be used: {err}")
            return
        st.latex(COMPOSE[op][1])
        st.latex(r"k(\mathbf{x},\mathbf{y}) = " + kernel.latex())
        st.plotly_chart(figures.spectrum_bars(evc, "Eigenvalues of the composed Gram matrix"),
                        key=f"{PAGE}_compose_spectrum", config=figures.CHART_CONFIG)
        verdict_box(vc, "The composed K")
        if not kernel.is_mercer:
            st.warning("A part of this composition is the sigmoid kernel, which is not a Mercer kernel: the closure "
                       "rules only promise a valid kernel when every part is one.")
    show_code(compute.build_kernel, type(kernel))


compose_panel()


# ---------------------------------------------------------------- 4. geometry in feature space
def geometry_panel():  # not a fragment: its plot edits the data every section uses
    st.subheader("4 · Geometry in feature space, from the kernel alone")
    st.markdown("Norms, distances and angles of φ(x) need only kernel values (seed 002) — φ itself is never built. "
                "Click on the plot to add or remove points of the data set.")
    n = len(X)
    points.toolbar(PAGE)
    c1, c2, c3 = st.columns([1, 1, 3], gap="medium")
    i = c1.number_input("Point i", 0, max(n - 1, 0), 0, key=f"{PAGE}_i", bind="query-params")
    j = c2.number_input("Point j", 0, max(n - 1, 0), min(1, max(n - 1, 0)), key=f"{PAGE}_j", bind="query-params")
    i, j = int(min(i, n - 1)), int(min(j, n - 1))
    g = None
    if n < 2:
        c3.warning("Two points are needed: click on the plot to add some.")
    else:
        try:
            g = kc.feature_space_geometry(X[i], X[j], name, **params)
        except ValueError as err:
            c3.error(str(err))
    if g is not None:
        with c3:
            geometry_formulas(g)
    fig = figures.scatter_classes(X, y, None, height=380, highlight=(i, j) if n >= 2 else None, labels=("xᵢ", "xⱼ"))
    points.clickable_chart(fig, PAGE, key=f"{PAGE}_points", config=figures.CHART_CONFIG)
    show_code(kc.feature_space_geometry)


def geometry_formulas(g):
    st.latex(rf"k(\mathbf{{x}}_i,\mathbf{{x}}_i) = {g['k_xx']:.4g},\quad k(\mathbf{{x}}_i,\mathbf{{x}}_j) = "
             rf"{g['k_xz']:.4g},\quad k(\mathbf{{x}}_j,\mathbf{{x}}_j) = {g['k_zz']:.4g}")
    st.latex(rf"\|\phi(\mathbf{{x}}_i)\| = \sqrt{{k(\mathbf{{x}}_i,\mathbf{{x}}_i)}} = {g['norm_x']:.4g},\qquad"
             rf"\|\phi(\mathbf{{x}}_j)\| = {g['norm_z']:.4g}")
    st.latex(rf"\|\phi(\mathbf{{x}}_i)-\phi(\mathbf{{x}}_j)\| = \sqrt{{k_{{ii}} - 2k_{{ij}} + k_{{jj}}}} = "
             rf"{g['distance']:.4g}")
    st.latex(rf"\cos\theta = \frac{{k_{{ij}}}}{{\sqrt{{k_{{ii}}\,k_{{jj}}}}}} = {g['cos_angle']:.4g}"
             rf"\quad(\theta = {g['angle_deg']:.1f}^\circ)")
    if name == "rbf":
        st.caption("For the Gaussian kernel every φ(x) has norm 1, the squared distance is 2 − 2k and cos θ = k "
                   "(seed 002). Seed 002 prints the norm line as ‖f‖² = √K; the square root gives ‖f‖ itself.")


geometry_panel()


# ---------------------------------------------------------------- 5. counterexamples
@st.fragment
def counterexample_panel():
    st.subheader("5 · Functions that are not kernels (seed 003)")
    left, right = st.columns(2, gap="large")
    with left:
        st.markdown("**k(x, x′) = sin(x) cos(x′)** on real numbers")
        pts = np.array([0.0, np.pi / 2, np.pi / 4, 1.0])
        S = kc.sin_cos_kernel(pts, pts)
        st.latex(r"k(0, \tfrac{\pi}{2}) = \sin 0 \cos\tfrac{\pi}{2} = 0 \;\neq\; 1 = \sin\tfrac{\pi}{2}\cos 0 = "
                 r"k(\tfrac{\pi}{2}, 0)")
        labels = ["0", "π/2", "π/4", "1"]
        st.dataframe(pd.DataFrame(S.round(3), index=[f"x = {v}" for v in labels],
                                  columns=[f"x′ = {v}" for v in labels]))
        vs = kc.verdict(S)
        st.error(f"❌ Not a kernel: {vs.reason}. A kernel is an inner product, and inner products are symmetric.")
    with right:
        st.markdown("**k(x, x′) = xᵀ M x′** — edit M")
        m = st.columns(2)
        M = np.array([[m[0].number_input("M₁₁", -3.0, 3.0, 1.0, 0.5, key=f"{PAGE}_m11", bind="query-params"),
                       m[1].number_input("M₁₂", -3.0, 3.0, 0.5, 0.5, key=f"{PAGE}_m12", bind="query-params")],
                      [m[0].number_input("M₂₁", -3.0, 3.0, 0.5, 0.5, key=f"{PAGE}_m21", bind="query-params"),
                       m[1].number_input("M₂₂", -3.0, 3.0, 1.0, 0.5, key=f"{PAGE}_m22", bind="query-params")]])
        on_data = f"On the data: {kc.verdict(kc.bilinear_kernel(X, X, M)).reason}." if len(X) else ""
        if not kc.is_symmetric(M):
            st.error("❌ M is not symmetric, so k(x, x′) ≠ k(x′, x) in general: not a kernel.")
        else:
            eig = kc.spectrum(M)
            st.latex(rf"\text{{eigenvalues of }} M:\ {eig[0]:.3g},\ {eig[1]:.3g}")
            if eig[-1] >= -kc.PSD_RTOL * max(abs(eig[0]), 1e-300):
                st.success(f"✅ M is symmetric PSD, so k is a kernel with φ(x) = M^(1/2) x. {on_data}")
            else:
                st.error(f"❌ M has a negative eigenvalue, so some xᵀMx < 0 and k is not a kernel. "
                         f"{on_data}")
        st.caption("Claim (seed 003): k(x, x′) = xᵀMx′ is a valid kernel ⇔ M is symmetric positive semi-definite.")
    show_code(kc.sin_cos_kernel, kc.bilinear_kernel)


counterexample_panel()


exercises(PAGE, [
    Exercise("kernels_rbf_gamma", "For the RBF kernel, what happens to the bump k(x, x₀) and to the Gram matrix as γ grows?",
             ("The bump gets wider and K fills with values near 1", "The bump gets narrower and K approaches the "
              "identity matrix", "Nothing: γ only rescales the colour bar"), 1,
             {f"{PAGE}_kernel": "rbf", f"{PAGE}_gamma": 10.0},
             "γ = 1/h² (seed 003) = 1/(2σ²) (seed 001): a large γ is a small bandwidth, so each point is similar only to "
             "itself — K tends to I and its eigenvalues flatten out."),
    Exercise("kernels_sigmoid", "Is the sigmoid kernel tanh(γ xᵀy + r) a valid (Mercer) kernel?",
             ("Yes, for every γ and r", "No: for some settings, e.g. γ = 2, r = −1, its Gram matrix has negative "
              "eigenvalues", "Only when r < 0"), 1,
             {f"{PAGE}_kernel": "sigmoid", f"{PAGE}_gamma": 2.0, f"{PAGE}_coef0": -1.0},
             "Seed 000: all the listed kernels except the sigmoid are positive definite. The red bars in the spectrum "
             "are negative eigenvalues: there is a vector v with vᵀKv < 0, which no inner product allows."),
    Exercise("kernels_sum", "Is RBF + linear (k₁ + k₂) still a valid kernel?",
             ("Yes: sums of kernels are kernels", "No: adding kernels breaks positive semi-definiteness",
              "Only if both have the same scale"), 0,
             {f"{PAGE}_kernel": "rbf", f"{PAGE}_op": "sum", f"{PAGE}_kernel2": "linear"},
             "Closure rule (seeds 002, 003): φ = (φ₁, φ₂) stacked gives k₁ + k₂, so the composed Gram matrix in "
             "section 3 stays PSD."),
])


from ui.nav import section_footer  # noqa: E402

section_footer(__file__)
