"""The eigen feature map of a Gram matrix (Held): K = VΛVᵀ gives φ(x_l) = Λ^{1/2} V[l, :]; keeping the first q
components reconstructs K up to the dropped eigenvalues, and a negative eigenvalue leaves no real map (sigmoid)."""
import streamlit as st

from kernel_core import KERNEL_PARAMS
from kernel_core import eigen_map as em
from pages.mercer import compute, figures, settings
from pages.mercer.settings import EIG_SUFFIX, KEY, PAGE
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.controls import labeller, param_widget
from ui.data import current_dataset
from ui.exercises import Exercise, exercises
from ui.formulas import with_numbers
from ui.kernel_choice import LABELS, Single
from ui.nav import section_footer, section_header
from ui.ranges import MERCER as R


def sci(v):
    """A number for LaTeX: 0.0123 or 2.1 \\times 10^{-15}."""
    if v == 0 or 1e-3 <= abs(v) < 1e4:
        return f"{v:.3g}"
    mantissa, exponent = f"{v:.2e}".split("e")
    return rf"{mantissa} \times 10^{{{int(exponent)}}}"


def kriege(e, n):
    """Kriege's proof of PSD ⇒ kernel, the same eigen map in his notation (Φ with the points as columns)."""
    st.markdown("**Kriege's proof** that a PSD matrix is a kernel, on a finite data space 𝒳 = {1, …, n}: the same map, "
                "his U and D this V and Λ, his φ(xᵢ) the i-th *column* of Φ (the points as columns, as in *Why K is "
                "PSD*):")
    # the space after the block: KaTeX lets an aligned block overhang its box by ~2 px, which made the box scroll
    st.latex(r"\begin{aligned}\mathbf K &= UDU^\top\\ &= (UD^{1/2})(D^{1/2}U^\top) = \Phi^\top\Phi\\ "
             r"\Phi &= D^{1/2}U^\top\\ &= [\phi(\mathbf x_1), \dots, \phi(\mathbf x_n)]\end{aligned}\;")
    st.latex(rf"\Phi:\ {e.rank}\times{n}\ (\lambda_i > 0),\quad \frac{{\|\mathbf K - \Phi^\top\Phi\|_F}}"
             rf"{{\|\mathbf K\|_F}} = {sci(e.errors[e.rank])}")


section_header(__file__)


def pick(poly):
    """The kernel of K: the topic's polynomial kernel (the bar's m and r, γ = 1) or another with its own parameters."""
    options = list(LABELS)
    name = st.selectbox("kernel of K", options, index=options.index("poly"), key=KEY.KERNEL_EIG,
                        format_func=labeller(LABELS), bind="query-params",
                        help="Polynomial: the bar's (xᵀy + r)^m with γ = 1. The others have their own parameters.")
    if name == "poly":
        return poly
    return Single(name, tuple((p, param_widget(PAGE, name, p, st, EIG_SUFFIX)) for p in KERNEL_PARAMS[name]))


@st.fragment
def panel():
    present = presenting()
    X, y, desc = current_dataset()
    if len(X) < 2:
        st.warning(f"The sidebar data set has fewer than two points ({desc}): add points to see a Gram matrix.")
        return
    chart, side = st.columns([3, 2], gap="medium")
    with side:
        choice = pick(settings.bar().kernel())
        lo, hi, default, step = R["q"]
        q = st.slider("q (components kept)", lo, hi, default, step, key=KEY.Q, bind="query-params")
        if compute.cap_note(len(X), R["eigen_max"]):
            st.caption(compute.cap_note(len(X), R["eigen_max"]))
    X, y = compute.capped(X, y, R["eigen_max"])
    try:
        e = compute.eigen(X, choice, q)
    except ValueError as err:
        side.error(f"This kernel cannot be evaluated on these data: {err}")
        return
    q = min(q, len(e.eigenvalues))
    with chart:
        st.plotly_chart(figures.spectrum_and_error(e.eigenvalues, e.errors, q, f"Eigenvalues of K, first {q} kept",
                                                   present=present), key="mercer_eig_spectrum", config=figures.CONFIG)
    with side:
        st.latex(with_numbers(choice.name, dict(choice.params)))
        if e.features is not None:
            st.latex(rf"q = {q}:\ \frac{{\|\mathbf{{K}} - \Phi_q\Phi_q^\top\|_F}}{{\|\mathbf{{K}}\|_F}} = {sci(e.error)}")
            st.latex(rf"\operatorname{{rank}}\mathbf{{K}} = {e.rank}")
        else:
            st.error(f"No real feature map: {e.problem}")
    left, right = st.columns([2, 3], gap="medium")
    with right:
        st.latex(r"\mathbf{K} = \mathbf{V}\boldsymbol{\Lambda}\mathbf{V}^\top,\qquad \phi(\mathbf{x}_l) = "
                 r"\boldsymbol{\Lambda}_q^{1/2}\,\mathbf{V}[l, 1{:}q]^\top \in \mathbb{R}^q")
        st.latex(r"\frac{\|\mathbf{K} - \Phi_q\Phi_q^\top\|_F}{\|\mathbf{K}\|_F} = "
                 r"\sqrt{\frac{\sum_{i>q}\lambda_i^2}{\sum_i \lambda_i^2}}\;")
        st.latex(r"\phi(\mathbf{x}_l)^\top\phi(\mathbf{x}_k) = \sum_{i=1}^{q} \lambda_i V[l, i]\,V[k, i] "
                 r"\approx \mathbf{K}[l, k]")
        st.caption("Equal when q = rank K. Held writes K = VᵀΛV and φ(x_l) = Λ^{1/2} V^{(:,l)}: Held's V is the "
                   "transpose of this V (numpy/scipy's eigh, eigenvectors in columns), so Held's column l is row l "
                   f"here. Data set (sidebar): {desc}.")
        if e.features is not None:
            kriege(e, len(X))
        params = dict(choice.params)
        if choice.name == "poly" and params["degree"] == 2 and params["coef0"] > 0:
            st.caption("Rank 6 for (xᵀy + r)² on 2-D data: the six features of Held's map (first section) — the "
                       "eigen map finds a 6-dimensional feature space from K alone, and q = 6 reproduces K exactly.")
    with left:
        if e.features is None:
            explain("A negative eigenvalue λ has no real square root, so no real φ gives φ(x)ᵀφ(y) = k(x, y) on these "
                    "points — Mercer's condition fails (Held: the sigmoid kernel is not positive definite). The "
                    f"error curve levels off: keeping only λ > 0 always misses {e.errors[-1]:.1%} of K.")
        else:
            st.plotly_chart(figures.eigen_scatter(e.features, y, "The data in (φ₁, φ₂)", present=present),
                            key="mercer_eig_scatter", config=figures.CONFIG)


panel()
show_code(em.eigen_feature_map, em.reconstruction_errors)

exercises(PAGE, [
    Exercise("mercer_sigmoid", "Is there a real feature map for the Gram matrix of the sigmoid kernel "
             "tanh(γ xᵀy + r) with γ = 2, r = −1?",
             ("Yes: every Gram matrix has an eigen feature map", "No: K has negative eigenvalues, whose square roots "
              "are not real", "Only if q is kept below the rank of K"), 1,
             {KEY.KERNEL_EIG: "sigmoid", KEY.GAMMA_EIG: 2.0, KEY.COEF0_EIG: -1.0},
             "φ(xₗ) = Λ^{1/2} V[l, :] needs λᵢ ≥ 0 (Held). The red bars are negative eigenvalues: the sigmoid "
             "kernel is not positive definite (Held), so no real φ reproduces K."),
])
section_footer(__file__)
