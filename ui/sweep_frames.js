// The live sweep's stores and its frames: decoded once, kept by digest, asked for when a lazy sweep is grabbed.
// One part of the sweep's code: ui/sweep.py joins the parts into one module (the order is there; ui/sweep.js says
// what the sweep does).
const STORE = (window.__kernelscopeSweeps = window.__kernelscopeSweeps || {});
const STATS = (window.__kernelscopeSweep = window.__kernelscopeSweep ||
  { frames: 0, times: [], drawMs: [], events: 0, last: null, asks: 0, waits: [], byChart: {}, told: [], mirrored: [] });
const CACHE = (window.__kernelscopeSweepFrames = window.__kernelscopeSweepFrames || new Map()); // digest -> frames
const KEEP = 8;        // decoded frames kept (a few sweeps' worth, ~1-2 MB each once drawn)

async function inflate(b64) {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// one colour table per colour scale: f.colors a string (one scale) or a list, f.scale[i] frame i's (a kernel
// surface is diverging where it changes sign, sequential where not: the degree sweep alternates)
function colourTables(f) {
  return (Array.isArray(f.colors) ? f.colors : [f.colors]).map((colors) => {
    const lut = new Uint32Array(256);
    const u8 = new Uint8Array(lut.buffer);
    for (let i = 0; i < 256; i++) {
      const h = colors.slice(7 * i + 1, 7 * i + 7);
      u8.set([parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16), 255], 4 * i);
    }
    return lut;
  });
}

async function decode(data) {
  const out = { field: null, layers: [] };
  const f = data.field;
  if (f) {
    const q = await inflate(f.data);
    out.field = { ...f, q, luts: colourTables(f), cells: f.nx * f.ny, images: [], bars: [] };
  }
  for (const lay of data.layers) {
    const raw = await inflate(lay.data);
    out.layers.push({ ...lay, rows: new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4) });
  }
  return out;
}

// The frames of `d`: from the cache by digest, else decoded from d's blobs (when it brought them), else none
// (lazy, or held frames this browser no longer has): ask() fetches them when the sweep is grabbed.
function load(s, d) {
  const key = d.digest;
  let got = key ? CACHE.get(key) : null;
  if (!got && key && !d.held && (!d.field || d.field.data) && d.layers.every((l) => l.data)) {
    got = decode(d).then((f) => Object.assign(f, { bytes: JSON.stringify(d).length }));   // bytes: bench.sweep
    got.catch(() => CACHE.delete(key));
  }
  if (!got) return false;
  CACHE.delete(key);
  CACHE.set(key, got);
  while (CACHE.size > KEEP) CACHE.delete(CACHE.keys().next().value);
  s.loading = got;
  got.then((frames) => { if (s.data.digest === key) s.frames = frames; }).catch(() => {})
    .finally(() => { if (s.loading === got) s.loading = null; });
  return true;
}

// New data for the same chart and slider (a rerun): keep the drag under way, take the new frames (a changed
// digest: the overlay drawn from the old ones goes; the next animation frame installs the new). Frames on their way
// answer the last ask: a later lazy state asks at once. A lazy rerun leaves the ask in flight alone.
function adopt(s, d) {
  const old = s.data.digest;
  s.data = d;
  if (d.digest !== old || !s.frames) {
    if (s.overlay) uninstall(s);
    s.frames = null;
    s.loading = null;
    if (load(s, d)) s.asked = false;
  }
}

// A lazy sweep grabbed: the section reruns and sends its frames. An ask can come to nothing (the rerun cut short by
// another, or past the server's resend limit): a gesture or mirror still waiting ASK_AGAIN_MS later asks again
// (tick in ui/sweep.js), so the frames come within a drag instead of the next one.
const ASK_AGAIN_MS = 3000;

function ask(s) {
  if (s.frames || s.loading || !s.send) return;   // frames being decoded are not asked for again
  if (s.asked && performance.now() - s.askedAt < ASK_AGAIN_MS) return;
  s.asked = true;
  s.askedAt = performance.now();
  STATS.asks += 1;
  s.send("value", { slider: s.data.slider, want: true });
}
