"""AppTest of the student's own points on the kernel ridge fit: the fit chart's click handler (switch from the sine,
add, remove, undo), click mode and Undo on the page, and the points' round trip through the share link (a bad link,
too many points for a link, the codec)."""
import numpy as np
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from kernel_core import make_sine
from pages.kernel_ridge import points
from pages.kernel_ridge.settings import KEY
from tests.app_pages import open_page, page_errors
from tests.click_catcher import click_catcher
from tests.support.kernel_ridge_sections import FIT, metric, open_link, sk_train_mse
from ui.points_io import MAX_ROWS
from ui.points_link import MAX_URL_POINTS


def click_script():
    """The bar's data choice and the fit chart's click handler, driven by session-state requests."""
    import streamlit as st

    from pages.kernel_ridge import compute, points

    points.init_points()
    st.radio("Data", ["sine", "own"], key="kernel_ridge_source")
    X, y = compute.dataset(("sine", 5, 0.0, 0))
    click = st.session_state.pop("click", None)
    if click:
        changed = points.click_edit(*click, X, y, st.session_state["kernel_ridge_source"], (10.0, 4.0))
        st.session_state["changed"] = changed
    st.button("Undo", key="undo", on_click=points.undo_points)


def test_click_handler_switches_from_sine_adds_removes_and_undoes():
    at = AppTest.from_function(click_script).run()
    sine_x, sine_y = make_sine(5, 0.0, 0)
    at.session_state["click"] = (1.23, 0.5)
    at.run()
    at.run()                      # the page's next run: the switch asked for by the click
    assert at.radio(key="kernel_ridge_source").value == "own"
    table = at.session_state["kernel_ridge_points"]
    assert len(table) == 6 and np.allclose(table["x"][:5], np.round(sine_x[:, 0], 3))
    assert tuple(table.iloc[-1]) == (1.23, 0.5)

    at.radio(key="kernel_ridge_source").set_value("own").run()
    at.session_state["kernel_ridge_click_mode"] = "remove"
    at.session_state["click"] = (1.25, 0.52)                     # near the added point: it goes
    at.run()
    assert len(at.session_state["kernel_ridge_points"]) == 5 and at.session_state["changed"]
    at.session_state["click"] = (50.0, 50.0)                     # nothing there: nothing removed
    at.run()
    assert len(at.session_state["kernel_ridge_points"]) == 5 and not at.session_state["changed"]

    at.session_state["kernel_ridge_click_mode"] = "add"
    at.button(key="undo").click().run()                          # the removal undone
    assert len(at.session_state["kernel_ridge_points"]) == 6
    at.button(key="undo").click().run()                          # the switch undone: back on the sine
    assert at.radio(key="kernel_ridge_source").value == "sine"
    assert not at.exception


def test_own_points_click_mode_and_undo_on_the_page():
    at = open_page(FIT)
    at.selectbox(key=KEY.SOURCE).set_value("own").run()
    assert at.button(key=KEY.UNDO).disabled
    at.button(key=KEY.DUPLICATE).click().run()
    assert len(at.session_state[points.POINTS]) == 12 and not at.button(key=KEY.UNDO).disabled
    at.button(key=KEY.UNDO).click().run()
    assert len(at.session_state[points.POINTS]) == 6
    assert click_catcher(at, KEY.FIT_CHART) == {"subplot": "xy"}
    assert "6 points — your own" in " ".join(m.value for m in at.markdown)


# ---------------------------------------------------------------- own points in the link (issue 21, item 10)
def test_own_points_round_trip_through_the_link():
    at = open_page(FIT)
    at.selectbox(key=KEY.SOURCE).set_value("own").run()
    assert points.URL_KEY not in at.query_params                     # the built-in points need no link text
    added = pd.concat([points.default_points(), pd.DataFrame({"x": [2.0], "y": [1.5]})], ignore_index=True)
    at.session_state[points.POINTS] = added                          # what a click at (2, 1.5) leaves
    at.run()
    shown = metric(at, "Training MSE")
    query = {**at.query_params, KEY.SOURCE: "My own points"}   # AppTest leaves out what bound widgets write
    assert query[points.URL_KEY].endswith(";2.0,1.5")
    again = open_link(query)                                          # a fresh browser with the link
    assert not page_errors(again)
    pd.testing.assert_frame_equal(again.session_state[points.POINTS], added)
    assert metric(again, "Training MSE") == shown and "7 points — your own" in " ".join(m.value for m in again.markdown)
    X, y = added[["x"]].to_numpy(), added["y"].to_numpy()
    assert float(shown) == pytest.approx(sk_train_mse(X, y, 0.1), rel=1e-3)


