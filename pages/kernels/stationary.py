"""Kernels › Stationary and radial kernels (Bishop's notes): k(x, x′) = k(x − x′) is stationary (invariant to
translations), k(x, x′) = k(‖x − x′‖) is homogeneous or radial. The bar's kernel around three reference points x₀,
and the probe k(x₀ + d, x₀) (the same for every x₀ when stationary) beside k(x₀ + Rd, x₀) (the same again, d turned
by 45°, when radial)."""
import numpy as np
import pandas as pd
import streamlit as st

import kernel_core as kc
from pages.kernels import compute_stationary, figures
from pages.kernels.display import formula
from pages.kernels.settings import KEY, PAGE, frame, reveal_kernel
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.figures import CHART_CONFIG
from ui.nav import section_footer, section_header

section_header(__file__)
present = presenting()
SAME = 1e-9   # relative difference below which two kernel values count as equal (round-off)


def same(values):
    v = np.asarray(values, float)
    return bool(np.ptp(v) <= SAME * max(float(np.max(np.abs(v))), 1e-300))


@st.fragment
def body():
    """The bar and the picture and numbers it changes: only this part reruns when the kernel moves."""
    s, left, right = frame()
    try:
        r = compute_stationary.stationarity(s.choice)
    except ValueError as err:
        left.error(f"This kernel cannot be probed here: {err}")
        return
    with left:
        st.plotly_chart(figures.shift_contours(r.xs, r.surfaces, compute_stationary.PROBES, compute_stationary.OFFSET, r.turned,
                                               present=present), key=KEY.stationary_chart, config=CHART_CONFIG)
    stationary = same(r.shifted)
    radial = stationary and same(np.r_[r.shifted, r.rotated])
    with right:
        formula(r"\begin{aligned}&\text{stationary: } k(\mathbf x, \mathbf x') = k(\mathbf x - \mathbf x')\\ "
                r"&\text{radial: } k(\mathbf x, \mathbf x') = k(\|\mathbf x - \mathbf x'\|)\end{aligned}")
        formula(rf"k(\mathbf x_0^{{(1)}} + \mathbf d, \mathbf x_0^{{(1)}}) = {r.shifted[0]:.4g}")
        st.dataframe(pd.DataFrame({"x₀": [f"({a:g}, {b:g})" for a, b in compute_stationary.PROBES],
                                   "k(x₀ + d, x₀)": r.shifted, "k(x₀ + Rd, x₀)": r.rotated}),
                     hide_index=True, height=145)
        st.markdown(f"**{s.choice.describe()}**: {'stationary ✓' if stationary else 'not stationary ✗'} · "
                    f"{'radial ✓' if radial else 'not radial ✗'}")
        st.caption(f"d = {compute_stationary.OFFSET}, Rd = d turned by 45° = ({r.turned[0]:.3f}, {r.turned[1]:.3f}), the same "
                   "Euclidean length. Equal values: equal to 10⁻⁹ of the largest (round-off).")


body()
explain("Bishop's notes name two families. A **stationary** kernel depends on x − x′ only: it is invariant to "
        "translations, so around every x₀ it draws the same picture, shifted (the three colours overlap after a "
        "shift, and the table's first column of numbers is one value). A **homogeneous** or **radial** kernel depends on the "
        "length ‖x − x′‖ only: its contours are circles, and turning d does not change k (the two columns agree). The "
        "RBF kernel is both, and it is the bump of an RBF network (Kernel ridge › RBF networks). The Laplacian kernel "
        "here is scikit-learn's exp(−γ‖x − x′‖₁): stationary, but radial in the ℓ₁ norm only — its contours are "
        "diamonds, and a 45° turn changes ‖d‖₁ (Kriege writes exp(−‖x − x′‖/h) without naming the norm). The linear, "
        "polynomial and sigmoid kernels depend on xᵀx′: moving x₀ changes the whole picture.")
show_code(kc.shift_probe)
exercises(PAGE, [
    Exercise("kernels_stationary_laplacian", "The Laplacian kernel exp(−γ‖x − x′‖₁) as this app (and scikit-learn) "
             "computes it: stationary, radial, both or neither?",
             ("Both, like the RBF kernel", "Stationary, but not radial in the Euclidean sense: its contours are "
              "diamonds", "Neither"), 1,
             reveal_kernel("laplacian", gamma=1.0),
             "It depends on x − x′ only (stationary), through the ℓ₁ norm |x₁ − x₁′| + |x₂ − x₂′|: the set of points "
             "at one ℓ₁ distance is a diamond, so turning d by 45° changes k. With the Euclidean norm, "
             "exp(−γ‖x − x′‖₂), it would be radial too."),
])
section_footer(__file__)
