"""Kernels › Kernels inside the Gaussian (being built: issue 23)."""
import streamlit as st

from ui.nav import section_footer, section_header

section_header(__file__)
st.info("This section is being built.")
section_footer(__file__)
