// The live sweep's slider handshake: where the section's slider stands, and the sweep moving its thumb itself while
// it is dragged. One part of the sweep's code: ui/sweep.py joins the parts into one module.
const input = (s) => document.querySelector(`.st-key-${s.data.slider} input[type=range]`);

function index(s) {   // the slider's position now: an option's index (select_slider) or a value (slider)
  const el = input(s);
  if (!el) return null;
  const v = Number(el.value);
  const data = s.data;
  if (data.by === "value") {
    let best = 0;
    data.values.forEach((w, i) => { if (Math.abs(w - v) < Math.abs(data.values[best] - v)) best = i; });
    return best;
  }
  return Number.isInteger(v) && v >= 0 && v < data.values.length ? v : null;
}

// A press on the section's slider (its track or thumb) is the sweep's: Streamlit's slider re-renders on every
// move of its thumb (30-80 ms a move on a busy 2-core machine), so the sweep moves the thumb, its value label and
// the track's fill itself, draws the frame, and on release hands the value to the slider as the picture's drag
// does (the section reruns and the slider shows it). Keys stay the slider's own.
function grab(s, e) {
  const el = input(s);
  const thumb = el && el.parentElement && el.parentElement.parentElement;
  const track = thumb && thumb.parentElement;
  const start = index(s);
  if (!track || !track.contains(e.target) || start == null) return false;
  e.stopPropagation();
  e.preventDefault();
  el.focus({ preventScroll: true });
  const fill = track.firstElementChild;
  const label = thumb.querySelector("[data-testid='stSliderThumbValue'] p");
  const colors = getComputedStyle(fill).backgroundImage.match(/rgba?\([^)]*\)/g) || [];
  s.grab = { thumb, fill, label, text: label ? label.textContent : "", left: thumb.style.left, start,
             rect: track.getBoundingClientRect(), colors, lo: Number(el.min), hi: Number(el.max) };
  s.committedAtStart = start;
  s.want = pointerIndex(s, e.clientX);
  moveThumb(s, s.want);
  return true;
}

// Where option i sits on the track (0 … 1): st.select_slider spaces its options evenly (by index), st.slider
// places a value between its min and max (by value); and the option nearest to the pointer.
function share(s, i) {
  const g = s.grab;
  if (s.data.by !== "value") return i / Math.max(s.data.values.length - 1, 1);
  return g.hi > g.lo ? (s.data.values[i] - g.lo) / (g.hi - g.lo) : 0;
}

function pointerIndex(s, x) {
  const r = s.grab.rect;
  const f = Math.max(0, Math.min(1, (x - r.left) / (r.width || 1)));
  const n = s.data.values.length;
  let best = 0;
  for (let i = 1; i < n; i++) if (Math.abs(share(s, i) - f) < Math.abs(share(s, best) - f)) best = i;
  return best;
}

function moveThumb(s, i) {
  const g = s.grab;
  const pct = 100 * share(s, i);
  g.thumb.style.left = `${pct}%`;
  if (g.colors.length >= 2) {
    const [rest, done] = g.colors;
    g.fill.style.backgroundImage = `linear-gradient(to right, ${done} 0%, ${done} ${pct}%, ${rest} ${pct}%)`;
  }
  const was = s.data.labels[g.start], at = g.text.lastIndexOf(was);
  if (g.label && at >= 0) g.label.textContent = g.text.slice(0, at) + s.data.labels[i] + g.text.slice(at + was.length);
}

function release(s, restore) {   // the sweep lets go of the slider: Streamlit's own drawing from now on
  const g = s.grab;
  s.grab = null;
  if (!g) return;
  g.fill.style.backgroundImage = "";
  if (restore) {
    g.thumb.style.left = g.left;
    if (g.label) g.label.textContent = g.text;
  }
}
