"""The SVM topic's shared settings (the bar at the top of each of its sections): the kernel k₁, optionally combined
with a second kernel k₂, and C. The one place that names the topic's widget keys: sections, Apply, the exercises'
reveals and the tests use the names below. Keys are the old page's, so links made before sections still work."""
from dataclasses import dataclass

import numpy as np
import streamlit as st

import ui.compute
import ui.data
from kernel_core import KERNEL_PARAMS
from pages.svm import compute
from ui import points
from ui.classroom import presenting
from ui.controls import labeller
from ui.kernel_choice import LABELS as KERNEL_LABELS
from ui.kernel_choice import SYMBOLS, Composed, Single
from ui.ranges import PARAMS, SIGMOID_DEFAULTS, log_options
from ui.ranges import SVM as R
from ui.settings import bar_row as settings_row
from ui.settings import remember

PAGE = "svm"                # prefix of every widget key of the topic
COMBINE = {"none": "k₁ alone", "sum": "k₁ + k₂", "product": "k₁ · k₂"}
SELECT_WIDTH = {"kernel": 180, "combine": 130}   # px of the compact bar's select boxes: the sliders get the rest


class KEY:
    """Widget keys. The bar's (carried between sections and topics, see KEYS) ..."""
    KERNEL, COMBINE, KERNEL2, C = "svm_kernel", "svm_combine", "svm_kernel2", "svm_C"
    GAMMA, DEGREE, COEF0 = "svm_gamma", "svm_degree", "svm_coef0"            # k₁'s parameters
    GAMMA2, DEGREE2, COEF02 = "svm_gamma2", "svm_degree2", "svm_coef02"      # k₂'s
    # ... and the sections' own
    COMPARE, SHOW_TEST = "svm_compare", "svm_show_test"                      # margins: A / B, held-out points
    B_KERNEL, B_GAMMA, B_DEGREE, B_COEF0, B_C = "svm_b_kernel", "svm_b_gamma", "svm_b_degree", "svm_b_coef0", "svm_b_C"
    H = "svm_h"                                                              # Gaussian vs Laplacian: width h
    BATCH = "svm_batch"                                                      # subgradient: points per step
    P = "svm_p"                                                              # hinge loss: p of the lp loss


KEYS = (KEY.KERNEL, KEY.GAMMA, KEY.DEGREE, KEY.COEF0, KEY.COMBINE, KEY.KERNEL2, KEY.GAMMA2, KEY.DEGREE2,
        KEY.COEF02, KEY.C,
        # the sections' own settings keep their values too when the student walks through the topic
        KEY.COMPARE, KEY.SHOW_TEST, KEY.B_KERNEL, KEY.B_GAMMA, KEY.B_DEGREE, KEY.B_COEF0, KEY.B_C, KEY.H, KEY.BATCH, KEY.P)


@dataclass(frozen=True)
class Settings:
    kernel: "Single | Composed"   # k₁, or k₁ + k₂ / k₁ · k₂
    C: float                      # libsvm's price of a margin violation (Kriege's λ = 1/(2nC))

    @property
    def gamma(self):
        """γ of k₁ (None for the linear kernel): the γ a (C, γ) search moves."""
        return self.kernel.gamma

    def describe(self):
        return f"{self.kernel.describe()}, C = {self.C:g}"


def slider(row, label, symbol, key, low, high, default, help_, log=True, compact=False):
    """A slider of the bar. compact (a projector's one-row bar): no label above it, the value reads "γ = 1" (the
    symbol is drawn by COMPACT_CSS, not by the format: a select slider writes its formatted value into the link,
    which must read "1" whatever the layout)."""
    shown = "collapsed" if compact else "visible"
    if compact:   # a style alone takes no room in the row
        row.html(COMPACT_CSS.format(key=key, symbol=symbol))
    if log:
        options = log_options(low, high)
        value = min(options, key=lambda v: abs(np.log(v / default)))
        return row.select_slider(label, options, value=value, key=key, help=help_, bind="query-params",
                                 format_func=lambda v: f"{v:g}", label_visibility=shown)
    fmt = "%d" if isinstance(default, int) else "%.1f"
    return row.slider(label, low, high, default, 1 if isinstance(default, int) else 0.1, key=key, help=help_,
                      format=fmt, bind="query-params", label_visibility=shown)


