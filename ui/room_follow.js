// The class's listener (ui.live_class): one per page in a room. It long-polls the app's route
// (ui.room_routes: GET /api/class/wait?code&since&student) and reruns the script only when the room has a new
// version (setTriggerValue("wake", version)); an idle student costs one request per poll and no rerun. Where the
// section draws its settings bar in an st.fragment, the wake goes to that fragment's element (room_wake.js), and the
// server reruns the fragment alone when the change is one of the bar's settings (ui.live_class.fragment_wake).
// A follower's touch on any control of the app detaches them (setTriggerValue("detach")), and so does Escape.
// The lecturer's copy shows the number of students in its own element, and keeps "CODE.KEY" in a cookie of the
// browser's session (data.cookie): a reload of the lecturer's window is a new Streamlit session, which reads the
// cookie (ui.live_class._resume) and takes the room's controls again. The key is never drawn on the page.
const TOUCHABLE = 'button, a[href], input, textarea, select, [role="slider"], [role="combobox"], [role="option"], '
  + '[role="radio"], [role="checkbox"], [role="switch"], [role="tab"], [data-baseweb="select"], .nsewdrag, canvas';

function loop(h) {
  if (h.stopped) return;
  const d = h.data;
  const url = `${d.url}?code=${encodeURIComponent(d.code)}&since=${h.since}`
    + (d.student ? `&student=${encodeURIComponent(d.student)}` : "");
  fetch(url, { cache: "no-store", credentials: "same-origin" })
    .then((r) => r.json().then((j) => ({ status: r.status, j })))
    .then(({ status, j }) => {
      if (h.stopped) return;
      if (h.count && Number.isInteger(j.students)) {
        h.count.textContent = `👥 ${j.students} student${j.students === 1 ? "" : "s"}`;
      }
      if (status === 404 && j.version === null) { forget(h.data); h.send("ended", true); return; }
      if (status !== 200) { setTimeout(() => loop(h), 5000); return; }
      if (d.role === "student" && j.version > h.since) {
        h.since = j.version;
        if (Number.isInteger(j.poll)) h.pollWant = Math.max(h.pollWant || 0, j.poll);
        wake(h, h.data.following ? j.version : 0);   // detached: the polls only (Re-join reads the room itself)
      }
      loop(h);
    })
    .catch(() => { if (!h.stopped) setTimeout(() => loop(h), 3000); });  // offline, asleep, server restarting
}

// Ask for a run that shows the newest version known (h.want) and the newest polls (h.pollWant), one wake at a time:
// a wake sent while another is being answered carries the browser's widget values from before that answer, and its
// run would bring them back over the view just applied (at a poll's Check, the room moves twice within a second). So
// a wake goes out only while no run is going and none is out unanswered; the page's data says which version it shows
// (data.since, or a fragment's: room_wake.js, poll_wake.js). A poll asked or checked goes first to the poll panel's
// fragment (poll_wake.js), the view's change after it to the settings' fragment; the server widens either to the page
// when it must. A wake can be lost (it came while the page was being rebuilt, a reconnect to another replica), and the
// poll has already moved past that version: one unanswered for RETRY ms is sent again, as a whole page's run.
const RETRY = 3000, PUMP = 100;

function busy() {
  const app = document.querySelector('[data-testid="stApp"]');
  const state = app && app.getAttribute("data-test-script-state");
  return state === "running" || state === "rerunRequested";
}

// A fragment's wake of this room (room_wake.js: `current`, the settings' fragment; poll_wake.js: `poll`, the poll
// panel's) when it is on the page.
function fragmentWake(h, which) {
  const reg = window.__ksClassWake;
  const f = reg && reg[which];
  return f && f.code === h.data.code && f.el.isConnected ? f : null;
}

// The version the page shows: the listener's data (a whole run's), or a fragment's run's (room_wake.js, poll_wake.js).
function shown(h) {
  const reg = window.__ksClassWake;
  return Math.max(h.data.since, (reg && reg.shown[h.data.code]) || 0);
}

// The polls' version the poll panel shows (poll_wake.js; 0 before its first run).
function pollsShown(h) {
  const reg = window.__ksClassWake;
  return (reg && reg.polls && reg.polls[h.data.code]) || 0;
}

function answered(h, out) {
  return pollsShown(h) >= out.poll && (out.panel || shown(h) >= out.version);
}

function wake(h, version) {
  h.want = Math.max(h.want || 0, version);
  clearTimeout(h.retry);
  const pump = () => {
    const view = h.data.following && shown(h) < h.want, poll = pollsShown(h) < (h.pollWant || 0);
    if (h.stopped || (!view && !poll)) { h.out = null; return; }
    if (h.out && answered(h, h.out)) h.out = null;   // answered, and the room has moved on since
    const lost = h.out && Date.now() - h.out.at >= RETRY;
    if ((!h.out || lost) && !busy()) {
      const p = !lost && poll ? fragmentWake(h, "poll") : null;
      const f = !lost && !p && !poll && view ? fragmentWake(h, "current") : null;
      h.wakes = (h.wakes || 0) + 1;
      if (p) p.wake(); else if (f) f.wake(); else h.send("wake", h.wakes);
      h.out = { panel: !!p, version: h.want, poll: poll ? h.pollWant : 0, at: Date.now() };
    }
    h.retry = setTimeout(pump, PUMP);
  };
  pump();
}

