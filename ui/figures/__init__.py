"""The figure layer, by concern: `style` (toolbar config, layout, presentation look), `margins` (margins reserved on
the server; a finished figure as plain data), `caching` (one decorator for builders on a rerun path; `Built`, a figure
with what its builder says of its parts) and `builders` (the figures several topics share). Topic-specific builders
live in their topic (`pages/<topic>/figures.py`).

Importing from `ui.figures` gives the names below, whichever module holds them."""
from .builders import (
    CLASS_EDGE,
    MAX_HEATMAP,
    DecisionParts,
    add_classes,
    decision_map,
    gram_heatmap,
    level_lines,
    level_points,
    level_style,
    log_x_vline,
    scatter_classes,
    slice_line,
    spectrum_bars,
    surface_heatmap,
)
from .caching import FIGURE_CACHE, Built, cached_figure
from .margins import (
    CHAR,
    CHART_WIDTH,
    ENTRY,
    FILLED,
    GAP,
    ROW,
    THREE_D,
    Spec,
    reserve_margins,
    to_spec,
)
from .style import CHART_CONFIG, LEGEND_ABOVE, LEGEND_INSIDE, base_layout, marker_size, power_of_ten, under_axis

__all__ = ["CLASS_EDGE", "MAX_HEATMAP", "DecisionParts", "add_classes", "decision_map", "gram_heatmap", "level_lines",
           "level_points", "level_style", "log_x_vline", "scatter_classes", "slice_line", "spectrum_bars",
           "surface_heatmap", "FIGURE_CACHE", "Built", "cached_figure",
           "CHART_WIDTH", "CHAR", "ENTRY", "FILLED", "GAP", "ROW", "THREE_D", "Spec", "reserve_margins", "to_spec",
           "CHART_CONFIG", "LEGEND_ABOVE", "LEGEND_INSIDE", "base_layout", "marker_size", "power_of_ten", "under_axis"]
