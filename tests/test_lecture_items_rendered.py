"""The items of the lecture texts that a line-by-line reading found missing or only partly on screen, each pinned to
what its section renders (AppTest: markdown, LaTeX, captions and chart traces of the default view). The expected
words and formulas are written here from the texts themselves — Held, Bishop's notes, Sugiyama, Kriege, Nguyen —
not read from the code under test; where an item computes something, the number is checked against an independent
computation (scikit-learn, a direct solve)."""
import json

import numpy as np
import pytest
from sklearn.metrics.pairwise import rbf_kernel
from sklearn.neighbors import kneighbors_graph

from kernel_core import make_sine
from pages.kernel_ridge.settings import KEY as RIDGE
from tests.app_pages import open_page, page_errors, values

# section file -> [(text, item, the words or LaTeX the section must render)]
ITEMS = {
    "pages/kernel_pca/centring.py": [
        ("Held", "the centred inner product before its expansion",
         r"\big(\phi(\mathbf x_i) - \tfrac1n\textstyle\sum_j\phi(\mathbf x_j)\big)^\top"),
        ("Held", "the expansion is K′'s entry", r"\tfrac{1}{n^2}\sum_{j,m} K_{jm} = K'_{il}"),
        ("Held", "the centring matrix", r"K' = JKJ,\quad J = I_n - \tfrac1n\mathbf{1}\mathbf{1}^\top"),
    ],
    "pages/kernels/kernel.py": [
        ("Held", "a generalised inner product", "generalised inner product without bilinearity"),
        ("Bishop's notes", "the linear kernel from the identity map", "the identity map φ(x) = x gives the linear kernel"),
    ],
    "pages/kernel_ridge/dual_derivation.py": [
        ("Bishop's notes / Nguyen (2)–(3)", "∇J = 0",
         r"\mathbf w &= -\tfrac{1}{\lambda}\textstyle\sum_n(\mathbf w^\top\boldsymbol\phi(x_n) - t_n)\,\boldsymbol\phi(x_n)"),
        ("Bishop's notes / Nguyen (2)–(3)", "… = Φᵀa", r"= \textstyle\sum_n a_n\boldsymbol\phi(x_n) = \boldsymbol\Phi^\top\mathbf a"),
        ("Bishop's notes / Nguyen (5)", "J(a) before K = ΦΦᵀ",
         r"J(\mathbf a) &= \tfrac12\mathbf a^\top\boldsymbol\Phi\boldsymbol\Phi^\top\boldsymbol\Phi\boldsymbol\Phi^\top\mathbf a"),
        ("Bishop's notes / Nguyen (7)", "J(a) in K", r"\tfrac12\mathbf a^\top\mathbf K\mathbf K\mathbf a"),
        ("Bishop's notes / Nguyen", "the prediction",
         r"y(\mathbf x) &= \mathbf w^\top\boldsymbol\phi(\mathbf x) = \mathbf a^\top\boldsymbol\Phi\boldsymbol\phi(\mathbf x)\\ &= "
         r"\mathbf k(\mathbf x)^\top(\mathbf K + \lambda\mathbf I_N)^{-1}\mathbf t"),
        ("Nguyen", "why the dual form", "many linear models for regression and classification can be rewritten"),
    ],
    "pages/kernels/geometry.py": [
        ("Sugiyama", "his Gaussian", "K(x, x′) = exp(−‖x − x′‖²/c²)"),
        ("Sugiyama", "its c from the bar's γ = 1", "is γ = 1/c², c = 1."),
    ],
    "pages/kernel_pca/laplacian.py": [
        ("Sugiyama", "homework 1: the S-curve", "His homework 1 is this section: unfold the 3-D S-curve"),
        ("Sugiyama", "a sparse W", "When W is sparse, L and D are also sparse"),
    ],
    "pages/svm/subgradient.py": [
        ("Kriege", "the hinge kernelized", r"\max\{0,\,1 - y_i\boldsymbol\alpha^\top\mathbf k^{(i)}\}"),
        ("Kriege", "his k⁽ⁱ⁾", r"\mathbf k^{(i)} = \big(y_1k(\mathbf x_1,\mathbf x_i), \ldots, y_nk(\mathbf x_n,\mathbf x_i)\big)^\top"),
        ("Kriege", "the regulariser kernelized",
         r"\lambda\|\mathbf w\|_2^2 &= \lambda\textstyle\sum_i\sum_j \alpha_i\alpha_j y_i y_j\, k(\mathbf x_i,\mathbf x_j) = "
         r"\lambda\,\boldsymbol\alpha^\top D_y K D_y\boldsymbol\alpha"),
        ("Kriege", "the prediction", r"\hat y &= \operatorname{sign}\Big(\textstyle\sum_i \alpha_i y_i\, k(\mathbf x_i, \mathbf x)\Big)"),
    ],
    "pages/kernel_ridge/extrapolation.py": [
        ("Kriege", "f = c₁f₁ + c₂f₂", r"= c_1 f_1(\mathbf x) + c_2 f_2(\mathbf x)"),
        ("Kriege", "f₂ the linear part", r"f_2(\mathbf x) &= \textstyle\sum_i\alpha_i\mathbf x_i^\top\mathbf x"),
    ],
    "pages/kernels/gram.py": [
        ("Held", "all but the sigmoid are positive definite", "all but the sigmoid are positive definite"),
    ],
    "pages/kernel_ridge/primal_dual.py": [
        ("Held", "primal and dual variables", "β are the **primal variables**, α = (K + λI)⁻¹y the **dual variables**"),
    ],
    "pages/perceptron_knn/learning.py": [
        ("Kriege", "the linear classifier", r"\hat y = \operatorname{sign}(\mathbf w^\top\mathbf x)"),
        ("Kriege", "the perceptron problem", r"\max(0,\,-y_i\mathbf w^\top\mathbf x_i)"),
    ],
    "pages/svm/hinge.py": [
        ("Kriege", "summary: methods", "three methods — the exact solution"),
        ("Kriege", "summary: metrics", "two evaluation metrics, the empirical risk as mean squared error"),
    ],
}


