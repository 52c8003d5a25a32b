"""Kernelscope: the entry script declares the navigation and the shared sidebar, nothing else."""
import streamlit as st

from ui.data import dataset_sidebar

st.set_page_config(page_title="Kernelscope", page_icon="🔭", layout="wide")

page = st.navigation([
    st.Page("pages/home.py", title="Home", icon="🔭", url_path="", default=True),
    st.Page("pages/kernels.py", title="Kernels & Gram matrices", icon="🧮", url_path="kernels"),
    st.Page("pages/kernel_pca.py", title="Kernel PCA", icon="🌀", url_path="kernel-pca"),
])
dataset_sidebar()
page.run()
