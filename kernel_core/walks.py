"""A kernel between graphs by random walks (Kriege, "Kernels beyond R^d": "comparing random walks on both graphs"):
the geometric random-walk kernel of Gaertner, Flach and Wrobel (2003).

    from kernel_core import random_walk_kernel, walk_bound, small_graphs

    A_x = A (x) A'      the direct product graph: a walk in it is a walk in G and a walk in G' taken in step
    k(G, G') = sum_{l >= 0} lam^l 1^T A_x^l 1 = 1^T (I - lam A_x)^{-1} 1,   0 < lam < 1 / (rho(A) rho(A'))

rho the largest eigenvalue (the spectral radius) of an adjacency matrix; beyond the bound the series diverges. For
unlabelled nodes 1^T A_x^l 1 = w_l(G) w_l(G'), w_l the number of walks of length l, so k is the inner product of the
walk-count vectors (lam^{l/2} w_l(G))_l: a valid kernel.
"""
import numpy as np

from ._validation import check_array, check_flag, check_real

MAX_NODES = 16
"""The most nodes a graph may have: each pair of graphs solves a (n n') x (n n') system."""
MAX_GRAPHS = 30


def _graphs(graphs):
    if not isinstance(graphs, (list, tuple)):
        raise TypeError("graphs must be a list of adjacency matrices (square, symmetric, entries >= 0).")
    if not graphs:
        raise ValueError("graphs is empty; give at least one adjacency matrix.")
    if len(graphs) > MAX_GRAPHS:
        raise ValueError(f"At most {MAX_GRAPHS} graphs; got {len(graphs)}.")
    out = []
    for i, A in enumerate(graphs):
        A = check_array(A, f"graphs[{i}]")
        if A.shape[0] != A.shape[1]:
            raise ValueError(f"graphs[{i}] must be square (an adjacency matrix); it has shape {A.shape}.")
        if len(A) > MAX_NODES:
            raise ValueError(f"graphs[{i}] has {len(A)} nodes; at most {MAX_NODES}.")
        if not np.allclose(A, A.T) or np.any(A < 0) or np.any(A > 1e6):
            raise ValueError(f"graphs[{i}] must be symmetric with entries between 0 and 10^6 (an undirected graph).")
        out.append(A)
    return out


def _radius(A):
    return float(np.max(np.abs(np.linalg.eigvalsh(A)))) if len(A) else 0.0


def walk_bound(graphs):
    """The largest lam the kernel takes on these graphs (exclusive): 1 / max rho(A)^2 (inf for graphs without
    edges, returned as 1e300)."""
    rho = max(_radius(A) for A in _graphs(graphs))
    return 1.0 / rho ** 2 if rho > 0 else 1e300


def random_walk_kernel(graphs, lam, normalize=False):
    """K[a, b] = 1^T (I - lam A_a (x) A_b)^{-1} 1 for each pair of graphs; normalize: K[a, b] / sqrt(K[a, a] K[b, b]).
    lam must lie below walk_bound(graphs)."""
    graphs = _graphs(graphs)
    bound = walk_bound(graphs)
    lam = check_real(lam, "lam", low=0.0, low_inclusive=True)
    if lam >= bound:
        raise ValueError(f"lam must be below 1 / max rho(A)^2 = {bound:.4g} on these graphs (the walk series "
                         f"diverges); got {lam:g}.")
    m = len(graphs)
    K = np.zeros((m, m))
    for a in range(m):
        for b in range(a, m):
            Ax = np.kron(graphs[a], graphs[b])
            ones = np.ones(len(Ax))
            # k = 1^T (I - lam A_x)^{-1} 1: the geometric series of walks, summed in closed form
            K[a, b] = K[b, a] = float(ones @ np.linalg.solve(np.eye(len(Ax)) - lam * Ax, ones))
    if check_flag(normalize, "normalize"):
        d = np.sqrt(np.diag(K))
        K = K / np.outer(d, d)
    return K


def _cycle(n):
    A = np.zeros((n, n))
    for i in range(n):
        A[i, (i + 1) % n] = A[(i + 1) % n, i] = 1.0
    return A


def _tree(edges, n):
    A = np.zeros((n, n))
    for i, j in edges:
        A[i, j] = A[j, i] = 1.0
    return A


def small_graphs():
    """Eight small graphs and their classes: (names, adjacency matrices, labels), four with a cycle (+1: the
    cycles C4, C5, C6 and a 6-cycle with a chord) and four trees (−1: the paths P5, P6, the star with 4 leaves and
    the binary tree of 7 nodes)."""
    chord = _cycle(6)
    chord[0, 3] = chord[3, 0] = 1.0
    graphs = [_cycle(4), _cycle(5), _cycle(6), chord,
              _tree([(i, i + 1) for i in range(4)], 5), _tree([(i, i + 1) for i in range(5)], 6),
              _tree([(0, i) for i in range(1, 5)], 5), _tree([(0, 1), (0, 2), (1, 3), (1, 4), (2, 5), (2, 6)], 7)]
    names = ["C4", "C5", "C6", "C6 + chord", "P5", "P6", "star", "binary tree"]
    return names, graphs, np.r_[np.ones(4), -np.ones(4)]
