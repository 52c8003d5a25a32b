"""Kernel ridge regression › Large n: exact up to 3 000 points, then Nyström or random Fourier features
(ui.large_n, shared with kernel PCA). Its own data (up to 20 000 points of the noisy sine) and its own γ and λ."""
import streamlit as st

from pages.kernel_ridge import settings
from ui.large_n import krr_panel
from ui.nav import section_footer, section_header

section_header(__file__)
krr_panel(settings.PAGE)
st.caption("This section fits its own data set, n points of the noisy sine, with its own γ and λ: the bar of the "
           "other sections does not apply here.")
section_footer(__file__)
