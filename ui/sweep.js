// The live sweep (ui/sweep.py): every frame of a section's picture along one parameter arrives once; while the
// section's slider is dragged (or stepped with a key), or the picture is dragged sideways, the frame of the pointer's
// position is drawn into the Plotly chart's own SVG in place of the traces that change: the heatmap's image gives way
// to a <canvas> in a <foreignObject> at the same place (one pixel per cell, scaled without smoothing, as Plotly draws
// its bricks), each changing scatter trace's group to a <g> of ours at the same place in the drawing order, and the
// colour bar's tick labels are re-labelled for the frame's range. Nothing else of the chart is touched, and Streamlit
// redrawing the chart (the rerun with the new value) brings the static picture back. At most one frame is drawn per
// animation frame. window.__kernelscopeSweep counts the frames drawn (bench.sweep reads it).
// Frames arrive only when used (ui/sweep.py): decoded frames are kept by digest (a rerun that finds the browser
// holding them sends the digest alone); a "lazy" sweep (no digest) asks for its frames with the component's value
// {slider, want} when the student grabs it (press on its slider, sideways drag across the picture, keyboard focus),
// and the drag under way draws them as soon as they arrive (STATS.waits: press to first frame, ms).
// The code is in parts, one job each, joined into one module by ui/sweep.py: the stores and frames
// (sweep_frames.js), the overlay in the chart's SVG (sweep_overlay.js), drawing a frame and the sign
// (sweep_draw.js), the slider handshake (sweep_slider.js), the gestures (sweep_pointer.js), and here the animation
// loop, the mirrored drag and the component's entry.
const WAIT_MS = 20000; // longest wait for Streamlit's redraw after a release before the overlay goes anyway
const MIRROR_IDLE_MS = 10000; // a mirrored drag with no position for this long: the lecturer's page went away
// A lecturer's drag position to the class (ui/room_follow.js defines the hook on a lecturer's page in a room).
const tell = (slider, i) => {
  if (!window.__ksSweepMoved) return;
  window.__ksSweepMoved(slider, i);
  STATS.told.push([i, Date.now()]);   // bench.mirror: when each position left (wall clock: across pages)
  if (STATS.told.length > 2000) STATS.told.splice(0, 1000);
};

// Two sweeps of one slider (on two charts) both follow its press; the first of them hands the value over.
const lead = (s) => Object.values(STORE).find((o) => o.data.slider === s.data.slider) === s;

function tick(s) {
  if (!s.mode) { s.loop = false; return; }
  requestAnimationFrame(() => tick(s));
  const gd = plot(s);
  if (s.overlay && (gd !== s.overlay.gd || gd._fullData !== s.overlay.fullData)) {
    uninstall(s);      // Streamlit redrew the chart: the static picture is back
    if (s.mode === "wait") { done(s); return; }
    if (s.mode === "mirror") s.committedAtStart = index(s);   // the lecturer's released value came first
  }
  if (s.mode === "wait") {
    if (s.want === s.committedAtStart || performance.now() - s.since > WAIT_MS) { done(s); return; }
    if (!s.overlay && !s.frames && index(s) !== s.committedAtStart) { done(s); return; }  // never drawn: rerun done
    if (!s.overlay) return;
  }
  if (s.mode === "mirror" && performance.now() - s.since > MIRROR_IDLE_MS) { s.settle = "drag"; run(s, "wait"); }
  if (s.mode === "key" || (s.mode === "wait" && s.settle === "slider")) s.want = index(s);
  if ((s.mode === "slider" || s.mode === "drag") && s.want != null && s.want !== s.told && lead(s)) {
    s.told = s.want;   // a lecturer's drag: the position to the class (ui/room_follow.js)
    tell(s.data.slider, s.want);
  }
  if (s.mode === "key") {   // a key step: draw the new position at once, then wait for Streamlit's redraw
    if (s.want !== s.committedAtStart) { s.mode = "wait"; s.settle = "slider"; }
    else if (performance.now() - s.since > 1000) { s.mode = null; return; }
  }
  if (!s.frames && s.mode !== "wait") ask(s);   // still none: ask again once the last ask is ASK_AGAIN_MS old
  if (s.want == null || !s.frames || !gd || !gd._fullLayout) return;
  if (!s.overlay) install(s, gd);
  if (s.want !== s.shown) show(s);
}

