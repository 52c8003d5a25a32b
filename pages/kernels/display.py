"""What several Kernels sections show the same way: the PSD verdict, and a formula."""
import streamlit as st

from ui.formulas import PAD


def verdict_box(v, what="K"):
    """A kernel_core Verdict as a green or red sentence."""
    if v.psd:
        st.success(f"✅ {what} is a valid Gram matrix: {v.reason}.")
    else:
        st.error(f"❌ {what} is not positive semi-definite: {v.reason}.")


def formula(tex):
    """st.latex of `tex`, padded so it does not scroll inside its box."""
    st.latex(PAD + tex + PAD)
