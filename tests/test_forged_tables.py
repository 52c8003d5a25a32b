"""Forged table edits (issue 34: a table's edits validated and capped), over a real served app: every table a student
edits (the sidebar's points in the "Table / CSV" dialog, kernel ridge's own points, the RKHS section's centres) is sent
change records no browser sends (a row or column the table does not have, rows that are not rows). Streamlit's
st.data_editor applies a widget's change record itself and raises on these (IndexError, KeyError, AttributeError); the
app answers with a sentence and a fresh table, never the error box, and the data stay as they were."""
import json

import pytest

from bench.student import run_async
from tests.forge import Forger

FORGED = [
    {"edited_rows": {"1000000": {"x1": 1.0}}},     # a row the table does not have
    {"edited_rows": {"0": {"zzz": 1.0}}},          # a column it does not have
    {"deleted_rows": [1_000_000]},
    {"added_rows": [{"zzz": 1}]},
    {"added_rows": [1, 2]},                         # rows that are not rows
    {"edited_rows": {"0": 5}},
]


async def _forge(app_url, forged):
    async with Forger(app_url) as f:
        await f.open("svm")
        await f.settle()
        before = f.query
        button, _ = f.elements["data_edit"]
        await f.send([(button, "trigger_value", True)])     # the sidebar's "Table / CSV": the dialog opens
        await f.settle()
        table = next(v for k, v in f.elements.items() if k.startswith("data_table") and k != "data_table_apply")
        f.exceptions.clear()
        f.alerts.clear()
        await f.send([(table[0], "string_value", json.dumps(forged))], fragment_id=table[1])
        await f.settle()
        return f.exceptions, f.alerts, f.query == before


@pytest.mark.parametrize("forged", FORGED, ids=[json.dumps(f)[:40] for f in FORGED])
def test_a_forged_edit_of_the_points_table_gets_a_sentence_not_the_error_box(app_url, forged):
    exceptions, alerts, kept = run_async(_forge(app_url, forged))
    assert not exceptions, exceptions
    assert any("could not be read" in text and "unchanged" in text for _, text in alerts), alerts
    assert kept


# the sections whose tables refuse an edit in their on_change (and start a fresh editor): path, the query that shows the
# table, the editor key's start
SECTIONS = [("kernel-ridge", "kernel_ridge_source=My+own+points", "kernel_ridge_editor_"),
            ("rkhs-reproducing", "", "rkhs_centres_editor_")]


async def _forge_section(app_url, path, query, prefix, forged):
    async with Forger(app_url) as f:
        f.query = query                                          # a link's first run, as a browser tab opens it
        await f.rerun(page_name=path, page_hash="")
        await f.settle()
        before = f.query
        key, (table, fragment) = next((k, v) for k, v in f.elements.items() if k.startswith(prefix))
        f.exceptions.clear()
        f.alerts.clear()
        await f.send([(table, "string_value", json.dumps(forged))], fragment_id=fragment)
        await f.settle()
        fresh = [k for k in f.elements if k.startswith(prefix) and k != key]
        return f.exceptions, f.alerts, f.query == before, fresh


@pytest.mark.parametrize("path,query,prefix", SECTIONS, ids=[p for p, _, _ in SECTIONS])
@pytest.mark.parametrize("forged", FORGED, ids=[json.dumps(f)[:40] for f in FORGED])
def test_a_forged_edit_of_a_sections_table_gets_a_sentence_not_the_error_box(app_url, path, query, prefix, forged):
    exceptions, alerts, kept, fresh = run_async(_forge_section(app_url, path, query, prefix, forged))
    assert not exceptions, exceptions
    assert any("could not be read" in text and "unchanged" in text for _, text in alerts), alerts
    assert kept and fresh
