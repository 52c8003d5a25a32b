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
INK = "#1f2937"   # text on a chart (dark: a projector washes out grey)
MARKER_SIZE = 8
PRESENT_MARKER_SIZE = 13
SEQUENTIAL = "Viridis"
DIVERGING = "RdBu_r"

# A small Plotly template registered once: naming the stock "plotly_white" costs ~60 ms per figure
# (Plotly validates the whole template each time); this one costs almost nothing.
import plotly.graph_objects as go  # noqa: E402
import plotly.io as pio  # noqa: E402

_GRID = "#E5E8EF"
pio.templates["kernelscope"] = go.layout.Template(layout=dict(
    paper_bgcolor="white", plot_bgcolor="white", font=dict(color=INK),
    xaxis=dict(gridcolor=_GRID, zerolinecolor=_GRID, linecolor=_GRID, ticks=""),
    yaxis=dict(gridcolor=_GRID, zerolinecolor=_GRID, linecolor=_GRID, ticks=""),
    colorway=["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"],
))
pio.templates.default = "kernelscope"
TEMPLATE = "kernelscope"
DECISION = "RdBu"   # f < 0 red-orange (class −1), f > 0 blue (class +1): the colours of the markers
# The background of a name written in a chart's corner (Compare A / B's "A: …"): half clear, so a point the student
# clicked under it still shows.
TAG_BACKGROUND = "rgba(255,255,255,0.5)"
