// Presentation mode's keys (ui.nav): PageDown / PageUp follow the page's Next / Prev link, so a lecturer moves
// through a topic with a presenter's remote. Mounted once per page; listens on the document and clicks the link
// inside st.container(key="nav_next" / "nav_prev"), which Streamlit turns into a page switch without reloading
// the app. Whatever has focus: the listener runs in the capture phase on the document, before the focused slider
// (or field) sees the key, and stops it there, so a slider just moved with the arrows never takes PageDown as
// "a page of its values". Arrow keys are left alone.
export default function (component) {
  const { data } = component;
  if (!(data && data.enabled)) return undefined;
  const onKey = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const which = e.key === "PageDown" ? "nav_next" : e.key === "PageUp" ? "nav_prev" : null;
    if (!which) return;
    const link = document.querySelector(`.st-key-${which} a`);
    if (!link) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    link.click();
  };
  document.addEventListener("keydown", onKey, true);
  window.__kernelscopeNavKeys = (window.__kernelscopeNavKeys || 0) + 1;   // listening (the browser tests wait for it)
  return () => {
    document.removeEventListener("keydown", onKey, true);
    window.__kernelscopeNavKeys -= 1;
  };
}
