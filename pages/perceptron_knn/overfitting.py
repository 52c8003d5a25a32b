"""No regulariser: an RBF perceptron with a large γ memorises the noise of its own data set (a narrow bump per
point): training accuracy 100 %, held-out accuracy lower. The map at one γ and accuracy over a range of γ."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.perceptron_knn import compute, figures, settings
from pages.perceptron_knn.settings import KEY
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.controls import log_slider
from ui.exercises import Exercise, exercises
from ui.figures import CHART_CONFIG
from ui.nav import section_footer
from ui.ranges import PERCEPTRON_KNN as R


@st.fragment
def panel():
    """The bar, the demo's own settings and everything they change (a move reruns only this panel)."""
    S = settings.top(__file__, kernel=False)
    present = presenting()
    left, right = st.columns([3, 2], gap="medium")
    with right:
        row = st.container(horizontal=True)
        sets = list(kc.CLASSIFICATION_DATASETS)
        data = row.selectbox("Data set", sets, index=sets.index(R["demo_data"]), key=KEY.demo_data,
                            format_func=str.capitalize, bind="query-params")
        lo, hi, default, step = R["demo_noise"]
        noise = row.slider("Noise", lo, hi, default, step, key=KEY.demo_noise, bind="query-params")
        gamma = log_slider("γ of the map", KEY.demo_gamma, *R["demo_gamma"],
                           help="Large γ: narrow bumps around single points.")
        try:
            fr = compute.overfit(data, noise, S.seed, S.held_out, S.epochs, gamma)
        except ValueError as err:
            st.error(f"The demonstration cannot run with these settings: {err}")
            return
        st.latex(rf"k(\mathbf{{x}}, \mathbf{{y}}) = \exp\!\big(-{gamma:g}\,\|\mathbf{{x}} - \mathbf{{y}}\|^2\big)")
        row = st.container(horizontal=True, gap="medium")
        row.metric("Training accuracy", f"{fr.chosen_train:.0%}", width="content")
        row.metric("Held-out accuracy", f"{fr.chosen_test:.0%}", width="content")
    with left:
        st.plotly_chart(figures.classifier_map(fr.bounds, fr.Z, fr.split.Xtr, fr.split.ytr, fr.split.Xte,
                                               fr.split.yte, "f(x)", present=present),
                        key=KEY.overfit_map, config=CHART_CONFIG)
        st.plotly_chart(figures.overfit_curve(fr.gammas, fr.train, fr.test, gamma, present=present),
                        key=KEY.overfit_curve, config=CHART_CONFIG)
    gammas, train, test = fr.gammas, fr.train, fr.test
    best, big = int(np.argmax(test)), len(gammas) - 1
    st.markdown(f"At the largest γ = {gammas[big]:g} the perceptron classifies **{train[big]:.0%}** of its "
                f"training points correctly but only **{test[big]:.0%}** of the held-out points; the best held-out "
                f"accuracy, **{test[best]:.0%}**, is at γ = {gammas[best]:.3g} (training {train[best]:.0%}).")
    gap = train[big] - test[big]
    if train[big] == 1.0 and gap > 0.05:
        st.warning(f"Memorised: every noisy training point is right, yet held-out accuracy is {gap:.0%} lower — "
                   "the fit to the noise does not carry over to new points. Each training point gets its own narrow "
                   "bump; nothing in the perceptron's objective penalises such a wiggly f.")
    else:
        st.info(f"Here the large-γ perceptron does not memorise much (training {train[big]:.0%}, held-out "
                f"{test[big]:.0%}); raise the noise or the epochs to see it happen.")
    with right:
        exercises(settings.PAGE, [
            Exercise("perceptron_overfit", "Why does the kernelized perceptron overfit where the SVM does not "
                     "(Kriege)?",
                     ("The perceptron uses a kernel and the SVM does not",
                      "The perceptron's objective has no regulariser; the SVM's adds λ αᵀD_yKD_yα, which penalises "
                      "a wiggly f", "The perceptron sees fewer training points than the SVM"), 1,
                     {KEY.demo_data: R["demo_data"], KEY.demo_noise: R["demo_noise"][2], KEY.demo_gamma: 1000.0},
                     "Kriege: perceptron argmin_α (1/n) Σ max{0, −yᵢ αᵀkᵢ}; SVM the same sum with the hinge plus "
                     "λ αᵀD_yKD_yα. Regularisation “is already built into kernelized linear regression (and SVMs), "
                     "but not the kernelized perceptron”. The map now uses γ = 1000: every noisy training point is "
                     "classified right, yet the held-out accuracy is lower — nothing stops the perceptron from a "
                     "narrow bump per point."),
        ])


panel()
st.caption(f"The RBF perceptron is trained on its own noisy data set ({R['demo_n']} points; the bar's held-out "
           f"share, epochs and seed; its own RBF kernel and γ) for {R['sweep'][2]} values of γ. Filled markers: "
           "training points; hollow: held out. Its training stops at the last iterate, so held-out accuracy jumps a "
           "little from γ to γ.")
explain("“Overfitting can of course happen (if we choose poor parameters). Can combat overfitting by regularization: "
        "this is already built into kernelized linear regression (and SVMs), but not the kernelized perceptron” "
        "(Kriege). Kriege's cure: choose γ by cross-validation, or use a regularised method (kernel ridge, SVM).")
show_code(kc.KernelPerceptron.fit, kc.KernelPerceptron.predict)

section_footer(__file__)
