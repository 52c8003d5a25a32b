// Click catcher for a Plotly chart (ui.points.click_catcher): Streamlit reports selections, not clicks on
// empty plot area (streamlit issue #8824). Mounted beside the chart inside st.container(key="clickable_…"),
// it listens on that container (the chart's div is re-created when the figure changes, the container stays)
// for a press and release within 5 px on Plotly's drag layer of the wanted subplot, and sends the place in
// data coordinates: setTriggerValue("click", {x, y, subplot}).
const SLOP = 5;  // px a press may move and still be a click

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
  h.detach = () => {
    box.removeEventListener("pointerdown", onDown, true);
    document.removeEventListener("pointerup", onUp, true);
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
