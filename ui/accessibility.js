// Every page (ui.accessibility), after each change of it (a rerun, a section change, a resize), debounced:
// - formulas that fit: a display formula wider than its box is scaled down to fit, to 70 % of its size at most; one
//   still wider becomes a named, focusable scroll region, so a keyboard can scroll it (WCAG 2.1.1);
// - charts that speak: each Plotly chart's drawing is an image with a name (the section's heading, the chart's title)
//   and a description written from what it draws (axes and their ranges, each trace with its count of points, the
//   colour scale's range) and from the section's current slider values, so a screen reader hears the numbers, and
//   hears them change when a slider moves;
// - focus that a rerun takes away (see keepFocus).
const MIN_SCALE = 0.7;
const WAIT_MS = 150;

function fit(box) {
  const inner = box.querySelector(".katex");
  if (!inner) return;
  inner.style.fontSize = "";
  const scale = box.clientWidth / Math.max(box.scrollWidth, 1);
  const size = parseFloat(getComputedStyle(inner).fontSize);
  if (scale < 1) inner.style.fontSize = `${size * Math.max(scale * 0.98, MIN_SCALE)}px`;
  const scrolls = box.scrollWidth > box.clientWidth + 1;
  if (scrolls) {
    box.setAttribute("tabindex", "0");
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", "Formula (scrolls sideways)");
  } else if (box.getAttribute("role") === "region") {
    box.removeAttribute("tabindex");
    box.removeAttribute("role");
    box.removeAttribute("aria-label");
  }
}

const num = (v) => (Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(2) : +v.toPrecision(3));
// Plotly's text as words: a superscript said as a power, other tags (<br>, <b>) dropped.
const plain = (s) => String(s).replace(/<sup>(.*?)<\/sup>/g, " to the power $1").replace(/<[^>]*>/g, " ");
const text = (t) => plain((t && (typeof t === "string" ? t : t.text)) || "");

function axes(layout, own = {}) {   // own: the chart's layout, where ui/phone.js keeps a title it moved (ksTitle)
  return Object.keys(layout).filter((k) => /^[xy]axis\d*$/.test(k) && layout[k].visible !== false)
    .map((k) => {
      const a = layout[k], title = text(a.title) || (own[k] && own[k].ksTitle) || "";
      const range = a.range && a.type !== "category" && a.range.every((v) => typeof v === "number")
        ? ` from ${num(a.range[0])} to ${num(a.range[1])}` : "";
      return `${k[0]} axis ${title}${range}`.replace(/\s+/g, " ").trim();
    });
}

function traces(data) {
  return data.filter((t) => t.visible !== false).map((t) => {
    const name = t.name && !/^trace \d+$/.test(t.name) ? plain(t.name) : t.type;
    const z = t.z && t.z.length;
    if (z) {
      const flat = [].concat(...Array.from(t.z, (r) => Array.from(r || []))).filter((v) => typeof v === "number");
      const lo = Math.min(...flat), hi = Math.max(...flat);
      return `${name}: ${t.type} ${z} by ${(t.z[0] || []).length}, values from ${num(lo)} to ${num(hi)}`;
    }
    const n = (t.x && t.x.length) || (t.y && t.y.length) || 0;
    return `${name}: ${n} ${t.mode && t.mode.includes("lines") ? "points on a line" : t.type === "bar" ? "bars" : "points"}`;
  });
}

function settings() {
  const sliders = document.querySelectorAll('[data-testid="stMain"] input[type="range"], [data-testid="stMain"] [role="slider"]');
  return [...sliders].map((s) => `${s.getAttribute("aria-label") || "slider"} = ` +
    `${s.getAttribute("aria-valuetext") || s.getAttribute("aria-valuenow") || s.value}`);
}

let serial = 0;
function describe(plot) {
  const svg = plot.querySelector("svg.main-svg");
  if (!svg || !plot._fullLayout || !plot._fullData) return;
  const heading = document.querySelector('[data-testid="stMain"] h4, [data-testid="stMain"] h1');
  const title = text(plot._fullLayout.title);
  const name = `Chart: ${[heading && heading.innerText.trim(), title].filter(Boolean).join(" — ") || "picture"}`;
  const parts = [...traces(plot._fullData), ...axes(plot._fullLayout, plot.layout || {})];
  const now = settings();
  const words = `${parts.join("; ")}.${now.length ? ` Settings: ${now.join(", ")}.` : ""}`;
  if (!plot.dataset.a11yId) plot.dataset.a11yId = `chart-description-${++serial}`;
  let note = document.getElementById(plot.dataset.a11yId);
  if (!note) {
    note = document.createElement("p");
    note.id = plot.dataset.a11yId;
    note.className = "kernelscope-sr-only";
    note.setAttribute("aria-live", "polite");
    plot.appendChild(note);
  }
  if (note.textContent !== words) note.textContent = words;
  if (svg.getAttribute("aria-label") !== name) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", name);
    svg.setAttribute("aria-describedby", note.id);
  }
}

