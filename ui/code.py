"""'Show the code': the kernel_core source that produced a result, under the result."""
import inspect

import streamlit as st


def show_code(*objects, label="Show the code"):
    with st.expander(label):
        for obj in objects:
            st.code(inspect.getsource(obj), language="python")
