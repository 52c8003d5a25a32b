"""Classroom controls in the sidebar: presentation mode and the link to the current view."""
from pathlib import Path

import streamlit as st

PRESENT_KEY = "present"

# Larger type (everything in Streamlit is sized in rem), full width, high contrast; explanations,
# "Show the code" and secondary controls hidden. Containers keyed "secondary_*" are secondary.
PRESENTATION_CSS = """<style>
html { font-size: 20px; }
[data-testid="stMainBlockContainer"] { max-width: 100%; padding: 4rem 1.5rem 2rem 1.5rem; }  /* just under the bar */
[data-testid="stMain"] { color: #000; }
.katex-display { overflow-x: auto; overflow-y: hidden; }   /* long formulas scroll instead of being cut */
[data-testid="stMain"] [data-testid="stCaptionContainer"],
[data-testid="stMain"] [data-testid="stExpander"],
[data-testid="stMain"] [class*="st-key-secondary"],
[data-testid="stMain"] [class*="st-key-explain"] { display: none; }
/* the exercises (ui.exercises.projected): a button in the screen's corner, and the question it opens in a panel over
   that corner, outside the page's flow so the picture keeps the first screen */
[data-testid="stMain"] [class*="st-key-ex_corner"],
[data-testid="stMain"] [class*="st-key-ex_panel"],
[data-testid="stMain"] [class*="st-key-ex_verdict"] { position: fixed; right: 1rem; top: 4.4rem; z-index: 999990;
  width: auto; }
/* a section's heading across the page ends before the corner's button (a long title wraps instead of running under
   it) */
[data-testid="stMainBlockContainer"]:has([class*="st-key-ex_corner"]) > [data-testid="stVerticalBlock"]
  > [data-testid="stElementContainer"]:has(h4) { padding-right: 11rem; }
[data-testid="stMain"] [class*="st-key-ex_corner"] button { box-shadow: 0 2px 10px rgba(0, 0, 0, 0.25);
  min-height: 0; padding: 0.2rem 0.75rem; }   /* low: clear of a slider's value in the settings row under it */
[data-testid="stMain"] [class*="st-key-ex_panel"] { width: min(25rem, 44vw); max-height: calc(100vh - 5.4rem);
  overflow-y: auto; background: #fff; box-shadow: 0 4px 24px rgba(0, 0, 0, 0.3); }
/* after Check the panel is the verdict alone (ui.exercises.VERDICT): a low bar over the topic menu at the top of the
   screen (beside the » of the sidebar), two lines at most, its buttons at its end, so every section's picture and the
   settings Check moved stay in sight, a settings row beside the heading too (/perceptron-knn); ↩ shows it whole, ✕
   brings the menu back */
[data-testid="stMain"] [class*="st-key-ex_verdict"] { top: 0.35rem; left: 4rem; max-height: 2.9rem;
  overflow: hidden; padding: 0.1rem 0.4rem; background: #fff; box-shadow: 0 2px 10px rgba(0, 0, 0, 0.25);
  z-index: 1000001; }
[data-testid="stMain"] [class*="st-key-ex_verdict"] [data-testid="stLayoutWrapper"]:first-child > div {
  justify-content: flex-end; }
[data-testid="stMain"] [class*="st-key-ex_verdict"] [data-testid="stElementContainer"]:has([data-testid="stAlert"]) {
  flex: 1 1 0; }
[data-testid="stMain"] [class*="st-key-ex_verdict"] button { min-height: 0; padding: 0.1rem 0.8rem; }
[data-testid="stMain"] [class*="st-key-ex_verdict"] [data-testid="stAlert"] p { font-size: 0.9rem; line-height: 1.25;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
[data-testid="stMain"] [class*="st-key-ex_verdict"] [data-testid="stAlertContainer"] { padding: 0.15rem 0.6rem; }
/* An open question would cover a picture (map B, the second of a pair, a spectrum in the right column): the page makes
   room for it on the right instead, so the pictures (narrower) and the question stand side by side */
[data-testid="stMainBlockContainer"]:has([class*="st-key-ex_panel"]) { padding-right: 23.5rem; }
[data-testid="stMain"] [class*="st-key-ex_panel"] { width: 22rem; }
/* (Compare A / B's two maps need the width: there the panel is narrower) */
[data-testid="stMainBlockContainer"]:has([class*="st-key-ex_panel"]):has([class*="st-key-ab_head"]) {
  padding-right: 20.5rem; }
[data-testid="stMain"]:has([class*="st-key-ab_head"]) [class*="st-key-ex_panel"] { width: 19rem; }
/* there the section's heading steps out of sight (kept for screen readers; the panel and the topic bar name the
   page) so the two pictures keep their height on a 720 px screen under the settings rows, which wrap in the narrower
   page; and the panel's title row keeps its buttons on its line */
[data-testid="stMainBlockContainer"]:has([class*="st-key-ex_panel"]):has([class*="st-key-ab_head"])
  [data-testid="stElementContainer"]:has(> [data-testid="stMarkdown"] h4) { position: absolute; width: 1px;
  height: 1px; overflow: hidden; clip-path: inset(50%); }
[data-testid="stMain"] [class*="st-key-ex_panel"] > div > [data-testid="stHorizontalBlock"]:first-child,
[data-testid="stMain"] [class*="st-key-ex_panel"] [data-testid="stLayoutWrapper"]:first-child > div {
  flex-wrap: nowrap; }
[data-testid="stMain"] [class*="st-key-ex_panel"] [data-testid="stWidgetLabel"] p { font-size: 1.15rem; }
[data-testid="stMain"] [class*="st-key-ex_panel"] [role="radiogroup"] p { font-size: 1rem; }
/* Compare A / B (pages/svm/margins.py, pages/kernel_ridge/fit.py): the settings rows over the two pictures without
   their frames and a slim tools button beside the legend row, so both pictures and their sliders fit the first screen */
[data-testid="stMain"] [class*="st-key-ab_head"] [class*="_bar"] { border: none; padding: 0; }
[data-testid="stMain"] [class*="st-key-ab_head"] [data-testid="stElementContainer"]:has([data-testid="stSlider"]) {
  flex-basis: 5rem; }
[data-testid="stMain"] [class*="st-key-ab_tools"] button { min-height: 0; padding-top: 0; padding-bottom: 0;
  font-size: 0.85rem; }
/* a row of step buttons beside a picture (/svm-subgradient): low buttons, so both rows stay on a 720 px screen */
[data-testid="stMain"] .st-key-step_buttons button { min-height: 0; padding: 0.15rem 0.7rem; }
/* /svm-gauss-laplace: the bar over the two maps without its frame, so the maps' x tick labels are on a 720 px screen */
[data-testid="stMain"] .st-key-pair_maps .st-key-topic_bar { border: none; padding: 0; }
/* the larger type must not push topics into the navigation bar's "N more" menu at 1280 px */
[data-testid="stTopNavSection"], [data-testid="stTopNavLink"] { padding-left: 6px; padding-right: 6px; }
[class*="st-key-history_entries"], [class*="st-key-nav_mark"] { display: none; }
/* a settings bar beside the picture: its select boxes first, side by side, then γ's log slider on a row of its own
   (its four decades get the column's width, not half of it), then the other sliders */
[data-testid="stColumn"] .st-key-topic_bar > .stElementContainer:has([data-testid="stSelectbox"]) { order: 0; }
[data-testid="stColumn"] .st-key-topic_bar > .stElementContainer:has([data-testid="stSlider"]) { order: 2; }
[data-testid="stColumn"] .st-key-topic_bar > .stElementContainer[class*="_gamma"] {
  order: 1; flex: 1 1 100%; min-width: 100%; }
/* ... but not in Compare A / B's settings row, which holds A's and B's bars side by side in one row */
[data-testid="stMain"] [class*="st-key-ab_head"] .st-key-topic_bar > .stElementContainer { order: 0; }
[data-testid="stMain"] [class*="st-key-ab_head"] .st-key-topic_bar > .stElementContainer[class*="_gamma"] {
  flex: 1 1 5rem; min-width: 0; }
/* the sidebar's side-by-side buttons ("Table / CSV", "Undo") stack: presentation type makes them too wide for it */
[data-testid="stSidebar"] [data-testid="stHorizontalBlock"]:has(button) { flex-wrap: wrap; }
[data-testid="stSidebar"] [data-testid="stHorizontalBlock"]:has(button) > [data-testid="stColumn"] { min-width: 100%; }
/* a bar of two columns beside the picture stacks them when the column is narrow (the sidebar open); a bar of more
   columns (a section's title beside its one-row bar) keeps its row */
[data-testid="stColumn"] .st-key-topic_bar [data-testid="stHorizontalBlock"]:has(> :nth-child(2):last-child) {
  flex-wrap: wrap; }
[data-testid="stColumn"] .st-key-topic_bar [data-testid="stHorizontalBlock"]:has(> :nth-child(2):last-child)
  > [data-testid="stColumn"] { min-width: 9rem; }
</style>"""


