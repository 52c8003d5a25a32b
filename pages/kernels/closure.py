"""Kernels › Closure rules: all ten of Bishop's rules (as the blog notes after PRML list them) and the generative
kernel p(x) p(x′), written as kernel_core operators and classes, with the composed Gram matrix's eigenvalues and the
PSD verdict. One rule picker; a rule's own parameters appear only for that rule (old links ?kernels_op=sum work)."""
import pandas as pd
import streamlit as st

import kernel_core as kc
from pages.kernels import compute, compute_closure, figures
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

RULES = {   # key: (label, the rule, kernel_core's operator or class), in the order of Bishop's notes. The labels of
    # the first five are what links written before the other rules hold (?kernels_op=k%E2%82%81+%2B+k%E2%82%82): keep them.
    "scale": ("c · k₁ (c > 0)", r"k = c\,k_1,\quad c>0", "c * k1"),
    "warp": ("f(x) k₁(x, x′) f(x′)", r"k = f(x)\,k_1(x,x')\,f(x')", "Warped(k1, f)"),
    "polynomial": ("polynomial of k₁", r"k = c_0 + c_1 k_1 + c_2 k_1^2,\quad c_i \ge 0", "k1.polynomial([c0, c1, c2])"),
    "exp": ("exp(k₁)", r"k = \exp(k_1)", "k1.exp()"),
    "sum": ("k₁ + k₂", r"k = k_1 + k_2", "k1 + k2"),
    "product": ("k₁ · k₂", r"k = k_1\,k_2", "k1 * k2"),
    "feature_map": ("k₃(φ(x), φ(x′))", r"k = k_3(\phi(x),\phi(x'))",
                    "FeatureMapped(k3, phi)"),
    "matrix": ("xᵀAx′, A PSD", r"k = x^\top A\,x',\quad A = B^\top B \succeq 0", "MatrixKernel(A)"),
    "sub_sum": ("kₐ(x₁, x′₁) + k_b(x₂, x′₂)", r"k = k_a(x_a,x_a') + k_b(x_b,x_b')",
                "OnColumns(ka, 0) + OnColumns(kb, 1)"),
    "sub_product": ("kₐ(x₁, x′₁) · k_b(x₂, x′₂)", r"k = k_a(x_a,x_a')\,k_b(x_b,x_b')",
                    "OnColumns(ka, 0) * OnColumns(kb, 1)"),
    "generative": ("p(x) p(x′), generative", r"k = p(x)\,p(x')",
                   "Generative(mu, sigma)"),
}
NUMBER = {op: f"({i})" for i, op in enumerate(RULES, 1) if op != "generative"}   # Bishop's numbering
NEW = {"warp", "feature_map", "matrix", "sub_sum", "sub_product", "generative"}   # compute_closure.Rule; the rest: Composed
WARP_LABELS = {"x1": "f(x) = x₁", "exp_x1": "f(x) = exp(x₁)", "norm2": "f(x) = 1 + ‖x‖²",
               "bump": "f(x) = exp(−‖x‖²/2)"}