function show(s) {   // frame s.want drawn, and counted (window.__kernelscopeSweep)
  const t0 = performance.now();
  draw(s, s.want);
  STATS.drawMs.push(performance.now() - t0);
  s.shown = s.want;
  markStale();
  if (s.pressAt != null) { STATS.waits.push(performance.now() - s.pressAt); s.pressAt = null; }
  STATS.frames += 1;
  STATS.last = { slider: s.data.slider, index: s.want };
  if (s.mode === "mirror") {   // bench.mirror: when each mirrored frame was drawn
    STATS.mirrored.push([s.want, Date.now()]);
    if (STATS.mirrored.length > 2000) STATS.mirrored.splice(0, 1000);
  }
  STATS.times.push(performance.now());
  (STATS.byChart[s.data.chart] = STATS.byChart[s.data.chart] || []).push(performance.now());
  if (STATS.times.length > 2000) STATS.times.splice(0, 1000);
}

function run(s, mode) {
  s.mode = mode;
  s.since = performance.now();
  if (!s.loop) { s.loop = true; requestAnimationFrame(() => tick(s)); }
}

function done(s) {   // the sweep is over: the static picture is back, the slider is Streamlit's again
  s.mirroring = false;
  uninstall(s);
  if (s.grab) release(s, index(s) === s.grab.start);
  s.mode = null;
}

// The lecturer's drag, mirrored (ui/room_follow.js hands a follower the lecturer's positions): frame i drawn as
// the student's own drag would draw it, the frames asked for if this browser has none; i null: the lecturer
// let go (the released value comes with the class's next run, whose redraw ends the mirror). The student's own
// hand on the sweep comes first (a touch detaches them anyway).
function mirror(s, i, drop) {
  if (s.mode === "slider" || s.mode === "drag" || s.mode === "key") return;
  if (drop) {   // the student stopped following: their own picture at once
    if (s.mirroring) { s.mirroring = false; done(s); }
    return;
  }
  if (i == null) {
    if (s.mode === "mirror") { s.settle = "drag"; run(s, "wait"); }
    return;
  }
  if (!Number.isInteger(i) || i < 0 || i >= s.data.values.length) return;
  if (s.mode !== "mirror") {
    s.mirroring = true;
    s.committedAtStart = index(s);
    s.pressAt = performance.now();
    ask(s);
    run(s, "mirror");
  }
  s.want = i;
  s.since = performance.now();
}

// A sweep's state, with the methods other sweeps, the entry below and ui/room_follow.js call (a sweep keeps the code it
// was made with, should the page load the code again).
function create(data) {
  const s = {
    data, frames: null, overlay: null, want: null, shown: null, mode: null, since: 0, loop: false, send: null,
    press: null, committedAtStart: null, asked: false, askedAt: 0, loading: null, pressAt: null,
  };
  s.adopt = (d) => adopt(s, d);
  s.ask = () => ask(s);
  s.sign = (active, i) => sign(s, active, i);
  s.uninstall = () => uninstall(s);
  s.release = (restore) => release(s, restore);
  s.mirror = (i, drop) => mirror(s, i, drop);
  load(s, data);
  const listeners = Object.entries(GESTURES).map(([type, on]) => [type, (e) => on(s, e)]);
  listeners.forEach(([type, fn]) => document.addEventListener(type, fn, true));
  const signTimer = setInterval(() => { if (!s.overlay) sign(s, false); }, 500);
  s.destroy = () => {
    uninstall(s);
    release(s, true);
    s.mode = null;
    clearInterval(signTimer);
    listeners.forEach(([type, fn]) => document.removeEventListener(type, fn, true));
  };
  return s;
}

// The same sweep (chart, slider, options): new data is adopted, frames and all, without losing a drag under way.
const same = (a, b) => a && b && a.chart === b.chart && a.slider === b.slider && a.by === b.by &&
  a.values.join() === b.values.join();

export default function (component) {
  const { data, setTriggerValue } = component;
  if (!data || !data.chart || !data.slider) return undefined;
  const id = `${data.chart}|${data.slider}`;
  let s = STORE[id];
  if (!s || !same(s.data, data)) {
    if (s) s.destroy();
    s = STORE[id] = create(data);
  } else if (s.data !== data) {
    s.adopt(data);
  }
  s.send = setTriggerValue;
  const owner = {};
  s.owner = owner;
  return () => {
    if (STORE[id] === s && s.owner === owner) {
      s.destroy();
      delete STORE[id];
    }
  };
}
