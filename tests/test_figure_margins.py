"""ui.figures.reserve_margins: the margins a figure is sent with grow with what Plotly would push them out for
(tick labels, axis titles, a colour bar, a legend outside the plot, larger type), so the browser draws each chart
once. Whether the estimates are wide enough for every real chart is checked in Chromium on every section
(tests/test_browser_sections.py, with tests/support/charts.py's assert_margins_reserved). A cached builder's
Spec carries the parts the builder declared (ui.figures.Built)."""
import pickle

import numpy as np
import plotly.graph_objects as go
import pytest

from ui import figures
from ui.theme import FONT_SIZE, INK, PRESENT_FONT_SIZE


def margins(fig):
    return figures.to_spec(fig)["layout"]["margin"]


def line(title=None, font=FONT_SIZE, **axes):
    fig = go.Figure(go.Scatter(x=np.arange(5.0), y=np.arange(5.0), name="line"))
    fig.update_layout(title=title, height=400, font_size=font, showlegend=False)
    fig.update_xaxes(**axes.get("x", {}))
    fig.update_yaxes(**axes.get("y", {}))
    return fig


def heat(**colorbar):
    fig = go.Figure(go.Heatmap(z=np.eye(3), colorbar=colorbar))
    return fig.update_layout(height=400, font_size=FONT_SIZE)


def legend_below(names, chart_width=None, font=FONT_SIZE):
    fig = go.Figure([go.Scatter(x=[0, 1], y=[0, 1], name=n) for n in names])
    fig.update_layout(height=400, font_size=font, showlegend=True,
                      legend=dict(orientation="h", y=-0.2, yanchor="top"),
                      meta=dict(chart_width=chart_width) if chart_width else None)
    return fig


def test_every_side_is_an_integer_and_at_least_the_old_fixed_ten_pixels():
    m = margins(line())
    assert set(m) >= {"l", "r", "t", "b"}
    assert all(isinstance(v, int) and v >= 10 for v in m.values())


def test_a_title_and_axis_titles_widen_their_own_sides_only():
    plain, titled = margins(line()), margins(line("A title", x=dict(title="x₁"), y=dict(title="x₂")))
    assert titled["t"] > plain["t"] and titled["l"] > plain["l"] and titled["b"] > plain["b"]
    assert titled["r"] == plain["r"]


def test_hidden_tick_labels_need_less_room_than_shown_ones():
    shown = margins(line(y=dict(title="i")))
    hidden = margins(line(y=dict(title="i", showticklabels=False)))
    assert hidden["l"] < shown["l"]


def test_long_tick_texts_widen_the_left_margin():
    short = margins(line(y=dict(tickvals=[0, 4], ticktext=["0", "4"])))
    long = margins(line(y=dict(tickvals=[0, 4], ticktext=["0.000001", "1000000"])))
    assert long["l"] > short["l"]


def test_a_colour_bar_widens_the_right_margin_and_a_long_colour_bar_title_more():
    assert margins(heat())["r"] > margins(line())["r"]
    assert margins(heat(title="a rather long colour bar title"))["r"] > margins(heat(title="f"))["r"]
    hidden = go.Figure(go.Heatmap(z=np.eye(3), showscale=False)).update_layout(height=400, font_size=FONT_SIZE)
    assert margins(hidden)["r"] == margins(line())["r"]


def test_a_legend_below_the_plot_grows_the_bottom_margin_with_its_rows():
    one, many = margins(legend_below(["a", "b"])), margins(legend_below([f"entry number {i}" for i in range(8)]))
    assert many["b"] > one["b"] > margins(line())["b"]


def test_a_wider_chart_wraps_its_legend_into_fewer_rows():
    names = [f"entry number {i}" for i in range(8)]
    assert margins(legend_below(names, chart_width=900))["b"] < margins(legend_below(names))["b"]


def test_presentation_type_leaves_a_legend_below_the_plot_its_own_size():
    """Streamlit's chart theme draws legends at its own size: larger layout type must not reserve rows the legend
    never takes (which squashed the plot to a strip in presentation mode)."""
    names = [f"entry number {i}" for i in range(8)]
    small = margins(legend_below(names, chart_width=660))
    large = margins(legend_below(names, chart_width=660, font=PRESENT_FONT_SIZE))
    assert large["b"] - small["b"] < 60
    assert large["t"] + large["b"] < 400 / 2


def test_a_legend_at_the_right_widens_the_right_margin_with_its_longest_name():
    def right(names):
        fig = go.Figure([go.Scatter(x=[0, 1], y=[0, 1], name=n) for n in names])
        return margins(fig.update_layout(height=400, font_size=FONT_SIZE, showlegend=True))
    assert right(["a very long legend entry", "b"])["r"] > right(["a", "b"])["r"] > margins(line())["r"]


def test_a_legend_inside_the_plot_pushes_nothing():
    fig = go.Figure([go.Scatter(x=[0, 1], y=[0, 1], name=n) for n in "ab"])
    fig.update_layout(height=400, font_size=FONT_SIZE, showlegend=True, legend=dict(x=0.01, y=0.02))
    assert margins(fig) == margins(line()) | {"t": margins(fig)["t"]}


@pytest.mark.parametrize("build", [lambda f: line("T", f, x=dict(title="x"), y=dict(title="y")),
                                   lambda f: heat().update_layout(font_size=f)])
