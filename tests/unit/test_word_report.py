"""The class word report and the spaced-review order: both read from the attempts, nothing else."""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from myword_edu.classroom.attempts import Attempt, Outcome
from myword_edu.classroom.export import read_csv, to_csv, word_report_rows
from myword_edu.classroom.progress import class_word_report, review_order
from myword_edu.core.text import fold

T0 = datetime(2026, 3, 2, 9, 0)
WORDS = ["ship", "chin", "camión"]
TYPED = ["ship", "sihp", "chin", "chn", "camión", "camion", "camon", "cat"]


def attempt(n: int, student: int, typed: str, outcome: Outcome, focus: str | None, lesson: str | None = "l") -> Attempt:
    reason = {Outcome.ACCEPTED: None, Outcome.REFUSED: "not_a_word", Outcome.TOO_LATE: "too_late"}[outcome]
    return Attempt(student, f"g{student}", 1, typed, fold(typed), typed, "", 0, outcome, reason, 0, 0, 3, "en",
                   lesson, focus, at=T0 + timedelta(seconds=n), id=n + 1, student=f"S{student}")  # fmt: skip


rows_strategy = st.lists(
    st.tuples(st.integers(1, 4), st.sampled_from(TYPED), st.sampled_from(list(Outcome)),
              st.sampled_from([*WORDS, None]), st.sampled_from(["l", "m"])),  # fmt: skip
    max_size=60,
)


@settings(max_examples=200, deadline=None)
@given(rows_strategy, st.sets(st.integers(1, 4)))
def test_the_word_report_equals_the_attempts(rows, roster):
    attempts = [attempt(i, *row) for i, row in enumerate(rows)]
    names = {s: f"Student {s}" for s in roster}
    report = class_word_report(attempts, names)
    counted = [a for a in attempts if a.outcome is not Outcome.TOO_LATE and a.focus_word and a.student_id in roster]
    # every (word, student) cell is exactly that student's tries at that word; too-late calls are no tries
    cells = {(r.word, c.student_id): c for r in report for c in r.students}
    assert set(cells) == {(a.focus_word, a.student_id) for a in counted}
    for (word, student), cell in cells.items():
        mine = [a for a in counted if a.focus_word == word and a.student_id == student]
        assert cell.tries == len(mine) and cell.name == names[student]
        assert cell.right == sum(a.folded == fold(word) for a in mine)
        assert cell.recent == tuple(a.accepted for a in mine)[-5:]
    for row in report:  # the class's figures add up its students'
        assert row.tries == sum(c.tries for c in row.students) == sum(a.focus_word == row.word for a in counted)
        assert row.right == sum(c.right for c in row.students)
    ranks = [(-r.miss_rate, -r.tries) for r in report]
    assert ranks == sorted(ranks)  # the words the class misses most first
    # the exported table has a row per cell, with the same numbers
    exported = read_csv(to_csv(word_report_rows(report)))[1:]
    assert sorted((r[0], r[4], int(r[5]), int(r[6])) for r in exported) == sorted(
        (w, names[s], c.tries, c.right) for (w, s), c in cells.items())  # fmt: skip


def test_the_most_missed_word_is_at_the_top_and_ties_go_to_more_tries():
    rows = [(1, "ship", Outcome.ACCEPTED, "ship"), (2, "sihp", Outcome.REFUSED, "ship"),
            (1, "chn", Outcome.REFUSED, "chin"), (2, "chin", Outcome.ACCEPTED, "chin"), (2, "chin", Outcome.TOO_LATE, "chin"),
            (1, "camon", Outcome.REFUSED, "camión"), (2, "camión", Outcome.ACCEPTED, "camión"),
            (1, "camion", Outcome.ACCEPTED, "camión"), (2, "camon", Outcome.REFUSED, "camión")]  # fmt: skip
    report = class_word_report([attempt(i, *r) for i, r in enumerate(rows)], {1: "Ana", 2: "Ben"})
    assert [(r.word, r.tries, r.misses) for r in report] == [("camión", 4, 2), ("chin", 2, 1), ("ship", 2, 1)]


def test_a_missed_word_is_reviewed_first_and_a_word_right_twice_in_a_row_not_at_all():
    rows = [(1, "chin", Outcome.ACCEPTED, "chin"), (1, "sihp", Outcome.REFUSED, "ship"),
            (1, "chin", Outcome.ACCEPTED, "chin"), (2, "that", Outcome.REFUSED, "that")]  # fmt: skip
    attempts = [attempt(i, *r) for i, r in enumerate(rows)]
    assert review_order(attempts, 1, "l", ["chin", "that", "ship", "fish"]) == ["ship", "that", "fish"]
    late = attempts + [attempt(9, 1, "ship", Outcome.TOO_LATE, "ship")]  # a too-late call is no try: still missed
    assert review_order(late, 1, "l", ["chin", "ship"]) == ["ship"]
    again = attempts + [attempt(9 + i, 1, "ship", Outcome.ACCEPTED, "ship") for i in range(2)]
    assert review_order(again, 1, "l", ["chin", "ship"]) == []
    assert review_order(attempts, 1, "other lesson", ["chin", "ship"]) == ["chin", "ship"]  # only this lesson's tries