// A change inside a chart (Plotly's redraw, a sweep's frame, a hover label) is seen through Plotly's own
// "plotly_afterplot" event instead, once per drawing; a description's own text is no change of the page.
const inside = (node) => node && (node.nodeType === 1 ? node : node.parentElement);
const ignored = (record) => {
  const el = inside(record.target);
  return !el || el.closest(".js-plotly-plot, .kernelscope-sr-only") !== null;
};

// Focus that a rerun takes away: Streamlit re-creates an element (a toggle that adds controls, a follower's detach,
// a section changed) and the browser's focus falls to <body>, so the next Tab starts from the top and the next arrow
// key moves nothing (WCAG 2.4.3). The control that had focus is found again in the new page by its keyed box
// (st-key-…) and its place among that box's focusable elements, else by its tag and name; when it is gone for good
// (another section), the section's heading takes the focus. Only when focus is on <body> and its element has left
// the page: a click elsewhere, or another window, is the user's choice. One set of listeners for the page's life.
const FOCUSABLE = 'a[href], button, input, textarea, select, [role="slider"], [tabindex]:not([tabindex="-1"])';
const FOCUS_MS = 15000;   // how long after the loss a control is looked for (a cold section's run)

const nameOf = (el) => (el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 80);

function signature(el) {
  const box = el.closest('[class*="st-key-"]');
  const key = box && [...box.classList].find((c) => c.startsWith("st-key-"));
  return { key, index: box ? [...box.querySelectorAll(FOCUSABLE)].indexOf(el) : -1, tag: el.tagName,
           name: nameOf(el), path: location.pathname };
}

function located(sig) {
  const box = sig.key && document.querySelector(`.${CSS.escape(sig.key)}`);
  if (box) {
    const all = [...box.querySelectorAll(FOCUSABLE)];
    const el = all[sig.index] && all[sig.index].tagName === sig.tag ? all[sig.index] : all.find((e) => e.tagName === sig.tag);
    if (el) return el;
  }
  if (!sig.name) return null;
  return [...document.querySelectorAll(`[data-testid="stAppViewContainer"] ${sig.tag}`)]
    .find((e) => e.getClientRects().length && nameOf(e) === sig.name) || null;
}

function keepFocus() {
  if (window.__kernelscopeFocus) return;
  const f = window.__kernelscopeFocus = { el: null, sig: null, since: 0 };
  const note = (el) => {
    if (!(el instanceof Element) || el === document.body) return;
    f.el = el;
    f.sig = signature(el);
    f.since = 0;
  };
  document.addEventListener("focusin", (e) => note(e.target), true);
  document.addEventListener("keydown", () => { if (document.activeElement) note(document.activeElement); }, true);
  const idle = () => {
    const app = document.querySelector('[data-testid="stApp"]');
    return !app || app.getAttribute("data-test-script-state") === "notRunning";
  };
  let timer = null;
  const check = () => {
    timer = null;
    const active = document.activeElement;
    if (!f.el || f.el.isConnected || (active && active !== document.body)) return;
    f.since = f.since || Date.now();
    if (Date.now() - f.since > FOCUS_MS) { f.el = null; return; }
    const same = f.sig.path === location.pathname;
    let el = same ? located(f.sig) : null;
    if (!el && idle()) el = document.querySelector('[data-testid="stMain"] h1, [data-testid="stMain"] h4');
    if (!el) { timer = setTimeout(check, 200); return; }
    if (/^H[1-6]$/.test(el.tagName) && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
    el.focus({ preventScroll: true });
  };
  new MutationObserver(() => { if (!timer) timer = setTimeout(check, 0); })
    .observe(document.body, { childList: true, subtree: true });
}

export default function (component) {
  const { data } = component;
  if (!(data && data.enabled)) return undefined;
  keepFocus();
  let timer = null;
  const later = () => {
    if (!timer) timer = setTimeout(all, WAIT_MS);
    window.__kernelscopeA11yIdle = false;
  };
  const hooked = new WeakSet();
  function all() {
    timer = null;
    document.querySelectorAll(".katex-display").forEach(fit);
    document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot').forEach((plot) => {
      if (!hooked.has(plot) && typeof plot.on === "function") {
        hooked.add(plot);
        plot.on("plotly_afterplot", later);
      }
      describe(plot);
    });
    window.__kernelscopeA11yIdle = true;   // every formula fitted and every chart described since the last change
  }
  const main = document.querySelector('[data-testid="stMain"]') || document.body;
  const watch = new MutationObserver((records) => {
    if (!records.every(ignored)) later();
  });
  watch.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-valuenow", "aria-valuetext"] });
  window.addEventListener("resize", later);
  later();
  window.__kernelscopeA11y = true;   // fitting formulas and describing charts (the browser tests wait for it)
  return () => {
    watch.disconnect();
    window.removeEventListener("resize", later);
    if (timer) clearTimeout(timer);
  };
}
