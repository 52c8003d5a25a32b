"""Every test's tier, read from what it runs, so that a new test gets one without a decorator:

- browser: a served app (`bench.serve`, `serve_app`, a server or nginx started as a subprocess) or Chromium
  (Playwright, the `browser` / `app_url` fixtures);
- app: the app run in Streamlit's AppTest, without a server;
- core: neither (kernel_core, figure builders, links, settings, the sources).

What a test runs is found by following the names its code uses: the test function, the fixtures it asks for, and
the helpers of the test suite and of bench/ they call, down to AppTest or a server. tests/conftest.py marks every
collected test with its tier (`pytest -m core`); a test may also carry a tier marker written by hand, which wins."""
import functools
import inspect
import subprocess
import types

TIERS = ("core", "app", "browser")
BROWSER_FIXTURES = {"browser", "app_url"}  # session fixtures of tests/conftest.py (the `page` fixture asks for browser)
FOLLOWED = ("tests", "bench")  # helper code whose own names are followed; the app's code starts no server or AppTest


@functools.cache
def _starters():
    """What starts a tier: AppTest; a server (bench.serve, the nginx replicas, any subprocess kept running) or Chromium."""
    from streamlit.testing.v1 import AppTest

    from bench import replicas, serve
    from tests import browser_env

    return {"app": (AppTest,),
            "browser": (serve.serve, replicas.cluster, browser_env.ensure_chromium, subprocess.Popen)}


def _reached(obj):
    """The tier `obj` itself stands for ("browser", "app"), or None when only what it uses can tell."""
    for tier, starters in _starters().items():
        if any(obj is s for s in starters):  # identity: numpy arrays and the like compare element-wise
            return tier
    name = obj.__name__ if isinstance(obj, types.ModuleType) else getattr(obj, "__module__", None) or ""
    return "browser" if isinstance(name, str) and name.split(".")[0] == "playwright" else None


def _followed(obj):
    module = obj.__name__ if isinstance(obj, types.ModuleType) else getattr(obj, "__module__", None)
    return isinstance(module, str) and module.split(".")[0] in FOLLOWED


def _code_names(code):
    """Global and attribute names used by `code` and the functions, lambdas and comprehensions nested in it."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _code_names(const)
    return names


def _uses(obj):
    """The objects a function or class of the test suite refers to by name."""
    if isinstance(obj, type):
        return [v for v in vars(obj).values() if isinstance(v, (types.FunctionType, staticmethod, classmethod, property))]
    if isinstance(obj, (staticmethod, classmethod)):
        return [obj.__func__]
    if isinstance(obj, property):
        return [f for f in (obj.fget, obj.fset) if f]
    if not isinstance(obj, types.FunctionType):
        return []
    names = _code_names(obj.__code__)
    found = [obj.__globals__[n] for n in names if n in obj.__globals__]
    found += [c.cell_contents for c in obj.__closure__ or () if _filled(c)]
    found += list(obj.__defaults__ or ()) + list((obj.__kwdefaults__ or {}).values())
    # `module.name(...)` (`subprocess.Popen`, `app_pages.open_page`): an attribute of a module the function refers to
    found += [vars(m)[n] for m in list(found) if isinstance(m, types.ModuleType) for n in names if n in vars(m)]
    return found


def _filled(cell):
    try:
        _ = cell.cell_contents
    except ValueError:  # an empty cell (a name bound later)
        return False
    return True


def reaches(*objs):
    """The set of tiers above core ("browser", "app") that these functions reach through the names they use."""
    found, seen, todo = set(), set(), list(objs)
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, types.FunctionType) and hasattr(obj, "__wrapped__"):  # @contextmanager and the like
            todo.append(inspect.unwrap(obj))
        tier = _reached(obj)
        if tier:
            found.add(tier)
        elif _followed(obj) and not isinstance(obj, types.ModuleType):
            todo.extend(_uses(obj))
    return found


def test_function(item):
    """The Python function behind a collected test (through decorators such as hypothesis' @given)."""
    obj = getattr(item, "obj", None)
    inner = getattr(getattr(obj, "hypothesis", None), "inner_test", None)
    obj = inspect.unwrap(inner or obj) if obj is not None else None
    return getattr(obj, "__func__", obj)


def fixture_functions(item):
    """The functions of the fixtures `item` uses (all of them: those the fixtures themselves ask for too)."""
    defs = getattr(item, "_fixtureinfo", None)
    if defs is None:
        return []
    return [d.func for name in item.fixturenames for d in defs.name2fixturedefs.get(name, ())]


def tier_of(item):
    """"browser", "app" or "core" for a collected test."""
    if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
        return "browser"
    found = reaches(test_function(item), *fixture_functions(item))
    return "browser" if "browser" in found else "app" if "app" in found else "core"


def shares_module_set_up(item):
    """Whether `item` uses a fixture built once per module or class of the test suite (an AppTest opened once, a
    trivial server, an nginx cluster): its module's tests then run in one process, which builds it once."""
    defs = getattr(item, "_fixtureinfo", None)
    if defs is None:
        return False
    return any(d.scope in ("module", "class", "package") and _followed(d.func)
               for name in item.fixturenames for d in defs.name2fixturedefs.get(name, ()))
