"""The live sweep's payload (ui.sweep draws it): the frames of a section's picture at every option of its slider, as
plain JSON-ready data built from plain values - a figure builder makes it beside the figure, no Streamlit here.

Payload (JSON, from `payload`):
    chart, slider       keys of the st.plotly_chart and of the st.select_slider / st.slider the sweep follows
    label, values       the parameter's symbol and the slider's options in order (frame i is option i)
    labels              the options as the slider writes them
    digest              what identifies the frames (None: lazy, ask for them); with held True the frames' blobs
                        ("data") are left out: the browser has them from an earlier rerun
    drag                True: a horizontal drag across the picture sweeps this parameter (one sweep per chart)
    field               {trace, nx, ny, colors, ranges, data[, scale]}: trace index of the heatmap it replaces, the
                        grid, 256 colours "#rrggbb…" (the colour scale at q/255; with "scale", a list of such
                        strings and frame i's index into it: the colour bar follows), [zmin, zmax] per frame, the bytes
                        q = round(255 (z − zmin) / (zmax − zmin)) of every frame, top row first, zlib'd and base64'd
    layers              [{trace, kind: "lines" | "fill" | "markers" | "bars", style, offsets, data}]: the trace each
                        replaces ("fill": each NaN-separated piece a closed polygon filled with style.color),
                        Plotly-like style (color, width, dash / symbol), and float32 (x, y) or (x, y, size) rows of
                        every frame (frame i is rows offsets[i]:offsets[i+1]; NaN rows split lines), zlib'd, base64'd;
                        "bars": (x, y) rows, a bar from 0 to y, style {color, negative (its colour below 0), width
                        (in x's units)[, magnitude: the bar from 0 to |y|, its sign only the colour]}
"""
import base64
import zlib

import numpy as np
from plotly.colors import get_colorscale, sample_colorscale

LEVELS = 256


def _blob(array):
    return base64.b64encode(zlib.compress(np.ascontiguousarray(array).tobytes(), 6)).decode("ascii")


def colors(colorscale):
    """The colour scale (a Plotly name or list) at q / 255, q = 0 … 255, as one string of "#rrggbb" (7 chars each)."""
    scale = get_colorscale(colorscale) if isinstance(colorscale, str) else colorscale
    rgb = sample_colorscale(scale, list(np.linspace(0, 1, LEVELS)), colortype="tuple")
    return "".join("#%02x%02x%02x" % tuple(int(round(c * 255)) for c in t) for t in rgb)


def quantize(Z, zmin, zmax):
    """Z as bytes q = round(255 (Z − zmin) / (zmax − zmin)), clipped (display precision: 1/255 of the range)."""
    span = (zmax - zmin) or 1.0
    return np.clip(np.round((np.asarray(Z, float) - zmin) / span * (LEVELS - 1)), 0, LEVELS - 1).astype(np.uint8)


def field(trace, Zs, ranges, colorscale, scale=None):
    """The colour field of every frame: Zs (frames, ny, nx) with rows = increasing y, each frame's (zmin, zmax).
    With `scale` (frame i in colour scale scale[i]) `colorscale` is a list of colour scales, and the colour bar's
    own fill follows the frame too."""
    Zs = np.asarray(Zs, float)
    q = np.stack([quantize(Z, lo, hi)[::-1] for Z, (lo, hi) in zip(Zs, ranges)])  # top row first
    out = {"trace": trace, "nx": int(Zs.shape[2]), "ny": int(Zs.shape[1]),
           "ranges": [[float(lo), float(hi)] for lo, hi in ranges], "data": _blob(q)}
    if scale is None:
        return {**out, "colors": colors(colorscale)}
    return {**out, "colors": [colors(c) for c in colorscale], "scale": [int(k) for k in scale]}


def styled_field(trace, Zs):
    """The colour field of frames Zs (frames, ny, nx), each as the app's heatmaps draw it (ui.figures.style's
    _colorscale): diverging over [−max|Z|, max|Z|] where it changes sign, sequential over its own range where not
    (widened by ±0.5 when flat, as plotly.js does); several colour scales when the frames need them."""
    from ui.figures.style import _colorscale

    Zs = np.asarray(Zs, np.float32)
    ranges, scales = [], []
    for Z in Zs:
        lo, hi = float(Z.min()), float(Z.max())
        style = _colorscale(Z)
        scales.append(style["colorscale"])
        ranges.append((style["zmin"], style["zmax"]) if "zmin" in style else (lo - 0.5, hi + 0.5) if lo == hi
                      else (lo, hi))
    names = sorted(set(scales))
    if len(names) == 1:
        return field(trace, Zs, ranges, names[0])
    return field(trace, Zs, ranges, names, scale=[names.index(c) for c in scales])


def layer(trace, kind, style, frames):
    """One changing trace: `frames` is a list of (rows, 2) lines, fills or bars (x, y) or (rows, 3) markers (x, y,
    size), one per frame."""
    width = 3 if kind == "markers" else 2
    rows = [np.asarray(f, np.float32).reshape(-1, width) for f in frames]
    offsets = np.concatenate([[0], np.cumsum([len(r) for r in rows])]).astype(int).tolist()
    return {"trace": trace, "kind": kind, "style": style, "offsets": offsets,
            "data": _blob(np.vstack(rows) if rows else np.empty((0, width), np.float32))}


def payload(chart, slider, label, values, field=None, layers=(), drag=False, by="index", fmt="{:g}"):
    """The component's data. by: "index" when the slider's position is an option's index (st.select_slider), "value"
    when it is the value itself (st.slider); fmt: how the slider writes a value (its thumb's label, while dragged)."""
    return {"chart": chart, "slider": slider, "label": label, "values": [float(v) for v in values], "drag": bool(drag),
            "by": by, "labels": [fmt.format(v) for v in values], "field": field, "layers": list(layers)}


def decode(data):
    """The payload's frames as arrays again (for tests): (q (frames, ny, nx) uint8 top row first, [frames per layer])."""
    f = data["field"]
    q = None
    if f:
        q = np.frombuffer(zlib.decompress(base64.b64decode(f["data"])), np.uint8).reshape(-1, f["ny"], f["nx"])
    layers = []
    for lay in data["layers"]:
        width = 3 if lay["kind"] == "markers" else 2
        rows = np.frombuffer(zlib.decompress(base64.b64decode(lay["data"])), np.float32).reshape(-1, width)
        o = lay["offsets"]
        layers.append([rows[o[i]:o[i + 1]] for i in range(len(o) - 1)])
    return q, layers



def axis_ticks(axis, frames):
    """Payload key "ticks" (data["ticks"] = axis_ticks(...)): an axis whose tick labels change with the frame, e.g.
    "y2" (Plotly's class "y2tick"); frames[i] is [(position, label), ...] in the static picture's tick order, the
    position in the main y axis's units. The browser moves each label by the pixels its position moves from the
    static picture's frame and writes the frame's label. (Another optional key: "sign": "bottom" puts the sign at
    the plot area's bottom right, for a chart whose legend runs across its top.)"""
    return {"axis": axis, "frames": [[[float(p), str(label)] for p, label in ticks] for ticks in frames]}
