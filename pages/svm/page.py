"""Support vector machines (seed 003): margins and support vectors from libsvm, Gaussian vs Laplacian,
the seed's own objective solved step by step, choosing (C, γ) by cross-validation, the hinge loss."""
import numpy as np
import streamlit as st

import kernel_core as kc
from ui import figures, points
from ui import svm as ui
from ui.classroom import explain
from ui.code import show_code
from ui.compute import build_kernel
from ui.controls import labeller, log_slider
from ui.data import current_dataset
from ui.exercises import Exercise, exercises
from ui.ranges import PARAMS, PLANE
from ui.ranges import SVM as R

PAGE = "svm"
CHART = figures.CHART_CONFIG

st.title("🛡️ Support vector machines")
st.markdown(
    "The SVM is a kernel classifier like the perceptron, $f(\\mathbf{x}) = \\sum_i \\alpha_i y_i k(\\mathbf{x}_i, "
    "\\mathbf{x}) + b$, trained with the **hinge loss** and a penalty on $\\|\\mathbf{w}\\|^2$ (seed 003, Kriege). "
    "Only points on or inside the margin get $\\alpha_i > 0$: the **support vectors**. This page uses "
    "scikit-learn's names, **C** and **γ**; seed 003 writes **λ** and a width **h**: "
    "$\\lambda = \\tfrac{1}{2nC}$, $\\gamma = 1/h^2$ (Gaussian), $\\gamma = 1/h$ (Laplacian)."
)

X, y, data_desc = current_dataset()
b = ui.bounds(X)

c1, c2, c3 = st.columns([1, 1, 2], gap="large")
with c1:
    spec = ui.kernel_spec_ui(PAGE)
with c2:
    C = log_slider("C — price of a margin violation", f"{PAGE}_C", *R["C"],
                   help="Large C: few violations, narrow margin, wiggly boundary. Small C: wide margin.")
try:
    kernel = build_kernel(spec)
    fit = ui.fit_exact(X, y, spec, C, b)
except ValueError as err:
    st.error(f"The SVM cannot be fitted on these points with this kernel: {err}")
    st.plotly_chart(ui.scatter_all(X, y), key=f"{PAGE}_data", config=CHART)
    st.stop()
n, lam = fit["n"], fit["lam"]
if not fit["converged"]:
    st.warning(f"libsvm stopped after {kc.svm.MAX_ITER:,} iterations without converging: this kernel's values are "
               "badly scaled for these data (try a smaller degree, γ or C). The picture shows where it stopped.")
with c2:
    st.caption(f"Data (sidebar): {data_desc}. {n} points train the SVM, {len(fit['te'])} are held out "
               f"({R['held_out']:.0%} of each class, drawn per point: a point you add leaves the others where they "
               "are).")
with c3:
    st.latex(r"k(\mathbf{x},\mathbf{y}) = " + kernel.latex())
    st.latex(rf"\lambda = \tfrac{{1}}{{2nC}} = \tfrac{{1}}{{2\cdot{n}\cdot{C:g}}} = {lam:.3g}")
    st.caption("Seed 003's objective and libsvm's are the same problem (with f(x) = wᵀφ(x) + b), divided by nC:")
st.latex(r"\text{seed 003:}\ \ J(\boldsymbol\alpha) = \frac{1}{n}\sum_{i=1}^{n}\max\{0,\,1 - y_i f(\mathbf{x}_i)\}"
         r" + \lambda\,\boldsymbol\alpha^\top D_y K D_y\boldsymbol\alpha"
         r"\qquad\Longleftrightarrow\qquad")
st.latex(r"\text{libsvm:}\ \ \tfrac12\|\mathbf{w}\|^2 + C\sum_{i=1}^{n}\max\{0,\,1 - y_i f(\mathbf{x}_i)\},"
         r"\quad \|\mathbf{w}\|^2 = \boldsymbol\alpha^\top D_y K D_y\boldsymbol\alpha")


# ---------------------------------------------------------------- 1. margins and support vectors
PLANE_BOUNDS = (*PLANE, *PLANE)  # a clickable chart shows exactly the plane (ui.points.on_plane)


