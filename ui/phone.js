// Phones (ui/phone.py): below BREAK px of viewport width, each chart of the main area is laid out for the narrow
// screen after Plotly has drawn it: colour bars turned horizontal under the plot, legends in rows under it, the side
// margins cut to what the tick labels need, and a chart with a fixed aspect (scaleanchor) made as tall as its data's
// aspect asks, so its plotting area takes the whole width instead of a square in the middle of a tall box.
// The server cannot know the width, and the Plotly library is bundled inside Streamlit's chart element (no global):
// the new layout is handed to that element's own update callback (react-plotly's onUpdate, as after any relayout),
// so Streamlit keeps it as the chart's state and redraws with it. A figure the server sends again (a rerun) is
// adapted again; a layout already adapted carries the mark `ksPhone` (Streamlit copies a layout key by key, and
// Plotly keeps a key it does not know), so the adaptation is done once per figure and never loops.
const BREAK = 640;     // px: Streamlit stacks its columns below this width too
const WAIT_MS = 120;
const GAP = 8;         // px between the x axis' labels and the colour bar / legend under it
const BAR = 12;        // px thickness of a horizontal colour bar
const ITEM_GAP = 5;     // px: Plotly's legend itemGap (between entries, and around the legend's entries)
const RETRIES = 60;    // times a chart whose React props are not there yet is tried again, 150 ms apart (~9 s)
const WIDEN = 3;       // times the left margin may grow for tick labels a drawing cut (a tighter y range's ticks)
const TITLE_ROOM = 24;  // px over the plot for a y axis' title read across
const ASPECT = [0.55, 1.35];   // plot height / width kept within, so a map stays on the first screen
const NEAR = 3;       // px between the plot and its tick labels on a chart with two y axes
const KEY_GAP = 14;    // px between the two columns of a chart's key
const KEY_COLUMNS = 2; // at most, so the key reads down its rows (a Gram matrix's two classes side by side)
const LINE = 1.3;      // Plotly's line height in a multi-line annotation, in font sizes
const done = new WeakSet();   // layouts left as they are (not a 2-D chart, or nothing to change)
window.__kernelscopePhone = window.__kernelscopePhone || { adapted: 0 };

const text = (t) => (t && (typeof t === "string" ? t : t.text)) || "";

// A builder's own choices for a phone, in layout.meta.phone (plain data, pages' figure builders): `axes`, axis
// settings merged over the chart's (shorter tick labels: 10⁻³ for 0.001, s3 for a row named "+ GATTACA ✓"), drawn
// once before the phone's margins are measured; `key`, the lines drawn under the plot that say what the shorter
// labels stand for ("s3 + GATTACA ✓").
const own = (L) => (L && L.meta && typeof L.meta === "object" && L.meta.phone) || null;

function withOwnAxes(L, spec) {
  const lay = { ...L, ksPhoneAxes: true };
  for (const [k, v] of Object.entries(spec.axes || {})) lay[k] = { ...(L[k] || {}), ...v };
  return lay;
}

const escaped = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function keyColumns(lines, font, width) {   // a key's lines in two columns when they fit across `width` px, else one
  const ctx = (keyColumns.canvas = keyColumns.canvas || document.createElement("canvas")).getContext("2d");
  ctx.font = `${font.size}px ${font.family}`;
  const w = Math.ceil(Math.max(...lines.map((s) => ctx.measureText(s).width)));
  const n = Math.max(1, Math.min(KEY_COLUMNS, lines.length, Math.floor((width + KEY_GAP) / (w + KEY_GAP))));
  const per = Math.ceil(lines.length / n);
  return { columns: Array.from({ length: Math.ceil(lines.length / per) }, (_, i) => lines.slice(i * per, (i + 1) * per)),
           step: w + KEY_GAP, height: Math.ceil(per * font.size * LINE) + 6 };
}

