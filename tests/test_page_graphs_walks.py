"""AppTest of Beyond vectors › Graph kernels by random walks: the Gram matrix on screen against the walk-count series
Σₗ λˡ wₗ(G)wₗ(G′) (wₗ = 1ᵀAˡ1 by numpy's matrix powers), cosine-normalised, the walk counts written out, and the raw
kernel's leave-one-out labels following size rather than cycles (the exercise)."""
import base64
import json

import numpy as np

from kernel_core import small_graphs
from pages.graphs.settings import KEY
from tests.app_pages import open_page, page_errors
from ui.ranges import WALKS as R

FILE = "pages/graphs/walks.py"
NAMES, GRAPHS, LABELS = small_graphs()


def gram(at):
    spec = json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{KEY.walks_chart}")))
    z = spec["data"][0]["z"]
    if isinstance(z, dict):
        shape = tuple(int(v) for v in str(z["shape"]).split(","))
        return np.frombuffer(base64.b64decode(z["bdata"]), z["dtype"]).reshape(shape), spec
    return np.asarray(z), spec


def series_gram(lam, terms=300):
    W = np.array([[np.linalg.matrix_power(A, ell).sum() * lam ** (ell / 2) for ell in range(terms)] for A in GRAPHS])
    return W @ W.T


def test_gram_matrix_is_the_normalised_walk_series():
    at = open_page(FILE)
    assert not page_errors(at) and not at.error
    rho = max(np.max(np.abs(np.linalg.eigvalsh(A))) for A in GRAPHS)
    K = series_gram(R["share"][2] / rho ** 2)
    d = np.sqrt(np.diag(K))
    shown, spec = gram(at)
    np.testing.assert_allclose(shown, K / np.outer(d, d), rtol=1e-6)
    assert all(t.endswith("✓") for t in spec["layout"]["yaxis"]["ticktext"])
    assert r"w_{0..4}(\text{C4}) &= (4, 8, 16, 32, 64)" in " ".join(lx.value for lx in at.latex)


def test_the_raw_kernel_follows_size():
    at = open_page(FILE)
    at.toggle(key=KEY.walk_raw).set_value(True).run()
    assert not page_errors(at)
    rho = max(np.max(np.abs(np.linalg.eigvalsh(A))) for A in GRAPHS)
    shown, spec = gram(at)
    np.testing.assert_allclose(shown, series_gram(R["share"][2] / rho ** 2), rtol=1e-6)
    assert [t[-1] for t in spec["layout"]["yaxis"]["ticktext"]].count("✗") >= 4


def test_the_exercise_check_shows_the_raw_kernel():
    at = open_page(FILE)
    at.radio(key="graphs_ex_graphs_walk_norm").set_value(1).run()
    at.button(key="graphs_ex_graphs_walk_norm_check").click().run()
    assert not page_errors(at) and any("Right." in s.value for s in at.success)
    assert [t[-1] for t in gram(at)[1]["layout"]["yaxis"]["ticktext"]].count("✗") >= 4
