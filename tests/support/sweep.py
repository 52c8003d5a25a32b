"""The live sweeps (ui.sweep) a page mounts, read from an AppTest, and the payload they must stay under."""
import json

MAX_PAYLOAD = 1.5e6


def sweeps_of(at):
    found = {}
    stack = [at._tree]
    while stack:
        node = stack.pop()
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            stack.extend(children.values())
        if getattr(node, "type", "") == "bidi_component" and node.proto.component_name == "kernelscope.sweep":
            found[node.proto.id.rsplit("-", 1)[-1]] = json.loads(node.proto.json)
    return found
