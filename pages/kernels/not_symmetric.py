"""Kernels › Not symmetric: Kriege's first counterexample, k(x, x′) = sin(x) cos(x′) over [−π, π]², is not a mirror
image about the diagonal x = x′, so it is no inner product. It uses no kernel of the bar, so it has none."""
import numpy as np
import pandas as pd
import streamlit as st

import kernel_core as kc
from pages.kernels import compute_geometry, figures, figures_geometry
from pages.kernels.display import formula
from pages.kernels.settings import PAGE
from ui.classroom import presenting
from ui.code import show_code
from ui.figures import CHART_CONFIG
from ui.nav import section_footer, section_header

section_header(__file__)
present = presenting()
sc = compute_geometry.sin_cos()

left, right = st.columns(figures.COLUMNS, gap="medium")
with left:
    st.plotly_chart(figures_geometry.sin_cos_map(sc.xs, sc.Z, present=present), key=f"{PAGE}_sincos", config=CHART_CONFIG)
with right:
    st.markdown("**k(x, x′) = sin(x) cos(x′)** for real numbers x, x′")
    formula(r"\begin{aligned}k(0, \tfrac{\pi}{2}) &= \sin 0 \cos\tfrac{\pi}{2} = 0 \\ "
            r"k(\tfrac{\pi}{2}, 0) &= \sin\tfrac{\pi}{2}\cos 0 = 1\end{aligned}")
    st.error(f"❌ Not a kernel: {sc.verdict.reason}. A kernel is an inner product, and inner products are "
             "symmetric: k(x, x′) = k(x′, x).")
    labels = compute_geometry.SIN_COS_LABELS
    st.dataframe(pd.DataFrame(np.round(sc.S, 3), index=[f"x = {v}" for v in labels],
                              columns=[f"x′ = {v}" for v in labels]))

with st.container(key="explain_not_symmetric"):
    st.markdown("The picture shows k(x, x′) for every pair: a kernel's picture would be a mirror image about the "
                "dashed diagonal x = x′. Here the two marked points, mirror images of each other, get 0 and 1 "
                "(Kriege's example). The table is the matrix of k on the four points 0, π/2, π/4, 1: not symmetric, "
                "so it is the Gram matrix of no feature map.")
show_code(kc.sin_cos_kernel)

section_footer(__file__)
