"""The text of an uploaded CSV and the text cells of a CSV download: decoding (UTF-8, UTF-16) with a sentence for a
file that is not text, a sentence for a table pandas cannot read, and the OWASP "CSV injection" rule for downloads.
Pure Python + pandas; every problem is a ValueError whose sentence can be shown as it is."""
import csv
import io

import pandas as pd


def decode(data):
    """The file's text: UTF-8 (with or without its byte-order mark) or UTF-16 (with its mark, or plain ASCII text
    saved as UTF-16, as some spreadsheet programs export "Unicode text"); ValueError for a binary file or another
    encoding."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise ValueError("The file starts like UTF-16 text but is not valid UTF-16. Save it as 'CSV UTF-8' and "
                             "upload it again.") from None
    head = data[:4096]
    if b"\x00" in head:
        for encoding, zeros in (("utf-16-le", head[1::2]), ("utf-16-be", head[0::2])):
            if len(zeros) > 1 and not zeros.strip(b"\x00"):   # every other byte zero: ASCII text in UTF-16
                try:
                    return data.decode(encoding)
                except UnicodeDecodeError:
                    break
        raise ValueError("This looks like a binary file (for example an Excel workbook), not a CSV text file. "
                         "Save it as 'CSV UTF-8' and upload that.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("The file is not UTF-8 text. Save it as 'CSV UTF-8' and upload it again.") from None


def why_not_a_table(text, delimiter):
    """A sentence for a file pandas could not read as a table: the first row whose number of values differs from the
    header's, or a quotation mark left open."""
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=delimiter, strict=True))
    except csv.Error:
        return ('The file could not be read as a table: a quotation mark (") is left open. Close it, or remove it, '
                "and upload the file again.")
    rows = [r for r in rows if r]
    width = len(rows[0]) if rows else 0
    for i, row in enumerate(rows[1:], start=2):
        if len(row) > width:
            return (f"The file could not be read as a table: line {i} has {len(row)} values, but the header names "
                    f"only {width} columns. Every row needs one value per column.")
    return ("The file could not be read as a table: its rows do not all have one value per column of the header. "
            "Save it again as 'CSV UTF-8' and upload that.")


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")   # what a spreadsheet may run as a formula (OWASP CSV injection)


def neutralised_cell(value):
    """A table cell as a CSV download may hold it: text that starts like a formula (= + - @, a tab or a carriage
    return) gets a leading ' so a spreadsheet shows it as text; numbers, and text that is a number ('-1.5'), stay as
    they are."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    try:
        float(value)
    except ValueError:
        return "'" + value
    return value


def neutralised(frame):
    """A copy of `frame` whose text cells and column names are neutralised (neutralised_cell): a table's CSV download
    writes its column names as the first row, so a name from an uploaded file is a cell like any other. Columns of
    numbers are unchanged; a name that would meet another once neutralised ('=a' beside "'=a") gets its column's
    number after it, so the names stay apart."""
    out = frame.copy()
    for c in out.columns:
        if not pd.api.types.is_numeric_dtype(out[c]):
            out[c] = out[c].map(neutralised_cell)
    names = [neutralised_cell(c) for c in out.columns]
    out.columns = [n if n == c or names.count(n) == 1 else f"{n} ({i + 1})"
                   for i, (n, c) in enumerate(zip(names, frame.columns))]
    return out
