"""The Beyond-vectors topic's shared settings: the kernel and its parameters, drawn as the compact bar at the top of each
section. The one place that names the topic's widget keys: sections and tests use KEY, not strings of their own."""
from dataclasses import dataclass

import streamlit as st

from kernel_core import KERNEL_PARAMS
from ui.classroom import presenting
from ui.controls import labeller, param_widget
from ui.kernel_choice import LABELS as KERNEL_LABELS
from ui.kernel_choice import Single
from ui.settings import bar as settings_bar
from ui.settings import remember

PAGE = "graphs"
COLUMNS = [3, 2]        # picture left, formula and controls right


class KEY:
    """Widget keys (bound to the link: `/graphs?graphs_gamma=2`)."""
    kernel = f"{PAGE}_kernel"
    gamma = f"{PAGE}_gamma"
    degree = f"{PAGE}_degree"
    coef0 = f"{PAGE}_coef0"
    # the sections' own controls (add yours here)
    graph, neighbours, beta, node = f"{PAGE}_graph", f"{PAGE}_k", f"{PAGE}_beta", f"{PAGE}_node"   # diffusion
    picture, labelled = f"{PAGE}_picture", f"{PAGE}_labelled"                                    # diffusion
    sample, pairs, noise, seed = (f"{PAGE}_hsic_{p}" for p in ("sample", "n", "noise", "seed"))   # independence


KEYS = (KEY.kernel, KEY.gamma, KEY.degree, KEY.coef0,
        KEY.graph, KEY.neighbours, KEY.beta, KEY.node, KEY.picture, KEY.labelled)


@dataclass(frozen=True)
class Settings:
    choice: Single            # the kernel with its parameters


def bar(narrow=False, options=None):
    """The topic bar: the kernel, then its parameters, in one row (`narrow`: two widgets a row, for the column
    beside a picture); `options`: the kernels a section offers (all by default)."""
    cols = settings_bar(2 if narrow else [2.2, 2, 2, 2])
    names = list(options or KERNEL_LABELS)
    name = cols[0].selectbox("Kernel", names, index=names.index("rbf"), key=KEY.kernel,
                             format_func=labeller(KERNEL_LABELS), bind="query-params")
    params = {p: param_widget(PAGE, name, p, cols[(n + 1) % len(cols)]) for n, p in enumerate(KERNEL_PARAMS[name])}
    remember(KEYS)
    return Settings(Single(name, tuple(params.items())))


def frame(options=None, own_bar=None):
    """The bar and a section's two columns (picture left, formula and controls right); returns (settings, left,
    right). On a projector the bar sits at the top of the right column, so the picture starts under the heading.
    `own_bar(narrow)`: a section's own bar instead of the kernel bar (its return value is the settings)."""
    present = presenting()
    draw = own_bar or (lambda narrow: bar(narrow=narrow, options=options))
    if not present:
        s = draw(False)
    left, right = st.columns(COLUMNS, gap="medium")
    if present:
        with right:
            s = draw(True)
    return s, left, right
