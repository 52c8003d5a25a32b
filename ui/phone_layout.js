// A drawn chart's layout for a phone (ui/phone.js draws it): colour bars turned horizontal under the plot, legends in
// rows under it, the side margins cut to what the tick labels need, the y axes' titles read across the top, and a
// chart with a fixed aspect (scaleanchor) made as tall as its data's aspect asks, so its plotting area takes the whole
// width instead of a square in the middle of a tall box. One part of the phone's code: ui/phone.py joins the parts
// into one module.
const GAP = 8;         // px between the x axis' labels and the colour bar / legend under it
const BAR = 12;        // px thickness of a horizontal colour bar
const TITLE_ROOM = 24;  // px over the plot for a y axis' title read across
const TITLE_GAP = 2;    // px at least between a chart's title and the y axes' titles read across under it
const ASPECT = [0.55, 1.35];   // plot height / width kept within, so a map stays on the first screen
const NEAR = 3;       // px between the plot and its tick labels on a chart with two y axes
const KEY_GAP = 14;    // px between the two columns of a chart's key
const KEY_COLUMNS = 2; // at most, so the key reads down its rows (a Gram matrix's two classes side by side)
const LINE = 1.3;      // Plotly's line height in a multi-line annotation, in font sizes

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

// One plot's y axes (the left one, and any drawn over it on the right, as the eigen map's error): each title goes
// over its tick labels' column, read across (as phone charts do), the left one from the left edge and a right one
// to the right edge, under a chart title if there is one (the top margin grows by TITLE_ROOM, and more if the title's
// lines, wrapped, would come within TITLE_GAP px of them), so the plot takes their width (about 18 px each). A right
// axis keeps the room its tick labels need.
function acrossTitles(L, FL, yAxes) {
  const one = yAxes.every((k) => k === "yaxis" || (FL[k].overlaying && FL[k].side === "right"));
  const yTitle = one ? text(L.yaxis && L.yaxis.title) : "";
  const rightTitles = one ? yAxes.filter((k) => k !== "yaxis" && FL[k].visible !== false && text(L[k] && L[k].title)) : [];
  return { yTitle, rightTitles, across: !!yTitle || rightTitles.length > 0 };
}

// A fixed-aspect chart's plot height for `plotW` px of width: the data's own aspect (a y range Plotly would widen to
// fill a tall box shrinks back to the data), the y range it asks for, and the px between the plot's bottom and its y
// axis' when that axis is constrained to its domain and flatter than ASPECT allows (Plotly shrinks the domain toward
// its constraintoward: /mercer-approx's three matrices, 3 : 1, in the middle of a box 0.55 as tall as wide).
function squareFit(gd, plotW) {
  const L = gd.layout, FL = gd._fullLayout;
  const x = L.xaxis && L.xaxis.range, y = L.yaxis && L.yaxis.range;
  const ext = yExtent(gd._fullData);
  let yRange = null;
  if (y && ext && FL.yaxis.constrain !== "domain" && Math.abs(y[1] - y[0]) > 1.2 * (ext[1] - ext[0])) {
    const pad = 0.02 * (ext[1] - ext[0]);
    yRange = y[0] <= y[1] ? [ext[0] - pad, ext[1] + pad] : [ext[1] + pad, ext[0] - pad];
  }
  const yy = yRange || y;
  const asked = yy ? [...yy] : null;
  const ratio = x && yy ? Math.abs((yy[1] - yy[0]) / (x[1] - x[0])) * (FL.yaxis.scaleratio || 1) : 1;
  const plotH = Math.round(plotW * Math.min(Math.max(ratio, ASPECT[0]), ASPECT[1]));
  const toward = { bottom: 0, top: 1 }[FL.yaxis.constraintoward] ?? 0.5;
  const band = FL.yaxis.constrain === "domain" ? Math.floor(Math.max(0, plotH - plotW * ratio) * toward) : 0;
  return { plotH, asked, band };
}

