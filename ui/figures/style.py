"""Chart style: the toolbar config every chart shares, and the layout (fonts, markers, margins) of the normal and the
presentation look. Presentation mode is passed in (`present`), never read here."""
import math

import numpy as np

from ..theme import (
    DIVERGING,
    FONT_SIZE,
    INK,
    PRESENT_FONT_SIZE,
    PRESENT_MARKER_SIZE,
    SEQUENTIAL,
    TEMPLATE,
)

CHART_CONFIG = {
    # The Plotly toolbar on hover keeps one job: download the figure as PNG (made in the browser, offline).
    "displaylogo": False,
    "modeBarButtonsToRemove": ["zoom2d", "pan2d", "select2d", "lasso2d", "zoomIn2d", "zoomOut2d", "autoScale2d",
                               "resetScale2d", "toggleSpikelines", "hoverClosestCartesian", "hoverCompareCartesian",
                               "zoom3d", "pan3d", "orbitRotation", "tableRotation", "resetCameraDefault3d",
                               "resetCameraLastSave3d", "hoverClosest3d"],
    "toImageButtonOptions": {"format": "png", "scale": 2},
}




# A horizontal legend inside the plot's top edge (its box nearly opaque, so the curves under it do not cross its
# text), or above the plot.
TICK_INK = "#374151"   # a chart's type on a laptop: dark grey, 10:1 on white (Streamlit's theme: grey ticks, 3.7:1)
LEGEND_INSIDE = dict(orientation="h", x=0.01, y=0.99, yanchor="top", bgcolor="rgba(255,255,255,0.92)")
LEGEND_ABOVE = dict(orientation="h", y=1.02, yanchor="bottom", x=0)


def under_axis(label, title):
    """An x axis' title that also carries the chart's title, 'x₁ · slice along x₂ = 0': presenting, a short chart
    beside the main one keeps the ~45 px a title over it would take."""
    return f"{label} · {title[0].lower()}{title[1:]}" if title else label


def base_layout(fig, title=None, height=420, *, present, **kw):
    """The app's layout for `fig`: template, font, fixed height, small margins (reserved later by
    ui.figures.margins); presentation mode's larger type and markers when `present` (the section says which: a
    figure builder never reads the session)."""
    kw.setdefault("showlegend", False)
    if present:
        fig.update_traces(selector=dict(mode="markers"), marker_size=PRESENT_MARKER_SIZE)
        chart_type(fig, dict(size=PRESENT_FONT_SIZE, color=INK), log=True)
    else:
        chart_type(fig, dict(color=TICK_INK))
    fig.update_layout(title=title, height=height, template=TEMPLATE,
                      font_size=PRESENT_FONT_SIZE if present else FONT_SIZE,
                      margin=dict(l=10, r=10, t=50 if title else 10, b=10), **kw)
    return fig


def marker_size(size, present):
    """The size base_layout leaves a markers trace drawn at `size` with: presentation mode's own size when presenting
    (for a builder to say how its markers are drawn)."""
    return PRESENT_MARKER_SIZE if present else size


def chart_type(fig, font, log=False):
    """Tick labels, axis titles, colour-bar ticks and the legend in `font`: presentation type (PRESENT_FONT_SIZE, dark
    ink), or on a laptop the theme's size in TICK_INK. Streamlit's chart theme sets these fonts itself (grey ticks,
    3.7:1 on white; small on a projector); values in the figure win over its theme. `log`: log axes get their ticks as
    values (log_ticks)."""
    fig.update_xaxes(tickfont=font, title_font=font)
    fig.update_yaxes(tickfont=font, title_font=font)
    if log:
        for axis in (*fig.select_xaxes(), *fig.select_yaxes()):
            log_ticks(axis)
    fig.update_layout(legend_font=font)
    for trace in fig.data:
        # a colour bar of its own, or of its markers when they show a scale (touching an unused marker colour bar
        # would make Plotly draw it)
        holder = trace if "colorbar" in trace else trace.marker if "marker" in trace and trace.marker.showscale \
            else None
        if holder is not None:
            holder.colorbar.tickfont = font
            holder.colorbar.title.font = font
    return fig


def log_ticks(axis):
    """A log axis with Plotly's own ticks (its range set, no tick values or format of its own) gets its ticks as
    values: Plotly writes the 2 and 5 between the powers of ten at three quarters of the tick font (15 px on a
    projector). 1, 2 and 5 a decade over up to three decades, the powers of ten beyond, all in the axis' own type."""
    if axis.type != "log" or not axis.range or axis.tickvals is not None or axis.dtick is not None \
            or axis.tickformat or axis.exponentformat == "power":
        return
    lo, hi = sorted(axis.range)
    steps = (1, 2, 5) if hi - lo <= 3 else (1,)
    values = [m * 10.0 ** e for e in range(math.floor(lo), math.ceil(hi) + 1) for m in steps
              if lo <= math.log10(m) + e <= hi]
    axis.update(tickvals=values, ticktext=[f"{v:g}" for v in values])


def _colorscale(Z):
    """Diverging around 0 when the values change sign, sequential otherwise."""
    if float(np.min(Z)) < 0 < float(np.max(Z)):
        m = float(np.max(np.abs(Z)))
        return dict(colorscale=DIVERGING, zmin=-m, zmax=m)
    return dict(colorscale=SEQUENTIAL)




_SUPER = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def power_of_ten(n):
    """A decade's tick label, 10ⁿ with the exponent n (an integer) in superscript digits: '10⁻⁴'."""
    return "10" + str(int(n)).translate(_SUPER)
