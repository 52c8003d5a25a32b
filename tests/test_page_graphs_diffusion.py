"""AppTest of Beyond vectors › Diffusion kernel on a graph: the numbers on screen against scipy's expm of −βL built
here from scikit-learn's neighbour graph, the heat colours of the main chart, kernel ridge on the nodes against
scikit-learn's KernelRidge(kernel="precomputed"), and a click picking the nearest node."""
import json

import numpy as np
import pytest
from scipy.linalg import expm
from sklearn.kernel_ridge import KernelRidge
from sklearn.neighbors import kneighbors_graph

from kernel_core import make_classification
from pages.graphs import compute, figures
from pages.graphs.settings import KEY
from tests.app_pages import open_page, page_errors, values
from tests.click_catcher import click_catcher
from ui.ranges import DIFFUSION as R

PAGE = "pages/graphs/diffusion.py"
MOONS, MOONS_Y = make_classification("moons", 120, 0.1, 0)   # the sidebar's default data set


def latex(at):
    return " ".join(lx.value for lx in at.latex)


def chart(at, key="graphs_heat"):
    c = next(c for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}"))
    return json.loads(c.proto.spec)



def reference_K(X, k, beta):
    A = kneighbors_graph(X, k, include_self=False)
    A = A.maximum(A.T).toarray()
    return expm(-beta * (np.diag(A.sum(axis=1)) - A)), A


def test_heat_from_a_node_matches_expm_of_the_data_graph():
    at = open_page(PAGE)
    assert not page_errors(at) and not at.error
    at.select_slider(key=KEY.beta).set_value(2.0).run()
    at.slider(key=KEY.neighbours).set_value(7).run()
    at.number_input(key=KEY.node).set_value(17).run()
    K, A = reference_K(MOONS, 7, 2.0)
    text = latex(at)
    assert rf"\beta = 2,\ \ n = 120,\ \ {int(np.triu(A, 1).sum())}\text{{ edges}}" in text
    assert rf"K[j,j] = {K[17, 17]:.4f}" in text and r"\sum_i K[i,j] = 1.0000" in text
    nodes = next(t for t in chart(at)["data"] if t.get("name") == "nodes")
    np.testing.assert_allclose(values(nodes["marker"]["color"]), K[:, 17], atol=1e-6)


def test_built_in_graphs_and_beta_zero_is_the_identity():
    at = open_page(PAGE)
    at.selectbox(key=KEY.graph).set_value("path").run()
    at.select_slider(key=KEY.beta).set_value(0.0).run()
    assert not page_errors(at)
    assert r"n = 20,\ \ 19\text{ edges}" in latex(at) and r"K[j,j] = 1.0000" in latex(at)
    at.selectbox(key=KEY.graph).set_value("clusters").run()
    at.select_slider(key=KEY.beta).set_value(5.0).run()
    g = compute._clusters()
    A = g[1]
    K = expm(-5.0 * (np.diag(A.sum(axis=1)) - A))
    assert rf"K[j,j] = {K[0, 0]:.4f}" in latex(at) and r"49\text{ edges}" in latex(at)


def test_kernel_ridge_on_the_nodes_matches_scikit_learn():
    at = open_page(PAGE)
    at.selectbox(key=KEY.graph).set_value("clusters").run()
    at.radio(key=KEY.picture).set_value("classes").run()
    at.slider(key=KEY.labelled).set_value(2).run()
    assert not page_errors(at)
    _, A, y = compute._clusters()
    K = expm(-R["beta_default"] * (np.diag(A.sum(axis=1)) - A))
    labelled = compute.labelled_nodes(y, 2)
    assert len(labelled) == 4 and set(y[labelled]) == {-1, 1}
    f = KernelRidge(alpha=R["lam"], kernel="precomputed").fit(K[np.ix_(labelled, labelled)],
                                                               y[labelled]).predict(K[:, labelled])
    nodes = next(t for t in chart(at)["data"] if t.get("name") == "nodes")
    np.testing.assert_allclose(values(nodes["marker"]["color"]), f, atol=1e-5)
    rest = np.setdiff1d(np.arange(len(y)), labelled)
    accuracy = np.mean(np.sign(f[rest]) == y[rest])
    assert at.metric[0].value == f"{100 * accuracy:.0f}%"