// The px of the phone layout, from the drawn chart (m: its measures and sizes); null when it is not a cartesian 2-D
// chart or has a y axis of its own on the right.
function phoneSizes(gd) {
  const L = gd.layout, FL = gd._fullLayout;
  if (!FL || !FL.xaxis || !FL.yaxis || FL._has("gl3d") || FL._has("polar")) return null;
  const yAxes = Object.keys(FL).filter((k) => /^yaxis\d*$/.test(k));
  if (yAxes.some((k) => FL[k].side === "right" && FL[k].visible !== false && !FL[k].overlaying)) return null;
  const barred = bars(gd._fullData);
  const legendOut = FL.showlegend && gd.querySelector(".legend .traces");   // beside, under or over the plot: rows under it
  const W = FL.width;
  const square = yAxes.some((k) => FL[k].scaleanchor) || Object.keys(FL).some((k) => /^xaxis\d*$/.test(k) && FL[k].scaleanchor);
  const titles = acrossTitles(L, FL, yAxes);
  const chartTitle = text(FL.title).replace(/<[^>]*>/g, "").trim();
  const wrap = wrappedTitle(gd);   // a title wider than the chart in lines, the top margin a line taller for each added
  const room = wrap ? wrap.room : 0;
  // Plotly centres a title's first line in the top margin (title.y "auto"): each px the margin grows takes the title
  // half a px down, and the lines added by wrapping it hang under the first (/mercer-approx's error curve: its second
  // line on the y title, when the margin grew by TITLE_ROOM and the added lines only)
  const drawn = titles.across && chartTitle && FL.title.y === "auto" ? titleBottom(gd) : null;
  const clear = drawn === null ? 0 : 2 * (drawn + room + TITLE_GAP + TITLE_ROOM) - FL._size.t;
  const t = !titles.across ? FL.margin.t + room
    : chartTitle ? Math.max(FL.margin.t + TITLE_ROOM + room, clear)
    : Math.max(FL.margin.t, TITLE_ROOM) + room;
  // Two y axes pay twice for a column of tick labels: both columns come NEAR px from the plot (Plotly leaves 9).
  const onRight = rightLabels(gd);
  const closer = onRight ? Math.max(0, Math.floor(leftGap(gd) - NEAR)) : 0;   // (a standoff is a whole px)
  const l = Math.max(depthLeft(gd, !titles.yTitle) + 4 - closer, 10);
  const r = onRight ? onRight.width + NEAR + 3 : 8;
  const plotW = W - l - r;
  const { plotH, asked, band } = square ? squareFit(gd, plotW) : { plotH: FL.yaxis._length, asked: null, band: 0 };
  // under the x axis' labels and title, and under the words a builder hung under the plot (a matrix's name), from the
  // plot's bottom (the y axis' is `band` px above it)
  const below = Math.max(depthBelow(gd, FL.yaxis._offset + FL.yaxis._length) - band, depthHung(gd, plotH, band), 0)
    + GAP;
  const titled = barred.some(([tr]) => text(((tr.marker && tr.marker.colorbar) || tr.colorbar || {}).title));
  const barH = barred.length ? BAR + 24 + (titled ? 28 : 0) : 0;   // the bar, its tick labels, its title over it
  const legendH = legendOut ? legendHeight(gd, plotW) : 0;
  const spec = own(L), tickFont = FL.yaxis.tickfont || {};
  const key = spec && Array.isArray(spec.key) && spec.key.length ? keyColumns(spec.key.map(String), tickFont, W - 8) : null;
  const keyH = key ? key.height + GAP : 0;
  const b = Math.max(below + barH + legendH + keyH, FL.margin.b && !barH && !legendH && !keyH ? FL.margin.b : 0);
  const height = Math.round(t + plotH + b);
  return { yAxes, barred, legendOut, ...titles, wrap, onRight, closer, tickFont, key, asked,
           sizes: { height, plotW, plotH, l, r, t, b, below, barH, legendH, keyH } };
}

