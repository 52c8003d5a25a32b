"""Kernelscope: the entry script declares the navigation and the shared sidebar, nothing else."""
import streamlit as st

from ui.classroom import classroom_sidebar
from ui.data import dataset_sidebar

st.set_page_config(page_title="Kernelscope", page_icon="🔭", layout="wide")

page = st.navigation([
    st.Page("pages/home.py", title="Home", icon="🔭", url_path="", default=True),
    st.Page("pages/kernels.py", title="Kernels & Gram matrices", icon="🧮", url_path="kernels"),
    st.Page("pages/mercer.py", title="Mercer feature maps", icon="🧩", url_path="mercer"),
    st.Page("pages/kernel-pca.py", title="Kernel PCA", icon="🌀", url_path="kernel-pca"),
    st.Page("pages/kernel-ridge.py", title="Kernel ridge regression", icon="📈", url_path="kernel-ridge"),
    st.Page("pages/perceptron-knn.py", title="Perceptron vs k-NN", icon="🧠", url_path="perceptron-knn"),
    st.Page("pages/svm.py", title="Support vector machines", icon="🛡️", url_path="svm"),
])
dataset_sidebar()
classroom_sidebar()
page.run()