def test_presentation_type_widens_the_margins(build):
    small, large = margins(build(FONT_SIZE)), margins(build(PRESENT_FONT_SIZE))
    assert all(large[k] >= small[k] for k in "lrtb") and sum(large.values()) > sum(small.values())


def test_a_3d_scene_keeps_its_own_margins():
    fig = go.Figure(go.Scatter3d(x=[0, 1], y=[0, 1], z=[0, 1])).update_layout(margin=dict(l=3, r=4, t=5, b=6))
    assert margins(fig) == dict(l=3, r=4, t=5, b=6)


def test_cached_figures_are_sent_with_reserved_margins():
    fig = figures.spectrum_bars(np.array([3.0, 2.0, 1.0]), present=False)
    assert fig.to_dict()["layout"]["margin"] == figures.reserve_margins(figures.to_spec(
        figures.spectrum_bars.uncached(np.array([3.0, 2.0, 1.0]), present=False)))["layout"]["margin"]
    assert fig.to_dict()["layout"]["margin"]["l"] > 10


@figures.cached_figure
def _two_lines(n, present=False):
    """A builder that says where its second line is (a Built)."""
    fig = go.Figure(go.Scatter(x=[0.0, 1.0], y=[0.0, 1.0]))
    second = len(fig.data)
    fig.add_trace(go.Scatter(x=[0.0, 1.0], y=[n, n]))
    return figures.Built(fig, (second, "line"))


def test_a_builders_parts_come_with_its_cached_figure():
    """The Spec of a builder that returns a Built has its parts, kept through the cache (a hit is unpickled) and a
    Spec's own pickling; a builder that returns a figure gives None."""
    first, again = _two_lines(2.0, present=False), _two_lines(2.0, present=False)
    assert first.parts == again.parts == (1, "line") and first.to_dict()["data"][1]["y"] == [2.0, 2.0]
    assert pickle.loads(pickle.dumps(first)).parts == (1, "line")
    assert _two_lines.uncached(2.0).parts == (1, "line")
    assert figures.spectrum_bars(np.array([3.0, 2.0, 1.0]), present=False).parts is None


def test_a_legend_under_a_short_plot_moves_below_the_axis_title_and_the_chart_grows():
    """A legend under the plot hangs |y| plot heights below it, the x axis' tick labels and title a fixed height:
    in presentation type they would overlap. The legend moves down to clear two lines of that type (tick labels
    and title), and the chart grows by as much, so the plot keeps at least half the chart's height."""
    fig = legend_below(["class −1", "class +1"], font=PRESENT_FONT_SIZE).update_xaxes(title="x₁")
    layout = figures.to_spec(fig)["layout"]
    m, y = layout["margin"], layout["legend"]["y"]
    plot = layout["height"] - m["t"] - m["b"]
    assert y < -0.2 and layout["height"] > 400
    assert -y * plot >= 2 * 1.2 * PRESENT_FONT_SIZE   # the legend's top (yanchor top) under both lines of text
    assert plot >= 400 / 2


def test_a_legend_already_clear_of_the_axis_stays_where_its_figure_put_it():
    fig = legend_below(["a", "b"]).update_layout(legend_y=-0.6)
    layout = figures.to_spec(fig)["layout"]
    assert layout["legend"]["y"] == -0.6 and layout["height"] == 400


def test_a_colour_bar_under_an_untitled_chart_starts_below_plotlys_toolbar():
    spec = figures.to_spec(heat())                        # no title: the top margin is 10 px, the toolbar ~30 px
    layout, bar = spec["layout"], spec["data"][0]["colorbar"]
    plot_h = layout["height"] - layout["margin"]["t"] - layout["margin"]["b"]
    top = layout["margin"]["t"] + (1 - bar["len"]) * plot_h   # px from the chart's top to the bar's top
    assert bar["y"] == 0 and bar["yanchor"] == "bottom" and top >= figures.margins.MODEBAR - 1
    titled = figures.to_spec(heat().update_layout(title="a title"))["data"][0].get("colorbar", {})
    assert "len" not in titled                            # under a title the toolbar stands in the title's room


def test_a_legend_name_is_measured_by_its_text_not_its_tags():
    plain = legend_below(["━━ samples", "mean"])
    tagged = legend_below(['<span style="color:#E69F00">━</span><span style="color:#CC79A7">━</span> samples', "mean"])
    assert margins(tagged) == margins(plain)


def test_presentation_type_is_large_and_dark_on_ticks_legend_and_colour_bar():
    fig = figures.base_layout(heat(), present=True)
    fig.add_trace(go.Scatter(x=[0, 1], y=[0, 1], name="a"))
    spec = figures.to_spec(fig)
    layout = spec["layout"]
    for font in (layout["xaxis"]["tickfont"], layout["yaxis"]["tickfont"], layout["legend"]["font"],
                 spec["data"][0]["colorbar"]["tickfont"]):
        assert font["size"] >= PRESENT_FONT_SIZE and font["color"] == INK
    laptop = figures.to_spec(figures.base_layout(heat(), present=False))
    for font in (laptop["layout"]["xaxis"]["tickfont"], laptop["layout"]["yaxis"]["tickfont"],
                 laptop["data"][0]["colorbar"]["tickfont"]):
        assert "size" not in font and contrast(font["color"], "#ffffff") >= 7   # the theme's size, dark grey ink


def contrast(a, b):
    """WCAG 2's contrast ratio of two "#rrggbb" colours."""
    def luminance(hex_colour):
        c = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
