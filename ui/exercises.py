"""'Predict, then check' exercises (self-study): the student commits to an answer, then one button
sets the page's widgets to the revealing configuration and explains what is seen."""
from dataclasses import dataclass

import streamlit as st

DONE_KEY = "exercises_done"


@dataclass(frozen=True)
class Exercise:
    id: str
    question: str
    options: tuple
    answer: int            # index of the right option
    reveal: dict           # widget key -> value that shows the answer on the page
    explanation: str


def _check(ex):
    for key, value in ex.reveal.items():
        st.session_state[key] = value
    st.session_state.setdefault(DONE_KEY, set()).add(ex.id)
    st.session_state[f"ex_checked_{ex.id}"] = True


def exercises(page, items):
    """Draw a page's exercises at the end of the page; progress is kept in the session."""
    done = st.session_state.get(DONE_KEY, set())
    st.subheader("Predict, then check")
    st.caption(f"{sum(ex.id in done for ex in items)} of {len(items)} done on this page. Commit to an answer first; "
               "**Check** then sets the sliders above to the configuration that shows it.")
    for n, ex in enumerate(items, 1):
        with st.container(border=True, key=f"explain_ex_{ex.id}"):
            choice = st.radio(f"**{n}.** {ex.question}", range(len(ex.options)), index=None,
                              format_func=lambda i, ex=ex: ex.options[i], key=f"{page}_ex_{ex.id}")
            st.button("Check", key=f"{page}_ex_{ex.id}_check", on_click=_check, args=(ex,), disabled=choice is None)
            if st.session_state.get(f"ex_checked_{ex.id}") and choice is not None:
                if choice == ex.answer:
                    st.success(f"✅ Right. {ex.explanation}")
                else:
                    st.warning(f"Not quite — the answer is **{ex.options[ex.answer]}**. {ex.explanation}")


def progress():
    """Exercises done in this session (for the home page)."""
    return len(st.session_state.get(DONE_KEY, set()))