function updater(gd) {   // react-plotly's onUpdate of the chart element that owns this graph div
  const key = Object.keys(gd).find((k) => k.startsWith("__reactFiber$"));
  for (let f = key && gd[key], hops = 0; f && hops < 8; f = f.return, hops++) {
    const p = f.memoizedProps;
    if (p && typeof p.onUpdate === "function" && p.layout) return p.onUpdate;
  }
  return null;
}

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

// The layout for a phone, from the drawn chart; null when the chart is not a cartesian 2-D one or needs no change.
function phoneLayout(gd) {
  const L = gd.layout, FL = gd._fullLayout;
  if (!FL || !FL.xaxis || !FL.yaxis || FL._has("gl3d") || FL._has("polar")) return null;
  const yAxes = Object.keys(FL).filter((k) => /^yaxis\d*$/.test(k));
  if (yAxes.some((k) => FL[k].side === "right" && FL[k].visible !== false && !FL[k].overlaying)) return null;
  const barred = bars(gd._fullData);
  const legendShown = FL.showlegend && gd.querySelector(".legend .traces");
  const legendOut = legendShown;   // beside the plot, under it or over its data: in rows under it
  const W = FL.width;
  const square = yAxes.some((k) => FL[k].scaleanchor) || Object.keys(FL).some((k) => /^xaxis\d*$/.test(k) && FL[k].scaleanchor);
  // One plot's y axes (the left one, and any drawn over it on the right, as the eigen map's error): each title goes
  // over its tick labels' column, read across (as phone charts do), the left one from the left edge and a right one
  // to the right edge, under a chart title if there is one (the top margin grows by its line), so the plot takes
  // their width (about 18 px each). A right axis keeps the room its tick labels need.
  const one = yAxes.every((k) => k === "yaxis" || (FL[k].overlaying && FL[k].side === "right"));
  const yTitle = one ? text(L.yaxis && L.yaxis.title) : "";
  const rightTitles = one ? yAxes.filter((k) => k !== "yaxis" && FL[k].visible !== false && text(L[k] && L[k].title)) : [];
  const across = !!yTitle || rightTitles.length > 0;
  const chartTitle = text(FL.title).replace(/<[^>]*>/g, "").trim();
  const t = across ? (chartTitle ? FL.margin.t + TITLE_ROOM : Math.max(FL.margin.t, TITLE_ROOM)) : FL.margin.t;
  // Two y axes pay twice for a column of tick labels: both columns come NEAR px from the plot (Plotly leaves 9).
  const onRight = rightLabels(gd);
  const closer = onRight ? Math.max(0, Math.floor(leftGap(gd) - NEAR)) : 0;   // (a standoff is a whole px)
  const l = Math.max(depthLeft(gd, !yTitle) + 4 - closer, 10);
  const r = onRight ? onRight.width + NEAR + 3 : 8;
  const plotW = W - l - r;
  const below = depthBelow(gd, FL.yaxis._offset + FL.yaxis._length) + GAP;
  const titled = barred.some(([tr]) => text(((tr.marker && tr.marker.colorbar) || tr.colorbar || {}).title));
  const barH = barred.length ? BAR + 24 + (titled ? 28 : 0) : 0;   // the bar, its tick labels, its title over it
  const legendH = legendOut ? legendHeight(gd, plotW) : 0;
  const spec = own(L), tickFont = FL.yaxis.tickfont || {};
  const key = spec && Array.isArray(spec.key) && spec.key.length ? keyColumns(spec.key.map(String), tickFont, W - 8) : null;
  const keyH = key ? key.height + GAP : 0;
  const b = Math.max(below + barH + legendH + keyH, FL.margin.b && !barH && !legendH && !keyH ? FL.margin.b : 0);
  let plotH = FL.yaxis._length, yRange = null, asked = null;
  if (square) {   // the data's own aspect: a y range Plotly would widen to fill a tall box shrinks back to the data
    const x = L.xaxis && L.xaxis.range, y = L.yaxis && L.yaxis.range;
    const ext = yExtent(gd._fullData);
    if (y && ext && FL.yaxis.constrain !== "domain" && Math.abs(y[1] - y[0]) > 1.2 * (ext[1] - ext[0])) {
      const pad = 0.02 * (ext[1] - ext[0]);
      yRange = y[0] <= y[1] ? [ext[0] - pad, ext[1] + pad] : [ext[1] + pad, ext[0] - pad];
    }
    const yy = yRange || y;
    asked = yy ? [...yy] : null;
    const ratio = x && yy ? Math.abs((yy[1] - yy[0]) / (x[1] - x[0])) * (FL.yaxis.scaleratio || 1) : 1;
    plotH = Math.round(plotW * Math.min(Math.max(ratio, ASPECT[0]), ASPECT[1]));
  }
  const height = Math.round(t + plotH + b);
  // The margins exactly as computed (no automatic growth), so the plot's height is known and the colour bar and the
  // legend can be placed under the x axis' labels in plot heights (paper coordinates): the colour bar, then the legend.
  // (ksHeight: the height it was given; Streamlit writes the element's height, still the old one, into the layout's
  // until it has measured the element again)
  const lay = { ...L, ksPhone: true, height, ksHeight: height, margin: { ...(L.margin || {}), l, r, t, b, autoexpand: false } };
  // the y axes' titles close to their tick labels (Plotly's default stand-off is 10 px or more)
  for (const k of yAxes) {
    const ax = L[k] || {};
    if (ax.title && (typeof ax.title === "string" || ax.title.text)) {
      const title = typeof ax.title === "string" ? { text: ax.title } : ax.title;
      lay[k] = { ...ax, title: { ...title, standoff: 2 } };
    }
  }
  const mine = [];   // the annotations this adds (named, so a layout adapted again does not get them twice)
  const fontOf = (f) => ({ size: f.size, color: f.color, family: f.family });
  if (yTitle) {   // the title's text stays on the axis for screen readers (ksTitle, ui/accessibility.js)
    lay.yaxis = { ...(L.yaxis || {}), title: { text: "" }, ksTitle: yTitle };
    mine.push({ name: "ksYTitle", text: yTitle, xref: "paper", yref: "paper", x: 0, y: 1, xanchor: "left",
                yanchor: "bottom", xshift: 4 - l, yshift: 2, showarrow: false,
                font: fontOf((FL.yaxis.title && FL.yaxis.title.font) || {}) });
  }
  for (const k of rightTitles) {
    const title = text(L[k].title);
    lay[k] = { ...(lay[k] || L[k]), title: { text: "" }, ksTitle: title };
    mine.push({ name: "ksYTitle", text: title, xref: "paper", yref: "paper", x: 1, y: 1, xanchor: "right",
                yanchor: "bottom", xshift: r - 4, yshift: 2, showarrow: false,
                font: fontOf((FL[k].title && FL[k].title.font) || {}) });
  }
  if (onRight) {
    for (const k of yAxes) {
      const nearer = k === "yaxis" ? closer : Math.max(0, Math.floor(onRight.gap - NEAR));
      lay[k] = { ...(lay[k] || L[k]), ticklabelstandoff: (FL[k].ticklabelstandoff || 0) - nearer };
    }
  }
  if (key) {   // under the plot, its colour bar and its legend, from the chart's left edge, in the tick labels' type
    key.columns.forEach((lines, i) => mine.push({
      name: "ksKey", text: lines.map(escaped).join("<br>"), xref: "paper", yref: "paper", x: 0, xanchor: "left",
      xshift: 4 - l + i * key.step, y: -(below + barH + legendH + GAP / 2) / plotH, yanchor: "top", align: "left",
      showarrow: false, font: fontOf(tickFont) }));
  }
  if (mine.length) {
    lay.annotations = [...(L.annotations || []).filter((a) => a.name !== "ksYTitle" && a.name !== "ksKey"), ...mine];
  }
  // The y axis keeps the asked range and gives up a few px of height when the box is taller than the data (Plotly
  // would widen the y range, write it back, and narrow the x axis to it once a wider left margin takes width).
  if (asked) lay.yaxis = { ...(lay.yaxis || L.yaxis), range: asked, constrain: "domain" };
  if (legendOut) {
    lay.legend = { ...(L.legend || {}), orientation: "h", x: 0, xanchor: "left", xref: "paper",
                   y: -(below + barH) / plotH, yanchor: "top", yref: "paper" };
    lay.ksLegendH = legendH;   // px it was given (widen: a narrower plot may need more)
  }
  const same = Math.abs(height - FL.height) <= 2 && Math.abs(l - FL.margin.l) <= 2 && Math.abs(r - FL.margin.r) <= 2
    && Math.abs(b - FL.margin.b) <= 2 && !legendOut && !across && !key && barred.every(([tr]) => tr.colorbar && tr.colorbar.orientation === "h");
  if (same) return null;
  const data = gd.data.map((tr, i) => {
    if (!barred.some(([, j]) => j === i)) return tr;
    const holder = tr.colorbar || !(tr.marker && tr.marker.showscale) ? "colorbar" : "marker";
    const cb = { ...((holder === "colorbar" ? tr.colorbar : tr.marker.colorbar) || {}) };
    const bar = { ...cb, orientation: "h", x: 0.5, xanchor: "center", xref: "paper", len: 1, lenmode: "fraction",
                  y: -below / plotH, yanchor: "top", yref: "paper", thickness: BAR, ypad: 0, xpad: 0,
                  title: { ...(cb.title || {}), side: "top" } };
    // a new uid: Plotly draws the bar afresh (redrawn in place, a bar turned horizontal kept its vertical tick labels
    // and title, and stood a plot height too low)
    const uid = `${gd._fullData[i].uid}-phone`;
    return holder === "colorbar" ? { ...tr, uid, colorbar: bar } : { ...tr, uid, marker: { ...tr.marker, colorbar: bar } };
  });
  return { data, layout: lay, sizes: { height, plotW, plotH, l, r, t, b, below, barH, legendH, keyH } };
}