def rendered(at):
    """Everything the page writes: markdown, LaTeX and captions."""
    return "\n".join(el.value for el in (*at.markdown, *at.latex, *at.caption))


@pytest.mark.parametrize("file", sorted(ITEMS))
def test_each_completed_item_is_on_screen(file):
    at = open_page(file)
    assert not page_errors(at)
    text = rendered(at)
    missing = [(author, item) for author, item, words in ITEMS[file] if words not in text]
    assert not missing, missing


def test_kriege_split_of_the_rbf_plus_linear_fit_matches_a_direct_solve():
    """c₁f₁ and c₂f₂ as drawn, against α = (K + λI)⁻¹y with K = c₁·RBF + c₂·xᵀx′ from scikit-learn's rbf_kernel
    (λ in Held's convention, as the section states), on the default noisy sine with the section's trend added."""
    at = open_page("pages/kernel_ridge/extrapolation.py")
    c1, c2, slope = (at.slider(key=k).value for k in (RIDGE.C1, RIDGE.C2, RIDGE.SLOPE))
    assert c2 > 0
    fig = json.loads(next(c.proto.spec for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{RIDGE.SEMI_CHART}")))
    traces = {t.get("name"): t for t in fig["data"]}
    xs = values(traces["c₁ f₁ (its RBF part)"]["x"]).astype(float)[:, None]
    X, y = make_sine(30, 0.25, 0)
    y = y + slope * X[:, 0]
    K = c1 * rbf_kernel(X, X, gamma=1.0) + c2 * X @ X.T
    alpha = np.linalg.solve(K + 0.1 * np.eye(len(y)), y)
    part1, part2 = c1 * rbf_kernel(xs, X, gamma=1.0) @ alpha, c2 * (xs @ X.T) @ alpha
    np.testing.assert_allclose(values(traces["c₁ f₁ (its RBF part)"]["y"]), part1, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(values(traces["c₂ f₂ (its linear part)"]["y"]), part2, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(values(traces["c₁ RBF + c₂ linear"]["y"]), part1 + part2, rtol=1e-4, atol=1e-5)


def test_the_count_of_ws_non_zero_entries_is_scikit_learns():
    """The Laplacian eigenmap's W on the sidebar's default data (moons, 120 points, noise 0.1, seed 0) with k = 10:
    scikit-learn's k-nearest-neighbour graph, made symmetric (i ~ j if either is a neighbour of the other)."""
    from sklearn.datasets import make_moons

    at = open_page("pages/kernel_pca/laplacian.py")
    X, _ = make_moons(120, noise=0.1, random_state=0)
    A = kneighbors_graph(X, 10, include_self=False).toarray()
    expected = int(np.count_nonzero(np.maximum(A, A.T)))
    assert f"W has {expected:,} non-zero entries of n² = 14,400" in rendered(at)