PHI_LABELS = {"poly2": "φ(x) = (x₁², √2 x₁x₂, x₂²)", "poly2_1": "φ(x) of (xᵀx′ + 1)², 6 features"}
WHY = {   # the feature map that makes each new rule a kernel
    "warp": "φ(x) = f(x) φ₁(x): then φ(x)ᵀφ(x′) = f(x) k₁(x, x′) f(x′); in matrices K = F K₁ F with "
            "F = diag(f(xᵢ)), so vᵀKv = (Fv)ᵀK₁(Fv) ≥ 0 for every f, even one with negative values.",
    "feature_map": "k₃ is a kernel on ℝᴹ, so its Gram matrix of the points φ(x₁), …, φ(xₙ) is PSD — whatever φ "
                   "is. Here k₃ is the bar's kernel and φ the degree-2 polynomial map (Bishop's notes, Nguyen).",
    "matrix": "A = BᵀB gives xᵀAx′ = (Bx)ᵀ(Bx′): the linear kernel on the features Bx. Every symmetric PSD A is "
              "of this form (Cholesky), so the sliders reach every valid A and no other.",
    "sub_sum": "kₐ sees only the first coordinate x₁ and k_b only x₂; each is a kernel on all of x (its feature map "
               "ignores the other coordinate), so the sum is rule (5). Kriege's ANOVA kernel is this sum over all "
               "coordinates.",
    "sub_product": "As rule (9), but the product: rule (6) of kernels that each look at one coordinate. "
                   "RBF on x₁ times RBF on x₂ with the same γ is the RBF kernel on x.",
    "generative": "φ(x) = p(x), a single feature: K = ppᵀ with p = (p(x₁), …, p(xₙ)), so K has rank one — one "
                  "eigenvalue ‖p‖², all others 0. Two inputs are similar when both have high probability "
                  "(Bishop's notes).",
}
B_RANGE, B_DEFAULT = (-2.0, 2.0, 0.1), (1.0, 0.5, 1.0)             # B = [[b₁₁, b₁₂], [0, b₂₂]]: A = BᵀB
MU_RANGE, MU_DEFAULT = (-2.0, 2.0, 0.1), (0.5, 0.2)                # the density's mean (the moons' middle)
SIGMA_RANGE = (0.2, 3.0, 0.7, 0.1)                                 # its σ: low, high, default, step
POLY_DEFAULTS = (1.0, 1.0, 0.5)



def _matrix(rows):
    return r"\begin{pmatrix}" + r" \\ ".join(" & ".join(f"{v:.3g}" for v in r) for r in rows) + r"\end{pmatrix}"


section_header(__file__)
present = presenting()
X, y, _ = current_dataset()


