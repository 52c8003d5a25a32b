"""The lecture texts are named by their authors on screen (Held, Bishop's notes, Sugiyama, Kriege, Nguyen), never by
the seed files' numbers, which a student would mistake for the "Random seed" controls. Checked:

- every string of app.py, pages/, ui/ and kernel_core/, docstrings included;
- the whole source (comments and names too) of every module whose code "Show the code" can display: all of
  kernel_core (any of its functions may be shown) and the other modules the show_code calls take objects from.

A seed file's number is "seed 003" / "seeds 000", "/ 001" (as in "Held / 001 / 004"), a bare 000–004 that is not
part of a grouped number like "2 000" or "50 015 001", a file name "003_5bfd…", or a name built on it
(`lam_from_seed003`, `lam_003`)."""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED_NAME = re.compile(r"\bseeds? ?00\d|/ ?00[0-4]\b|\b00[0-4]_[0-9a-f]{4}|\b[A-Za-z_]\w*?00[0-4]\b|\bseed_[a-z]\w*",
                       re.IGNORECASE)
DEPRECATED = ("lam_from_seed003", "seed_objective", "seed_alpha")
"""kernel_core keeps these old names as deprecated aliases for one release: their definitions (in kernel_core only)
are the one place they may appear; the app itself never uses them."""
BARE = re.compile(r"\b00[0-4]\b")
GROUPED = re.compile(r"(\d[\s\u2009\u202f,._]|\\,|#)$")   # "2 000", "50\,015\,001", "100_000", a colour "#000"


def seed_numbers(text, core=False):
    """The places in `text` that name a seed file by its number (in kernel_core, the deprecated aliases aside)."""
    for name in DEPRECATED if core else ():
        text = text.replace(name, "")
    found = [m.group() for m in SEED_NAME.finditer(text)]
    found += [m.group() for m in BARE.finditer(text) if not GROUPED.search(text[max(0, m.start() - 2):m.start()])]
    return found


def _files():
    return [ROOT / "app.py"] + sorted(p for d in ("pages", "ui", "kernel_core") for p in (ROOT / d).rglob("*.py"))


def test_no_string_or_docstring_names_a_seed_file_by_number():
    found = [f"{path.relative_to(ROOT)}:{node.lineno}: {seed_numbers(node.value)} in {node.value[:60]!r}"
             for path in _files()
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and seed_numbers(node.value, core=_in_core(path))]
    assert found == []


def _in_core(path):
    return (ROOT / "kernel_core") in path.parents


def _project_path(module):
    """The file or package folder of a project module ("kernel_core", "ui.compute"), or None outside the project."""
    base = ROOT.joinpath(*module.split("."))
    return base if base.is_dir() else base.with_suffix(".py") if base.with_suffix(".py").exists() else None


def _imported(tree):
    """{local name: file or package folder} of a file's project imports: `import kernel_core as kc`, `from
    kernel_core import feature_maps as fm`, `from ui.compute import build_kernel` (a name from a module: the module)."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                names[a.asname or a.name.split(".")[0]] = _project_path(a.name if a.asname else a.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for a in node.names:
                names[a.asname or a.name] = (_project_path(f"{node.module}.{a.name}")
                                             or _project_path(node.module))
    return {name: path for name, path in names.items() if path is not None}


def shown_sources():
    """{file or package folder: [where it is shown]} for every module an object given to show_code comes from."""
    shown = {}
    for path in _files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = _imported(tree)
        for call in ast.walk(tree):
            if not (isinstance(call, ast.Call) and getattr(call.func, "id", None) == "show_code"):
                continue
            roots = {n.id for arg in call.args for n in ast.walk(arg) if isinstance(n, ast.Name)} & set(imported)
            assert roots, f"{path.relative_to(ROOT)}:{call.lineno}: show_code of nothing imported"
            for root in roots:
                shown.setdefault(imported[root], []).append(f"{path.relative_to(ROOT)}:{call.lineno}")
    return shown


def test_no_source_show_the_code_can_display_names_a_seed_file_by_number():
    shown = shown_sources()
    assert ROOT / "kernel_core" in shown and ROOT / "ui" / "compute.py" in shown   # it reaches past kernel_core
    files = {f for where in shown for f in (sorted(where.rglob("*.py")) if where.is_dir() else [where])}
    found = [f"{f.relative_to(ROOT)}:{i}: {seed_numbers(line)}"
             for f in sorted(files) for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
             if seed_numbers(line, core=_in_core(f))]
    assert found == []


def test_the_check_would_catch_a_seed_number():
    for text in ("as in seed 003's example", "Seeds 000/001", "dual variables, Held / 001 / 004",
                 "see `lam_from_seed003`", "def seed003_map(", "lam_003 = 1", "file 003_5bfd4b4a", "texts 001 and 004"):
        assert seed_numbers(text), text
    assert seed_numbers("kc.seed_objective(K, y)") and not seed_numbers("kc.seed_objective(K, y)", core=True)
    for text in ("Random seed 0", "seed = 3", "2 000 points", "C(10 001, 2) = 50 005 000", r"50\,015\,001",
                 "MAX = 100_000", "1.004", "0.001", "color: #000"):
        assert not seed_numbers(text), text


def test_the_app_never_uses_a_deprecated_name():
    found = [f"{path.relative_to(ROOT)}: {name}" for path in _files() if not _in_core(path)
             for name in DEPRECATED if name in path.read_text(encoding="utf-8")]
    assert found == []
