// A following student's wake inside the section's fragment (ui.live_class.fragment_wake): the element sits in the
// st.fragment that draws the topic's settings bar, so its trigger reruns only that fragment, not the whole page.
// The page's listener (room_follow.js) long-polls the room; on a new version it calls this element's wake when the
// element is on the page (window.__ksClassWake.current), else it reruns the whole page itself. Each run of the
// fragment hands its shown version back (data.since), which tells the listener the wake was answered.
export default function (component) {
  const { setTriggerValue, parentElement, data } = component;
  const reg = (window.__ksClassWake = window.__ksClassWake || { n: 0, shown: {} });
  reg.shown[data.code] = Math.max(reg.shown[data.code] || 0, data.since);
  const me = { el: parentElement, code: data.code, wake: () => { reg.n += 1; setTriggerValue("wake", reg.n); } };
  reg.current = me;
  return () => { if (reg.current === me) reg.current = null; };
}
