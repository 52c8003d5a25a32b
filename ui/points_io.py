"""The student's own points, outside Streamlit: CSV reading with a plain message for every bad
file (the compact text form of points in shareable links is ui.points_link). Pure Python + pandas; every
problem is a ValueError whose sentence can be shown as it is."""
import io
import math
import re
import string
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .csv_text import decode as _decode
from .csv_text import neutralised
from .csv_text import why_not_a_table as _why_not_a_table

MAX_BYTES = 2_000_000      # CSV upload cap (the server's maxUploadSize is the outer cap)
MAX_ROWS = 2_000           # points a page can draw and fit interactively
# A class name in a link: letters and digits of any script, spaces and - . + ' / (no Markdown, HTML or LaTeX mark).
DELIMITERS = [",", ";", "\t"]
LABEL_NAMES = ("label", "class", "target", "y")  # guessed as the label column, in this order of preference
_MARKDOWN = re.compile("([" + re.escape(string.punctuation) + "])")


def as_text(s):
    """`s` escaped for Streamlit's Markdown (st.error, st.info, st.caption ...): every ASCII punctuation mark gets a
    backslash, so text from a file or a link is shown as it is — no image or link fetched, no LaTeX ($), no
    HTML (<, >), no colour directive (:red[...]), no heading (#). Line breaks become spaces."""
    return _MARKDOWN.sub(r"\\\1", " ".join(str(s).splitlines()))


def finite_number(value):
    """A value from a browser message as a finite float, or None: only an int or a float (not a bool, text, null, a
    list) that is finite and within float range is a number here."""
    if type(value) not in (int, float):
        return None
    try:
        value = float(value)
    except OverflowError:   # an integer beyond float range
        return None
    return value if math.isfinite(value) else None


QUOTED = 40   # characters of a cell, label or column name a sentence quotes


def quoted(value):
    """`value` as a sentence quotes it: its repr, cut to its first QUOTED characters and an ellipsis when longer (a
    file's 2 MB cell is not echoed whole into an error box)."""
    text = repr(value)
    return text if len(text) <= QUOTED else text[:QUOTED] + "…"


def file_size(n_bytes):
    """A size rounded up, so that a file over a limit never reads as the limit: 2 000 001 bytes -> '2.1 MB'."""
    if n_bytes >= 1_000_000:
        return f"{math.ceil(n_bytes / 100_000) / 10:.1f} MB"
    return f"{math.ceil(n_bytes / 1000):,} KB"


def guess_label(columns):
    """The column most likely to hold the classes: 'label', 'class', 'target', then 'y' (any case), else the last."""
    names = {str(c).strip().lower(): c for c in reversed(list(columns))}
    return next((names[n] for n in LABEL_NAMES if n in names), list(columns)[-1])


@dataclass
class CsvTable:
    frame: pd.DataFrame
    numeric: list          # columns whose every value is a finite number
    delimiter: str


def read_csv(data, max_bytes=MAX_BYTES):
    """bytes -> CsvTable, or ValueError saying what is wrong with the file."""
    if len(data) == 0:
        raise ValueError("The file is empty.")
    if len(data) > max_bytes:
        raise ValueError(f"The file is {file_size(len(data))}; the limit is {file_size(max_bytes)}. "
                         f"Keep at most {MAX_ROWS} rows.")
    text = _decode(data)
    if not text.strip():
        raise ValueError("The file is empty.")
    first = text.strip().splitlines()[0]
    delimiter = max(DELIMITERS, key=first.count)
    if first.count(delimiter) == 0:
        raise ValueError("Only one column was found: separate the columns with commas "
                         "(semicolons and tabs also work), e.g. 'x1,x2,label'.")
    try:
        frame = pd.read_csv(io.StringIO(text), sep=delimiter)
    except (pd.errors.ParserError, ValueError):   # pandas' own message names its parser, not the file
        raise ValueError(_why_not_a_table(text, delimiter)) from None
    if frame.empty:
        raise ValueError("The file has a header but no rows of data.")
    numeric = [c for c in frame.columns if pd.to_numeric(frame[c], errors="coerce").notna().all()]
    return CsvTable(frame, numeric, delimiter)


def _labels(frame, label):
    """The label column as stripped strings; empty cells (missing, short rows, blanks) are NaN."""
    column = frame[label]
    text = column.astype(object).where(column.notna(), None).map(lambda v: None if v is None else str(v).strip())
    return text.where(text.map(bool), None)


def label_classes(frame, label):
    """The distinct non-empty values of the label column, as strings, sorted."""
    return sorted(_labels(frame, label).dropna().unique())


