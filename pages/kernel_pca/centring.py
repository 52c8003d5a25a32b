"""Kernel PCA › Centring K′ = JKJ: the Gram matrix K or the centred K′ as a heatmap (the same colours for both), the
sums of their rows and λ₁ with and without centring; the projections without and with centring."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.kernel_pca import compute, figures
from pages.kernel_pca.formulas import num_tex, used
from pages.kernel_pca.settings import KEY, PAGE, component, frame, reveal, sidebar_view
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.formulas import latex
from ui.kernel_choice import LABELS as KERNEL_LABELS
from ui.nav import section_footer, section_header
from ui.ranges import KPCA as R

MATRICES = {"K": "K (uncentred)", "Kc": "K′ = JKJ"}
EXERCISES = [
    Exercise("kpca_centring", "What does centring K′ = JKJ change?",
             ("Nothing visible: K and K′ have the same eigenvectors",
              "Without it, component 1 mostly points at the mean of the φ(xₗ) (all points get similar η⁽¹⁾ and λ₁ is "
              "large); with it, every row of K′ sums to 0 and the components describe the spread around the mean",
              "It rescales the kernel so that k(x, x) = 1 for every point"), 1,
             reveal(data="sidebar", kernel="rbf", gamma=0.1, pair="1-2"),
             "Held: the derivation assumes centred φ(xₗ); centring in feature space is K′ = JKJ. With γ = 0.1 all "
             "k(x, y) are close to 1, so the uncentred first axis is almost the mean direction: compare λ₁ without and "
             "with centring, and the sums of the rows of K and K′."),
]

section_header(__file__)
present = presenting()
shown = sidebar_view()


def heatmap(kp, y, which):
    """K or K′ on one colour scale (diverging when either has negative entries), so flipping between them shows
    what centring removed."""
    K, Kc = kp.model.K_, kp.model.Kc_
    top = float(max(np.abs(K).max(), np.abs(Kc).max()))
    colours = (dict(zmin=-top, zmax=top, colorscale="RdBu_r") if min(K.min(), Kc.min()) < 0
               else dict(zmin=0.0, zmax=top, colorscale="Viridis"))
    return figures.gram_figure(K if which == "K" else Kc, y, present=present, **colours)


@st.fragment
def body():
    """The bar and every picture and formula it changes: only this part reruns when one of them moves."""
    framed = frame(shown, R["fit_max"])
    if framed is None:
        return
    s, d, left, right = framed
    with right:
        try:
            kp, raw = compute.fit(d.X, s.kernel), compute.fit(d.X, s.kernel, center=False)
        except ValueError as err:
            st.error(f"Kernel PCA cannot be computed with these settings: {err}")
            return
        which = st.segmented_control("Matrix shown", list(MATRICES), format_func=MATRICES.get, key=KEY.MATRIX,
                                     default="Kc", selection_mode="single") or "Kc"
        # Held's slide: the inner product of two centred φ's, expanded into K's entries, is the (i, l) entry of JKJ
        latex(r"\begin{aligned}&\big(\phi(\mathbf x_i) - \tfrac1n\textstyle\sum_j\phi(\mathbf x_j)\big)^\top\\ &\qquad"
              r"\big(\phi(\mathbf x_l) - \tfrac1n\textstyle\sum_j\phi(\mathbf x_j)\big)\\ &= K_{il} - "
              r"\tfrac{1}{n}\textstyle\sum_j K_{jl} - \tfrac{1}{n}\sum_j K_{ij}\\ &\quad + \textstyle\tfrac{1}{n^2}\sum_{j,m} K_{jm} = "
              r"K'_{il}\\ &K' = JKJ,\quad J = I_n - \tfrac1n\mathbf{1}\mathbf{1}^\top\end{aligned}")
        latex(rf"\begin{{aligned}}\max_i\,|(K\mathbf{{1}})_i| &= {np.abs(kp.model.K_.sum(axis=1)).max():.4g}\\ "
                 rf"\max_i\,|(K'\mathbf{{1}})_i| &= {num_tex(np.abs(kp.model.Kc_.sum(axis=1)).max())}\\ "
                 rf"\lambda_1 \text{{ of }} K &= {raw.eigenvalues[0]:.4g}\\ "
                 rf"\lambda_1 \text{{ of }} K' &= {kp.eigenvalues[0]:.4g}\end{{aligned}}")
        if used(d, "This section"):
            st.info(used(d, "This section"))
        exercises(PAGE, EXERCISES, chart=KEY.RAW_CHART)   # Check changes the projection without centring
    left.plotly_chart(heatmap(kp, d.y, which), key=KEY.GRAM_CHART, config=figures.CONFIG)
    pair = s.pair if max(s.pair) < kp.eta.shape[1] else (0, 1)
    axes = tuple(component(i) for i in pair)
    c1, c2 = st.columns(2)
    c1.plotly_chart(figures.embedding_figure(raw.eta[:, pair], d.y, d.t, f"Without centring: λ₁ = "
                                             f"{raw.eigenvalues[0]:.4g}", axes=axes, height=figures.ROW[present],
                                             present=present), key=KEY.RAW_CHART, config=figures.CONFIG)
    c2.plotly_chart(figures.embedding_figure(kp.eta[:, pair], d.y, d.t, f"Centred: λ₁ = {kp.eigenvalues[0]:.4g}",
                                             axes=axes, height=figures.ROW[present], present=present),
                    key=KEY.CENTRED_CHART, config=figures.CONFIG)
    st.caption(f"Both projections: {KERNEL_LABELS[s.name]}, components {pair[0] + 1} and {pair[1] + 1}. Data: "
               f"{d.describe}.")


body()
explain("The derivation assumes the φ(xₗ) are centred (Held). Without centring, the \"PCA\" runs around the origin of "
        "the feature space instead of the **mean** of the φ(xₗ), so the first axis largely points at that mean and λ₁ "
        "is larger. After centring, every row and column of K′ sums to 0: flip the heatmap between K and K′ (same "
        "colours).")
show_code(kc.centring_matrix)
section_footer(__file__)
