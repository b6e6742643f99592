"""A student's figures come from the same tries: a focus word is never shown mastered ("THEN 100%") by a
student none of whose tries at it was accepted."""

from __future__ import annotations

import pytest

from myword_edu.classroom.export import read_csv, summary_csv
from myword_edu.classroom.progress import focus_progress
from myword_edu.classroom.store import Store
from myword_edu.core.resources import data_dir
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.myword.spelling import best_spelling
from myword_edu.ui.whoami import StudentPage


@pytest.fixture
def store(tmp_path):
    return Store.open(f"sqlite:///{tmp_path / 's.sqlite3'}", fresh=True)


def test_a_focus_word_refused_every_time_is_not_shown_mastered(store, lexicons, clock):
    ana = store.add_student("Ana")
    store.update_class(lesson="en-3-digraphs")
    page = StudentPage("", store=store, lexicons=lexicons, now=clock, lessons=LessonLibrary([data_dir("lessons")]))
    page.pick(ana.id)
    s = page.app.session
    s.start()
    assert best_spelling("then", s.round.table) is None  # the round has just begun: THEN is not on the table
    assert s.submit("then").key == "reason.cards_not_on_table"  # what Ana saw: refused, though spelled right
    (progress,) = store.progress()
    assert (progress.attempts, progress.accepted_pct) == (1, 0.0)
    (then,) = focus_progress(store.attempts())
    assert (then.word, then.attempts, then.spelled_right, then.accepted) == ("then", 1, 1, 0)
    assert then.competence == 0.0  # not 100%: the word was never made
    summary = read_csv(summary_csv(store))
    gap = summary.index([])  # the class word report follows the summary, after an empty row
    assert [(r[2], r[5], r[7]) for r in summary[1:gap]] == [("(all words)", "0.0", ""), ("then", "0.0", "0.0")]
    assert summary[gap + 2 :] == [["then", "1", "1", "0.0", "Ana", "1", "1", "0.0"]]  # spelled right, never made
