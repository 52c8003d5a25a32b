"""Kernel ridge › cross-validation's figures: the held-out error over a grid of two settings (a heatmap, the best
cell starred) and training against held-out error along one setting; in the topic's style
(pages/kernel_ridge/figures.py)."""
import numpy as np
import plotly.graph_objects as go

from ui.figures import base_layout, cached_figure, log_x_vline, power_of_ten
from ui.theme import ACCENT, NEGATIVE

from .figures import _f32, height, legend


@cached_figure
def cv_heatmap(res, grid_name, current, present=False):
    """log10 CV error over (grid parameter, λ); the best setting starred, the current one ringed."""
    gvals = np.array([s[grid_name] for s in res.settings])
    Z = _f32(np.log10(res.errors))
    fig = go.Figure(go.Heatmap(x=np.arange(len(gvals), dtype=np.int32), y=np.arange(len(res.lams), dtype=np.int32),
                               z=Z, colorscale="Viridis_r", colorbar=dict(title="log₁₀ CV MSE", thickness=14),
                               showlegend=False, customdata=np.dstack(np.meshgrid(gvals, res.lams)).astype(np.float32),
                               hovertemplate=f"{grid_name} = %{{customdata[0]:.3g}}<br>λ = %{{customdata[1]:.3g}}"
                                             "<br>log₁₀ MSE = %{z:.3f}<extra></extra>"))
    fig.add_trace(go.Contour(x=np.arange(len(gvals)), y=np.arange(len(res.lams)), z=Z, showscale=False,
                             contours_coloring="none", ncontours=8, line=dict(color="white", width=1),
                             hoverinfo="skip", showlegend=False))
    best = (int(np.argmax(gvals == res.best_params[grid_name])), int(np.argmax(res.lams == res.best_lam)))
    fig.add_trace(go.Scatter(x=[best[0]], y=[best[1]], mode="markers", name="best (CV)", hoverinfo="skip",
                             marker=dict(symbol="star", size=20, color="white", line=dict(color="black", width=1.5))))
    cur = (float(np.interp(np.log10(current[0]), np.log10(gvals), np.arange(len(gvals)))),
           float(np.interp(np.log10(max(current[1], res.lams[0])), np.log10(res.lams), np.arange(len(res.lams)))))
    fig.add_trace(go.Scatter(x=[cur[0]], y=[cur[1]], mode="markers", name="current", hoverinfo="skip",
                             marker=dict(symbol="circle-open", size=18, color="red", line=dict(width=3))))
    label = "γ" if grid_name == "gamma" else grid_name
    if present:   # a projector: short tick labels (the exponents of the decades) and no legend (the caption beside
        # the map names the star and the ring), so the map keeps the chart's height
        decades = np.flatnonzero(np.isclose(np.log10(gvals), np.round(np.log10(gvals))))
        fig.update_xaxes(title=f"log₁₀ {label}", tickvals=decades,
                         ticktext=[f"{np.log10(gvals[i]):.0f}".replace("-", "−") for i in decades])
    else:
        fig.update_xaxes(title=f"{label} (log scale)", tickvals=np.arange(len(gvals)),
                         ticktext=[f"{g:g}" for g in gvals])
    fig.update_xaxes(range=[-0.5, len(gvals) - 0.5])
    fig.update_yaxes(title="λ (log scale)", tickvals=np.arange(len(res.lams)), ticktext=[f"{v:g}" for v in res.lams],
                     range=[-0.5, len(res.lams) - 0.5])
    # a phone (ui/phone.js): the grid's decades only, as powers of ten (10⁻⁴ where the laptop writes 0.0001), so the
    # λ labels leave the map the width
    phone = dict(axes={f"{axis}axis": dict(zip(("tickvals", "ticktext"), _powers(values)))
                       for axis, values in (("x", gvals), ("y", res.lams))})
    return base_layout(fig, None, height=height("main", present), present=present, showlegend=not present,
                       legend=legend(present), meta=dict(chart_width=700, phone=phone))


def _powers(values):
    """(indices, labels) of the decades among a log grid's values, labelled 10ⁿ."""
    exponents = np.log10(np.asarray(values, float))
    decades = np.flatnonzero(np.isclose(exponents, np.round(exponents)))
    return decades.tolist(), [power_of_ten(round(exponents[i])) for i in decades]


@cached_figure
def error_curves(values, train, held_out, current, label, present=False, chart_height=None, keyed=True):
    """Training vs held-out (CV) error along one parameter: the gap is over-fitting, both high is under-fitting.
    `keyed` False: no legend, and "MSE" on the y axis (a small chart beside another with the same two curves, their
    key and the full axis title)."""
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=_f32(values), y=_f32(train), mode="lines+markers", name="training error",
                             line=dict(color=ACCENT, width=3)))
    fig.add_trace(go.Scatter(x=_f32(values), y=_f32(held_out), mode="lines+markers", name="held-out error (CV)",
                             line=dict(color=NEGATIVE, width=3)))
    log_x_vline(fig, current, "current")
    lo, hi = np.log10(max(float(np.min(train)), 1e-6)) - 0.2, np.log10(float(np.max(held_out))) + 0.2
    fig.update_xaxes(title=label, type="log", range=[float(np.log10(values[0])), float(np.log10(values[-1]))],
                     dtick=1, tickformat="~g")
    fig.update_yaxes(title="mean squared error" if keyed else "MSE", type="log", range=[lo, hi], tickformat="~g",
                     dtick=1 if hi - lo > 1.5 else "D2")
    # a section's main chart (its height given) has its legend inside on a projector; a small one keeps it above
    return base_layout(fig, None, height=chart_height or height("curves", present), present=present, showlegend=keyed,
                       legend=legend(present and chart_height is not None))
