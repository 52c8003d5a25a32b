"""'Predict, then check' exercises: the student commits to an answer, then one button sets the page's widgets to the
revealing configuration, explains what is seen and brings the section's picture (its main chart in TOPICS) back onto
the screen. On a projector (presentation mode) the questions wait behind a button in the screen's top right corner
and open one at a time in a panel floating over that corner, so the picture keeps the first screen."""
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from pages import find

from .classroom import presenting
from .links import write_drawn
from .poll_view import after_exercises, ask_button

DONE_KEY = "exercises_done"
# The exercise whose Check was pressed last. Presenting, its panel then shrinks to a card of the verdict alone (the
# explanation one click away: ↩ shows the question in full again), so the picture Check changed is seen whole; on a
# laptop, where Check scrolls to that picture, the verdict comes with it in a toast.
VERDICT = "ex_verdict"
ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Exercise:
    id: str
    question: str
    options: tuple
    answer: int            # index of the right option
    reveal: dict           # widget key -> value that shows the answer on the page
    explanation: str
    slider: str = ""       # a numeric exercise (SliderExercise): the section's widget key whose value answers it
    values: tuple = ()     # ... that slider's values (options[i] is values[i]'s label)
    right: tuple = ()      # ... (first, last) index of the right values
    symbol: str = ""       # ... the slider's symbol ("γ")

    @property
    def numeric(self):
        return bool(self.slider)

    def is_right(self, index):
        if index is None:
            return False
        return self.right[0] <= index <= self.right[1] if self.numeric else index == self.answer

    def right_text(self):
        if not self.numeric:
            return self.options[self.answer]
        lo, hi = (self.options[i] for i in self.right)
        return f"{self.symbol} = {lo}" if lo == hi else f"{self.symbol} from {lo} to {hi}"

    def poll_numeric(self):
        """What a class poll of this exercise keeps of its slider (ui.room_store.polls.poll_json), None if none."""
        if not self.numeric:
            return None
        return {"values": self.values, "right": self.right, "slider": self.slider, "symbol": self.symbol}


def SliderExercise(id, question, slider, symbol, values, right, reveal, explanation):  # noqa: N802 (reads as a class)
    """A numeric exercise, answered by setting the section's own slider (key `slider`, drawn with `symbol`) to one of
    its `values` (the slider's options, as the section draws them): `right` is the (low, high) of the right values;
    Check sets the widgets to `reveal`, whose value of the slider is the one the poll calls the answer."""
    values = tuple(float(v) for v in values)
    inside = [i for i, v in enumerate(values) if right[0] <= v <= right[1]]
    if not inside or slider not in reveal or reveal[slider] not in values:
        raise ValueError(f"{id}: the right range holds none of the slider's values, or the reveal sets none of them")
    return Exercise(id, question, tuple(f"{v:g}" for v in values), values.index(reveal[slider]), reveal, explanation,
                    slider, values, (inside[0], inside[-1]), symbol)


def value_index(ex, value):
    """The index of the slider's `value` among the exercise's values (None when it is none of them)."""
    try:
        return ex.values.index(float(value))
    except (TypeError, ValueError):
        return None


def _check_value(ex):
    """A numeric exercise's Check: the slider's value now is the student's answer, then the reveal."""
    st.session_state[f"ex_choice_{ex.id}"] = value_index(ex, st.session_state.get(ex.slider))
    _check(ex)


def _check(ex):
    for key, value in ex.reveal.items():
        st.session_state[key] = value
    st.session_state.setdefault(DONE_KEY, set()).add(ex.id)
    st.session_state[f"ex_checked_{ex.id}"] = True
    st.session_state[SCROLLS] = st.session_state.get(SCROLLS, 0) + 1   # a scroll is due (kept over an st.rerun)
    st.session_state[VERDICT] = ex.id
    st.session_state[REVEALED] = tuple(ex.reveal)


def _set(key, value):
    """A button of the projector's panel (open, ‹, ›, ✕, the question again): the panel shows a question in full."""
    st.session_state[key] = value
    st.session_state.pop(VERDICT, None)


def _keep(key, ex):
    st.session_state[f"ex_choice_{ex.id}"] = st.session_state.get(key)


def question(page, ex, number):
    """One exercise: its choices, Check (enabled once a choice is made) and, after Check, the verdict. The choice is
    kept aside as well: a question not drawn on a run (the projector's panel closed, or another question shown in it)
    loses its widget's state, and is drawn again with the student's choice."""
    if ex.numeric:
        return slider_question(page, ex, number)
    key = f"{page}_ex_{ex.id}"
    choice = st.radio(f"**{number}.** {ex.question}", range(len(ex.options)),
                      index=st.session_state.get(f"ex_choice_{ex.id}"), format_func=lambda i: ex.options[i], key=key,
                      on_change=_keep, args=(key, ex))
    st.button("Check", key=f"{page}_ex_{ex.id}_check", on_click=_check, args=(ex,), disabled=choice is None)
    ask_button(page, ex)   # in a live class, the lecturer's Ask the class (ui.poll_view)
    show_verdict(ex, choice)


