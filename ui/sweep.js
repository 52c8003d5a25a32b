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
const SVG = "http://www.w3.org/2000/svg";
const STORE = (window.__kernelscopeSweeps = window.__kernelscopeSweeps || {});
const STATS = (window.__kernelscopeSweep = window.__kernelscopeSweep ||
  { frames: 0, times: [], drawMs: [], events: 0, last: null, asks: 0, waits: [], byChart: {}, told: [], mirrored: [] });
const CACHE = (window.__kernelscopeSweepFrames = window.__kernelscopeSweepFrames || new Map()); // digest -> frames
const KEEP = 8;        // decoded frames kept (a few sweeps' worth, ~1-2 MB each once drawn)
const DRAG_SLOP = 6;   // px a press on the picture must move sideways before it sweeps (less is a click)
const WAIT_MS = 20000; // longest wait for Streamlit's redraw after a release before the overlay goes anyway
const MIRROR_IDLE_MS = 10000; // a mirrored drag with no position for this long: the lecturer's page went away
// A lecturer's drag position to the class (ui/room_follow.js defines the hook on a lecturer's page in a room).
const tell = (slider, i) => {
  if (!window.__ksSweepMoved) return;
  window.__ksSweepMoved(slider, i);
  STATS.told.push([i, Date.now()]);   // bench.mirror: when each position left (wall clock: across pages)
  if (STATS.told.length > 2000) STATS.told.splice(0, 1000);
};

async function inflate(b64) {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function decode(data) {
  const out = { field: null, layers: [] };
  const f = data.field;
  if (f) {
    const q = await inflate(f.data);
    // one colour table per colour scale: f.colors a string (one scale) or a list, f.scale[i] frame i's (a kernel
    // surface is diverging where it changes sign, sequential where not: the degree sweep alternates)
    const luts = (Array.isArray(f.colors) ? f.colors : [f.colors]).map((colors) => {
      const lut = new Uint32Array(256);
      const u8 = new Uint8Array(lut.buffer);
      for (let i = 0; i < 256; i++) {
        const h = colors.slice(7 * i + 1, 7 * i + 7);
        u8.set([parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16), 255], 4 * i);
      }
      return lut;
    });
    out.field = { ...f, q, luts, cells: f.nx * f.ny, images: [], bars: [] };
  }
  for (const lay of data.layers) {
    const raw = await inflate(lay.data);
    out.layers.push({ ...lay, rows: new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4) });
  }
  return out;
}

function traceGroups(gd, selector) {
  const map = new Map();
  gd.querySelectorAll(selector).forEach((g) => {
    const cd = g.__data__;
    const t = cd && cd[0] && cd[0].trace;
    if (t) map.set(t.index, g);
  });
  return map;
}

const num = (t) => parseFloat(String(t).replace(/\u2212/g, "-"));
const fmt = (v) => String(Number(v.toPrecision(2))).replace(/-/g, "\u2212");

function symbolPath(symbol, x, y, r) {
  if (symbol.startsWith("diamond")) {
    const d = r * 1.3;
    return `M${x + d},${y}L${x},${y + d}L${x - d},${y}L${x},${y - d}Z`;
  }
  if (symbol.startsWith("square")) return `M${x + r},${y + r}H${x - r}V${y - r}H${x + r}Z`;
  if (symbol.startsWith("x")) {   // Plotly's own ✕ (symbol_defs "x"): arms of half-width 0.8 r / √2
    const a = (0.8 * r) / Math.SQRT2;
    return `M${x},${y + a}l${a},${a}l${a},${-a}l${-a},${-a}l${a},${-a}l${-a},${-a}l${-a},${a}` +
      `l${-a},${-a}l${-a},${a}l${a},${a}l${-a},${a}l${a},${a}Z`;
  }
  return `M${x + r},${y}A${r},${r} 0 1,1 ${x},${y - r}A${r},${r} 0 0,1 ${x + r},${y}Z`;
}

function dash(style) {
  const r = Math.max(style.width || 1, 3);
  return { dot: `${r}px,${r}px`, dash: `${3 * r}px,${3 * r}px`, longdash: `${5 * r}px,${5 * r}px` }[style.dash] || "";
}

