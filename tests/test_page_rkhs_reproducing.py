"""AppTest of RKHS › The reproducing property (pages/rkhs/reproducing.py): the two numbers at x′ (the RKHS inner
product and f(x′)) against a double loop over scikit-learn's pairwise_kernels, ‖f‖²_H = αᵀKα against sklearn, the
examples (f through the given values, the wiggly one's larger norm), Undo / Reset, the table's cap and bad rows, and
forged table edits refused with a sentence."""
import numpy as np
import pandas as pd
import pytest
from sklearn.metrics.pairwise import pairwise_kernels
from streamlit.testing.v1 import AppTest

from pages.rkhs import centres
from pages.rkhs.settings import KEY
from tests.app_pages import open_page, page_errors

PAGE = "pages/rkhs/reproducing.py"
pytestmark = pytest.mark.timeout(600)


def metric(at, label):
    return float(next(m.value for m in at.metric if m.label.startswith(label)))


def latex(at):
    return " ".join(e.body for e in at.latex)


def reference(x, a, xprime, gamma=1.0):
    """f(x′) by a loop over sklearn's rbf kernel, and αᵀKα."""
    k = lambda u, v: pairwise_kernels([[u]], [[v]], metric="rbf", gamma=gamma)[0, 0]  # noqa: E731
    fx = sum(ai * k(xi, xprime) for xi, ai in zip(x, a))
    K = pairwise_kernels(np.c_[x], metric="rbf", gamma=gamma)
    return fx, float(np.asarray(a) @ K @ np.asarray(a))


@pytest.fixture(scope="module")
def reproducing_section():
    at = open_page(PAGE)
    assert not page_errors(at)
    return at


def test_inner_product_equals_value_and_norm(reproducing_section):
    at = reproducing_section
    x, a = centres.DEFAULT["x"], centres.DEFAULT["α"]
    fx, norm2 = reference(x, a, 0.3)
    assert metric(at, "⟨f, k(x′,·)⟩ℋ") == pytest.approx(fx, abs=1e-6)
    assert metric(at, "f(0.3)") == pytest.approx(fx, abs=1e-6)
    assert f"{norm2:.4g}" in latex(at)


def test_moving_x_prime_keeps_them_equal(reproducing_section):
    at = reproducing_section
    at.slider(key=KEY.xprime).set_value(-1.25).run()
    assert not page_errors(at)
    fx, _ = reference(centres.DEFAULT["x"], centres.DEFAULT["α"], -1.25)
    assert metric(at, "⟨f, k(x′,·)⟩ℋ") == pytest.approx(fx, abs=1e-6)
    assert metric(at, "f(-1.25)") == pytest.approx(fx, abs=1e-6)


def test_other_gamma(reproducing_section):
    at = reproducing_section
    at.select_slider(key=KEY.gamma).set_value(5.0).run()
    gamma = float(at.select_slider(key=KEY.gamma).value)
    xprime = at.slider(key=KEY.xprime).value
    fx, norm2 = reference(centres.DEFAULT["x"], centres.DEFAULT["α"], xprime, gamma)
    assert metric(at, "⟨f, k(x′,·)⟩ℋ") == pytest.approx(fx, abs=1e-6)
    assert f"{norm2:.4g}" in latex(at)
    at.select_slider(key=KEY.gamma).set_value(1.0).run()


def test_examples_pass_through_the_values_and_wiggly_costs_more():
    at = open_page(PAGE)
    at.button(key=KEY.rep_smooth).click().run()
    assert not page_errors(at)
    smooth = at.session_state[centres.STATE]
    x, a = smooth["x"].to_numpy(), smooth["α"].to_numpy()
    K = pairwise_kernels(np.c_[x], metric="rbf", gamma=1.0)
    np.testing.assert_allclose(K @ a, np.ones(5), atol=1e-3)
    n_smooth = a @ K @ a
    at.button(key=KEY.rep_wiggly).click().run()
    b = at.session_state[centres.STATE]["α"].to_numpy()
    np.testing.assert_allclose(K @ b, [1, -1, 1, -1, 1], atol=1e-3)
    assert b @ K @ b > 4 * n_smooth                    # several-fold: 35 against 2.6
    assert f"{b @ K @ b:.4g}" in latex(at)
    at.button(key=KEY.rep_undo).click().run()          # back to the smooth one
    np.testing.assert_allclose(at.session_state[centres.STATE]["α"].to_numpy(), a)
    at.button(key=KEY.rep_reset).click().run()
    assert at.session_state[centres.STATE]["α"].tolist() == centres.DEFAULT["α"]


