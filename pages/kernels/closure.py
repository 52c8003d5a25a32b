"""Kernels › Closure rules: new kernels from old ones (c·k₁, k₁ + k₂, k₁·k₂, exp(k₁), polynomials of k₁ with
non-negative coefficients), written as kernel_core operators, and the composed Gram matrix's eigenvalues."""
import streamlit as st

from pages.kernels import compute, figures
from pages.kernels.display import formula, verdict_box
from pages.kernels.settings import KEY, PAGE, frame, reveal_kernel
from ui.classroom import presenting
from ui.code import show_code
from ui.compute import build_kernel
from ui.controls import labeller, pick_kernel
from ui.data import current_dataset
from ui.exercises import Exercise, exercises
from ui.figures import CHART_CONFIG
from ui.kernel_choice import Composed
from ui.nav import section_footer, section_header
from ui.ranges import SCALE

RULES = {   # key: (label, the rule, kernel_core's operator)
    "sum": ("k₁ + k₂", r"k = k_1 + k_2", "k1 + k2"),
    "product": ("k₁ · k₂", r"k = k_1\,k_2", "k1 * k2"),
    "scale": ("c · k₁ (c > 0)", r"k = c\,k_1,\quad c>0", "c * k1"),
    "exp": ("exp(k₁)", r"k = \exp(k_1)", "k1.exp()"),
    "polynomial": ("polynomial of k₁", r"k = c_0 + c_1 k_1 + c_2 k_1^2,\quad c_i \ge 0", "k1.polynomial([c0, c1, c2])"),
}
POLY_DEFAULTS = (1.0, 1.0, 0.5)

section_header(__file__)
present = presenting()
X, y, _ = current_dataset()


@st.fragment
def compose():
    """The bar, the rule and its picture (one fragment: a move does not re-send the exercises)."""
    s, left, right = frame()
    with right:
        op = st.selectbox("Rule", list(RULES), key=KEY.op, format_func=labeller({k: v[0] for k, v in RULES.items()}),
                          bind="query-params")
        arg, second = None, None
        if op in ("sum", "product"):
            second = pick_kernel(PAGE, "Second kernel k₂", default="linear", suffix="2")
        elif op == "scale":
            arg = st.slider("c", *SCALE, 0.1, key=KEY.c, bind="query-params")
        elif op == "polynomial":
            cols = st.columns(3)
            arg = tuple(col.number_input(f"c{i}", 0.0, 10.0, d, 0.5, key=KEY.poly_c(i), bind="query-params")
                        for i, (col, d) in enumerate(zip(cols, POLY_DEFAULTS)))
    choice = Composed(op, s.choice, second, arg)
    if len(X) < 2:
        left.warning("The data set has fewer than two points: add points in the geometry section, or press Undo "
                     "in the sidebar.")
        return
    try:
        result = compute.composed(X, choice)
    except ValueError as err:
        right.error(f"This combination cannot be used: {err}")
        return
    with left:
        st.plotly_chart(figures.spectrum(result.gram.ev, None, figures.main_height(present), present=present),
                        key=f"{PAGE}_compose_spectrum", config=CHART_CONFIG)
    with right:
        formula(RULES[op][1])
        formula(r"k(\mathbf{x},\mathbf{y}) = " + result.latex)
        verdict_box(result.gram.verdict, "The composed K")
        if not result.is_mercer:
            st.warning("A part of this composition is not a Mercer kernel (the sigmoid, or a polynomial kernel with "
                       "r < 0): the closure rules only promise a valid kernel when every part is one.")
    st.caption(f"The eigenvalues of the composed Gram matrix on the data set ({len(X)} points), descending; "
               f"negative ones red. In kernel_core: `k = {RULES[op][2]}` with k1 = Kernel(...) of the bar.")
    show_code(build_kernel, type(choice.kernel()))


compose()

with st.container(key="explain_closure"):
    st.markdown(
        "**Why the rules hold** (Sugiyama proves the first three): for c > 0, c·k₁ has the feature map √c·φ₁; "
        "k₁ + k₂ has φ₁ and φ₂ stacked; k₁·k₂ has all products [φ₁]ᵢ[φ₂]ⱼ; a polynomial with non-negative "
        "coefficients is sums and products of these, and exp(k₁) is the limit of its Taylor polynomials.\n\n"
        "**Bishop's notes list all ten rules** for valid k₁, k₂: (1) c·k₁, (2) f(x) k₁(x, x′) f(x′), (3) q(k₁) for "
        "a polynomial q with non-negative coefficients, (4) exp(k₁), (5) k₁ + k₂, (6) k₁·k₂, (7) k₃(φ(x), φ(x′)), "
        "(8) xᵀAx′ with A symmetric PSD, (9) kₐ(xₐ, x′ₐ) + k_b(x_b, x′_b), (10) kₐ(xₐ, x′ₐ)·k_b(x_b, x′_b). "
        "This section builds (1), (3), (4), (5) and (6); Kriege uses them as the composition rules of kernel "
        "engineering, and rule (8) is the xᵀMx′ example of the last section.")

exercises(PAGE, [
    Exercise("kernels_sum", "Is RBF + linear (k₁ + k₂) still a valid kernel?",
             ("Yes: sums of kernels are kernels", "No: adding kernels breaks positive semi-definiteness",
              "Only if both have the same scale"), 0,
             {**reveal_kernel("rbf"), KEY.op: "sum", KEY.kernel2: "linear"},
             "Closure rule (Bishop's notes rule 5, Sugiyama, Kriege): φ = (φ₁, φ₂) stacked gives k₁ + k₂, so the "
             "composed Gram matrix stays PSD."),
])

section_footer(__file__)
