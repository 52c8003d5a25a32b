"""The SVM topic's cross-validation figure: accuracy over the (C, γ) grid with the best cell starred and the current
setting boxed. Plain data in, figure out, cached per arguments."""
import numpy as np
import plotly.graph_objects as go

from ui.figures import base_layout, cached_figure
from ui.ranges import SVM as R

from .figures import CHART_HEIGHT


@cached_figure
def cv_figure(scores, Cs, gammas, current, present=False):
    """Accuracy over the (C, γ) grid (categorical log axes), best cell starred, current setting boxed."""
    xl, yl = [f"{c:g}" for c in Cs], [f"{g:g}" for g in gammas]
    fig = go.Figure(go.Heatmap(x=xl, y=yl, z=np.asarray(scores, np.float32), colorscale="Viridis",
                               zmin=float(np.min(scores)), zmax=float(np.max(scores)),
                               texttemplate="%{z:.2f}", colorbar=dict(title="accuracy", thickness=14),
                               hovertemplate="C = %{x}<br>γ = %{y}<br>CV accuracy = %{z:.3f}<extra></extra>"))
    fig.update_xaxes(title="C", type="category")
    fig.update_yaxes(title="γ of k₁", type="category")
    title = None if present else f"{R['cv_folds']}-fold cross-validation accuracy"
    base_layout(fig, title, height=CHART_HEIGHT[present], present=present)
    a, c = np.unravel_index(int(np.argmax(scores)), scores.shape)   # markers after the layout: their own sizes
    # the best cell's star in its top right corner (a category axis places cell k at k - 0.5 .. k + 0.5), clear of
    # the accuracy written in the cell's middle
    fig.add_annotation(x=c + 0.48, y=a + 0.46, xanchor="right", yanchor="top", text="★", showarrow=False,
                       font=dict(size=20 if present else 14, color="black"), bgcolor="white", borderpad=0,
                       name="best", hovertext="best cross-validation accuracy")
    if current in [(C, g) for C in Cs for g in gammas]:
        fig.add_trace(go.Scatter(x=[f"{current[0]:g}"], y=[f"{current[1]:g}"], mode="markers", name="current",
                                 hoverinfo="skip", marker=dict(symbol="square-open", size=44 * (1.4 if present else 1),
                                                               color="white", line=dict(width=3))))
    return fig
