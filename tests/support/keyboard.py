"""Keyboard only, on a section (issue 32: "a keyboard test per topic"): which section of a topic to walk, and the walk's
steps in Chromium: Tab from the section's heading to a control, the main chart's numbers, the points on the clickable
plot, the crosshair, Prev / Next.

The section is found by running the topic's sections in order as a websocket session (bench.student, no browser): the
first whose plot edits points by click (the plot's click catcher, ui/plot_click.js, and a click mode offering Remove),
else the first with a slider in the main area, else the first."""
import random
from dataclasses import dataclass

from bench.student import MAIN, Stats, Student, run_async
from pages import neighbours, url_path

REMOVE = "Remove"   # the click mode that removes the nearest point (ui.points_click.MODES, pages/kernel_ridge/points.py)
CATCHER = "plot_click"   # the click catcher's component (ui.points_click: kernelscope.plot_click)
MAX_STOPS = 150   # Tab presses to reach a control: more than a section, its sidebar and the top menu hold


@dataclass(frozen=True)
class Walk:
    """The section of a topic the keyboard walks, and what it has."""
    topic: str
    url: str           # the section's address
    chart: str         # its main chart's key (TOPICS)
    slider: bool       # a slider in its main area
    points: bool       # a plot whose clicks add and remove points (a crosshair by keyboard)
    next_url: str      # where its Next link goes
    tried: tuple       # (address, slider, points) of each section run to find it, in order


class _Reader(Student):
    """A session that also notes the options of the main area's button groups (a segmented control's)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.groups = []

    def forget(self):
        """Before another section: what the last one drew."""
        self.groups, self.bidi, self.sliders = [], {}, {}

    def _on_delta(self, msg):
        super()._on_delta(msg)
        delta = msg.delta
        if delta.WhichOneof("type") != "new_element" or not msg.metadata.delta_path or msg.metadata.delta_path[0] != MAIN:
            return
        if delta.new_element.WhichOneof("type") == "button_group":
            self.groups.append([o.content for o in delta.new_element.button_group.options])


async def _tried(app_url, topic):
    stats = Stats()
    found = []
    async with _Reader(app_url.replace("http://", "ws://") + "/_stcore/stream", stats, random.Random(0)) as reader:
        for i, section in enumerate(topic.sections):
            path = url_path(topic, section)
            reader.forget()
            await (reader.open(path) if i == 0 else reader.switch(path))
            assert not stats.errors, f"/{path}: {stats.errors}"
            points = any(name.endswith(CATCHER) for name in reader.bidi) and any(REMOVE in g for g in reader.groups)
            found.append((section, path, bool(reader.main_sliders()), points))
            if points:
                break
    return found


def walk_of(app_url, topic):
    """The Walk of `topic`: its first section whose plot edits points, else its first with a slider, else its first."""
    tried = run_async(_tried(app_url, topic))
    section, path, slider, points = next((t for t in tried if t[3]), None) or next((t for t in tried if t[2]), tried[0])
    nxt = neighbours(section.module)[1]
    return Walk(topic.slug, path, section.main_chart, slider, points, url_path(*nxt) if nxt else "",
                tuple((p, s, c) for _, p, s, c in tried))


# The focused element, named for a message: its tag, its label or text, its keyed box.
ACTIVE = """() => { const a = document.activeElement; if (!a || a === document.body) return 'body';
  const box = a.closest('[class*="st-key-"]');
  return a.tagName + ' "' + (a.getAttribute('aria-label') || a.innerText || '').trim().slice(0, 40) + '" ' +
    (box ? [...box.classList].find(c => c.startsWith('st-key-')) : ''); }"""
HEADING = """() => document.querySelector('[data-testid="stMain"] h1, [data-testid="stMain"] h4')"""
MAIN_SLIDER = """() => [...document.querySelectorAll('[data-testid="stMain"] input[type="range"], [data-testid="stMain"] [role="slider"]')]
  .find(e => !e.disabled && e.getAttribute('aria-disabled') !== 'true') || null"""   # (a slider's range input, hidden)
CLICKABLE = """() => document.querySelector('[class*="st-key-clickable_"]')"""
REMOVE_MODE = f"""() => [...document.querySelectorAll('[data-testid="stMain"] [role="radiogroup"] [role="radio"]')]
  .find(e => e.innerText.trim() === {REMOVE!r}) || null"""
MODES = f"""() => {{ const r = ({REMOVE_MODE})(), g = r && r.closest('[role="radiogroup"]');
  return g ? [...g.querySelectorAll('[role="radio"]')] : null; }}"""   # the click mode's radio buttons
NEXT_LINK = """() => document.querySelector('.st-key-nav_next a')"""
PREV_LINK = """() => document.querySelector('.st-key-nav_prev a')"""


def focus_heading(page):
    """The section's heading takes the focus, as ui/accessibility.js gives it after Prev / Next (a heading is no tab
    stop: it is focused as a place to Tab on from)."""
    page.evaluate(f"""() => {{ const h = ({HEADING})(); if (!h.hasAttribute('tabindex')) h.setAttribute('tabindex', '-1');
      h.focus(); }}""")


def heading_focused(page, timeout=20000):
    """The section's heading has the focus (after Prev / Next): wait for it; its text."""
    try:
        page.wait_for_function(f"() => document.activeElement === ({HEADING})()", timeout=timeout)
    except Exception:  # noqa: BLE001 — said with where the focus is
        raise AssertionError(f"{page.url}: the focus is on {page.evaluate(ACTIVE)}, not the heading") from None
    return page.evaluate("() => document.activeElement.innerText.trim()")


