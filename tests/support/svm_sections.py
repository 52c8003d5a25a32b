"""The svm topic's sections in AppTest: their scripts, readers of what a page shows (its metrics, charts, formulas), and
the numbers scikit-learn gives for the default data."""
import html
import json
import re

import numpy as np
from sklearn.datasets import make_moons
from sklearn.svm import SVC

from kernel_core import holdout_split

MARGINS, GAUSS_LAPLACE, SUBGRADIENT, CV, HINGE = (f"pages/svm/{m}.py" for m in (
    "margins", "gauss_laplace", "subgradient", "cross_validation", "hinge"))


def shown_metrics(at):
    """[(label, value)] of the page's st.metric elements and of the cells of the margins section's grid of metrics
    (one st.markdown, pages/svm/margins.fit_metrics), in page order within each kind."""
    cells = [(html.unescape(label), html.unescape(value)) for md in at.markdown for label, value in re.findall(
        r'class="ks-metric-label"[^>]*>(.*?)</div><div class="ks-metric-value"[^>]*>(.*?)</div>', md.value)]
    return [(m.label, m.value) for m in at.metric] + cells


def metric(at, label):
    return next(value for name, value in shown_metrics(at) if name == label)


def charts(at):
    """{chart key: figure spec} of the page's Plotly charts."""
    return {c.proto.id.rsplit("-", 1)[-1]: json.loads(c.proto.spec) for c in at.get("plotly_chart")}


def latex(at):
    """The page's formulas: st.latex elements and display formulas ($$ … $$) in st.markdown."""
    return " ".join([str(e.value) for e in at.latex] + [md.value for md in at.markdown if "$$" in md.value])


def expected(C=1.0, gamma=1.0):
    """The sidebar's default data (moons, 120 points, noise 0.1, seed 0), split 70/30 as the page splits it
    (kernel_core.holdout_split, seeded per point; tested against scikit-learn's stratified split in
    test_core_svm), fitted by scikit-learn's own RBF SVC — no fit from kernel_core or the page."""
    X, y = make_moons(120, noise=0.1, random_state=0)
    y = np.where(y > 0, 1, -1)
    tr, te = holdout_split(y, 0.3, 0, X=X)
    svc = SVC(kernel="rbf", C=C, gamma=gamma).fit(X[tr], y[tr])
    z = y[tr] * svc.decision_function(X[tr])
    return {"n_sv": len(svc.support_), "n": len(tr), "test": np.mean(svc.predict(X[te]) == y[te]),
            "train": np.mean(svc.predict(X[tr]) == y[tr]), "violations": int(np.sum(z < 1 - 1e-3))}
