"""Kernels on the nodes of a graph (Kriege): the neighbourhood graph of a point set, the graph Laplacian L = D - A
and the diffusion kernel K = exp(-beta L); kernel ridge regression on the nodes with a precomputed K.

Symbols: A (n, n) the adjacency matrix (A[i, j] >= 0 the weight of the edge i - j, symmetric); D = diag(sum_j A[i, j])
the degrees; L = D - A the graph Laplacian; beta >= 0 the diffusion time; K = exp(-beta L) the matrix exponential.
"""
import numpy as np
from scipy.linalg import eigh
from sklearn.neighbors import kneighbors_graph

from ._validation import check_array, check_positive_int, check_real, check_size
from .spectral import SYMMETRY_RTOL

DISTANCE_MAX = 1e150
"""Largest coordinate accepted by knn_graph: above it squared distances overflow float64."""
BETA_MAX = 1e4
"""The largest diffusion time accepted: far beyond it every K = exp(-beta L) of a connected graph is 11^T / n."""


def knn_graph(X, n_neighbors=10):
    """The symmetrised k-nearest-neighbour graph of the points X (Sugiyama's neighbourhood graph), dense (n, n):

        A[i, j] = 1 if x_j is among the n_neighbors nearest neighbours of x_i or vice versa, else 0;  A[i, i] = 0.
    """
    X = check_array(X, "X")
    n = X.shape[0]
    if n < 2:
        raise ValueError("A neighbourhood graph needs at least 2 points.")
    k = check_positive_int(n_neighbors, "n_neighbors", high=n - 1)
    check_size(n, n, "The neighbourhood graph's dense adjacency matrix")
    if float(np.max(np.abs(X))) > DISTANCE_MAX:
        raise ValueError(f"The points' coordinates reach {float(np.max(np.abs(X))):.3g}: their squared distances "
                         "overflow floating point, so no nearest neighbours can be found. Scale the data down.")
    A = kneighbors_graph(X, k, mode="connectivity", include_self=False)
    return A.maximum(A.T).toarray()          # symmetric: i ~ j if either is a neighbour of the other


def _check_square_symmetric(M, name):
    M = check_array(M, name)
    if M.shape[0] != M.shape[1]:
        raise ValueError(f"{name} must be square; got shape {M.shape}.")
    check_size(*M.shape, name)
    scale = max(float(np.max(np.abs(M))), 1e-300)
    gap = float(np.max(np.abs(M - M.T)))
    if gap > SYMMETRY_RTOL * scale:
        i, j = np.unravel_index(np.argmax(np.abs(M - M.T)), M.shape)
        raise ValueError(f"{name} must be symmetric (an undirected graph): {name}[{i},{j}] = {M[i, j]:.4g} but "
                         f"{name}[{j},{i}] = {M[j, i]:.4g}.")
    return (M + M.T) / 2


def graph_laplacian(A):
    """The graph Laplacian L = D - A, D = diag(sum_j A[i, j]) (the degrees), of a weighted undirected graph with
    adjacency matrix A (square, symmetric, non-negative). Every row of L sums to 0 (L 1 = 0) and L is PSD:
    x^T L x = 1/2 sum_ij A[i, j] (x_i - x_j)^2 >= 0."""
    A = _check_square_symmetric(A, "A")
    if np.any(A < 0):
        i, j = np.unravel_index(np.argmin(A), A.shape)
        raise ValueError(f"An adjacency matrix has no negative weights; A[{i},{j}] = {A[i, j]:.4g}.")
    degrees = A.sum(axis=1)
    if not np.all(np.isfinite(degrees)):
        raise ValueError("The degrees sum_j A[i, j] overflow floating point; scale the weights down.")
    return np.diag(degrees) - A


def diffusion_kernel(L, beta):
    """The diffusion kernel (Kriege) K = exp(-beta L), the matrix exponential of -beta L for a symmetric L:

        L = V diag(lambda) V^T  =>  K = V diag(exp(-beta lambda)) V^T     (eigh, LAPACK)

    K is symmetric; it is PSD (every eigenvalue exp(-beta lambda) > 0); beta = 0 gives I. For a graph Laplacian
    L = D - A, L 1 = 0, so K 1 = 1: every row of K sums to 1 (the heat that starts at node j, K[:, j], spreads over
    the graph and keeps its total), and as beta grows K tends to 11^T / n on a connected graph."""
    L = _check_square_symmetric(L, "L")
    beta = check_real(beta, "beta", low=0.0, low_inclusive=True, high=BETA_MAX)
    try:
        lam, V = eigh(L)
    except (np.linalg.LinAlgError, ValueError):
        raise ValueError("The eigen-solver fails on L (its entries are too large); scale the weights down.") from None
    with np.errstate(over="ignore", invalid="ignore"):
        e = np.exp(-beta * lam)
        K = (V * e) @ V.T
    if not np.all(np.isfinite(K)):
        raise ValueError(f"exp(-beta L) overflows: L has the eigenvalue {lam[0]:.4g} and beta = {beta:g}; a graph "
                         "Laplacian has none below 0 (scale the weights down).")
    return (K + K.T) / 2


def node_ridge(K, labelled, y, lam=1e-2):
    """Kernel ridge regression on the nodes of a graph with a precomputed kernel K (n, n), trained on the nodes
    `labelled` with labels y (+1 / -1); returns f (n,) for every node (its sign is the predicted class):

        alpha = (K_ll + lam I)^-1 y,   f(j) = sum_i alpha_i K[j, l_i]     (l_i the labelled nodes)

    scikit-learn's KernelRidge(kernel="precomputed") calls lam `alpha`."""
    K = _check_square_symmetric(K, "K")
    n = len(K)
    labelled = np.asarray(labelled)
    if labelled.ndim != 1 or labelled.size == 0 or labelled.dtype.kind not in "iu":
        raise ValueError("The labelled nodes must be a non-empty list of node numbers.")
    if labelled.min() < 0 or labelled.max() >= n:
        raise ValueError(f"A labelled node is not a node of this graph (nodes 0 to {n - 1}).")
    if len(np.unique(labelled)) != labelled.size:
        raise ValueError("A node is labelled twice.")
    y = check_array(y, "y", ndim=1)
    if y.shape != labelled.shape:
        raise ValueError(f"{labelled.size} labelled nodes but {y.size} labels.")
    lam = check_real(lam, "lam", low=0.0, high=1e6)
    # alpha = (K_ll + lam I)^-1 y
    with np.errstate(all="ignore"):
        try:
            alpha = np.linalg.solve(K[np.ix_(labelled, labelled)] + lam * np.eye(labelled.size), y)
        except np.linalg.LinAlgError:
            alpha = np.full(labelled.size, np.nan)
        f = K[:, labelled] @ alpha
    if not np.all(np.isfinite(f)):
        raise ValueError("K_ll + lam I is singular or the fit overflows on these numbers; use a larger lam.")
    return f
