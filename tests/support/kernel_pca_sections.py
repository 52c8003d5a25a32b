"""The kernel PCA topic's sections in AppTest: their scripts, the sidebar's default data set, readers of a page's
formulas, texts and charts."""
import json

from kernel_core import make_classification

LINEAR_VS_KERNEL = "pages/kernel_pca/linear_vs_kernel.py"
CENTRING = "pages/kernel_pca/centring.py"
NEW_POINT = "pages/kernel_pca/new_point.py"
DENOISING = "pages/kernel_pca/denoising.py"
LAPLACIAN = "pages/kernel_pca/laplacian.py"
MOONS = make_classification("moons", 120, 0.1, 0)[0]   # the sidebar's default data set


def latex(at):
    return " ".join(lx.value for lx in at.latex)


def texts(elements):
    return " ".join(e.value for e in elements)


def chart(at, key):
    """The Plotly figure (as JSON) of the chart keyed `key`, and its config."""
    c = next(c for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}"))
    return json.loads(c.proto.spec), json.loads(c.proto.config)
