"""The live sweep: drag a section's main parameter and its picture follows the pointer, with no server round trip.

The server computes the picture at every option of the parameter's slider in one batch (a topic's compute function)
and sends the frames once, compactly: a colour field as one byte per cell (quantized over each frame's own colour
range, so within 1/255 of it), level lines as polylines traced on the server by contourpy, markers as (x, y, size).
A small st.components.v2 component (ui/sweep.js, no iframe) draws the frame of the pointer's position into the
Plotly chart's own SVG, in place of the traces that change, so everything else (axes, the colour bar's place, the
points that do not move) is Plotly's own drawing; the changed traces are hidden meanwhile, and a redraw of the chart
by Streamlit brings the static picture back.

The sweep follows the section's Streamlit slider itself (its thumb while it is dragged, and a keyboard step at
once), and a horizontal drag across the picture; when that drag ends the slider takes the value (a widget callback,
before the script runs) and the section reruns, so its numbers and formula follow. The big payload does not depend
on the slider's own value, so a rerun at another value re-sends nothing: Streamlit sends an unchanged element of
10 kB or more as a reference to the browser's copy.

Payload (JSON, from `payload`):
    chart, slider       keys of the st.plotly_chart and of the st.select_slider / st.slider the sweep follows
    label, values       the parameter's symbol and the slider's options in order (frame i is option i)
    labels              the options as the slider writes them
    drag                True: a horizontal drag across the picture sweeps this parameter (one sweep per chart)
    field               {trace, nx, ny, colors, ranges, data}: trace index of the heatmap it replaces, the grid,
                        256 colours "#rrggbb…" (the colour scale at q/255), [zmin, zmax] per frame, and the bytes
                        q = round(255 (z − zmin) / (zmax − zmin)) of every frame, top row first, zlib'd and base64'd
    layers              [{trace, kind: "lines" | "markers", style, offsets, data}]: the trace each replaces,
                        Plotly-like style (color, width, dash / symbol), and float32 (x, y) or (x, y, size) rows of
                        every frame (frame i is rows offsets[i]:offsets[i+1]; NaN rows split lines), zlib'd, base64'd
"""
import base64
import zlib
from pathlib import Path

import contourpy
import numpy as np
import streamlit as st
from plotly.colors import get_colorscale, sample_colorscale

CSS = """[class*="st-key-sweep_"] {
  display: none;
}"""  # the component's own element takes no room (it draws into the chart)
_SWEEP = st.components.v2.component("kernelscope.sweep", js=(Path(__file__).parent / "sweep.js").read_text(),
                                    css=CSS, isolate_styles=False)
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


def field(trace, Zs, ranges, colorscale):
    """The colour field of every frame: Zs (frames, ny, nx) with rows = increasing y, each frame's (zmin, zmax)."""
    Zs = np.asarray(Zs, float)
    q = np.stack([quantize(Z, lo, hi)[::-1] for Z, (lo, hi) in zip(Zs, ranges)])  # top row first
    return {"trace": trace, "nx": int(Zs.shape[2]), "ny": int(Zs.shape[1]), "colors": colors(colorscale),
            "ranges": [[float(lo), float(hi)] for lo, hi in ranges], "data": _blob(q)}


def contour(xs, ys, Z, levels):
    """The curves Z = level (for each level) as (x, y) rows, pieces separated by a NaN row (contourpy, traced as
    ui.figures.level_lines traces them)."""
    gen = contourpy.contour_generator(np.asarray(xs, float), np.asarray(ys, float), np.asarray(Z, float),
                                      line_type=contourpy.LineType.Separate)
    pieces = [seg for level in np.atleast_1d(levels) for seg in gen.lines(float(level)) if len(seg) > 1]
    nan = np.full((1, 2), np.nan)
    return np.vstack([part for seg in pieces for part in (seg, nan)][:-1]) if pieces else np.empty((0, 2))


def layer(trace, kind, style, frames):
    """One changing trace: `frames` is a list of (rows, 2) lines or (rows, 3) markers (x, y, size), one per frame."""
    width = 2 if kind == "lines" else 3
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
        width = 2 if lay["kind"] == "lines" else 3
        rows = np.frombuffer(zlib.decompress(base64.b64decode(lay["data"])), np.float32).reshape(-1, width)
        o = lay["offsets"]
        layers.append([rows[o[i]:o[i + 1]] for i in range(len(o) - 1)])
    return q, layers


def _take(key, slider, values):
    """Widget callback: the picture's drag ended at a value; the section's slider takes it (before the script)."""
    event = (st.session_state.get(key) or {}).get("value")
    if not isinstance(event, dict) or event.get("slider") != slider:
        return
    value = event.get("value")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return
    match = [v for v in values if abs(v - value) <= 1e-9 * max(1.0, abs(v))]
    if match:
        st.session_state[slider] = match[0]


def sweep(data):
    """Mount the sweep of `data` (from `payload`) on its chart; call after the chart and the slider are drawn."""
    key = f"sweep_{data['chart']}_{data['slider']}"
    _SWEEP(key=key, data=data, on_value_change=lambda: _take(key, data["slider"], data["values"]))


def axis_ticks(axis, frames):
    """Payload key "ticks" (data["ticks"] = axis_ticks(...)): an axis whose tick labels change with the frame, e.g.
    "y2" (Plotly's class "y2tick"); frames[i] is [(position, label), ...] in the static picture's tick order, the
    position in the main y axis's units. The browser moves each label by the pixels its position moves from the
    static picture's frame and writes the frame's label. (Another optional key: "sign": "bottom" puts the sign at
    the plot area's bottom right, for a chart whose legend runs across its top.)"""
    return {"axis": axis, "frames": [[[float(p), str(label)] for p, label in ticks] for ticks in frames]}
