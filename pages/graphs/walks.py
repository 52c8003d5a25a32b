"""Beyond vectors › Graph kernels by random walks (Kriege, "Kernels beyond ℝᵈ": "comparing random walks on both
graphs"): the geometric random-walk kernel k(G, G′) = Σₗ λˡ 1ᵀA×ˡ1 = 1ᵀ(I − λA×)⁻¹1 on the direct product graph
A× = A ⊗ A′, between eight small graphs (four with a cycle, four trees); its Gram matrix, PSD verdict, the walk counts
of one pair, and the nearest class mean in feature space, left one out."""
import numpy as np
import streamlit as st

import kernel_core as kc
from pages.graphs import compute, figures
from pages.graphs.settings import KEY, PAGE, frame
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.formulas import PAD
from ui.nav import section_footer, section_header
from ui.ranges import WALKS as R

section_header(__file__)
present = presenting()


def own_bar(narrow):
    """The section's bar: λ as a share of its bound, and the normalisation."""
    cols = st.columns([3, 2], vertical_alignment="bottom")
    share = cols[0].slider("λ as a share of 1 / max ρ(A)²", *R["share"][:3], R["share"][3], key=KEY.walk_share,
                           bind="query-params", help="At 1 the series of walks diverges.")
    raw = cols[1].toggle("Raw kernel", key=KEY.walk_raw, bind="query-params",
                         help="Off: the cosine k(G, G′) / √(k(G, G) k(G′, G′)), so large graphs do not dominate.")
    return share, not raw


def walk_counts(A, length=4):
    """w_ℓ = 1ᵀAˡ1, the walks of length ℓ = 0 … length in a graph."""
    return [int(round(np.ones(len(A)) @ np.linalg.matrix_power(A, ell) @ np.ones(len(A)))) for ell in range(length + 1)]


@st.fragment
def body():
    """The bar and the picture: only this part reruns when λ or the normalisation moves."""
    (share, normalize), left, right = frame(own_bar=own_bar)
    r = compute.walks(share, normalize)
    names = [f"{'+' if c > 0 else '−'} {name}" + (" ✓" if p == c else " ✗")
             for name, c, p in zip(r.names, r.labels, r.predicted)]
    with left:
        st.plotly_chart(figures.string_gram(r.K, tuple(names), True, present=present, x_title="graph",
                                            z_title="k(G, G′)"), key=KEY.walks_chart, config=figures.CONFIG)
        st.plotly_chart(figures.small_graphs(r.names, r.graphs, r.labels, present=present),
                        key=KEY.small_graphs_chart, config=figures.CONFIG)
    w3, wp = walk_counts(r.graphs[0]), walk_counts(r.graphs[4])
    acc = float(np.mean(r.predicted == r.labels))
    with right:
        st.latex(PAD + r"\begin{aligned}k(G, G') &= \textstyle\sum_{\ell\ge0}\lambda^\ell\,\mathbf 1^\top A_\times^\ell"
                 r"\mathbf 1\\ &= \mathbf 1^\top(I - \lambda A_\times)^{-1}\mathbf 1\\ A_\times &= A\otimes A'\\ "
                 rf"\lambda &= {share:g}\cdot{r.bound:.4g} = {r.lam:.4g}\end{{aligned}}" + PAD)
        st.latex(PAD + r"\begin{aligned}\mathbf 1^\top A_\times^\ell\mathbf 1 &= w_\ell(G)\,w_\ell(G')\\ "
                 rf"w_{{0..4}}(\text{{C4}}) &= ({', '.join(map(str, w3))})\\ "
                 rf"w_{{0..4}}(\text{{P5}}) &= ({', '.join(map(str, wp))})\end{{aligned}}" + PAD)
        st.caption(f"{'Cosine-normalised' if normalize else 'Raw'} kernel of the eight graphs: "
                   f"{'PSD ✓' if r.verdict.psd else 'not PSD ✗'} (smallest eigenvalue {r.verdict.min_eigenvalue:.2g}). "
                   f"Leave-one-out accuracy of the nearest class mean: {100 * acc:.0f} % (✓ / ✗ on the matrix's "
                   "labels). ρ(A) is the largest eigenvalue of a graph's adjacency matrix; wₗ counts its walks of "
                   "length ℓ.")


body()
explain("Two graphs are similar when they have many walks in common. A walk in the direct product graph A⊗A′ is a "
        "walk in G and a walk in G′ taken step by step together, so 1ᵀA×ˡ1 counts the pairs of walks of length ℓ; "
        "the kernel sums them, longer walks weighted down by λˡ. Without node labels the count factorises, "
        "1ᵀA×ˡ1 = wₗ(G)wₗ(G′): the kernel is the inner product of the walk-count vectors (λ^{ℓ/2}wₗ), hence PSD. "
        "Raw, it mostly measures size (more nodes, more walks); normalised, it compares how walks grow: a cycle's "
        "wₗ = n·2ˡ, a tree's grows more slowly. Near λ's bound the longest walks dominate and every graph looks like "
        "its largest eigenvector. Kriege mentions random-walk kernels without defining them; this is the geometric "
        "random-walk kernel of Gärtner, Flach and Wrobel (2003).")
show_code(kc.random_walk_kernel, kc.walk_bound, kc.small_graphs)
exercises(PAGE, [
    Exercise("graphs_walk_norm", "Switch the normalisation off (the raw kernel). Can the nearest class mean still "
             "tell the graphs with a cycle from the trees?",
             ("Yes: the raw kernel sees cycles as well", "No: the raw kernel mostly counts walks, which grow with the "
              "number of nodes and edges, and size is no class here", "The raw kernel is not PSD"), 1,
             {KEY.walk_raw: True, KEY.walk_share: R["share"][2]},
             "k(G, G) grows with the number of walks, so large graphs are 'similar' to everything; the leave-one-out "
             "labels follow size, not cycles. Dividing by √(k(G, G)k(G′, G′)) compares the shape of the walk counts "
             "instead, and the classes separate. Both are PSD: a normalised kernel is still an inner product."),
])
section_footer(__file__)