COMPACT_CSS = ('<style>.st-key-{key} [data-testid="stSliderThumbValue"] {{ display: flex; white-space: nowrap; }}\n'
               '.st-key-{key} [data-testid="stSliderThumbValue"]::before {{ content: "{symbol} =\\00a0"; }}</style>')


def kernel_widgets(row, label, suffix, default, compact, page=PAGE):
    """One kernel's select box and a slider per parameter (from ui.ranges.PARAMS), side by side in the bar's row;
    keys f"{page}_kernel{suffix}", f"{page}_gamma{suffix}" … (page "svm_b": Compare A / B's second SVM)."""
    name = row.selectbox(label, list(KERNEL_LABELS), index=list(KERNEL_LABELS).index(default),
                         key=f"{page}_kernel{suffix}", format_func=labeller(KERNEL_LABELS), bind="query-params",
                         label_visibility="collapsed" if compact else "visible",
                         width=SELECT_WIDTH["kernel"] if compact else "stretch")
    params = []
    for p in KERNEL_PARAMS[name]:
        text, low, high, value, log, help_ = PARAMS[p]
        value = SIGMOID_DEFAULTS.get(p, value) if name == "sigmoid" else value
        params.append((p, slider(row, text, SYMBOLS[p] + ("₂" if suffix else ""), f"{page}_{p}{suffix}", low, high,
                                  value, help_, log, compact)))
    return Single(name, tuple(params))


def bar(extra=None, compact=False):
    """The topic's settings bar: k₁ and its parameters, "combine with", k₂ and its parameters, C (one row; it wraps
    where it is narrow). `extra(row, compact)`, when given, draws the section's own control at the row's end and
    bar returns (Settings, what extra returned). compact: labels hidden, values written "γ = 1" (a projector's
    one-row bar over a section whose picture takes the whole width)."""
    row = settings_row(gap="small")
    first = kernel_widgets(row, "Kernel k₁", "", "rbf", compact)
    op = row.selectbox("Combine with k₂", list(COMBINE), key=KEY.COMBINE, format_func=labeller(COMBINE),
                       bind="query-params", help="Closure rules (Kriege): sums and products of kernels are kernels.",
                       label_visibility="collapsed" if compact else "visible",
                       width=SELECT_WIDTH["combine"] if compact else "stretch")
    kernel = first if op == "none" else Composed(op, first, kernel_widgets(row, "Kernel k₂", "2", "linear", compact))
    C = slider(row, "C (price of a violation)", "C", KEY.C, *R["C"], compact=compact,
               help_="The price of a margin violation. Large C: few violations, narrow margin, wiggly boundary. "
                     "Small C: wide margin.")
    own = extra(row, compact) if extra else None
    remember(KEYS)
    return (Settings(kernel, C), own) if extra else Settings(kernel, C)


def frame(spec=(3, 2)):
    """The bar and the section's two columns (picture left, formula and controls right). At a projector
    (presentation mode) the bar sits at the top of the right column, so the picture starts right under the
    heading and fills the screen's height; otherwise it is one row over both. Returns (Settings, left, right)."""
    present = presenting()
    if not present:
        s = bar()
    left, right = st.columns(spec, gap="medium")
    if present:
        with right:
            s = bar()
    return s, left, right


@dataclass(frozen=True, eq=False)
class Data:
    """The session's points (ui.data, shared by every topic) and this topic's train / held-out split of them."""
    X: np.ndarray
    y: np.ndarray
    describe: str
    part: compute.Split

    @property
    def n(self):
        return len(self.part.tr)

    @property
    def missing(self):
        """A sentence when the points cannot train an SVM (none, or one class), else ""."""
        if not len(self.y):
            return ("There are no points: click on the map of Margins & support vectors to add some, or choose a "
                    "preset in the sidebar.")
        if len(np.unique(self.y)) < 2:
            return ("All points are of one class: an SVM needs points of both classes. Add a point of the other class "
                    "on the map of Margins & support vectors.")
        return ""


def data():
    X, y, describe = ui.data.current_dataset()
    base = ui.compute.dataset(*points.state().preset)   # the split is drawn over the sidebar preset
    return Data(X, y, describe, compute.split(X, y, base))

