"""The student's own data outside Streamlit: every bad CSV gets its sentence; links round-trip."""
import re

import numpy as np
import pytest

from kernel_core import make_classification
from tests.app_pages import ROOT
from ui.points_io import MAX_BYTES, MAX_ROWS, as_text, file_size, guess_label, label_classes, read_csv, to_points
from ui.points_link import MAX_URL_POINTS, decode_edits, decode_points, encode_edits, encode_points

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



def test_a_constant_column_is_centred_and_its_note_divides_by_nothing():
    """1 500 identical rows (issue 34: kernel PCA by a CSV of identical points): the column has no spread to divide
    by; the note says so instead of 'x₁ ← (x₁ − 0.5) / 0', which the points did not undergo."""
    rows = "".join(f"0.5,{i % 3},{'ab'[i % 2]}\n" for i in range(1500))
    X, y, note = to_points(frame("x1,x2,label\n" + rows), "x1", "x2", "label", standardise=True)
    assert np.all(X[:, 0] == 0.0) and len(np.unique(X[:, 1])) == 3
    assert "(x₁ − 0.5) / 0" not in note and "x₁ ← x₁ − 0.5" in note and "x₁ is 0.5 in every row" in note
    assert "x₂ ← (x₂ − 1) / 0.816" in note           # the other column as before


LONG = "z" * 100_000


@pytest.mark.parametrize("text, x1, label, names", [
    (f"x1,x2,label\n{LONG},2,a\n3,4,b\n", "x1", "label", "row 1"),                  # a cell where a number belongs
    (f"x1,x2,label\n1,2,{LONG}\n3,4,{LONG}\n", "x1", "label", "same label"),         # one class, named
    (f"x1,x2,label\n1,2,{LONG}a\n3,4,{LONG}b\n5,6,{LONG}c\n", "x1", "label", "3 classes"),   # the classes, named
    (f"{LONG},x2,label\n1,2,a\nq,4,b\n", LONG, "label", "row 2"),                    # a column's name
    (f"{LONG},x2,label\n1e999,2,a\n3,4,b\n", LONG, "label", "infinite"),
])
def test_a_refusal_quotes_at_most_the_start_of_a_long_cell_or_name(text, x1, label, names):
    """A 100 000-character cell, label or column name is quoted by its first characters and an ellipsis: the sentence
    stays a sentence, not a 100 kB error box."""
    with pytest.raises(ValueError) as err:
        to_points(frame(text), x1, "x2", label)
    said = str(err.value)
    assert names in said and len(said) < 400, said[:500]
    assert "zzzz" in said and "…" in said

# ---------------------------------------------------------------- issue 21: the CSV cases of the bad-input catalogue
CSV_CASES = ["csv-empty-label", "csv-short-row", "csv-huge-values", "csv-markdown", "csv-size", "csv-label-guess",
             "csv-long-cell", "csv-constant-column"]


def test_new_csv_cases_are_in_the_readme_catalogue():
    section = (ROOT / "README.md").read_text().split("## Bad input", 1)[1].split("\n## ", 1)[0]
    assert [c for c in CSV_CASES if f"`{c}`" not in section] == []


@pytest.mark.parametrize("case, text, row", [
    ("csv-empty-label", "x1,x2,label\n1,2,1\n3,4,\n5,6,0\n", 2),
    ("csv-short-row", "x1,x2,label\n1,2,1\n3,4\n5,6,0\n", 2),
    ("csv-empty-label", "x1,x2,label\n1,2,a\n3,4,  \n5,6,b\n", 2),        # blank after stripping
])
def test_an_empty_label_cell_or_a_short_row_gives_a_sentence_naming_the_row(case, text, row):
    f = frame(text)
    assert len(label_classes(f, "label")) == 2           # the dialog lists the classes without crashing
    with pytest.raises(ValueError, match=f"empty cell in row {row}"):
        to_points(f, "x1", "x2", "label")


@pytest.mark.parametrize("big", [1e200, 1e300, 1e308, 1.7e308])
def test_huge_values_standardise_without_collapsing(big):
    """csv-huge-values: columns near 1e200 ... 1e308 are scaled robustly (no overflow to inf, no all-zero column)."""
    text = f"x1,x2,label\n{big},{-big},a\n{big / 2},{big / 4},b\n{-big / 3},{big},a\n{big / 5},0,b\n"
    X, y, note = to_points(frame(text), "x1", "x2", "label", standardise=True)
    assert np.all(np.isfinite(X)) and len(np.unique(X, axis=0)) == 4
    np.testing.assert_allclose(X.mean(axis=0), 0, atol=1e-12)
    np.testing.assert_allclose(X.std(axis=0), 1)
    assert "inf" not in note and "nan" not in note


