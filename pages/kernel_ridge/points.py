"""The student's own 1-D points (x, y) of the kernel ridge topic: a table kept in the session, edited by clicks on
the fit chart and by the table editor, with Undo; and carried in the link (query parameter `kernel_ridge_pts`), so
a shared or reopened link shows the same points. Data keys: ("own", ((x, y), ...))."""
import numpy as np
import pandas as pd
import streamlit as st

from ui.links import write_param
from ui.points_io import MAX_ROWS
from ui.points_link import MAX_URL_POINTS
from ui.ranges import KERNEL_RIDGE as R
from ui.ranges import KERNEL_RIDGE_POINTS
from ui.table_edits import fold_edits

POINTS, VERSION = "kernel_ridge_points", "kernel_ridge_points_version"
UNDO, PENDING, SOURCE = "kernel_ridge_points_undo", "kernel_ridge_pending_source", "kernel_ridge_source"
NOTE = "kernel_ridge_points_note"
CLICK_MODE = "kernel_ridge_click_mode"
CLICK_MODES = {"add": "Add", "remove": "Remove"}
URL_KEY = "kernel_ridge_pts"
PICK_RADIUS = 0.03     # a remove-click takes the nearest point within this share of the plot's width / height
# Largest |x| or |y| of an own point. The sine lives in [0, 6] x [-2, 2]; beyond this the fits' squares, the plots'
# float32 frames and the axes' nice steps overflow or lose the picture, so such a point is refused with a sentence.
VALUE_MAX = 1e4


def default_points():
    return pd.DataFrame(KERNEL_RIDGE_POINTS, dtype=float)


# ---------------------------------------------------------------- the link
def encode(df):
    """The complete rows as 'x,y;x,y;...' (each number in its shortest exact form), '' for the built-in points,
    None when there are more than MAX_URL_POINTS of them (too many for a link)."""
    complete = df.dropna()
    if len(complete) == len(df) and complete.reset_index(drop=True).equals(default_points()):
        return ""
    if len(complete) > MAX_URL_POINTS:
        return None
    return ";".join(f"{float(x)!r},{float(y)!r}" for x, y in complete[["x", "y"]].to_numpy(float))


def decode(text):
    """Inverse of encode: a table of points, or ValueError with a sentence."""
    rows = []
    for i, item in enumerate(filter(None, text.split(";")), 1):   # the sentence names the point by its number
        parts = item.split(",")
        if len(parts) != 2:
            raise ValueError(f"The link's point {i} is not of the form x,y.")
        try:
            x, y = float(parts[0]), float(parts[1])
        except ValueError:
            raise ValueError(f"The link's point {i} has text where a number belongs.") from None
        if not (np.isfinite(x) and np.isfinite(y)):
            raise ValueError(f"The link's point {i} is not a finite number.")
        rows.append((x, y))
    if not rows:
        raise ValueError("The link holds no points.")
    if len(rows) > MAX_ROWS:
        raise ValueError(f"The link holds {len(rows)} points; at most {MAX_ROWS} are accepted.")
    df = pd.DataFrame(rows, columns=["x", "y"], dtype=float)
    problem = check(df, "The link's point")
    if problem:
        raise ValueError(problem)
    return df


def check(df, what="Row"):
    """None when every filled cell of the table (x, y) is a number a fit can take and there are at most MAX_ROWS
    rows, else a sentence naming the first bad row (`what`: how the sentence names a row). Empty cells are allowed
    (those rows are left out of the fit, with a note)."""
    if len(df) > MAX_ROWS:
        return f"The table has {len(df)} rows; at most {MAX_ROWS} points are accepted."
    values = df[["x", "y"]].to_numpy(float)
    for i, j in zip(*np.nonzero(np.isinf(values) | (np.abs(np.nan_to_num(values)) > VALUE_MAX))):
        v = values[i, j]
        kind = "an infinite number" if np.isinf(v) else f"{'xy'[j]} = {v:.4g}, beyond ±{VALUE_MAX:g}"
        return (f"{what} {i + 1} holds {kind}: only finite numbers within ±{VALUE_MAX:g} can be fitted and drawn "
                "(rescale the data).")
    return None


def link_fits():
    """False when the own points are too many to travel in the link."""
    return encode(st.session_state[POINTS]) is not None


def sync_link():
    """Write the own points into the link (or take them out: the built-in points, or too many for a link)."""
    write_param(URL_KEY, encode(st.session_state[POINTS]))


