"""Home's path (a link per section, the predictions checked per topic) and the sidebar's sentences about the student's
own points: a preset change that replaces them (with a button that brings them back), an empty table row left out,
points outside the plotted window."""
import re

import numpy as np
import pandas as pd

from pages import HOME, TOPICS, sections, url_path
from tests.app_pages import ROOT, open_page, page_errors
from ui.data import outside_note, table_points
from ui.exercises import DONE_KEY


def source_ids(topic):
    """The topic's exercise ids by a plain text search of its sections' files (the page reads them with ast)."""
    return [i for s in topic.sections for i in re.findall(r'Exercise\(\s*"([^"]+)"', (ROOT / s.module).read_text())]


def test_home_links_every_section_of_the_path():
    at = open_page(HOME)
    assert not page_errors(at)
    links = {p.proto.page for p in at.get("page_link")}
    assert {url_path(t, s) for t, s in sections()} <= links


def test_home_counts_the_checked_predictions_per_topic():
    svm = next(t for t in TOPICS if t.slug == "svm")
    ids = source_ids(svm)
    assert len(ids) >= 2
    at = open_page(HOME)
    at.session_state[DONE_KEY] = {ids[0]}
    at.run()
    captions = [c.value for c in at.caption]
    assert any(c.endswith(f"1 of {len(ids)} predictions checked") for c in captions), captions
    for topic in TOPICS:   # every topic with exercises says how many it has
        n = len(source_ids(topic))
        assert not n or any(f"of {n} prediction" in c for c in captions), topic.slug


def test_a_preset_change_says_it_replaced_the_own_points_and_brings_them_back():
    at = open_page(HOME, query={"pts": "|0.5_0.5p"})          # one own point added by a link: 121 points
    assert "your own points (121)" in " ".join(c.value for c in at.sidebar.caption)
    at.selectbox(key="data_preset").set_value("circles").run()
    assert not page_errors(at)
    assert any("replaced your own 121 points" in w.value for w in at.sidebar.warning)
    at.button(key="data_undo_preset").click().run()
    assert "your own points (121)" in " ".join(c.value for c in at.sidebar.caption)
    assert not any("replaced" in w.value for w in at.sidebar.warning)
    # ... on the preset they were made on: its name in the sidebar, the link the one the student opened
    assert at.selectbox(key="data_preset").value == "moons"
    assert not any("do not fit in a link" in c.value for c in at.sidebar.caption)
    assert at.query_params.get("pts") in ("|0.5_0.5p", "|.5_.5p"), dict(at.query_params)   # (the app writes .5)
    assert at.query_params.get("data_preset") in (None, "moons", ["moons"]), dict(at.query_params)


def test_undo_after_a_preset_change_brings_back_the_points_and_their_preset():
    at = open_page(HOME)
    at.slider(key="data_noise").set_value(0.3).run()          # the plain preset, another noise: no own points
    at.selectbox(key="data_preset").set_value("xor").run()
    assert at.sidebar.caption[0].value.startswith("In use: Xor")
    at.button(key="data_undo").click().run()
    assert not page_errors(at)
    assert at.selectbox(key="data_preset").value == "moons" and at.slider(key="data_noise").value == 0.3
    assert at.sidebar.caption[0].value.startswith("In use: Moons") and "noise 0.3" in at.sidebar.caption[0].value


def test_an_empty_table_row_is_left_out_with_a_sentence():
    frame = pd.DataFrame({"x1": [0.5, None, -1.0], "x2": [1.0, None, 0.0], "label": [1, None, -1]})
    X, y, note, _ = table_points(frame, 2, {"added_rows": [{}]})
    assert X.tolist() == [[0.5, 1.0], [-1.0, 0.0]] and y.tolist() == [1, -1]
    assert note.startswith("1 empty row was left out.")
    # a row the editor dropped itself (added, never filled in): counted from its record of the edits
    X, y, note, _ = table_points(frame.iloc[[0, 2]], 2, {"added_rows": [{}, {}]})
    assert len(y) == 2 and note.startswith("2 empty rows were left out.")


def test_points_outside_the_plotted_window_get_a_sentence():
    assert outside_note(np.array([[0.0, 0.0], [2.9, -3.0]])) == ""
    note = outside_note(np.array([[0.0, 0.0], [4.0, 0.0], [0.0, -3.5]]))
    assert note.startswith("2 points lie outside the plotted window (−3 … 3")