def to_points(frame, x1, x2, label, classes=None, max_rows=MAX_ROWS, subsample_seed=None, standardise=False,
              names=False):
    """Columns x1, x2 (numbers) and label (two values) -> X (n, 2), y in {-1, +1} and a note (and, with `names`, the
    label values drawn as −1 and +1).

    `classes`: the two label values to keep when the column has more than two. Too many rows is an
    error unless `subsample_seed` is given, which keeps a random `max_rows` of them. `standardise`
    scales each feature to mean 0 and standard deviation 1 (the note gives the mapping)."""
    for c in (x1, x2, label):
        if c not in frame.columns:
            raise ValueError(f"There is no column {quoted(c)}; the columns are "
                             f"{', '.join(map(quoted, frame.columns[:8]))}.")
    if len({x1, x2, label}) < 3:
        raise ValueError("Choose three different columns: two features and the label.")
    for c in (x1, x2):
        values = pd.to_numeric(frame[c], errors="coerce")
        bad = values.isna() & frame[c].notna()
        if bad.any():
            row = int(np.flatnonzero(bad.to_numpy())[0])
            raise ValueError(f"Column {quoted(c)} has text where a number belongs (row {row + 1}: "
                             f"{quoted(frame[c].iloc[row])}).")
        if values.isna().any():
            row = int(np.flatnonzero(values.isna().to_numpy())[0])
            raise ValueError(f"Column {quoted(c)} has a missing value in row {row + 1}; fill it in or delete the row.")
        if not np.isfinite(values.to_numpy(dtype=float)).all():
            raise ValueError(f"Column {quoted(c)} contains an infinite value; only finite numbers can be drawn.")
    labels = _labels(frame, label)
    if labels.isna().any():
        row = int(np.flatnonzero(labels.isna().to_numpy())[0])
        raise ValueError(f"The label column {quoted(label)} has an empty cell in row {row + 1} (or the row is short); "
                         "every point needs a class. Fill it in or delete the row.")
    found = sorted(labels.unique())
    if len(found) < 2:
        raise ValueError(f"All points have the same label ({quoted(found[0])}); a classifier needs two classes.")
    note = ""
    if len(found) > 2:
        if not classes or len(classes) != 2:
            raise ValueError(f"The label column has {len(found)} classes ({', '.join(map(quoted, found[:8]))}); "
                             "choose the two to keep.")
        keep = labels.isin(classes)
        frame, labels = frame[keep], labels[keep]
        note = f"Kept the classes {quoted(classes[0])} and {quoted(classes[1])} ({int(keep.sum())} rows). "
        found = sorted(classes)
    if len(frame) > max_rows:
        if subsample_seed is None:
            raise ValueError(f"The file has {len(frame)} rows; at most {max_rows} points can be drawn and fitted "
                             "interactively. Choose 'random subsample' to keep a random selection.")
        idx = np.sort(np.random.default_rng(subsample_seed).choice(len(frame), max_rows, replace=False))
        frame, labels = frame.iloc[idx], labels.iloc[idx]
        note += f"Kept a random {max_rows} of the rows. "
    X = np.c_[pd.to_numeric(frame[x1]).to_numpy(float), pd.to_numeric(frame[x2]).to_numpy(float)]
    y = np.where(labels.to_numpy() == found[1], 1, -1)
    if standardise:
        X, mean, std = _standardise(X, (x1, x2))
        note += "Standardised: " + ", ".join(_scaling(f"x{i}", m, sd) for i, m, sd in zip("₁₂", mean, std)) + ". "
    note += class_note(found[0], found[1])
    if names:
        return X, y, note, (found[0], found[1])
    return X, y, note


def class_note(negative, positive):
    """The sentence naming the two classes, as the sidebar shows it after a CSV and after a link that carries them."""
    return f"Class {quoted(negative)} is drawn as −1, class {quoted(positive)} as +1."


def _standardise(X, names):
    """(X - mean) / std per column, computed on X / max|X| so that values up to 1.8e308 neither overflow nor collapse
    to zero: mean = s * mean(X / s), std = s * std(X / s). A column whose distinct values would become equal is
    refused (ValueError), so no points merge silently."""
    scale = np.max(np.abs(X), axis=0)
    scale = np.where(scale > 0, scale, 1.0)
    Xs = X / scale
    mean_s, std_s = Xs.mean(axis=0), Xs.std(axis=0)
    Z = (Xs - mean_s) / np.where(std_s > 0, std_s, 1.0)
    for j, name in enumerate(names):
        if len(np.unique(Z[:, j])) < len(np.unique(X[:, j])):
            lo, hi = np.min(np.abs(X[:, j])), np.max(np.abs(X[:, j]))
            raise ValueError(f"Column {quoted(name)} spans too many orders of magnitude ({lo:.3g} to {hi:.3g}): "
                             "standardised, some different values would become the same point. Rescale the column "
                             "(e.g. take its logarithm) or turn standardising off.")
    return Z, mean_s * scale, std_s * scale


def _scaling(name, mean, std):
    """The standardising of one column in words: 'x₁ ← (x₁ − 0.5) / 2', or, for a column with one value in every row
    (nothing to divide by: _standardise leaves it centred), 'x₁ ← x₁ − 0.5 (x₁ is 0.5 in every row)'."""
    if std > 0:
        return f"{name} ← ({name} − {mean:.3g}) / {std:.3g}"
    return f"{name} ← {name} − {mean:.3g} ({name} is {mean:.3g} in every row)"


def to_csv(X, y):
    """The points as CSV bytes (x1, x2, label), every text cell neutralised as in any download of the app."""
    return neutralised(pd.DataFrame({"x1": X[:, 0], "x2": X[:, 1], "label": y})).to_csv(index=False).encode()
