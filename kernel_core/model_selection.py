"""Model selection for the kernel SVM: a seeded, stratified train / held-out split drawn per point, and a
cross-validated (gamma, C) grid of KernelSVM (libsvm) accuracies."""
import hashlib

import numpy as np
from sklearn.model_selection import StratifiedKFold

from ._validation import (
    check_array,
    check_label_array,
    check_labels,
    check_list,
    check_positive_int,
    check_real,
    check_seed,
    describe,
)
from .algebra import as_kernel
from .kernels import gram
from .svm import MAX_ITER, _libsvm

MIN_HOLDOUT = 10    # fewer points than this: train on all of them, hold none out


def holdout_split(y, test_size=0.3, seed=0, X=None):
    """Seeded, stratified train / held-out split: (train indices, held-out indices), each sorted.
    With fewer than MIN_HOLDOUT points, or a class with fewer than 2, nothing is held out.

    Each point gets a seeded random key; each class holds out its round(test_size * n_class) points of
    smallest key (at least one, and at least one stays for training). Given X, a point's key is drawn
    from the point itself (its coordinates and the seed), so adding or removing a point moves at most
    one other point of its class between the two parts: a student who clicks a point onto the plot
    sees the effect of that point, not of a new random split."""
    test_size = check_real(test_size, "test_size", low=0.0, high=0.9)
    seed = check_seed(seed)
    y = check_label_array(y)
    idx = np.arange(len(y))
    classes, counts = np.unique(y, return_counts=True)
    if len(y) < MIN_HOLDOUT or len(counts) < 2 or counts.min() < 2:
        return idx, idx[:0]
    if X is None:
        keys = np.random.default_rng(seed).random(len(y))
    else:
        X = check_array(X)
        if len(X) != len(y):
            raise ValueError(f"X has {len(X)} points but y has {len(y)} labels; they must match.")
        salt = int(seed).to_bytes(8, "little", signed=True)
        rows = np.ascontiguousarray(X) + 0.0  # + 0.0: -0.0 and 0.0 are the same point
        keys = np.array([int.from_bytes(hashlib.blake2b(row.tobytes(), digest_size=8, key=salt).digest(), "little")
                         for row in rows], dtype=np.float64)
    test = []
    for c, n_c in zip(classes, counts):
        members = idx[y == c]
        k = min(max(int(round(test_size * n_c)), 1), n_c - 1) if test_size > 0 else 0
        test.extend(members[np.argsort(keys[members], kind="stable")[:k]])
    test = np.sort(np.asarray(test, dtype=int))
    return np.setdiff1d(idx, test), test


def cross_validate_grid(X, y, Cs, gammas, make_kernel, folds=3, seed=0):
    """Mean k-fold cross-validation accuracy of KernelSVM on every (gamma, C) of the grid.

    make_kernel(gamma) -> a kernel_core Kernel. Returns scores with shape (len(gammas), len(Cs)):
    row = gamma, column = C. The Gram matrix is computed once per gamma and sliced per fold; each fit
    stops after MAX_ITER // 4 libsvm iterations (so a badly scaled kernel cannot stall the grid).
    """
    X = check_array(X)
    ys, _ = check_labels(y, len(X))
    folds = check_positive_int(folds, "folds")
    seed = check_seed(seed)
    if min(np.unique(ys, return_counts=True)[1]) < folds:
        raise ValueError(f"{folds}-fold cross-validation needs at least {folds} points of each class.")
    Cs = [check_real(C, "C", low=0.0) for C in check_list(Cs, "Cs", "values of C")]
    gammas = check_list(gammas, "gammas", "values of gamma")
    if not callable(make_kernel):
        raise TypeError(f"make_kernel must be a function gamma -> Kernel, got {describe(make_kernel)}.")
    splits = list(StratifiedKFold(folds, shuffle=True, random_state=seed).split(X, ys))
    scores = np.zeros((len(gammas), len(Cs)))
    for a, gamma in enumerate(gammas):
        K = gram(X, kernel=as_kernel(make_kernel(gamma)))
        for tr, te in splits:
            for c, C in enumerate(Cs):
                svc = _libsvm(K[np.ix_(tr, tr)], ys[tr], C, MAX_ITER // 4)
                scores[a, c] += np.mean(svc.predict(K[np.ix_(te, tr)]) == ys[te]) / folds
    return scores
