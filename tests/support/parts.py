"""Reading a figure's JSON in tests: its typed arrays, whether a trace is drawn as a builder's parts say, and a
surface's values along a drawn line, its horizontal lines."""
import base64

import numpy as np


def array(v):
    """Values of a figure's JSON array: a Plotly typed array {dtype, bdata[, shape]} or a list, as float."""
    if isinstance(v, dict):
        a = np.frombuffer(base64.b64decode(v["bdata"]), dtype=np.dtype(v["dtype"])).astype(float)
        return a.reshape([int(n) for n in str(v["shape"]).split(",")]) if "shape" in v else a
    return np.asarray(v, float)


def drawn(trace, **expected):
    """True when the trace (a dict of the figure's JSON) has these fields; a dict value is a subset of the trace's."""
    def has(got, want):
        if isinstance(want, dict):
            return isinstance(got, dict) and all(has(got.get(k), v) for k, v in want.items())
        return got == want
    return has(trace, expected)


def level_lines(layout):
    """The y of every horizontal line shape on the main y axis of a figure's JSON layout (kernel ridge's fit chart
    draws one, at the data band's bottom lo)."""
    return [s["y0"] for s in layout.get("shapes", ()) if s.get("yref") == "y" and s["y0"] == s["y1"]]


def bilinear(xs, ys, Z, P):
    """Z (rows = y) at the points P, linearly interpolated in each cell."""
    i = np.clip(np.searchsorted(xs, P[:, 0]) - 1, 0, len(xs) - 2)
    j = np.clip(np.searchsorted(ys, P[:, 1]) - 1, 0, len(ys) - 2)
    tx = (P[:, 0] - xs[i]) / (xs[i + 1] - xs[i])
    ty = (P[:, 1] - ys[j]) / (ys[j + 1] - ys[j])
    return ((1 - tx) * (1 - ty) * Z[j, i] + tx * (1 - ty) * Z[j, i + 1] + (1 - tx) * ty * Z[j + 1, i]
            + tx * ty * Z[j + 1, i + 1])
