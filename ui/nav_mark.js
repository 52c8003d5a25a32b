// The top menu marks the current topic (ui.nav.mark_topic): aria-current="true" on the topic's button, which the CSS
// beside this script underlines. Streamlit marks the open page only inside a topic's drop-down, which is closed.
// The menu is re-drawn by Streamlit now and then: an observer of the page's header marks it again.
function apply(label) {
  for (const b of document.querySelectorAll('[data-testid="stTopNavSection"]')) {
    const on = !!label && (b.firstElementChild || b).textContent.trim() === label;
    if (on && b.getAttribute("aria-current") !== "true") b.setAttribute("aria-current", "true");
    if (!on && b.hasAttribute("aria-current")) b.removeAttribute("aria-current");
  }
}

export default function (component) {
  window.__kernelscopeTopic = (component.data && component.data.label) || "";
  apply(window.__kernelscopeTopic);
  const header = document.querySelector('[data-testid="stHeader"]') || document.body;
  if (window.__kernelscopeTopicHeader !== header) {   // one observer, on the header of this page
    if (window.__kernelscopeTopicObserver) window.__kernelscopeTopicObserver.disconnect();
    window.__kernelscopeTopicObserver = new MutationObserver(() => apply(window.__kernelscopeTopic));
    window.__kernelscopeTopicObserver.observe(header, { childList: true, subtree: true });
    window.__kernelscopeTopicHeader = header;
  }
  return undefined;
}
