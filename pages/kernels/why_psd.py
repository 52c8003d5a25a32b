"""Kernels › Why K is PSD: pick weights v for a handful of points and see vᵀKv = Σᵢⱼ vᵢvⱼ k(xᵢ, xⱼ) computed from K
equal ‖Σᵢ vᵢ φ(xᵢ)‖² computed from the explicit features — so it is never negative (Kriege's proof). For a function
that is not a kernel a button finds a v with vᵀKv < 0: the eigenvector of K's most negative eigenvalue."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.kernels import compute, figures
from pages.kernels.display import formula
from pages.kernels.settings import KEY, PAGE, frame, reveal_kernel
from ui.classroom import presenting
from ui.code import show_code
from ui.data import current_dataset
from ui.exercises import Exercise, exercises
from ui.figures import CHART_CONFIG
from ui.nav import section_footer, section_header

V_START = (1.0, -0.5, 0.5, -1.0, 0.25, 0.75)       # the weights a student starts with
V_RANGE = (-1.0, 1.0, 0.01)                         # each vᵢ: low, high, step
HOW = {
    "explicit": "the explicit feature map φ (Held's monomials with their √ coefficients)",
    "eigen": "the eigen map φ(xₗ) = Λ^½ V[l, :] of K = VΛVᵀ itself (Held, who writes K = VᵀΛV and so V[:, l]; "
             "Kriege's proof that a PSD matrix is a Gram matrix) — the RBF and Laplacian kernels have no finite "
             "explicit map",
}

section_header(__file__)
present = presenting()
X, _, data_desc = current_dataset()


def _set_v(values):
    for i, value in enumerate(values):
        st.session_state[KEY.v(i)] = float(np.clip(np.round(value, 2), *V_RANGE[:2]))


def _random_v(n):
    seed = st.session_state.get(f"{PAGE}_v_seed", 0) + 1
    st.session_state[f"{PAGE}_v_seed"] = seed
    _set_v(np.random.default_rng(seed).uniform(-1, 1, n))


def _use_poly():
    st.session_state[KEY.kernel] = "poly"


def _n(v):
    return f"{v:.4g}".replace("e+0", "e").replace("e-0", "e-")


def _lam_min(r):
    """K's smallest eigenvalue for the caption; round-off (|λ| ≤ PSD_RTOL · max|K|, e.g. −3e−17 for the linear
    kernel's rank-2 K) as ≈ 0, so a PSD K never reads as a negative number."""
    if abs(r.lam_min) <= kc.PSD_RTOL * max(float(np.max(np.abs(r.both.K))), 1e-300):
        return "≈ 0 (round-off)"
    return _n(r.lam_min)


