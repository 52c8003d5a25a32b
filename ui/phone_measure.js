// What a drawn chart measures, for its phone layout (ui/phone_layout.js) and the drawings after it (ui/phone.js): its
// colour bars, the px its tick labels and axis titles take around the plot, the height a legend under it takes. One
// part of the phone's code: ui/phone.py joins the parts into one module.
const ITEM_GAP = 5;     // px: Plotly's legend itemGap (between entries, and around the legend's entries)

const bars = (data) => data.map((t, i) => [t, i]).filter(([t]) =>
  ((t.type === "heatmap" || t.type === "contour" || t.type === "histogram2d") && t.showscale !== false) ||
  (t.marker && t.marker.showscale));

function yExtent(data) {   // [min, max] of the y values drawn by the traces (a heatmap's rows, the points)
  let lo = Infinity, hi = -Infinity;
  for (const t of data) {
    if (t.visible === false || !t.y || !t.y.length) continue;
    for (const v of t.y) if (typeof v === "number" && Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  }
  return hi > lo ? [lo, hi] : null;
}

function depthBelow(gd, bottom) {   // px the x axes' tick labels and titles reach under the plot's bottom edge
  const top = gd.getBoundingClientRect().top;
  let reach = 0;
  gd.querySelectorAll(".xtick text, .g-xtitle text, .g-x2title text").forEach((t) => {
    const r = t.getBoundingClientRect();
    if (r.height) reach = Math.max(reach, r.bottom - top - bottom);
  });
  return Math.ceil(reach);
}

// px the annotations a builder hung under the plot (placed at the bottom edge of the chart's paper or of a y axis'
// domain, or under it: a matrix's name under the matrix) reach under the plot's bottom once it is `plotH` px tall, a y
// axis' domain ending `band` px above it: their drawn depth under their anchor, and the anchor's depth under the edge
// in that height (at most). (The phone's own, its key and the y titles read across, are placed after this.)
function depthHung(gd, plotH, band = 0) {
  const FL = gd._fullLayout, top = gd.getBoundingClientRect().top, size = FL._size;
  let reach = 0;
  gd.querySelectorAll(".annotation[data-index]").forEach((g) => {
    const a = (FL.annotations || [])[Number(g.getAttribute("data-index"))];
    const domain = a && /^y\d* domain$/.test(a.yref) && FL[`yaxis${a.yref.slice(1, -7)}`];
    if (!a || a.name === "ksKey" || a.name === "ksYTitle" || !(a.yref === "paper" || domain) || !(a.y <= 0)) return;
    const r = g.getBoundingClientRect();
    if (!r.height) return;
    const anchor = domain ? domain._offset + (1 - a.y) * domain._length : size.t + (1 - a.y) * size.h;
    reach = Math.max(reach, r.bottom - top - anchor - a.y * plotH - (domain ? band : 0));
  });
  return Math.ceil(reach);
}

function rightLabels(gd) {   // px between the plot area and a right y axis' tick labels, and px those labels take
  const FL = gd._fullLayout, left = gd.getBoundingClientRect().left;
  const plotRight = Math.max(...Object.keys(FL).filter((k) => /^xaxis\d*$/.test(k)).map((k) => FL[k]._offset + FL[k]._length));
  let near = Infinity, far = 0;
  gd.querySelectorAll('g[class$="tick"] > text').forEach((t) => {
    if (!/^y\d*tick$/.test(t.parentNode.getAttribute("class"))) return;   // ytick, y2tick: no colour bar's ycb…tick
    const r = t.getBoundingClientRect();
    if (r.width && r.left - left >= plotRight - 2) { near = Math.min(near, r.left - left); far = Math.max(far, r.right - left); }
  });
  return far ? { gap: near - plotRight, width: Math.ceil(far - near) } : null;
}

function leftGap(gd) {   // px between the plot area and the y tick labels left of it
  const FL = gd._fullLayout, left = gd.getBoundingClientRect().left;
  let near = -Infinity;
  gd.querySelectorAll(".ytick text").forEach((t) => {
    const r = t.getBoundingClientRect();
    if (r.width && r.right - left <= FL.xaxis._offset + 2) near = Math.max(near, r.right - left);
  });
  return Number.isFinite(near) ? FL.xaxis._offset - near : 0;
}

function depthLeft(gd, titled = true) {   // px left of the plot area for the y tick labels, a 2 px stand-off and the title
  const FL = gd._fullLayout, left = gd.getBoundingClientRect().left;
  const plotLeft = Math.min(...Object.keys(FL).filter((k) => /^xaxis\d*$/.test(k)).map((k) => FL[k]._offset));
  const reach = (sel) => {
    let most = 0;
    gd.querySelectorAll(sel).forEach((t) => {
      const r = t.getBoundingClientRect();
      if (r.width && r.right - left <= plotLeft + 2) most = Math.max(most, plotLeft - (r.left - left));
    });
    return Math.ceil(most);
  };
  const ticks = reach(".ytick text");
  let title = 0;
  gd.querySelectorAll(".g-ytitle text").forEach((t) => { title = Math.max(title, Math.ceil(t.getBoundingClientRect().width)); });
  return ticks + (title && titled ? 2 + title : 0);
}

// px of the y tick labels cut at the chart's left edge once drawn with the phone's margins: a y range made tighter
// has other ticks (−1.5 where −2 was), wider than the ones measured before.
function cutLeft(gd) {
  const left = gd.getBoundingClientRect().left;
  let most = 0;
  gd.querySelectorAll(".ytick text").forEach((t) => {
    const r = t.getBoundingClientRect();
    if (r.width) most = Math.max(most, left - r.left);
  });
  return Math.ceil(most);
}

// px a horizontal legend of the drawn entries takes when its plot is `width` px wide, laid out as Plotly does
// (src/components/legend/draw.js, computeLegendDimensions) from the size Plotly measured for each entry (its datum):
// entries in one row when all fit, else in columns as wide as the widest entry (/svm-hinge-loss: 8 rows of one), and a
// grouped legend (a legendgroup makes it so) a row of groups, each its entries stacked, rows tracegroupgap apart.
function legendHeight(gd, width) {
  const lg = gd._fullLayout.legend, bw = lg.borderwidth || 0;
  const symbol = (lg.indentation || 0) + (lg.itemwidth || 30) + 2 * ITEM_GAP;
  const size = (e) => { const d = e.__data__ && e.__data__[0];
    return d ? [(d.trace && d.trace.legendwidth) || d.width + symbol, d.height] : [symbol, 0]; };
  const maxW = Math.max(width, 2 * symbol), pad = 2 * (bw + ITEM_GAP);
  if ((lg.traceorder || "").includes("grouped")) {
    let x = 0, top = 0, rowH = 0;
    gd.querySelectorAll(".legend .groups").forEach((g) => {
      const entries = [...g.querySelectorAll(".traces")].map(size);
      if (!entries.length) return;
      const w = Math.max(...entries.map(([ew]) => ew)) + ITEM_GAP, h = entries.reduce((a, [, eh]) => a + eh, 0);
      if (x > 0 && w + bw + x > maxW) { top += rowH + (lg.tracegroupgap || 0); rowH = h; x = 0; } else rowH = Math.max(rowH, h);
      x += w;
    });
    return Math.ceil(top + rowH + pad);
  }
  const entries = [...gd.querySelectorAll(".legend .traces")].map(size);
  if (!entries.length) return 0;
  const total = entries.reduce((a, [w]) => a + w, 0) + 2 * bw + (entries.length - 1) * ITEM_GAP;
  if (total < maxW) return Math.ceil(Math.max(...entries.map(([, h]) => h)) + pad);
  const column = Math.max(...entries.map(([w]) => w));
  let x = 0, top = 0, rowH = 0;
  for (const [, h] of entries) {
    if (column + bw + x >= maxW) { top += rowH; rowH = 0; x = 0; }
    x += column + ITEM_GAP;
    rowH = Math.max(rowH, h);
  }
  return Math.ceil(top + rowH + pad);
}
