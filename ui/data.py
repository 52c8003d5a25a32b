"""The app's one 2-D classification data set: a preset chosen once in the sidebar, edited by the
student (clicks, table, CSV), used by every page."""
import pandas as pd
import streamlit as st

from kernel_core import CLASSIFICATION_DATASETS

from . import points
from .csv_text import neutralised
from .points_io import MAX_BYTES, MAX_ROWS, as_text, class_note, file_size, guess_label, label_classes, read_csv, to_csv, to_points
from .points_link import MAX_CLASS_NAME, MAX_URL_POINTS, encode_classes, single_precision
from .ranges import DATA, DEFAULT_DATASET, PLANE


def dataset_sidebar():
    """Sidebar: the preset (shared by every page) and the student's own points."""
    sb = st.sidebar
    sb.markdown("### Data set")
    names = list(CLASSIFICATION_DATASETS)
    sb.selectbox("Preset", names, index=names.index(DEFAULT_DATASET), key="data_preset",
                 format_func=str.capitalize, bind="query-params",
                 help="2-D two-class data used by every page that classifies or draws a Gram matrix.")
    lo, hi, default, step = DATA["n_samples"]
    sb.slider("Points", lo, hi, default, step, key="data_n", bind="query-params")
    lo, hi, default, step = DATA["noise"]
    sb.slider("Noise", lo, hi, default, step, key="data_noise", bind="query-params")
    lo, hi, default, step = DATA["seed"]
    sb.number_input("Random seed", lo, hi, default, step, key="data_seed", bind="query-params")
    s = points.state()
    sb.caption(f"In use: {points.describe(s)}")
    if s.set_aside:   # a change of preset replaced the student's own points: say so, and how to get them back
        sb.warning(f"The new preset replaced your own {s.set_aside} point{'s' if s.set_aside != 1 else ''}.",
                   icon="↩️")
        sb.button("↩ Bring my points back", key="data_undo_preset", on_click=points.undo, width="stretch")
    if s.note or s.classes:      # the class names stay on screen after the student adds or removes a point
        sb.info(as_text(s.note or class_note(*s.classes)))
    if points.link_text(s) is None:
        sb.caption(f"Your edits (more than {MAX_URL_POINTS} points changed) do not fit in a link: "
                   "share the CSV instead.")
    elif s.classes and encode_classes(s.classes) is None:
        sb.caption(f"The link carries your points but not the class names (a name in a link has at most "
                   f"{MAX_CLASS_NAME} letters, digits, spaces and - . + ' /).")
    c1, c2 = sb.columns(2)
    if c1.button("✏️ Table / CSV", key="data_edit", width="stretch",
                 help="Edit the points as a table, upload a CSV, download them"):
        edit_dialog()
    c2.button("↩ Undo", key="data_undo", on_click=points.undo, disabled=not s.undo, width="stretch")


def current_dataset():
    """X (n, 2), y in {-1, +1} and a one-line description of the data in use."""
    s = points.state()
    return s.X, s.y, points.describe(s)


@st.dialog("Your data: table and CSV", width="large")
def edit_dialog():
    s = points.state()
    tab_table, tab_upload, tab_download = st.tabs(["Edit as a table", "Upload a CSV", "Download"])
    with tab_table:
        frame = pd.DataFrame({"x1": s.X[:, 0], "x2": s.X[:, 1], "label": s.y})
        edited, key = _table_editor(frame)
        if st.button("Use this table", key="data_table_apply", type="primary"):
            _apply(lambda: table_points(edited, len(frame), st.session_state.get(key)))
    with tab_upload:
        cap = st.get_option("server.maxUploadSize")
        st.caption(f"A CSV with two numeric feature columns and a label column with two values; at most "
                   f"{MAX_ROWS} rows (or a random subsample) and {file_size(MAX_BYTES)}. A file over {cap} MB is "
                   "refused by the uploader before the app sees it: it is listed with a red mark and never read.")
        upload = st.file_uploader("CSV file", type=["csv", "txt"], key="data_upload")
        if upload is not None:
            _upload_form(upload.getvalue())
    with tab_download:
        st.download_button("Download the points as CSV", to_csv(s.X, s.y), "kernelscope-points.csv",
                           "text/csv", key="data_download")


TABLE_VERSION = "data_table_version"   # a new key for the points table, a fresh editor, after a refused edit