# Every view, presenting or not: nothing cut at a narrow width (a 1280 px projector with the sidebar open).
# - The navigation bar's room excludes its right padding: its overflow list measures the bar's width with the padding,
#   so the last topic (or the "N more" menu) ran under the window's edge.
# - A segmented control (the click modes "Add class +1 (●)" · "Add class −1 (✕)" · "Remove") wraps instead of
#   scrolling its last button out of its column.
# - A select box's choice (an input) gets its padding as text room: "Poly (PSD for r ≥ 0)" in a narrow bar.
LAYOUT_CSS = """<style>
/* Compare A / B: the legend row takes the width beside the switch and the tools button (and wraps inside it); on a
   phone, where 16rem are not left beside them, it takes a line of its own */
[data-testid="stMain"] [class*="st-key-ab_tools"] > [data-testid="stElementContainer"]:has([data-testid="stMarkdown"]) {
  flex: 1 1 16rem; min-width: 0; }
/* (Streamlit pulls a markdown block 1rem up into what follows: on a phone the legend's third line ran under map A; on
   wider screens the maps' top margin takes that 1rem) */
@media (max-width: 640px) { [data-testid="stMain"] [class*="st-key-ab_tools"] .ks-legend { margin-bottom: 1rem; } }
[data-testid="stSelectbox"] input[role="combobox"] { padding-left: 0.3rem; padding-right: 0; }
[data-testid="stTopNav"] { padding-right: 0 !important; margin-right: 1.25rem; }
[data-testid="stButtonGroup"] > div:has(> button) { flex-wrap: wrap; }
</style>"""

