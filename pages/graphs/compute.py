"""The Beyond-vectors topic's cached calls into kernel_core, each returning a dataclass (plain values in, bounded work:
a section caps its data before it calls)."""
from dataclasses import dataclass

import numpy as np
from scipy import stats

import kernel_core as kc
from ui.cache import cache_data
from ui.ranges import BAGS as BR
from ui.ranges import DIFFUSION as DR
from ui.ranges import INDEPENDENCE as IR
from ui.ranges import STRINGS as SR

ENTRIES = 32


# ---------------------------------------------------------------- diffusion kernel on a graph
@dataclass(frozen=True, eq=False)
class Graph:
    pos: np.ndarray        # (n, 2) where the nodes are drawn
    A: np.ndarray          # (n, n) adjacency, 0/1, symmetric
    L: np.ndarray          # L = D − A
    y: np.ndarray          # the nodes' classes (±1): the data's labels, a path's halves, the two clusters
    total: int             # nodes before the cap (== n when nothing was left out)

    @property
    def n(self):
        return len(self.A)

    @property
    def edges(self):
        return int(np.triu(self.A, 1).sum())


def _path(n=20):
    A = np.diag(np.ones(n - 1), 1)
    pos = np.c_[np.linspace(-2.5, 2.5, n), 0.4 * np.sin(np.linspace(0, 2 * np.pi, n))]
    return pos, A + A.T, np.where(np.arange(n) < n // 2, -1, 1)


def _clusters(per=12):
    """Two rings of `per` nodes, each with chords to the node two steps on, joined by one bridge edge."""
    t = np.linspace(0, 2 * np.pi, per, endpoint=False)
    ring = np.c_[np.cos(t), np.sin(t)]
    pos = np.r_[ring + [-1.6, 0.0], ring + [1.6, 0.0]]
    A = np.zeros((2 * per, 2 * per))
    for c in (0, per):
        for i in range(per):
            for step in (1, 2):
                j = c + (i + step) % per
                A[c + i, j] = A[j, c + i] = 1.0
    A[0, per + per // 2] = A[per + per // 2, 0] = 1.0       # the bridge: the right-most node of the left ring
    return pos, A, np.where(np.arange(2 * per) < per, -1, 1)   # to the left-most of the right one


@cache_data(max_entries=ENTRIES)
def graph(kind, X, y, n_neighbors):
    """The graph `kind` ("data": the k-NN graph of the points X with classes y, at most DR["max_nodes"] of them, a
    seeded subsample above; "path"; "clusters")."""
    if kind == "path":
        pos, A, cls = _path()
    elif kind == "clusters":
        pos, A, cls = _clusters()
    else:
        total = len(X)
        if total > DR["max_nodes"]:
            keep = np.sort(np.random.default_rng(DR["seed"]).choice(total, DR["max_nodes"], replace=False))
            X, y = X[keep], y[keep]
        A = kc.knn_graph(X, min(n_neighbors, len(X) - 1))
        return Graph(X, A, kc.graph_laplacian(A), np.asarray(y), total)
    return Graph(pos, A, kc.graph_laplacian(A), cls, len(A))


@dataclass(frozen=True, eq=False)
class Heat:
    K: np.ndarray          # K = exp(−βL)
    mu: np.ndarray         # eigenvalues of L, ascending (0 first; as many zeros as connected pieces)


@cache_data(max_entries=ENTRIES)
def diffusion(L, beta):
    return Heat(kc.diffusion_kernel(L, beta), np.linalg.eigvalsh(L))


def labelled_nodes(y, per_class):
    """`per_class` nodes of each class, in a seeded random order (the same nodes on every rerun)."""
    order = np.random.default_rng(DR["seed"]).permutation(len(y))
    picked = [order[y[order] == c][:per_class] for c in (-1, 1)]
    return np.sort(np.concatenate(picked)).astype(np.int64)


@dataclass(frozen=True, eq=False)
class NodeFit:
    labelled: np.ndarray   # the labelled nodes
    f: np.ndarray          # f(j) = Σᵢ αᵢ K[j, lᵢ] for every node
    accuracy: float        # share of the unlabelled nodes whose sign(f) is their class


@cache_data(max_entries=ENTRIES)
def node_fit(K, y, per_class):
    """Kernel ridge on the nodes with the precomputed K, trained on `per_class` labelled nodes of each class."""
    labelled = labelled_nodes(y, per_class)
    f = kc.node_ridge(K, labelled, y[labelled].astype(float), DR["lam"])
    rest = np.setdiff1d(np.arange(len(y)), labelled)
    accuracy = float(np.mean(np.where(f[rest] >= 0, 1, -1) == y[rest])) if rest.size else float("nan")
    return NodeFit(labelled, f, accuracy)


# ---------------------------------------------------------------- a kernel measure of independence
@dataclass(frozen=True, eq=False)
class Independence:
    x: np.ndarray          # the sample, standardised (mean 0, variance 1): what the kernels see
    y: np.ndarray
    r: float               # Pearson's correlation and its p-value (scipy.stats.pearsonr)
    r_p: float
    hsic: float            # HSIC = tr(KHLH) / n²
    null: np.ndarray       # HSIC of each shuffled pairing (IR["permutations"] of them)
    p: float               # the permutation p-value
    rho: float             # Sugiyama's ρ̂ (‖f‖, ‖g‖ ≤ 1)
    gamma_median: tuple    # the median heuristic's γ for x and for y (NaN when it has none)

    @property
    def n(self):
        return len(self.x)


def _standardised(v):
    s = v.std()
    return (v - v.mean()) / (s if s > 0 else 1.0)


def _median_gamma(v):
    try:
        return kc.median_heuristic_gamma(v)
    except ValueError:
        return float("nan")


@cache_data(max_entries=ENTRIES)
def independence(kind, n, noise, seed, choice):
    """The sample `kind` (n ≤ IR["n"][1] pairs, standardised), Pearson's r, HSIC with the kernel `choice` on both
    variables, its permutation null (seeded by `seed`) and p-value, and ρ̂. Cached per data set and setting."""
    x, y = kc.make_dependence(kind, min(int(n), IR["n"][1]), noise, seed)
    x, y = _standardised(x), _standardised(y)
    k = choice.kernel()
    t = kc.hsic_permutations(x, y, k, k, IR["permutations"], seed)
    r, r_p = stats.pearsonr(x, y)
    return Independence(x, y, float(r), float(r_p), t.statistic, t.null, t.p_value, kc.kernel_rho(x, y, k, k),
                        (_median_gamma(x), _median_gamma(y)))


# ---------------------------------------------------------------- the k-spectrum kernel on strings
SIGNS = {"+": 1, "-": -1, "−": -1}


def parse_strings(text):
    """Labelled strings from the text box, one a line: '+ GATTACA' (class +1) or '- CCGG' (class −1), letters only.
    Returns (strings, labels, notes): the lines that could be read, and one sentence per line that could not (empty
    lines are skipped silently). At most SR["max_strings"] strings of at most SR["max_length"] letters: work and
    the matrix on screen stay small."""
    strings, labels, notes = [], [], []
    for number, line in enumerate(str(text).splitlines()[:10 * SR["max_strings"]], 1):
        line = line.strip()
        if not line:
            continue
        sign, body = line[0], line[1:].strip()
        if sign not in SIGNS:
            notes.append(f"line {number} does not start with + or −")
        elif not body.isascii() or not body.isalpha():
            notes.append(f"line {number} has characters other than the letters A–Z")
        elif len(body) > SR["max_length"]:
            notes.append(f"line {number} is longer than {SR['max_length']} letters")
        elif len(strings) >= SR["max_strings"]:
            notes.append(f"only the first {SR['max_strings']} strings are used")
            break
        else:
            strings.append(body)
            labels.append(SIGNS[sign])
    return tuple(strings), tuple(labels), notes


@dataclass(frozen=True, eq=False)
class Spectrum:
    K: np.ndarray            # the Gram matrix (n, n)
    n_kmers: int             # distinct k-mers in the strings (the count vectors' nonzero coordinates)
    verdict: kc.Verdict      # symmetric, PSD?
    eigenvalues: np.ndarray  # descending
    predicted: "np.ndarray | None"   # leave-one-out labels by the nearest class mean (None: a class has < 2 strings)
    distances: "np.ndarray | None"   # (n, 2) squared distances to the class means (−1, +1)


@cache_data(max_entries=ENTRIES)
def spectrum(strings, labels, k, normalize):
    """The k-spectrum Gram matrix of the strings, its verdict and eigenvalues, and the leave-one-out nearest-mean
    labels (kernel_core.nearest_mean_loo) when both classes have two strings."""
    Phi, vocabulary = kc.spectrum_features(list(strings), k)
    K = kc.spectrum_kernel(list(strings), k, normalize)
    y = np.asarray(labels)
    predicted = distances = None
    if all(np.sum(y == c) >= 2 for c in (-1, 1)):
        predicted, distances = kc.nearest_mean_loo(K, y)
    return Spectrum(K, len(vocabulary), kc.verdict(K), kc.spectrum(K), predicted, distances)


# ---------------------------------------------------------------- the mean-embedding kernel between samples
@dataclass(frozen=True, eq=False)
class Bags:
    samples: tuple           # the 2 × BR["per_class"] samples, (n_points, 2) each: blobs first, then rings
    labels: np.ndarray       # +1 blob, −1 ring
    K: np.ndarray            # K[a, b] = ⟨μ_a, μ_b⟩ = mean of k over the pairs of points of samples a and b
    verdict: kc.Verdict
    predicted: np.ndarray    # leave-one-out labels by the nearest class mean of the embeddings μ
    mmd2: float              # MMD² between the first blob and the first ring


@cache_data(max_entries=ENTRIES)
def bags(n_points, seed, kernel):
    """The samples, the Gram matrix of their mean embeddings under `kernel` (a Single), its verdict, the
    leave-one-out labels and one MMD²."""
    samples, labels = kc.distribution_bags(BR["per_class"], n_points, seed)
    K = kc.mean_embedding_kernel(samples, kernel.name, **dict(kernel.params))
    predicted, _ = kc.nearest_mean_loo(K, labels)
    mmd2 = max(float(K[0, 0] + K[BR["per_class"], BR["per_class"]] - 2 * K[0, BR["per_class"]]), 0.0)
    return Bags(tuple(samples), labels, K, kc.verdict(K), predicted, mmd2)


# ---------------------------------------------------------------- the random-walk kernel between small graphs
@dataclass(frozen=True, eq=False)
class Walks:
    names: tuple             # the graphs' names (kc.small_graphs)
    graphs: tuple            # their adjacency matrices
    labels: np.ndarray       # +1 with a cycle, −1 a tree
    bound: float             # 1 / max ρ(A)²: λ must stay below it
    lam: float
    K: np.ndarray
    verdict: kc.Verdict
    predicted: np.ndarray    # leave-one-out labels by the nearest class mean in feature space


@cache_data(max_entries=ENTRIES)
def walks(share, normalize):
    """The random-walk kernel of kc.small_graphs() at λ = share × its bound, its verdict and the leave-one-out
    nearest-mean labels."""
    names, graphs, labels = kc.small_graphs()
    bound = kc.walk_bound(graphs)
    K = kc.random_walk_kernel(graphs, share * bound, normalize)
    predicted, _ = kc.nearest_mean_loo(K, labels)
    return Walks(tuple(names), tuple(graphs), labels, bound, share * bound, K, kc.verdict(K), predicted)
