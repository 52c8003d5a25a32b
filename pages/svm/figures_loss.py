"""The SVM topic's loss charts: the hinge loss beside the perceptron, 0/1 and ℓp losses with every point on it (the
hinge section), and Kriege's objective J step by step against libsvm's optimum (the subgradient section). Plain data
in, figure out, cached per arguments."""
import numpy as np
import plotly.graph_objects as go

from ui.figures import base_layout, cached_figure
from ui.ranges import SVM as R
from ui.theme import ACCENT, CLASS_STYLE, POSITIVE

from .figures import CHART_HEIGHT, INSIDE, SIDE_HEIGHT, WRONG, _legend, key_html

# The hinge chart's losses: (legend name, line style, the glyph and the short name of the projector's key: hinge_key;
# "p" in the ℓp loss' names stands for its power)
HINGE_LINES = (("hinge max(0, 1 − z) — SVM", dict(color="black", width=3), "━", "hinge (SVM)"),
               ("perceptron max(0, −z)", dict(color="#777777", width=2, dash="dash"), "╌", "perceptron"),
               ("0/1 loss [z < 0]", dict(color="#777777", width=2, dash="dot"), "┈", "0/1"),
               ("ℓp |1 − z|<sup>p</sup>", dict(color="#2a7ab0", width=2, dash="dashdot"), "−·−", "ℓp, p = p"))


@cached_figure
def loss_figure(curve, J_star, present=False):
    t = np.arange(len(curve), dtype=np.float32)
    fig = go.Figure(go.Scatter(x=t, y=np.asarray(curve, np.float32), mode="lines", name="J(αₜ)",
                               line=dict(color=POSITIVE, width=2.5),
                               hovertemplate="step %{x}<br>J = %{y:.5f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=np.array([0, max(10, len(curve) - 1)], np.float32), y=np.full(2, J_star, np.float32),
                             mode="lines", name=f"libsvm optimum J* = {J_star:.4f}", hoverinfo="skip",
                             line=dict(color=ACCENT, dash="dash", width=2)))
    fig.update_xaxes(title="step t", range=[0, max(10, len(curve) - 1)])
    lo, hi = min(J_star, float(np.min(curve))), max(1.0, float(np.max(curve)))
    fig.update_yaxes(title="J (log scale)", type="log", range=[np.log10(lo) - 0.15, np.log10(hi) + 0.1],
                     tickvals=[0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100])
    _legend(fig)
    return base_layout(fig, "Kriege's objective J, step by step", height=SIDE_HEIGHT[present], present=present,
                       showlegend=True)


@cached_figure
def hinge_figure(z_tr, y_tr, z_te, y_te, p=2.0, present=False):
    """max(0, 1 − z) against z = y f(x), with the perceptron loss, the 0/1 loss and the ℓp loss |1 − z|^p (= |y − f|^p
    for y = ±1; p = 2 the squared loss); the points on the hinge."""
    lo, hi = R["hinge_range"]
    z = np.linspace(lo, hi, 301, dtype=np.float32)
    fig = go.Figure()
    fig.add_vrect(x0=lo, x1=0, fillcolor=WRONG, opacity=0.12, line_width=0, annotation_text="misclassified",
                  annotation_position="top left")
    fig.add_vrect(x0=0, x1=1, fillcolor=INSIDE, opacity=0.12, line_width=0, annotation_text="inside margin",
                  annotation_position="top left")
    losses = (np.maximum(0, 1 - z), np.maximum(0, -z), (z < 0).astype(np.float32), np.abs(1 - z) ** p)
    for (name, style, _, _), loss in zip(HINGE_LINES, losses):
        name = name.replace("<sup>p</sup>", f"<sup>{p:g}</sup>" + (" — squared" if p == 2 else ""))
        fig.add_trace(go.Scatter(x=z, y=loss, mode="lines", name=name, line=style, hoverinfo="skip"))
    for zs, ys_, held in ((z_tr, y_tr, False), (z_te, y_te, True)):
        for label, style in CLASS_STYLE.items():
            zz = np.clip(zs[ys_ == label], lo, hi).astype(np.float32)
            fig.add_trace(go.Scatter(x=zz, y=np.maximum(0, 1 - zz), mode="markers",
                                     name=f"{'held out' if held else 'training'}, {style['name']}",
                                     marker=dict(symbol=style["symbol"] + ("-open" if held else ""), size=9,
                                                 color=style["color"], opacity=0.8),
                                     hovertemplate="y f(x) = %{x:.2f}<br>hinge = %{y:.2f}<extra></extra>"))
    fig.update_xaxes(title="z = y f(x)", range=[lo, hi])
    fig.update_yaxes(title="loss", range=[0, 1 - lo + 0.2])
    title = None if present else "The hinge loss and where each point sits on it"
    return _legend(base_layout(fig, title, height=CHART_HEIGHT[present], present=present,
                               meta=dict(chart_width=540)), not present)


def hinge_key(p):
    """The hinge chart's lines as a key in the projector's type (its legend is off there), p the ℓp loss' power."""
    return key_html([(style["color"], glyph, short.replace("= p", f"= {p:g}")) for _, style, glyph, short in HINGE_LINES]
                    + [("#555555", "○ ✕", "held out (hollow)")])
