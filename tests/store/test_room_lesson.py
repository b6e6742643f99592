"""A live MyWord! room opened with a lesson: each round's shared deck is stacked with the focus words,
a replay (another kernel, a restarted one) deals the very same cards, and a student's call of a focus
word is stored with the lesson and the focus word, as in solo practice."""

from __future__ import annotations

import json
from collections import Counter

import pytest
import sqlalchemy as sa

from myword_edu.classroom import schema as t
from myword_edu.classroom.roster import StudentSettings
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.lessons import parse_lesson
from myword_edu.myword.spelling import best_spelling
from myword_edu.rooms.live import TeacherRoom
from myword_edu.rooms.replica import RoomError, RoomEvent, RoomReplica
from myword_edu.rooms.seat import StudentSeat

WORDS = ["cat", "dog", "ship", "fish", "sun", "cats"]
FOCUS = ["cat", "dog", "ship", "fish"]


@pytest.fixture
def lex():
    return {"en": Lexicon.from_words(WORDS, blocked=[]), "es": Lexicon.from_words(["gato", "sol"], "es", blocked=[])}


@pytest.fixture
def pets(lex):
    text = f'title = "Pets"\nlanguage = "en"\nfocus = {json.dumps(FOCUS)}\nextra_cards = "SH"\n'
    return parse_lesson(text, "pets", lexicons=lex.__getitem__)


def _room(store, lex, lesson, names=("Ana", "Ben")):
    room = TeacherRoom.create(store, lang="en", lesson=lesson, lexicons=lex)
    seats = [StudentSeat.join(store, room.code, store.add_student(n).id, lexicons=lex) for n in names]
    return room, seats


def _makeable_while_dealt(word, deck):
    """Can ``word`` be spelled from cards dealt one after another at some point of the deal?"""
    return any(best_spelling(word, deck[i:j]) is not None for i in range(len(deck)) for j in range(i + 1, min(len(deck), i + 12) + 1))


def test_every_rounds_deck_is_the_lessons_stacked_with_every_focus_word(store, lex, pets):
    room, _seats = _room(store, lex, pets)
    decks = []
    for number in (1, 2, 3):
        assert room.start_round() == number
        deck = list(room.replica.round.initial_deck)
        assert Counter(deck) == Counter(pets.cards)  # the lesson's deck (with its extra SH card)
        for word in FOCUS:  # the word's reserved cards come out together: it can be made then
            block = pets.spellings[word]
            assert any(Counter(deck[i:i + len(block)]) == Counter(block) for i in range(len(deck))), word
            assert _makeable_while_dealt(word, deck)
        decks.append(deck)
    assert decks[0] != decks[1] != decks[2]  # a new stacking every round
    assert room.lesson == "pets" and room.view().focus == tuple((w, ()) for w in FOCUS)


def test_a_replay_rebuilds_the_same_decks_from_the_log(store, lex, pets):
    room, _seats = _room(store, lex, pets)
    decks = []
    for _ in range(2):
        room.start_round()
        decks.append(list(room.replica.round.initial_deck))
    again = TeacherRoom.open(store, room.code, lexicons=lex)  # another kernel: only the database
    assert list(again.replica.round.initial_deck) == decks[1]
    with store.reading() as conn:
        row = conn.execute(sa.select(t.rooms).where(t.rooms.c.id == room.room_id)).one()
        events = conn.execute(sa.select(t.room_events).where(t.room_events.c.room_id == room.room_id)
                              .order_by(t.room_events.c.seq)).all()
    assert json.loads(row.options)["lesson"]["id"] == "pets" and row.lesson == "pets"
    replica = RoomReplica("en", "standard", row.seed, lex, again.room_lesson)
    for e in events:
        replica.apply(RoomEvent(e.seq, e.kind, e.actor, tuple(json.loads(e.intent)), None, e.at))
        if e.kind == "start":
            assert list(replica.round.initial_deck) == decks[int(json.loads(e.intent)[1]) - 1]


def _deal_until_made(room, word, lesson):
    """Deal until the word's reserved cards are all on the table."""
    block = Counter(lesson.spellings[word])
    deck = room.replica.round.initial_deck
    end = next(i for i in range(len(deck) + 1) if not block - Counter(deck[:i]))
    for _ in range(end):
        room.deal()


def test_a_call_of_a_focus_word_stores_the_lesson_and_the_word_and_the_teacher_sees_who(store, lex, pets):
    room, (ana, ben) = _room(store, lex, pets)
    room.start_round()
    _deal_until_made(room, "ship", pets)
    ana.sync()
    made = ana.claim("ship")
    assert made.accepted
    slip = ben.claim("shpi")  # not a word, one slip from SHIP: a try at the focus word (as solo)
    assert not slip.accepted
    attempts = {(a.student, a.folded): a for a in store.attempts()}
    assert attempts["Ana", "ship"].lesson == "pets" and attempts["Ana", "ship"].focus_word == "ship"
    assert attempts["Ben", "shpi"].lesson == "pets" and attempts["Ben", "shpi"].focus_word == "ship"
    view = room.sync()
    assert dict(view.focus) == {"cat": (), "dog": (), "ship": ("Ana",), "fish": ()}
    assert dict(TeacherRoom.open(store, room.code, lexicons=lex).view().focus)["ship"] == ("Ana",)


def test_a_student_in_another_language_plays_without_the_lesson(store, lex, pets):
    room = TeacherRoom.create(store, lang="en", lesson=pets, lexicons=lex)
    ana = StudentSeat.join(store, room.code, store.add_student("Ana").id, lexicons=lex)
    eva = store.add_student("Eva", StudentSettings(lang="es"))
    eva_seat = StudentSeat.join(store, room.code, eva.id, lexicons=lex)
    assert ana.played_lesson.id == "pets" and eva_seat.played_lesson is None
    room.start_round()
    assert room.view().off_lesson == ("Eva",)
    eva_seat.sync()
    eva_seat.claim("gato")
    (attempt,) = store.attempts(student_id=eva.id)
    assert attempt.lesson is None and attempt.focus_word is None


def test_a_lesson_must_be_in_the_rooms_language(store, lex, pets):
    with pytest.raises(RoomError) as error:
        TeacherRoom.create(store, lang="es", lesson=pets, lexicons=lex)
    assert error.value.reason == "bad_setting"
    with pytest.raises(RoomError):
        TeacherRoom.create(store, lang="en", lesson="no-such-lesson", lexicons=lex)
