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
/* the exercises (ui.exercises.projected): a button in the screen's corner, and the question it opens in a panel over
   that corner, outside the page's flow so the picture keeps the first screen */
[data-testid="stMain"] [class*="st-key-ex_corner"],
[data-testid="stMain"] [class*="st-key-ex_panel"] { position: fixed; right: 1rem; top: 4.4rem; z-index: 999990;
  width: auto; }
[data-testid="stMain"] [class*="st-key-ex_corner"] button { box-shadow: 0 2px 10px rgba(0, 0, 0, 0.25); }
[data-testid="stMain"] [class*="st-key-ex_panel"] { width: min(25rem, 44vw); max-height: calc(100vh - 5.4rem);
  overflow-y: auto; background: #fff; box-shadow: 0 4px 24px rgba(0, 0, 0, 0.3); }
[data-testid="stMain"] [class*="st-key-ex_panel"] [data-testid="stWidgetLabel"] p { font-size: 1.15rem; }
[data-testid="stMain"] [class*="st-key-ex_panel"] [role="radiogroup"] p { font-size: 1rem; }
/* Compare A / B (pages/svm/margins.py, pages/kernel_ridge/fit.py): the settings rows over the two pictures without
   their frames and a slim tools button beside the legend row, so both pictures and their sliders fit the first screen */
[data-testid="stMain"] [class*="st-key-ab_head"] [class*="_bar"] { border: none; padding: 0; }
[data-testid="stMain"] [class*="st-key-ab_head"] [data-testid="stElementContainer"]:has([data-testid="stSlider"]) {
  flex-basis: 5rem; }
[data-testid="stMain"] [class*="st-key-ab_tools"] > [data-testid="stElementContainer"] { flex: 1 1 0; min-width: 0; }
[data-testid="stMain"] [class*="st-key-ab_tools"] button { min-height: 0; padding-top: 0; padding-bottom: 0;
  font-size: 0.85rem; }
/* the larger type must not push topics into the navigation bar's "N more" menu at 1280 px */
[data-testid="stTopNavSection"], [data-testid="stTopNavLink"] { padding-left: 6px; padding-right: 6px; }
</style>"""


# Every view: the section starts right under the top navigation bar (Streamlit leaves 8rem above it), so the
# picture gets that room on a projector's first screen.
BASE_CSS = """<style>
[data-testid="stMainBlockContainer"] { padding-top: 4.5rem; }
/* Compare A / B: the legend row takes the width beside the tools button (and wraps inside it) */
[data-testid="stMain"] [class*="st-key-ab_tools"] > [data-testid="stElementContainer"] { flex: 1 1 0; min-width: 0; }
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
    st.html(PRESENTATION_CSS if presenting() else BASE_CSS)
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
