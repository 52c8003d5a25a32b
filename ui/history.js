// Browser history for Back / Forward (ui.history): one entry per section the student opened, each holding the
// address the section had when it was left. Installed once per browser tab; mounted on every full run.
//
// Streamlit pushes up to three entries for one page switch: the old page's address without its widgets'
// parameters (the server drops them before the new page runs), the new page's path, and the new page's address
// once its widgets write their values. Here a push that only changes the query becomes a replace (the same place
// in history), and the entry of the section being left gets back the address it had when the student clicked the
// link that left it. Every change of the address is also announced as the event "kernelscope:address" (the
// sidebar's "Link to this view" shows the address bar as it is).
function install() {
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  let departing = null;   // the address when the student clicked a link to another page of the app
  const announce = () => window.dispatchEvent(new Event("kernelscope:address"));
  const target = (url) => new URL(url == null ? location.href : url, location.href);

  document.addEventListener("click", (e) => {
    const a = e.target && e.target.closest ? e.target.closest("a[href]") : null;
    if (!a || a.origin !== location.origin || a.target === "_blank") return;
    if (a.pathname !== location.pathname) departing = location.href;
  }, true);

  history.pushState = function (state, title, url) {
    if (target(url).pathname === location.pathname) {   // only the query changes: the same section
      replace(state, title, url);
    } else {
      if (departing && target(departing).pathname === location.pathname) replace(history.state, "", departing);
      departing = null;
      push(state, title, url);
    }
    announce();
  };
  history.replaceState = function (state, title, url) {
    replace(state, title, url);
    announce();
  };
  window.addEventListener("popstate", () => { departing = null; announce(); });
}

export default function () {
  if (!window.__kernelscopeHistory) {
    window.__kernelscopeHistory = true;
    install();
  }
  return undefined;
}
