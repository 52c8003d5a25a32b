// The live sweep's drawing: frame i into the overlay (the colour field and colour bar, level lines and fills, bars,
// markers, the relabelled axes), and the sign over the chart. One part of the sweep's code: ui/sweep.py joins the
// parts into one module.
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

function drawAxisTicks(ov, data, i) {
  const now = data.ticks && data.ticks.frames[i];
  if (!now || now.length !== ov.axis.length) return;
  ov.axis.forEach((k, j) => {
    k.el.textContent = now[j][1];
    k.el.setAttribute("transform", `translate(${k.x},${k.y + ov.ya.c2p(now[j][0]) - ov.ya.c2p(k.at)})`);
  });
}

// Frame i's colour field (its image made once, from its bytes through its colour table), its colour bar's fill when
// the scale changes, and the colour bar's tick labels for the frame's range.
function drawField(ov, f, i) {
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

function linePath(lay, rows, xa, ya, parts) {   // fill: each NaN-separated piece a closed, filled polygon
  let pen = "M";
  const close = lay.kind === "fill" ? "Z" : "";
  for (let k = 0; k < rows.length; k += 2) {
    if (Number.isNaN(rows[k])) { if (pen === "L") parts.push(close); pen = "M"; continue; }
    parts.push(`${pen}${xa.c2p(rows[k]).toFixed(1)},${ya.c2p(rows[k + 1]).toFixed(1)}`);
    pen = "L";
  }
  if (pen === "L") parts.push(close);
}

// (x, y) rows: a bar from 0 to y (to |y|: style.magnitude), style.width wide
function barsPath(ov, lay, neg, rows, i, parts) {
  const { xa, ya } = ov;
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
}

function draw(s, i) {
  const ov = s.overlay;
  const f = s.frames.field;
  if (f && ov.ctx) drawField(ov, f, i);
  const { xa, ya } = ov;
  for (const { lay, path, neg } of ov.layers) {
    const w = lay.kind === "markers" ? 3 : 2;
    const rows = lay.rows.subarray(lay.offsets[i] * w, lay.offsets[i + 1] * w);
    const parts = [];
    if (lay.kind === "lines" || lay.kind === "fill") {
      linePath(lay, rows, xa, ya, parts);
    } else if (lay.kind === "bars") {
      barsPath(ov, lay, neg, rows, i, parts);
    } else {
      for (let k = 0; k < rows.length; k += 3) {
        parts.push(symbolPath(lay.style.symbol || "circle", xa.c2p(rows[k]), ya.c2p(rows[k + 1]), rows[k + 2] / 2));
      }
    }
    path.setAttribute("d", parts.join(""));
  }
  drawAxisTicks(ov, s.data, i);
  sign(s, true, i);
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

// The sign's element, made once a chart: legible on a projector (15-22 px, growing with the plot's width: 18 px on a
// 1280x720 presentation map) and off the data: by default just above the plot area's top right corner (in the
// margin, or the gap above the chart), data.sign "bottom": inside its bottom right corner.
function signBox(box, L, data) {
  const el = document.createElement("div");
  el.className = "ks-sweep-sign";
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
  return el;
}

function sign(s, active, i) {
  const data = s.data;
  const gd = plot(s);
  const box = gd && gd.querySelector(".svg-container");
  if (!box || !gd._fullLayout) return;
  const el = box.querySelector(":scope > .ks-sweep-sign") || signBox(box, gd._fullLayout, data);
  if (active) {
    el.dataset.owner = data.slider;
    el.textContent = `\u27F7 ${data.label} = ${data.labels[i]}`;
  } else if (!el.dataset.owner || el.dataset.owner === data.slider) {
    delete el.dataset.owner;
    el.textContent = idleSign(data.chart);
  }
}