const framesOf = (gd) => (gd._transitionData && gd._transitionData._frames) || [];   // kept through an update

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

// Streamlit sizes the chart to its element's measured height once drawn: the element takes a new height too, and so do
// the frame and the element around it (Streamlit gives them the figure's height, the element as its flex basis too,
// and the element scrolls what overflows it: a taller chart's colour bar was hidden in it).
function holdHeight(gd, height) {
  for (const box of ["stPlotlyChart", "stFullScreenFrame", "stElementContainer"].map((id) => gd.closest(`[data-testid="${id}"]`))) {
    if (box) { box.style.height = `${height}px`; box.style.flexBasis = `${height}px`; }
  }
}

// After each drawing of an adapted layout (at most WIDEN times): room for cut tick labels. The plot is narrower by
// what the left margin grows, so a legend under it may take more rows: the chart grows under it by as many px.
function widen(gd) {
  const cut = cutLeft(gd), update = cut > 0 && updater(gd);
  if (!update) return;
  const L = gd.layout, FL = gd._fullLayout;
  const margin = { ...L.margin, l: L.margin.l + cut + 2 };
  const legendH = L.ksLegendH ? legendHeight(gd, FL.width - margin.l - margin.r) : 0;
  const more = legendH ? legendH - L.ksLegendH : 0, plotH = L.ksHeight - L.margin.t - L.margin.b;
  margin.b += more;
  const annotations = (L.annotations || []).map((a) => (a.name === "ksKey" ? { ...a, xshift: a.xshift - cut - 2, y: a.y - more / plotH }
    : a.name === "ksYTitle" && a.xanchor === "left" ? { ...a, xshift: 4 - margin.l } : a));
  const lay = { ...L, margin, annotations, ksPhoneFit: (L.ksPhoneFit || 0) + 1, height: L.ksHeight + more,
                ksHeight: L.ksHeight + more, ksLegendH: legendH || L.ksLegendH };
  if (more) holdHeight(gd, lay.height);
  update({ data: gd.data, layout: lay, frames: framesOf(gd) });
}

