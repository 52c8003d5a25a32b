"""RKHS › The representer theorem (Kriege): on an explicit feature map with room for a direction u orthogonal to every
φ(xᵢ), adding t u to the regularised solution w* = Σ αᵢ φ(xᵢ) moves no prediction f(xᵢ) and so leaves the loss term,
but ‖w‖² = ‖w*‖² + t² grows: the optimum has t = 0. For the squared loss (ridge) and the hinge loss (SVM)."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.rkhs import compute, figures
from pages.rkhs.settings import KEY, frame
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.controls import labeller, log_slider
from ui.figures import CHART_CONFIG
from ui.formulas import latex
from ui.nav import section_footer, section_header
from ui.ranges import RKHS_REPRESENTER as R

LOSSES = {"squared": "squared (ridge)", "hinge": "hinge (SVM)"}
OPTIONS = ("poly", "rbf")          # kernels with a finite φ here: the exact polynomial map, random Fourier features
BIG = 1e6                          # |φ| beyond this: round-off is no longer small beside the picture
SMALL = 0.05                       # max |u(x)| below this: t u is hard to see on the chart (said in a note)

section_header(__file__)
present = presenting()


def _g(v):
    """4 significant digits; round-off (|v| < 1e-12) shown as 0."""
    return "0" if abs(v) < 1e-12 else f"{v:.4g}"


def _vec(v, k=3):
    """(v₁, …, vₖ, …) with 3 significant digits, for a formula."""
    shown = ", ".join("0" if abs(x) < 1e-12 else f"{x:.3g}" for x in v[:k]) + (r", \ldots" if len(v) > k else "")
    return rf"({shown})"


def map_caption(r, p):
    if r.map_kind == "poly":
        names = ", ".join(name.replace("x₁", "x") for name in r.names)
        return (f"φ(x) = ({names}): the exact map of the polynomial kernel (γx x′ + r)^m = φ(x)ᵀφ(x′) with m = "
                f"{p['degree']}, γ = {p['gamma']:g}, r = {p['coef0']:g} on one input x (Held writes out the same "
                f"map for two inputs: six features for m = 2). D = {r.D} features, n = {len(r.X)} points.")
    return (f"RBF has an infinite φ (Held: q = ∞ allowed); here D = {r.D} random Fourier features z(x) = √(2/D) "
            f"cos(wⱼx + bⱼ) stand in (section Mercer › Finite maps for RBF), γ = {p['gamma']:g}: the picture uses "
            f"their kernel z(x)ᵀz(x′) ≈ k(x, x′). n = {len(r.X)} points.")


def formula(r, sh, t, lam, loss):
    latex(r"\begin{aligned}\mathbf w &= \mathbf w^* + t\,\mathbf u\\ \mathbf w^* &= \textstyle\sum_i "
                  rf"\alpha_i\,\phi(x_i)\\ \alpha &= {_vec(r.alpha)}\\ \phi(x_i)^\top\mathbf u &= 0\ \text{{for every }} i,"
                  r"\ \ \|\mathbf u\| = 1\end{aligned}")
    tt = f"({t:g})" if t < 0 else f"{t:g}"
    name = r"(f(x_i) - y_i)^2" if loss == "squared" else r"\max\{0,\,1 - y_i f(x_i)\}"
    latex(rf"\begin{{aligned}}\|\mathbf w\|^2 &= \|\mathbf w^*\|^2 + t^2\\ &= {_g(r.norm2)} + {tt}^2 = "
                  rf"{_g(sh.norm2)}\\ \text{{loss}} &= \tfrac1n\textstyle\sum_i {name}\\ &= {_g(sh.data)}\\ "
                  rf"J &= \text{{loss}} + \lambda\|\mathbf w\|^2\\ &= {_g(sh.data)} + {lam:g}\times{_g(sh.norm2)} = "
                  rf"{_g(sh.J)}\\ J - J^* &= \lambda t^2 = {lam:g}\times{tt}^2 = {_g(sh.J - r.J)}\end{{aligned}}")
    st.caption(f"The loss is {_g(r.data)} at t = 0 too: the predictions f(xᵢ) moved by at most {sh.moved:.1e} "
               f"(round-off). u: of all unit vectors orthogonal to every φ(xᵢ), the one that changes f most over the "
               "plotted x.")


def t_slider(box, enabled):
    return box.slider("t: how much of u is added to w*", *R["t"][:2], R["t"][2], R["t"][3], key=KEY.thm_t,
                      bind="query-params", disabled=not enabled)


@st.fragment
def body():
    """The bar, the section's controls, the picture and its numbers (a t move reruns only this)."""
    s, left, right = frame(options=OPTIONS)
    with right:
        t_box = st.container()              # the t slider goes first; it is drawn once we know u exists
        loss = st.radio("Loss", list(LOSSES), format_func=labeller(LOSSES), key=KEY.thm_loss, horizontal=True,
                        bind="query-params")
        c1, c2 = st.columns(2)
        n = c1.slider("Points n", *R["n"][:2], R["n"][2], R["n"][3], key=KEY.thm_n, bind="query-params")
        lam = log_slider("Kriege's λ", KEY.thm_lam, *R["lam"], container=c2,
                         help="J(w) = (1/n) Σ loss + λ‖w‖² (Kriege). Held's and Bishop's notes' ridge penalty is "
                              "nλ; scikit-learn's SVC takes C = 1/(2nλ).")
    if s.choice.name not in OPTIONS:
        left.warning("This section needs a kernel with a finite feature map: choose Polynomial or RBF in the bar.")
        t_slider(t_box, False)
        return
    p = dict(s.choice.params)
    if s.choice.name == "poly" and p["coef0"] < 0:
        left.warning(f"With r = {p['coef0']:g} < 0 the polynomial kernel has no real feature map (it is not a "
                     "Mercer kernel): set r ≥ 0 in the bar.")
        t_slider(t_box, False)
        return
    try:
        r = compute.representer(s.choice, n, loss, lam)
    except ValueError as err:
        left.error(f"The solution cannot be computed with these settings: {err}")
        t_slider(t_box, False)
        return
    t = t_slider(t_box, r.room)
    if not r.room:
        t = 0.0
    sh = compute.shifted(s.choice, n, loss, lam, t) if r.room else None
    with left:
        st.plotly_chart(figures.representer_figure(r.xs, r.f, r.u_curve, t, r.X, r.y, r.f_points, loss == "hinge",
                                                   r.room, figures.nice_limit(r.f_points, r.y, low=R["f_low"]),
                                                   present=present),
                        key=KEY.thm_chart, config=CHART_CONFIG)
        st.caption(map_caption(r, p))
        reach = float(np.max(np.abs(r.u_curve)))
        if r.room and reach < SMALL:
            st.info(f"Every direction u orthogonal to these {len(r.X)} φ(xᵢ) changes f by at most {reach:.2g} per unit "
                    "of t on this axis: a function that is 0 at every xᵢ must wiggle between them, and this smooth "
                    "map has little room for that. J still grows by λt² (the chart below). Use fewer points or a "
                    "larger γ to see u.")
        if np.max(np.abs(r.f)) > BIG or (r.room and np.max(np.abs(r.u_curve)) > BIG):
            st.warning("φ's entries are huge at these γ, m, r: round-off is no longer small. Lower γ or m.")
    with right:
        if not r.room:
            st.warning(f"No room for u: the {len(r.X)} vectors φ(xᵢ) span all {r.D} dimensions of the feature "
                       "space, so every w already is Σ αᵢ φ(xᵢ). Use fewer points, " +
                       ("or r > 0 (with r = 0 the map keeps only xᵐ: D = 1)." if p.get("coef0") == 0 else
                        "or a larger degree m (D = m + 1)."))
            latex(rf"\begin{{aligned}}\mathbf w^* &= \textstyle\sum_i \alpha_i\,\phi(x_i)\\ \alpha &= "
                          rf"{_vec(r.alpha)}\end{{aligned}}")
        else:
            formula(r, sh, t, lam, loss)
    if r.room:
        with left:
            st.plotly_chart(figures.objective_figure(r.ts, r.data_t, r.penalty_t, r.J_t, t, lam, present=present),
                            key=KEY.thm_objective, config=CHART_CONFIG)