# ---------------------------------------------------------------- the table
def init_points():
    """The table of own points lives in session state (from the link on the session's first run, else the built-in
    points), so it survives reruns and section switches; the editor's key carries a version that changes whenever
    the table is replaced. A click on the sine's plot asked (last run) to switch to own points: done here, before
    the data radio is drawn."""
    ss = st.session_state
    if POINTS not in ss:
        ss[POINTS] = default_points()
        link = st.query_params.get(URL_KEY)
        if link:
            try:
                ss[POINTS] = decode(link)
            except ValueError as err:
                ss[NOTE] = f"{err} The built-in points are shown instead."
    ss.setdefault(VERSION, 0)
    if PENDING in ss:
        ss[SOURCE] = ss.pop(PENDING)


def editor_key():
    return f"kernel_ridge_editor_{st.session_state[VERSION]}"


def _set_points(df):
    """Replace the table (undoable: the old table and data source go on the undo stack)."""
    ss = st.session_state
    ss.setdefault(UNDO, []).append((ss[POINTS], ss.get(SOURCE, "sine")))
    del ss[UNDO][:-R["undo"]]
    ss[POINTS] = df.reset_index(drop=True).astype(float)
    ss[VERSION] += 1
    ss.pop(NOTE, None)


def undo_points():
    """on_click of Undo: the previous table, and the data source it was shown with."""
    ss = st.session_state
    if ss.get(UNDO):
        ss[POINTS], ss[SOURCE] = ss[UNDO].pop()
        ss[VERSION] += 1


def clear_points():
    """on_click of a "no points" button: an empty table of own points (undoable), shown at once."""
    _set_points(pd.DataFrame({"x": [], "y": []}, dtype=float))
    st.session_state[SOURCE] = "own"


def can_undo():
    return bool(st.session_state.get(UNDO))


def commit_edits():
    """on_change of the editor: fold its edits into the stored table and start a fresh editor on it. An edit that
    would leave a bad table (check: an infinite or too large number, too many rows; or text where a number belongs,
    which only a hand-built message can send) is refused with a sentence, and the table stays as it was."""
    ss = st.session_state
    table, problem = fold_edits(ss[POINTS], ss.get(editor_key(), {}), MAX_ROWS, check,
                                "The edit could not be read as numbers x and y.", "points")
    if problem:
        ss[NOTE] = f"{problem} Your points are unchanged."
        ss[VERSION] += 1      # a fresh editor shows the table as it is
        return
    _set_points(table)


def duplicate_points():
    """Every point twice: with λ = 0 the Gram matrix becomes singular."""
    df = st.session_state[POINTS]
    if 2 * len(df) > MAX_ROWS:
        st.session_state[NOTE] = (f"Duplicating {len(df)} points would give {2 * len(df)}; at most {MAX_ROWS} are "
                                  "accepted. Your points are unchanged.")
        return
    _set_points(pd.concat([df, df], ignore_index=True))


def points_frame(X, y):
    return pd.DataFrame({"x": np.round(X[:, 0], 3), "y": np.round(y, 3)})


def replace_points(X, y):
    _set_points(points_frame(X, y))


def own_points_key():
    """("own", ((x, y), ...)) from the stored table, and how many incomplete rows were left out."""
    df = st.session_state[POINTS]
    complete = df.dropna()
    return ("own", tuple(map(tuple, complete[["x", "y"]].to_numpy(float).tolist()))), len(df) - len(complete)


def click_edit(x, y, X, Y, source, spans):
    """A click at (x, y) on the fit plot: add a point there, or remove the nearest one (within PICK_RADIUS of
    the plot's spans). On the sine the edit starts from a copy of the sine's points (X, Y) and switches the topic
    to own points on the next run. True when the points changed."""
    ss = st.session_state
    df = ss[POINTS] if source == "own" else points_frame(X, Y)
    if (ss.get(CLICK_MODE) or "add") == "remove":
        d = np.hypot((df["x"].to_numpy(float) - x) / spans[0], (df["y"].to_numpy(float) - y) / spans[1])
        if not np.any(d <= PICK_RADIUS):  # NaN rows never match
            st.toast("No point there to remove — click on a point.")
            return False
        df = df.drop(df.index[int(np.nanargmin(d))])
    elif len(df) >= MAX_ROWS:
        st.toast(f"There are {len(df)} points already, the most accepted: remove some first.")
        return False
    else:
        df = pd.concat([df, pd.DataFrame({"x": [round(x, 3)], "y": [round(y, 3)]})], ignore_index=True)
    _set_points(df)
    if source != "own":
        ss[PENDING] = "own"
    return True
