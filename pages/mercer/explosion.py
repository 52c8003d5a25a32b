"""The feature explosion: the polynomial map of d inputs has C(d+m, m) features, so nobody builds φ; the kernel
costs d + m multiplications (Kriege's slide, with exact counts and timings on this machine)."""
import pandas as pd
import streamlit as st

from kernel_core import feature_maps as fm
from pages.mercer import compute, figures, settings
from pages.mercer.settings import KEY
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.nav import section_footer, section_header
from ui.ranges import MERCER as R


def big(n):
    """An exact integer with thin spaces for LaTeX: 50\\,015\\,001."""
    return f"{n:,}".replace(",", r"\,")


section_header(__file__)


@st.fragment
def panel():
    chart, side = st.columns([3, 2], gap="medium")
    with side:
        s = settings.bar()
        m, r = s.degree, s.coef0
        d = st.select_slider("input dimension d", R["d"], value=R["d_default"], key=KEY.D, bind="query-params")
    e = compute.explosion(d, m)
    with chart:
        st.plotly_chart(figures.explosion_plot(d, m, present=presenting()), key="mercer_explosion",
                        config=figures.CONFIG)
    with side:
        yours = e.homogeneous if r == 0 else e.full
        st.metric(f"features of φ, d = {d:,}, m = {m}, r = {r:g}", f"{yours:,}")
        st.latex(rf"(\mathbf{{x}}^\top\mathbf{{x}}')^{{{m}}}:\ \tbinom{{d+m-1}}{{m}} = {big(e.homogeneous)}")
        st.latex(rf"(1+\mathbf{{x}}^\top\mathbf{{x}}')^{{{m}}}:\ \tbinom{{d+m}}{{m}} = {big(e.full)}")
        st.latex(rf"d^{{\,m}} = {big(d)}^{{{m}}} = {big(e.power)}")
        st.dataframe(pd.DataFrame({"one value of": ["φ(x)ᵀφ(x′)", "(1 + xᵀx′)^m"],
                                   "mult.": [f"{e.explicit[0]:,}", f"{e.kernel[0]:,}"],
                                   "add.": [f"{e.explicit[1]:,}", f"{e.kernel[1]:,}"]}), hide_index=True)
    explain(f"Kriege's slide (his degree k is this section's m): *d = 10 000, k = 2 ⇒ need ~100M dimensions*. That figure is the **O(d^k) "
            f"estimate** d² = 10⁸; the exact count is C(10 001, 2) = 50 005 000 (or C(10 002, 2) = 50 015 001 with "
            f"the constant and linear terms), about **50 M**: xᵢxⱼ and xⱼxᵢ are one feature, so a degree-2 map has "
            f"about d²/2 of them. One φ(x) here (d = {d:,}, m = {m}) takes {e.full * 8 / 1e6:,.3g} MB as float64.")


panel()
st.caption("Operation counts (table, right): φ(x)ᵀφ(x′) for (1 + xᵀx′)^m, building both maps, against the kernel. "
           "Kriege counts d = 2, (xᵀx′)²: embedding 3 + 3 + 4 = 10 multiplications and 2 additions, kernel 3 and 1 — "
           "the same rule gives the rows. The degree m is the topic's (the bar at the right; Kriege writes it k).")
rows = compute.timings(R["timing_d"], R["timing_m"], R["timing_max_features"])
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
section_footer(__file__)