def compare_view(show_test):
    """A (the settings at the top) and B (its own kernel and C) on the same points, side by side."""
    head = st.columns(2, gap="large")
    head[0].markdown(f"**A** — the kernel and C at the top of the page: {ui.describe(spec)}, C = {C:g}")
    with head[1]:
        st.markdown("**B** — its own kernel and C:")
        spec_b, C_b = ui.b_spec_ui(PAGE)
    fits = {}
    for col, label, s, c, key in zip(st.columns(2, gap="large"), "AB", (spec, spec_b), (C, C_b), ("map", "b_map")):
        with col:
            try:
                res = fits[label] = ui.fit_exact(X, y, s, c, PLANE_BOUNDS)
            except ValueError as err:
                st.error(f"SVM {label} cannot be fitted on these points with this kernel: {err}")
                continue
            if not res["converged"]:
                st.warning(f"libsvm stopped for {label} without converging: the picture shows where it stopped.")
            fig = ui.svm_map(PLANE_BOUNDS, res, X, y, f"{label}: {ui.describe(s)}, C = {c:g}", c, show_test,
                             height=500, legend=False)
            points.clickable_chart(fig, PAGE, key=f"{PAGE}_{key}", config=CHART)
            ui.fit_metrics(res, c, columns=3)
    if len(fits) == 2:
        a, b_ = fits["A"], fits["B"]
        st.markdown(f"Same {n} training points: A keeps **{len(a['sv'])}** support vectors and B **{len(b_['sv'])}**; "
                    f"margin violations {a['counts']['margin_violations']} vs {b_['counts']['margin_violations']}.")
    st.caption("Black line: boundary f = 0, dashed: margins f = ±1; black rings: support vectors (size ∝ αᵢ); pink "
               "diamonds: misclassified, green diamonds: inside the margin; hollow markers: held-out points. Click on "
               "either map to add or remove a point: both SVMs refit on the new data.")


@st.fragment
def margin_panel():
    t1, t2 = st.columns(2)
    compare = t1.toggle("Compare A / B", False, key=f"{PAGE}_compare", bind="query-params",
                        help="A second SVM with its own kernel and C on the same points, drawn beside this one.")
    with t2, st.container(key="secondary_svm_show_test"):
        show_test = st.toggle("Show held-out points", True, key=f"{PAGE}_show_test", bind="query-params")
    if compare:
        compare_view(show_test)
        return
    left, right = st.columns([3, 1], gap="medium")
    with right:
        ui.fit_metrics(fit, C)
    with left:
        fig = ui.svm_map(PLANE_BOUNDS, ui.fit_exact(X, y, spec, C, PLANE_BOUNDS), X, y,
                         "f(x): boundary f = 0 (solid), margins f = ±1 (dashed)", C, show_test, height=600)
        points.clickable_chart(fig, PAGE, key=f"{PAGE}_map", config=CHART)
    st.latex(rf"f(\mathbf{{x}}) = \sum_{{i \in \mathrm{{SV}}}} \alpha_i y_i\, k(\mathbf{{x}}_i, \mathbf{{x}}) + b"
             rf"\qquad |\mathrm{{SV}}| = {len(fit['sv'])},\quad 0 < \alpha_i \le C = {C:g},\quad b = {fit['b']:.4g},"
             rf"\quad \hat y = \operatorname{{sign}} f(\mathbf{{x}})")
    st.caption("Click on the map to add a point of the chosen class (or remove one) and watch which αᵢ change. "
               "Ring size grows with αᵢ. Points strictly outside the margin have αᵢ = 0 and could be deleted without "
               "changing f; every margin violation has αᵢ = C. Raise C and watch the margin narrow.")
    show_code(kc.KernelSVM, kc.margin_counts)


st.subheader("1 · The decision function, the margin and the support vectors")
points.toolbar(PAGE)  # outside the panel's fragment: Undo and Reset rerun the whole page, which reads the points
margin_panel()