function adapt(gd) {
  if (window.innerWidth >= BREAK || !gd._fullLayout || !gd.layout || done.has(gd.layout)) return;
  if (gd.layout.ksPhone) { if ((gd.layout.ksPhoneFit || 0) < WIDEN) widen(gd); return; }
  const spec = own(gd.layout);
  const first = !!(spec && spec.axes) && !gd.layout.ksPhoneAxes;   // the builder's own axes, not drawn yet
  const next = first ? null : phoneLayout(gd);
  if (!first && !next) { done.add(gd.layout); gd.dataset.phone = "as-is"; return; }
  const update = updater(gd);
  if (!update) {   // React has not given the chart its props yet (a busy page): try again, up to ~9 s, then leave it
    gd.ksPhoneTries = (gd.ksPhoneTries || 0) + 1;
    if (gd.ksPhoneTries <= RETRIES) setTimeout(() => adapt(gd), 150);
    else { done.add(gd.layout); gd.dataset.phone = "as-is"; }
    return;
  }
  gd.ksPhoneTries = 0;
  if (first) {   // first the builder's own axes for a phone (shorter tick labels), drawn, so the margins measure them
    update({ data: gd.data, layout: withOwnAxes(gd.layout, spec), frames: framesOf(gd) });
    return;
  }
  gd.dataset.phone = JSON.stringify(next.sizes);   // what it was laid out as (the browser tests read it)
  window.__kernelscopePhone.adapted += 1;
  gd.querySelectorAll(".ks-sweep-sign").forEach((e) => e.remove());   // ui/sweep.js puts it back, at the new place
  holdHeight(gd, next.layout.height);
  update({ data: next.data, layout: next.layout, frames: framesOf(gd) });
}

