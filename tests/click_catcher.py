"""AppTest view of ui.points' clickable charts: the chart keyed K and the click catcher (a components.v2
component) side by side in st.container(key="clickable_K")."""
import json

from streamlit.testing.v1.element_tree import Block

COMPONENT = "kernelscope.plot_click"


def _blocks(node):
    if isinstance(node, Block):
        yield node
        for child in node.children.values():
            yield from _blocks(child)


def click_catcher(at, key):
    """The data of the click catcher beside the chart keyed `key` ({"subplot": ...}), None when that chart is
    not clickable."""
    for block in _blocks(at._tree):
        if not getattr(getattr(block, "proto", None), "id", "").endswith(f"-clickable_{key}"):
            continue
        kids = list(block.children.values())
        chart = [c for c in kids if getattr(c, "type", None) == "plotly_chart" and c.proto.id.endswith(f"-{key}")]
        catcher = [c for c in kids if getattr(c, "type", None) == "bidi_component"
                   and c.proto.component_name == COMPONENT and c.proto.id.endswith(f"-{key}_click")]
        if chart and catcher:
            return json.loads(catcher[0].proto.json)
    return None