@st.fragment
def body():
    s, left, right = frame()
    with right:
        n = st.segmented_control("Points n", compute.WHY_PSD_N, default=5, key=KEY.n_v) or 5
    if len(X) < 2:
        left.warning("The data set has fewer than two points: add points in the geometry section, or press Undo "
                     "in the sidebar.")
        return
    n = min(n, len(X))
    for i in range(n):
        st.session_state.setdefault(KEY.v(i), V_START[i])
    v = tuple(float(st.session_state[KEY.v(i)]) for i in range(n))
    try:
        r = compute.vkv(X, s.choice, v)
    except ValueError as err:
        left.error(f"This kernel cannot be evaluated on these points: {err}")
        return
    b = r.both
    with left:
        st.plotly_chart(figures.vkv_cells(b.terms, present=present), key=f"{PAGE}_vkv", config=CHART_CONFIG)
        cols = st.columns(n)
        for i, col in enumerate(cols):
            col.slider(f"v{figures.subscript(i + 1)}", *V_RANGE, key=KEY.v(i))
        c1, c2 = st.columns(2)
        c1.button("🎲 Random v", on_click=_random_v, args=(n,), key=f"{PAGE}_v_random", width="stretch")
        c2.button("Find a v with vᵀKv < 0", on_click=_set_v, args=(r.v_neg,), key=f"{PAGE}_v_negative",
                  disabled=not r.negative, width="stretch",
                  help=None if r.negative else "K has no negative eigenvalue on these points: no v gives vᵀKv < 0.")
    with right:
        m1, m2 = st.columns(2)
        m1.metric("vᵀKv from K", _n(b.vkv))
        m2.metric("‖Σ vᵢ φ(xᵢ)‖² from φ", "no real φ" if b.norm2 is None else _n(b.norm2))
        formula(r"\mathbf{v}^\top K\mathbf{v} = \sum_{i,j} v_i v_j\,k(x_i,x_j) = " + _n(b.vkv))
        if b.norm2 is not None:
            formula(r"\Big\|\sum_i v_i\,\phi(x_i)\Big\|^2 = \|\Phi\mathbf{v}\|^2 = " + _n(b.norm2) + r" \ge 0")
            st.plotly_chart(figures.feature_bars(r.names, b.w, present=present), key=f"{PAGE}_vkv_features",
                            config=CHART_CONFIG)
        elif b.vkv < 0:
            st.error(f"❌ vᵀKv = {_n(b.vkv)} < 0: no feature map can give this, since a squared length is never "
                     "negative — this function is not a kernel.")
        else:
            st.warning(f"K has a negative eigenvalue (λ_min = {_n(r.lam_min)}): no real φ exists, so nothing "
                       "promises vᵀKv ≥ 0. Press “Find a v with vᵀKv < 0”.")
    words = (f"φ here: {HOW[b.how]}. " if b.how in HOW else "")
    st.caption(f"The {len(r.idx)} points x₁ … x{figures.subscript(len(r.idx))} are rows {', '.join(map(str, r.idx))} "
               f"of the data set ({data_desc}). Each cell is vᵢ vⱼ k(xᵢ, xⱼ); the cells add up to vᵀKv. {words}"
               f"K's smallest eigenvalue: {_lam_min(r)}.")
    if s.name not in ("poly", "linear"):
        st.button("Use the polynomial kernel (explicit φ)", on_click=_use_poly, key=f"{PAGE}_v_poly")


body()

with st.container(key="explain_why_psd"):
    st.markdown(
        "**Kriege's proof.** With Φ = [φ(x₁), …, φ(xₙ)], the Gram matrix is K = ΦᵀΦ, so for every vector v "
        "vᵀKv = (Φv)ᵀ(Φv) = ‖Σᵢ vᵢ φ(xᵢ)‖² ≥ 0: the weighted sum of the points' features has a squared length, and "
        "no length is negative. That is why every Gram matrix of a kernel is positive semidefinite, and why one v "
        "with vᵀKv < 0 proves a function is **not** a kernel (the sigmoid for many γ, r; a polynomial with r < 0). "
        "The v the button finds is the eigenvector of K's most negative eigenvalue λ: vᵀKv = λ‖v‖².\n\n"
        "**Rows or columns.** Kriege puts the φ(xᵢ) in the *columns* of Φ (d × n), so K = ΦᵀΦ. Held, Bishop's "
        "notes and Nguyen put them in the *rows* of the design matrix (n × d; X for φ(x) = x), so K = ΦΦᵀ = XXᵀ "
        "(*Primal or dual*). The two Φ are each other's transpose and K is the same matrix; vᵀKv = ‖Φv‖² with "
        "columns is ‖Φᵀv‖² with rows.")
show_code(kc.vkv_both_ways, kc.negative_direction)

exercises(PAGE, [
    Exercise("kernels_vkv_negative", "Can vᵀKv be negative for the polynomial kernel (γ xᵀy + r)² with r = −1?",
             ("No: every polynomial kernel is PSD", "Yes: with r < 0 it is not a kernel, and some v gives "
              "vᵀKv < 0", "Only when v has negative entries"), 1,
             reveal_kernel("poly", gamma=1.0, degree=2, coef0=-1.0),
             "With r < 0 no real feature map exists (the binomial expansion has negative coefficients). Press "
             "“Find a v with vᵀKv < 0”: the eigenvector of the most negative eigenvalue gives vᵀKv = λ‖v‖² < 0."),
])

section_footer(__file__)
