"""SVM › Margins & support vectors: the decision function f over the plane from libsvm, its margins f = ±1 and the
support vectors; click to add or remove points; A / B compares two kernels or Cs on the same points."""
import html

import numpy as np
import streamlit as st

import kernel_core as kc
from pages.svm import compute, figures
from pages.svm.settings import KEY, PAGE, bar, data, frame, kernel_widgets
from pages.svm.settings import slider as bar_slider
from ui import links, points_click
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, SliderExercise, exercises
from ui.figures import CHART_CONFIG
from ui.kernel_choice import compare_height
from ui.legend import legend_html
from ui.nav import section_footer, section_header
from ui.ranges import PARAMS, log_options
from ui.ranges import SVM as R
from ui.sweep import sweep
from ui.sweep_payload import payload

BOX = compute.PLANE_BOUNDS

section_header(__file__)
present = presenting()


def solve(d, kernel, C, label=""):
    """The cached fit and its surface over the plane, or None with the reason shown."""
    try:
        fit = compute.fit(d.X, d.y, d.part, kernel, C)
        Z = compute.surface(fit.points, fit.weights, fit.b, kernel, BOX)
    except ValueError as err:
        st.error(f"The SVM{label} cannot be fitted on these points with this kernel: {err}")
        return None, None
    if fit.note:
        st.warning(f"SVM{label}: {fit.note}")
    if not fit.converged:
        st.warning(f"libsvm stopped{label} after {kc.svm.MAX_ITER:,} iterations without converging: this kernel's "
                   "values are badly scaled for these data (try a smaller degree, γ or C). The picture shows where it "
                   "stopped.")
    return fit, Z


def draw(d, fit, Z, key, C, show_test, height=None, tag=None):
    """The map, clickable; the single view's map carries its legend, Compare A / B's two (`tag`: "A: …") share one
    row above them."""
    fig = figures.svm_map(BOX, Z, fit, d.X, d.y, d.part.tr, d.part.te, C, None, show_test, height,
                          legend=tag is None, tag=tag, present=present, x_ticks=not (present and tag))
    points_click.clickable_chart(fig, PAGE, key=key, config=CHART_CONFIG)
    return fig


def live_sweeps(d, s, fig, key):
    """The live sweeps of γ (also by dragging the map sideways) and of C over the map `fig` just drawn (ui.sweep), up
    to compute.SWEEP_MAX training points.
    A sweep's frames are computed only when sent: a move of C changes every frame of γ's sweep, and they wait
    until the student grabs γ."""
    if len(d.part.tr) > compute.SWEEP_MAX:   # 41 + 51 libsvm fits: the sliders work without a sweep (said)
        st.caption(f"Live sweep off: {len(d.part.tr)} training points, more than {compute.SWEEP_MAX} (41 + 51 fits "
                   "per sweep would stall the class); the sliders redraw on release.")
        return
    parts = fig.parts   # where the map's swept traces are: its builder says so (figures.MapParts)
    for param, slider, label in (("gamma", KEY.GAMMA, "γ"), ("C", KEY.C, "C")):
        if param == "gamma" and s.gamma is None:
            continue
        drag = param == "gamma" or s.gamma is None
        kernel, C = (s.kernel.with_gamma(0.0), s.C) if param == "gamma" else (s.kernel, None)

        def build(param=param, slider=slider, label=label, drag=drag):
            sw = compute.sweep(d.X, d.y, d.part, s.kernel, s.C, param, BOX)
            return None if sw is None else figures.sweep_payload(BOX, sw, d.X, d.y, d.part.tr, parts, key, slider,
                                                                 label, drag=drag)

        meta = payload(key, slider, label, compute.SWEEP_VALUES[param], drag=drag)
        sweep(meta, build, depends=(d.X, d.y, d.part.tr, kernel, C, param, BOX, parts))


