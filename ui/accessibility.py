"""What every view needs for students who read with low vision, a keyboard, a screen reader or a phone: text
contrast that passes WCAG AA, strong focus rings, and formulas that fit their box (scaled down to fit, and a
focusable, named scroll region where even that is not enough), and charts that a screen reader can read: a name and
a description with the current numbers (ui/accessibility.js). Mounted once per run by app.py."""
import streamlit as st

from .phone import phone
from .scripts import page_script

# Streamlit fades captions to opacity 0.6 (2.9:1 on white); this grey is 7.6:1. Focus rings: 3 px of class +1's blue
# with a white halo, visible on white, on the blue of a selected control and on a plot; a slider's focus is on its
# visually hidden range input, so the ring goes on the thumb that holds it.
ACCESSIBLE_CSS = """
[data-testid="stCaptionContainer"] { opacity: 1; color: #4b5563; }
/* Plotly's toolbar button (download as PNG) is 22 px tall: a touch target of 24 px at least (WCAG 2.5.8) */
.js-plotly-plot .plotly .modebar-btn { height: 24px !important; min-width: 24px; }
:focus-visible, [role="slider"]:focus-visible, :has(> input[type="range"]:focus-visible) {
  outline: 3px solid #0072B2 !important; outline-offset: 2px; box-shadow: 0 0 0 5px #fff !important;
}
/* A control whose focused element sits inside a box that clips it (a select's or a number input's text field, a
   text area, a table's grid; a toggle's, a check box's or a radio button's input, clipped to nothing) rings the
   whole control instead, inside its edge where the control's own box clips (a select, a text area); a table's
   toolbar buttons ring themselves, and the buttons of a segmented control, clipped by their group, ring themselves
   inside their own edge. */
[data-testid="stNumberInputContainer"]:has(input:focus-visible),
[data-testid="stDataFrame"]:has(.stDataFrameGlideDataEditor :focus-visible),
[data-testid="stCheckbox"] label:has(input:focus-visible), [data-testid="stRadio"] label:has(input:focus-visible) {
  outline: 3px solid #0072B2 !important; outline-offset: 2px; box-shadow: 0 0 0 5px #fff !important; }
[data-testid="stSelectbox"] div:has(> input:focus-visible), [data-testid="stMultiSelect"] div:has(> input:focus-visible),
[data-testid="stTextAreaRootElement"]:has(textarea:focus-visible) {
  outline: 3px solid #0072B2 !important; outline-offset: -3px; }
[data-testid="stSelectbox"] input:focus-visible, [data-testid="stMultiSelect"] input:focus-visible,
[data-testid="stNumberInputContainer"] input:focus-visible, [data-testid="stTextAreaRootElement"] textarea:focus-visible,
.stDataFrameGlideDataEditor :focus-visible { outline: none !important; box-shadow: none !important; }
/* room under the page's last control (Prev / Next, "Show the code") for its ring */
[data-testid="stMainBlockContainer"] { padding-bottom: max(2rem, 24px); }
[data-testid="stButtonGroup"] button:focus-visible { outline-offset: -5px; box-shadow: none !important; }
/* a disabled control's label: still a distinct grey, but 4.8:1 (Streamlit's is 2.3:1); a number input whose − or + is
   disabled at its end of the range is not a disabled control */
[data-testid="stElementContainer"]:has(input:disabled, textarea:disabled, [aria-disabled="true"]:not(button))
  [data-testid="stWidgetLabel"] p {
  color: #6b7280 !important; }
.kernelscope-crosshair { width: 24px; height: 24px; pointer-events: none; z-index: 999990; border-radius: 50%;
  border: 3px solid #000; box-shadow: 0 0 0 2px #fff, inset 0 0 0 2px #fff;
  background: radial-gradient(circle, #000 2px, transparent 3px); }
.kernelscope-sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
"""
_FIT = page_script("a11y_fit", "accessibility.js", "a11y_fit")


def accessibility():
    """The formula fitter and the chart describer, in the sidebar: an element of the main area, even an empty one,
    would push the section's picture down by a gap. ACCESSIBLE_CSS goes first in the run (app.py, ui.styles)."""
    with st.sidebar:
        with st.container(key="a11y_fit"):
            _FIT(key="a11y_fit_listener", data={"enabled": True})
        phone()
