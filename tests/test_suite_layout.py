"""The test suite's own layout (issue 28): helpers live in helper modules (tests/support/, or the *_env.py and other
helper modules beside the tests), so no module of the suite imports a test module; and one fixture name means one
thing: a fixture is defined in one module only, and no test is parametrised over an argument of a fixture's name
(`page` is the Playwright page of tests/conftest.py, never an AppTest or a section's script)."""
import ast
from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent
SUITE = sorted(TESTS.rglob("*.py"))


def is_test_module(dotted):
    """`tests.test_x`, `test_x` or `tests.support.test_x`: a module pytest collects tests from."""
    return any(part.startswith("test_") for part in dotted.split("."))


def imported_test_modules(source):
    """The test modules a module's source imports, anywhere in it (a function's own imports too): the module tests.test_x
    itself or a name from it, `from tests import test_x`, and relative: `from .test_x import f`, `from . import test_x`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if is_test_module(a.name)]
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            if is_test_module(module):
                found.append(module)
            else:
                dot = "" if module.endswith(".") else "."
                found += [f"{module}{dot}{a.name}" for a in node.names if a.name.startswith("test_")]
    return found


def _names(arg):
    """The argument names of a parametrize call's first argument ("a, b" or ["a", "b"])."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return [n.strip() for n in arg.value.split(",") if n.strip()]
    if isinstance(arg, (ast.List, ast.Tuple)):
        return [e.value for e in arg.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def fixtures_and_parameters(source):
    """({fixture name}, {parametrised argument name}) of a module: functions decorated with pytest.fixture (called
    or not), and the names of @pytest.mark.parametrize / metafunc.parametrize."""
    fixtures, params = set(), set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for dec in node.decorator_list:
                target = dec.func if isinstance(dec, ast.Call) else dec
                if ast.unparse(target) in ("pytest.fixture", "fixture"):
                    name = next((k.value.value for k in getattr(dec, "keywords", ()) if k.arg == "name"), node.name)
                    fixtures.add(name)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "parametrize":
            params.update(_names(node.args[0]) if node.args else [])
    return fixtures, params


def test_no_module_of_the_suite_imports_a_test_module():
    found = {str(p.relative_to(TESTS.parent)): imported_test_modules(p.read_text(encoding="utf-8")) for p in SUITE}
    assert {p: m for p, m in found.items() if m} == {}, "move the helper into tests/support/ and import it from there"


def test_each_fixture_name_is_defined_in_one_module_and_is_no_test_parameter():
    where, parametrised = defaultdict(list), defaultdict(list)
    for p in SUITE:
        fixtures, params = fixtures_and_parameters(p.read_text(encoding="utf-8"))
        for name in fixtures:
            where[name].append(p.name)
        for name in params:
            parametrised[name].append(p.name)
    assert {n: ms for n, ms in where.items() if len(ms) > 1} == {}, "one fixture name, one definition"
    assert {n: (where[n], parametrised[n]) for n in where if n in parametrised} == {}, \
        "a parametrised argument named like a fixture means something else under the same name"
    assert where["page"] == ["conftest.py"]


def test_the_layout_checks_see_what_they_are_for():
    """Each way of importing a test module is seen, helper modules are not; a fixture is seen called or not, by its
    own name or the name it is given, and parametrised names in either spelling."""
    imports = ("import suite.test_browser\nfrom suite.test_sweep import sweeps_of\nfrom suite import test_pages\n"
               "from .test_links import warnings\nfrom . import test_tiers\n"
               "def f():\n    from suite.test_browser_points import FIND\n")
    assert imported_test_modules(imports) == ["suite.test_browser", "suite.test_sweep", "suite.test_pages",
                                              ".test_links", ".test_tiers", "suite.test_browser_points"]
    assert imported_test_modules("from tests.support.charts import drawn_chart\nimport tests.app_pages\n"
                                 "from tests import tiers\n") == []
    fixtures, params = fixtures_and_parameters(
        "import pytest\n@pytest.fixture\ndef a(): ...\n@pytest.fixture(scope='module')\ndef b(): ...\n"
        "@pytest.fixture(name='c')\ndef _c(): ...\n"
        "@pytest.mark.parametrize('x, y', [])\ndef test_p(x, y): ...\n"
        "def pytest_generate_tests(metafunc):\n    metafunc.parametrize(['z'], [])\n")
    assert fixtures == {"a", "b", "c"} and params == {"x", "y", "z"}
