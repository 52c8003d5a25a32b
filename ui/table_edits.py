"""A table a student edits in st.data_editor (kernel ridge's own points, the RKHS centres): its change record
({edited_rows, added_rows, deleted_rows}) folded into the stored table, or refused with a sentence. The browser sends
only edits of the table it shows; anything else (text where a number belongs, a row or a column the table does not
have, more rows than the section draws) comes from a hand-built message and leaves the table as it was."""
import numpy as np
import pandas as pd

from .points_io import finite_number

UNREADABLE = (ValueError, TypeError, KeyError, IndexError, AttributeError)   # a record that is no edit of the table


def cell(value):
    """A table cell from the editor's change record: a number (an infinity kept, for the section's check to name),
    NaN for a cell emptied; ValueError for anything else (text, a list, a bool, an integer beyond float range)."""
    if value is None:
        return np.nan
    if type(value) is float and np.isinf(value):
        return value
    number = finite_number(value)
    if number is None:
        raise ValueError(f"not a number: {type(value).__name__}")
    return number


def _row(df, index):
    i = int(index)
    if not 0 <= i < len(df):
        raise IndexError(f"row {i} of {len(df)}")
    return df.index[i]


def apply_edits(df, edits):
    """The table `df` with the change record applied, as floats; one of UNREADABLE for a record that is not one of
    `df`'s edits."""
    df = df.copy()
    columns = list(df.columns)
    for row, change in edits.get("edited_rows", {}).items():
        at = _row(df, row)
        for col, value in change.items():
            if col not in columns:
                raise KeyError(col)
            df.loc[at, col] = cell(value)
    df = df.drop([_row(df, i) for i in edits.get("deleted_rows", [])])
    added = []
    for row in edits.get("added_rows", []):
        if not set(row) <= set(columns):
            raise KeyError(sorted(map(str, set(row) - set(columns))))
        added.append({c: cell(row.get(c)) for c in columns})
    return pd.concat([df, pd.DataFrame(added, columns=columns, dtype=float)], ignore_index=True).astype(float)


def fold_edits(df, edits, max_rows, check, unreadable, what):
    """(the edited table, None), or (None, a sentence) when the record would give more than `max_rows` rows of
    `what` (read before anything is applied), is no edit of the table (`unreadable`), or leaves a table that `check`
    (table -> None or a sentence) refuses."""
    added = edits.get("added_rows", []) if isinstance(edits, dict) else []
    if isinstance(added, list) and len(df) + len(added) > max_rows:
        return None, f"The table would have {len(df) + len(added)} rows; at most {max_rows} {what} are accepted."
    try:
        table = apply_edits(df, edits)
    except UNREADABLE:
        return None, unreadable
    problem = check(table)
    return (None, problem) if problem else (table, None)