body()

explain("**Representer theorem** (Kriege, after Shalev-Shwartz & Ben-David ch. 16). For "
        "min_w f(⟨w, φ(x₁)⟩, …, ⟨w, φ(xₙ)⟩) + R(‖w‖) with any f and a strictly increasing R, some optimal w is "
        "Σᵢ αᵢ φ(xᵢ). **Proof**: write w = Σᵢ αᵢ φ(xᵢ) + u with ⟨u, φ(xᵢ)⟩ = 0 for every i. The predictions "
        "⟨w, φ(xᵢ)⟩ do not see u, so the loss term stays; ‖w‖² = ‖Σᵢ αᵢ φ(xᵢ)‖² + ‖u‖² only grows. Dropping u "
        "never hurts. Above, Kriege's two cases: kernelized linear regression, J = (1/n) Σ (f(xᵢ) − yᵢ)² + λ‖w‖² "
        "with α = (K + nλI)⁻¹y, and the SVM, J = (1/n) Σ max{0, 1 − yᵢ f(xᵢ)} + λ‖w‖² with αᵢ = aᵢyᵢ from its dual "
        "(here without an offset b). Drag t: the dotted curve t·u(x) passes through 0 at every xᵢ, the circles "
        "stay put, and J grows like λt².")
st.caption("Conventions: λ is Kriege's (the loss averaged over n). Held and Bishop's notes write the ridge "
           "solution α = (K + λI)⁻¹y with their λ = n × Kriege's λ; scikit-learn's SVC takes C = 1/(2nλ).")
show_code(kc.orthogonal_direction, kc.representer_coefficients, kc.representer_objective)
section_footer(__file__)