def test_the_graph_is_clickable_and_a_smaller_graph_resets_the_node():
    at = open_page(PAGE)
    assert click_catcher(at, "graphs_heat") == {"subplot": "xy"}          # a click picks the nearest node
    at.number_input(key=KEY.node).set_value(42).run()
    at.selectbox(key=KEY.graph).set_value("path").run()     # 20 nodes: node 42 does not exist
    assert at.number_input(key=KEY.node).value == 0 and not page_errors(at)


CHART = """Array.from(document.querySelectorAll('.st-key-clickable_graphs_heat .js-plotly-plot'))[0]"""
SOURCE = f"""() => {{ const el = {CHART}; const t = el._fullData.find(t => t.name === 'source');
  return [t.x[0], t.y[0]]; }}"""


@pytest.mark.timeout(300)
def test_browser_click_on_a_node_makes_it_the_source(page, app_url):
    from tests.support.app_runs import open_url, settle
    from tests.support.charts import drawn_chart, ready_value, scroll_to, to_pixels
    from tests.support.health import assert_healthy
    heat = drawn_chart(".st-key-clickable_graphs_heat")
    open_url(page, f"{app_url}/graphs")
    page.wait_for_function(f"() => {{ try {{ return ({SOURCE})() !== null; }} catch (e) {{ return false; }} }}",
                           timeout=60000)
    for node in (42, 99):
        target = [float(MOONS[node, 0]), float(MOONS[node, 1])]
        scroll_to(page, heat)                                               # scroll first, then measure
        px, py = ready_value(page, to_pixels(heat), target)
        page.mouse.click(px, py)
        page.wait_for_function(f"t => {{ try {{ const s = ({SOURCE})(); return Math.abs(s[0] - t[0]) < 1e-3 && "
                               f"Math.abs(s[1] - t[1]) < 1e-3; }} catch (e) {{ return false; }} }}",
                               arg=target, timeout=30000)
        settle(page)
        assert f"graphs_node={node}" in page.evaluate("() => window.location.search")
    assert_healthy(page)


def test_a_graph_in_pieces_says_so_and_mu2_is_zero():
    """k = 1 on the moons: the symmetrised 1-NN graph falls apart (scipy counts the pieces); μ₂ = 0 on screen and a
    sentence names the number of pieces. The default k = 5 graph is connected: no such sentence."""
    from scipy.sparse.csgraph import connected_components
    at = open_page(PAGE)
    assert not any("falls apart" in c.value for c in at.caption)
    at.slider(key=KEY.neighbours).set_value(1).run()
    assert not page_errors(at)
    A = kneighbors_graph(MOONS, 1, include_self=False)
    pieces = connected_components(A.maximum(A.T), directed=False)[0]
    assert pieces > 1
    assert r"\mu_2 = 0" in latex(at)
    assert any(f"falls apart into {pieces} pieces" in c.value for c in at.caption)


def test_the_kernel_matrix_is_drawn_as_a_heatmap_ordered_by_class():
    """Issue 23 item 6 asks for K as a heatmap: under the graph, expm(−βL) of the data's k-NN graph (scipy, built
    here), rows and columns ordered by class."""
    at = open_page(PAGE)
    at.select_slider(key=KEY.beta).set_value(2.0).run()
    at.slider(key=KEY.neighbours).set_value(7).run()
    assert not page_errors(at)
    K, _ = reference_K(MOONS, 7, 2.0)
    order = np.argsort(MOONS_Y, kind="stable")
    Ks = K[np.ix_(order, order)]
    fig = chart(at, "graphs_kernel_map")
    cells = figures.KERNEL_CELLS
    z = values(fig["data"][0]["z"]).reshape(cells, cells)            # 120 nodes: block means of 96 x 96 cells
    edges = np.linspace(0, len(K), cells + 1).astype(int)
    means = np.array([[Ks[a:b, c:d].mean() for c, d in zip(edges[:-1], edges[1:])]
                      for a, b in zip(edges[:-1], edges[1:])])
    np.testing.assert_allclose(z, means, rtol=1e-5, atol=1e-6)
    assert "120 points shown as 96×96 block means" in fig["layout"]["title"]["text"]
