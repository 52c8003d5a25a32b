"""Classroom controls in the sidebar: presentation mode and the link to the current view."""
from urllib.parse import urlencode

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
/* the larger type must not push topics into the navigation bar's "N more" menu at 1280 px */
[data-testid="stTopNavSection"], [data-testid="stTopNavLink"] { padding-left: 6px; padding-right: 6px; }
/* a settings bar beside the picture: its select boxes first, side by side, then γ's log slider on a row of its own
   (its four decades get the column's width, not half of it), then the other sliders */
[data-testid="stColumn"] .st-key-topic_bar > .stElementContainer:has([data-testid="stSelectbox"]) { order: 0; }
[data-testid="stColumn"] .st-key-topic_bar > .stElementContainer:has([data-testid="stSlider"]) { order: 2; }
[data-testid="stColumn"] .st-key-topic_bar > .stElementContainer[class*="_gamma"] {
  order: 1; flex: 1 1 100%; min-width: 100%; }
/* the sidebar's side-by-side buttons ("Table / CSV", "Undo") stack: presentation type makes them too wide for it */
[data-testid="stSidebar"] [data-testid="stHorizontalBlock"]:has(button) { flex-wrap: wrap; }
[data-testid="stSidebar"] [data-testid="stHorizontalBlock"]:has(button) > [data-testid="stColumn"] { min-width: 100%; }
/* a bar of two columns beside the picture stacks them when the column is narrow (the sidebar open) */
[data-testid="stColumn"] .st-key-topic_bar [data-testid="stHorizontalBlock"] { flex-wrap: wrap; }
[data-testid="stColumn"] .st-key-topic_bar [data-testid="stHorizontalBlock"] > [data-testid="stColumn"] {
  min-width: 9rem; }
</style>"""


# Every view, presenting or not: nothing cut at a narrow width (a 1280 px projector with the sidebar open).
# - The navigation bar's room excludes its right padding: its overflow list measures the bar's width with the padding,
#   so the last topic (or the "N more" menu) ran under the window's edge.
# - A segmented control (the click modes "Add class +1 (●)" · "Add class −1 (✕)" · "Remove") wraps instead of
#   scrolling its last button out of its column.
# - A select box's choice (an input) gets its padding as text room: "Poly (PSD for r ≥ 0)" in a narrow bar.
LAYOUT_CSS = """<style>
[data-testid="stSelectbox"] input[role="combobox"] { padding-left: 0.3rem; padding-right: 0; }
[data-testid="stTopNav"] { padding-right: 0 !important; margin-right: 1.25rem; }
[data-testid="stButtonGroup"] > div:has(> button) { flex-wrap: wrap; }
</style>"""

# Every view: the section starts right under the top navigation bar (Streamlit leaves 8rem above it), so the
# picture gets that room on a projector's first screen.
BASE_CSS = """<style>
[data-testid="stMainBlockContainer"] { padding-top: 4.5rem; }
</style>"""


def presenting():
    """Presentation mode is on (the sidebar's toggle, or `?present=true` in a link before the toggle has run)."""
    if PRESENT_KEY in st.session_state:
        return bool(st.session_state[PRESENT_KEY])
    return st.query_params.get(PRESENT_KEY, "").lower() == "true"


def classroom_sidebar(keys=()):
    """The sidebar's classroom controls; `keys`: the open section's topic settings (for the view's link)."""
    sb = st.sidebar
    sb.markdown("### Classroom")
    sb.toggle("🎦 Presentation mode", key=PRESENT_KEY, bind="query-params",
              help="Large type and markers for a projector; explanations and secondary controls hidden.")
    st.html(LAYOUT_CSS + (PRESENTATION_CSS if presenting() else BASE_CSS))
    with sb.popover("🔗 Link to this view", width="stretch"):
        st.caption("Copy this address (button at its right): it opens this page with the same settings "
                   "and points in any browser.")
        st.code(view_link(keys), language=None, wrap_lines=True)


def view_link(keys=()):
    """The address of this view: the address bar's parameters and the topic's settings (`keys`) as the student left
    them (ui.settings.link_params: a setting carried from another section is not in the address bar yet)."""
    from .settings import link_params

    base = (st.context.url or "http://localhost:8501/").split("?")[0]
    params = {k: st.query_params.get_all(k) for k in st.query_params}
    params.update(link_params(keys))
    return base + ("?" + urlencode(params, doseq=True) if params else "")


def explain(markdown):
    """Explanatory text: shown to students, hidden in presentation mode."""
    if not presenting():
        st.markdown(markdown)