METRICS = ('<div class="ks-metrics" style="display:grid;grid-template-columns:repeat({columns},minmax(0,1fr));'
           'gap:0.5rem 1rem;margin-bottom:1rem">{cells}</div>')
METRIC = ('<div class="ks-metric"><div class="ks-metric-label" style="font-size:0.875rem{help_style}"{title}>{label}'
          '</div><div class="ks-metric-value" style="font-size:2.25rem;line-height:1.3;white-space:nowrap">{value}'
          '</div></div>')


def fit_metrics(fit, C, columns=2):
    """The fit's counts and accuracies as a grid of metrics (label, large value; the help on hovering the label), in
    one element: six st.metric in columns were nine elements re-sent on every move of the bar."""
    cnt = fit.counts
    items = (("Support vectors", f"{len(fit.sv)} of {fit.n}", "Training points with αᵢ > 0"),
             ("… with α = C", fit.at_bound, f"αᵢ = C = {C:g}: on the wrong side of their margin line (or on it)"),
             ("Margin violations", cnt["margin_violations"], "y f(x) < 1: inside the margin or misclassified"),
             ("Misclassified (training)", cnt["misclassified"], None),
             ("Training accuracy", f"{fit.train_acc:.1%}", None),
             ("Held-out accuracy", "—" if np.isnan(fit.test_acc) else f"{fit.test_acc:.1%}",
              "Points the SVM never saw"))
    cells = "".join(METRIC.format(label=html.escape(label), value=html.escape(str(value)),
                                  title=f' title="{html.escape(help_)}"' if help_ else "",
                                  help_style=";cursor:help;text-decoration:underline dotted" if help_ else "")
                    for label, value, help_ in items)
    st.markdown(METRICS.format(columns=columns, cells=cells), unsafe_allow_html=True)


def compare_on():
    """Compare A / B is on: the toggle's value before it is drawn (it decides the layout); a link's value on the
    session's first run."""
    if KEY.COMPARE in st.session_state:
        return bool(st.session_state[KEY.COMPARE])
    return links.opened(KEY.COMPARE).lower() == "true"


def compare_toggle(short=False):
    """The switch of Compare A / B; `short`: "A / B" without its help, one line wide (beside the pictures' legend on a
    projector)."""
    st.toggle("A / B" if short else "Compare A / B", False, key=KEY.COMPARE, bind="query-params", width="content",
              help=None if short else "A second SVM with its own kernel and C on the same points, drawn beside this one.")


def toolbar(compare=True):
    """What a click on a map does (add either class, remove), Undo and Reset, Compare A / B (unless `compare` is
    False) and the held-out points; returns show_test. Undo and Reset rerun the whole app (the sidebar shows the
    points too)."""
    key = st.empty() if present else None   # the map has no legend on the projector: its key stands first here
    if points_click.toolbar(PAGE, narrow=True):   # Undo or Reset: the whole app shows the changed points
        st.rerun()
    if compare:
        compare_toggle()
    show_test = st.toggle("Show the held-out points", True, key=KEY.SHOW_TEST, bind="query-params",
                          help="Draw the points kept back from training (hollow markers).")
    if key is not None:
        key.markdown(figures.map_key(show_test), unsafe_allow_html=True)
    return show_test


