"""AppTest of Beyond vectors › Kernels on distributions: the Gram matrix of the eight samples on screen against
scikit-learn's rbf_kernel averaged over every pair of points, MMD² written out, the leave-one-out labels, and the
exercise's linear kernel (the sample means: no better than a coin toss here)."""
import base64
import json

import numpy as np
from sklearn.metrics.pairwise import rbf_kernel

from kernel_core import distribution_bags
from pages.graphs.settings import KEY
from tests.app_pages import open_page, page_errors
from ui.ranges import BAGS as R

FILE = "pages/graphs/distributions.py"


def gram(at):
    spec = json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{KEY.bags_chart}")))
    z = spec["data"][0]["z"]
    if isinstance(z, dict):
        shape = tuple(int(v) for v in str(z["shape"]).split(","))
        return np.frombuffer(base64.b64decode(z["bdata"]), z["dtype"]).reshape(shape), spec
    return np.asarray(z), spec


def test_gram_matrix_and_mmd_against_sklearn():
    at = open_page(FILE)
    assert not page_errors(at) and not at.error
    bags, _ = distribution_bags(R["per_class"], R["points"][2], R["seed"][2])
    expected = np.array([[rbf_kernel(P, Q, gamma=1.0).mean() for Q in bags] for P in bags])
    K, spec = gram(at)
    np.testing.assert_allclose(K, expected, rtol=1e-6)
    p = R["per_class"]
    mmd2 = expected[0, 0] + expected[p, p] - 2 * expected[0, p]
    assert rf"\|^2 &= {mmd2:.3g}" in " ".join(lx.value for lx in at.latex)
    assert all(t.endswith("✓") for t in spec["layout"]["yaxis"]["ticktext"])
    caption = " ".join(c.value for c in at.caption)
    assert "PSD ✓" in caption and "nearest class mean of the μ: 100 %" in caption


def test_the_linear_kernel_sees_only_the_means():
    at = open_page(FILE)
    at.selectbox(key=KEY.kernel).set_value("linear").run()
    assert not page_errors(at)
    bags, y = distribution_bags(R["per_class"], R["points"][2], R["seed"][2])
    means = np.array([B.mean(axis=0) for B in bags])
    K, spec = gram(at)
    np.testing.assert_allclose(K, means @ means.T, atol=1e-6)
    marks = [t[-1] for t in spec["layout"]["yaxis"]["ticktext"]]
    assert marks.count("✗") >= 2                            # no longer every sample right


def test_the_exercise_check_switches_to_the_linear_kernel():
    at = open_page(FILE)
    at.radio(key="graphs_ex_graphs_mean_embedding").set_value(1).run()
    at.button(key="graphs_ex_graphs_mean_embedding_check").click().run()
    assert not page_errors(at) and any("Right." in s.value for s in at.success)
    assert at.session_state[KEY.kernel] == "linear"
    assert [t[-1] for t in gram(at)[1]["layout"]["yaxis"]["ticktext"]].count("✗") >= 2
