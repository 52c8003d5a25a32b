// Formulas that fit (ui.accessibility): a display formula wider than its box is scaled down to fit, to 70 % of its
// size at most; one still wider becomes a named, focusable scroll region, so a keyboard can scroll it (WCAG 2.1.1).
// Runs after every change of the page (a rerun, a section change, a resize).
const MIN_SCALE = 0.7;

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

export default function (component) {
  const { data } = component;
  if (!(data && data.enabled)) return undefined;
  let queued = false;
  const fitAll = () => {
    queued = false;
    document.querySelectorAll(".katex-display").forEach(fit);
  };
  const later = () => {
    if (!queued) { queued = true; requestAnimationFrame(fitAll); }
  };
  const main = document.querySelector('[data-testid="stMain"]') || document.body;
  const watch = new MutationObserver(later);
  watch.observe(main, { childList: true, subtree: true });
  window.addEventListener("resize", later);
  later();
  window.__kernelscopeA11y = true;   // fitting formulas (the browser tests wait for it)
  return () => {
    watch.disconnect();
    window.removeEventListener("resize", later);
  };
}
