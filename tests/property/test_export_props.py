"""Any name survives the CSV export: read back, it is the name (with a leading apostrophe if it could be a formula)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from myword_edu.export import DANGEROUS_STARTS, read_csv, to_csv

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
