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
before the script runs) and the section reruns, so its numbers and formula follow (greyed until then, with a note
"release to update"). The sign over the chart says what a sideways drag and what each slider sweeps.

Frames cost nothing until used (issue 20: <= 100 KiB a rerun). The session remembers which frames the browser
holds (a digest); a rerun sends a sweep's frames only the first time the section is drawn in the session or when
the browser asks for them; frames the browser holds are sent as their digest alone (the browser keeps decoded frames
by digest), and a sweep whose frames changed (γ moved, so the sweep of C is another) goes "lazy": its metadata
only. A lazy sweep asks for its frames when the student grabs it (a press on its slider, a sideways drag across the
picture, the slider's keyboard focus): the component's value {slider, want} reruns the section, which sends them,
and the drag already under way draws them as soon as they arrive (bench.sweep prints that wait).
The payload and its frames are built by ui.sweep_payload (plain data, no Streamlit).
"""
import hashlib
import json
import time
from pathlib import Path

import numpy as np
import streamlit as st

from .points_io import finite_number

CSS = """[class*="st-key-sweep_"] {
  display: none;
}
.stElementContainer:has(.ks-sweep-sign), .js-plotly-plot:has(.ks-sweep-sign) {
  overflow: visible !important;
}
.ks-sweeping .stElementContainer:has(.katex-display, .ks-metrics, [data-testid="stMetric"]) > * {
  opacity: 0.3;
}
.ks-sweeping .stElementContainer:has(.katex-display, .ks-metrics) { position: relative; }
.ks-sweeping .stElementContainer:has(.katex-display, .ks-metrics)::after {
  content: "release to update"; position: absolute; top: 50%; left: 50%; transform: translate(-50%, -50%);
  padding: 0 0.6em; background: rgba(255, 255, 255, 0.92); border: 1px solid #9ca3af; border-radius: 0.4em;
  font-weight: 600; color: #111827; white-space: nowrap; pointer-events: none;
}"""  # the component's own element takes no room (it draws into the chart); the sign may stand above the chart.
# While a sweep shows a value the section has not computed (sweep.js sets "ks-sweeping" on the main area), the
# formulas and numbers that still tell the old value are greyed, with a note.
# The code (ui/sweep.js and its parts, ~20 kB) travels once a session: a component element carries its js on every
# rerun, so the sweeps' own element is a stub (ui/sweep_stub.js, a few hundred bytes) that calls the code a one-off
# element installed on the page (window); it asks for the code again (the component's value {lib}) if it does not
# find it. The code is one ES module given as text, where no `import` resolves, so its parts (one job each) are
# joined into one module in a fixed order: the stores every part reads first (sweep_frames: the window's sweeps,
# counters and frames), then the overlay, the drawing, the slider handshake and the gestures, and the entry last
# (sweep: the animation loop, create() and the one `export default`, which _MOUNT renames). As the module loads only
# declarations run (the stores' set-up among them) and functions are hoisted, so a part may call a later part's
# functions: the order is a reader's, top down. The parts share one scope: no two may declare one top-level name.
_PARTS = ("sweep_frames", "sweep_overlay", "sweep_draw", "sweep_slider", "sweep_pointer", "sweep")
_CODE = "\n".join((Path(__file__).parent / f"{part}.js").read_text() for part in _PARTS)
_MOUNT = "export default function (component) {"
assert _MOUNT in _CODE
_LIB = st.components.v2.component(
    "kernelscope.sweep_lib", css=CSS, isolate_styles=False,
    js=_CODE.replace(_MOUNT, "function mount(component) {")
    + "\nexport default function () { window.__kernelscopeSweepLib = mount; }\n")
_SWEEP = st.components.v2.component("kernelscope.sweep", js=(Path(__file__).parent / "sweep_stub.js").read_text(),
                                    css=CSS, isolate_styles=False)
def _take(key, slider, values):
    """Widget callback: the picture's drag ended at a value, and the section's slider takes it (before the script);
    or the student grabbed a lazy sweep, and this rerun sends its frames."""
    event = (st.session_state.get(key) or {}).get("value")
    if not isinstance(event, dict) or event.get("slider") != slider:
        return
    if event.get("lib"):   # the browser has not the code: send it again (a few times a minute at most)
        if _resend_allowed():
            st.session_state.pop("_sweep_lib", None)
        return
    if event.get("want"):
        if _resend_allowed():
            st.session_state[f"_want_{key}"] = True
        return
    value = finite_number(event.get("value"))
    if value is None:
        return
    match = [v for v in values if abs(v - value) <= 1e-9 * max(1.0, abs(v))]
    if match:
        now = st.session_state.get(slider)   # an integer slider (a degree) keeps an int: the payload's values are floats
        as_int = isinstance(now, int) and not isinstance(now, bool) and float(match[0]).is_integer()
        st.session_state[slider] = int(match[0]) if as_int else match[0]


RESENDS, RESEND_WINDOW = 20, 60.0   # frames or code sent again on the browser's asking: at most 20 a minute


def _resend_allowed():
    """True when this session may have frames (or the sweep code) sent again now. A browser asks when a student
    grabs a lazy sweep or lost its frames: a few times a minute. A forged stream of such asks would make the server
    send megabytes for a few bytes each; past RESENDS in RESEND_WINDOW seconds the asks are ignored (the sweep then
    waits for the next rerun that sends its frames, and the slider still works)."""
    now = time.monotonic()
    times = [t for t in st.session_state.get("_sweep_resends", ()) if now - t < RESEND_WINDOW]
    allowed = len(times) < RESENDS
    st.session_state["_sweep_resends"] = times + [now] if allowed else times
    return allowed


def digest(data=None, depends=None):
    """What identifies a sweep's frames: the digest of what they depend on (`depends`: arrays, tuples, lists and
    values with a faithful repr, the traces they replace included) or of the whole payload."""
    if depends is not None:
        h = hashlib.blake2b(digest_size=12)
        _feed(h, depends)
        return h.hexdigest()
    return hashlib.blake2b(json.dumps(data, sort_keys=True).encode("ascii"), digest_size=12).hexdigest()


def _feed(h, value):
    """A canonical digest of `value`: arrays by their bytes, tuples and lists item by item, the rest by repr (a
    pickle is not canonical: it depends on which equal objects are the same object)."""
    if isinstance(value, np.ndarray):
        h.update(f"nd{value.dtype.str}{value.shape}".encode())
        h.update(np.ascontiguousarray(value).tobytes())
    elif isinstance(value, (tuple, list)):
        h.update(f"({len(value)}".encode())
        for item in value:
            _feed(h, item)
    else:
        h.update(repr(value).encode())


def _without_frames(data, held):
    """The payload without its frames: the field's and layers' blobs and what only drawing them reads (colour
    tables, ranges, styles: the browser takes those from the frames it holds, or from the payload that brings them),
    so a rerun that does not send frames sends a few hundred bytes a sweep."""
    field = data["field"] and {"trace": data["field"]["trace"], "data": ""}
    layers = [{"trace": lay["trace"], "kind": lay["kind"], "data": ""} for lay in data["layers"]]
    return {**data, "field": field, "layers": layers, "held": held}


def _following():
    """A student following the lecturer: their picture changes with the lecturer's, so frames sent with each new view
    would mostly go unused (thirty at once at a reveal); the sweep's frames come when a drag needs them."""
    from .live_class import FOLLOW

    return bool(st.session_state.get(FOLLOW))


