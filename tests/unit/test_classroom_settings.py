"""Effective settings: class < lesson < student < room (or a guest's link), and the conflicts found."""

from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from myword_edu.classroom.boggle_store import BoggleRules
from myword_edu.classroom.roster import Student, StudentSettings
from myword_edu.classroom.settings import (
    BoggleRoom,
    LessonLanguageConflict,
    LessonUnavailable,
    MinCardsConflict,
    MinLengthConflict,
    MyWordChoices,
    focus_cards,
    resolve_boggle,
    resolve_myword,
)
from myword_edu.core.resources import data_dir
from myword_edu.i18n.classroom import text
from myword_edu.myword.lesson_library import LessonLibrary

LIBRARY = LessonLibrary([data_dir("lessons")])
LESSONS = {lesson.id: lesson for lesson in LIBRARY.lessons()}
SHORT_A = LESSONS["en-1-short-a"]  # cat, hat, map...: 3 cards each, pace 6, 2 rounds


def student(min_cards=3, lang="en", lesson=None, **settings) -> Student:
    return Student(1, "Ana", StudentSettings(min_cards=min_cards, lang=lang, **settings), lesson)


def test_a_minimum_above_the_focus_words_is_lowered_for_the_lesson_and_reported():
    play = resolve_myword(StudentSettings(), student(min_cards=5), class_lesson=SHORT_A.id, lessons=LESSONS.get)
    assert play.lesson is SHORT_A and play.min_cards == 3
    assert play.conflicts == (MinCardsConflict(SHORT_A.id, SHORT_A.title, "cat", 3, 5),)
    assert (play.pace, play.rounds, play.bots) == (6.0, 2, 1)  # the lesson's deal


def test_a_minimum_the_focus_words_reach_is_the_students_own():
    for minimum in (2, 3):  # lower than the lesson's own min_cards too: the student's wins
        play = resolve_myword(StudentSettings(), student(min_cards=minimum), class_lesson=SHORT_A.id, lessons=LESSONS.get)
        assert play.min_cards == minimum and play.conflicts == ()


def test_the_students_language_wins_over_the_lessons():
    play = resolve_myword(StudentSettings(), student(lang="es", min_cards=5), class_lesson=SHORT_A.id, lessons=LESSONS.get)
    assert play.lang == "es" and play.lesson is None and play.lesson_id is None
    assert play.conflicts == (LessonLanguageConflict(SHORT_A.id, SHORT_A.title, "en", "es"),)
    assert play.min_cards == 5 and (play.pace, play.rounds) == (3.0, None)  # free play: nothing of the lesson


def test_a_students_own_lesson_beats_the_class_lesson():
    ana = student(lang="es", lesson="es-4-enye")
    play = resolve_myword(StudentSettings(), ana, class_lesson=SHORT_A.id, lessons=LESSONS.get)
    assert play.lesson_id == "es-4-enye" and play.lang == "es" and play.conflicts == ()


def test_a_lesson_that_cannot_be_read_is_not_played_and_said():
    play = resolve_myword(StudentSettings(), student(), class_lesson="broken", lessons=LESSONS.get)
    assert play.lesson is None and play.conflicts == (LessonUnavailable("broken"),)
    assert resolve_myword(StudentSettings(), student()).conflicts == ()


def test_the_students_settings_beat_the_class_defaults():
    defaults = StudentSettings(min_cards=4, lang="es", variant="ages7", bot_level="hard")
    play = resolve_myword(defaults, student(min_cards=2, bot_level="medium"))
    assert (play.lang, play.min_cards, play.variant, play.bot_level) == ("en", 2, "standard", "medium")


def test_a_guest_link_plays_its_lesson_never_the_class_one():
    play = resolve_myword(class_lesson=SHORT_A.id, lessons=LESSONS.get)
    assert play.lesson is None and play.conflicts == ()
    play = resolve_myword(link=MyWordChoices(lesson="es-4-enye"), lessons=LESSONS.get)
    assert play.lang == "es" and play.lesson_id == "es-4-enye" and play.conflicts == ()  # no lang: the lesson's
    lesson = LESSONS["es-4-enye"]
    assert (play.min_cards, play.pace, play.rounds, play.bots) == (lesson.min_cards, lesson.pace, lesson.rounds, lesson.bots)


