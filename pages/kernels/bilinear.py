"""Kernels › xᵀMx′: Kriege's second example. k(x, x′) = xᵀMx′ is a kernel exactly when M is symmetric positive
semi-definite (rule 8 of Bishop's notes); the picture is k(x, x) = xᵀMx over the plane, negative beyond the red line
when M is not PSD. It uses no kernel of the bar, so it has none."""
import streamlit as st

import kernel_core as kc
from pages.kernels import compute, compute_geometry, figures, figures_geometry
from pages.kernels.display import formula
from pages.kernels.settings import KEY, PAGE
from ui.classroom import presenting
from ui.code import show_code
from ui.data import current_dataset
from ui.exercises import Exercise, exercises
from ui.figures import CHART_CONFIG
from ui.nav import section_footer, section_header

M_DEFAULT = (1.0, 0.5, 0.5, 1.0)      # M₁₁, M₁₂, M₂₁, M₂₂
M_RANGE = (-3.0, 3.0, 0.5)            # low, high, step
M_LABELS = ("M₁₁", "M₁₂", "M₂₁", "M₂₂")

section_header(__file__)
present = presenting()
X, _, _ = current_dataset()


@st.fragment
def body():
    """M and the pictures it changes: only this part reruns when M changes."""
    left, right = st.columns(figures.COLUMNS, gap="medium")
    with right:
        st.markdown("**k(x, x′) = xᵀ M x′** — edit M")
        lo, hi, step = M_RANGE
        rows = st.columns(2), st.columns(2)
        values = tuple(rows[n // 2][n % 2].number_input(label, lo, hi, d, step, key=key, bind="query-params")
                       for n, (label, key, d) in enumerate(zip(M_LABELS, KEY.M, M_DEFAULT)))
    b = compute_geometry.bilinear(values)
    with left:
        st.plotly_chart(figures_geometry.quadratic_form_map(b.xs, b.Q, b.psd, present=present), key=f"{PAGE}_bilinear",
                        config=CHART_CONFIG)
    with right:
        M = b.M
        formula(rf"M = \begin{{pmatrix}} {M[0, 0]:g} & {M[0, 1]:g} \\ {M[1, 0]:g} & {M[1, 1]:g} \end{{pmatrix}}"
                + (rf",\ \ \lambda = {b.eig[0]:.3g},\ {b.eig[1]:.3g}" if b.symmetric else ""))
        if not b.symmetric:
            st.error("❌ M is not symmetric, so k(x, x′) ≠ k(x′, x) in general: not a kernel.")
        elif b.psd:
            st.success("✅ M is symmetric PSD, so k is a kernel with φ(x) = M^(1/2) x: xᵀMx ≥ 0 everywhere.")
        else:
            st.error("❌ M has a negative eigenvalue, so xᵀMx < 0 beyond the red line: k(x, x) < 0 is no squared "
                     "norm, and k is not a kernel.")
        if len(X):
            Xc, _ = compute.capped(X, X, compute.GRAM_CAP)    # the Gram section's bound: O(n³) eigenvalues
            try:
                st.caption(f"On the data set: {compute_geometry.bilinear_on_data(Xc, values).reason}.")
                if len(Xc) < len(X):
                    st.caption(f"K = XMXᵀ of a random {len(Xc)} of the {len(X)} points (the same ones on every "
                               f"rerun): the eigenvalues of a {len(X)} × {len(X)} matrix would take too long on "
                               "every move.")
            except ValueError as err:
                st.warning(f"The verdict on the data set cannot be computed: {err}. Your points are kept; the "
                           "verdict on M above does not depend on them.")


body()

with st.container(key="explain_bilinear"):
    st.markdown("Claim (Kriege): k(x, x′) = xᵀMx′ is a valid kernel ⇔ M is symmetric positive semi-definite — rule 8 "
                "of the ten in Bishop's notes. The picture shows k(x, x) = xᵀMx, which for a kernel is ‖φ(x)‖² ≥ 0: "
                "a negative eigenvalue of M makes it negative along its eigenvector. A non-symmetric M can still give "
                "xᵀMx ≥ 0 everywhere (only its symmetric part counts there), yet k(x, x′) ≠ k(x′, x).")
show_code(kc.bilinear_kernel)

exercises(PAGE, [
    Exercise("kernels_bilinear", "M = [[1, 2], [2, 1]] is symmetric. Is k(x, x′) = xᵀMx′ a kernel?",
             ("Yes: M is symmetric", "No: M has the eigenvalue −1, so xᵀMx < 0 along (1, −1)",
              "Only on positive data"), 1,
             dict(zip(KEY.M, (1.0, 2.0, 2.0, 1.0))),
             "Symmetry is not enough: M's eigenvalues are 3 and −1, and at x = (1, −1), xᵀMx = 1 − 4 + 1 = −2 < 0, "
             "a negative squared norm."),
])

section_footer(__file__)
