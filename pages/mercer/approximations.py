"""The infinite RBF map made finite: random Fourier features (Rahimi & Recht) and Nyström, each K ≈ ZZᵀ with D
features, against the exact RBF Gram matrix of the sidebar data set."""
import streamlit as st

import kernel_core as kc
from pages.mercer import compute, figures, settings
from pages.mercer.settings import KEY, PAGE
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.controls import log_slider
from ui.data import current_dataset
from ui.exercises import Exercise, exercises
from ui.nav import section_footer, section_header
from ui.ranges import MERCER as R
from ui.sweep import sweep

section_header(__file__)


@st.fragment
def panel():
    present = presenting()
    X, y, desc = current_dataset()
    if len(X) < 2:
        st.warning(f"The sidebar data set has fewer than two points ({desc}): add points to approximate its K.")
        return None
    chart, side = st.columns([3, 2], gap="medium")
    with side:
        settings.fixed_bar("Here the RBF kernel $\\exp(-\\gamma\\|\\mathbf{x}-\\mathbf{y}\\|^2)$, γ = 1/(2σ²) (Bishop's "
                           "notes, Nguyen) = 1/h² (Kriege): its φ is infinite.")
        c1, c2 = st.columns(2)
        gamma = log_slider("γ of the RBF kernel", KEY.GAMMA_APPROX, *R["approx_gamma"], container=c1)
        D = int(c2.select_slider("features D", R["approx_sizes"], value=R["approx_default"], key=KEY.FEATURES,
                                 bind="query-params", format_func=lambda v: f"{v:g}",   # a sweep hands D over as 20.0
                                 help="Drag it, or the matrices below sideways: they follow every D live."))
        lo, hi, default, step = R["approx_seed"]
        with st.container(key="secondary_mercer_approx_seed"):
            seed = st.number_input("random draw", lo, hi, default, step, key=KEY.APPROX_SEED, bind="query-params")
        if compute.cap_note(len(X), R["approx_max"]):
            st.caption(compute.cap_note(len(X), R["approx_max"]))
    X, y = compute.capped(X, y, R["approx_max"])
    try:
        a = compute.approximations(X, gamma, D, int(seed))
        curves = compute.error_curves(X, gamma)
    except ValueError as err:
        side.error(f"The approximation could not be computed: {err}")
        return None
    with chart:
        st.plotly_chart(figures.error_vs_features(curves.rff, curves.nystroem, D, "Error of K ≈ ZZᵀ against the "
                                                  f"number of features (mean ± sd of {R['approx_repeats']} draws)",
                                                  present=present), key="mercer_approx_curve", config=figures.CONFIG)
    with side:
        m1, m2 = st.columns(2)
        m1.metric(f"Random Fourier error, D = {D}", f"{a.error_rff:.3g}")
        m2.metric(f"Nyström error, m = {a.landmarks}", f"{a.error_nys:.3g}")
        st.latex(r"\mathbf{z}(\mathbf{x}) = \sqrt{\tfrac{2}{D}}\cos(\mathbf{W}^\top\mathbf{x} + \mathbf{b})")
        st.latex(rf"\mathbf{{W}}_{{:j}} \sim \mathcal{{N}}(0, {2 * gamma:.3g}\,\mathbf{{I}}),\ b_j \sim U[0, 2\pi)")
        st.latex(r"\mathbf{K} \approx \mathbf{K}_{nm}\,\mathbf{K}_{mm}^{+}\,\mathbf{K}_{mn}\;")
    triptych = figures.gram_triptych(a.K, a.K_rff, a.K_nys, y, ("exact K<br>(infinite φ)",
                                                                      "random Fourier,<br>D features",
                                                                      "Nyström,<br>m = min(D, n)"), present=present)
    st.plotly_chart(triptych, key="mercer_K_compare", config=figures.CONFIG)
    parts = triptych.parts   # every D's matrices, computed only when the sweep sends them
    sweep(figures.approx_sweep_meta("mercer_K_compare", KEY.FEATURES),
          lambda: figures.approx_sweep_payload(compute.approx_sweep(X, y, gamma, int(seed)), parts,
                                               "mercer_K_compare", KEY.FEATURES),
          depends=(X, y, gamma, int(seed), parts))
    st.caption(f"Data set (sidebar): {desc}. Rows and columns ordered by class; the same colour scale for all three "
               "(−1 to 1): blue cells are negative similarities, which the exact kernel never gives. "
               f"Error = ‖K − ZZᵀ‖_F / ‖K‖_F (the numbers above, at D = {D}). ⟷ sweep D: drag the D slider, or the matrices "
               "sideways, and both approximations follow every D live.")
    return None


panel()
st.caption("Random Fourier features (Rahimi & Recht): z(x) = √(2/D) cos(Wᵀx + b) with W_{:j} ~ N(0, 2γI) = N(0, I/σ²), "
           "so E[z(x)ᵀz(y)] = exp(−γ‖x − y‖²). Nyström (Williams & Seeger): m landmarks L drawn from the data, K_mm = k(L, L) = UΛUᵀ, "
           "z(x) = Λ^{−1/2}Uᵀk(L, x); exact on the landmarks.")
explain("- **Random Fourier features** average random cosines: the error falls like 1/√D whatever the data, "
        "slowly.\n- **Nyström** uses the data's own points as landmarks: once m reaches the numerical rank of K it "
        "is nearly exact — the eigen map of the previous section, learned on m points.\n- Both turn the "
        "infinite-dimensional RBF feature space into D numbers per point, so linear methods can run on z(x) "
        "directly when n is too large for an n × n Gram matrix.")
show_code(kc.RandomFourierFeatures, kc.NystroemFeatures)

exercises(PAGE, [
    Exercise("mercer_rff", "How does the random-Fourier-feature error fall as the number of features D grows?",
             ("Like 1/D: ten times the features, a tenth of the error", "Like 1/√D: four times the features roughly "
              "halve the error, whatever the data", "It drops to 0 once D reaches the number of points n"), 1,
             {KEY.GAMMA_APPROX: 1.0, KEY.FEATURES: 200},
             "z(x)ᵀz(y) is an average of D random cosines whose mean is the RBF kernel (Rahimi & Recht), so its "
             "error shrinks like a Monte-Carlo average, 1/√D — the dashed line. Nyström, which uses the data's own "
             "points, is exact once m = n."),
])
section_footer(__file__)
