"""The centres xᵢ and coefficients αᵢ of the reproducing-property section's f = Σ αᵢ k(xᵢ, ·): a table (x, α) kept
in the session, changed by clicks on the chart (a click at (x, y) adds the centre x with α = y), by the table
editor and by the two examples, with Undo and Reset. At most MAX_CENTRES rows."""
import numpy as np
import pandas as pd
import streamlit as st

from pages.rkhs.settings import KEY
from ui.table_edits import fold_edits

STATE, VERSION, UNDO = "rkhs_centres", "rkhs_centres_version", "rkhs_centres_undo_stack"
NOTE = "rkhs_centres_note"   # why the last table edit was refused (shown on the page until the table next changes)
MAX_CENTRES = 30            # the Gram matrix is at most 30 x 30, the bumps 30 curves
UNDO_DEPTH = 30
X_RANGE = (-3.0, 3.0)       # the axis the centres live on
DEFAULT = {"x": [-2.0, -0.7, 0.4, 1.8], "α": [1.0, -0.6, 0.8, 0.5]}
EXAMPLE_X = (-1.5, -0.75, 0.0, 0.75, 1.5)   # the two examples' centres: through 1, 1, 1, 1, 1 or +1, −1, +1, −1, +1


def _frame(x, a):
    return pd.DataFrame({"x": np.asarray(x, float), "α": np.asarray(a, float)})


def table():
    """This session's table of centres (the default four on the first run)."""
    ss = st.session_state
    if STATE not in ss:
        ss[STATE] = _frame(DEFAULT["x"], DEFAULT["α"])
    ss.setdefault(VERSION, 0)
    return ss[STATE]


def editor_key():
    return f"{KEY.rep_editor}_{st.session_state.get(VERSION, 0)}"


def usable(df):
    """(centres (n, 1), α (n,), note): the complete rows with x on the axis, at most MAX_CENTRES; the note says what
    was left out ('' when nothing)."""
    complete = df.dropna()
    x, a = complete["x"].to_numpy(float), complete["α"].to_numpy(float)
    keep = np.isfinite(x) & np.isfinite(a) & (x >= X_RANGE[0]) & (x <= X_RANGE[1])
    notes = []
    if len(complete) < len(df):
        notes.append(f"{len(df) - len(complete)} row(s) with an empty cell")
    if not keep.all():
        notes.append(f"{int((~keep).sum())} centre(s) off the axis {X_RANGE[0]:g} ≤ x ≤ {X_RANGE[1]:g}")
    x, a = x[keep], a[keep]
    if len(x) > MAX_CENTRES:
        notes.append(f"the rows after the first {MAX_CENTRES}")
        x, a = x[:MAX_CENTRES], a[:MAX_CENTRES]
    note = ("Left out: " + "; ".join(notes) + ".") if notes else ""
    return x[:, None], a, note


def _set(df):
    ss = st.session_state
    ss.setdefault(UNDO, []).append(ss[STATE])
    del ss[UNDO][:-UNDO_DEPTH]
    ss[STATE] = df.reset_index(drop=True).astype(float)
    ss[VERSION] = ss.get(VERSION, 0) + 1
    ss.pop(NOTE, None)


def add(x, a):
    """A click at (x, a): a new centre x with coefficient a. False (with a toast) when it cannot be added."""
    df = table()
    if len(df) >= MAX_CENTRES:
        st.toast(f"At most {MAX_CENTRES} centres: remove one in the table first.")
        return False
    if not (X_RANGE[0] <= x <= X_RANGE[1]):
        return False
    if abs(a) < 0.05:
        st.toast("Click above or below the axis: the height of the click is the centre's αᵢ.")
        return False
    _set(pd.concat([df, _frame([round(x, 2)], [round(a, 2)])], ignore_index=True))
    return True


def check(df):
    """None when the table can be drawn (at most MAX_CENTRES rows, no infinite cell), else a sentence. Empty cells and
    centres off the axis are allowed: usable leaves them out with a note."""
    if len(df) > MAX_CENTRES:
        return f"The table would have {len(df)} rows; at most {MAX_CENTRES} centres are drawn."
    infinite = np.flatnonzero(np.isinf(df[["x", "α"]].to_numpy(float)).any(axis=1))
    if len(infinite):
        return f"Row {infinite[0] + 1} holds an infinite number; only finite xᵢ and αᵢ can be drawn."
    return None


def commit_edits():
    """on_change of the editor: fold its edits (edited, added, deleted rows) into the table. An edit that would leave
    a bad table (check), or that is no edit of this table (text where a number belongs, a row or column it does not
    have: only a hand-built message sends those), is refused with a sentence (NOTE) and the table stays as it was."""
    ss = st.session_state
    df, problem = fold_edits(table(), ss.get(editor_key(), {}), MAX_CENTRES, check,
                             "The edit could not be read as numbers xᵢ and αᵢ of the table's rows.", "centres")
    if problem:
        ss[NOTE] = f"{problem} Your centres are unchanged."
        ss[VERSION] = ss.get(VERSION, 0) + 1      # a fresh editor shows the table as it is
        return
    _set(df)


def replace(x, a):
    _set(_frame(x, a))


def undo():
    ss = st.session_state
    if ss.get(UNDO):
        ss[STATE] = ss[UNDO].pop()
        ss[VERSION] = ss.get(VERSION, 0) + 1


def reset():
    replace(DEFAULT["x"], DEFAULT["α"])


def can_undo():
    return bool(st.session_state.get(UNDO))


def is_default():
    return table().reset_index(drop=True).equals(_frame(DEFAULT["x"], DEFAULT["α"]))
