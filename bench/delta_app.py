"""bench/trivial_app.py plus `?k=K` captions below the chart that change with the slider (bench.limits).

Every Streamlit element is one delta message: this app measures what K more of them cost a slider move in the
browser, with nothing else on the page. With k = 0 it is the trivial app.

    .venv/bin/streamlit run bench/delta_app.py     # then open http://localhost:8501/?k=100
"""
import numpy as np
import plotly.graph_objects as go
import streamlit as st

try:
    K = max(0, min(500, int(st.query_params.get("k", "0"))))
except ValueError:
    K = 0
a = st.slider("slope a", 0.0, 2.0, 1.0, 0.1, key="trivial_a")
x = np.linspace(0.0, 1.0, 20, dtype=np.float32)
st.plotly_chart(go.Figure(go.Scatter(x=x, y=a * x), layout=dict(height=250, yaxis_range=[0, 2])), key="trivial_chart")
for i in range(K):
    st.caption(f"Element {i + 1} of {K}: slope a = {a:.1f}")