def single():
    """The map (left) with the click tools, the formula and the counts beside it (right)."""
    s, left, right = frame()
    d = data()
    with right:
        show_test = toolbar()
    with left:
        fit, Z = (None, None) if d.missing else solve(d, s.kernel, s.C)
        if fit is None:   # the points alone, still clickable: a student adds what is missing
            if d.missing:
                st.info(d.missing)
            points_click.clickable_chart(figures.scatter_all(d.X, d.y, present=present), PAGE, key="svm_map",
                                   config=CHART_CONFIG)
            return
        live_sweeps(d, s, draw(d, fit, Z, "svm_map", s.C, show_test), "svm_map")
    with right:
        st.markdown(   # the kernel and f as two display formulas (st.latex's $$ blocks) and b, in one element
            "$$\n" + r"k(\mathbf{x},\mathbf{y}) = " + s.kernel.kernel().latex() + "\n$$\n\n$$\n"
            + r"f(\mathbf{x}) = \sum_{i \in \mathrm{SV}} \alpha_i y_i\, k(\mathbf{x}_i, \mathbf{x}) + b"
            + "\n$$\n\n" + f"with offset $b = {fit.b:.3g}$. "   # b apart, so the line fits a narrow column
            + "Kriege's predictor is the sum without b; the offset b is libsvm's (scikit-learn's SVC), fitted "
              "unpenalised. *Kriege's objective, step by step* solves his form with and without it.")
        fit_metrics(fit, s.C)


def compare():
    """A (the bar's kernel and C) and B (its own) side by side on the same points: A's settings and B's in one row
    (compact on a projector), the click tools folded in a menu beside one legend row for both maps, then the two maps
    of one size, so both and their sliders fit a projector's and a laptop's first screen (ui.classroom: keys
    "ab_head", "ab_tools")."""
    d = data()
    with st.container(key="ab_head"):
        head_a, head_b = st.columns([4, 3], gap="small", vertical_alignment="bottom")
    with head_a:
        s = bar(compact=present)
    with head_b:
        row = st.container(key="svm_b_bar", border=True, horizontal=True, gap="small", vertical_alignment="bottom")
        kernel_b = kernel_widgets(row, "Kernel of B", "", "rbf", present, page=f"{PAGE}_b")
        C_b = bar_slider(row, "C of B", "C", KEY.B_C, *R["b_C"], "B's price of a margin violation.", compact=present)
    with st.container(key="ab_tools", horizontal=True, vertical_alignment="center", gap="small"):
        # the toggle stays out of the menu: a widget in a closed menu is not drawn in the browser, which would send
        # back its value from before a Check turned Compare on (and turn it off again on the next click)
        compare_toggle(short=present)
        with st.popover("🖱" if present else "🖱 Clicks", help="What a click on a map does, Undo and Reset, the held-out points."):
            show_test = toolbar(compare=False)
        st.markdown(legend_html(figures.legend_items(held_out=show_test and len(d.part.te) > 0, short=present),
                                large=present), unsafe_allow_html=True)
    fits, height = {}, compare_height(figures.COMPARE_HEIGHT[present], present, s.kernel, kernel_b)
    for col, label, kernel, C, key in zip(st.columns(2, gap="medium"), "AB", (s.kernel, kernel_b), (s.C, C_b),
                                          ("svm_map", "svm_b_map")):
        with col:
            above = st.container()   # the map, then what solve has to say (a warning above one map only would
            fit, Z = fits[label] = solve(d, kernel, C, f" {label}")   # push it below the other)
            if fit is not None:
                with above:
                    draw(d, fit, Z, key, C, show_test, height,
                         f"{label}: {kernel.describe()}, C = {C:g}")
                fit_metrics(fit, C, columns=3)
    if all(f is not None for f, _ in fits.values()):
        fa, fb = fits["A"][0], fits["B"][0]
        st.markdown(f"Same {d.n} training points: A keeps **{len(fa.sv)}** support vectors and B **{len(fb.sv)}**; "
                    f"margin violations {fa.counts['margin_violations']} vs {fb.counts['margin_violations']}.")


@st.fragment
def panel():
    """Everything a move of the bar, of B's settings or of the toggles changes (reruns only this panel; a click on a
    map, Undo and Reset rerun the whole app)."""
    if compare_on():   # a statement, not an expression: Streamlit's magic would write its value (None) on the page
        with st.container(gap="xsmall"):   # A / B: tighter, so both maps fit the first screen
            compare()
    else:
        single()


