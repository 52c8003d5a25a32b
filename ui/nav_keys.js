// Presentation mode's keys (ui.nav.section_footer): PageDown / PageUp follow the section's Next / Prev link, so a
// lecturer moves through a topic with a presenter's remote. Mounted once per section; listens on the document and
// clicks the link inside st.container(key="nav_next" / "nav_prev"), which Streamlit turns into a page switch
// without reloading the app. Keys typed into a field or on a slider keep their own meaning.
export default function (component) {
  const { data } = component;
  if (!(data && data.enabled)) return undefined;
  const onKey = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const which = e.key === "PageDown" ? "nav_next" : e.key === "PageUp" ? "nav_prev" : null;
    if (!which) return;
    const t = e.target;
    if (t && t.closest && t.closest('input, textarea, select, [role="slider"], [contenteditable="true"]')) return;
    const link = document.querySelector(`.st-key-${which} a`);
    if (!link) return;
    e.preventDefault();
    link.click();
  };
  document.addEventListener("keydown", onKey, true);
  window.__kernelscopeNavKeys = (window.__kernelscopeNavKeys || 0) + 1;   // listening (the browser tests wait for it)
  return () => {
    document.removeEventListener("keydown", onKey, true);
    window.__kernelscopeNavKeys -= 1;
  };
}