// The sidebar is a phone's menu of sections: once a section is chosen in it, it closes (Streamlit leaves it open over
// most of the page). One listener for the page's life, whatever the reruns.
function closeMenuOnChoice() {
  if (window.__kernelscopePhone.menu) return;
  window.__kernelscopePhone.menu = true;
  document.addEventListener("click", (e) => {
    const link = e.target instanceof Element && e.target.closest('[data-testid="stSidebarNav"] a[href]');
    if (!link || window.innerWidth >= BREAK) return;
    setTimeout(() => {
      const side = document.querySelector('[data-testid="stSidebar"]');
      const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
      if (side && side.dataset.collapsed === "false" && close) close.click();
    }, 0);
  }, true);
}

export default function (component) {
  const { data } = component;
  if (!(data && data.enabled)) return undefined;
  closeMenuOnChoice();
  let timer = null;
  const hooked = new WeakSet();
  const all = () => {
    timer = null;
    if (window.innerWidth < BREAK) formulas();
    document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot').forEach((gd) => {
      if (!hooked.has(gd) && typeof gd.on === "function") {
        hooked.add(gd);
        gd.on("plotly_afterplot", () => setTimeout(() => adapt(gd), 0));
      }
      adapt(gd);
    });
  };
  const later = () => { if (!timer) timer = setTimeout(all, WAIT_MS); };
  // A formula's box that changes width with the phone's layout (columns made one, a chart resized) is fitted again by
  // ui/accessibility.js, which listens to the window's resize: scaled, or made a focusable scroll region.
  const boxes = new ResizeObserver(() => { window.dispatchEvent(new Event("resize")); });
  const seen = new WeakSet();
  const formulas = () => document.querySelectorAll(".katex-display").forEach((e) => {
    if (!seen.has(e)) { seen.add(e); boxes.observe(e); }
  });
  const main = document.querySelector('[data-testid="stMain"]') || document.body;
  const watch = new MutationObserver((records) => {
    if (records.some((r) => [...r.addedNodes].some((n) => n.nodeType === 1 && !(n.closest && n.closest(".js-plotly-plot"))))) later();
  });
  watch.observe(main, { childList: true, subtree: true });
  window.addEventListener("resize", later);
  later();
  window.__kernelscopePhone.ready = true;
  return () => {
    watch.disconnect();
    boxes.disconnect();
    window.removeEventListener("resize", later);
    if (timer) clearTimeout(timer);
  };
}
