"""Degenerate data, by link, on every section of pages.TOPICS (generated from the table, so a new section is covered):
1 000 identical points of both classes, 1 000 points within 1e-8 of one place, 2 000 identical points of one class
(the kernel ridge topic's own points likewise). Every section says what is wrong with the data in a sentence, never
Streamlit's error box; and every table a section shows (whose toolbar offers a CSV download) holds no text cell that a
spreadsheet would run as a formula."""
import pytest

from pages import sections, url_path
from tests.app_pages import open_page, page_errors
from ui.csv_text import FORMULA_STARTS


def _pts(points):
    return "*|" + "".join(points)


def _ridge(pairs):
    return ";".join(f"{x!r},{y!r}" for x, y in pairs)


LINKS = {
    "1000 identical": {"pts": _pts(".5_.5p.5_.5n" for _ in range(500)),
                       "kernel_ridge_source": "My own points", "kernel_ridge_pts": _ridge([(0.5, 1.0)] * 1000)},
    "1000 within 1e-8": {"pts": _pts(f"{0.5 + i * 1e-11!r}_{0.5 - i * 1e-11!r}{'pn'[i % 2]}".replace("0.", ".", 1)
                                     .replace("_0.", "_.") for i in range(1000)),
                         "kernel_ridge_source": "My own points",
                         "kernel_ridge_pts": _ridge([(0.5 + i * 1e-11, 1.0 + (i % 2) * 1e-11) for i in range(1000)])},
    "2000 identical, one class": {"pts": _pts(".5_.5p" for _ in range(2000)),
                                  "kernel_ridge_source": "My own points",
                                  "kernel_ridge_pts": _ridge([(0.5, 1.0)] * 2000)},
}
SECTIONS = [(s.module, url_path(t, s)) for t, s in sections()]


def formula_cells(at):
    """Text cells of the page's tables that start like a spreadsheet formula."""
    out = []
    for frame in at.dataframe:
        table = frame.value
        cells = [*map(str, table.columns), *(v for col in table.columns for v in table[col].tolist())]
        out += [c for c in cells if isinstance(c, str) and c.startswith(FORMULA_STARTS) and not _is_number(c)]
    return out


def _is_number(text):
    try:
        float(text)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("kind", list(LINKS))
@pytest.mark.parametrize("module,path", SECTIONS, ids=[p for _, p in SECTIONS])
def test_degenerate_data_gets_a_sentence_never_the_error_box(module, path, kind):
    at = open_page(module, timeout=240, query=LINKS[kind])
    assert not page_errors(at), f"/{path} with {kind}: {page_errors(at)}"
    assert not formula_cells(at), f"/{path}: {formula_cells(at)}"


def test_a_three_point_laplacian_eigenmap_says_what_it_needs():
    at = open_page("pages/kernel_pca/laplacian.py", query={"pts": "*|.5_.5p-1_.25n1_-1p"})
    assert not page_errors(at)
    said = " ".join(str(w.value) for w in at.warning)
    assert "needs at least 4 points" in said and "n_components" not in said
