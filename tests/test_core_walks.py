"""The random-walk graph kernel (kernel_core.walks): against the walk-count series Σₗ λˡ wₗ(G) wₗ(G′) (wₗ = 1ᵀAˡ1 by
matrix powers, summed until the terms vanish), against walks enumerated one by one on tiny graphs, the bound
1 / max ρ(A)² against numpy's eigenvalues, and PSD."""
import itertools

import numpy as np
import pytest

import kernel_core as kc

NAMES, GRAPHS, LABELS = kc.small_graphs()


def series(A, B, lam, terms=400):
    total, PA, PB = 0.0, np.eye(len(A)), np.eye(len(B))
    for ell in range(terms):
        total += lam ** ell * PA.sum() * PB.sum()
        PA, PB = PA @ A, PB @ B
    return total


@pytest.mark.parametrize("share", [0.1, 0.5, 0.8])
def test_kernel_is_the_walk_count_series(share):
    lam = share * kc.walk_bound(GRAPHS)
    K = kc.random_walk_kernel(GRAPHS, lam)
    for a, b in itertools.combinations_with_replacement(range(len(GRAPHS)), 2):
        assert K[a, b] == pytest.approx(series(GRAPHS[a], GRAPHS[b], lam), rel=1e-9)
    assert kc.is_psd(K) and kc.is_psd(kc.random_walk_kernel(GRAPHS, lam, normalize=True))


def test_walks_enumerated_one_by_one():
    """A path of 3 nodes and a triangle: count every pair of walks of length ≤ 6 node by node."""
    P3 = np.array([[0, 1, 0], [1, 0, 1], [0, 1, 0]], float)
    T = np.ones((3, 3)) - np.eye(3)

    def walks(A, length):
        n = len(A)
        return sum(all(A[w[i], w[i + 1]] for i in range(length)) for w in itertools.product(range(n), repeat=length + 1))

    lam = 0.05
    expected = sum(lam ** ell * walks(P3, ell) * walks(T, ell) for ell in range(7))
    tail = series(P3, T, lam) - series(P3, T, lam, terms=7)          # the part beyond length 6, tiny at λ = 0.05
    assert kc.random_walk_kernel([P3, T], lam)[0, 1] == pytest.approx(expected + tail, rel=1e-12)


def test_bound_is_one_over_the_largest_spectral_radius_squared():
    rho = max(np.max(np.abs(np.linalg.eigvalsh(A))) for A in GRAPHS)
    assert kc.walk_bound(GRAPHS) == pytest.approx(1 / rho ** 2, rel=1e-12)
    with pytest.raises(ValueError, match="diverges"):
        kc.random_walk_kernel(GRAPHS, kc.walk_bound(GRAPHS))


def test_normalised_kernel_separates_cycles_from_trees_and_the_raw_one_does_not():
    lam = 0.3 * kc.walk_bound(GRAPHS)
    assert np.all(kc.nearest_mean_loo(kc.random_walk_kernel(GRAPHS, lam, True), LABELS)[0] == LABELS)
    assert np.mean(kc.nearest_mean_loo(kc.random_walk_kernel(GRAPHS, lam), LABELS)[0] == LABELS) <= 0.5


def test_bad_graphs_get_a_sentence():
    with pytest.raises(ValueError, match="symmetric"):
        kc.random_walk_kernel([np.array([[0, 1], [0, 0]])], 0.1)
    with pytest.raises(TypeError, match="list of adjacency"):
        kc.random_walk_kernel(np.eye(3), 0.1)
