"""The student's points in a shareable link, outside Streamlit: each number in its shortest exact text, the points
as 'x_yc' triples, the class names, and a preset's edits (removed and added points) instead of every point. Pure
Python + numpy; every problem is a ValueError whose sentence can be shown as it is."""
import re

import numpy as np

from .points_io import MAX_ROWS

MAX_URL_POINTS = 80        # points that still fit in a link (see encode_points: ~21 characters each, 4 KB at most)
MAX_CLASS_NAME = 30        # characters of a class name carried by a link
_CLASS_NAME = re.compile(r"(?:[^\W_]|[ \-.+'/])*[^\W_](?:[^\W_]|[ \-.+'/])*")


def link_number(v):
    """The shortest text that reads back as exactly the float v: repr without a leading zero, a trailing '.0' or an
    exponent's '+' ('.5', '-.25', '2', '1e200'); -0.0 is written as 0."""
    text = repr(float(v) + 0.0).replace("e+", "e")
    text = text[:-2] if text.endswith(".0") else text
    return text.replace("0.", ".", 1) if text.lstrip("-").startswith("0.") else text


def single_precision(X):
    """X with every number rounded to the shortest decimal that names its float32 (at most 9 significant digits, a
    relative change below 1.2e-7, one float32 step), so that its link text is short and reads back as exactly these
    numbers. Numbers outside
    float32's normal range, and a column in which two different values would become one, are kept as they are."""
    X = np.asarray(X, float)
    out = X.copy()
    inside = (X == 0) | ((np.abs(X) >= np.finfo(np.float32).tiny) & (np.abs(X) <= np.finfo(np.float32).max))
    out[inside] = [float(str(np.float32(v))) for v in X[inside]]
    for j in range(X.shape[1] if X.ndim == 2 else 0):
        if len(np.unique(out[:, j])) < len(np.unique(X[:, j])):
            out[:, j] = X[:, j]
    return out


# A point of the link: x_y then p (class +1) or n (class −1); '_', '.', '-' and letters need no escaping in a URL.
_NUMBER = r"-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?"
_POINT = re.compile(f"({_NUMBER})_({_NUMBER})([pn])")


def encode_points(X, y):
    """Points -> 'x_yc x_yc ...' without spaces: each number in its shortest exact form (link_number) and c = p for
    class +1, n for class −1, e.g. '.5_-1.25p2_.1n'. Only characters a URL keeps as they are, so a link carries a
    standardised point in about 21 characters and any point in at most 50. Links of the first format
    ('x1,x2,+;x1,x2,-', two decimals) are still read by decode_points."""
    return "".join(f"{link_number(a)}_{link_number(b)}{'p' if c > 0 else 'n'}" for (a, b), c in zip(X, y))


def decode_points(text):
    """Inverse of encode_points (and of the first format, 'x1,x2,+;x1,x2,-'); ValueError for anything else."""
    if "," in text:
        X, y = _decode_triples(text)
    else:
        X, y, at = [], [], 0
        while at < len(text):
            match = _POINT.match(text, at)
            if match is None:
                raise ValueError(f"The link's point {len(X) + 1} is not of the form x_y followed by p (class +1) or "
                                 "n (class −1).")
            a, b = float(match[1]), float(match[2])
            if not (np.isfinite(a) and np.isfinite(b)):
                raise ValueError(f"The link's point {len(X) + 1} is not finite.")
            X.append((a, b))
            y.append(1 if match[3] == "p" else -1)
            at = match.end()
    if len(X) > MAX_ROWS:
        raise ValueError(f"The link holds {len(X)} points; at most {MAX_ROWS} are accepted.")
    return np.array(X, dtype=float).reshape(-1, 2), np.array(y, dtype=int)


def _decode_triples(text):
    """The first link format: 'x1,x2,+;x1,x2,-' (2 decimals when written by the app, any finite numbers read)."""
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
    return X, y


def encode_classes(names):
    """Two class names (of −1, +1) -> 'cat|dog' for a link; None when either is no valid name (decode_classes)."""
    try:
        return "|".join(_class_name(n) for n in names) if names and len(names) == 2 and names[0] != names[1] else None
    except ValueError:
        return None


def decode_classes(text):
    """'cat|dog' -> ('cat', 'dog'): the names of class −1 and class +1; ValueError with a sentence for an empty name,
    a name over MAX_CLASS_NAME characters, one with Markdown / HTML marks, or not two different names."""
    names = str(text).split("|")
    if len(names) != 2:
        raise ValueError("The link's class names are not two names separated by |.")
    names = tuple(_class_name(n) for n in names)
    if names[0] == names[1]:
        raise ValueError("The link gives both classes the same name.")
    return names


def _class_name(name):
    name = str(name).strip()
    if not name:
        raise ValueError("A class name in the link is empty.")
    if not _CLASS_NAME.fullmatch(name):
        raise ValueError("A class name in the link may hold only letters, digits, spaces and - . + ' / "
                         "(no Markdown, HTML or LaTeX).")
    if len(name) > MAX_CLASS_NAME:
        raise ValueError(f"A class name in the link is longer than {MAX_CLASS_NAME} characters.")
    return name


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