def sweep(data, build=None, depends=None):
    """Mount the sweep of `data` (from `payload`) on its chart; call after the chart and the slider are drawn.
    Frames are sent only when needed (module docstring). With `build` (a callable returning the full payload, or
    None) `data` is the payload without frames and `depends` says what the frames depend on: they are computed
    only when sent."""
    key = f"sweep_{data['chart']}_{data['slider']}"
    want = st.session_state.pop(f"_want_{key}", False)
    held = st.session_state.get(f"_held_{key}", "")   # "": first drawn in this session; None: the browser has none
    now = digest(data, depends) if build is not None else digest(data)
    if held == "" and _following():   # a follower's page: lazy (asked for by its own grab or a mirrored drag)
        held = None
    if want or held == "":
        if build is not None:
            data = build()
            if data is None:
                return
        data = {**data, "digest": now, "held": False}
        held = now
    elif held == now:
        data = _without_frames(data, True) | {"digest": now}
    else:
        data = _without_frames(data, False) | {"digest": None}
        held = None
    st.session_state[f"_held_{key}"] = held
    if not st.session_state.get("_sweep_lib"):
        st.session_state["_sweep_lib"] = True
        _LIB(key="sweep_lib", data={})
    _SWEEP(key=key, data=data, on_value_change=lambda: _take(key, data["slider"], data["values"]))
