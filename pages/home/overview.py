"""Home: what Kernelscope teaches, the path through the topics and their sections (a link each, with the
predictions checked per topic), how to use it in class, the lecture notes it follows, and the lecture map (each
text's items linked to the sections that show them)."""
import ast
import functools
from pathlib import Path

import streamlit as st

from pages import TOPICS
from pages.home import lecture_map
from ui.exercises import DONE_KEY, progress
from ui.nav import home_footer
from ui.room_view import home_panel

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def exercise_ids(topic):
    """The ids of the topic's "Predict, then check" exercises, read from its sections' source (the first argument
    of each `Exercise(...)`): Home does not run the sections to learn them."""
    ids = []
    for section in topic.sections:
        tree = ast.parse((ROOT / section.module).read_text(encoding="utf-8"))
        ids += [node.args[0].value for node in ast.walk(tree)
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("Exercise", "SliderExercise")
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)]
    return tuple(ids)


def topic_progress(topic):
    """(checked, total) of the topic's exercises in this session."""
    ids = exercise_ids(topic)
    done = st.session_state.get(DONE_KEY, set())
    return sum(i in done for i in ids), len(ids)

st.title("🔭 Kernelscope")
st.markdown(
    "**See the kernel trick.** Move a slider and the Gram matrix, its eigenvalues and the picture change at once, "
    "with the formula from the lecture beside it and the current numbers plugged in."
)
st.latex(r"k(\mathbf{x}, \mathbf{y}) = \boldsymbol{\phi}(\mathbf{x})^\top \boldsymbol{\phi}(\mathbf{y})"
         r"\qquad\text{an inner product in a feature space you never have to build}")

home_panel()
left, right = st.columns(2, gap="large")
with left:
    st.subheader("The path through the app")
    for topic in TOPICS:
        with st.container(border=True, key=f"path_{topic.slug}"):
            head = st.container(horizontal=True, vertical_alignment="center")
            head.page_link(topic.sections[0].module, label=f"**{topic.title}**", icon=topic.icon)
            checked, total = topic_progress(topic)
            if total:
                head.caption(f"{'✅' if checked == total else '☑️' if checked else '⬜'} {checked} of {total} "
                             f"prediction{'s' if total != 1 else ''} checked", width="content")
            st.caption(topic.summary)
            if len(topic.sections) > 1:
                with st.container(horizontal=True, gap="small", key=f"path_sections_{topic.slug}"):
                    for i, section in enumerate(topic.sections, 1):
                        st.page_link(section.module, label=f"{i}. {section.title}", width="content")
with right:
    st.subheader("Using it in class")
    st.markdown(
        "- **Sections:** each topic is a run of short sections, one idea and one picture each; the menu at the top "
        "opens any of them, *Prev* / *Next* at the end of a section walk the path.\n"
        "- **Topic settings** (kernel, γ, C, λ …) sit in a bar at the top of a topic's sections and keep their "
        "values from section to section.\n"
        "- **Data set:** chosen once in the sidebar; every section that draws 2-D classification data uses it.\n"
        "- **Formulas:** each section states its convention (γ vs σ vs h, λ vs nλ) and shows the mapping.\n"
        "- **Show the code:** the expander under a result shows the `kernel_core` function that computed it.\n"
        "- **Links:** the settings live in the address bar — *Link to this view* in the sidebar copies this view.\n"
        "- **Offline:** everything (plots, formulas, fonts) is served by this machine; no internet needed.\n"
        "- **Your own data:** click on a plot to add points of either class (or remove them), edit them as a "
        "table, or upload a CSV — from the sidebar's *Table / CSV*. Undo is always there.\n"
        "- **Projector:** *Presentation mode* in the sidebar enlarges type and markers, hides the explanations and "
        "the sidebar; PageDown / PageUp move to the next / previous section.\n"
        "- **Self-study:** sections end with *Predict, then check* questions; one click sets the sliders to the "
        "configuration that shows the answer."
    )
    done = progress()
    if done:
        st.success(f"You have checked {done} prediction{'s' if done != 1 else ''} in this session (per topic: "
                   "beside each topic of the path).")

st.subheader("References: the lecture notes")
st.markdown(
    "The sections follow these five texts; where they disagree the section says which convention it uses and "
    "shows the mapping (RBF: γ = 1/(2σ²) = 1/h²; ridge: λ vs nλ; K = ΦᵀΦ with Kriege's columns φ(xᵢ), K = ΦΦᵀ "
    "with the rows of Held, Bishop's notes and Nguyen). A few things on screen come from elsewhere, and the "
    "section that shows them names them too: **random Fourier features** (Rahimi & Recht, 2007), the **Nyström "
    "method** (Williams & Seeger, 2001), **HSIC** (Gretton et al., 2005), the **pre-image iteration** of kernel "
    "PCA denoising (Mika et al., 1999), the **median heuristic** for γ, and the Gaussian process's predictive "
    "mean and variance, **Bishop's PRML eq. 6.66–6.67**.\n\n"
    "| text | what it covers |\n|---|---|\n"
    "| **Held**, *Data representations — kernel methods* (MSA220) | kernel examples, Mercer kernels and the Gram "
    "matrix, the eigen feature map, the degree-2 polynomial map, kernel PCA with centring, ridge via Woodbury, "
    "kernel ridge regression |\n"
    "| **Bishop**, *PRML* ch. 6, as blog notes | dual representation, constructing kernels, the ten closure rules, "
    "the Gaussian kernel, generative kernels, Gaussian processes |\n"
    "| **Sugiyama**, *More on kernels* | reproducing kernels, closure with proofs, geometry in feature space, "
    "pre-images, kernel LPP and Laplacian eigenmaps, RKHS, kernel measures of independence |\n"
    "| **Kriege**, *Non-linear prediction with kernels* | perceptron and SVM, the feature explosion, the kernelized "
    "perceptron, valid kernels, Gaussian vs Laplacian, graph kernels, ANOVA, k-NN vs perceptron, the SVM objective, "
    "kernelized regression with nλ, cross-validation, the representer theorem |\n"
    "| **Nguyen**, *Kernel method* | dual representation, constructing kernels, the (xᵀz)² map, the Gaussian kernel "
    "and kernel substitution |"
)

st.subheader("Lecture map: each text in its own order")
st.caption("Teaching from one of the texts? Pick it: its items in the text's order, each linked to the section that "
           "shows it.")
for tab, (author, title, items) in zip(st.tabs([author for author, _, _ in lecture_map.TEXTS]), lecture_map.rows()):
    with tab:
        st.markdown(f"**{author}**, *{title}*")
        st.markdown("**This text's notation in the app:**\n" + "\n".join(
            f"- {line}" for line in lecture_map.CONVENTIONS[author]))
        for i, item, where in items:
            if where is None:
                st.markdown(f"{i}. {item} — *not in the app yet*")
            else:
                topic, section = where
                st.page_link(section.module, label=f"{i}. {item} → {section.title}", icon=topic.icon)

home_footer()
