"""Kernels › Gram matrix: K[i, j] = k(xᵢ, xⱼ) of the shared data set, its eigenvalues and the verdict (symmetric,
positive semi-definite up to round-off)."""
import streamlit as st

import kernel_core as kc
from pages.kernels import compute, figures
from pages.kernels.display import verdict_box
from pages.kernels.settings import KEY, PAGE, frame, reveal_kernel
from ui import links
from ui.classroom import presenting
from ui.code import show_code
from ui.data import current_dataset
from ui.exercises import Exercise, exercises
from ui.figures import CHART_CONFIG
from ui.nav import section_footer, section_header
from ui.sweep import sweep

SWEPT = (("gamma", "γ", "index"), ("degree", "m", "value"))   # the bar's sliders swept live: γ, the degree m
SCALES = ("log |λ|", "linear λ")   # the spectrum's y axis, log by default (a link names the choice by its label):
# on a linear axis the largest eigenvalue dwarfs the rest, and 120 bars look like one spike


def _short(v, width=6):
    """v in at most `width` characters where it can be (a metric's column holds about six digits on a projector):
    3 significant digits, then 2, a short exponent (3.4e4) if need be; the full value is in the metric's help."""
    for digits in (3, 2, 1):
        text = f"{v:.{digits}g}".replace("e+0", "e").replace("e+", "e").replace("e-0", "e-")
        if len(text) <= width:
            return text
    return text


section_header(__file__)
present = presenting()
X, y, data_desc = current_dataset()


@st.fragment
def body():
    """The bar and everything it changes (one fragment: a γ move does not re-send the exercises)."""
    s, left, right = frame()
    if len(X) < 2:
        left.warning("The data set has fewer than two points: add points by clicking on the plot of the geometry "
                     "section, or press Undo in the sidebar.")
        return
    Xg, yg = compute.capped(X, y, compute.GRAM_CAP)
    try:
        result = compute.gram(Xg, s.choice)
    except ValueError as err:
        left.error(f"This kernel cannot be evaluated on these data: {err}")
        return
    ev, v = result.ev, result.verdict
    # drag γ (the polynomial's degree m too) and K and its spectrum follow (ui.sweep)
    sweeps = [(live, getattr(KEY, param), label, by) for param, label, by in SWEPT
              if (live := compute.gram_sweep(Xg, s.choice, param)) is not None]
    log = st.session_state.get(KEY.scale, links.opened(KEY.scale, None)) != SCALES[1]   # the spectrum's axis
    bars = [b for live, key, label, by in sweeps
            if (b := figures.spectrum_sweep(live, f"{PAGE}_spectrum", key, label, by, log=log)) is not None]
    with left:
        st.plotly_chart(figures.gram_map(result.K, yg, present=present), key=f"{PAGE}_gram", config=CHART_CONFIG)
        for live, key, label, by in sweeps:
            sweep(figures.gram_sweep(live, yg, f"{PAGE}_gram", key, label, by))
        if not sweeps and s.choice.gamma is not None and len(Xg) > compute.GRAM_SWEEP_MAX:
            st.caption(f"Live sweep off: {len(Xg)} points, more than {compute.GRAM_SWEEP_MAX} (K at all 41 γ would "
                       "stall the class); γ redraws on release.")
    with right:   # the spectrum first (on a projector's first screen), then its numbers and the verdict
        title = "Eigenvalues of K, descending"
        if log:
            fig = figures.log_spectrum(ev, title, present=present)
        else:
            fig = figures.gram_spectrum(ev, title, present=present) if bars else figures.spectrum(ev, title,
                                                                                                  present=present)
        st.plotly_chart(fig, key=f"{PAGE}_spectrum", config=CHART_CONFIG)
        for b in bars:
            sweep(b)
        st.segmented_control("Eigenvalue axis", SCALES, default=SCALES[0], key=KEY.scale, bind="query-params",
                             help="log |λ|: every eigenvalue's size over six decades, negative ones red; linear λ: "
                                  "the largest few against 0 (its bars follow a sweep only where K is PSD)",
                             label_visibility="collapsed")
        m1, m2, m3 = st.columns(3)
        m1.metric("Largest λ", _short(ev[0]), help=f"{ev[0]:.6g}")
        m2.metric("Smallest λ", "≈ 0" if result.roundoff else _short(ev[-1]),
                  help=f"{ev[-1]:.3e}" + (", round-off: within the tolerance below" if result.roundoff else ""))
        m3.metric("Negative λ", v.n_negative)
        verdict_box(v)
        if len(Xg) < len(X):
            st.caption(f"K of a random {len(Xg)} of the {len(X)} points (the same ones on every rerun): the "
                       f"eigenvalues of a {len(X)} × {len(X)} matrix would take too long on every move.")
    if s.not_psd_why:
        st.warning(s.not_psd_why + (" The red bars are its negative eigenvalues." if v.n_negative else
                                    " On these data no eigenvalue is negative enough to show it: try other data "
                                    "or parameters."))


