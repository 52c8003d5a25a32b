"""The student's points: one 2-D data set per session, shared by every page. It starts from the
sidebar preset; clicks on a plot, the table editor and CSV uploads change it; undo and reset undo
that. While few enough, the points travel in the link (query parameter `pts`), with the names of the two classes
when a CSV gave them (`pts_classes`, e.g. cat|dog)."""
from dataclasses import dataclass, field

import numpy as np
import streamlit as st

from . import compute, split
from .links import write_param
from .points_io import class_note
from .points_link import decode_classes, decode_edits, encode_classes, encode_edits
from .ranges import DATA, DEFAULT_DATASET

KEY = "points_state"
URL_KEY = "pts"
CLASSES_KEY = "pts_classes"   # the names of class −1 and +1, read with the points (ui.links leaves both)
FOLLOW_KEY = "points_follow"  # (edits, class names) as link texts: a room's points to show (ui.room_state.apply)
UNDO_DEPTH = 30
PICK_RADIUS = 0.25     # a remove-click takes the nearest point within this distance


@dataclass
class Points:
    X: np.ndarray
    y: np.ndarray
    preset: tuple
    edited: bool = False
    undo: list = field(default_factory=list)
    note: str = ""
    classes: tuple = None   # (name of class −1, name of class +1) when a CSV named them, else None
    set_aside: int = 0      # own points a change of preset replaced (Undo brings them back), until the next edit


PRESET_KEYS = ("data_preset", "data_n", "data_noise", "data_seed")   # the sidebar's widgets, in preset_args' order


def preset_args():
    ss = st.session_state
    return (ss.get("data_preset", DEFAULT_DATASET), ss.get("data_n", DATA["n_samples"][2]),
            ss.get("data_noise", DATA["noise"][2]), int(ss.get("data_seed", DATA["seed"][2])))


def state():
    """This session's points: from the link on the first run, then from the preset or the edits."""
    ss = st.session_state
    args = preset_args()
    s = ss.get(KEY)
    if s is None:
        s = Points(*compute.dataset(*args), args)
        link = st.query_params.get(URL_KEY)
        if link:
            try:
                X, y = decode_edits(link, s.X, s.y)
                s = Points(X, y, args, edited=True)
            except ValueError as err:
                s.note = f"The link's points could not be used: {err} The preset is shown instead."
            else:
                _classes_from_link(s)
        ss[KEY] = s
    follow = ss.pop(FOLLOW_KEY, None)
    if follow is not None:  # the lecturer's points (undoable: Undo brings the student's back)
        _follow(s, args, *follow)
    elif s.preset != args:  # another preset was chosen: start from it; undo brings the old points back
        _push(s)
        s.set_aside = len(s.y) if s.edited else 0
        s.X, s.y = compute.dataset(*args)
        s.preset, s.edited, s.classes = args, False, None
    _sync_url(s)
    return s


def _follow(s, args, text, classes):
    """Show a room's points: `text`, edits of the preset `args` as a link writes them ('' for the plain preset)."""
    X0, y0 = compute.dataset(*args)
    try:
        X, y = decode_edits(text, X0, y0) if text else (X0, y0)
        names = decode_classes(classes) if classes else None
    except ValueError as err:
        s.note = f"The room's points could not be used: {err}"
        return
    if s.preset == args and np.array_equal(X, s.X) and np.array_equal(y, s.y) and s.classes == names:
        return
    _push(s)
    s.X, s.y, s.preset, s.edited, s.classes = X, y, args, bool(text), names
    s.note = class_note(*names) if names else ""


def _classes_from_link(s):
    """The class names the link carries with its points (a sentence and plain −1 / +1 when they cannot be used)."""
    text = st.query_params.get(CLASSES_KEY)
    if text is None:
        return
    try:
        s.classes = decode_classes(text)
        s.note = class_note(*s.classes)
    except ValueError as err:
        s.note = f"{err} The classes are called −1 and +1 instead."


def describe(s):
    name, n, noise, seed = s.preset
    if s.edited:
        return f"your own points ({len(s.y)})"
    return f"{name.capitalize()}: {n} points, noise {noise:g}, seed {seed}"


def _push(s):
    s.undo.append((s.X, s.y, s.edited, s.classes, s.preset))
    del s.undo[:-UNDO_DEPTH]


def held_out(X, y, share, seed, base=None):
    """ui.split.held_out over `base`, by default the session's sidebar preset (the points a split is drawn over)."""
    return split.held_out(X, y, share, seed, compute.dataset(*state().preset) if base is None else base)


def link_text(s):
    """The edits as link text, '' for the plain preset, None when they are too many for a link."""
    return encode_edits(*compute.dataset(*s.preset), s.X, s.y) if s.edited else ""


def _sync_url(s):
    text = link_text(s)
    names = encode_classes(s.classes) if text else None
    for key, value in ((URL_KEY, text), (CLASSES_KEY, names)):
        write_param(key, value)


def replace(X, y, note="", classes=None):
    """Make (X, y) the session's points (undoable); `classes`: the names of class −1 and +1, when they have some."""
    s = state()
    _push(s)
    s.X, s.y, s.edited, s.note = np.asarray(X, float).reshape(-1, 2), np.asarray(y, int), True, note
    s.set_aside = 0
    s.classes = tuple(classes) if classes else None
    _sync_url(s)


def undo():
    s = state()
    if s.undo:
        s.X, s.y, s.edited, s.classes, preset = s.undo.pop()
        s.set_aside = 0
        if preset != s.preset:   # points of another preset (a change of preset replaced them): its settings too
            s.preset = preset
            for key, value in zip(PRESET_KEYS, preset):
                st.session_state[key] = value
        _sync_url(s)


def reset():
    s = state()
    _push(s)
    s.X, s.y = compute.dataset(*s.preset)
    s.edited, s.classes, s.set_aside = False, None, 0
    _sync_url(s)


def add(x1, x2, label):
    s = state()
    replace(np.vstack([s.X, [[x1, x2]]]), np.append(s.y, label), classes=s.classes)


def remove_near(x1, x2):
    """Remove the point nearest to (x1, x2) if it is within PICK_RADIUS; True when one was removed."""
    s = state()
    if not len(s.y):
        return False
    d = np.hypot(s.X[:, 0] - x1, s.X[:, 1] - x2)
    i = int(np.argmin(d))
    if d[i] > PICK_RADIUS:
        return False
    keep = np.arange(len(s.y)) != i
    replace(s.X[keep], s.y[keep], classes=s.classes)
    return True
