"""The framework floor (issue 9): one slider and one tiny Plotly chart that depends on it, nothing else.

Served by the benches next to the real app, so every figure is a ratio to what Streamlit itself costs.

    .venv/bin/streamlit run bench/trivial_app.py
"""
import numpy as np
import plotly.graph_objects as go
import streamlit as st

a = st.slider("slope a", 0.0, 2.0, 1.0, 0.1, key="trivial_a")
x = np.linspace(0.0, 1.0, 20, dtype=np.float32)
st.plotly_chart(go.Figure(go.Scatter(x=x, y=a * x), layout=dict(height=250, yaxis_range=[0, 2])), key="trivial_chart")
