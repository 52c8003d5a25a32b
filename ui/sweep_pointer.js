// The live sweep's gestures: a press and drag on the section's slider, a sideways drag across the picture, the
// slider's keys and focus; create() (ui/sweep.js) listens with these on the document. One part of the sweep's code:
// ui/sweep.py joins the parts into one module.
const DRAG_SLOP = 6;   // px a press on the picture must move sideways before it sweeps (less is a click)

const inSlider = (s, t) => t && t.closest && t.closest(`.st-key-${s.data.slider}`);

function onDown(s, e) {
  if (e.button !== 0) return;
  if (inSlider(s, e.target) && grab(s, e)) {
    s.pressAt = performance.now();
    ask(s);
    run(s, "slider");
    return;
  }
  const drag = s.data.drag && e.target.closest && e.target.closest(".nsewdrag");
  const gd = drag && drag.closest(".js-plotly-plot");
  if (gd && gd === plot(s) && index(s) != null) {
    const w = drag.getBoundingClientRect().width;
    s.press = { x: e.clientX, y: e.clientY, start: index(s), step: w / Math.max(s.data.values.length - 1, 1),
                sweeping: false };
  }
}

function onMove(s, e) {
  STATS.events += 1;
  if (s.mode === "slider" && s.grab) {
    e.stopPropagation();
    const i = pointerIndex(s, e.clientX);
    if (i !== s.want) { s.want = i; moveThumb(s, i); }
    return;
  }
  const p = s.press;
  if (!p) return;
  const dx = e.clientX - p.x;
  if (!p.sweeping) {
    if (Math.abs(dx) < DRAG_SLOP || Math.abs(dx) < Math.abs(e.clientY - p.y)) return;
    p.sweeping = true;
    s.committedAtStart = p.start;
    s.pressAt = performance.now();
    ask(s);
    run(s, "drag");
  }
  s.want = Math.max(0, Math.min(s.data.values.length - 1, p.start + Math.round(dx / p.step)));
  e.preventDefault();
}

function onUp(s, e) {
  const data = s.data;
  if (s.told != null) { s.told = null; tell(data.slider, null); }   // the class's mirror lets go too
  if (s.grab && s.mode === "slider") e.stopPropagation();
  const p = s.press;
  s.press = null;
  if (s.mode === "slider" && s.grab) {
    s.settle = "drag";
    run(s, "wait");
    if (s.want === s.grab.start || !s.send) release(s, true);
    else if (lead(s)) s.send("value", { slider: data.slider, value: data.values[s.want] });
  } else if (p && p.sweeping) {
    s.settle = "drag";
    run(s, "wait");
    if (s.want !== p.start && s.send && lead(s)) s.send("value", { slider: data.slider, value: data.values[s.want] });
  }
}

function onFocus(s, e) { if (inSlider(s, e.target)) ask(s); }

function onKey(s, e) {
  if (!inSlider(s, e.target)) return;
  if (s.mode === "slider" || s.mode === "drag") return;
  s.committedAtStart = s.overlay ? s.committedAtStart : index(s);
  run(s, "key");
}

// A sideways drag across the picture is the sweep's: Plotly must not start its zoom box (or pan) on that press.
// Plotly's drag layer listens to mousedown; the app's click catchers listen to pointer events, so they still see
// a click.
function onMouseDown(s, e) {
  if (!s.data.drag || e.button !== 0) return;
  const drag = e.target.closest && e.target.closest(".nsewdrag");
  if (drag && drag.closest(".js-plotly-plot") === plot(s)) e.stopPropagation();
}

// The document's listeners of a sweep (capture phase: before Streamlit's slider and Plotly see the event).
const GESTURES = { mousedown: onMouseDown, pointerdown: onDown, pointermove: onMove, pointerup: onUp, keydown: onKey,
                   focusin: onFocus };