# ---------------------------------------------------------------- 2. Gaussian vs Laplacian
@st.fragment
def gauss_laplace_panel():
    st.subheader("2 · Gaussian vs Laplacian kernel on the same data (seed 003's demo)")
    c1, c2 = st.columns([1, 3])
    with c1:
        h = log_slider("width h (seed 003)", f"{PAGE}_h", *R["h"], help="The same h for both kernels.")
    g, lap = c2.columns(2)  # one formula per column: they fit side by side in presentation mode too
    g.latex(rf"\exp\!\left(-\frac{{\|\mathbf{{x}}-\mathbf{{x}}'\|_2^2}}{{h^2}}\right),\ \gamma = \frac{{1}}{{h^2}} = "
            rf"{1 / h**2:.3g}")
    lap.latex(rf"\text{{vs}}\quad\exp\!\left(-\frac{{\|\mathbf{{x}}-\mathbf{{x}}'\|_1}}{{h}}\right),"
              rf"\ \gamma = \frac{{1}}{{h}} = {1 / h:.3g}")
    cols = st.columns(2, gap="medium")
    for col, (name, gamma, label) in zip(cols, (("rbf", 1 / h**2, "Gaussian"), ("laplacian", 1 / h, "Laplacian"))):
        try:
            res = ui.fit_exact(X, y, (name, (("gamma", gamma),)), C, b)
        except ValueError as err:
            col.error(f"The {label} SVM cannot be fitted: {err}")
            continue
        with col:
            st.plotly_chart(ui.svm_map(b, res, X, y, f"{label}, C = {C:g}", C, False, height=420, legend=False),
                            key=f"{PAGE}_{name}_map", config=CHART)
            test = "—" if np.isnan(res["test_acc"]) else f"{res['test_acc']:.1%}"
            st.markdown(f"**{len(res['sv'])}** support vectors · training accuracy **{res['train_acc']:.1%}** · "
                        f"held-out **{test}**")
    st.caption("The Gaussian's boundary is smooth; the Laplacian's L1 distance makes it kinked and more local — "
               "each point's influence decays like exp(−|Δx₁|/h − |Δx₂|/h), with a corner at the point itself.")
    show_code(kc.kernels.rbf_kernel, kc.kernels.laplacian_kernel)


gauss_laplace_panel()


# ---------------------------------------------------------------- 3. the seed's objective, step by step
@st.fragment
def teaching_panel():
    st.subheader("3 · Seed 003's objective, solved by subgradient descent")
    with st.container(key="secondary_svm_batch"):
        batch = st.radio("Points per step", list(ui.BATCH), format_func=labeller(ui.BATCH), horizontal=True,
                         key=f"{PAGE}_batch", bind="query-params")
    try:
        model = ui.teaching_solver(X, y, spec, C, batch)
    except ValueError as err:
        st.error(f"The teaching solver cannot start: {err}")
        return
    buttons = st.columns(5)
    clicks = {label: col.button(label, key=f"{PAGE}_{key}", width="stretch")
              for col, (label, key) in zip(buttons, (("+1 step", "teach_step1"), ("+10 steps", "teach_step10"),
                                                     ("+100 steps", "teach_step100"), ("Run to convergence", "teach_converge"),
                                                     ("Reset", "teach_reset")))}
    if clicks["Reset"]:
        st.session_state.pop(ui.TEACH, None)
        model = ui.teaching_solver(X, y, spec, C, batch)
    for label, steps in (("+1 step", 1), ("+10 steps", 10), ("+100 steps", 100), ("Run to convergence", None)):
        if clicks[label]:
            with st.spinner(f"Taking {label[1:] if steps else 'steps to convergence'}…"):
                ui.advance(model, steps)
    t, curve = model.n_iter_, model.loss_curve_
    Z_teach = ui.teaching_surface(*model.expansion(), spec, b)
    agree = float(np.mean((Z_teach > 0) == (fit["Z"] > 0)))
    left, right = st.columns(2, gap="medium")
    with left:
        st.plotly_chart(ui.teaching_map(b, Z_teach, fit["Z"], X[fit["tr"]], y[fit["tr"]],
                                        f"After {t} steps: solid = subgradient, dashed = libsvm"),
                        key=f"{PAGE}_teach_map", config=CHART)
    with right:
        st.plotly_chart(ui.loss_figure(curve, fit["J"]), key=f"{PAGE}_loss", config=CHART)
    m = st.columns(4)
    m[0].metric("Steps t", t)
    m[1].metric("J(αₜ)", f"{curve[-1]:.5f}", f"{curve[-1] - fit['J']:+.2e} vs libsvm", delta_color="inverse")
    m[2].metric("Gap to libsvm", f"{(curve[-1] - fit['J']) / fit['J']:+.2%}")
    m[3].metric("Boundary agreement", f"{agree:.1%}", help="Share of the plotted plane where both put the same class")
    if model.converged_:
        st.success(f"Converged: the best J improved by less than {R['tol']:g}·J over the last {model.window} steps.")
    elif t >= R["max_steps"]:
        st.warning(f"Stopped at the cap of {R['max_steps']} steps.")
    elif clicks["Run to convergence"]:
        st.info(f"Still moving after {R['max_seconds']:g} s of work — click again to continue.")
    eta = 1 / (2 * lam * max(t, 1))
    m_txt = "n" if batch == "all" else "1"
    st.latex(rf"\boldsymbol\alpha \leftarrow (1 - 2\lambda\eta_t)\,\boldsymbol\alpha + \frac{{\eta_t}}{{{m_txt}}}"
             rf"\,\big[\,y_i (f(\mathbf{{x}}_i) + b) < 1\,\big]_i,\qquad \eta_t = \frac{{1}}{{2\lambda t}} = "
             rf"\frac{{1}}{{2\cdot{lam:.4g}\cdot{max(t, 1)}}} = {eta:.4g}")
    st.caption("This is the seed's SGD rule w ← w(1 − 2λη) + η yᵢ xᵢ [yᵢ wᵀxᵢ < 1] with w = Σ αⱼ yⱼ φ(xⱼ). "
               "The seed has no offset b; libsvm has one, so after each step b is set to its best value for the "
               "current α and both solve the same problem. The loss falls fast, then creeps: a subgradient method "
               "needs about 1/(λt) steps, so large C (small λ) is slow — libsvm solves the dual exactly instead.")
    show_code(kc.SubgradientSVM.step, kc.seed_objective)


