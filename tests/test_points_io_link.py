"""Issue 21, item 11: a CSV's points and class names travel in the link. The reopened view shows the same points (to
the bit: the standardised coordinates are kept to single precision, which the link carries exactly), the same class
names and the same numbers; links of the first format (two decimals, + / -) still open the same; a bad class name in
a link gets a sentence and plain −1 / +1."""
import math
import re
from urllib.parse import urlencode

import numpy as np
import pytest
from sklearn.metrics.pairwise import rbf_kernel
from sklearn.svm import SVC
from streamlit.testing.v1 import AppTest

import kernel_core as kc
from tests.app_pages import ROOT, page_errors
from ui.data import file_points
from ui.points import CLASSES_KEY, KEY, URL_KEY, Points
from ui.points_io import read_csv
from ui.points_link import MAX_URL_POINTS, decode_classes, decode_edits, decode_points, encode_classes, encode_edits, encode_points
from ui.ranges import DATA, DEFAULT_DATASET, SVM

HINGE = "pages/svm/hinge.py"
PRESET = (DEFAULT_DATASET, DATA["n_samples"][2], DATA["noise"][2], int(DATA["seed"][2]))   # the sidebar's


def irrational_csv(n=40, seed=3):
    """Coordinates with many digits (multiples of √2, π, e and random fractions) and the labels cat / dog."""
    rng = np.random.default_rng(seed)
    y = np.where(np.arange(n) % 2, "dog", "cat")
    x1 = rng.normal(size=n) * math.sqrt(2) + np.where(y == "dog", 1.0, -1.0) * math.pi / 3
    x2 = rng.normal(size=n) * math.e / 2 + np.where(y == "dog", 0.5, -0.5) / 7
    rows = "\n".join(f"{float(a)!r},{float(b)!r},{c}" for a, b, c in zip(x1, x2, y))
    return f"length,weight,animal\n{rows}\n".encode()


def csv_points(data=None):
    table = read_csv(data or irrational_csv())
    return file_points(table.frame, "length", "weight", "animal")     # what "Use these points" applies


def app(params=None, state=None, page=HINGE):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    for key, value in (params or {}).items():
        at.query_params[key] = value
    for key, value in (state or {}).items():
        at.session_state[key] = value
    at.run()
    at.switch_page(page).run()
    assert not page_errors(at), page_errors(at)
    return at


def objective_line(at):
    """The hinge section's '= loss + penalty = J' line (4 decimals)."""
    lines = (re.search(r"= (-?\d+\.\d{4}) \+ (-?\d+\.\d{4}) = (-?\d+\.\d{4})", e.value) for e in at.latex)
    return next(m for m in lines if m).group(0)


def query(at, key):
    value = at.query_params[key]
    return value if isinstance(value, str) else value[-1]


def sidebar_notes(at):
    return " ".join(str(e.value) for e in at.sidebar.info)


def unescape(text):
    return re.sub(r"\\(.)", r"\1", text)


def sklearn_objective(X, y, gamma, C):
    """Kriege's J = (1/n) Σ max{0, 1 − yᵢ f(xᵢ)} + λ αᵀD_yKD_yα (λ = 1/(2nC)) at scikit-learn's SVC optimum on the
    training part of the section's split."""
    _, test = kc.holdout_split(y, SVM["held_out"], SVM["split_seed"], X=X)
    tr = np.setdiff1d(np.arange(len(y)), test)
    model = SVC(kernel="rbf", gamma=gamma, C=C).fit(X[tr], y[tr])
    f = model.decision_function(X[tr])
    coef = model.dual_coef_.ravel()                                    # αᵢ yᵢ on the support vectors
    sv = X[tr][model.support_]
    penalty = coef @ rbf_kernel(sv, sv, gamma=gamma) @ coef / (2 * len(tr) * C)
    return float(np.mean(np.maximum(0, 1 - y[tr] * f)) + penalty)


def test_a_csv_with_class_names_reopens_from_its_link_with_the_same_points_names_and_objective():
    X, y, note, names = csv_points()
    assert names == ("cat", "dog") and "'cat' is drawn as −1" in note
    # the view after the upload: the session's points as the dialog leaves them
    csv_view = app(state={KEY: Points(X, y, PRESET, edited=True, note=note, classes=names)})
    link = {k: query(csv_view, k) for k in (URL_KEY, CLASSES_KEY)}
    assert link[CLASSES_KEY] == "cat|dog"
    assert len(urlencode(link)) < 22 * len(y) + 60                     # about 21 characters a point
    # the link opened in a fresh session
    reopened = app(params=link)
    s = reopened.session_state[KEY]
    np.testing.assert_array_equal(s.X, X)                               # exactly the CSV view's numbers
    np.testing.assert_array_equal(s.y, y)
    assert s.classes == ("cat", "dog")
    raw = np.c_[read_csv(irrational_csv()).frame[["length", "weight"]].to_numpy(float)]
    z = (raw - raw.mean(axis=0)) / raw.std(axis=0)
    np.testing.assert_allclose(s.X, z, rtol=2 ** -23, atol=1e-12)      # one float32 step of the standardised data
    shown = unescape(sidebar_notes(reopened))
    assert "Class 'cat' is drawn as −1, class 'dog' as +1." in shown
    assert "'cat'" in unescape(sidebar_notes(csv_view)) and "'dog'" in unescape(sidebar_notes(csv_view))
    # the same objective on both views, and scikit-learn's to the digits shown
    line = objective_line(reopened)
    assert line == objective_line(csv_view)
    gamma = float(reopened.select_slider(key="svm_gamma").value)
    C = float(reopened.select_slider(key="svm_C").value)
    assert line.endswith(f"= {sklearn_objective(X, y, gamma, C):.4f}")