panel()
d = data()
st.caption(f"Data (sidebar): {d.describe}. {d.n} points train the SVM, {len(d.part.te)} are held out "
           f"({R['held_out']:.0%} of each class of the sidebar preset). A point you click onto the map always trains, "
           "and no other point changes part.")
st.caption("Black line: boundary f = 0, dashed: margins f = ±1; black rings: support vectors (size ∝ αᵢ); pink "
           "diamonds: misclassified, green diamonds: inside the margin; hollow markers: held-out points.")
explain("The SVM is a kernel classifier like the perceptron, trained with the **hinge loss** and a penalty on "
        "‖w‖² (Kriege). Only points on or inside the margin get αᵢ > 0: the **support vectors**. Points strictly "
        "outside the margin have αᵢ = 0 and could be deleted without changing f; every margin violation has αᵢ = C. "
        "Click on the map to add a point (or remove one) and watch which αᵢ change; raise C and watch the margin "
        "narrow. This app uses scikit-learn's names **C** and **γ**; Kriege writes **λ** and a width **h**: "
        "λ = 1/(2nC), γ = 1/h² (Gaussian), γ = 1/h (Laplacian).")
show_code(kc.KernelSVM, kc.margin_counts)


def ab(kernel_a, gamma_a, C_a, kernel_b, gamma_b, C_b):
    """The widget values of an A / B comparison of two single kernels."""
    return {KEY.COMPARE: True, KEY.COMBINE: "none", KEY.KERNEL: kernel_a, KEY.GAMMA: gamma_a, KEY.C: C_a,
            KEY.B_KERNEL: kernel_b, KEY.B_GAMMA: gamma_b, KEY.B_C: C_b}


EXERCISES = [
    Exercise("svm_rbf_gamma", "What happens to the RBF (Gaussian) SVM's boundary as γ grows, C fixed?",
             ("It gets smoother and approaches a straight line",
              "It bends ever more tightly around single points, with more support vectors: it starts to overfit",
              "Nothing: only C shapes the boundary"), 1,
             ab("rbf", 1.0, 1.0, "rbf", 31.6, 1.0),
             "γ = 1/h² (Kriege): a large γ is a small width h, so each point's bump k(xᵢ, x) dies out within a short "
             "distance and f is a sum of narrow bumps. The maps above now compare A (γ = 1) with B (γ = 31.6): B needs "
             "many more support vectors and wraps the classes in islands. The cross-validation section chooses γ."),
    Exercise("svm_C_support", "What does a larger C do to the number of support vectors?",
             ("It raises it: more points take part", "It lowers it: the margin narrows and fewer points lie on or "
              "inside it", "Nothing: C only moves the offset b"), 1,
             ab("rbf", 1.0, 1.0, "rbf", 1.0, 100.0),
             "λ = 1/(2nC): a large C is a weak penalty on ‖w‖², so margin violations are expensive and the margin "
             "narrows. Support vectors are the points on or inside the margin (every violation has αᵢ = C), so B "
             "(C = 100) keeps fewer than A (C = 1) — compare the counts under the two maps."),
    SliderExercise("svm_h_gamma", "Kriege writes the Gaussian kernel exp(−‖x − x′‖²/h²) with a width h; this app (and "
                   "scikit-learn) writes exp(−γ‖x − x′‖²). Set γ for Kriege's width h = 0.5.",
                   KEY.GAMMA, "γ", log_options(*PARAMS["gamma"][1:3]), (3.9, 4.1),
                   {KEY.COMPARE: False, KEY.COMBINE: "none", KEY.KERNEL: "rbf", KEY.GAMMA: 3.98, KEY.C: 1.0},
                   "γ = 1/h² (Kriege, Gaussian kernel): h = 0.5 is γ = 4, the slider's 3.98. A width of half a unit "
                   "is narrow next to the moons' size, so the boundary already bends round small groups of points."),
]
exercises(PAGE, EXERCISES)
section_footer(__file__)