@st.fragment
def compose():
    """The bar, the rule and its picture (one fragment: a move does not re-send the exercises)."""
    s, left, right = frame()
    with right:
        op = st.selectbox("Rule (in the order of Bishop's notes)", list(RULES), index=list(RULES).index("sum"), key=KEY.op,
                          format_func=labeller({k: v[0] for k, v in RULES.items()}), bind="query-params")
        arg, second = None, None
        if op in ("sum", "product", "sub_sum", "sub_product"):
            second = pick_kernel(PAGE, "Second kernel k_b" if op.startswith("sub") else "Second kernel k₂",
                                 default="linear", suffix="2")
        elif op == "scale":
            arg = st.slider("c", *SCALE, 0.1, key=KEY.c, bind="query-params")
        elif op == "polynomial":
            cols = st.columns(3)
            arg = tuple(col.number_input(f"c{i}", 0.0, 10.0, d, 0.5, key=KEY.poly_c(i), bind="query-params")
                        for i, (col, d) in enumerate(zip(cols, POLY_DEFAULTS)))
        elif op == "warp":
            arg = st.selectbox("Function f", list(WARP_LABELS), key=KEY.f, format_func=labeller(WARP_LABELS),
                               bind="query-params")
        elif op == "feature_map":
            arg = st.selectbox("Feature map φ (k₃ = the bar's kernel)", list(PHI_LABELS), key=KEY.phi,
                               format_func=labeller(PHI_LABELS), bind="query-params")
        elif op == "matrix":
            cols = st.columns(3)
            arg = tuple(col.slider(label, *B_RANGE[:2], d, B_RANGE[2], key=key, bind="query-params")
                        for col, label, d, key in zip(cols, ("b₁₁", "b₁₂", "b₂₂"), B_DEFAULT, KEY.B))
        elif op == "generative":
            cols = st.columns(3)
            arg = (*(col.slider(label, *MU_RANGE[:2], d, MU_RANGE[2], key=key, bind="query-params")
                     for col, label, d, key in zip(cols, ("μ₁", "μ₂"), MU_DEFAULT, KEY.p_mu)),
                   cols[2].slider("σ", *SIGMA_RANGE, key=KEY.p_sigma, bind="query-params"))
    choice = compute_closure.Rule(op, s.choice, second, arg) if op in NEW else Composed(op, s.choice, second, arg)
    if len(X) < 2:
        left.warning("The data set has fewer than two points: add points in the geometry section, or press Undo "
                     "in the sidebar.")
        return
    Xc, yc = compute.capped(X, y, compute.GRAM_CAP)    # the Gram section's bound: O(n³) eigenvalues
    try:
        result = compute_closure.composed(Xc, choice)
    except ValueError as err:
        right.error(f"This combination cannot be used: {err}")
        return
    with left:
        st.plotly_chart(figures.spectrum(result.gram.ev, None, figures.main_height(present), present=present),
                        key=f"{PAGE}_compose_spectrum", config=CHART_CONFIG)
        st.plotly_chart(figures.gram_side(result.gram.K, yc, "The composed Gram matrix K (ordered by class)",
                                          present=present), key=f"{PAGE}_compose_gram", config=CHART_CONFIG)
    with right:
        st.caption("The generative kernel (Bishop's notes)" if op == "generative" else
                   f"Rule {NUMBER[op]} of Bishop's notes")
        formula(RULES[op][1])
        formula(r"k(\mathbf{x},\mathbf{y}) = " + result.latex)
        if op == "generative":
            formula(r"p = \mathcal{N}(\mu, \sigma^2 I) = " + choice.kernel().density_latex())
        if op == "matrix":
            formula(r"A = B^\top B,\ \ B = " + _matrix(((arg[0], arg[1]), (0.0, arg[2]))))
        verdict_box(result.gram.verdict, "The composed K")
        if len(Xc) < len(X):
            st.caption(f"K of a random {len(Xc)} of the {len(X)} points (the same ones on every rerun): the "
                       "eigenvalues of a larger matrix would take too long for a class sharing one server.")
        if op == "generative":
            st.metric("Rank of K (eigenvalues above round-off)", result.gram.rank)
        if not result.is_mercer:
            st.warning("A part of this composition is not a Mercer kernel (the sigmoid, or a polynomial kernel with "
                       "r < 0): the closure rules only promise a valid kernel when every part is one.")
    if op in WHY:
        name = "p(x) p(x′)" if op == "generative" else f"rule {NUMBER[op]}"
        st.markdown(f"**Why {name} is a kernel:** {WHY[op]}")
    unused = " The bar's kernel k₁ is not used by this rule." if op in ("matrix", "generative") else ""
    st.caption(f"The eigenvalues of the composed Gram matrix on the data set ({len(Xc)} points), descending; "
               "negative ones red; under them the matrix itself, rows and columns ordered by class. "
               f"In kernel_core: `k = {RULES[op][2]}` with k1 = Kernel(...) of the bar.{unused}")
    show_code(build_kernel, type(choice.kernel()))
    pairwise(s)


