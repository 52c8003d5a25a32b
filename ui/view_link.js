// "Link to this view" (ui.classroom.link_to_view): the address bar as it is at this moment, shown in a field with
// a Copy button beside it. The sidebar is drawn once per full run, but a slider inside a section's fragment
// changes the address without rerunning the sidebar: the field follows every change of the address (the event
// "kernelscope:address" of ui/history.js, and Back / Forward), and Copy reads the address again when pressed.
// data.extras: the topic's settings not drawn on this section ({key: [texts]}), added when the address lacks them.
function link(extras) {
  let href = window.location.href.split("#")[0];
  const here = new URLSearchParams(window.location.search);
  for (const [key, texts] of Object.entries(extras || {})) {
    if (here.has(key)) continue;
    for (const text of texts) {
      href += (href.includes("?") ? "&" : "?") + encodeURIComponent(key) + "=" + encodeURIComponent(text);
    }
  }
  return href;
}

async function copy(field) {
  field.focus();
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    return true;
  } catch (err) {   // no clipboard API outside a secure context (http:// on the class network): the old command
    try {
      return document.execCommand("copy");
    } catch (err2) {
      return false;
    }
  }
}

export default function (component) {
  const { parentElement, data } = component;
  const field = parentElement.querySelector("textarea");
  const button = parentElement.querySelector("button");
  const said = parentElement.querySelector(".ks-link-said");
  if (!field || !button) return undefined;
  const h = parentElement.__ksLink || (parentElement.__ksLink = {});
  h.extras = (data && data.extras) || {};
  const show = () => { field.value = link(h.extras); };
  show();
  if (h.cleanup) return h.cleanup;   // run again with new data: the listeners below read h.extras
  window.addEventListener("kernelscope:address", show);
  window.addEventListener("popstate", show);
  button.onclick = async () => {
    show();
    const ok = await copy(field);
    said.textContent = ok ? "Copied." : "Selected: press Ctrl+C (⌘C) to copy.";
  };
  h.cleanup = () => {
    window.removeEventListener("kernelscope:address", show);
    window.removeEventListener("popstate", show);
    delete parentElement.__ksLink;
  };
  return h.cleanup;
}
