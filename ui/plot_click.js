// Click catcher for a Plotly chart (ui.points_click.click_catcher): Streamlit reports selections, not clicks on
// empty plot area (streamlit issue #8824). Mounted beside the chart inside st.container(key="clickable_…"),
// it listens on that container (the chart's div is re-created when the figure changes, the container stays)
// for a press and release within 5 px on Plotly's drag layer of the wanted subplot, and sends the place in
// data coordinates: setTriggerValue("click", {x, y, subplot}).
// The same place can be chosen by keyboard (WCAG 2.1.1): the container is a tab stop; while it has focus a crosshair
// stands on the subplot, the arrow keys move it (Shift: ten times as far), Enter or Space sends its place as a click
// (the section's mode decides: add a point of the chosen class, or remove the nearest), and a live region says
// where it stands.
const SLOP = 5;  // px a press may move and still be a click
const STEP = 0.02;  // of the axis range per arrow key
const HINT = "Plot. Arrow keys move a crosshair; Enter adds a point there, or removes the nearest in Remove mode.";

function keyboard(box, h) {
  box.tabIndex = 0;
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", HINT);
  const mark = document.createElement("div");
  mark.className = "kernelscope-crosshair";
  mark.setAttribute("aria-hidden", "true");
  const say = document.createElement("div");
  say.className = "kernelscope-sr-only";
  say.setAttribute("role", "status");
  document.body.append(mark, say);
  const k = { at: null };
  const area = () => {
    const axes = /^x(\d*)y(\d*)$/.exec(h.subplot);
    const drag = axes && box.querySelector(`.nsewdrag[data-subplot="${h.subplot}"]`);
    const gd = drag && drag.closest(".js-plotly-plot");
    const L = gd && gd._fullLayout;
    const xa = L && L["xaxis" + axes[1]], ya = L && L["yaxis" + axes[2]];
    return xa && ya ? { drag, xa, ya } : null;
  };
  const show = () => {
    const a = area();
    if (!a || !k.at || document.activeElement !== box) { mark.style.display = "none"; return; }
    const bb = a.drag.getBoundingClientRect();
    mark.style.cssText = `display:block;position:fixed;left:${bb.left + a.xa.d2p(k.at.x) - 12}px;` +
      `top:${bb.top + a.ya.d2p(k.at.y) - 12}px;`;
  };
  const fmt = (v) => (Math.abs(v) < 5e-3 ? "0" : v.toFixed(2)).replace("-", "−");
  const onFocus = () => {
    const a = area();
    if (a && !k.at) {
      const [x0, x1] = a.xa.range, [y0, y1] = a.ya.range;
      k.at = { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
    }
    show();
  };
  const onKey = (e) => {
    const a = area();
    if (!a || !k.at || e.altKey || e.ctrlKey || e.metaKey) return;
    const move = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
    if (move) {
      const [x0, x1] = a.xa.range, [y0, y1] = a.ya.range, f = STEP * (e.shiftKey ? 10 : 1);
      const clamp = (v, lo, hi) => Math.min(Math.max(v, Math.min(lo, hi)), Math.max(lo, hi));
      k.at = { x: clamp(k.at.x + move[0] * f * (x1 - x0), x0, x1), y: clamp(k.at.y + move[1] * f * (y1 - y0), y0, y1) };
      say.textContent = `Crosshair at x₁ = ${fmt(k.at.x)}, x₂ = ${fmt(k.at.y)}`;
      box.dataset.crosshair = `${k.at.x},${k.at.y}`;
      show();
    } else if ((e.key === "Enter" || e.key === " ") && h.send) {
      h.send("click", { x: k.at.x, y: k.at.y, subplot: h.subplot });
      say.textContent = `Sent: the place x₁ = ${fmt(k.at.x)}, x₂ = ${fmt(k.at.y)}`;
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };
  box.addEventListener("focus", onFocus);
  box.addEventListener("blur", show);
  box.addEventListener("keydown", onKey);
  window.addEventListener("scroll", show, true);
  return () => {
    box.removeEventListener("focus", onFocus);
    box.removeEventListener("blur", show);
    box.removeEventListener("keydown", onKey);
    window.removeEventListener("scroll", show, true);
    mark.remove();
    say.remove();
  };
}

function attach(box) {
  const h = { down: null, subplot: "xy", send: null };
  const onDown = (e) => {
    h.down = null;
    if (e.button !== 0 || !e.target.closest) return;
    const drag = e.target.closest(".nsewdrag");  // Plotly's drag layer over one cartesian subplot
    if (!drag || !box.contains(drag) || (drag.getAttribute("data-subplot") || "xy") !== h.subplot) return;
    h.down = { drag, x: e.clientX, y: e.clientY };
  };
  const onUp = (e) => {  // on the document: Plotly may lay a drag cover over the page meanwhile
    const d = h.down;
    h.down = null;
    if (!d || e.button !== 0 || Math.hypot(e.clientX - d.x, e.clientY - d.y) >= SLOP || !h.send) return;
    const gd = d.drag.closest(".js-plotly-plot");
    const axes = /^x(\d*)y(\d*)$/.exec(h.subplot);
    const L = gd && gd._fullLayout;
    if (!L || !axes) return;
    const xa = L["xaxis" + axes[1]], ya = L["yaxis" + axes[2]];
    if (!xa || !ya) return;
    const bb = d.drag.getBoundingClientRect();  // the subplot's plot area: pixel 0 is the axis start
    const x = xa.p2d(e.clientX - bb.left), y = ya.p2d(e.clientY - bb.top);
    if (Number.isFinite(x) && Number.isFinite(y)) h.send("click", { x, y, subplot: h.subplot });
  };
  box.addEventListener("pointerdown", onDown, true);
  document.addEventListener("pointerup", onUp, true);
  const keys = keyboard(box, h);
  h.detach = () => {
    box.removeEventListener("pointerdown", onDown, true);
    document.removeEventListener("pointerup", onUp, true);
    keys();
  };
  return h;
}

export default function (component) {
  const { setTriggerValue, parentElement, data } = component;
  const box = parentElement.closest('[class*="st-key-clickable_"]');
  if (!box) return undefined;
  // Streamlit runs this again when the data changes and keeps only the last cleanup (run on unmount):
  // listen once per container, refresh what a click is sent to.
  const h = box.__plotClick || (box.__plotClick = attach(box));
  const owner = {};
  Object.assign(h, { send: setTriggerValue, subplot: (data && data.subplot) || "xy", owner });
  box.dataset.plotClick = h.subplot;  // for the crosshair cursor (ui.points.CLICK_CSS)
  return () => {
    if (box.__plotClick === h && h.owner === owner) {
      h.detach();
      delete box.__plotClick;
    }
  };
}