def pairwise(s):
    """Kriege's pairwise data: a kernel on (user, product) pairs from one on users and one on products."""
    with st.expander("Pairwise data (Kriege): k((u, p), (u′, p′)) = k_user(u, u′) · k_product(p, p′)"):
        try:
            r = compute_closure.pairwise(s.choice)
        except ValueError as err:
            st.error(f"The bar's kernel cannot be used on the pairs: {err}")
            return
        users = ", ".join(f"{u:g}" for u in compute_closure.PAIR_USERS)
        products = ", ".join(f"{p:g}" for p in compute_closure.PAIR_PRODUCTS)
        st.markdown(f"Users u ∈ {{{users}}} and products p ∈ {{{products}}} (one feature each), the bar's kernel as "
                    "both k_user and k_product. Over the six pairs (u₁, p₁), (u₁, p₂), …, (u₃, p₂) the Gram "
                    "matrix of the product is the **Kronecker product** of the two small ones:")
        formula(r"K = K_{\text{user}} \otimes K_{\text{product}}")
        formula(r"= " + _matrix(r.K_user) + r" \otimes " + _matrix(r.K_product))
        names = [f"(u{i}, p{a})" for i in range(1, 4) for a in range(1, 3)]
        st.dataframe(pd.DataFrame(r.product.K, index=names, columns=names).style.format("{:.3f}"),
                     key=f"{PAGE}_pairwise_gram")
        st.markdown(f"Its eigenvalues are the products μᵢ νₐ of the two matrices' eigenvalues (smallest here "
                    f"{r.product.ev[-1]:.3g}), so it is PSD whenever both are: rule (10) of Bishop's notes on the pair "
                    "x = (u, p), Sugiyama's product rule.")
        verdict_box(r.product.verdict, "K_user ⊗ K_product")
        st.markdown("Kriege also gives the sum, k_user(u, u′) + k_product(p, p′) — rule (9); its Gram matrix is "
                    f"K_user ⊗ 11ᵀ + 11ᵀ ⊗ K_product (smallest eigenvalue {r.total.ev[-1]:.3g}).")
        verdict_box(r.total.verdict, "The sum's K")
        show_code(kc.pairwise_gram)


compose()

with st.container(key="explain_closure"):
    st.markdown(
        "**Why the rules hold** (Sugiyama proves the first three): for c > 0, c·k₁ has the feature map √c·φ₁; "
        "k₁ + k₂ has φ₁ and φ₂ stacked; k₁·k₂ has all products [φ₁]ᵢ[φ₂]ⱼ; a polynomial with non-negative "
        "coefficients is sums and products of these, and exp(k₁) is the limit of its Taylor polynomials.\n\n"
        "**Bishop's notes list all ten rules** for valid k₁, k₂: (1) c·k₁, (2) f(x) k₁(x, x′) f(x′), (3) q(k₁) for "
        "a polynomial q with non-negative coefficients, (4) exp(k₁), (5) k₁ + k₂, (6) k₁·k₂, (7) k₃(φ(x), φ(x′)), "
        "(8) xᵀAx′ with A symmetric PSD, (9) kₐ(xₐ, x′ₐ) + k_b(x_b, x′_b), (10) kₐ(xₐ, x′ₐ)·k_b(x_b, x′_b) — "
        "all ten are in the picker, with the generative kernel p(x) p(x′) the notes add after them. (The notes "
        "print rule (2) as f(x) k₁ f(x); PRML's (6.14) has f(x′) on the right, as here.) Kriege uses (1), (3)–(6) "
        "as the composition rules of kernel engineering; rule (8) with a matrix that is not PSD is the xᵀMx′ "
        "example of the last section. On the data set, xₐ = x₁ and x_b = x₂ are the two coordinates.")

exercises(PAGE, [
    Exercise("kernels_sum", "Is RBF + linear (k₁ + k₂) still a valid kernel?",
             ("Yes: sums of kernels are kernels", "No: adding kernels breaks positive semi-definiteness",
              "Only if both have the same scale"), 0,
             {**reveal_kernel("rbf"), KEY.op: "sum", KEY.kernel2: "linear"},
             "Closure rule (Bishop's notes rule 5, Sugiyama, Kriege): φ = (φ₁, φ₂) stacked gives k₁ + k₂, so the "
             "composed Gram matrix stays PSD."),
    Exercise("kernels_generative_rank", "What is the rank of the Gram matrix of the generative kernel p(x) p(x′)?",
             ("n, like the RBF kernel's", "1: K = ppᵀ is one outer product", "0: p(x) p(x′) is no kernel"), 1,
             {KEY.op: "generative"},
             "One feature, φ(x) = p(x): K = ppᵀ with p = (p(x₁), …, p(xₙ)) has one eigenvalue ‖p‖² and n − 1 zeros "
             "(the spectrum shows a single bar)."),
])

section_footer(__file__)
