"""The Mercer topic's sections in AppTest (tests/test_page_mercer.py, tests/test_page_mercer_eigen.py): the sections'
scripts, readers of a page's formulas, metrics, texts and the eigen map's shown error, and an exercise answered and
checked."""
import re

from tests.app_pages import page_errors

MAP, LIFT, EXPLOSION = "pages/mercer/feature_map.py", "pages/mercer/lift.py", "pages/mercer/explosion.py"
EIGEN, APPROX = "pages/mercer/eigen_map.py", "pages/mercer/approximations.py"
SECTIONS = (MAP, LIFT, EXPLOSION, EIGEN, APPROX)


def latex(at):
    return " ".join(e.body for e in at.latex)


def metric(at, start):
    return next(m.value for m in at.metric if m.label.startswith(start))


def texts(at, kind):
    return " ".join(e.value for e in getattr(at, kind))


def shown_error(text):
    """The number after the eigen map's error formula: q = <q>:\\ \\frac{...}{...} = <number>"""
    return re.search(r"q = \d+:\\ \\frac\{.*?\}\{.*?\} = (\S+(?: \\times 10\^\{-?\d+\})?)", text).group(1)


def number(tex):
    return float(re.sub(r" \\times 10\^\{(-?\d+)\}", r"e\1", tex))


def exercise(at, name, choice):
    at.radio(key=f"mercer_ex_{name}").set_value(choice).run()
    at.button(key=f"mercer_ex_{name}_check").click().run()
    assert not page_errors(at)