// The annotations the phone layout adds (named, so a layout adapted again does not get them twice): the y axes'
// titles read across the top, the key under the plot, its colour bar and its legend; and the axes that lose their
// titles to them (the title's text stays on the axis for screen readers: ksTitle, ui/accessibility.js).
function ownAnnotations(L, FL, m, lay) {
  const { l, r, plotH, below, barH, legendH } = m.sizes;
  const mine = [];
  const fontOf = (f) => ({ size: f.size, color: f.color, family: f.family });
  if (m.yTitle) {
    lay.yaxis = { ...(L.yaxis || {}), title: { text: "" }, ksTitle: m.yTitle };
    mine.push({ name: "ksYTitle", text: m.yTitle, xref: "paper", yref: "paper", x: 0, y: 1, xanchor: "left",
                yanchor: "bottom", xshift: 4 - l, yshift: 2, showarrow: false,
                font: fontOf((FL.yaxis.title && FL.yaxis.title.font) || {}) });
  }
  for (const k of m.rightTitles) {
    const title = text(L[k].title);
    lay[k] = { ...(lay[k] || L[k]), title: { text: "" }, ksTitle: title };
    mine.push({ name: "ksYTitle", text: title, xref: "paper", yref: "paper", x: 1, y: 1, xanchor: "right",
                yanchor: "bottom", xshift: r - 4, yshift: 2, showarrow: false,
                font: fontOf((FL[k].title && FL[k].title.font) || {}) });
  }
  if (m.onRight) {
    for (const k of m.yAxes) {
      const nearer = k === "yaxis" ? m.closer : Math.max(0, Math.floor(m.onRight.gap - NEAR));
      lay[k] = { ...(lay[k] || L[k]), ticklabelstandoff: (FL[k].ticklabelstandoff || 0) - nearer };
    }
  }
  if (m.key) {   // under the plot, its colour bar and its legend, from the chart's left edge, in the tick labels' type
    m.key.columns.forEach((lines, i) => mine.push({
      name: "ksKey", text: lines.map(escaped).join("<br>"), xref: "paper", yref: "paper", x: 0, xanchor: "left",
      xshift: 4 - l + i * m.key.step, y: -(below + barH + legendH + GAP / 2) / plotH, yanchor: "top", align: "left",
      showarrow: false, font: fontOf(m.tickFont) }));
  }
  if (mine.length) {
    lay.annotations = [...(L.annotations || []).filter((a) => a.name !== "ksYTitle" && a.name !== "ksKey"), ...mine];
  }
}

// The traces with their colour bars laid horizontal under the plot, `below` px under it.
function barsUnder(gd, barred, below, plotH) {
  return gd.data.map((tr, i) => {
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
}

// The layout for a phone, from the drawn chart; null when it needs no change (a chart other than a cartesian 2-D one:
// its title wrapped, if it is too long, and nothing else).
function phoneLayout(gd) {
  const L = gd.layout, FL = gd._fullLayout;
  const m = phoneSizes(gd);
  if (!m) return wrappedOnly(gd);
  const { height, plotH, l, r, t, b, below, barH, legendH } = m.sizes;
  // The margins exactly as computed (no automatic growth), so the plot's height is known and the colour bar and the
  // legend can be placed under the x axis' labels in plot heights (paper coordinates): the colour bar, then the legend.
  // (ksHeight: the height it was given; Streamlit writes the element's height, still the old one, into the layout's
  // until it has measured the element again)
  const lay = { ...L, ksPhone: true, height, ksHeight: height, margin: { ...(L.margin || {}), l, r, t, b, autoexpand: false } };
  // the y axes' titles close to their tick labels (Plotly's default stand-off is 10 px or more)
  for (const k of m.yAxes) {
    const ax = L[k] || {};
    if (ax.title && (typeof ax.title === "string" || ax.title.text)) {
      const title = typeof ax.title === "string" ? { text: ax.title } : ax.title;
      lay[k] = { ...ax, title: { ...title, standoff: 2 } };
    }
  }
  if (m.wrap) lay.title = withTitle(L, m.wrap);
  ownAnnotations(L, FL, m, lay);
  // The y axis keeps the asked range and gives up a few px of height when the box is taller than the data (Plotly
  // would widen the y range, write it back, and narrow the x axis to it once a wider left margin takes width).
  if (m.asked) lay.yaxis = { ...(lay.yaxis || L.yaxis), range: m.asked, constrain: "domain" };
  if (m.legendOut) {
    lay.legend = { ...(L.legend || {}), orientation: "h", x: 0, xanchor: "left", xref: "paper",
                   y: -(below + barH) / plotH, yanchor: "top", yref: "paper" };
    lay.ksLegendH = legendH;   // px it was given (widen: a narrower plot may need more)
  }
  const same = Math.abs(height - FL.height) <= 2 && Math.abs(l - FL.margin.l) <= 2 && Math.abs(r - FL.margin.r) <= 2
    && Math.abs(b - FL.margin.b) <= 2 && !m.legendOut && !m.across && !m.key && !m.wrap
    && m.barred.every(([tr]) => tr.colorbar && tr.colorbar.orientation === "h");
  if (same) return null;
  return { data: barsUnder(gd, m.barred, below, plotH), layout: lay, sizes: m.sizes };
}