// An axis whose tick labels change with the frame (payload "ticks", ui.sweep.axis_ticks): its tick labels as Plotly
// drew them for the static picture (frame `base`), each moved by the pixels its position moves and relabelled.
function axisTicks(gd, data, base) {
  const t = data.ticks;
  const was = t && base != null && t.frames[base];
  if (!was) return [];
  const els = [...gd.querySelectorAll(`.${t.axis}tick text`)];
  if (els.length !== was.length) return [];
  return els.map((el, j) => {
    const transform = el.getAttribute("transform") || "";
    const m = transform.match(/translate\(\s*([-\d.e]+)[\s,]+([-\d.e]+)\s*\)/);
    return { el, text: el.textContent, transform, x: m ? +m[1] : 0, y: m ? +m[2] : 0, at: was[j][0] };
  });
}

function drawAxisTicks(ov, data, i) {
  const now = data.ticks && data.ticks.frames[i];
  if (!now || now.length !== ov.axis.length) return;
  ov.axis.forEach((k, j) => {
    k.el.textContent = now[j][1];
    k.el.setAttribute("transform", `translate(${k.x},${k.y + ov.ya.c2p(now[j][0]) - ov.ya.c2p(k.at)})`);
  });
}

// The sign over an idle chart says what each gesture sweeps: a sideways drag across the picture sweeps one parameter
// (payload "drag"), a drag of a slider its own: "⟷ drag picture: γ · sliders: γ, C".
function idleSign(chart) {
  const sweeps = Object.values(STORE).filter((o) => o.data.chart === chart)
    .sort((a, b) => b.data.drag - a.data.drag);
  const names = (list) => [...new Set(list.map((o) => o.data.label))];
  const drag = names(sweeps.filter((o) => o.data.drag)), sliders = names(sweeps);
  const byslider = `slider${sliders.length > 1 ? "s" : ""}: ${sliders.join(", ")}`;
  return drag.length ? `\u27F7 drag picture: ${drag.join(", ")} \u00B7 ${byslider}` : `live ${byslider}`;
}

// While a sweep shows a value the section has not computed yet (a drag under way, or its release not redrawn yet),
// the section's formulas and numbers still tell the old value: the main area gets the class "ks-sweeping", and
// ui.sweep's CSS greys them with a note "release to update".
function markStale() {
  const main = document.querySelector("[data-testid='stMain']");
  const stale = Object.values(STORE).some((o) => o.overlay && o.shown != null && o.shown !== o.committedAtStart);
  if (main && main.classList.contains("ks-sweeping") !== stale) main.classList.toggle("ks-sweeping", stale);
}

