// The live sweep's overlay: what it puts into the Plotly chart's SVG in place of the traces that change (a canvas for
// the heatmap's image and, when its scale changes, for the colour bar's fill; a <g> of ours for each changing trace),
// and how it takes all that away again. One part of the sweep's code: ui/sweep.py joins the parts into one module.
const SVG = "http://www.w3.org/2000/svg";

const plot = (s) => document.querySelector(`.st-key-${s.data.chart} .js-plotly-plot`);

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

// A w x h <canvas> filling a <foreignObject> at el's place and size (the caller puts the foreignObject in the SVG).
function canvasAt(el, w, h) {
  const fo = document.createElementNS(SVG, "foreignObject");
  for (const a of ["x", "y", "width", "height"]) fo.setAttribute(a, el.getAttribute(a));
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  Object.assign(canvas.style, { width: "100%", height: "100%", display: "block" });
  fo.appendChild(canvas);
  return canvas;
}

// The colour field: the heatmap's image gives way to a canvas of one pixel per cell (scaled without smoothing, as
// Plotly draws its bricks), and the colour bar's tick labels are kept with their share of the static frame's range.
function installField(gd, ov, f, base) {
  const g = traceGroups(gd, ".heatmaplayer g.hm").get(f.trace) || gd.querySelector(".heatmaplayer g.hm");
  const img = g && g.querySelector("image");
  if (img) {
    const canvas = canvasAt(img, f.nx, f.ny);
    const fo = canvas.parentNode;
    fo.style.opacity = getComputedStyle(img).opacity;
    canvas.style.imageRendering = "pixelated";
    img.parentNode.insertBefore(fo, img);
    ov.hidden.push([img, img.style.visibility, "visibility"]);
    img.style.visibility = "hidden";
    ov.added.push(fo);
    ov.ctx = canvas.getContext("2d");
  }
  if (f.luts.length > 1) {   // the colour bar's own scale changes with the frame: a 1 x 256 canvas over its fill
    const rect = gd.querySelector(".colorbar .cbfills rect.cbfill");
    if (rect) {
      const canvas = canvasAt(rect, 1, 256);
      rect.parentNode.insertBefore(canvas.parentNode, rect.nextSibling);
      ov.added.push(canvas.parentNode);
      ov.barCtx = canvas.getContext("2d");
    }
  }
  const range = f.ranges[base == null ? 0 : base];
  gd.querySelectorAll(".colorbar .cbaxis text").forEach((t) => {
    const v = num(t.textContent);
    if (Number.isFinite(v)) ov.ticks.push([t, t.textContent, (v - range[0]) / ((range[1] - range[0]) || 1)]);
  });
}

// One changing trace: a <g> of ours (a path; bars a second one for the negative ones) at the trace's place in the
// drawing order, the trace's own group hidden.
function installLayer(gd, ov, lay, groups, layer) {
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
      ov.barTop = gd._fullLayout.yaxis.range[1];
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

function install(s, gd) {
  for (const other of Object.values(STORE)) {   // one overlay a chart (sweeps of one slider on two charts coexist)
    if (other !== s && other.overlay && other.data.chart === s.data.chart) other.uninstall();
  }
  const L = gd._fullLayout;
  const ov = { gd, fullData: gd._fullData, xa: L.xaxis, ya: L.yaxis, hidden: [], added: [], ticks: [], layers: [] };
  const base = s.committedAtStart;
  if (s.frames.field) installField(gd, ov, s.frames.field, base);
  const groups = traceGroups(gd, ".scatterlayer > g.trace, .barlayer > g.trace");
  const layer = gd.querySelector(".scatterlayer");
  for (const lay of s.frames.layers) installLayer(gd, ov, lay, groups, layer);
  ov.axis = axisTicks(gd, s.data, base);
  const hover = gd.querySelector(".hoverlayer");   // Plotly's hover labels tell the static picture's numbers
  if (hover) {
    ov.hidden.push([hover, hover.style.display, "display"]);
    hover.style.display = "none";
  }
  s.overlay = ov;
}

function uninstall(s) {
  const ov = s.overlay;
  s.overlay = null;
  s.shown = null;
  if (!ov) return;
  ov.added.forEach((e) => e.remove());
  ov.hidden.forEach(([e, v, prop]) => { e.style[prop] = v; });
  ov.ticks.forEach(([t, text]) => { t.textContent = text; });
  ov.axis.forEach((k) => { k.el.textContent = k.text; k.el.setAttribute("transform", k.transform); });
  (ov.barTicks || []).forEach(([t, text]) => { t.textContent = text; });
  sign(s, false);
  markStale();
}

// While a sweep shows a value the section has not computed yet (a drag under way, or its release not redrawn yet),
// the section's formulas and numbers still tell the old value: the main area gets the class "ks-sweeping", and
// ui.sweep's CSS greys them with a note "release to update".
function markStale() {
  const main = document.querySelector("[data-testid='stMain']");
  const stale = Object.values(STORE).some((o) => o.overlay && o.shown != null && o.shown !== o.committedAtStart);
  if (main && main.classList.contains("ks-sweeping") !== stale) main.classList.toggle("ks-sweeping", stale);
}
