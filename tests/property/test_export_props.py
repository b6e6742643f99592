"""Any name survives the export: read back from the CSV it is the name (with a leading apostrophe if it could be a
formula); read back from the workbook it is the name exactly, as text, and numbers and times keep their type."""

from __future__ import annotations

from datetime import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from myword_edu.classroom.export import DANGEROUS_STARTS, read_csv, to_csv, to_xlsx
from tests.workbook import formula_count, read_xlsx

cells = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=40)


@settings(max_examples=200, deadline=None)
@given(rows=st.lists(st.lists(cells, min_size=1, max_size=4), min_size=1, max_size=6))
def test_round_trip(rows):
    back = read_csv(to_csv(rows))
    width = [len(r) for r in rows]
    assert [len(r) for r in back] == width
    for original, read in zip(rows, back):
        for cell, got in zip(original, read):
            if cell.startswith(DANGEROUS_STARTS):
                assert got == "'" + cell
            else:
                assert got == cell


@given(st.sampled_from(DANGEROUS_STARTS), cells)
def test_no_cell_starts_a_formula(start, rest):
    (row,) = read_csv(to_csv([[start + rest]]))
    assert not row[0].startswith(DANGEROUS_STARTS)


workbook_cells = st.one_of(
    cells,
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-1e9, max_value=1e9).map(lambda x: round(x, 3)),
    st.datetimes(min_value=datetime(1901, 1, 1), max_value=datetime(2999, 12, 31)).map(lambda d: d.replace(microsecond=0)),
)


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.lists(workbook_cells, min_size=1, max_size=4), min_size=1, max_size=6))
def test_workbook_round_trip_keeps_text_numbers_and_times(rows):
    """Read back (by openpyxl), every cell is what was written, with its type; no cell is ever a formula."""
    data = to_xlsx([("Sheet", rows)])
    assert formula_count(data) == 0
    (back,) = read_xlsx(data).values()
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            got = back[r][c] if r < len(back) and c < len(back[r]) else None  # (empty rows and columns are not stored)
            if cell == "":
                assert got is None
            elif isinstance(cell, str):
                assert got == _xml_safe(cell)
            else:
                assert got == cell and type(got) in (type(cell), int, float)


def _xml_safe(text: str) -> str:
    """What survives of a string in any .xlsx: XML has no way to hold U+FFFE or U+FFFF."""
    return text.replace("\ufffe", "\ufffd").replace("\uffff", "\ufffd")
