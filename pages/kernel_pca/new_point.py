"""Kernel PCA › A new point: where a point that was not in the data projects (the main picture), from its centred
kernel vector k′(x) and the dual coefficients aᵢ; the point is placed by sliders or by a click on the input plane."""
import streamlit as st

import kernel_core as kc
from pages.kernel_pca import compute, figures
from pages.kernel_pca.formulas import dot_tex, used, vec_tex
from pages.kernel_pca.settings import KEY, component, frame, placing_chart, sidebar_view
from ui.classroom import presenting
from ui.code import show_code
from ui.formulas import latex
from ui.nav import section_footer, section_header
from ui.ranges import KPCA as R

section_header(__file__)
present = presenting()
shown = sidebar_view()


def new_x(dim, stacked=False):
    """The new point's coordinates: two sliders (2-D data; `stacked`: one under the other) or three number inputs
    (3-D)."""
    lo, hi, default, step = R["new_point_2d" if dim == 2 else "new_point_3d"]
    for key in KEY.NEW[:dim]:  # the same keys serve 2-D and 3-D data: a 3-D value kept for a 2-D slider is clamped
        value = st.session_state.get(key)
        if value is not None and not lo <= value <= hi:
            st.session_state[key] = float(min(max(value, lo), hi))
    cols = [st.container(), st.container()] if stacked else st.columns(dim)
    if dim == 2:
        return tuple(cols[i].slider(f"new x{'₁₂'[i]}", lo, hi, default[i], step, key=KEY.NEW[i], bind="query-params")
                     for i in range(2))
    return tuple(float(cols[i].number_input(f"new x{'₁₂₃'[i]}", lo, hi, default[i], step, key=KEY.NEW[i],
                                            bind="query-params")) for i in range(3))


@st.fragment
def body():
    """The bar, the new point and every picture and formula they change: only this part reruns when one moves."""
    framed = frame(shown, R["fit_max"])
    if framed is None:
        return
    s, d, left, right = framed
    with right:
        try:
            kp = compute.fit(d.X, s.kernel)
        except ValueError as err:
            st.error(f"Kernel PCA cannot be computed with these settings: {err}")
            return
        dim = d.X.shape[1]
        if dim == 2 and present:   # the sliders beside the input plane, so both end on the projector's first screen
            sliders, plane = st.columns((2, 3), vertical_alignment="center")
            with sliders:
                x = new_x(dim, stacked=True)
        else:
            x, plane = new_x(dim), st.container()
        p = compute.new_point(d.X, s.kernel, x)
        pair = s.pair if max(s.pair) < kp.eta.shape[1] else (0, 1)
        if dim == 2:
            with plane:
                placing_chart(figures.data_figure(d.X, d.y, d.t, "Input space (click to move x)", point=x,
                                                  height=figures.INPUT[present], present=present),
                              KEY.NEW_INPUT_CHART, config=figures.CONFIG)
        else:
            st.plotly_chart(figures.data_figure(d.X, d.y, d.t, "The new point in input space", point=x,
                                                present=present), key=KEY.NEW_INPUT_CHART, config=figures.CONFIG)
        latex(r"\begin{aligned}" + r"\\ ".join(
            rf"\eta^{{({i + 1})}}(\mathbf{{x}}) &= \mathbf{{k}}'(\mathbf{{x}})^\top\mathbf{{a}}_{i + 1} = {p.eta[i]:.4g}"
            for i in pair) + r"\end{aligned}")
        if used(d, "Kernel PCA"):
            st.info(used(d, "Kernel PCA"))
    left.plotly_chart(figures.embedding_figure(kp.eta[:, pair], d.y, d.t, axes=tuple(component(i) for i in pair),
                                               point=p.eta[list(pair)], present=present),
                      key=KEY.NEW_PROJ_CHART, config=figures.CONFIG)
    latex(r"\mathbf{k}(\mathbf{x}) = \big(k(\mathbf{x},\mathbf{x}_1),\dots,k(\mathbf{x},\mathbf{x}_n)\big)^{\!\top} = "
             + vec_tex(p.k))
    latex(r"\mathbf{k}'(\mathbf{x}) = J\big(\mathbf{k}(\mathbf{x}) - \tfrac{1}{n}K\mathbf{1}\big) = " + vec_tex(p.kc))
    latex(r"k'_l = k(\mathbf{x},\mathbf{x}_l) - \tfrac{1}{n}\textstyle\sum_j k(\mathbf{x},\mathbf{x}_j) - \tfrac{1}{n}"
             r"\sum_j K_{jl} + \tfrac{1}{n^2}\sum_{j,m}K_{jm}")
    for i in pair:
        latex(rf"\eta^{{({i + 1})}}(\mathbf{{x}}) = {dot_tex(p.kc, p.dual_coef[:, i])} = {p.eta[i]:.4g}")
    st.caption(f"The sums run over all n = {d.n} training points; aᵢ are the dual coefficients of step 5. For a "
               "training point xₗ, k′(xₗ) is row l of K′ and this is step 6. Held writes it uncentred as "
               "φ(x)ᵀvᵢ = Σₗ aᵢ⁽ˡ⁾ k(x, xₗ)." + (" Move x with the sliders, or click on the input plane: the star ★ "
                                                   "jumps there." if dim == 2 else ""))


body()
show_code(kc.KernelPCA.kernel_vectors)
section_footer(__file__)
