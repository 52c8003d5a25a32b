"""The kernels topic's sections in AppTest: the sidebar's preset data (and the moons it draws, labelled ±1), readers of
a page's sentences and metrics."""
import numpy as np
from sklearn.datasets import make_moons

PRESET = ("moons", 120, 0.1, 0)


def text(at):
    """Every sentence on the page (markdown, captions, alerts)."""
    return " ".join(str(e.value) for e in (*at.markdown, *at.caption, *at.error, *at.warning, *at.success, *at.info))


def metric(at, label):
    return next(m.value for m in at.metric if m.label == label)


def moons():
    X, y = make_moons(120, noise=0.1, random_state=0)
    return X, np.where(y > 0, 1, -1)
