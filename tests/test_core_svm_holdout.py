"""KernelSVM's cross-validation against scikit-learn's cross_val_score, and the seeded, stratified hold-out split the
sections draw their held-out points with: disjoint, scikit-learn's per-class sizes, stable by point when a point is
added or removed, and everything kept for training when there are too few points."""
import numpy as np
import pytest
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.svm import SVC

from kernel_core import (
    Kernel,
    cross_validate_grid,
    holdout_split,
    make_classification,
)

X, Y = make_classification("moons", 80, 0.25, 3)   # the data of tests/test_core_svm.py


def test_cross_validation_grid_equals_cross_val_score():
    Cs, gammas = [0.1, 1.0, 10.0], [0.3, 3.0]
    scores = cross_validate_grid(X, Y, Cs, gammas, lambda g: Kernel("rbf", gamma=g), folds=3, seed=5)
    cv = StratifiedKFold(3, shuffle=True, random_state=5)
    for a, g in enumerate(gammas):
        for c, C in enumerate(Cs):
            ref = cross_val_score(SVC(kernel="rbf", C=C, gamma=g), X, Y, cv=cv).mean()
            assert scores[a, c] == pytest.approx(ref, abs=1e-12)


def test_holdout_split_is_seeded_stratified_and_disjoint():
    tr, te = holdout_split(Y, 0.25, seed=2)
    tr2, te2 = holdout_split(Y, 0.25, seed=2)
    np.testing.assert_array_equal(te, te2)
    assert len(te) == 20 and not set(tr) & set(te) and len(tr) + len(te) == len(Y)
    assert np.sum(Y[te] > 0) == 10
    assert not np.array_equal(te, holdout_split(Y, 0.25, seed=3)[1])


@pytest.mark.parametrize("with_points", [False, True])
def test_holdout_split_per_class_sizes_match_sklearns_stratified_split(with_points):
    """Same share per class as scikit-learn's train_test_split(stratify=y) on the same labels."""
    from sklearn.model_selection import train_test_split
    y = np.array([1] * 37 + [-1] * 23)
    Xp = np.random.default_rng(5).normal(size=(60, 2))
    tr, te = holdout_split(y, 0.3, seed=1, X=Xp if with_points else None)
    _, ref = train_test_split(np.arange(60), test_size=0.3, random_state=1, stratify=y)
    assert abs(np.sum(y[te] > 0) - np.sum(y[ref] > 0)) <= 1 and abs(len(te) - len(ref)) <= 1
    np.testing.assert_array_equal(np.sort(np.concatenate([tr, te])), np.arange(60))


def test_holdout_split_by_points_is_stable_when_a_point_is_added_or_removed():
    """Clicking a point onto the plot must not re-draw the split of all the others (pages svm, perceptron-knn)."""
    rng = np.random.default_rng(0)
    Xp, yp = rng.normal(size=(80, 2)), np.where(rng.random(80) > 0.5, 1, -1)
    tr, te = holdout_split(yp, 0.3, seed=0, X=Xp)
    for trial in range(20):
        new = rng.normal(size=(1, 2))
        label = 1 if trial % 2 else -1
        tr2, te2 = holdout_split(np.append(yp, label), 0.3, seed=0, X=np.vstack([Xp, new]))
        moved = set(te) ^ (set(te2) - {80})   # old points whose part changed
        assert len(moved) <= 1, moved
        drop = rng.integers(80)
        keep = np.delete(np.arange(80), drop)
        _, te3 = holdout_split(yp[keep], 0.3, seed=0, X=Xp[keep])
        moved = set(keep[te3]) ^ (set(te) - {drop})
        assert len(moved) <= 1, moved
    # the order of the points does not matter, the seed does
    perm = rng.permutation(80)
    _, te_perm = holdout_split(yp[perm], 0.3, seed=0, X=Xp[perm])
    assert set(perm[te_perm]) == set(te)
    assert set(holdout_split(yp, 0.3, seed=1, X=Xp)[1]) != set(te)


def test_holdout_split_by_points_needs_one_label_per_point():
    with pytest.raises(ValueError, match="must match"):
        holdout_split(np.array([1, -1] * 10), 0.3, X=np.zeros((19, 2)))


def test_holdout_keeps_everything_for_training_when_too_few_points():
    tr, te = holdout_split(np.array([1, 1, -1, 1, 1]), 0.3)
    assert len(te) == 0 and len(tr) == 5
