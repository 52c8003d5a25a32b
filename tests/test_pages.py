"""AppTest page tests, generated from the topics table (pages.TOPICS): every section renders, every widget reruns
cleanly at the ends of its range and with each of its options; the navigation keeps the old topic addresses."""
import re
from pathlib import Path

import pytest

from pages import TOPICS, url_path
from tests.app_pages import ROOT, interactive_widgets, navigation, open_page, page_errors, set_widget, values_to_try

PAGES = navigation()
FILES = [f for f, _ in PAGES]


def test_navigation_keeps_the_old_addresses_and_has_no_loose_scripts():
    urls = [u for _, u in PAGES]
    assert urls[0] == "", "home is served at /"
    assert len(set(urls)) == len(urls), "every section has its own address"
    for old in ("kernels", "mercer", "kernel-pca", "kernel-ridge", "perceptron-knn", "svm"):
        topic = next(t for t in TOPICS if t.slug == old)
        assert url_path(topic, topic.sections[0]) == old, f"/{old} opens its topic's first section"
    assert [p.name for p in (ROOT / "pages").glob("*.py")] == ["__init__.py"], \
        "no loose pages/*.py scripts (they put Streamlit in its pages-folder mode on a cold start)"
    for file in FILES:
        assert (ROOT / file).is_file(), file
    for file in FILES[1:]:
        assert "section_footer(__file__)" in (ROOT / file).read_text(), f"{file} ends with Prev / Next"


@pytest.mark.parametrize("file", FILES)
def test_page_renders_without_exception(file):
    at = open_page(file)
    assert not page_errors(at)
    assert at.title or at.header or any(str(m.value).startswith("#### ") for m in at.markdown), f"{file} has a title"


@pytest.mark.parametrize("file", FILES)
def test_every_widget_reruns_cleanly(file):
    at = open_page(file)
    keys = [w.key for w in interactive_widgets(at) if w.key]
    assert keys, f"{file} has keyed widgets"
    tried = 0
    for key in keys:
        widget = next((w for w in interactive_widgets(at) if w.key == key), None)
        if widget is None:  # hidden by an earlier choice
            continue
        original = widget.value
        for value in values_to_try(widget):
            set_widget(widget, value)
            at.run()
            tried += 1
            assert not page_errors(at), f"{file}: {key} = {value!r} raised {page_errors(at)}"
            widget = next(w for w in interactive_widgets(at) if w.key == key)
        widget.set_value(original)
        at.run()
    assert tried >= len(keys)


def test_pages_do_not_compute_inline():
    """Pages import the core for its functions but never import numerical solvers directly."""
    solver_import = re.compile(r"^\s*(import|from)\s+(sklearn|scipy)\b", re.M)
    for file in FILES:
        assert not solver_import.search((ROOT / file).read_text()), file


def test_core_never_imports_ui():
    for path in Path(ROOT / "kernel_core").rglob("*.py"):
        text = path.read_text()
        assert "import streamlit" not in text and "import plotly" not in text, path
        assert "from streamlit" not in text and "from plotly" not in text, path