# Every view: the section starts right under the top navigation bar (Streamlit leaves 8rem above it), so the
# picture gets that room on a projector's first screen.
BASE_CSS = """<style>
[data-testid="stMainBlockContainer"] { padding-top: 4.5rem; }
[class*="st-key-history_entries"], [class*="st-key-nav_mark"] { display: none; }  /* scripts only (even unloaded) */
</style>"""


def classroom_css():
    """The layout CSS of this run: every view's, and the projector's or the laptop's."""
    return LAYOUT_CSS, PRESENTATION_CSS if presenting() else BASE_CSS


def presenting():
    """Presentation mode is on (the sidebar's toggle, or `?present=true` in a link before the toggle has run)."""
    if PRESENT_KEY in st.session_state:
        return bool(st.session_state[PRESENT_KEY])
    return st.query_params.get(PRESENT_KEY, "").lower() == "true"


def classroom_sidebar():
    """The sidebar's classroom controls. Returns the place of the view's link, filled by `link_to_view` once the
    section has run (it knows then which settings the address bar shows)."""
    sb = st.sidebar
    sb.markdown("### Classroom")
    sb.toggle("🎦 Presentation mode", key=PRESENT_KEY, bind="query-params",
              help="Large type and markers for a projector; explanations and secondary controls hidden.")
    with sb.popover("🔗 Link to this view", width="stretch"):
        st.caption("Copy this address: it opens this page with the same settings and points in any browser.")
        return st.empty()


# The field and its Copy button side by side, two lines tall: the popover opens under its button near the sidebar's
# foot, in as little as ~150 px of a 720 px screen, and the button must not fall below it.
LINK_HTML = """<div class="ks-link-wrap"><textarea class="ks-link-field" readonly rows="2" aria-label="Link to this view"
spellcheck="false"></textarea><div class="ks-link-row"><button type="button" title="Copy the link">📋 Copy link</button>
<span class="ks-link-said" aria-live="polite"></span></div></div>"""
LINK_CSS = """.ks-link-wrap { display: flex; gap: 0.6rem; align-items: flex-start; }
.ks-link-field { box-sizing: border-box; flex: 1 1 auto; min-width: 0; resize: none; word-break: break-all;
  font-family: monospace; font-size: 0.8rem; line-height: 1.35; padding: 0.35rem 0.5rem; border: 1px solid #9ca3af;
  border-radius: 0.4rem; background: #f8fafc; color: #111827; }
.ks-link-row { display: flex; flex-direction: column; gap: 0.2rem; align-items: flex-start; flex: none; }
.ks-link-row button { font-size: 0.9rem; padding: 0.3rem 0.8rem; border-radius: 0.4rem; cursor: pointer; white-space: nowrap;
  border: 1px solid #0072B2; background: #0072B2; color: #fff; }
.ks-link-row button:hover, .ks-link-row button:focus-visible { background: #005a8c; }
.ks-link-said { font-size: 0.8rem; color: #1f2937; }"""
_LINK = st.components.v2.component("kernelscope.view_link", html=LINK_HTML, css=LINK_CSS,
                                   js=(Path(__file__).parent / "view_link.js").read_text())


def link_to_view(slot, keys=()):
    """Into `slot` (from classroom_sidebar), after the section has run: the address of this view in a field with a
    Copy button, always visible. The browser fills it from the address bar as it is (ui/view_link.js): a move inside
    a section's fragment changes the address without rerunning this sidebar. Added to it: the topic's settings
    (`keys`) the address bar does not show because this section draws no widget for them (ui.settings.link_params),
    so the link opened elsewhere keeps them for the other sections."""
    with slot:
        _LINK(key="view_link", data={"extras": link_extras(keys)})


def link_extras(keys=()):
    """{key: [texts]}: the topic's settings as the student left them that are not in the address bar after the
    section's run (a setting this section draws is in the bar unless at its default; then it is left out too)."""
    from .settings import link_params

    return {k: v for k, v in link_params(keys).items() if k not in st.query_params}


def explain(markdown):
    """Explanatory text: shown to students, hidden in presentation mode."""
    if not presenting():
        st.markdown(markdown)