body()

with st.container(key="explain_gram"):
    st.caption(f"Data set: {data_desc}. Rows and columns are sorted by class (class −1 first; the white lines "
               "divide the classes); hover for i, j and K[i, j].")
    st.markdown("A function k is a kernel (Mercer, positive definite) exactly when **every** Gram matrix it "
                "makes is symmetric and positive semi-definite (Held, Kriege): then vᵀKv ≥ 0 for every vector "
                "v, as ‖Σᵢ vᵢ φ(xᵢ)‖² = vᵀKv must be. One clearly negative eigenvalue on one data set is enough "
                "to show a function is not a kernel. Sugiyama writes the same two conditions for a reproducing "
                "kernel: Kᵀ = K and ⟨Ky, y⟩ ≥ 0 for every y. Kriege's two tests of PSD are equivalent: vᵀKv ≥ 0 "
                "for every v, and every eigenvalue ≥ 0 (the bars on the right). Held notes that of his five "
                "examples all but the sigmoid are positive definite: choose Sigmoid in the bar to find a negative "
                "eigenvalue.")
    st.caption(f"Round-off rule: an eigenvalue counts as negative only below −{kc.PSD_RTOL:g} × max|λ| "
               "(kernel_core.PSD_RTOL), because a float64 eigen-solver makes errors of about n·10⁻¹⁶ relative.")
show_code(kc.gram, kc.spectral.verdict)

exercises(PAGE, [
    Exercise("kernels_sigmoid", "Is the sigmoid kernel tanh(γ xᵀy + r) a valid (Mercer) kernel?",
             ("Yes, for every γ and r", "No: for some settings, e.g. γ = 2, r = −1, its Gram matrix has negative "
              "eigenvalues", "Only when r < 0"), 1,
             reveal_kernel("sigmoid", gamma=2.0, coef0=-1.0),
             "Held: all the kernels listed except the sigmoid are positive definite — the polynomial one with "
             "r ≥ 0. The red bars are negative eigenvalues: some vector v has vᵀKv < 0, which no inner product "
             "allows."),
    Exercise("kernels_poly_negative_r", "Is the polynomial kernel (γ xᵀy + r)^m still a kernel when r = −1?",
             ("Yes: every polynomial kernel is positive definite", "No: with r < 0 its Gram matrix can have negative "
              "eigenvalues", "Only for an odd degree m"), 1,
             reveal_kernel("poly", gamma=1.0, degree=2, coef0=-1.0),
             "(γ xᵀy + r)^m = Σₖ C(m, k) r^(m−k) γᵏ (xᵀy)ᵏ: with r < 0 some coefficients are negative, so the "
             "closure rules (polynomials with non-negative coefficients) do not apply — and on these data K has "
             "negative eigenvalues, for m = 2 as well."),
    Exercise("kernels_gram_gamma", "For the RBF kernel with a large γ, what does the Gram matrix look like?",
             ("Nearly all ones", "Nearly the identity matrix: 1 on the diagonal, ≈ 0 elsewhere",
              "It has negative eigenvalues"), 1,
             reveal_kernel("rbf", gamma=100.0),
             "Each point is similar only to itself: K → I and its eigenvalues flatten out towards 1."),
])

section_footer(__file__)
