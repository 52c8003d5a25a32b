"""The reference for bench.follow: a follower that polls by rerunning an st.fragment every second (what the live class
does not do). It reads nothing and draws one line, so every figure of it is the cost of the poll itself.

    .venv/bin/streamlit run bench/fragment_app.py
"""
import time

import streamlit as st


@st.fragment(run_every=1)
def poll():
    st.caption(f"checked at {time.strftime('%H:%M:%S')}")


st.title("Following by a fragment")
poll()
