// A detached student's wake-up for the class's polls (ui.poll_view): the room's listener (room_follow.js) reruns
// only a following student's page, so this one long-polls the same route (GET /api/class/wait?code&since) and reruns
// the page when the room's version grows - a question asked or checked shows its notice. One request per poll.
function loop(h) {
  if (h.stopped) return;
  fetch(`${h.data.url}?code=${encodeURIComponent(h.data.code)}&since=${h.since}`,
        { cache: "no-store", credentials: "same-origin" })
    .then((r) => r.json().then((j) => ({ status: r.status, j })))
    .then(({ status, j }) => {
      if (h.stopped) return;
      if (status === 404) return;                        // the class ended: the next run says so
      if (status !== 200) { setTimeout(() => loop(h), 5000); return; }
      if (j.version > h.since) { h.since = j.version; h.send("wake", j.version); }
      loop(h);
    })
    .catch(() => { if (!h.stopped) setTimeout(() => loop(h), 3000); });
}

export default function (component) {
  const { setTriggerValue, parentElement, data } = component;
  let h = parentElement.__pollWake;
  if (!h || h.data.code !== data.code) {
    if (h) h.stopped = true;
    h = parentElement.__pollWake = { since: data.since, data, stopped: false };
    h.send = (name, value) => setTriggerValue(name, value);
    loop(h);
  }
  h.data = data;
  h.send = (name, value) => setTriggerValue(name, value);
  if (data.since > h.since) h.since = data.since;
  const mine = h;
  return () => {
    if (parentElement.__pollWake === mine) { mine.stopped = true; delete parentElement.__pollWake; }
  };
}
