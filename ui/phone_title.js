// A chart's title wrapped to the chart's width on a phone: a title longer than the narrow chart ran past its right
// edge and was cut there (/mercer-approx: "Error of K ≈ ZZᵀ against the number of features (mean …"). Broken at
// spaces into lines (Plotly's <br>) that fit, the top margin grown by a line for each line added. One part of the
// phone's code: ui/phone.py joins the parts into one module.
const TITLE_EDGE = 6;      // px kept clear between the title and the chart's edge
const TITLE_LINE = 1.3;    // Plotly's line height in a multi-line text (svg_text_utils LINE_SPACING), in font sizes
const BREAK_TAG = /<br\s*\/?>/i;

const plain = (s) => s.replace(/<[^>]*>/g, "");

// px across the title may take: from its anchor (Plotly's title.x, in the chart or over the plot) to the chart's
// edges, TITLE_EDGE px kept clear.
function titleRoom(FL) {
  const title = FL.title, W = FL.width, size = FL._size || { l: 0, w: W };
  const x = title.xref === "paper" ? size.l + (title.x ?? 0.5) * size.w : (title.x ?? 0.5) * W;
  let anchor = title.xanchor || "auto";
  if (anchor === "auto") anchor = (title.x ?? 0.5) < 1 / 3 ? "left" : (title.x ?? 0.5) > 2 / 3 ? "right" : "center";
  if (anchor === "left") return W - x - TITLE_EDGE;
  if (anchor === "right") return x - TITLE_EDGE;
  return 2 * Math.min(x, W - x) - 2 * TITLE_EDGE;
}

// The drawn title's lines broken at spaces so each fits `room` px, from the words' widths measured in the title's
// font (a canvas) and scaled to the width the drawn title takes; null when it fits as it is.
function wrappedTitle(gd) {
  const FL = gd._fullLayout, raw = text(FL && FL.title), drawn = gd.querySelector(".gtitle");
  if (!raw.trim() || !drawn) return null;
  const width = drawn.getBoundingClientRect().width, room = titleRoom(FL);
  if (!width || width <= room) return null;
  const font = FL.title.font || {}, size = font.size || 17;
  const ctx = (wrappedTitle.canvas = wrappedTitle.canvas || document.createElement("canvas")).getContext("2d");
  ctx.font = `${font.weight || "normal"} ${size}px ${font.family || "sans-serif"}`;
  const lines = raw.split(BREAK_TAG);
  const scale = width / Math.max(...lines.map((s) => ctx.measureText(plain(s)).width));
  const measure = (s) => ctx.measureText(plain(s)).width * scale;
  const out = [];
  for (const line of lines) {
    let now = "";
    for (const word of line.split(" ")) {
      const next = now ? `${now} ${word}` : word;
      if (now && measure(next) > room) { out.push(now); now = word; } else now = next;
    }
    out.push(now);
  }
  const added = out.length - lines.length;
  return added > 0 ? { text: out.join("<br>"), added, room: Math.ceil(added * size * TITLE_LINE) } : null;
}

// The layout's title as wrapped (its text; its font, place and the rest as they were).
const withTitle = (L, wrap) => ({ ...(typeof L.title === "object" && L.title ? L.title : {}), text: wrap.text });

// px from the chart's top to the drawn title's bottom; null without a drawn title.
function titleBottom(gd) {
  const drawn = gd.querySelector(".gtitle"), r = drawn && drawn.getBoundingClientRect();
  return r && r.height ? Math.ceil(r.bottom - gd.getBoundingClientRect().top) : null;
}

// A chart phone_layout.js does not lay out (a 3-D scene, a second y axis of its own on the right) with its title
// wrapped: taller by the lines added, its plot as it was.
function wrappedOnly(gd) {
  const wrap = wrappedTitle(gd);
  if (!wrap) return null;
  const L = gd.layout, FL = gd._fullLayout;
  const t = FL.margin.t + wrap.room, height = FL.height + wrap.room;
  const layout = { ...L, ksPhone: true, height, ksHeight: height, title: withTitle(L, wrap),
                   margin: { ...(L.margin || {}), t } };
  return { data: gd.data, layout, sizes: { height, t } };
}