def test_a_guest_links_own_choices_beat_the_lesson():
    link = MyWordChoices(lesson=SHORT_A.id, pace=1.5, bots=0, min_cards=6)
    play = resolve_myword(link=link, lessons=LESSONS.get)
    assert (play.pace, play.bots, play.rounds, play.min_cards) == (1.5, 0, 2, 3)
    assert [type(c) for c in play.conflicts] == [MinCardsConflict]
    play = resolve_myword(link=MyWordChoices(lang="es", lesson=SHORT_A.id), lessons=LESSONS.get)
    assert play.lang == "es" and play.lesson is None
    assert play.conflicts == (LessonLanguageConflict(SHORT_A.id, SHORT_A.title, "en", "es"),)


def test_a_room_deals_its_own_deck_and_keeps_the_students_minimum():
    play = resolve_myword(StudentSettings(), student(min_cards=5, lesson=SHORT_A.id), class_lesson=SHORT_A.id,
                          lessons=LESSONS.get, in_room=True)  # fmt: skip
    assert play.lesson is None and play.min_cards == 5 and play.conflicts == ()
    play = resolve_myword(StudentSettings(), student(min_cards=5), in_room=True, room_lesson=SHORT_A)
    assert play.lesson is SHORT_A and play.min_cards == 3  # a room that plays a lesson: the same rule


def test_boggle_takes_the_students_rules_else_the_class():
    play = resolve_boggle(BoggleRules(seconds=120, min_length=4), None, student())
    assert (play.dice, play.seconds, play.min_length, play.least, play.size) == ("new", 120, 4, 4, 4)
    play = resolve_boggle(BoggleRules(seconds=120), BoggleRules(size=5, dice="big"), student(bot_level="hard"))
    assert (play.dice, play.seconds, play.min_length, play.least, play.bot_level) == ("big", 180, None, 4, "hard")


def test_a_boggle_room_sets_the_game_and_a_students_own_minimum_holds():
    room = BoggleRoom("es", 60, 5)
    play = resolve_boggle(BoggleRules(min_length=3), None, student(), room=room)
    assert (play.lang, play.seconds, play.min_length, play.least) == ("es", 60, None, 5)  # None: the room's
    play = resolve_boggle(BoggleRules(), BoggleRules(min_length=6), student(), room=room)
    assert (play.min_length, play.least) == (6, 6)


def test_a_boggle_minimum_longer_than_a_focus_word_is_lowered_and_reported():
    play = resolve_boggle(BoggleRules(min_length=5), None, student(), lesson=SHORT_A)
    assert play.min_length == 3 and play.lesson is SHORT_A
    assert play.conflicts == (MinLengthConflict(SHORT_A.id, SHORT_A.title, "cat", 3, 5, 3),)
    play = resolve_boggle(BoggleRules(dice="es"), None, student(), lesson=SHORT_A)  # Spanish dice, English lesson
    assert play.lesson is None and play.conflicts == (LessonLanguageConflict(SHORT_A.id, SHORT_A.title, "en", "es"),)


def test_every_conflict_has_a_message_in_both_languages():
    conflicts = [LessonUnavailable("x"), LessonLanguageConflict("x", "X", "en", "es"),
                 MinCardsConflict("x", "X", "cat", 3, 5), MinLengthConflict("x", "X", "cat", 3, 5, 3)]  # fmt: skip
    for conflict in conflicts:
        assert str(conflict)
        given = {k.replace("lang", "language"): "x" for k in conflict.values()}
        for lang in ("en", "es"):  # every placeholder of the text is given (a missing one raises KeyError)
            assert "Ana" in text(lang, f"conflict.{conflict.code}", name="Ana", **given)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(LESSONS)), st.integers(2, 6), st.sampled_from(["en", "es"]), st.booleans())
