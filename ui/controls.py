"""Widgets that return plain values. Keys are "{page}_{param}" and bound to the URL so a copied
link reproduces the view."""

import numpy as np
import streamlit as st

from kernel_core import KERNEL_PARAMS

from .kernel_choice import LABELS as KERNEL_LABELS
from .kernel_choice import SYMBOLS, Single
from .ranges import PARAMS, SIGMOID_DEFAULTS, log_options


def labeller(table):
    """format_func for a select widget: key -> label (a label maps to itself, as AppTest needs)."""
    return lambda key: table.get(key, key)


def log_slider(label, key, low, high, default, help=None, container=st, symbol=None):
    """A slider over log-spaced values. `symbol` (a compact row on a projector): no label above it, the value reads
    "λ = 0.1"."""
    options = log_options(low, high)
    default = min(options, key=lambda v: abs(np.log(v / default)))
    name = f"{symbol} = " if symbol else ""
    return container.select_slider(label, options, value=default, key=key, help=help,
                                   format_func=lambda v: f"{name}{v:g}", bind="query-params",
                                   label_visibility="collapsed" if symbol else "visible")


def param_widget(page, kernel, param, container=st, suffix="", compact=False):
    """A kernel parameter's slider from the PARAMS table (compact: no label, the value reads "γ = 1")."""
    label, low, high, default, log, help_ = PARAMS[param]
    if kernel == "sigmoid":
        default = SIGMOID_DEFAULTS.get(param, default)
    key = f"{page}_{param}{suffix}"
    symbol = SYMBOLS[param] if compact else None
    if log:
        return log_slider(label, key, low, high, default, help_, container, symbol)
    shown, name = ("collapsed", f"{symbol} = ") if compact else ("visible", "")
    step, fmt = (1, f"{name}%d") if isinstance(default, int) else (0.1, f"{name}%.1f" if compact else None)
    return container.slider(label, low, high, default, step, key=key, help=help_, bind="query-params", format=fmt,
                            label_visibility=shown)


def kernel_picker(page, label="Kernel", default="rbf", container=st, suffix="", options=None):
    """Select box + one widget per parameter, built from kernel_core's KERNEL_PARAMS table.
    Returns (name, params) as plain values."""
    options = list(options or KERNEL_LABELS)
    name = container.selectbox(label, options, index=options.index(default), key=f"{page}_kernel{suffix}",
                               format_func=labeller(KERNEL_LABELS), bind="query-params")
    params = {p: param_widget(page, name, p, container, suffix) for p in KERNEL_PARAMS[name]}
    return name, params


def pick_kernel(page, label="Kernel", default="rbf", container=st, suffix="", options=None):
    """kernel_picker returning a ui.kernel_choice.Single (keys "{page}_kernel{suffix}", "{page}_{param}{suffix}")."""
    name, params = kernel_picker(page, label, default, container, suffix, options)
    return Single(name, tuple(params.items()))
