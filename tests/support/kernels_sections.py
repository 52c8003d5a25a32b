"""The kernels topic's sections in AppTest: the sections' scripts, the sidebar's preset data (and the moons it draws,
labelled ±1), readers of a page's formulas, sentences and metrics."""
import numpy as np
from sklearn.datasets import make_moons

KERNEL, GRAM, CLOSURE, GEOMETRY, NOT_SYMMETRIC, BILINEAR = (f"pages/kernels/{m}.py" for m in (
    "kernel", "gram", "closure", "geometry", "not_symmetric", "bilinear"))
SECTIONS = (KERNEL, GRAM, CLOSURE, GEOMETRY, NOT_SYMMETRIC, BILINEAR)
PRESET = ("moons", 120, 0.1, 0)


def latex(at):
    return " ".join(e.body for e in at.latex)


def text(at):
    """Every sentence on the page (markdown, captions, alerts)."""
    return " ".join(str(e.value) for e in (*at.markdown, *at.caption, *at.error, *at.warning, *at.success, *at.info))


def metric(at, label):
    return next(m.value for m in at.metric if m.label == label)


def moons():
    X, y = make_moons(120, noise=0.1, random_state=0)
    return X, np.where(y > 0, 1, -1)
