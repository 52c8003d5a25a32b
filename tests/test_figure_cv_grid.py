"""/svm-cross-validation's grid: the best cell is starred in its own top right corner, so its accuracy stays readable
(a star marker in the middle of the cell hid it); the current setting is boxed."""
import numpy as np
import pytest

from pages.svm import figures_cv


@pytest.mark.parametrize("present", [False, True])
@pytest.mark.parametrize("best", [(0, 0), (2, 3), (4, 4)])
def test_the_best_cell_is_starred_in_its_corner_clear_of_its_value(present, best):
    Cs, gammas = [0.1, 1.0, 10.0, 100.0, 1000.0], [0.01, 0.1, 1.0, 10.0, 100.0]
    scores = np.full((5, 5), 0.8)
    scores[best] = 0.97                               # rows: γ, columns: C
    fig = figures_cv.cv_figure.uncached(scores, Cs, gammas, (1.0, 1.0), present=present).to_dict()
    (star,) = [a for a in fig["layout"]["annotations"] if a["text"] == "★"]
    row, col = best
    # a category axis places the k-th category's cell over k - 0.5 .. k + 0.5
    assert col < star["x"] <= col + 0.5 and row < star["y"] <= row + 0.5
    assert star["xanchor"] == "right" and star["yanchor"] == "top"   # drawn inwards from the corner
    assert not [t for t in fig["data"] if t.get("marker", {}).get("symbol") == "star"]
    (heat,) = [t for t in fig["data"] if t["type"] == "heatmap"]
    assert heat["texttemplate"] == "%{z:.2f}"         # every cell, the best one too, shows its accuracy
    (box,) = [t for t in fig["data"] if t.get("name") == "current"]
    assert (box["x"], box["y"]) == (("1",), ("1",)) or (list(box["x"]), list(box["y"])) == (["1"], ["1"])
