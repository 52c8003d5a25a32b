"""Beyond vectors › Sequence kernels (Kriege, "Kernels beyond ℝᵈ"): the k-spectrum kernel k(s, t) = Σᵤ φᵤ(s)φᵤ(t),
φᵤ(s) the number of times the k-letter string u occurs in s, on strings the student types; its Gram matrix, the PSD
verdict, one pair's sum written out, and one learning task that needs only K: the nearest class mean in feature
space, left one out. At most STRINGS["max_strings"] strings of STRINGS["max_length"] letters."""
import numpy as np
import pandas as pd
import streamlit as st

import kernel_core as kc
from pages.graphs import compute, figures
from pages.graphs.settings import KEY, PAGE, frame
from ui.classroom import explain, presenting
from ui.code import show_code
from ui.exercises import Exercise, exercises
from ui.formulas import PAD
from ui.nav import section_footer, section_header
from ui.ranges import STRINGS as R

SIGN = {1: "+", -1: "−"}
CLASS = {1: "+1", -1: "−1"}   # in the table: a number, never a cell that starts like a spreadsheet formula

section_header(__file__)
present = presenting()


def own_bar(narrow):
    """The section's bar: k of the k-mers and the normalisation (the topic's kernel bar has no string kernel)."""
    cols = st.columns([3, 2], vertical_alignment="bottom")
    k = cols[0].slider("k (letters per k-mer)", *R["k"][:3], R["k"][3], key=KEY.spectrum_k, bind="query-params")
    normalize = cols[1].toggle("Cosine", key=KEY.normalize, bind="query-params",
                               help="k(s, t) / √(k(s, s) k(t, t)): long strings no longer dominate.")
    return k, normalize


def pair_sum(s, t, k, normalize, value):
    """k(s, t) written out over the shared k-mers: Σᵤ φᵤ(s)φᵤ(t) with the counts (the first six terms)."""
    a, b = kc.kmers(s, k), kc.kmers(t, k)
    shared = sorted(set(a) & set(b), key=lambda u: (-a[u] * b[u], u))
    terms = [rf"\underbrace{{{a[u]}\cdot{b[u]}}}_{{\text{{{u}}}}}" for u in shared[:4]]
    more = r" + \dots" if len(shared) > 4 else ""
    raw = sum(a[u] * b[u] for u in shared)
    body = " + ".join(terms) + more if terms else "0"
    norm = ""
    if normalize:
        norm = (rf"\\ \text{{cosine}} &= \tfrac{{{raw}}}{{\sqrt{{{sum(v * v for v in a.values())}\cdot"
                rf"{sum(v * v for v in b.values())}}}}} = {value:.3g}")
    st.latex(PAD + rf"\begin{{aligned}}k(s_1, s_2) &= \textstyle\sum_u \varphi_u(s_1)\varphi_u(s_2)\\ &= {body}\\ "
             rf"&= {raw}{norm}\end{{aligned}}" + PAD)


