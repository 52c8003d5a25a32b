"""The polynomial kernel's map φ written out: its features (names and values for two points x, y), and
φ(x)ᵀφ(y) = k(x, y) with the numbers plugged in (Held, Kriege, Nguyen)."""
import pandas as pd
import streamlit as st

import kernel_core as kc
from pages.mercer import compute, figures, settings
from pages.mercer.settings import KEY, PAGE
from ui.classroom import presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.nav import section_footer, section_header
from ui.ranges import MERCER as R

section_header(__file__)


@st.fragment
def panel():
    chart, side = st.columns([3, 2], gap="medium")
    with side:
        s = settings.bar()
        m, r = s.degree, s.coef0
        lo, hi, step = R["coord"]
        cx, cy = st.columns(2)
        x = (cx.slider("x₁", lo, hi, R["x"][0], step, key=KEY.X1, bind="query-params"),
             cx.slider("x₂", lo, hi, R["x"][1], step, key=KEY.X2, bind="query-params"))
        y = (cy.slider("y₁", lo, hi, R["y"][0], step, key=KEY.Y1, bind="query-params"),
             cy.slider("y₂", lo, hi, R["y"][1], step, key=KEY.Y2, bind="query-params"))
    t = compute.feature_table(x, y, m, r)
    D = len(t.names)
    with chart:
        st.plotly_chart(figures.feature_bars(t.names, t.px, t.py, f"The {D} features of x = {x} and y = {y}",
                                             present=presenting()), key="mercer_bars", config=figures.CONFIG)
    with side:
        count = (rf"\tbinom{{d+m}}{{m}} = \tbinom{{{2 + m}}}{{{m}}}" if r else
                 rf"\tbinom{{d+m-1}}{{m}} = \tbinom{{{1 + m}}}{{{m}}}")
        st.latex(rf"D = {count} = {D}\ \text{{features}}")
        a, b = st.columns(2)
        a.metric("φ(x)ᵀφ(y): green bars", f"{t.dot:.10g}")
        b.metric("k(x, y) = (xᵀy + r)^m", f"{t.k:.10g}", help="computed by kernel_core.gram, without φ")
        st.latex(rf"k(\mathbf{{x}},\mathbf{{y}}) = ({t.xty:.4g} + {r:g})^{{{m}}} = {t.k:.6g}")
        st.caption(f"Equal up to round-off: |φ(x)ᵀφ(y) − k(x, y)| = {abs(t.dot - t.k):.1e}.")
    if D <= 10:
        st.latex(r"\phi(\mathbf{x}) = \left(" + ",\\ ".join(t.latex) + r"\right)^{\!\top}")
    with st.expander(f"All {D} features as a table", key=KEY.FEATURE_TABLE, on_change="rerun") as table:
        if table.open:  # lazy: the table is built and sent only while it is open
            st.dataframe(pd.DataFrame({"feature": t.names, "φᵢ(x)": t.px, "φᵢ(y)": t.py,
                                       "φᵢ(x)·φᵢ(y)": t.products}), hide_index=True)


panel()
st.caption("Features in Held's order: by degree, and in each degree the pure powers x₁ʲ, x₂ʲ before the mixed "
           "terms — for m = 2, r = 1 Held's φ(x) = (1, √2x₁, √2x₂, x₁², x₂², √2x₁x₂). Held's example is m = 2, r = 1 "
           "(six features); Kriege, Bishop's notes and Nguyen use m = 2, r = 0 (three). γ = 1 throughout, as in Held and Kriege.")
st.caption("Bishop's notes name the two ways to a kernel this section joins: choose the basis functions φᵢ and "
           "sum k(x, x′) = Σᵢ φᵢ(x)φᵢ(x′) (the table's last column, added up), or write k directly and show it is "
           "an inner product, as (xᵀz)² = x₁²z₁² + 2x₁z₁x₂z₂ + x₂²z₂² = (x₁², √2x₁x₂, x₂²)·(z₁², √2z₁z₂, z₂²) shows "
           "(r = 0, m = 2; Nguyen and Kriege too). Without a φ in hand, the test is the Gram matrix (*Why K is PSD*).")
st.caption("The coefficients are square roots of the multinomial coefficients. With α = (α₁, …, α_d) the exponents "
           "of x in a monomial x^α and j = α₁ + … + α_d its degree, (xᵀy + r)^m = Σ m!/(α!(m−j)!) r^(m−j) x^α y^α "
           "(α! = α₁!⋯α_d!; the (m−j)! is the constant's share), so φ_α(x) = √(m!/(α!(m−j)!) · r^(m−j)) x^α. For "
           "m = 3, r = 1 the x₁y₁ term has 3!/(1!·2!) = 3. With r < 0 some of them would be negative under the "
           "root: no real map, which is why the slider stops at 0.")
show_code(kc.poly_feature_map)

exercises(PAGE, [
    Exercise("mercer_count", "How many features does the map of k(x, y) = (xᵀy + 1)² have for 2-D inputs x?",
             ("3", "6", "9"), 1, {KEY.DEGREE: 2, KEY.COEF0: 1.0},
             "Held: φ(x) = (1, √2x₁, √2x₂, x₁², x₂², √2x₁x₂), a six-dimensional feature space — the six bars, in "
             "this order. C(d + m, m) = C(4, 2) = 6. Without the + 1, (xᵀy)² keeps only the three degree-2 terms "
             "(Kriege, Nguyen): set r = 0."),
])
section_footer(__file__)
