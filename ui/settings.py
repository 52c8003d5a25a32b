"""Topic settings (the kernel, γ, C, λ … in the bar at the top of a topic's sections) keep their values while the
student moves between sections and topics.

Streamlit forgets a widget's value when a page that does not draw it runs, and a widget of the same key on another
page is another widget (its id includes the page) that starts from its default. Each topic names its settings'
widget keys once (`pages/<topic>/settings.py`, KEYS); at the start of every run the entry script copies each of
those values aside and assigns it to its key again, so the section about to run creates its widget from the
student's value (and, bound to the address bar, writes it into the link again); a key already forgotten gets its
copy back. (.streamlit/config.toml turns off the warning Streamlit shows for a widget created with a default that
Session State also sets.)"""
import streamlit as st

SHADOW = "_kept_"


def carry(keys):
    """Call once per run, before the page runs."""
    state = st.session_state
    for key in keys:
        if key in state:
            state[SHADOW + key] = state[key] = state[key]
        elif SHADOW + key in state:
            state[key] = state[SHADOW + key]


def bar(spec, gap="small"):
    """The topic's settings bar: one compact row at the top of each of its sections (st.columns of `spec`, in a
    bordered box keyed "topic_bar"). Draw the topic's shared widgets into it."""
    with st.container(key="topic_bar", border=True):
        return st.columns(spec, gap=gap, vertical_alignment="bottom")
