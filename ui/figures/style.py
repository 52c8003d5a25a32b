"""Chart style: the toolbar config every chart shares, and the layout (fonts, markers, margins) of the normal and the
presentation look. Presentation mode is passed in (`present`), never read here."""
import numpy as np

from ..theme import (
    DIVERGING,
    FONT_SIZE,
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



def base_layout(fig, title=None, height=420, present=None, **kw):
    """The app's layout for `fig`: template, font, fixed height, small margins (reserved later by
    ui.figures.margins); presentation mode's larger type and markers when `present`. (present=None: the calling
    section has not said; the session's mode is used — sections not yet moved to explicit `present`.)"""
    kw.setdefault("showlegend", False)
    if present is None:
        from ..classroom import presenting
        present = presenting()
    if present:
        fig.update_traces(selector=dict(mode="markers"), marker_size=PRESENT_MARKER_SIZE)
    fig.update_layout(title=title, height=height, template=TEMPLATE,
                      font_size=PRESENT_FONT_SIZE if present else FONT_SIZE,
                      margin=dict(l=10, r=10, t=50 if title else 10, b=10), **kw)
    return fig


def _colorscale(Z):
    """Diverging around 0 when the values change sign, sequential otherwise."""
    if float(np.min(Z)) < 0 < float(np.max(Z)):
        m = float(np.max(np.abs(Z)))
        return dict(colorscale=DIVERGING, zmin=-m, zmax=m)
    return dict(colorscale=SEQUENTIAL)


