"""The lecture texts are named by their authors on screen (Held, Bishop's notes, Sugiyama, Kriege, Nguyen), never by
the seed files' numbers, which a student would mistake for the "Random seed" controls (issue 23). Every string
literal of the app's pages and ui is checked (docstrings aside), and every string of kernel_core, docstrings too:
"Show the code" displays them. Comments may keep the file numbers."""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED_NUMBER = re.compile(r"\bseeds? 00\d", re.IGNORECASE)


def test_no_string_the_app_shows_names_a_seed_file_by_number():
    found = []
    for path in [ROOT / "app.py", *sorted((ROOT / "pages").rglob("*.py")), *sorted((ROOT / "ui").rglob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and SEED_NUMBER.search(node.value):
                if not _is_docstring(node, path):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:60]!r}")
    assert found == []


def test_no_string_of_the_core_names_a_seed_file_by_number():
    found = [f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:60]!r}"
             for path in sorted((ROOT / "kernel_core").rglob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and SEED_NUMBER.search(node.value)]
    assert found == []


def _is_docstring(node, path):
    """Docstrings are for developers (they are not shown), like comments."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for parent in ast.walk(tree):
        body = getattr(parent, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and body[0].value is node:
            return True
    return False


def test_the_check_would_catch_a_seed_number():
    assert SEED_NUMBER.search("as in seed 003's example") and SEED_NUMBER.search("Seeds 000/001")
    assert not SEED_NUMBER.search("Random seed 0")
