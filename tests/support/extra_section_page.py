"""The section tests/support/extra_section.py adds to TOPICS: a heading and one chart, never run by the suite (the
check only collects)."""
import plotly.graph_objects as go
import streamlit as st

st.markdown("#### A section added by a test")
st.plotly_chart(go.Figure(go.Scatter(x=[0, 1], y=[0, 1])), key="extra_topic_chart")
