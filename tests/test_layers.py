"""Data flows one way: widgets -> settings -> cached compute -> figure. The layers below the widgets never import
Streamlit or a module that draws: kernel_core (nor Plotly), every topic's compute and figure modules, and
ui/figures. The one Streamlit module they may use is ui.cache, the bounded cache that the compute layer is."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = "ui.cache"   # st.cache_data with bounded entries: caching, not drawing


def module_name(path, root=ROOT):
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path, root=ROOT):
    """Every module `path` imports, at any depth of its code (a function's own imports too), relative ones resolved;
    for `from m import n`, both m and m.n (n may be a module)."""
    own = module_name(path, root).split(".")
    package = own if path.name == "__init__.py" else own[:-1]
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names |= {module} | {f"{module}.{alias.name}" for alias in node.names}
    return names


def is_streamlit(name):
    return name == "streamlit" or name.startswith("streamlit.")


def drawing_modules():
    """The app's own modules that import Streamlit (widgets, pages, the server's hooks), ui.cache aside."""
    files = [*ROOT.glob("ui/**/*.py"), *ROOT.glob("pages/**/*.py")]
    return {module_name(p) for p in files if any(map(is_streamlit, imported(p)))} - {CACHE}


def pure_layers():
    return [*ROOT.glob("kernel_core/**/*.py"), *ROOT.glob("pages/*/compute*.py"), *ROOT.glob("pages/*/figures*.py"),
            *ROOT.glob("ui/figures/*.py")]


def test_the_layers_under_the_widgets_import_no_streamlit_and_nothing_that_draws():
    drawing = drawing_modules()
    assert {"ui.controls", "ui.points", "ui.sweep", "ui.classroom"} <= drawing   # the check sees what it guards
    bad = {}
    for path in pure_layers():
        found = sorted(n for n in imported(path) if is_streamlit(n) or n in drawing)
        if path.parts[len(ROOT.parts)] == "kernel_core":
            found += sorted(n for n in imported(path) if n.split(".")[0] in ("plotly", "ui", "pages"))
        if found:
            bad[str(path.relative_to(ROOT))] = found
    assert len(pure_layers()) > 40 and bad == {}, bad


def test_the_check_finds_each_kind_of_import(tmp_path):
    """A module importing a drawing module in each way the layers could: absolute, relative, from a package, inside
    a function."""
    package = tmp_path / "pages" / "topic"
    package.mkdir(parents=True)
    cases = {"a.py": "import streamlit as st\n", "b.py": "from ui.points import held_out\n",
             "c.py": "from ...ui import controls\n", "d.py": "def f():\n    from streamlit import session_state\n"}
    for name, text in cases.items():
        (package / name).write_text(text)
    found = {name: imported(package / name, tmp_path) for name in cases}
    assert any(map(is_streamlit, found["a.py"])) and any(map(is_streamlit, found["d.py"]))
    assert "ui.points" in found["b.py"] and "ui.controls" in found["c.py"]