def verdict(ex, choice):
    """(right, the verdict's sentence) once the exercise was checked with `choice` (its option's index); None before."""
    if not st.session_state.get(f"ex_checked_{ex.id}") or choice is None:
        return None
    if ex.numeric:
        if ex.is_right(choice):
            return True, f"✅ Right: {ex.symbol} = {ex.options[choice]}."
        return False, (f"Not quite — you set {ex.symbol} = {ex.options[choice]}; the answer is "
                       f"**{ex.right_text()}**.")
    if choice == ex.answer:
        return True, f"✅ Right. **{ex.options[ex.answer]}**."
    return False, f"Not quite — the answer is **{ex.options[ex.answer]}**."


def show_verdict(ex, choice, explain=True, where=st):
    """The verdict (green when right) in `where`, with the explanation unless `explain` is False."""
    found = verdict(ex, choice)
    if found:
        right, text = found
        (where.success if right else where.warning)(f"{text} {ex.explanation}" if explain else text)


def slider_question(page, ex, number):
    """A numeric exercise: the answer is the section's slider's value; Check takes it, then sets the reveal."""
    value = st.session_state.get(ex.slider)
    st.markdown(f"**{number}.** {ex.question}")
    st.caption(f"Answer with the section's {ex.symbol} slider above; Check takes its value, then shows the answer.")
    st.button(f"Check {ex.symbol} = {value:g}" if isinstance(value, (int, float)) else "Check",
              key=f"{page}_ex_{ex.id}_check", on_click=_check_value, args=(ex,), disabled=value_index(ex, value) is None)
    ask_button(page, ex)
    show_verdict(ex, st.session_state.get(f"ex_choice_{ex.id}"))


def listed(page, items):
    """Self-study: every question of the section under a heading, with the progress on this page."""
    done = st.session_state.get(DONE_KEY, set())
    st.subheader("Predict, then check")
    st.caption(f"{sum(ex.id in done for ex in items)} of {len(items)} done on this page. Commit to an answer first; "
               "**Check** then sets the sliders above to the configuration that shows it.")
    for n, ex in enumerate(items, 1):
        with st.container(border=True, key=f"explain_ex_{ex.id}"):
            question(page, ex, n)
    # Check brings the picture it changed onto the screen, away from the question: the verdict goes with it, a while
    checked = st.session_state.pop(VERDICT, None)
    ex = next((ex for ex in items if ex.id == checked), None)
    found = ex and verdict(ex, st.session_state.get(f"ex_choice_{ex.id}"))
    if found:
        st.toast(found[1], duration="long")   # (the explanation stays under the question)


def projected(page, items):
    """Presentation mode: a button "❓ Predict, then check" in the screen's top right corner opens a panel there
    (ui.classroom.PRESENTATION_CSS pins both) with one question at a time, ‹ › between them and ✕ to close; after
    Check the panel is a low card of the verdict alone (VERDICT), and ↩ shows the question in full again."""
    first = items[0].id
    shown, at = f"ex_open_{first}", f"ex_at_{first}"
    state = st.session_state
    if not state.get(shown):
        with st.container(key=f"ex_corner_{first}"):
            st.button(f"❓ Predict, then check ({len(items)})", key=f"{page}_ex_open_{first}", on_click=_set,
                      args=(shown, True), help="Open the section's questions over the corner of the screen")
        return
    n = min(state.get(at, 0), len(items) - 1)
    ex = items[n]
    brief = state.get(VERDICT) == ex.id and verdict(ex, state.get(f"ex_choice_{ex.id}"))
    with st.container(key=f"ex_{'verdict' if brief else 'panel'}_{first}", border=True):
        # the verdict alone stands in the row of the buttons (over them in a narrow card: ui.classroom's CSS)
        row = st.container(horizontal=True, vertical_alignment="center", gap="small")
        if brief:
            show_verdict(ex, state.get(f"ex_choice_{ex.id}"), explain=False, where=row)
            row.button("↩", key=f"{page}_ex_again_{first}", on_click=_set, args=(at, n),
                       help="The question again, with its choices and the explanation")
        else:
            row.markdown(f"**Predict, then check** · {n + 1} of {len(items)}", width="stretch")
        row.button("‹", key=f"{page}_ex_prev_{first}", on_click=_set, args=(at, n - 1), disabled=n == 0,
                   help="Previous question")
        row.button("›", key=f"{page}_ex_next_{first}", on_click=_set, args=(at, n + 1),
                   disabled=n == len(items) - 1, help="Next question")
        row.button("✕", key=f"{page}_ex_close_{first}", on_click=_set, args=(shown, False),
                   help="Close the questions (the page keeps what Check set)")
        if not brief:
            question(page, ex, n + 1)