function remember(d) {
  if (d.resume) document.cookie = `${d.cookie}=${d.resume}; path=${d.path || "/"}; SameSite=Strict`;
}

function forget(d) {
  if (d.resume) document.cookie = `${d.cookie}=; path=${d.path || "/"}; SameSite=Strict; max-age=0`;
}

function listen(h) {
  // A press on a control (not on the banner's own buttons), or Escape: the follower takes over.
  const touched = (e) => {
    if (!h.data.following || !e.target.closest) return;
    if (e.target.closest(".st-key-class_banner, .st-key-poll_panel")) return;   // answering a poll is no take-over
    const hit = e.target.closest(TOUCHABLE);
    if (hit && hit.closest('[data-testid="stApp"]')) h.send("detach", true);
  };
  const key = (e) => {
    if (!h.data.following) return;
    if (e.key === "Escape") h.send("detach", true);
    else if (e.target.closest && e.target.closest('[role="slider"], input, [role="combobox"]')
             && !e.target.closest(".st-key-class_banner, .st-key-poll_panel") && e.key !== "Tab") {
      h.send("detach", true);
    }
  };
  document.addEventListener("pointerdown", touched, true);
  document.addEventListener("keydown", key, true);
  return () => {
    document.removeEventListener("pointerdown", touched, true);
    document.removeEventListener("keydown", key, true);
  };
}

// The lecturer's drag, mirrored (ui.room_pointer): on a lecturer's page the live sweep (ui/sweep.js) tells each
// position under the pointer here, and it goes to the room (one request in flight, the newest position next); a
// following student's page keeps a stream of those positions and hands each to its own sweep of the same slider.
function pointerSender(h) {
  let busy = false, next = null;
  const send = () => {
    if (busy || next === null || h.stopped) return;
    const body = next;
    next = null;
    busy = true;
    fetch(h.data.pointer, { method: "POST", body, credentials: "same-origin", keepalive: true,
                            headers: { "Content-Type": "application/json" } })
      .catch(() => {})
      .finally(() => { busy = false; send(); });
  };
  return (slider, index) => { next = JSON.stringify({ code: h.data.code, slider, index }); send(); };
}

const MIRROR = (window.__ksMirror = window.__ksMirror || { received: 0, last: null });   // tests and benches read it

function mirror(m) {
  MIRROR.received += 1;
  MIRROR.last = { slider: m.slider, index: m.index, at: performance.now() };
  Object.values(window.__kernelscopeSweeps || {})
    .filter((s) => s.data && s.data.slider === m.slider && s.mirror)
    .forEach((s) => s.mirror(m.index));
}

function pointerStream(h) {   // open while the student follows; EventSource reconnects by itself
  const want = h.data.role === "student" && h.data.following && !h.stopped && h.data.pointer;
  if (want && !h.stream) {
    h.stream = new EventSource(`${h.data.pointer}?code=${encodeURIComponent(h.data.code)}`);
    h.stream.onmessage = (e) => {
      if (!h.data.following) return;
      try { mirror(JSON.parse(e.data)); } catch (err) { /* not a position */ }
    };
  } else if (!want && h.stream) {
    h.stream.close();
    h.stream = null;
    mirrorEnd();
  }
}

function mirrorEnd() {   // detached or gone: no sweep stays on the lecturer's last position
  Object.values(window.__kernelscopeSweeps || {}).forEach((s) => { if (s.mirror) s.mirror(null, true); });
}

export default function (component) {
  const { setTriggerValue, parentElement, data } = component;
  // Streamlit calls this again when the data changes: one poll and one set of listeners per element.
  let h = parentElement.__classListener;
  if (!h || h.data.code !== data.code) {
    if (h) { h.stopped = true; h.unlisten(); pointerStream(h); }
    h = parentElement.__classListener = { since: data.since, data, stopped: false };
    if (data.role === "lecturer") {
      h.count = document.createElement("span");
      h.count.className = "ks-class-count";
      parentElement.appendChild(h.count);
    }
    h.unlisten = data.role === "student" ? listen(h) : () => {};
    h.data = data;
    h.send = (name, value) => setTriggerValue(name, value);
    if (data.role === "lecturer") window.__ksSweepMoved = pointerSender(h);
    loop(h);
  }
  h.data = data;
  h.send = (name, value) => setTriggerValue(name, value);
  pointerStream(h);
  remember(data);
  if (data.since > h.since) h.since = data.since;
  if (h.count && Number.isInteger(data.students) && !h.count.textContent) {
    h.count.textContent = `👥 ${data.students} student${data.students === 1 ? "" : "s"}`;
  }
  const mine = h;
  return () => {
    if (parentElement.__classListener === mine) {
      mine.stopped = true;
      pointerStream(mine);
      if (mine.data.role === "lecturer") window.__ksSweepMoved = null;
      clearTimeout(mine.retry);
      mine.unlisten();
      delete parentElement.__classListener;
    }
  };
}
