"""Colours, markers and fonts: one place, legible on a projector and for colour-blind students."""

# Okabe-Ito palette: distinguishable with every common colour-vision deficiency.
CLASS_STYLE = {
    -1: {"name": "class −1", "color": "#D55E00", "symbol": "x"},
    1: {"name": "class +1", "color": "#0072B2", "symbol": "circle"},
}
ACCENT = "#009E73"
NEGATIVE = "#CC3311"
POSITIVE = "#0072B2"
FONT_SIZE = 14
PRESENT_FONT_SIZE = 20
MARKER_SIZE = 8
PRESENT_MARKER_SIZE = 13
SEQUENTIAL = "Viridis"
DIVERGING = "RdBu_r"
