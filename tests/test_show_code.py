"""'Show the code' (ui.code.show_code) on every page: closed, nothing of the listing is sent; opened, each
listing is real source of the project, shown in full; the expander keeps its state across reruns."""
import inspect

import pytest

import kernel_core as kc
from tests.app_pages import ROOT, navigation, open_page, page_errors

SOURCES = "\n".join(p.read_text() for folder in ("kernel_core", "ui") for p in (ROOT / folder).rglob("*.py"))
FILES = [f for f, _ in navigation() if f != navigation()[0][0]]  # the home page has no code


def code_expanders(at):
    """key -> expander of every 'Show the code' on the page (its widget id ends with the key)."""
    return {e.proto.id.split("-", 2)[2]: e for e in at.expander if e.label == "Show the code"}


def listings(at):
    """The code blocks of the main area that are listings (the sidebar's link box is also an st.code)."""
    return [c.value for c in at.main.code]


@pytest.mark.parametrize("file", FILES)
def test_code_is_sent_only_while_its_expander_is_open(file):
    at = open_page(file)
    boxes = code_expanders(at)
    assert boxes, f"{file} shows its code"
    assert listings(at) == []                     # closed: the page does not send the listings
    for key in boxes:
        at.session_state[key] = True              # what a click on the expander sets
    at.run()
    assert not page_errors(at)
    shown = listings(at)
    assert len(shown) >= len(boxes)               # each open expander lists at least one function or class
    for code in shown:
        assert code.lstrip().startswith(("def ", "class ", "@")), code[:80]
        assert code in SOURCES, f"{code[:80]!r} is not the project's source"
    at.run()                                      # a rerun keeps them open
    assert listings(at) == shown
    for key in boxes:
        at.session_state[key] = False
    at.run()
    assert listings(at) == []


def test_svm_margin_code_is_the_fit_and_the_margin_counts():
    at = open_page("pages/svm/margins.py")
    (key,) = [k for k in code_expanders(at)
              if k.endswith(f"_margins_{_line_of('pages/svm/margins.py', 'show_code(kc.KernelSVM')}")]
    at.session_state[key] = True
    at.run()
    assert listings(at) == [inspect.getsource(kc.KernelSVM).rstrip(), inspect.getsource(kc.margin_counts).rstrip()]


def _line_of(file, text):
    lines = (ROOT / file).read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)