def test_at_most_30_centres_and_bad_rows_are_left_out_with_a_note():
    at = open_page(PAGE)
    rows = pd.DataFrame({"x": np.r_[np.linspace(-3, 3, 33), 7.0, np.nan], "α": np.r_[np.ones(33), 1.0, 1.0]})
    at.session_state[centres.STATE] = rows
    at.run()
    assert not page_errors(at)
    warning = " ".join(w.value for w in at.warning)
    assert "the rows after the first 30" in warning and "off the axis" in warning and "empty cell" in warning
    x = np.linspace(-3, 3, 33)[:30]
    fx, _ = reference(x, np.ones(30), 0.3)
    assert metric(at, "⟨f, k(x′,·)⟩ℋ") == pytest.approx(fx, abs=1e-6)


def test_no_centres_is_f_zero_and_linear_kernel():
    at = open_page(PAGE)
    at.session_state[centres.STATE] = pd.DataFrame({"x": [], "α": []}, dtype=float)
    at.run()
    assert not page_errors(at)
    assert metric(at, "⟨f, k(x′,·)⟩ℋ") == 0.0
    assert any("No centres" in i.value for i in at.info)
    at.session_state[centres.STATE] = pd.DataFrame({"x": [1.0, -2.0], "α": [0.5, 0.25]})
    at.selectbox(key=KEY.kernel).set_value("linear").run()
    assert not page_errors(at)
    w = 0.5 * 1.0 + 0.25 * -2.0                        # f(x) = w x with w = Σ αᵢ xᵢ, ‖f‖² = w²
    assert metric(at, "⟨f, k(x′,·)⟩ℋ") == pytest.approx(w * 0.3, abs=1e-6)


def test_tiny_kernel_values_are_written_as_powers_of_ten():
    """x′ = −3, far from the centre at 1.8: k = exp(−(4.8)²) ≈ 9.86e−11 is written 9.86 × 10^{−11} in the sum (the
    formula once showed 9.86e-11, which KaTeX renders as a subtraction)."""
    at = open_page(PAGE)
    at.slider(key=KEY.xprime).set_value(-3.0).run()
    assert not page_errors(at)
    k = float(np.exp(-(1.8 + 3.0) ** 2))
    text = latex(at)
    assert rf"{k:.3g}".split("e")[0] + r"\times 10^{-11}" in text
    assert not any(f"e-{d}" in text for d in range(10))


# ---------------------------------------------------------------- forged table edits (issue 34: validate and cap tables)
def _edit_script(edits):
    import streamlit as st

    from pages.rkhs import centres as c
    before = c.table().copy()
    st.session_state[c.editor_key()] = edits
    c.commit_edits()
    after = st.session_state[c.STATE]
    st.write(f"unchanged={after.equals(before)} rows={len(after)} columns={list(after.columns)}")
    st.write(f"note={st.session_state.get(c.NOTE, '')}")


@pytest.mark.parametrize("edits,said", [
    ({"edited_rows": {0: {"x": "=cmd"}}}, "could not be read"),            # text where a number belongs
    ({"edited_rows": {9: {"x": 1.0}}}, "could not be read"),               # a row the table does not have
    ({"edited_rows": {0: {"zzz": 1.0}}}, "could not be read"),             # a column it does not have
    ({"deleted_rows": [99]}, "could not be read"),
    ({"added_rows": [{"x": "q", "α": 1.0}]}, "could not be read"),
    ({"added_rows": [1, 2]}, "could not be read"),                         # rows that are not rows
    ({"edited_rows": {0: {"α": float("inf")}}}, "infinite"),
    ({"edited_rows": {0: {"x": 10**400}}}, "could not be read"),           # an integer beyond float range
    ({"added_rows": [{"x": 0.5, "α": 1.0}] * 10_000}, f"at most {centres.MAX_CENTRES}"),
])
def test_a_forged_table_edit_is_refused_with_a_sentence_and_the_table_kept(edits, said):
    at = AppTest.from_function(_edit_script, args=(edits,), default_timeout=60).run()
    assert not at.exception, [e.value for e in at.exception]
    text = " ".join(str(m.value) for m in at.markdown)
    assert "unchanged=True" in text and said in text and "Your centres are unchanged" in text, text


def test_a_good_table_edit_is_taken_and_the_refusal_is_shown_on_the_page():
    at = AppTest.from_function(_edit_script, args=({"edited_rows": {0: {"α": 0.25}, 1: {"x": None}},
                                                    "added_rows": [{"x": 2.5}]},), default_timeout=60).run()
    text = " ".join(str(m.value) for m in at.markdown)
    assert not at.exception and "unchanged=False" in text and "rows=5" in text and "note=" in text
    at = open_page(PAGE)
    at.session_state[centres.NOTE] = "The edit could not be read as numbers. Your centres are unchanged."
    at.run()
    assert not page_errors(at)
    assert any("Your centres are unchanged" in w.value for w in at.warning)
