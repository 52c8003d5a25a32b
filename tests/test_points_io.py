"""The student's own data outside Streamlit: every bad CSV gets its sentence; links round-trip."""
import numpy as np
import pytest

from kernel_core import make_classification
from ui.points_io import MAX_ROWS, MAX_URL_POINTS, decode_edits, decode_points, encode_edits, encode_points, read_csv, to_points

GOOD = b"x1,x2,label\n0.5,1.0,a\n-1.0,2.0,b\n0.0,0.0,a\n"


def test_good_csv_gives_points_and_says_which_class_is_which():
    table = read_csv(GOOD)
    assert table.numeric == ["x1", "x2"]
    X, y, note = to_points(table.frame, "x1", "x2", "label")
    np.testing.assert_array_equal(X, [[0.5, 1.0], [-1.0, 2.0], [0.0, 0.0]])
    np.testing.assert_array_equal(y, [-1, 1, -1])
    assert "'a' is drawn as −1" in note and "'b' as +1" in note


@pytest.mark.parametrize("sep", [b";", b"\t"])
def test_semicolons_and_tabs_are_read(sep):
    table = read_csv(GOOD.replace(b",", sep))
    assert list(table.frame.columns) == ["x1", "x2", "label"] and len(table.frame) == 3


@pytest.mark.parametrize("data, message", [
    (b"", "empty"),
    (b"   \n\n", "empty"),
    (b"x1,x2,label\n", "no rows"),
    (b"PK\x03\x04\x00\x00binary", "binary"),
    ("x1,x2,label\n1,2,é\n".encode("latin-1"), "not UTF-8"),
    (b"x1|x2|label\n1|2|a\n", "Only one column"),
    (b"x" * (3_000_000), "limit"),
])
def test_unreadable_files_are_refused_with_a_sentence(data, message):
    with pytest.raises(ValueError, match=message):
        read_csv(data)


def frame(text):
    return read_csv(text.encode()).frame


@pytest.mark.parametrize("text, kwargs, message", [
    ("x1,x2,label\n1,abc,a\n2,3,b\n", {}, "text where a number belongs"),
    ("x1,x2,label\n1,,a\n2,3,b\n", {}, "missing value in row 1"),
    ("x1,x2,label\n1,inf,a\n2,3,b\n", {}, "infinite"),
    ("x1,x2,label\n1,2,a\n2,3,a\n", {}, "same label"),
    ("x1,x2,label\n1,2,a\n2,3,b\n3,4,c\n", {}, "3 classes"),
    ("x1,x2,label\n1,2,a\n2,3,b\n", {"label": "cls"}, "no column 'cls'"),
    ("x1,x2,label\n1,2,a\n2,3,b\n", {"x2": "x1"}, "three different columns"),
])
def test_bad_tables_are_refused_with_a_sentence(text, kwargs, message):
    args = {"x1": "x1", "x2": "x2", "label": "label"} | kwargs
    with pytest.raises(ValueError, match=message):
        to_points(frame(text), args["x1"], args["x2"], args["label"])


def test_more_than_two_classes_keeps_the_two_chosen():
    X, y, note = to_points(frame("x1,x2,label\n1,2,a\n2,3,b\n3,4,c\n4,5,c\n"), "x1", "x2", "label", classes=["a", "c"])
    np.testing.assert_array_equal(X[:, 0], [1, 3, 4])
    np.testing.assert_array_equal(y, [-1, 1, 1])
    assert "Kept the classes" in note


def test_too_many_rows_names_the_cap_and_a_subsample_keeps_it():
    rows = "\n".join(f"{i},{i % 7},{'ab'[i % 2]}" for i in range(MAX_ROWS + 50))
    f = frame("x1,x2,label\n" + rows + "\n")
    with pytest.raises(ValueError, match=f"at most {MAX_ROWS}"):
        to_points(f, "x1", "x2", "label")
    X, y, note = to_points(f, "x1", "x2", "label", subsample_seed=0)
    assert len(X) == MAX_ROWS and len(np.unique(X[:, 0])) == MAX_ROWS and "random" in note


def test_points_round_trip_through_link_text():
    rng = np.random.default_rng(0)
    X = np.round(rng.uniform(-3, 3, size=(25, 2)), 2)
    y = rng.choice([-1, 1], size=25)
    X2, y2 = decode_points(encode_points(X, y))
    np.testing.assert_allclose(X2, X)
    np.testing.assert_array_equal(y2, y)


def test_edits_of_a_preset_round_trip_and_stay_short():
    X, y = make_classification("moons", 120, 0.1, 0)
    keep = np.ones(120, bool)
    keep[[4, 50]] = False
    X2 = np.vstack([X[keep], [[0.1, -0.5], [2.0, 1.5]]])
    y2 = np.concatenate([y[keep], [1, -1]])
    text = encode_edits(X, y, X2, y2)
    assert text.startswith("4.50|") and len(text) < 60
    X3, y3 = decode_edits(text, X, y)
    np.testing.assert_allclose(X3, X2)
    np.testing.assert_array_equal(y3, y2)


def test_edits_too_many_for_a_link_give_none():
    X, y = make_classification("moons", 200, 0.1, 0)
    assert encode_edits(X, y, X[MAX_URL_POINTS + 1:], y[MAX_URL_POINTS + 1:]) is None


@pytest.mark.parametrize("text", ["1,2", "1,2,x", "a,b,+", "1,nan,+", "1,2,+,3"])
def test_bad_link_points_are_refused(text):
    with pytest.raises(ValueError, match="link"):
        decode_points(text)


@pytest.mark.parametrize("text", ["no-bar", "999|", "x|"])
def test_bad_link_edits_are_refused(text):
    X, y = make_classification("moons", 20, 0.1, 0)
    with pytest.raises(ValueError):
        decode_edits(text, X, y)


def test_standardised_points_have_mean_zero_and_unit_spread():
    X, y, note = to_points(frame("a,b,c\n10,200,p\n20,400,q\n30,900,p\n40,100,q\n"), "a", "b", "c", standardise=True)
    np.testing.assert_allclose(X.mean(axis=0), 0, atol=1e-12)
    np.testing.assert_allclose(X.std(axis=0), 1)
    assert "Standardised" in note and "25" in note   # the mean of column a