def _table_editor(frame):
    """The points table's editor: (the edited frame, the editor's key). st.data_editor applies the browser's change
    record itself, before the app sees it, and raises on one that names a row or column the table does not have or
    holds rows that are not rows (IndexError, KeyError, AttributeError: only a hand-built message sends those). Such
    an edit is refused with a sentence and a fresh editor on the same points, not Streamlit's error box."""
    def editor():
        key = f"data_table_{st.session_state.get(TABLE_VERSION, 0)}"
        return st.data_editor(frame, num_rows="dynamic", key=key, height=320, width="stretch",
                              column_config={"label": st.column_config.SelectboxColumn("label", options=[-1, 1],
                                                                                       required=True)}), key

    try:
        return editor()
    except (IndexError, KeyError, AttributeError, TypeError):
        st.session_state[TABLE_VERSION] = st.session_state.get(TABLE_VERSION, 0) + 1
        st.warning("The table's edit could not be read as rows of this table (x1, x2, label). Your points are "
                   "unchanged.")
        return editor()


def _upload_form(data):
    try:
        table = read_csv(data)
    except ValueError as err:
        st.error(f"{as_text(err)} Your current points are unchanged.")
        return
    cols = list(table.frame.columns)
    if len(cols) < 3:
        st.error(f"The file has {len(cols)} columns; it needs two feature columns and a label column. "
                 "Your current points are unchanged.")
        return
    # The preview's own toolbar offers it as a CSV download: text cells and column names that a spreadsheet would run
    # as a formula are shown (and downloaded) with a leading ' (ui.csv_text.neutralised); the choices below keep the
    # file's own names.
    st.dataframe(neutralised(table.frame.head(5)), width="stretch")
    features = table.numeric + [c for c in cols if c not in table.numeric]   # columns of numbers first
    c1, c2, c3 = st.columns(3)
    x1 = c1.selectbox("Feature x₁", features, index=0, key="data_col_x1")
    x2 = c2.selectbox("Feature x₂", features, index=1, key="data_col_x2")
    guess = guess_label(cols)
    label = c3.selectbox("Label", cols, index=cols.index(guess), key="data_col_label")
    classes = label_classes(table.frame, label)
    chosen = None
    if len(classes) > 2:
        chosen = st.multiselect("The label has more than two classes: choose two", classes, default=classes[:2],
                                max_selections=2, key="data_classes")
    scale = st.checkbox("Standardise x₁ and x₂ (mean 0, standard deviation 1) — recommended: the plots show −3…3 "
                        "and the kernel widths assume data of unit scale", value=True, key="data_standardise")
    subsample = len(table.frame) > MAX_ROWS and st.checkbox(
        f"Random subsample of {MAX_ROWS} rows (the file has {len(table.frame)})", key="data_subsample")
    if st.button("Use these points", key="data_upload_apply", type="primary"):
        _apply(lambda: file_points(table.frame, x1, x2, label, chosen, subsample, scale))


def file_points(frame, x1, x2, label, chosen=None, subsample=False, standardise=True):
    """The points of a CSV as the app uses them and its link carries them: X, y, the note and the two class names.
    Standardised coordinates are rounded to single precision (7 digits, ui.points_link.single_precision): the link
    then reads back exactly these numbers in about half the characters."""
    X, y, note, names = to_points(frame, x1, x2, label, chosen, subsample_seed=0 if subsample else None,
                                  standardise=standardise, names=True)
    return (single_precision(X) if standardise else X), y, note, names


def table_points(edited, rows_before, changes=None):
    """The edited table's points (X, y, note, no class names). A row left empty is left out and said so (as is a row
    the editor itself dropped: one added and never filled in; `changes`: the editor's record of added and deleted
    rows); a row with some cells filled but not all is an error naming it (ui.points_io.to_points)."""
    changes = changes or {}
    expected = rows_before - len(changes.get("deleted_rows", ())) + len(changes.get("added_rows", ()))
    empty = edited[["x1", "x2", "label"]].isna().all(axis=1)
    kept = edited[~empty]
    numbers = pd.to_numeric(kept["label"], errors="coerce")
    if numbers.notna().all():   # −1 / 1 (a float column once a cell was empty): the classes are named "-1" and "1"
        kept = kept.assign(label=numbers.astype(int))
    X, y, note = to_points(kept.astype({"label": str}), "x1", "x2", "label")
    dropped = int(empty.sum()) + max(expected - len(edited), 0)
    if dropped:
        note = f"{dropped} empty row{'s were' if dropped != 1 else ' was'} left out. " + note
    return X, y, note, None


def outside_note(X):
    """A sentence when some points lie outside the plotted window (the maps show PLANE on both axes), else ""."""
    lo, hi = PLANE
    outside = int((~((X >= lo) & (X <= hi)).all(axis=1)).sum()) if len(X) else 0
    if not outside:
        return ""
    return (f"{outside} point{'s lie' if outside != 1 else ' lies'} outside the plotted window ({lo:g} … {hi:g} on "
            "both axes): not drawn, but used by every model. ").replace("-", "−")


def _apply(make):
    try:
        X, y, note, names = make()
    except ValueError as err:
        st.error(f"{as_text(err)} Your current points are unchanged.")
        return
    points.replace(X, y, outside_note(X) + note, names)
    st.rerun()