def test_a_bad_link_keeps_the_built_in_points_with_a_sentence():
    at = open_link({KEY.SOURCE: "My own points", points.URL_KEY: "1,2;3,oops;inf,1"})
    assert not page_errors(at)
    assert any("point 2 has text where a number belongs" in w.value for w in at.warning)
    assert "oops" not in " ".join(w.value for w in at.warning)        # the link's text is not echoed
    pd.testing.assert_frame_equal(at.session_state[points.POINTS], points.default_points())


def test_too_many_points_for_a_link_say_so_and_leave_the_link():
    at = open_page(FIT)
    at.selectbox(key=KEY.SOURCE).set_value("own").run()
    many = MAX_URL_POINTS + 1
    at.session_state[points.POINTS] = pd.DataFrame({"x": np.linspace(0, 6, many), "y": np.sin(np.linspace(0, 6, many))})
    at.run()
    assert not page_errors(at)
    assert points.URL_KEY not in at.query_params
    assert any(f"more than {MAX_URL_POINTS}" in c.value for c in at.caption)


def test_link_codec_is_exact_and_bounded():
    df = pd.DataFrame({"x": [0.1, -2.345, 1e-7], "y": [1 / 3, 2.0, -0.5]})
    pd.testing.assert_frame_equal(points.decode(points.encode(df)), df)
    assert points.encode(points.default_points()) == ""
    assert points.encode(pd.DataFrame({"x": np.arange(MAX_URL_POINTS + 1.0), "y": 0.0})) is None
    for bad in ("", "1", "1,2,3", "a,1", "nan,1", "1,inf"):
        with pytest.raises(ValueError):
            points.decode(bad)


# ---------------------------------------------------------------- own points checked like the sidebar's
BAD_LINKS = ["0.5,-1e308;1.5,1.0", "0.5,1e400;1.5,1.0", "2e4,1;1.5,1.0", ";".join(f"{i},{i}" for i in range(MAX_ROWS + 1))]


@pytest.mark.parametrize("text", BAD_LINKS)
def test_a_link_with_points_a_fit_cannot_take_gets_a_sentence_and_the_built_in_points(text):
    at = open_page(FIT, query={"kernel_ridge_source": "My own points", "kernel_ridge_pts": text})
    assert not page_errors(at)
    said = " ".join(str(w.value) for w in at.warning)
    assert "The built-in points are shown instead" in said
    assert "1e+308" not in (at.query_params.get("kernel_ridge_pts") or [""])[0]


def test_check_names_the_first_bad_row():
    ok = pd.DataFrame({"x": [0.0, 1.0, np.nan], "y": [1.0, -2.0, 3.0]})
    assert points.check(ok) is None
    assert "Row 2 holds an infinite number" in points.check(pd.DataFrame({"x": [0.0, np.inf], "y": [1.0, 1.0]}))
    assert "Row 1 holds y = -1e+308" in points.check(pd.DataFrame({"x": [0.0], "y": [-1e308]}))
    assert f"at most {MAX_ROWS}" in points.check(pd.DataFrame({"x": np.zeros(MAX_ROWS + 1), "y": 0.0}))


def _edit_script(edits):
    import streamlit as st

    from pages.kernel_ridge import points as p
    p.init_points()
    before = st.session_state[p.POINTS].copy()
    st.session_state[p.editor_key()] = edits
    p.commit_edits()
    st.write(f"unchanged={st.session_state[p.POINTS].equals(before)} rows={len(st.session_state[p.POINTS])}")
    st.write(f"note={st.session_state.get(p.NOTE, '')}")


@pytest.mark.parametrize("edits,said", [
    ({"edited_rows": {"0": {"y": float("inf")}}}, "infinite"),
    ({"edited_rows": {"0": {"y": 1e400}}}, "infinite"),
    ({"edited_rows": {"0": {"x": "=cmd"}}}, "could not be read"),
    ({"added_rows": [{"x": float(i), "y": 0.0} for i in range(10_000)]}, f"at most {MAX_ROWS}"),
    ({"edited_rows": {"0": {"zzz": 1.0}}}, "could not be read"),     # a column the table does not have was added
    ({"added_rows": [{"zzz": 1.0}]}, "could not be read"),
    ({"edited_rows": {"1000000": {"x": 1.0}}}, "could not be read"),
])
def test_a_table_edit_a_fit_cannot_take_is_refused_and_the_table_kept(edits, said):
    at = AppTest.from_function(_edit_script, args=(edits,), default_timeout=60).run()
    assert not at.exception
    text = " ".join(str(m.value) for m in at.markdown)
    assert "unchanged=True" in text and said in text and "Your points are unchanged" in text


def test_a_good_table_edit_is_taken():
    at = AppTest.from_function(_edit_script, args=({"edited_rows": {"0": {"y": 0.25}}},), default_timeout=60).run()
    assert not at.exception and "unchanged=False" in " ".join(str(m.value) for m in at.markdown)
