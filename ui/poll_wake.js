// A student's poll panel's wake (ui.poll_view): the element sits in the st.fragment that draws the panel, so its
// trigger reruns only the panel, not the page. The page's listener (room_follow.js) calls it when the room's polls
// moved past the ones the panel shows - a question asked or checked - for a following student and a detached one
// alike. Each run of the panel hands back the polls' version it shows (data.poll) and the room's version the page
// now shows (data.since), which tell the listener the wake was answered.
export default function (component) {
  const { setTriggerValue, parentElement, data } = component;
  const reg = (window.__ksClassWake = window.__ksClassWake || { n: 0, shown: {} });
  reg.polls = reg.polls || {};
  reg.shown[data.code] = Math.max(reg.shown[data.code] || 0, data.since);
  reg.polls[data.code] = Math.max(reg.polls[data.code] || 0, data.poll);
  const me = { el: parentElement, code: data.code, wake: () => { reg.n += 1; setTriggerValue("wake", reg.n); } };
  reg.poll = me;
  return () => { if (reg.poll === me) reg.poll = null; };
}