# After Check the page reruns with the revealed settings; the chart they changed is brought onto the screen once
# Plotly has drawn it, and again while the app is still running and the page's layout settles around the redrawn
# charts (at most ~30 s). The screen's free band is what the fixed bars and cards leave over the chart's row (it and
# the charts beside it): Streamlit's header, the verdict's card at the top right (presenting), the class's panel or
# badge at the bottom. A chart in full view in that band is left where it is; else its top goes to the band's top
# (a scroll margin as tall as what covers it): the chart and what follows it are in view, what is above scrolls away.
SCROLLS = "ex_scrolls"     # Checks pressed in this session: a new script (a new element) for every Check
SCROLLED = "ex_scrolled"   # the last Check whose scroll was sent
SCROLL = """<script>/* check %d */ (() => { const key = %s; let tries = 0, calm = 0;
  const CARDS = 'header[data-testid="stHeader"], [class*="st-key-ex_verdict"], .st-key-poll_panel, ' +
                '.st-key-class_badge, .st-key-class_badge_small';
  const running = () => { const app = document.querySelector('[data-testid="stApp"]');
    return !!app && app.dataset.testScriptState === 'running'; };
  const band = (r, h) => { let top = 0, bottom = h, left = r.left, right = r.right;
    for (const p of document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')) {   // the chart's row
      const b = p.getBoundingClientRect();
      if (b.height && b.top < r.bottom && b.bottom > r.top) { left = Math.min(left, b.left); right = Math.max(right, b.right); } }
    for (const c of document.querySelectorAll(CARDS)) {
      const b = c.getBoundingClientRect(), position = getComputedStyle(c).position;
      if (!b.height || b.right <= left || b.left >= right || !['fixed', 'sticky'].includes(position)) continue;
      if (b.top + b.bottom < h) top = Math.max(top, b.bottom); else bottom = Math.min(bottom, b.top); }
    return [top, bottom]; };
  const go = () => {
    const box = document.querySelector('.st-key-' + key), plot = box && box.querySelector('.js-plotly-plot');
    if (plot && plot._fullLayout) {
      const r = box.getBoundingClientRect(), h = window.innerHeight, [top, bottom] = band(r, h);
      if (r.top < top - 1 || r.bottom > bottom + 1) {
        box.style.scrollMarginTop = top + 'px';
        box.scrollIntoView({block: 'start'}); }
      calm = running() ? 0 : calm + 1;
    }
    if (calm < 6 && tries++ < 120) setTimeout(go, 250); };
  go(); })();</script>"""


def main_chart(file):
    """The key of the main chart (TOPICS) of the section whose script is `file`; "" when it has none."""
    try:
        return find(Path(file).resolve().relative_to(ROOT).as_posix())[1].main_chart
    except (StopIteration, ValueError):
        return ""


def bring_chart_back(chart):
    """After a Check not yet followed by its scroll (its rerun may have been restarted by st.rerun before reaching
    the exercises), scroll the chart keyed `chart` onto the screen."""
    state = st.session_state
    due = state.get(SCROLLS, 0)
    if due != state.get(SCROLLED, 0):
        state[SCROLLED] = due
        if chart:
            st.html(SCROLL % (due, json.dumps(chart)), unsafe_allow_javascript=True)


def exercises(page, items, chart=None):
    """Draw a section's exercises (call it from the section's script: its main chart in TOPICS is the picture Check
    brings back onto the screen, unless `chart` names another); progress is kept in the session."""
    if chart is None:   # the section is the script calling this function
        chart = main_chart(sys._getframe(1).f_globals.get("__file__", ""))
    (projected if presenting() else listed)(page, items)
    after_exercises(items)   # a live class's polls: the section's exercises known, a Check's view published
    bring_chart_back(chart)
    link_revealed()


# Check sets its widgets' values from a callback. Streamlit writes such a value into the address bar only for a widget
# drawn on the run before: a widget Check brought (B's sliders when Compare turns on, a kernel's own parameter) was
# left out, and the link opened another picture. After Check's run the section has drawn them: ui.links writes each.
REVEALED = "ex_revealed"   # the widget keys the last Check set, until the run after it has drawn them


def link_revealed():
    """After Check's run (the section drew the revealed widgets): each revealed setting into the address bar."""
    keys = st.session_state.pop(REVEALED, ())
    if keys:
        write_drawn(keys)


def progress():
    """Exercises done in this session (for the home page)."""
    return len(st.session_state.get(DONE_KEY, set()))