teaching_panel()


# ---------------------------------------------------------------- 4. cross-validation over (C, gamma)
def apply_best(C_best, gamma_best):
    """on_click: set the sliders before they are drawn in the next run."""
    st.session_state[f"{PAGE}_C"] = C_best
    st.session_state[f"{PAGE}_gamma"] = gamma_best


@st.fragment
def cv_panel():
    st.subheader("4 · Choosing C and γ by cross-validation (seed 003)")
    if ui.gamma_of(spec) is None:
        st.info("The first kernel k₁ has no γ (linear): choose the RBF, Laplacian, polynomial or sigmoid kernel to "
                "search over (C, γ).")
        return
    Cs = ui.grid_values(R["C"][:2], *R["cv_C"], R["cv_size"])
    gammas = ui.grid_values(PARAMS["gamma"][1:3], *R["cv_gamma"], R["cv_size"])
    signature = (X.tobytes(), y.tobytes(), ui.with_gamma(spec, 0.0))
    explain(f"Each cell: mean accuracy of {R['cv_folds']}-fold cross-validation on the {n} training points "
                f"(the held-out points stay unseen). {len(Cs)} × {len(gammas)} settings × {R['cv_folds']} folds = "
                f"{len(Cs) * len(gammas) * R['cv_folds']} fits; γ is k₁'s.")
    if st.button(f"Run cross-validation ({len(Cs)} × {len(gammas)} grid)", key=f"{PAGE}_cv_run"):
        try:
            with st.spinner("Fitting…"):
                st.session_state["svm_cv"] = {"signature": signature,
                                              "scores": ui.cv_scores(X, y, spec, Cs, gammas)}
        except ValueError as err:
            st.error(f"Cross-validation failed: {err}")
            return
    held = st.session_state.get("svm_cv")
    if held is None or held["signature"] != signature:
        st.caption("Not run yet for this data set and kernel.")
        return
    scores = held["scores"]
    a, c = np.unravel_index(int(np.argmax(scores)), scores.shape)
    current = (C, ui.gamma_of(spec))
    left, right = st.columns([3, 2], gap="medium")
    with left:
        st.plotly_chart(ui.cv_figure(scores, Cs, gammas, current), key=f"{PAGE}_cv", config=CHART)
    with right:
        st.metric("Best cell", f"C = {Cs[c]:g}, γ = {gammas[a]:g}", f"CV accuracy {scores[a, c]:.1%}",
                  delta_color="off")
        if st.button("Apply the best setting", key=f"{PAGE}_cv_apply", type="primary",
                     on_click=apply_best, args=(Cs[c], gammas[a])):
            st.rerun()
        st.caption("★ best cell (ties go to the smallest γ, then the smallest C: the simplest boundary), "
                   "□ current setting. Small γ and C (bottom left): too simple a boundary, it underfits. Large γ "
                   "(top rows): one narrow bump per point, it overfits and the accuracy falls again.")
    show_code(kc.cross_validate_grid)


cv_panel()


