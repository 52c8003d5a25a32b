"""Topic settings (the kernel, γ, C, λ … in the bar at the top of a topic's sections) keep their values while the
student moves between sections and topics.

Streamlit forgets a widget's value when a page that does not draw it runs, and a widget of the same key on another
page is another widget (its id includes the page) that starts from its default. Each topic names its settings'
widget keys once (`pages/<topic>/settings.py`, KEYS); at the start of every run the entry script copies each of
those values aside and assigns it to its key again, so the section about to run creates its widget from the
student's value (and, bound to the address bar, writes it into the link again); a key already forgotten gets its
copy back. (.streamlit/config.toml turns off the warning Streamlit shows for a widget created with a default that
Session State also sets.)"""
import streamlit as st

SHADOW = "_kept_"
LINKED = "_linked_"   # a setting's text in the address bar, with the value it stood for
OPENED = ("kernelscope: the value of an opened link, read by its widget in this run",)


def carry(keys):
    """Call once per run, before the page runs."""
    state, params = st.session_state, st.query_params
    for key in keys:
        if key in state:
            state[SHADOW + key] = state[key] = state[key]
            if key in params:
                state[LINKED + key] = (params.get_all(key), state[key])
            elif state.get(LINKED + key, (None, None))[1] == OPENED:  # the link's text stood for this value
                state[LINKED + key] = (state[LINKED + key][0], state[key])
        elif SHADOW + key in state:
            state[key] = state[SHADOW + key]
        elif key in params:  # a link just opened: its widget reads the text in this run
            state[LINKED + key] = (params.get_all(key), OPENED)


def link_params(keys):
    """The settings `keys` as a link writes them: the address bar's text, or for a setting the bar no longer shows
    (Streamlit drops a widget's parameter when another page runs) the text it had while the setting still has the
    value that text stood for. A setting at its default has no parameter."""
    state, params, out = st.session_state, st.query_params, {}
    for key in keys:
        if key in params:
            out[key] = params.get_all(key)
        elif LINKED + key in state and key in state:
            texts, value = state[LINKED + key]
            if value == state[key]:
                out[key] = texts
    return out


def bar(spec, gap="small"):
    """The topic's settings bar: one compact row at the top of each of its sections (st.columns of `spec`, in a
    bordered box keyed "topic_bar"). Draw the topic's shared widgets into it."""
    _opened()
    with st.container(key="topic_bar", border=True):
        return st.columns(spec, gap=gap, vertical_alignment="bottom")


def bar_row(gap="small"):
    """The topic's settings bar as one row: the bordered box keyed "topic_bar" (as `bar`) holding its widgets side by
    side, wrapping where it is narrow. One element where `bar([1])` with a row inside it is four (a bar is re-sent
    on every move of its sliders)."""
    _opened()
    return st.container(key="topic_bar", border=True, horizontal=True, gap=gap, vertical_alignment="bottom")


def _opened():
    if "class_room" in st.session_state:   # a follower's bar: the class's fragment wake reads what it draws
        from .room_wake import bar_opened

        bar_opened()


def remember(keys):
    """Call right after a topic's bar has drawn its widgets (also in a fragment's rerun, which the entry script's
    `carry` does not see): keep the address bar's text of each setting with the value it stands for, for the view's
    link on a later section (see `link_params`). A setting drawn away from its default but missing from the address
    (a widget re-created with other arguments, as presentation mode's compact bar does, is not written by Streamlit on
    its first change) is written first, so the address, the link and the class's view hold it."""
    from .links import write_drawn

    write_drawn(keys)
    state, params = st.session_state, st.query_params
    for key in keys:
        if key in params and key in state:
            state[LINKED + key] = (params.get_all(key), state[key])
    if "class_room" in state:
        # a lecturer's settled value reaches the class from a fragment's run too; a following student's drawn
        # settings are the view it shows (ui.live_class.hold)
        from .live_class import hold, publish
        from .room_wake import fragment_wake

        publish()
        hold(keys)
        fragment_wake(keys)


def kernel_bar(page, keys, narrow=False, options=None, label="Kernel"):
    """A topic's bar holding a kernel and its parameters (keys f"{page}_kernel", f"{page}_gamma" …, bound to the
    link), in one row (`narrow`: two widgets a row, for the column beside a picture); `options`: the kernels offered
    (all by default). Returns the ui.kernel_choice.Single."""
    from kernel_core import KERNEL_PARAMS

    from .controls import labeller, param_widget
    from .kernel_choice import LABELS, Single

    cols = bar(2 if narrow else [2.2, 2, 2, 2])
    names = list(options or LABELS)
    name = cols[0].selectbox(label, names, index=names.index("rbf"), key=f"{page}_kernel",
                             format_func=labeller(LABELS), bind="query-params")
    params = {p: param_widget(page, name, p, cols[(n + 1) % len(cols)]) for n, p in enumerate(KERNEL_PARAMS[name])}
    remember(keys)
    return Single(name, tuple(params.items()))


def beside_picture(draw, columns):
    """A section's frame: `draw(narrow)` (its bar) and two columns, the picture's left, formula and controls right;
    returns (what draw returned, left, right). On a projector (presentation mode) the bar sits at the top of the
    right column, so the picture starts right under the heading; elsewhere it spans the page above both."""
    from .classroom import presenting

    present = presenting()
    if not present:
        s = draw(False)
    left, right = st.columns(columns, gap="medium")
    if present:
        with right:
            s = draw(True)
    return s, left, right
