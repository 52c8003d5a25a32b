"""AppTest of Beyond vectors › A kernel measure of independence: the numbers in the table and the formula against
references computed here (numpy's correlation, scipy's pearsonr, HSIC from sklearn's pairwise_kernels with H written
out, ρ̂ from scipy's eigenvalues of K̃L̃), the y = x² point (r ≈ 0, HSIC rejects), the linear kernel's HSIC = r², an
independent sample not rejected, the γ ↔ σ mapping, the cap on n, and the exercises' Check buttons."""
import math
import re

import numpy as np
import pytest
from scipy import stats
from scipy.linalg import eigvals
from sklearn.metrics.pairwise import pairwise_kernels

import kernel_core as kc
from pages.graphs.settings import KEY
from tests.app_pages import open_page, page_errors
from ui.ranges import INDEPENDENCE as R

PAGE = "pages/graphs/independence.py"
pytestmark = pytest.mark.timeout(600)


def table(at):
    """{'Pearson r': (statistic, p), 'HSIC': (statistic, p)} read from the page's table."""
    text = " ".join(m.value for m in at.markdown)
    rows = re.findall(r"\| (Pearson r|HSIC) \| ([-\d.e+]+) \| ([\d.e+-]+) \| ([a-z ]+) \|", text)
    return {name: (float(s), float(p), verdict) for name, s, p, verdict in rows}


def latex(at):
    return " ".join(e.value for e in at.latex)


def sample(kind="square", n=100, noise=0.1, seed=0):
    x, y = kc.make_dependence(kind, n, noise, seed)
    return (x - x.mean()) / x.std(), (y - y.mean()) / y.std()


def centred(M):
    n = len(M)
    H = np.eye(n) - np.ones((n, n)) / n
    return H @ M @ H


def reference(x, y, metric="rbf", **params):
    K = centred(pairwise_kernels(x[:, None], metric=metric, **params))
    L = centred(pairwise_kernels(y[:, None], metric=metric, **params))
    n = len(x)
    return np.trace(K @ L) / n ** 2, math.sqrt(max(np.max(eigvals(K @ L).real), 0.0)) / n


def test_default_square_pearson_misses_what_hsic_finds():
    at = open_page(PAGE)
    assert not page_errors(at)
    x, y = sample()
    rows = table(at)
    r, p_r = stats.pearsonr(x, y)
    assert rows["Pearson r"][0] == pytest.approx(np.corrcoef(x, y)[0, 1], abs=5e-4)
    assert rows["Pearson r"][1] == pytest.approx(p_r, rel=1e-2) and rows["Pearson r"][1] > 0.05
    assert rows["Pearson r"][2] == "no evidence"
    hsic, rho = reference(x, y, gamma=1.0)
    assert rows["HSIC"][0] == pytest.approx(hsic, rel=1e-2)
    assert rows["HSIC"][1] == pytest.approx(1 / (R["permutations"] + 1), rel=1e-2)
    assert rows["HSIC"][2] == "dependent"
    tex = latex(at)
    assert f"= {rho:.3g}" in tex and f"= {hsic:.3g}" in tex and "n = 100" in tex
    assert r"\sigma = \tfrac{1}{\sqrt{2\gamma}} = 0.707" in tex


def test_linear_kernel_gives_hsic_equal_to_r_squared_and_misses_the_square():
    at = open_page(PAGE)
    at.selectbox(key=KEY.kernel).set_value("linear").run()
    assert not page_errors(at)
    rows = table(at)
    x, y = sample()
    r = np.corrcoef(x, y)[0, 1]
    assert rows["HSIC"][0] == pytest.approx(r ** 2, rel=1e-2)          # standardised: cov(x, y) = r
    assert rows["HSIC"][1] > 0.05 and rows["HSIC"][2] == "no evidence"
    assert r"\mathrm{HSIC} = \mathrm{cov}(x, y)^2" in latex(at)


def test_linear_sample_both_reject_and_gamma_maps_to_sigma():
    at = open_page(PAGE)
    at.selectbox(key=KEY.sample).set_value("linear").run()
    at.select_slider(key=KEY.gamma).set_value(2.0).run()
    at.slider(key=KEY.pairs).set_value(200).run()
    assert not page_errors(at)
    rows = table(at)
    x, y = sample("linear", 200)
    assert rows["Pearson r"][0] == pytest.approx(np.corrcoef(x, y)[0, 1], abs=5e-4)
    assert rows["Pearson r"][2] == rows["HSIC"][2] == "dependent"
    assert rows["HSIC"][0] == pytest.approx(reference(x, y, gamma=2.0)[0], rel=1e-2)
    assert r"\sigma = \tfrac{1}{\sqrt{2\gamma}} = 0.5" in latex(at)


def test_independent_sample_is_not_rejected_and_noise_is_disabled():
    at = open_page(PAGE)
    at.selectbox(key=KEY.sample).set_value("independent").run()
    at.number_input(key=KEY.seed).set_value(3).run()
    assert not page_errors(at)
    assert at.slider(key=KEY.noise).disabled
    rows = table(at)
    x, y = sample("independent", 100, 0.1, 3)
    assert rows["HSIC"][0] == pytest.approx(reference(x, y, gamma=1.0)[0], rel=1e-2)
    assert rows["HSIC"][1] > 0.05


def test_laplacian_kernel_and_the_median_heuristic_caption():
    at = open_page(PAGE)
    at.selectbox(key=KEY.sample).set_value("circle").run()
    at.selectbox(key=KEY.kernel).set_value("laplacian").run()
    assert not page_errors(at)
    x, y = sample("circle")
    assert table(at)["HSIC"][0] == pytest.approx(reference(x, y, "laplacian", gamma=1.0)[0], rel=1e-2)
    captions = " ".join(c.value for c in at.caption)
    gx = 1 / (2 * np.median(np.abs(x[:, None] - x[None, :])[np.triu_indices(100, 1)]) ** 2)
    assert f"γ = {gx:.3g} for x" in captions
    assert f"capped at {R['n'][1]}" in captions


def test_n_is_capped_and_the_kernel_choice_excludes_the_sigmoid():
    at = open_page(PAGE)
    assert at.slider(key=KEY.pairs).max == R["n"][1] <= 300
    assert "sigmoid" not in at.selectbox(key=KEY.kernel).options and "Sigmoid (not PSD)" not in \
        at.selectbox(key=KEY.kernel).options
    at.slider(key=KEY.pairs).set_value(R["n"][1]).run()
    assert not page_errors(at)
    assert f"n = {R['n'][1]}" in latex(at)


def test_exercise_check_sets_the_linear_kernel():
    at = open_page(PAGE)
    at.radio(key="graphs_ex_graphs_hsic_linear_kernel").set_value(1).run()
    at.button(key="graphs_ex_graphs_hsic_linear_kernel_check").click().run()
    assert not page_errors(at)
    assert at.selectbox(key=KEY.kernel).value == "linear"
    assert at.selectbox(key=KEY.sample).value == "square"
    assert any("Right" in s.value for s in at.success)


def test_a_polynomial_kernel_with_negative_offset_is_refused_with_a_sentence():
    at = open_page(PAGE)
    at.selectbox(key=KEY.kernel).set_value("poly").run()
    at.slider(key=KEY.coef0).set_value(-1.0).run()
    assert not page_errors(at)
    assert any("not positive semi-definite" in e.value for e in at.error)
    at.slider(key=KEY.coef0).set_value(1.0).run()
    assert not at.error and table(at)["HSIC"][0] >= 0
