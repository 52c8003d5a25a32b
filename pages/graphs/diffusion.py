"""Beyond vectors › Diffusion kernel on a graph (Kriege: K = exp(−βL)): heat spreading from a chosen node as the
diffusion time β grows, on the k-NN graph of the sidebar's data (at most DIFFUSION["max_nodes"] nodes) or a small
built-in graph; kernel ridge on the nodes with K classifies the unlabelled ones."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.graphs import compute, figures
from pages.graphs.settings import KEY, KEYS, frame
from ui.classroom import presenting
from ui.code import show_code
from ui.controls import labeller
from ui.data import current_dataset
from ui.nav import section_footer, section_header
from ui.points_click import click_catcher, plotted_window
from ui.ranges import DIFFUSION as R
from ui.settings import bar as settings_bar
from ui.settings import remember

PIECES_RTOL = 1e-9      # an eigenvalue of L below this × its largest counts as 0 (one per connected piece)
PICTURES = {"heat": "Heat from node j", "classes": "Classes by kernel ridge"}

section_header(__file__)
present = presenting()
X, y, data_desc = current_dataset()


def own_bar(narrow):
    """This section's bar: the graph, k of the data's k-NN graph, the diffusion time β."""
    cols = settings_bar(2 if narrow else [2.4, 2, 2.6])
    kind = cols[0].selectbox("Graph", list(R["graphs"]), key=KEY.graph, format_func=labeller(R["graphs"]),
                             bind="query-params")
    lo, hi, default, step = R["neighbors"]
    # narrow (beside the picture): Graph over k on the left, β beside k (a gap at the top right, not the top left)
    k = cols[0 if narrow else 1].slider("Neighbours k", lo, hi, default, step, key=KEY.neighbours, bind="query-params",
                       disabled=kind != "data", help="k of the data's k-nearest-neighbour graph")
    beta = cols[-1].select_slider("Diffusion time β", R["beta"], value=R["beta_default"], key=KEY.beta,
                                  bind="query-params")
    remember(KEYS)
    return kind, k, beta


def _pick(pos, x, y):
    """Click callback: the node nearest the clicked place (checked by ui.points_click.click_catcher) becomes the
    source j."""
    st.session_state[KEY.node] = int(np.argmin(np.sum((pos - np.array([x, y])) ** 2, axis=1)))


@st.fragment
def body():
    (kind, k, beta), left, right = frame(own_bar=own_bar)
    if kind == "data" and len(X) < 3:
        left.warning("The k-NN graph needs at least 3 points: add points in the sidebar (or ⟲ Reset), or choose a "
                     "built-in graph.")
        return
    try:
        g = compute.graph(kind, X, y, k)
        heat = compute.diffusion(g.L, beta)
    except ValueError as err:
        left.error(f"The diffusion kernel cannot be computed: {err}")
        return
    if st.session_state.get(KEY.node, 0) > g.n - 1:     # another graph has fewer nodes
        st.session_state[KEY.node] = 0
    with right:
        c1, c2 = st.columns([1, 1.5], vertical_alignment="bottom")
        j = int(c1.number_input("Source node j", 0, g.n - 1, 0, 1, key=KEY.node, bind="query-params",
                                help="or click a node in the picture"))
        picture = c2.radio("Picture", list(PICTURES), key=KEY.picture, format_func=labeller(PICTURES),
                           horizontal=True, bind="query-params", label_visibility="collapsed")
        K, fit = heat.K, None
        if picture == "classes":
            lo, hi, default, step = R["labelled"]
            per = st.slider("Labelled nodes per class", lo, hi, default, step, key=KEY.labelled, bind="query-params")
            fit = compute.node_fit(K, g.y, per)
        st.latex(r"K = e^{-\beta L} = V\,e^{-\beta\Lambda}\,V^\top,\qquad L = D - A")
        zero = PIECES_RTOL * max(float(heat.mu[-1]), 1.0)
        mu2 = heat.mu[1] if g.n > 1 and heat.mu[1] > zero else 0.0      # round-off (−9e−16) shown as 0
        st.latex(rf"\beta = {beta:g},\ \ n = {g.n},\ \ {g.edges}\text{{ edges}},\ \ \mu_2 = {mu2:.3g}")
        st.latex(rf"K[j,j] = {K[j, j]:.4f},\qquad \textstyle\sum_i K[i,j] = {K[:, j].sum():.4f}")
        if fit is not None:
            st.latex(r"\boldsymbol\alpha = (K_{\ell\ell} + \lambda I)^{-1}\mathbf{y}_\ell,\ \ "
                     rf"f(i) = \textstyle\sum_{{l}} \alpha_l K[i, l],\ \ \lambda = {R['lam']:g}")
            st.metric("Unlabelled nodes classified right", f"{100 * fit.accuracy:.0f}%",
                      help=f"{len(fit.labelled)} labelled nodes: {', '.join(map(str, fit.labelled))}")
        pieces = int(np.sum(heat.mu <= zero))
        if pieces > 1:
            st.caption(f"This graph falls apart into {pieces} pieces (L has {pieces} zero eigenvalues, so μ₂ = 0): "
                       "heat never crosses from one piece to another. A larger k joins them.")
        if g.total > g.n:
            st.caption(f"The data have {g.total} points: the graph uses a seeded random {g.n} of them.")
    fig = figures.graph_figure(g.pos, g.A, K[:, j] if fit is None else fit.f, j,
                               predicted=None if fit is None else np.sign(fit.f),
                               labelled=None if fit is None else fit.labelled, present=present)
    with left, st.container(key="clickable_graphs_heat"):
        st.plotly_chart(fig, key="graphs_heat", config=figures.CONFIG)
        click_catcher("graphs_heat_click", plotted_window(fig), on_click=lambda x, y: _pick(g.pos, x, y))
    with left:
        st.plotly_chart(figures.kernel_map(K, g.y, beta, present=present), key="graphs_kernel_map",
                        config=figures.CONFIG)


body()
st.caption(f"Kriege: K = exp(−βL) measures the similarity of the nodes of a graph; L = D − A is the graph Laplacian "
           "(Sugiyama's L = D − W of the Laplacian eigenmap), A the adjacency matrix, D the degrees. Column j of K "
           "is heat put on node j at time 0 after diffusing along the edges for a time β: β = 0 gives K = I, every "
           "column keeps its total heat 1 (L1 = 0, so K1 = 1), and on a connected graph K tends to 11ᵀ/n. μ₂, the "
           "second-smallest eigenvalue of L (its smallest non-zero one when the graph is connected, 0 when it is "
           "not), sets how fast heat crosses the graph. K is symmetric positive "
           "definite (eigenvalues e^(−βμ) > 0), so it is a kernel on the nodes: kernel ridge with it "
           f"(λ = {R['lam']:g}) labels the rest of the graph from a few labelled nodes — heat flows inside a "
           "cluster more easily than across the bridge. Data: " + data_desc + ".")
show_code(kc.graph_laplacian, kc.diffusion_kernel, kc.node_ridge)
section_footer(__file__)
