"""SVM › Gaussian vs Laplacian: Kriege's demo — the same width h for both kernels, the same C and data; the
Gaussian's boundary is smooth, the Laplacian's kinked and more local."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.svm import compute, figures
from pages.svm.settings import KEY, PAGE, bar, data
from pages.svm.settings import slider as width_slider
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.figures import CHART_CONFIG
from ui.kernel_choice import Single
from ui.nav import section_footer, section_header
from ui.ranges import SVM as R

section_header(__file__)
present = presenting()


@st.fragment
def panel():
    """The bar with the width h, the two maps and their formulas (a move reruns only this panel; its box "pair_maps":
    presenting, a frameless bar, ui.classroom)."""
    with st.container(key="pair_maps"):
        maps()


def maps():
    s, h = bar(lambda row, compact: width_slider(row, "width h (Kriege)", "h", KEY.H, *R["h"], compact=compact,
                                                 help_="The same h for both kernels (this section's own)."),
               compact=present)
    d = data()
    box = compute.bounds(d.X)
    if d.missing:
        st.info(d.missing)
        return
    # The maps have no Plotly legend (two of them side by side): one key for both, over them; presenting, in a narrow
    # column beside them, where the square maps leave room (over them it would push their x ticks off the screen).
    key = figures.map_key(False, figures.KEY_SIZE[present], stack=present)
    if present:
        columns = st.columns([1, 1, 0.22], gap="small")
        columns[2].markdown(key, unsafe_allow_html=True)
    else:
        st.markdown(key, unsafe_allow_html=True)
        columns = st.columns(2, gap="medium")
    for col, (name, gamma, label) in zip(columns,
                                         (("rbf", 1 / h**2, "Gaussian"), ("laplacian", 1 / h, "Laplacian"))):
        kernel = Single.of(name, gamma=gamma)
        with col:
            try:
                fit = compute.fit(d.X, d.y, d.part, kernel, s.C)
                Z = compute.surface(fit.points, fit.weights, fit.b, kernel, box, R["pair_grid"])
            except ValueError as err:
                st.error(f"The {label} SVM cannot be fitted: {err}")
                continue
            fig = figures.svm_map(box, Z, fit, d.X, d.y, d.part.tr, d.part.te, s.C, None, False,
                                  figures.PAIR_HEIGHT[present], legend=False, tag=f"{label}, C = {s.C:g}",
                                  present=present)
            st.plotly_chart(fig, key=f"{PAGE}_{name}_map", config=CHART_CONFIG)
            if name == "rbf":
                st.latex(rf"\exp\!\Big(-\frac{{\|\mathbf{{x}}-\mathbf{{x}}'\|_2^2}}{{h^2}}\Big),\ "
                         rf"\gamma = \frac{{1}}{{h^2}} = {1 / h**2:.3g}")
            else:
                st.latex(rf"\exp\!\Big(-\frac{{\|\mathbf{{x}}-\mathbf{{x}}'\|_1}}{{h}}\Big),\ "
                         rf"\gamma = \frac{{1}}{{h}} = {1 / h:.3g}")
            test = "—" if np.isnan(fit.test_acc) else f"{fit.test_acc:.1%}"
            st.markdown(f"**{len(fit.sv)}** support vectors · training accuracy **{fit.train_acc:.1%}** · "
                        f"held-out **{test}**")


panel()
st.caption("Both maps use the bar's C and the data set of the sidebar (its training points; the held-out ones are "
           "not drawn); k₁ of the bar is not used here.")
explain("The Gaussian's boundary is smooth; the Laplacian's L1 distance makes it kinked and more local — each "
        "point's influence decays like exp(−|Δx₁|/h − |Δx₂|/h), with a corner at the point itself. Kriege writes both "
        "with a width h; scikit-learn's γ is 1/h² for the Gaussian and 1/h for the Laplacian.")
show_code(kc.kernels.rbf_kernel, kc.kernels.laplacian_kernel)

EXERCISES = [
    Exercise("svm_gauss_laplace", "Gaussian vs Laplacian kernel with the same width h: which decision boundary is "
             "smoother?",
             ("The Gaussian's", "The Laplacian's", "They are the same: both are exp(−distance/h)"), 0,
             {KEY.H: 0.316},
             "Kriege's demo: h = 0.316 gives γ = 1/h² = 10 for the Gaussian and γ = 1/h = 3.16 for the Laplacian. "
             "The Gaussian bump is round and smooth; the Laplacian uses the L1 distance |Δx₁| + |Δx₂| and has a sharp "
             "peak at each point, so its boundary is kinked and more local — compare the two maps above."),
]
exercises(PAGE, EXERCISES)
section_footer(__file__)
