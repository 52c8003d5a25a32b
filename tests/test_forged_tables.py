"""Forged table edits (issue 34: a table's edits validated and capped): the sidebar's "Table / CSV" dialog is opened in
a real served app and its points table is sent change records no browser sends (a row or column the table does not
have, rows that are not rows). Streamlit's st.data_editor applies a widget's change record itself and raises on these
(IndexError, KeyError, AttributeError) before the app sees the value; the app answers with a sentence and a fresh
table, never the error box, and the points stay as they were."""
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
