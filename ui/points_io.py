"""The student's own points, outside Streamlit: CSV reading with a plain message for every bad
file, and the compact text form of points used in shareable links. Pure Python + pandas; every
problem is a ValueError whose sentence can be shown as it is."""
import io
import math
import re
import string
from dataclasses import dataclass

import numpy as np
import pandas as pd

MAX_BYTES = 2_000_000      # CSV upload cap (the server's maxUploadSize is the outer cap)
MAX_ROWS = 2_000           # points a page can draw and fit interactively
MAX_URL_POINTS = 80        # points that still fit in a link (about 15 characters each)
DELIMITERS = [",", ";", "\t"]
LABEL_NAMES = ("label", "class", "target", "y")  # guessed as the label column, in this order of preference
_MARKDOWN = re.compile("([" + re.escape(string.punctuation) + "])")


def as_text(s):
    """`s` escaped for Streamlit's Markdown (st.error, st.info, st.caption ...): every ASCII punctuation mark gets a
    backslash, so text from a file or a link is shown as it is — no image or link fetched, no LaTeX ($), no
    HTML (<, >), no colour directive (:red[...]), no heading (#). Line breaks become spaces."""
    return _MARKDOWN.sub(r"\\\1", " ".join(str(s).splitlines()))


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
    if b"\x00" in data[:4096]:
        raise ValueError("This looks like a binary file (for example an Excel workbook), not a CSV text file. "
                         "Save it as 'CSV UTF-8' and upload that.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("The file is not UTF-8 text. Save it as 'CSV UTF-8' and upload it again.") from None
    if not text.strip():
        raise ValueError("The file is empty.")
    first = text.strip().splitlines()[0]
    delimiter = max(DELIMITERS, key=first.count)
    if first.count(delimiter) == 0:
        raise ValueError("Only one column was found: separate the columns with commas "
                         "(semicolons and tabs also work), e.g. 'x1,x2,label'.")
    try:
        frame = pd.read_csv(io.StringIO(text), sep=delimiter)
    except (pd.errors.ParserError, ValueError) as err:
        raise ValueError(f"The file could not be read as a table: {str(err).splitlines()[0]}") from None
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


def to_points(frame, x1, x2, label, classes=None, max_rows=MAX_ROWS, subsample_seed=None, standardise=False):
    """Columns x1, x2 (numbers) and label (two values) -> X (n, 2), y in {-1, +1} and a note.

    `classes`: the two label values to keep when the column has more than two. Too many rows is an
    error unless `subsample_seed` is given, which keeps a random `max_rows` of them. `standardise`
    scales each feature to mean 0 and standard deviation 1 (the note gives the mapping)."""
    for c in (x1, x2, label):
        if c not in frame.columns:
            raise ValueError(f"There is no column {c!r}; the columns are {', '.join(map(str, frame.columns))}.")
    if len({x1, x2, label}) < 3:
        raise ValueError("Choose three different columns: two features and the label.")
    for c in (x1, x2):
        values = pd.to_numeric(frame[c], errors="coerce")
        bad = values.isna() & frame[c].notna()
        if bad.any():
            row = int(np.flatnonzero(bad.to_numpy())[0])
            raise ValueError(f"Column {c!r} has text where a number belongs (row {row + 1}: {frame[c].iloc[row]!r}).")
        if values.isna().any():
            row = int(np.flatnonzero(values.isna().to_numpy())[0])
            raise ValueError(f"Column {c!r} has a missing value in row {row + 1}; fill it in or delete the row.")
        if not np.isfinite(values.to_numpy(dtype=float)).all():
            raise ValueError(f"Column {c!r} contains an infinite value; only finite numbers can be drawn.")
    labels = _labels(frame, label)
    if labels.isna().any():
        row = int(np.flatnonzero(labels.isna().to_numpy())[0])
        raise ValueError(f"The label column {label!r} has an empty cell in row {row + 1} (or the row is short); "
                         "every point needs a class. Fill it in or delete the row.")
    found = sorted(labels.unique())
    if len(found) < 2:
        raise ValueError(f"All points have the same label ({found[0]!r}); a classifier needs two classes.")
    note = ""
    if len(found) > 2:
        if not classes or len(classes) != 2:
            raise ValueError(f"The label column has {len(found)} classes ({', '.join(found[:8])}); "
                             "choose the two to keep.")
        keep = labels.isin(classes)
        frame, labels = frame[keep], labels[keep]
        note = f"Kept the classes {classes[0]!r} and {classes[1]!r} ({int(keep.sum())} rows). "
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
        note += f"Standardised: x₁ ← (x₁ − {mean[0]:.3g}) / {std[0]:.3g}, x₂ ← (x₂ − {mean[1]:.3g}) / {std[1]:.3g}. "
    note += f"Class {found[0]!r} is drawn as −1, class {found[1]!r} as +1."
    return X, y, note


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
            raise ValueError(f"Column {name!r} spans too many orders of magnitude ({lo:.3g} to {hi:.3g}): standardised, "
                             "some different values would become the same point. Rescale the column (e.g. take its "
                             "logarithm) or turn standardising off.")
    return Z, mean_s * scale, std_s * scale


def to_csv(X, y):
    return pd.DataFrame({"x1": X[:, 0], "x2": X[:, 1], "label": y}).to_csv(index=False).encode()


def encode_points(X, y):
    """Points -> 'x1,x2,c;x1,x2,c;...' with 2 decimals and c in {+,-}: short enough for a link."""
    return ";".join(f"{a:.2f},{b:.2f},{'+' if c > 0 else '-'}" for (a, b), c in zip(X, y))


def decode_points(text):
    """Inverse of encode_points; ValueError for anything that is not a list of such triples."""
    X, y = [], []
    for item in filter(None, text.split(";")):
        parts = item.split(",")
        if len(parts) != 3 or parts[2] not in ("+", "-"):
            raise ValueError(f"The link's point {item!r} is not of the form x1,x2,+ or x1,x2,-.")
        try:
            a, b = float(parts[0]), float(parts[1])
        except ValueError:
            raise ValueError(f"The link's point {item!r} has text where a number belongs.") from None
        if not (np.isfinite(a) and np.isfinite(b)):
            raise ValueError(f"The link's point {item!r} is not finite.")
        X.append((a, b))
        y.append(1 if parts[2] == "+" else -1)
    if len(X) > MAX_ROWS:
        raise ValueError(f"The link holds {len(X)} points; at most {MAX_ROWS} are accepted.")
    return np.array(X, dtype=float).reshape(-1, 2), np.array(y, dtype=int)


def encode_edits(preset_X, preset_y, X, y):
    """The points as edits of the preset, for a link: 'removed indices|added points', e.g.
    '3.17|0.10,0.50,+' (or '*|...' when nothing of the preset is kept in order). None when the edits
    are too many for a link (more than MAX_URL_POINTS removed + added)."""
    key = {(a, b, c): i for i, ((a, b), c) in enumerate(zip(map(tuple, preset_X), preset_y))}
    kept = []
    for row, label in zip(map(tuple, X), y):
        i = key.get((row[0], row[1], label))
        if i is None or (kept and i <= kept[-1]):
            break
        kept.append(i)
    added_X, added_y = X[len(kept):], y[len(kept):]
    if kept:
        removed = sorted(set(range(len(preset_y))) - set(kept))
        head, cost = ".".join(map(str, removed)), len(removed) + len(added_y)
    else:
        head, cost = "*", len(added_y)
    if cost > MAX_URL_POINTS:
        return None
    return f"{head}|{encode_points(added_X, added_y)}"


def decode_edits(text, preset_X, preset_y):
    """Inverse of encode_edits; ValueError when the text is not such an edit list."""
    head, sep, tail = text.partition("|")
    if not sep:
        raise ValueError("The link's points are not in the form 'removed|added'.")
    if head == "*":
        keep = np.zeros(len(preset_y), bool)
    else:
        keep = np.ones(len(preset_y), bool)
        for part in filter(None, head.split(".")):
            if not (part.isascii() and part.isdigit()) or int(part) >= len(preset_y):
                raise ValueError(f"The link removes point {part!r}, which the preset does not have.")
            keep[int(part)] = False
    added_X, added_y = decode_points(tail)
    return np.vstack([preset_X[keep], added_X]), np.concatenate([preset_y[keep], added_y]).astype(int)