def test_standardising_refuses_to_merge_distinct_values():
    """csv-huge-values: 1 and 2 next to 1e200 would both become the same standardised value: a sentence, not a merge."""
    f = frame("x1,x2,label\n1,0,a\n2,1,b\n1e200,2,a\n")
    with pytest.raises(ValueError, match="orders of magnitude.*'x1'|'x1'.*orders of magnitude"):
        to_points(f, "x1", "x2", "label", standardise=True)
    X, _, _ = to_points(f, "x1", "x2", "label")           # unstandardised, the values are kept as they are
    assert X[2, 0] == 1e200


@pytest.mark.parametrize("text", [
    "![t](http://198.51.100.7/beacon.png)", "$\\int_0^1$", "<img src=x onerror=alert(1)>", ":red[loud]",
    "# heading", "[link](http://example.com)", "**bold** _it_ `code`", "a\\$b", "line\nbreak",
])
def test_user_text_is_escaped_for_markdown(text):
    """csv-markdown: every ASCII punctuation mark is backslash-escaped (CommonMark shows it literally)."""
    out = as_text(text)
    assert "\n" not in out
    unescaped = re.sub(r"\\.", "", out)              # drop every escaped pair; no bare punctuation may remain
    assert not re.search(r"[!$<>\[\]()#*_`:\\]", unescaped), out
    assert re.sub(r"\\(.)", r"\1", out) == " ".join(text.splitlines())   # nothing but the escapes added


def test_markdown_in_a_file_reaches_the_messages_only_escaped():
    """csv-markdown: the label and cell text echoed by to_points' messages and note, once passed through as_text,
    contain no live Markdown image, link or LaTeX."""
    beacon = "![t](http://198.51.100.7/beacon.png)"
    X, y, note = to_points(frame(f"x1,x2,label\n1,2,{beacon}\n3,4,$x$\n"), "x1", "x2", "label")
    assert beacon in note
    shown = as_text(note)
    assert "](" not in shown and "![" not in shown and "$x$" not in shown
    with pytest.raises(ValueError) as info:
        to_points(frame(f"x1,x2,label\n1,{beacon},a\n3,4,b\n"), "x1", "x2", "label")
    assert "](" not in as_text(info.value) and "![" not in as_text(info.value)


@pytest.mark.parametrize("n_bytes, shown", [
    (2_040_000, "2.1 MB"), (2_000_001, "2.1 MB"), (5_000_000, "5.0 MB"), (999_001, "1,000 KB"), (1, "1 KB"),
])
def test_sizes_are_rounded_up(n_bytes, shown):
    assert file_size(n_bytes) == shown


def test_a_file_just_over_the_limit_does_not_read_as_the_limit():
    """csv-size: 2.04 MB is not "2.0 MB; the limit is 2 MB"."""
    with pytest.raises(ValueError) as info:
        read_csv(b"x" * 2_040_000)
    assert "The file is 2.1 MB; the limit is 2.0 MB" in str(info.value)
    assert MAX_BYTES == 2_000_000


def test_the_dialog_caption_states_both_limits_in_words():
    """csv-size: a file over the server's cap never reaches the app, so the caption must say what happens to it."""
    source = (ROOT / "ui" / "data.py").read_text()
    caption = source.split("st.caption(", 1)[1].split("upload = ", 1)[0]
    assert "file_size(MAX_BYTES)" in caption and "maxUploadSize" in source and "refused by the uploader" in caption


@pytest.mark.parametrize("columns, label", [
    (["x", "y", "class"], "class"), (["x1", "x2", "label"], "label"), (["a", "b", "Target"], "Target"),
    (["x1", "y"], "y"), (["a", "b", "c"], "c"), (["y", "Label", "x"], "Label"),
])
def test_the_label_column_is_guessed_by_name(columns, label):
    """csv-label-guess: label / class / target are preferred to y (a coordinate in x, y, class files)."""
    assert guess_label(columns) == label


def test_a_links_point_needs_exactly_plus_or_minus_and_ascii_indices():
    """Issue 21 item 5: '+-' is no class (it was read as −1); a superscript digit is no index (it raised
    'invalid literal for int()')."""
    import numpy as np
    import pytest

    from ui.points_link import decode_edits, decode_points

    with pytest.raises(ValueError, match="x1,x2,\\+ or x1,x2,-"):
        decode_points("0.5,0.5,+-")
    with pytest.raises(ValueError, match="does not have"):
        decode_edits("²|0,0,+", np.zeros((3, 2)), np.array([1, -1, 1]))
    X, y = decode_points("0.5,0.25,+;1,2,-")
    assert X.tolist() == [[0.5, 0.25], [1.0, 2.0]] and y.tolist() == [1, -1]
