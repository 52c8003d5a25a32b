"""ui.split.held_out: the train / held-out split shared by the maps a student clicks on (issue 21, item 12). A
clicked point is a training point, always, and adding or removing one moves no other point between the sets; the
preset's own split is kernel_core.holdout_split's, whose class sizes match scikit-learn's stratified split."""
import numpy as np
import pytest
from sklearn.model_selection import train_test_split

import kernel_core as kc
from ui.split import held_out

X0, Y0 = kc.make_classification("moons", 120, 0.2, 0)
BASE = (X0, Y0)


def test_the_preset_itself_gets_the_per_point_stratified_split():
    mask = held_out(X0, Y0, 0.3, 0, base=BASE)
    _, test = kc.holdout_split(Y0, 0.3, 0, X=X0)
    assert np.array_equal(np.flatnonzero(mask), test)
    _, _, _, y_ref = train_test_split(X0, Y0, test_size=0.3, stratify=Y0, random_state=0)
    for c in (-1, 1):   # as many held out per class as scikit-learn's stratified split
        assert abs(np.sum(Y0[mask] == c) - np.sum(y_ref == c)) <= 1


@pytest.mark.parametrize("label", [1, -1])
@pytest.mark.parametrize("where", [(2.0, 2.0), (-2.6, -2.4), (0.0, 0.0)])
def test_an_added_point_is_training_and_no_other_point_changes_set(where, label):
    before = held_out(X0, Y0, 0.3, 0, base=BASE)
    X, y = np.vstack([X0, [where]]), np.append(Y0, label)
    after = held_out(X, y, 0.3, 0, base=BASE)
    assert not after[-1]                        # the clicked point trains
    assert np.array_equal(after[:-1], before)   # nobody else moved


def test_many_clicks_and_a_removal_move_nobody_else():
    before = held_out(X0, Y0, 0.3, 0, base=BASE)
    rng = np.random.default_rng(1)
    new = rng.uniform(-3, 3, size=(15, 2)).round(2)
    X, y = np.vstack([X0, new]), np.append(Y0, rng.choice([-1, 1], 15))
    after = held_out(X, y, 0.3, 0, base=BASE)
    assert not after[len(X0):].any() and np.array_equal(after[:len(X0)], before)
    keep = np.arange(len(y)) != int(np.flatnonzero(before)[0])   # remove a held-out point of the preset
    removed = held_out(X[keep], y[keep], 0.3, 0, base=BASE)
    assert np.array_equal(removed, after[keep])


def test_a_point_on_a_preset_place_with_the_other_class_is_a_new_point():
    X, y = np.vstack([X0, X0[:1]]), np.append(Y0, -Y0[0])
    assert not held_out(X, y, 0.3, 0, base=BASE)[-1]


def test_points_that_replaced_the_preset_are_split_themselves():
    X, y = X0 + 10.0, Y0                        # none of the preset's points is left (a CSV replaced them)
    mask = held_out(X, y, 0.3, 0, base=BASE)
    assert np.array_equal(np.flatnonzero(mask), kc.holdout_split(y, 0.3, 0, X=X)[1])


def test_no_points_and_too_few_points_hold_nothing_out():
    assert held_out(np.empty((0, 2)), np.empty(0, int), 0.3, 0, base=BASE).shape == (0,)
    assert not held_out(X0[:3], Y0[:3], 0.3, 0, base=(X0[:3], Y0[:3])).any()
