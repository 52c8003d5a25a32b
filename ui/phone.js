// Phones (ui/phone.py): below BREAK px of viewport width, each chart of the main area is laid out for the narrow
// screen after Plotly has drawn it (ui/phone_layout.js, from what ui/phone_measure.js measures of the drawn chart; a
// title too long for the chart wrapped by ui/phone_title.js).
// The server cannot know the width, and the Plotly library is bundled inside Streamlit's chart element (no global):
// the new layout is handed to that element's own update callback (react-plotly's onUpdate, as after any relayout),
// so Streamlit keeps it as the chart's state and redraws with it. A figure the server sends again (a rerun) is
// adapted again; a layout already adapted carries the mark `ksPhone` (Streamlit copies a layout key by key, and
// Plotly keeps a key it does not know), so the adaptation is done once per figure and never loops. The entry part of
// the phone's code (ui/phone.py joins the parts into one module, this one last); the sidebar as the phone's menu too.
const BREAK = 640;     // px: Streamlit stacks its columns below this width too
const WAIT_MS = 120;
const RETRIES = 60;    // times a chart whose React props are not there yet is tried again, 150 ms apart (~9 s)
const WIDEN = 3;       // times the left margin may grow for tick labels a drawing cut (a tighter y range's ticks)
const done = new WeakSet();   // layouts left as they are (not a 2-D chart, or nothing to change)
window.__kernelscopePhone = window.__kernelscopePhone || { adapted: 0 };

function updater(gd) {   // react-plotly's onUpdate of the chart element that owns this graph div
  const key = Object.keys(gd).find((k) => k.startsWith("__reactFiber$"));
  for (let f = key && gd[key], hops = 0; f && hops < 8; f = f.return, hops++) {
    const p = f.memoizedProps;
    if (p && typeof p.onUpdate === "function" && p.layout) return p.onUpdate;
  }
  return null;
}

const framesOf = (gd) => (gd._transitionData && gd._transitionData._frames) || [];   // kept through an update

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
