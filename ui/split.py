"""The train / held-out split of the student's points, computed from plain values: the points, the share held out,
the seed and the base points the split is drawn over (the sidebar preset's). ui.points gives a section the session's
base; a compute module passes its own."""
import numpy as np

import kernel_core as kc


def held_out(X, y, share, seed, base):
    """Held-out mask (one bool per point of X, y) of a train / held-out split with `share` held out.

    The split is drawn over the `base` points (X0, y0) by kernel_core.holdout_split, per point; each point keeps the
    set of its base point (same place and class). A point not in the base (clicked on a map, from a link or the
    table) is a training point, always, so adding or removing one moves no other point between the sets. When no
    base point is left (a CSV or the table replaced them all), the points themselves are split."""
    X, y = np.asarray(X, float).reshape(-1, 2), np.asarray(y)
    X0, y0 = base
    _, test0 = kc.holdout_split(y0, share, seed, X=X0)
    key = [(x1 + 0.0, x2 + 0.0, int(c)) for (x1, x2), c in zip(np.asarray(X0, float), y0)]
    sets = dict(zip(key, np.isin(np.arange(len(key)), test0)))
    found = [sets.get((x1 + 0.0, x2 + 0.0, int(c))) for (x1, x2), c in zip(X, y)]
    if len(y) and all(f is None for f in found):
        mask = np.zeros(len(y), bool)
        mask[kc.holdout_split(y, share, seed, X=X)[1]] = True
        return mask
    return np.array([bool(f) for f in found], dtype=bool)