def test_class_names_stay_after_a_point_is_added_and_in_its_link():
    X, y, note, names = csv_points()
    at = app(state={KEY: Points(X, y, PRESET, edited=True, note="", classes=names)})
    assert "'cat' is drawn as −1" in unescape(sidebar_notes(at))
    assert query(at, CLASSES_KEY) == "cat|dog"


def test_the_first_link_format_opens_the_same_points():
    """Links made before: two decimals and + / - (a removed preset point, an added one)."""
    at = app(params={URL_KEY: "3.17|0.10,0.50,+;-1.25,2.00,-"}, page="pages/svm/margins.py")
    s = at.session_state[KEY]
    np.testing.assert_array_equal(s.X[-2:], [[0.1, 0.5], [-1.25, 2.0]])
    np.testing.assert_array_equal(s.y[-2:], [1, -1])
    assert s.classes is None and not at.sidebar.info
    assert query(at, URL_KEY) == "3.17|.1_.5p-1.25_2n"         # written again in the short form


@pytest.mark.parametrize("text", ["0.10,0.50,+", "1.5,-2,-;0,0,+", "1e200,0,+;-1e-5,3,-"])
def test_first_format_points_read_as_before(text):
    X, y = decode_points(text)
    assert [tuple(map(float, p.split(",")[:2])) for p in text.split(";")] == [tuple(r) for r in X]
    assert y.tolist() == [1 if p.endswith("+") else -1 for p in text.split(";")]


def test_any_float_round_trips_exactly_and_short_numbers_stay_short():
    rng = np.random.default_rng(0)
    X = np.r_[rng.normal(size=(30, 2)) * 10.0 ** rng.integers(-8, 8, size=(30, 1)), [[0.1, -0.0], [1e308, -5e-324]]]
    y = rng.choice([-1, 1], size=len(X))
    X2, y2 = decode_points(encode_points(X, y))
    assert np.array_equal(X2, X) and np.array_equal(y2, y)
    assert encode_points(np.array([[0.5, -0.25], [2.0, 0.1]]), [1, -1]) == ".5_-.25p2_.1n"


def test_the_link_text_uses_only_characters_a_url_keeps_and_the_largest_fits_any_server():
    """80 edits of worst-case numbers (17 digits and an exponent) stay under 5 000 characters once percent-encoded:
    nginx's default request-line buffer is 8 KB (larger gets 414) and Streamlit's server read 100 KB in a test."""
    X = np.full((MAX_URL_POINTS, 2), -1.2345678901234567e-123)
    text = encode_edits(np.zeros((0, 2)), np.zeros(0, int), X, np.ones(MAX_URL_POINTS, int))
    assert re.fullmatch(r"\*\|[0-9a-z_.\-]*", text)
    assert len(urlencode({URL_KEY: text})) < 5000
    X2, _ = decode_edits(text, np.zeros((0, 2)), np.zeros(0, int))
    assert np.array_equal(X2, X)


@pytest.mark.parametrize("text", ["1_2", "1_2x", "inf_1p", "1_nanp", "1e400_1p", "1__2p", ".5_.5p3"])
def test_bad_short_points_are_refused_with_a_sentence(text):
    with pytest.raises(ValueError, match="link's point"):
        decode_points(text)


@pytest.mark.parametrize("text, reason", [
    ("x" * 31 + "|dog", "longer than 30"),
    ("**cat**|dog", "no Markdown"),
    ("![t](http://198.51.100.7/beacon.png)|dog", "no Markdown"),
    ("<img src=x onerror=alert(1)>|dog", "no Markdown"),
    ("$x$|dog", "no Markdown"),
    ("|dog", "empty"),
    ("cat|", "empty"),
    ("", "not two names"),
    ("cat", "not two names"),
    ("cat|dog|cow", "not two names"),
    ("cat|cat", "same name"),
])
def test_bad_class_names_are_refused_with_a_sentence(text, reason):
    with pytest.raises(ValueError, match=reason):
        decode_classes(text)


@pytest.mark.parametrize("names", [("cat", "dog"), ("-1", "1"), ("Iris-setosa", "Iris virginica"), ("élève", "猫")])
def test_plain_class_names_round_trip(names):
    assert decode_classes(encode_classes(names)) == names


def test_names_a_link_cannot_carry_are_left_out():
    assert encode_classes(("<=50K", ">50K")) is None and encode_classes(("a", "a")) is None


@pytest.mark.parametrize("bad", ["x" * 31 + "|dog", "![t](http://198.51.100.7/beacon.png)|dog",
                                 "<img src=x onerror=alert(1)>|dog", ""])
def test_a_link_with_bad_class_names_keeps_its_points_and_says_why(bad):
    X, y, _, _ = csv_points()
    text = encode_edits(np.zeros((0, 2)), np.zeros(0, int), X, y)          # the CSV replaced every preset point
    at = app(params={URL_KEY: text, CLASSES_KEY: bad}, page="pages/svm/margins.py")
    s = at.session_state[KEY]
    np.testing.assert_array_equal(s.X, X)
    assert s.classes is None
    shown = sidebar_notes(at)
    assert "198.51.100.7" not in shown and "img" not in shown               # the bad value is never echoed
    assert "−1 and \\+1 instead" in shown
    assert CLASSES_KEY not in at.query_params


def test_the_link_cases_are_in_the_readme_catalogue():
    section = (ROOT / "README.md").read_text().split("## Bad input", 1)[1].split("\n## ", 1)[0]
    cases = ["link-precision", "link-classes", "link-classes-bad", "link-kernel-old-label"]
    assert [c for c in cases if f"`{c}`" not in section] == []
