"""A live room played by ear: the teacher's "Say a word" picks a focus word that can be made from the
table or the cards coming next, writes it to the room's log (a replay says the same words), the
first student to build it takes the cards as with any call, and no student can make the room say one."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from myword_edu.classroom import schema as t
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.lessons import parse_lesson
from myword_edu.myword.spelling import best_spelling
from myword_edu.rooms.live import TeacherRoom
from myword_edu.rooms.replica import RoomError, RoomEvent, RoomReplica
from myword_edu.rooms.room_listen import cards_needed
from myword_edu.rooms.seat import StudentSeat

WORDS = ["cat", "dog", "ship", "fish", "sun", "cats"]
FOCUS = ["cat", "dog", "ship", "fish"]


@pytest.fixture
def lex():
    return {"en": Lexicon.from_words(WORDS, blocked=[])}


@pytest.fixture
def pets(lex):
    text = f'title = "Pets"\nlanguage = "en"\nfocus = {json.dumps(FOCUS)}\nextra_cards = "SH"\n'
    return parse_lesson(text, "pets", lexicons=lex.__getitem__)


def _room(store, lex, lesson, names=("Ana", "Ben")):
    room = TeacherRoom.create(store, lang="en", lesson=lesson, lexicons=lex)
    seats = [StudentSeat.join(store, room.code, store.add_student(n).id, lexicons=lex) for n in names]
    return room, seats


def _coming(room):
    rnd = room.replica.round
    return rnd.initial_deck[rnd.deck_size - rnd.cards_left:]


def test_the_word_said_is_the_one_closest_to_the_table_and_the_first_to_build_it_takes_the_cards(store, lex, pets):
    room, (ana, ben) = _room(store, lex, pets)
    room.start_round()
    for _ in range(5):
        room.deal()
    needs = {w: cards_needed(w, [c.card for c in room.view().table], _coming(room)) for w in FOCUS}
    word = room.say_word()
    assert needs[word] == min(needs.values())  # the nearest to being made (ties: the lesson's order)
    seen = ana.sync()
    assert [s.word for s in seen.said] == [word] and seen.said[0].maker is None
    while best_spelling(word, [c.card for c in room.view().table]) is None:
        room.deal()
    version = ben.sync().version
    assert ana.claim(word).accepted  # the normal claim path: Ana was first
    assert not ben.claim(word, seen=version).accepted
    assert ben.sync().said[-1].maker == "Ana" and room.sync().said[-1].maker == "Ana"
    (attempt,) = [a for a in store.attempts() if a.folded == word and a.outcome.value == "accepted"]
    assert attempt.student == "Ana" and attempt.focus_word == word and attempt.lesson == "pets"


def test_every_focus_word_is_said_before_one_is_said_again_and_never_twice_in_a_row(store, lex, pets):
    room, _seats = _room(store, lex, pets)
    room.start_round()
    said = [room.say_word() for _ in range(len(FOCUS))]
    assert sorted(said) == sorted(FOCUS)
    again = room.say_word()
    assert again in FOCUS and again != said[-1]
    room.start_round()  # a new round: a new deal, every word fresh again
    assert room.view().said == () and room.say_word() in FOCUS


def test_a_replay_of_the_log_says_the_same_words(store, lex, pets):
    room, (ana, _ben) = _room(store, lex, pets)
    room.start_round()
    room.say_word()
    for _ in range(8):
        room.deal()
    room.say_word()
    said = room.view().said
    again = TeacherRoom.open(store, room.code, lexicons=lex)  # another kernel: only the database
    assert again.view().said == said == ana.sync().said
    with store.reading() as conn:
        row = conn.execute(sa.select(t.rooms).where(t.rooms.c.id == room.room_id)).one()
        events = conn.execute(sa.select(t.room_events).where(t.room_events.c.room_id == room.room_id)
                              .order_by(t.room_events.c.seq)).all()  # fmt: skip
    replica = RoomReplica("en", "standard", row.seed, lex, again.room_lesson)
    for e in events:
        replica.apply(RoomEvent(e.seq, e.kind, e.actor, tuple(json.loads(e.intent)), None, e.at))
    assert replica.view().said == said and [e.kind for e in events].count("say") == 2


def test_only_the_teacher_says_a_word_and_only_in_a_lesson_rooms_round(store, lex, pets):
    room, (ana, _ben) = _room(store, lex, pets)
    with pytest.raises(RoomError) as no_round:
        room.say_word()
    assert no_round.value.reason == "no_round"
    room.start_round()
    with pytest.raises(RoomError) as seat:  # a student's capability never writes a "say"
        ana._write(lambda conn: ana._append(conn, "say", None, ["say", 1, "cat"]))
    assert seat.value.reason == "not_allowed" and room.sync().said == ()
    room.finish_round()
    with pytest.raises(RoomError) as over:
        room.say_word()
    assert over.value.reason == "round_over"
    plain = TeacherRoom.create(store, lang="en", lexicons=lex, deck="C A T")
    StudentSeat.join(store, plain.code, store.add_student("Eva").id, lexicons=lex)
    plain.start_round()
    with pytest.raises(RoomError) as no_lesson:
        plain.say_word()
    assert no_lesson.value.reason == "not_allowed"


def test_a_forged_say_in_the_log_that_is_no_focus_word_changes_nothing(lex, pets):
    from datetime import datetime

    replica = RoomReplica("en", "standard", "secret", lex, pets)
    at = datetime(2026, 1, 1)
    for seq, intent in enumerate([("join", "Ana", 3, "en"), ("start", 1), ("say", 1, "sun"), ("say", 7, "cat"),
                                  ("say", 1, "dog")], 1):  # fmt: skip
        replica.apply(RoomEvent(seq, intent[0], None, intent, None, at))
    assert [s.word for s in replica.view().said] == ["dog"]
