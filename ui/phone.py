"""Phones as first-class screens (390x844, 360x800, touch). The server cannot know the screen's width, so this is
done in the browser: CSS below Streamlit's own column breakpoint (640 px) and a page script (ui/phone.js) that lays
each chart out for the narrow screen after Plotly has drawn it (colour bars and legends under the plot, thin side
margins, a fixed-aspect map as tall as its data's aspect asks, a title too long for the chart wrapped into lines).
Mounted once per run by ui.accessibility."""
import streamlit as st

from .scripts import page_script

BREAK = 640   # px: as ui/phone.js's BREAK, where Streamlit stacks st.columns
# - The page's side padding halved (1 rem to 0.5 rem): 16 px more for every picture.
# - A sideways finger drag on a picture is the app's (the live sweep's, a click catcher's): the browser keeps only
#   vertical panning there, so it no longer cancels the gesture (pointercancel) to scroll; a vertical swipe still
#   scrolls the page.
# - A section's two columns (the picture | the bar, the click tools, the formula and numbers) become one column in the
#   order a phone needs: the topic's bar, then what a click on the picture does, then the picture, then the rest, so
#   the controls that change the picture stand right above it.
# - A formula that still scrolls sideways (ui/accessibility.js made it a scroll region) shows a shadow at the edge
#   that has more, so the cut is visibly a scroll.
# - Touch targets of at least 24 px (WCAG 2.5.8) for the small buttons Streamlit draws (a help "?" icon, the
#   segmented control's options).
# - A page link's label wraps (Streamlit cuts it at the link's width): Home's lecture map names its items in full.
# - The sidebar is the phone's menu: its open button says "Sections" beside the » (and ui/phone.js closes it once a
#   section is chosen in it).
_BAR = ':is(.st-key-topic_bar, [data-testid="stLayoutWrapper"]:has(> .st-key-topic_bar))'   # (a bordered container's wrapper)
_MODE = '[class*="_click_mode"]'
_SIDE = '> [data-testid="stColumn"]:nth-child(2) > [data-testid="stVerticalBlock"] >'   # the right column's children
_TWO = (f'[data-testid="stHorizontalBlock"]:is(:has({_SIDE} .st-key-topic_bar), :has({_SIDE} {_MODE}),'
        f' :has({_SIDE} [data-testid="stLayoutWrapper"] > .st-key-topic_bar))')   # (no :has inside a :has)
PHONE_CSS = f"""
[data-testid="stMain"] .js-plotly-plot .nsewdrag {{ touch-action: pan-y; }}
[data-testid="stPageLink-NavLink"] :is(span, p) {{ white-space: normal; }}
[class*="st-key-clickable_"] {{ touch-action: pan-y; }}
@media (max-width: {BREAK - 0.02}px) {{
  [data-testid="stMainBlockContainer"] {{ padding-left: 0.5rem; padding-right: 0.5rem; }}
  [data-testid="stExpandSidebarButton"] {{ width: auto; padding: 0 0.4rem; gap: 0.2rem; }}
  [data-testid="stExpandSidebarButton"]::after {{ content: "Sections"; font-size: 0.95rem; font-weight: 600; }}
  {_TWO} {{ flex-direction: column; }}
  {_TWO} > [data-testid="stColumn"], {_TWO} > [data-testid="stColumn"] > [data-testid="stVerticalBlock"] {{
    display: contents; }}
  {_TWO} > [data-testid="stColumn"] > [data-testid="stVerticalBlock"] > * {{ order: 3; }}
  {_TWO} > [data-testid="stColumn"] > [data-testid="stVerticalBlock"] > {_BAR} {{ order: 0; }}
  {_TWO} > [data-testid="stColumn"] > [data-testid="stVerticalBlock"] > {_MODE} {{ order: 1; }}
  {_TWO} > [data-testid="stColumn"]:first-child > [data-testid="stVerticalBlock"] > * {{ order: 2; }}
  .katex-display[role="region"] {{
    background: linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 24px 100% no-repeat local,
      linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 24px 100% no-repeat local,
      radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.28), transparent) left / 10px 100% no-repeat scroll,
      radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.28), transparent) right / 10px 100% no-repeat scroll;
  }}
}}
"""
# The chart fitter's parts: what a drawn chart measures, its layout for a phone, its title wrapped to its width, and
# the entry (drawing it, the menu).
_PHONE = page_script("phone", ("phone_measure.js", "phone_layout.js", "phone_title.js", "phone.js"), "phone_fit")


def phone():
    """The chart fitter (in the sidebar, with ui.accessibility's: no gap in the main area); PHONE_CSS goes first in the
    run (app.py, ui.styles)."""
    with st.container(key="phone_fit"):
        _PHONE(key="phone_fit_listener", data={"enabled": True})
