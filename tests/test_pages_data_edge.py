"""Every page answers degenerate shared data (all points deleted, one point, one class) with a
sentence, never a traceback (bad-input catalogue: page-empty, page-one-point, page-one-class)."""
import numpy as np
import pytest

from pages import sections
from tests.app_pages import navigation, open_page, page_errors
from ui.points import KEY, Points
from ui.ranges import DATA, DEFAULT_DATASET

PRESET = (DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], DATA["seed"][2])
CASES = {
    "page-empty": (np.empty((0, 2)), np.empty(0, int)),
    "page-one-point": (np.array([[0.5, 0.5]]), np.array([1])),
    "page-one-class": (np.random.default_rng(0).normal(size=(30, 2)), np.ones(30, int)),
}
NEEDS = {s.module: s.data for _, s in sections()}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("file", [f for f, _ in navigation()])
def test_degenerate_data_gets_a_sentence(file, case):
    at = open_page(file)
    X, y = CASES[case]
    at.session_state[KEY] = Points(X, y, PRESET, edited=True)
    at.run()
    assert not page_errors(at), f"{file} with {case}: {page_errors(at)}"
    # what the section needs of the shared data, from its TOPICS row (Home needs none): a section that needs two
    # classes says what is wrong with all three cases, one that needs points with the empty and the one-point data
    needs = NEEDS.get(file, "own")
    if needs == "classes" or (needs == "points" and case != "page-one-class"):
        said = [e.value for e in (*at.error, *at.warning, *at.info) if "point" in e.value or "class" in e.value]
        assert said, f"{file} says something about the {case} data"
