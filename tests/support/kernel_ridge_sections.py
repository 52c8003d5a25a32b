"""The kernel ridge topic's sections in AppTest: their scripts, readers of what a page shows (metrics, a chart's traces
and their values), the link a fresh session opens, and scikit-learn's errors for the same fit."""
import json

import numpy as np
from sklearn.kernel_ridge import KernelRidge as SkKR
from sklearn.model_selection import KFold, cross_val_score

from tests.app_pages import open_page

SECTION = {name: f"pages/kernel_ridge/{name}.py" for name in
           ("fit", "primal_dual", "extrapolation", "cross_validation", "overfitting", "gaussian_process", "large_n")}


FIT = SECTION["fit"]


def metric(at, label):
    return next(m.value for m in at.metric if m.label.startswith(label))


def chart(at, key):
    """The figure (as a dict) of the Plotly chart with this key."""
    return json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}")))


def trace(fig, name):
    return next(t for t in fig["data"] if t.get("name") == name)


def values(t, axis):
    """A trace's x or y values (Plotly JSON may carry them as a typed array)."""
    v = t[axis]
    if isinstance(v, dict):  # {"dtype": "f4", "bdata": base64}
        import base64
        return np.frombuffer(base64.b64decode(v["bdata"]), dtype=np.dtype(v["dtype"]))
    return np.asarray(v, float)


def sk_cv_mse(X, y, lam, gamma=1.0):
    scores = cross_val_score(SkKR(alpha=lam, kernel="rbf", gamma=gamma), X, y, scoring="neg_mean_squared_error",
                             cv=KFold(5, shuffle=True, random_state=0))
    return -float(np.mean(scores))


def sk_train_mse(X, y, lam, gamma=1.0):
    model = SkKR(alpha=lam, kernel="rbf", gamma=gamma).fit(X, y)
    return float(np.mean((model.predict(X) - y) ** 2))


def open_link(query):
    """A fresh session opening the fit section with this link's query parameters."""
    return open_page(FIT, query=query)