def tab_to(page, target, what, max_stops=MAX_STOPS):
    """Press Tab, or Shift+Tab when `target` comes before the focused element in the page, until the element the JS
    `target` returns (or one of the elements it returns) has the focus: the number of presses. Fails, naming where the
    focus went, when it never does."""
    found = f"() => {{ const t = ({target})(); return t ? [].concat(t) : []; }}"
    back = page.evaluate(f"""() => {{ const t = ({found})()[0], a = document.activeElement;
      return !!t && !!a && a !== document.body && !!(t.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING); }}""")
    passed = []
    for n in range(1, max_stops + 1):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate(f"() => ({found})().includes(document.activeElement)"):
            return n
        passed.append(page.evaluate(ACTIVE))
    raise AssertionError(f"{'Shift+' if back else ''}Tab did not reach {what} in {max_stops} presses: {passed[:12]} …")


def choose_remove(page):
    """Remove chosen as the click mode by keyboard: Tab to the mode's radio group (its tab stop: the checked mode),
    the arrow keys to Remove, Space."""
    tab_to(page, MODES, "the click mode")
    for _ in range(4):
        if page.evaluate(f"() => document.activeElement === ({REMOVE_MODE})()"):
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate(f"() => document.activeElement === ({REMOVE_MODE})()"), "the arrow keys did not reach Remove"
    if page.evaluate(f"() => ({REMOVE_MODE})().getAttribute('aria-checked') !== 'true'"):
        page.keyboard.press("Space")
    page.wait_for_function(f"() => ({REMOVE_MODE})()?.getAttribute('aria-checked') === 'true'", timeout=30000)


# The main chart's numbers as a student's screen reader and eyes get them: its accessible description
# (ui/accessibility.js) and a sum over its traces' x, y and z; null while it is not drawn (a rerun remounting it).
CHART_STATE = """(key) => { const gd = document.querySelector('.st-key-' + key + ' .js-plotly-plot');
  if (!gd || !gd._fullData || !gd._fullLayout) return null;
  const svg = gd.querySelector('svg.main-svg'), id = svg && svg.getAttribute('aria-describedby');
  const note = id && document.getElementById(id);
  let s = 0, n = 0;
  const add = v => { if (typeof v === 'number') { if (Number.isFinite(v)) { s += v; n += 1; } }
    else if (v && typeof v.length === 'number' && typeof v !== 'string') for (const w of v) add(w); };
  for (const t of gd._fullData) { add(t.x); add(t.y); add(t.z); }
  return (note ? note.textContent : '') + ' | ' + n + ' values, sum ' + s.toPrecision(12); }"""


def chart_state(page, key, timeout=60000):
    return page.wait_for_function(f"k => ({CHART_STATE})(k)", arg=key, timeout=timeout).json_value()


def step_main_slider(page, key, tries=3):
    """One arrow key on the focused slider (ArrowRight, ArrowLeft at its top): the main chart `key`'s state before and
    after it changed. A key pressed while the page was still settling can be lost: pressed again, `tries` times."""
    before = chart_state(page, key)
    down = page.evaluate("() => { const a = document.activeElement; return a.type === 'range' ? a.value === a.max "
                         ": a.getAttribute('aria-valuenow') === a.getAttribute('aria-valuemax'); }")
    changed = f"([k, old]) => {{ const s = ({CHART_STATE})(k); return s !== null && s !== old; }}"
    for attempt in range(tries):
        page.keyboard.press("ArrowLeft" if down else "ArrowRight")
        try:
            page.wait_for_function(changed, arg=[key, before], timeout=15000)
            break
        except Exception:  # noqa: BLE001 — pressed again, and said after the last try
            if attempt == tries - 1:
                raise AssertionError(f"the slider's arrow key changed no number of the main chart {key}: {before}") from None
    return before, chart_state(page, key)


# The points the clickable plot draws (its class / data traces); null while a rerun remounts it.
POINTS_DRAWN = """() => { const gd = document.querySelector('[class*="st-key-clickable_"] .js-plotly-plot');
  if (!gd || !gd._fullData || !gd._fullLayout) return null;
  return gd._fullData.filter(t => /^(class|data)/.test(t.name || '')).reduce((s, t) => s + (t.x ? t.x.length : 0), 0); }"""


def points_drawn(page):
    return page.wait_for_function(f"() => {{ const n = ({POINTS_DRAWN})(); return n === null ? null : {{n}}; }}",
                                  timeout=30000).json_value()["n"]


def wait_points(page, n, what, timeout=30000):
    """Until the clickable plot draws `n` points; `what` the keys did, said when it never does."""
    try:
        page.wait_for_function(f"n => ({POINTS_DRAWN})() === n", arg=n, timeout=timeout)
    except Exception:  # noqa: BLE001 — said with the count drawn
        raise AssertionError(f"{what}: the plot draws {page.evaluate(POINTS_DRAWN)} points, not {n}") from None


CROSSHAIR_KEYS = ["Shift+ArrowRight"] * 5 + ["Shift+ArrowLeft"] * 2 + ["ArrowUp"]   # right to the edge, back 40 %


def move_crosshair(page):
    """On the focused clickable plot: the crosshair moved by the arrow keys; its place (x, y) as the plot says it."""
    for key in CROSSHAIR_KEYS:
        page.keyboard.press(key)
    place = page.evaluate(f"() => ({CLICKABLE})().dataset.crosshair || null")
    assert place, "the arrow keys moved no crosshair on the plot"
    return tuple(float(v) for v in place.split(","))


def crosshair(page):
    place = page.evaluate(f"() => ({CLICKABLE})().dataset.crosshair || null")
    return tuple(float(v) for v in place.split(",")) if place else None
