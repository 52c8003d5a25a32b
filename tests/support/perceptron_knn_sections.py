"""The perceptron / k-NN topic's sections in AppTest: their scripts, readers of their metrics and counters, the sidebar's
preset data and the held-out split the sections draw on it."""
import re

import kernel_core as kc

LEARN, KNN, RULES, OVERFIT = (f"pages/perceptron_knn/{m}.py" for m in ("learning", "knn", "rules", "overfitting"))


def metric(at, label, nth=0):
    return [m.value for m in at.metric if m.label == label][nth]


def counts(at, label):
    """'12 / 588' or '5 of 84' -> (12, 588)."""
    a, b = re.findall(r"\d+", metric(at, label))[:2]
    return int(a), int(b)


def preset():
    from ui.ranges import DATA, DEFAULT_DATASET
    return (DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])


def reference_split(X, y):
    """The sections' defaults (30 % held out, seed 0): the held-out mask of ui.points.held_out over the preset."""
    from ui.points import held_out
    return held_out(X, y, 0.3, 0, base=kc.make_classification(*preset()))