# ---------------------------------------------------------------- 5. the hinge loss
st.subheader("5 · The hinge loss and where each point sits on it")
z_tr = y[fit["tr"]] * fit["f_tr"]
hinge = float(np.mean(np.maximum(0, 1 - z_tr)))
left, right = st.columns([3, 2], gap="medium")
with left:
    st.plotly_chart(ui.hinge_figure(z_tr, y[fit["tr"]], y[fit["te"]] * fit["f_te"], y[fit["te"]]),
                    key=f"{PAGE}_hinge", config=CHART)
with right:
    st.latex(r"\ell(z) = \max\{0,\, 1 - z\},\qquad z = y\,f(\mathbf{x})")
    explain("Seed 003: the perceptron's loss max{0, −z} only punishes mistakes; the SVM's hinge also charges "
            "points that are right but **closer than 1** to the boundary, which is what pushes the margin open.")
    st.latex(rf"\begin{{aligned}}\tfrac{{1}}{{n}}\textstyle\sum_i \ell(z_i) &= {hinge:.4f}\\ "
             rf"\lambda\,\boldsymbol\alpha^\top D_y K D_y \boldsymbol\alpha &= {fit['J'] - hinge:.4f}\\ "
             rf"J &= {fit['J']:.4f}\end{{aligned}}")
    cnt = fit["counts"]
    st.markdown(f"- **{cnt['misclassified']}** training points with z < 0 (misclassified)\n"
                f"- **{cnt['inside_margin']}** with 0 ≤ z < 1 (right side, inside the margin)\n"
                f"- **{n - cnt['margin_violations']}** with z ≥ 1: no loss at all\n\n"
                f"Points beyond the axis are drawn at its edge.")
show_code(kc.seed_objective)


# ---------------------------------------------------------------- predict, then check (seed 003)
def ab(kernel_a, gamma_a, C_a, kernel_b, gamma_b, C_b):
    """The widget values of an A / B comparison of two single kernels."""
    return {f"{PAGE}_compare": True, f"{PAGE}_combine": "none", f"{PAGE}_kernel": kernel_a, f"{PAGE}_gamma": gamma_a,
            f"{PAGE}_C": C_a, f"{PAGE}_b_kernel": kernel_b, f"{PAGE}_b_gamma": gamma_b, f"{PAGE}_b_C": C_b}


exercises(PAGE, [
    Exercise("svm_rbf_gamma", "What happens to the RBF (Gaussian) SVM's boundary as γ grows, C fixed?",
             ("It gets smoother and approaches a straight line",
              "It bends ever more tightly around single points, with more support vectors: it starts to overfit",
              "Nothing: only C shapes the boundary"), 1,
             ab("rbf", 1.0, 1.0, "rbf", 31.6, 1.0),
             "γ = 1/h² (seed 003): a large γ is a small width h, so each point's bump k(xᵢ, x) dies out within a short "
             "distance and f is a sum of narrow bumps. Section 1 now compares A (γ = 1) with B (γ = 31.6): B needs many "
             "more support vectors and wraps the classes in islands. Section 4 chooses γ by cross-validation."),
    Exercise("svm_gauss_laplace", "Gaussian vs Laplacian kernel with the same width h: which decision boundary is "
             "smoother?",
             ("The Gaussian's", "The Laplacian's", "They are the same: both are exp(−distance/h)"), 0,
             {**ab("rbf", 10.0, 1.0, "laplacian", 3.16, 1.0), f"{PAGE}_h": 0.316},
             "Seed 003's demo: h = 0.316 gives γ = 1/h² = 10 for the Gaussian (A) and γ = 1/h = 3.16 for the Laplacian "
             "(B). The Gaussian bump is round and smooth; the Laplacian uses the L1 distance |Δx₁| + |Δx₂| and has a "
             "sharp peak at each point, so its boundary is kinked and more local. Section 2 shows the same pair."),
    Exercise("svm_C_support", "What does a larger C do to the number of support vectors?",
             ("It raises it: more points take part", "It lowers it: the margin narrows and fewer points lie on or "
              "inside it", "Nothing: C only moves the offset b"), 1,
             ab("rbf", 1.0, 1.0, "rbf", 1.0, 100.0),
             "λ = 1/(2nC): a large C is a weak penalty on ‖w‖², so margin violations are expensive and the margin "
             "narrows. Support vectors are the points on or inside the margin (every violation has αᵢ = C), so B "
             "(C = 100) keeps fewer than A (C = 1) — compare the counts under the two maps."),
])


from ui.nav import section_footer  # noqa: E402

section_footer(__file__)