@st.fragment
def body():
    """The bar, the strings and the picture: only this part reruns when one of them moves."""
    (k, normalize), left, right = frame(own_bar=own_bar)
    with right:
        if KEY.strings not in st.session_state:
            st.session_state[KEY.strings] = "\n".join(R["default"])
        text = st.text_area("Strings, one a line: + (class +1) or − (class −1), then letters", key=KEY.strings,
                            height=150 if present else 200)
        strings, labels, notes = compute.parse_strings(text)
        if notes:
            st.warning("Left out: " + "; ".join(notes[:3]) + ("; …" if len(notes) > 3 else "") + ".")
        if len(strings) < 2:
            st.info("Type at least two strings, one a line, each after + or −.")
            return
        r = compute.spectrum(strings, labels, k, normalize)
        st.latex(PAD + r"\begin{aligned}\varphi_u(s) &= \#\{\text{occurrences of } u \text{ in } s\}\\ k(s, t) &= "
                 r"\textstyle\sum_{u \in \Sigma^" + str(k) + r"} \varphi_u(s)\varphi_u(t)\end{aligned}" + PAD)
        pair_sum(strings[0], strings[1], k, normalize, r.K[0, 1])
        verdict = "PSD ✓" if r.verdict.psd else "not PSD ✗"
        st.caption(f"{len(strings)} strings, {r.n_kmers} distinct {k}-mers (the count vectors' nonzero coordinates "
                   f"out of {_power(strings, k)} possible). K: {verdict}, smallest eigenvalue "
                   f"{r.verdict.min_eigenvalue:.2g}. s₁, s₂: the first two lines.")
    names = [f"{SIGN[c]} {s}" + ("" if r.predicted is None else (" ✓" if p == c else " ✗"))
             for s, c, p in zip(strings, labels, r.predicted if r.predicted is not None else labels)]
    with left:
        st.plotly_chart(figures.string_gram(r.K, tuple(names), len(strings) <= R["annotate"], present=present),
                        key=KEY.strings_chart, config=figures.CONFIG)
    with right:
        if r.predicted is None:
            st.info("The nearest-mean classifier needs two strings of each class.")
        else:
            acc = float(np.mean(r.predicted == np.asarray(labels)))
            st.latex(PAD + r"\begin{aligned}\|\varphi(s_i) - \boldsymbol\mu_c\|^2 &= k(s_i, s_i)\\ &\quad - \tfrac{2}{n_c}"
                     r"\textstyle\sum_{j \in c} k(s_i, s_j)\\ &\quad + \tfrac{1}{n_c^2}\textstyle\sum_{j, l \in c} "
                     r"k(s_j, s_l)\end{aligned}" + PAD)
            st.caption(f"Leave-one-out accuracy of the nearest class mean: {100 * acc:.0f} % (✓ / ✗ on the "
                       "matrix's labels).")
            st.dataframe(pd.DataFrame({"string": strings, "class": [CLASS[c] for c in labels],
                                       "‖φ − μ₋‖²": r.distances[:, 0], "‖φ − μ₊‖²": r.distances[:, 1],
                                       "left-one-out label": [CLASS[int(p)] for p in r.predicted]}),
                         hide_index=True, height=180)


def _power(strings, k):
    """|Σ|ᵏ, the k-mers over the letters typed (Σ: the distinct letters of the strings), as '4⁸ = 65,536'."""
    size = len(set("".join(strings)))
    return f"|Σ|^k = {size}^{k} = {size ** k:,}"


body()
explain("A string is no vector, yet the k-spectrum kernel makes it one: φ(s) counts every k-letter substring, so two "
        "strings are similar when they share many k-mers. K = ΦΦᵀ is an inner product of count vectors, so it is "
        "PSD whatever strings are typed (the verdict). Φ has up to |alphabet|ᵏ columns, but k(s, t) needs only the "
        "k-mers the two strings share: the kernel trick on text. Anything that uses only inner products now works on "
        "strings: here the nearest class mean in feature space, whose squared distance is written with k alone "
        "(Sugiyama's geometry in feature space). Small k: every string shares letters with every other and K is "
        "nearly constant; large k: strings share nothing but themselves and K tends to a diagonal. The motifs GATA "
        "and CCGG set the two classes apart at k = 3 or 4. Kriege names sequence, graph (random walks) and "
        "distribution kernels without defining them; this one is Leslie, Eskin and Noble's spectrum kernel (2002).")
show_code(kc.kmers, kc.spectrum_features, kc.spectrum_kernel, kc.nearest_mean_loo)
exercises(PAGE, [
    Exercise("graphs_spectrum_k", "Raise k to 8, longer than the motifs, with the kernel normalised. What happens to "
             "K and to the leave-one-out accuracy?",
             ("K fills up with ones and the accuracy is 100 %",
              "K tends to the identity (the strings share almost no 8-mer), and the nearest mean no longer tells "
              "the classes apart",
              "K stops being PSD"), 1,
             {KEY.spectrum_k: R["k"][1], KEY.normalize: True, KEY.strings: "\n".join(R["default"])},
             "Two different strings of 11 letters rarely share an 8-letter substring, so k(s, t) ≈ 0 off the "
             "diagonal: in feature space the strings are orthogonal unit vectors and no class mean is nearer than "
             "another. Left one out, a string is even a little nearer the other class's mean (of five strings, "
             "shorter than its own class's mean of four), so the accuracy falls to 0 %. K is still ΦΦᵀ, so still "
             "PSD. The kernel's k acts as a width, like γ for the RBF kernel."),
])
section_footer(__file__)
