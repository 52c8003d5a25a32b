"""Home: what Kernelscope teaches, the path through the pages, and how to use it in class."""
import streamlit as st

from ui.exercises import progress
from ui.shell import require_app_shell

require_app_shell()

st.title("🔭 Kernelscope")
st.markdown(
    "**See the kernel trick.** Move a slider and the Gram matrix, its eigenvalues and the picture change at once, "
    "with the formula from the lecture beside it and the current numbers plugged in."
)
st.latex(r"k(\mathbf{x}, \mathbf{y}) = \boldsymbol{\phi}(\mathbf{x})^\top \boldsymbol{\phi}(\mathbf{y})"
         r"\qquad\text{an inner product in a feature space you never have to build}")

PATH = [
    ("pages/kernels.py", "Kernels & Gram matrices", "🧮", "What a kernel is, when a matrix is a valid Gram matrix "
     "(symmetric, PSD), how kernels combine, geometry in feature space."),
    ("pages/mercer.py", "Mercer feature maps", "🧩", "The explicit φ behind a kernel, the lift of the circles to 3-D, "
     "the feature explosion, the eigen map of K, random Fourier features and Nyström."),
    ("pages/kernel-pca.py", "Kernel PCA", "🌀", "Linear vs kernel PCA, centring K′ = JKJ, projecting a new point, "
     "denoising by pre-images, and the Laplacian eigenmap."),
    ("pages/kernel-ridge.py", "Kernel ridge regression", "📈", "Dual coefficients, primal vs dual, RBF + linear, "
     "cross-validation, and the Gaussian-process view with error bars."),
    ("pages/perceptron-knn.py", "Perceptron vs k-NN", "🧠", "Watch the kernelized perceptron learn mistake by mistake "
     "beside k-NN; the two prediction rules; overfitting without a regulariser."),
    ("pages/svm.py", "Support vector machines", "🛡️", "Margins and support vectors, Gaussian vs Laplacian, seed 003's "
     "objective solved step by step next to libsvm, (C, γ) by cross-validation."),
]

left, right = st.columns(2, gap="large")
with left:
    st.subheader("The path through the pages")
    for file, title, icon, what in PATH:
        st.page_link(file, label=f"**{title}**", icon=icon)
        st.caption(what)
    st.markdown(
        "The pages follow the lecture material: kernels and Mercer's condition first (Held, Kriege, Sugiyama), "
        "then the algorithms that only need inner products — kernel PCA, kernel ridge regression, the "
        "kernelized perceptron and the SVM."
    )
with right:
    st.subheader("Using it in class")
    st.markdown(
        "- **Data set:** chosen once in the sidebar; every page that draws 2-D classification data uses it.\n"
        "- **Formulas:** each page states its convention (γ vs σ vs h, λ vs nλ) and shows the mapping.\n"
        "- **Show the code:** the expander under a result shows the `kernel_core` function that computed it.\n"
        "- **Links:** the settings live in the address bar — copy it to share exactly this view.\n"
        "- **Offline:** everything (plots, formulas, fonts) is served by this machine; no internet needed.\n"
        "- **Your own data:** click on a plot to add points of either class (or remove them), edit them as a "
        "table, or upload a CSV — from the sidebar's *Table / CSV*. Undo is always there.\n"
        "- **Projector:** *Presentation mode* in the sidebar enlarges type and markers and hides the explanations.\n"
        "- **Self-study:** each page ends with *Predict, then check* questions; one click sets the sliders to the "
        "configuration that shows the answer."
    )
    done = progress()
    if done:
        st.success(f"You have checked {done} prediction{'s' if done != 1 else ''} in this session.")
st.caption("Sources: Held (MSA220 lecture 12), Bishop PRML ch. 6 notes, Sugiyama \"More on kernels\", "
           "Kriege \"Non-linear prediction with kernels\", Nguyen \"Kernel method\".")