function create(data) {
  const s = {
    data, frames: null, overlay: null, want: null, shown: null, mode: null, since: 0, loop: false, send: null,
    press: null, committedAtStart: null, asked: false, pressAt: null,
  };
  // The frames of `d`: from the cache by digest, else decoded from d's blobs (when it brought them), else none
  // (lazy, or held frames this browser no longer has): ask() fetches them when the sweep is grabbed.
  function load(d) {
    const key = d.digest;
    let got = key ? CACHE.get(key) : null;
    if (!got && key && !d.held && (!d.field || d.field.data) && d.layers.every((l) => l.data)) {
      got = decode(d).then((f) => Object.assign(f, { bytes: JSON.stringify(d).length }));   // bytes: bench.sweep
      got.catch(() => CACHE.delete(key));
    }
    if (!got) return;
    CACHE.delete(key);
    CACHE.set(key, got);
    while (CACHE.size > KEEP) CACHE.delete(CACHE.keys().next().value);
    got.then((frames) => { if (s.data.digest === key) s.frames = frames; }).catch(() => {});
  }
  // New data for the same chart and slider (a rerun): keep the drag under way, take the new frames (a changed
  // digest: the overlay drawn from the old ones goes; the next animation frame installs the new).
  s.adopt = (d) => {
    const old = s.data.digest;
    data = s.data = d;
    s.asked = false;
    if (d.digest !== old || !s.frames) {
      if (s.overlay) s.uninstall();
      s.frames = null;
      load(d);
    }
  };
  const ask = () => {   // a lazy sweep grabbed: the section reruns and sends its frames
    if (s.frames || s.asked || !s.send) return;
    s.asked = true;
    STATS.asks += 1;
    s.send("value", { slider: data.slider, want: true });
  };
  s.ask = ask;
  load(data);
  const chartSel = `.st-key-${data.chart} .js-plotly-plot`;
  const sliderSel = `.st-key-${data.slider}`;
  const n = data.values.length;

  const plot = () => document.querySelector(chartSel);
  const input = () => document.querySelector(`${sliderSel} input[type=range]`);
  const index = () => {   // the slider's position now: an option's index (select_slider) or a value (slider)
    const el = input();
    if (!el) return null;
    const v = Number(el.value);
    if (data.by === "value") {
      let best = 0;
      data.values.forEach((w, i) => { if (Math.abs(w - v) < Math.abs(data.values[best] - v)) best = i; });
      return best;
    }
    return Number.isInteger(v) && v >= 0 && v < n ? v : null;
  };

  function install(gd) {
    for (const other of Object.values(STORE)) {   // one overlay a chart (sweeps of one slider on two charts coexist)
      if (other !== s && other.overlay && other.data.chart === data.chart) other.uninstall();
    }
    const L = gd._fullLayout;
    const ov = { gd, fullData: gd._fullData, xa: L.xaxis, ya: L.yaxis, hidden: [], added: [], ticks: [], layers: [] };
    const base = s.committedAtStart;
    const f = s.frames.field;
    if (f) {
      const g = traceGroups(gd, ".heatmaplayer g.hm").get(f.trace) || gd.querySelector(".heatmaplayer g.hm");
      const img = g && g.querySelector("image");
      if (img) {
        const fo = document.createElementNS(SVG, "foreignObject");
        for (const a of ["x", "y", "width", "height"]) fo.setAttribute(a, img.getAttribute(a));
        fo.style.opacity = getComputedStyle(img).opacity;
        const canvas = document.createElement("canvas");
        canvas.width = f.nx;
        canvas.height = f.ny;
        Object.assign(canvas.style, { width: "100%", height: "100%", display: "block", imageRendering: "pixelated" });
        fo.appendChild(canvas);
        img.parentNode.insertBefore(fo, img);
        ov.hidden.push([img, img.style.visibility, "visibility"]);
        img.style.visibility = "hidden";
        ov.added.push(fo);
        ov.ctx = canvas.getContext("2d");
      }
      if (f.luts.length > 1) {   // the colour bar's own scale changes with the frame: a 1 x 256 canvas over its fill
        const rect = gd.querySelector(".colorbar .cbfills rect.cbfill");
        if (rect) {
          const fo = document.createElementNS(SVG, "foreignObject");
          for (const a of ["x", "y", "width", "height"]) fo.setAttribute(a, rect.getAttribute(a));
          const canvas = document.createElement("canvas");
          canvas.width = 1;
          canvas.height = 256;
          Object.assign(canvas.style, { width: "100%", height: "100%", display: "block" });
          fo.appendChild(canvas);
          rect.parentNode.insertBefore(fo, rect.nextSibling);
          ov.added.push(fo);
          ov.barCtx = canvas.getContext("2d");
        }
      }
      const range = f.ranges[base == null ? 0 : base];
      gd.querySelectorAll(".colorbar .cbaxis text").forEach((t) => {
        const v = num(t.textContent);
        if (Number.isFinite(v)) ov.ticks.push([t, t.textContent, (v - range[0]) / ((range[1] - range[0]) || 1)]);
      });
    }
    const groups = traceGroups(gd, ".scatterlayer > g.trace, .barlayer > g.trace");
    const layer = gd.querySelector(".scatterlayer");
    for (const lay of s.frames.layers) {
      const g = document.createElementNS(SVG, "g");
      g.setAttribute("class", "ks-sweep");
      const path = document.createElementNS(SVG, "path");
      const st = lay.style;
      const open = lay.kind === "lines" || String(st.symbol || "").endsWith("-open");
      path.setAttribute("fill", open ? "none" : st.color);
      path.setAttribute("stroke", lay.kind === "bars" || lay.kind === "fill" ? "none" : st.line_color || st.color);
      path.setAttribute("stroke-width", st.width == null ? 1 : st.width);
      let neg = null;   // bars: the negative ones in their own colour
      if (lay.kind === "bars") {
        neg = document.createElementNS(SVG, "path");
        neg.setAttribute("fill", st.negative || st.color);
        g.appendChild(neg);
        if (st.ticks) {   // each frame's own y axis: its bars scaled into the static one, the tick labels relabelled
          ov.barTicks = [...gd.querySelectorAll(".ytick text")].map((t) => [t, t.textContent]);
          ov.barTop = L.yaxis.range[1];
        }
      }
      if (lay.kind === "lines") {
        path.setAttribute("stroke-dasharray", dash(st));
        path.setAttribute("stroke-linejoin", "round");
      }
      g.appendChild(path);
      const own = groups.get(lay.trace);
      const after = [...groups.entries()].filter(([i]) => i > lay.trace).sort((a, b) => a[0] - b[0])[0];
      const next = own || (after && after[1]);
      const parent = next ? next.parentNode : layer;   // an overlaid axis's traces sit in their own layer
      if (parent) parent.insertBefore(g, next || null);
      if (own) {
        ov.hidden.push([own, own.style.display, "display"]);
        own.style.display = "none";
      }
      ov.added.push(g);
      ov.layers.push({ lay, path, neg });
    }
    ov.axis = axisTicks(gd, data, base);
    const hover = gd.querySelector(".hoverlayer");   // Plotly's hover labels tell the static picture's numbers
    if (hover) {
      ov.hidden.push([hover, hover.style.display, "display"]);
      hover.style.display = "none";
    }
    s.overlay = ov;
  }

  s.uninstall = () => {
    const ov = s.overlay;
    s.overlay = null;
    s.shown = null;
    if (!ov) return;
    ov.added.forEach((e) => e.remove());
    ov.hidden.forEach(([e, v, prop]) => { e.style[prop] = v; });
    ov.ticks.forEach(([t, text]) => { t.textContent = text; });
    ov.axis.forEach((k) => { k.el.textContent = k.text; k.el.setAttribute("transform", k.transform); });
    (ov.barTicks || []).forEach(([t, text]) => { t.textContent = text; });
    sign(false);
    markStale();
  };
  const done = () => {   // the sweep is over: the static picture is back, the slider is Streamlit's again
    s.mirroring = false;
    s.uninstall();
    if (s.grab) s.release(index() === s.grab.start);
    s.mode = null;
  };

  function draw(i) {
    const ov = s.overlay;
    const f = s.frames.field;
    if (f && ov.ctx) {
      let img = f.images[i];
      if (!img) {
        img = f.images[i] = new ImageData(f.nx, f.ny);
        const px = new Uint32Array(img.data.buffer);
        const q = f.q.subarray(i * f.cells, (i + 1) * f.cells);
        const lut = f.luts[f.scale ? f.scale[i] : 0];
        for (let c = 0; c < f.cells; c++) px[c] = lut[q[c]];
      }
      ov.ctx.putImageData(img, 0, 0);
      if (ov.barCtx) {   // the colour bar: q = 255 at its top
        const k = f.scale ? f.scale[i] : 0;
        let bar = f.bars[k];
        if (!bar) {
          bar = f.bars[k] = new ImageData(1, 256);
          const px = new Uint32Array(bar.data.buffer);
          for (let c = 0; c < 256; c++) px[c] = f.luts[k][255 - c];
        }
        ov.barCtx.putImageData(bar, 0, 0);
      }
      const [lo, hi] = f.ranges[i];
      ov.ticks.forEach(([t, , share]) => { t.textContent = fmt(lo + share * (hi - lo)); });
    }
    const { xa, ya } = ov;
    for (const { lay, path, neg } of ov.layers) {
      const w = lay.kind === "markers" ? 3 : 2;
      const rows = lay.rows.subarray(lay.offsets[i] * w, lay.offsets[i + 1] * w);
      const parts = [];
      if (lay.kind === "lines" || lay.kind === "fill") {   // fill: each NaN-separated piece a closed, filled polygon
        let pen = "M";
        const close = lay.kind === "fill" ? "Z" : "";
        for (let k = 0; k < rows.length; k += 2) {
          if (Number.isNaN(rows[k])) { if (pen === "L") parts.push(close); pen = "M"; continue; }
          parts.push(`${pen}${xa.c2p(rows[k]).toFixed(1)},${ya.c2p(rows[k + 1]).toFixed(1)}`);
          pen = "L";
        }
        if (pen === "L") parts.push(close);
      } else if (lay.kind === "bars") {   // (x, y) rows: a bar from 0 to y (to |y|: style.magnitude), style.width wide
        const st = lay.style, half = (st.width || 0.8) / 2, y0 = ya.c2p(0).toFixed(1), negs = [];
        const scale = st.tops && ov.barTop ? ov.barTop / st.tops[i] : 1;
        for (let k = 0; k < rows.length; k += 2) {
          const a = xa.c2p(rows[k] - half).toFixed(1), b = xa.c2p(rows[k] + half).toFixed(1);
          const top = st.magnitude ? Math.abs(rows[k + 1]) : rows[k + 1];   // magnitude: the sign is the colour
          (rows[k + 1] < 0 ? negs : parts).push(`M${a},${y0}H${b}V${ya.c2p(top * scale).toFixed(1)}H${a}Z`);
        }
        neg.setAttribute("d", negs.join(""));
        if (st.ticks && ov.barTicks && ov.barTicks.length === st.ticks[i].length) {
          ov.barTicks.forEach(([t], j) => { t.textContent = st.ticks[i][j].replace(/-/g, "\u2212"); });
        }
      } else {
        for (let k = 0; k < rows.length; k += 3) {
          parts.push(symbolPath(lay.style.symbol || "circle", xa.c2p(rows[k]), ya.c2p(rows[k + 1]), rows[k + 2] / 2));
        }
      }
      path.setAttribute("d", parts.join(""));
    }
    drawAxisTicks(ov, data, i);
    sign(true, i);
  }

  function sign(active, i) {
    const gd = plot();
    const box = gd && gd.querySelector(".svg-container");
    if (!box || !gd._fullLayout) return;
    let el = box.querySelector(":scope > .ks-sweep-sign");
    if (!el) {
      el = document.createElement("div");
      el.className = "ks-sweep-sign";
      const L = gd._fullLayout;
      // Legible on a projector (15-22 px, growing with the plot's width: 18 px on a 1280x720 presentation map) and
      // off the data: by default just above the plot area's top right corner (in the margin, or the gap above the
      // chart), data.sign "bottom": inside its bottom right corner.
      const fs = Math.round(Math.max(15, Math.min(22, L.xaxis._length / 26)));
      const h = Math.round(fs * 1.45);
      Object.assign(el.style, {
        position: "absolute", ...(data.sign === "bottom" ? { bottom: `${L.height - L.yaxis._offset - L.yaxis._length + 6}px` }
          : { top: `${L.yaxis._offset - h - 2}px` }),
        right: `${L.width - L.xaxis._offset - L.xaxis._length}px`, pointerEvents: "none", zIndex: 5,
        background: "rgba(255,255,255,0.92)", border: "1px solid #9ca3af", borderRadius: "0.4em",
        padding: "0 0.45em", height: `${h}px`, lineHeight: `${h - 2}px`, boxSizing: "border-box",
        whiteSpace: "nowrap", font: `700 ${fs}px sans-serif`, color: "#111827",
      });
      box.appendChild(el);
    }
    if (active) {
      el.dataset.owner = data.slider;
      el.textContent = `\u27F7 ${data.label} = ${data.labels[i]}`;
    } else if (!el.dataset.owner || el.dataset.owner === data.slider) {
      delete el.dataset.owner;
      el.textContent = idleSign(data.chart);
    }
  }
  s.sign = sign;

  function tick() {
    if (!s.mode) { s.loop = false; return; }
    requestAnimationFrame(tick);
    const gd = plot();
    if (s.overlay && (gd !== s.overlay.gd || gd._fullData !== s.overlay.fullData)) {
      s.uninstall();      // Streamlit redrew the chart: the static picture is back
      if (s.mode === "wait") { done(); return; }
      if (s.mode === "mirror") s.committedAtStart = index();   // the lecturer's released value came first
    }
    if (s.mode === "wait") {
      if (s.want === s.committedAtStart || performance.now() - s.since > WAIT_MS) { done(); return; }
      if (!s.overlay && !s.frames && index() !== s.committedAtStart) { done(); return; }  // never drawn: rerun done
      if (!s.overlay) return;
    }
    if (s.mode === "mirror" && performance.now() - s.since > MIRROR_IDLE_MS) { s.settle = "drag"; run("wait"); }
    if (s.mode === "key" || (s.mode === "wait" && s.settle === "slider")) s.want = index();
    if ((s.mode === "slider" || s.mode === "drag") && s.want != null && s.want !== s.told && lead()) {
      s.told = s.want;   // a lecturer's drag: the position to the class (ui/room_follow.js)
      tell(data.slider, s.want);
    }
    if (s.mode === "key") {   // a key step: draw the new position at once, then wait for Streamlit's redraw
      if (s.want !== s.committedAtStart) { s.mode = "wait"; s.settle = "slider"; }
      else if (performance.now() - s.since > 1000) { s.mode = null; return; }
    }
    if (s.want == null || !s.frames || !gd || !gd._fullLayout) return;
    if (!s.overlay) install(gd);
    if (s.want !== s.shown) {
      const t0 = performance.now();
      draw(s.want);
      STATS.drawMs.push(performance.now() - t0);
      s.shown = s.want;
      markStale();
      if (s.pressAt != null) { STATS.waits.push(performance.now() - s.pressAt); s.pressAt = null; }
      STATS.frames += 1;
      STATS.last = { slider: data.slider, index: s.want };
      if (s.mode === "mirror") {   // bench.mirror: when each mirrored frame was drawn
        STATS.mirrored.push([s.want, Date.now()]);
        if (STATS.mirrored.length > 2000) STATS.mirrored.splice(0, 1000);
      }
      STATS.times.push(performance.now());
      (STATS.byChart[data.chart] = STATS.byChart[data.chart] || []).push(performance.now());
      if (STATS.times.length > 2000) STATS.times.splice(0, 1000);
    }
  }
  function run(mode) {
    s.mode = mode;
    s.since = performance.now();
    if (!s.loop) { s.loop = true; requestAnimationFrame(tick); }
  }

  const inSlider = (t) => t && t.closest && t.closest(sliderSel);
  const onDown = (e) => {
    if (e.button !== 0) return;
    if (inSlider(e.target) && grab(e)) {
      s.pressAt = performance.now();
      ask();
      run("slider");
      return;
    }
    const drag = data.drag && e.target.closest && e.target.closest(".nsewdrag");
    const gd = drag && drag.closest(".js-plotly-plot");
    if (gd && gd === plot() && index() != null) {
      const w = drag.getBoundingClientRect().width;
      s.press = { x: e.clientX, y: e.clientY, start: index(), step: w / Math.max(n - 1, 1), sweeping: false };
    }
  };
  // A press on the section's slider (its track or thumb) is the sweep's: Streamlit's slider re-renders on every
  // move of its thumb (30-80 ms a move on a busy 2-core machine), so the sweep moves the thumb, its value label and
  // the track's fill itself, draws the frame, and on release hands the value to the slider as the picture's drag
  // does (the section reruns and the slider shows it). Keys stay the slider's own.
  function grab(e) {
    const el = input();
    const thumb = el && el.parentElement && el.parentElement.parentElement;
    const track = thumb && thumb.parentElement;
    const start = index();
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
    s.want = pointerIndex(e.clientX);
    moveThumb(s.want);
    return true;
  }
  // Where option i sits on the track (0 … 1): st.select_slider spaces its options evenly (by index), st.slider
  // places a value between its min and max (by value); and the option nearest to the pointer.
  const share = (i) => {
    const g = s.grab;
    if (data.by !== "value") return i / Math.max(n - 1, 1);
    return g.hi > g.lo ? (data.values[i] - g.lo) / (g.hi - g.lo) : 0;
  };
  const pointerIndex = (x) => {
    const r = s.grab.rect;
    const f = Math.max(0, Math.min(1, (x - r.left) / (r.width || 1)));
    let best = 0;
    for (let i = 1; i < n; i++) if (Math.abs(share(i) - f) < Math.abs(share(best) - f)) best = i;
    return best;
  };
  function moveThumb(i) {
    const g = s.grab;
    const pct = 100 * share(i);
    g.thumb.style.left = `${pct}%`;
    if (g.colors.length >= 2) {
      const [rest, done] = g.colors;
      g.fill.style.backgroundImage = `linear-gradient(to right, ${done} 0%, ${done} ${pct}%, ${rest} ${pct}%)`;
    }
    const was = data.labels[g.start], at = g.text.lastIndexOf(was);
    if (g.label && at >= 0) g.label.textContent = g.text.slice(0, at) + data.labels[i] + g.text.slice(at + was.length);
  }
  function release(restore) {   // the sweep lets go of the slider: Streamlit's own drawing from now on
    const g = s.grab;
    s.grab = null;
    if (!g) return;
    g.fill.style.backgroundImage = "";
    if (restore) {
      g.thumb.style.left = g.left;
      if (g.label) g.label.textContent = g.text;
    }
  }
  s.release = release;
  const onMove = (e) => {
    STATS.events += 1;
    if (s.mode === "slider" && s.grab) {
      e.stopPropagation();
      const i = pointerIndex(e.clientX);
      if (i !== s.want) { s.want = i; moveThumb(i); }
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
      ask();
      run("drag");
    }
    s.want = Math.max(0, Math.min(n - 1, p.start + Math.round(dx / p.step)));
    e.preventDefault();
  };
  // Two sweeps of one slider (on two charts) both follow its press; the first of them hands the value over.
  const lead = () => Object.values(STORE).find((o) => o.data.slider === data.slider) === s;
  const onUp = (e) => {
    if (s.told != null) { s.told = null; tell(data.slider, null); }   // the class's mirror lets go too
    if (s.grab && s.mode === "slider") e.stopPropagation();
    const p = s.press;
    s.press = null;
    if (s.mode === "slider" && s.grab) {
      s.settle = "drag";
      run("wait");
      if (s.want === s.grab.start || !s.send) release(true);
      else if (lead()) s.send("value", { slider: data.slider, value: data.values[s.want] });
    } else if (p && p.sweeping) {
      s.settle = "drag";
      run("wait");
      if (s.want !== p.start && s.send && lead()) s.send("value", { slider: data.slider, value: data.values[s.want] });
    }
  };
  // The lecturer's drag, mirrored (ui/room_follow.js hands a follower the lecturer's positions): frame i drawn as
  // the student's own drag would draw it, the frames asked for once if this browser has none; i null: the lecturer
  // let go (the released value comes with the class's next run, whose redraw ends the mirror). The student's own
  // hand on the sweep comes first (a touch detaches them anyway).
  s.mirror = (i, drop) => {
    if (s.mode === "slider" || s.mode === "drag" || s.mode === "key") return;
    if (drop) {   // the student stopped following: their own picture at once
      if (s.mirroring) { s.mirroring = false; done(); }
      return;
    }
    if (i == null) {
      if (s.mode === "mirror") { s.settle = "drag"; run("wait"); }
      return;
    }
    if (!Number.isInteger(i) || i < 0 || i >= n) return;
    if (s.mode !== "mirror") {
      s.mirroring = true;
      s.committedAtStart = index();
      s.pressAt = performance.now();
      ask();
      run("mirror");
    }
    s.want = i;
    s.since = performance.now();
  };
  const onFocus = (e) => { if (inSlider(e.target)) ask(); };
  const onKey = (e) => {
    if (!inSlider(e.target)) return;
    if (s.mode === "slider" || s.mode === "drag") return;
    s.committedAtStart = s.overlay ? s.committedAtStart : index();
    run("key");
  };
  // A sideways drag across the picture is the sweep's: Plotly must not start its zoom box (or pan) on that press.
  // Plotly's drag layer listens to mousedown; the app's click catchers listen to pointer events, so they still see
  // a click.
  const onMouseDown = (e) => {
    if (!data.drag || e.button !== 0) return;
    const drag = e.target.closest && e.target.closest(".nsewdrag");
    if (drag && drag.closest(".js-plotly-plot") === plot()) e.stopPropagation();
  };
  document.addEventListener("mousedown", onMouseDown, true);
  document.addEventListener("pointerdown", onDown, true);
  document.addEventListener("pointermove", onMove, true);
  document.addEventListener("pointerup", onUp, true);
  document.addEventListener("keydown", onKey, true);
  document.addEventListener("focusin", onFocus, true);
  const signTimer = setInterval(() => { if (!s.overlay) sign(false); }, 500);
  s.destroy = () => {
    s.uninstall();
    release(true);
    s.mode = null;
    clearInterval(signTimer);
    document.removeEventListener("mousedown", onMouseDown, true);
    document.removeEventListener("pointerdown", onDown, true);
    document.removeEventListener("pointermove", onMove, true);
    document.removeEventListener("pointerup", onUp, true);
    document.removeEventListener("keydown", onKey, true);
    document.removeEventListener("focusin", onFocus, true);
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
