"""The sections whose scripts draw a "Predict, then check" exercise (ui.exercises.exercises), read from the scripts
themselves, with the chart each one's Check brings onto the screen."""
import ast
import importlib
from pathlib import Path

from pages import sections, url_path

ROOT = Path(__file__).resolve().parents[2]


def calls_exercises(module):
    """The section's script draws exercises (a call of ui.exercises.exercises)."""
    tree = ast.parse((ROOT / module).read_text())
    return any(isinstance(n, ast.Call) and getattr(n.func, "id", None) == "exercises" for n in ast.walk(tree))


def checked_chart(module, main):
    """The chart Check brings onto the screen: the exercises call's `chart` (a string, or KEY.NAME of a module the
    script imports KEY from), else the section's main chart."""
    tree = ast.parse((ROOT / module).read_text())
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "exercises"):
        for kw in (k for k in call.keywords if k.arg == "chart"):
            if isinstance(kw.value, ast.Constant):
                return kw.value.value
            name, attr = kw.value.value.id, kw.value.attr
            source = next(i.module for i in ast.walk(tree)
                          if isinstance(i, ast.ImportFrom) and any(a.name == name for a in i.names))
            return getattr(getattr(importlib.import_module(source), name), attr)
    return main


# (section, its main chart, the chart its Check changes)
EXERCISE_SECTIONS = [(url_path(t, s), s.main_chart, checked_chart(s.module, s.main_chart))
                     for t, s in sections() if calls_exercises(s.module)]
