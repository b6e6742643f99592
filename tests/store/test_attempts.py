"""Live rooms' attempts say what the students played and saw: no lesson the room's deck ignored, the focus
word as solo play finds it, a crossed-out Boggle word at 0 points, a too-late call not counted as wrong."""

from __future__ import annotations

import pytest

from myword_edu.classroom.export import attempts_csv, read_csv, summary_csv
from myword_edu.classroom.progress import accuracy_series
from myword_edu.core.focus import focus_target
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.lessons import parse_lesson
from myword_edu.boggle.rules import BoggleRules
from myword_edu.rooms.live import TeacherRoom
from myword_edu.rooms.seat import StudentSeat
from tests.store_clock import StoreClock

WORDS = ["cat", "act", "cats", "scat", "tas", "sat", "at", "as"]


@pytest.fixture
def lex():
    return {"en": Lexicon.from_words(WORDS, blocked=[])}


def _myword_room(store, lex, lesson=None):
    room = TeacherRoom.create(store, lang="en", lexicons=lex, deck="C A T S", lesson=lesson)
    ana, ben = store.add_student("Ana"), store.add_student("Ben")
    a = StudentSeat.join(store, room.code, ana.id, lexicons=lex)
    b = StudentSeat.join(store, room.code, ben.id, lexicons=lex)
    room.start_round()
    for _ in range(3):
        room.deal()
    return room, a, b


def _column(rows, name):
    return [r[rows[0].index(name)] for r in rows[1:]]


def test_a_room_whose_deck_ignores_lessons_stores_no_lesson(store, lex):
    """The class has a lesson, but the room was opened without one (it deals its own deck): no lesson was played."""
    store.update_class(lesson="en-3-digraphs")
    room, a, _b = _myword_room(store, lex)
    assert a.claim("cat").accepted
    (row,) = store.attempts()
    assert (row.word, row.lesson, row.focus_word) == ("cat", None, None)
    rows = read_csv(attempts_csv(store))
    assert _column(rows, "lesson") == [""]


def test_a_room_that_plays_a_lesson_finds_its_focus_words_as_solo_play_does(store, lex):
    lesson = parse_lesson('title = "Cats"\nlanguage = "en"\nfocus = ["cat", "scat"]\n', "cats",
                          lexicons=lambda _lang: lex["en"])  # fmt: skip
    room, a, b = _myword_room(store, lex)
    a.played_lesson = b.played_lesson = lesson  # what a room dealt from a lesson will say
    b.claim("cta")  # not a word, one slip from CAT
    a.claim("cat")
    rows = store.attempts()
    assert [(r.student, r.word, r.lesson, r.focus_word) for r in rows] == [
        ("Ben", "cta", "cats", "cat"), ("Ana", "cat", "cats", "cat")]  # fmt: skip
    assert [r.focus_word for r in rows] == [focus_target(r.folded, lesson.focus, is_word=r.accepted) for r in rows]


def test_a_too_late_call_is_its_own_outcome_and_not_a_wrong_answer(store, lex):
    room, a, b = _myword_room(store, lex)
    seen = b.sync().version
    assert a.claim("cat").accepted
    assert b.claim("act", seen=seen).reason.value == "too_late"  # the page said: too late, no penalty
    ben = next(p for p in store.progress() if p.name == "Ben")
    assert (ben.attempts, ben.accepted, ben.accepted_pct) == (0, 0, None)  # no try, so no wrong one
    ana = next(p for p in store.progress() if p.name == "Ana")
    assert (ana.attempts, ana.accepted_pct) == (1, 100.0)
    _, points = accuracy_series(store.attempts())
    assert [(p.attempts, p.accepted) for p in points] == [(1, 1)]
    rows = read_csv(attempts_csv(store))
    assert list(zip(_column(rows, "student"), _column(rows, "word typed"), _column(rows, "accepted"))) == [
        ("Ana", "cat", "yes"), ("Ben", "act", "too late")]  # fmt: skip
    summary = read_csv(summary_csv(store))
    assert [(r[0], r[3], r[5]) for r in summary[1 : summary.index([])]] == [("Ana", "1", "100.0"), ("Ben", "0", "")]


def test_a_boggle_word_two_students_found_is_exported_with_the_0_points_they_saw(store, lex):
    clock = StoreClock()
    store.now = clock
    room = TeacherRoom.create(store, game="boggle", boggle=BoggleRules(dice="new", seconds=60), lexicons=lex,
                              board="C A / T S")  # fmt: skip
    seats = [StudentSeat.join(store, room.code, store.add_student(n).id, lexicons=lex) for n in ("Ana", "Ben", "Cy")]
    room.start_round()
    ana, ben, cy = seats
    for seat in seats:
        seat.sync()
    assert ana.write("cats").points == 1 and ben.write("scat").points == 1 and cy.write("cat").points == 1
    clock.advance(1)
    assert ben.write("cats").accepted  # CATS is now on two lists: crossed out for both
    clock.advance(61)  # the clock runs out: no event, the lists are what the pages show
    shown = ana.sync().result.words
    seen = {(name, w.word): w.points for name, words in shown.items() for w in words}
    assert seen == {("Ana", "cats"): 0, ("Ben", "scat"): 1, ("Ben", "cats"): 0, ("Cy", "cat"): 1}
    rows = read_csv(attempts_csv(store))
    exported = {(s, w.lower()): int(p) for s, w, p in zip(_column(rows, "student"), _column(rows, "word typed"),
                                                         _column(rows, "points"))}  # fmt: skip
    assert exported == seen