def test_the_lesson_words_can_always_score(lesson_id, minimum, lang, own):
    """When a lesson is played, the minimum never exceeds the fewest cards a focus word is dealt as;
    it is the student's own unless that would lock a focus word out; and it is only played in the
    student's language."""
    lesson = LESSONS[lesson_id]
    ana = student(min_cards=minimum, lang=lang, lesson=lesson_id if own else None)
    play = resolve_myword(StudentSettings(), ana, class_lesson=None if own else lesson_id, lessons=LESSONS.get)
    assert play.lang == lang
    if lesson.lang != lang:
        assert play.lesson is None and play.min_cards == minimum
        assert [type(c) for c in play.conflicts] == [LessonLanguageConflict]
        return
    fewest = min(focus_cards(lesson).values())
    assert play.lesson is lesson and play.min_cards <= fewest and play.min_cards == min(minimum, fewest)
    assert bool(play.conflicts) == (minimum > fewest)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(LESSONS)), st.sampled_from([None, 3, 4, 5, 6, 7, 8]), st.sampled_from(["new", "big", "es"]))
def test_a_boggle_lesson_word_always_counts(lesson_id, min_length, dice):
    lesson = LESSONS[lesson_id]
    rules = BoggleRules(size=5 if dice == "big" else 4, dice=dice, min_length=min_length)
    play = resolve_boggle(rules, None, student(), lesson=lesson)
    if play.lesson is not None:
        assert play.least <= max(3, min(len(w) for w in lesson.focus))
    else:
        assert lesson.lang != play.lang and play.least == (min_length if min_length is not None else rules.size - 1)


@pytest.mark.parametrize("bad", [{"min_cards": 9}, {"min_cards": True}, {"lang": "fr"}, {"variant": "hard"}])
def test_link_choices_are_checked(bad):
    with pytest.raises(ValueError):
        MyWordChoices(**bad)


# -- listening -------------------------------------------------------------------------
def test_listening_is_the_students_own_and_plays_listen_and_build_only_with_a_lesson():
    on = student(listen=True, listen_slow=True)
    play = resolve_myword(StudentSettings(), on, class_lesson=SHORT_A.id, lessons=LESSONS.get)
    assert play.listen and play.listen_slow and play.listen_and_build and play.bots == 0  # the robots sit it out
    free = resolve_myword(StudentSettings(listen=True), student(), lessons=LESSONS.get)
    assert not free.listen and free.bots == 1  # the student's own setting (off) beats the class's
    alone = resolve_myword(StudentSettings(), on)
    assert alone.listen and not alone.listen_and_build and alone.bots == 1  # no lesson: nothing to say
    room = resolve_myword(StudentSettings(), on, in_room=True, room_lesson=SHORT_A)
    assert room.listen and room.lesson is SHORT_A  # (a room has no robots to send away)
    other_lang = resolve_myword(StudentSettings(), student(lang="es", listen=True), class_lesson=SHORT_A.id,
                                lessons=LESSONS.get)  # fmt: skip
    assert not other_lang.listen_and_build and other_lang.bots == 1  # the lesson is not played


def test_a_guest_link_turns_listening_on_else_the_class_does():
    link = MyWordChoices(lesson=SHORT_A.id, listen="1")
    play = resolve_myword(StudentSettings(), link=link, lessons=LESSONS.get)
    assert play.listen_and_build and not play.listen_slow and play.bots == 0
    play = resolve_myword(StudentSettings(listen=True, listen_slow=True), link=MyWordChoices(lesson=SHORT_A.id),
                          lessons=LESSONS.get)  # fmt: skip
    assert play.listen_and_build and play.listen_slow
    with pytest.raises(ValueError):
        MyWordChoices(listen="loud")


def test_boggle_knows_whether_listening_is_on():
    assert resolve_boggle(BoggleRules(), student=student(listen=True)).listen
    assert not resolve_boggle(BoggleRules()).listen


def test_a_roster_takes_a_listening_column_and_reports_bad_values():
    from myword_edu.classroom.roster import RosterError, parse_roster

    rows = parse_roster("nombre;escuchar\nAna;sí\nBen;no\nCleo;\n").rows
    assert [r.listen for r in rows] == [True, False, None]
    assert rows[0].settings(StudentSettings()).listen and not rows[2].settings(StudentSettings()).listen
    with pytest.raises(RosterError) as caught:
        parse_roster("name,listening\nAna,loud\n")
    assert [(p.line, p.code) for p in caught.value.problems] == [(2, "bad_listen")]
    assert "yes or no" in text("en", "roster.bad_listen", line=2, value="loud")
