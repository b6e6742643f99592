"""A live Boggle room opened with a lesson: each round's board is a lesson board (the focus words planted
as real paths, as many as fit) rolled from the room's secret and the round, the same in every kernel and
on every replay, never in the log; every word written keeps the lesson and the focus word it aims at; the
view says which focus words are on the board, which did not fit and who found each. A room opened without
a lesson rolls exactly the boards it always did."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from myword_edu.boggle.board import Board
from myword_edu.boggle.rules import BoggleRules
from myword_edu.classroom import schema as t
from myword_edu.myword.lessons import parse_lesson
from myword_edu.rooms.boggle_replica import BoggleReplica
from myword_edu.rooms.live import TeacherRoom
from myword_edu.rooms.replica import RoomError, RoomEvent
from myword_edu.rooms.room_lesson import lesson_from_options
from myword_edu.rooms.seat import StudentSeat
from tests.store_clock import StoreClock

# "this week's list" from the issue, and two short words: about five of the eight fit on a 4x4 board
FOCUS = ["friend", "because", "people", "school", "where", "said", "cat", "hat"]


@pytest.fixture
def lex(en, es):
    return {"en": en, "es": es}


@pytest.fixture
def week(lex):
    text = f'title = "This week"\nlanguage = "en"\nfocus = {json.dumps(FOCUS)}\n'
    return parse_lesson(text, "this-week", lexicons=lex.__getitem__)


@pytest.fixture
def clock(store):
    c = StoreClock()
    store.now = c
    yield c


def _room(store, lex, lesson, names=("Ana", "Ben"), dice="new"):
    room = TeacherRoom.create(store, game="boggle", boggle=BoggleRules(dice=dice, seconds=60), lesson=lesson,
                              lexicons=lex)  # fmt: skip
    seats = [StudentSeat.join(store, room.code, store.add_student(n).id, lexicons=lex) for n in names]
    return room, seats


def _events(store, room):
    with store.reading() as conn:
        return conn.execute(sa.select(t.room_events).where(t.room_events.c.room_id == room.room_id)
                            .order_by(t.room_events.c.seq)).all()  # fmt: skip


def _row(store, room):
    with store.reading() as conn:
        return conn.execute(sa.select(t.rooms).where(t.rooms.c.id == room.room_id)).one()


def test_every_round_is_a_lesson_board_the_same_in_every_kernel_and_on_replay(store, lex, week, clock):
    room, (ana, ben) = _room(store, lex, week)
    boards = []
    for number in (1, 2, 3):
        assert room.start_round() == number
        view = room.view()
        board = view.board
        # every focus word is either planted (a real path on the board) or named as left out
        assert view.focus and set(view.focus) | set(view.focus_left_out) == set(FOCUS)
        assert not set(view.focus) & set(view.focus_left_out)
        for word in view.focus:
            path = board.find_path(word)
            assert path is not None and board.word_at(path) == word
        # the same board in each student's kernel and in a kernel that starts now from the database
        assert ana.sync().board == ben.sync().board == board
        again = TeacherRoom.open(store, room.code, lexicons=lex)
        assert again.view().board == board and again.view().focus == view.focus
        assert ana.view().focus == view.focus
        boards.append(board)
        clock.advance(61)
    assert len({str(b) for b in boards}) == 3  # a new lesson board every round
    # a replay of the log alone rebuilds each round's board (and it was never written down)
    row = _row(store, room)
    replica = BoggleReplica(row.lang, row.seed, lex, lesson_from_options(json.loads(row.options)).focus)
    seen = []
    for e in _events(store, room):
        replica.apply(RoomEvent(e.seq, e.kind, e.actor, tuple(json.loads(e.intent)), None, e.at))
        if e.kind == "start":
            seen.append(replica.view().board)
    assert seen == boards
    logged = " ".join(e.intent + (e.result or "") for e in _events(store, room))
    assert row.seed not in logged and all(str(b) not in logged and "".join(b.cells) not in logged for b in boards)
    assert json.loads(row.options)["lesson"]["focus"] == FOCUS and row.lesson == "this-week"


def test_each_word_keeps_the_lesson_and_its_focus_word_and_the_view_says_who_found_each(store, lex, week, clock):
    room, (ana, ben) = _room(store, lex, week)
    room.start_round()
    view = ana.sync()
    board = view.board
    first = view.focus[0]
    traced = ana.write(None, list(board.find_path(first)))  # traced on the cubes
    assert traced.accepted and traced.word == first
    assert ben.write(first.upper()).accepted  # typed: the same word, crossed out at the end
    assert ben.write("hta").word == "hta"  # not a word, one slip from HAT: a try at it (as in solo play)
    other = next(w for w in sorted(room.replica.round.words) if w not in FOCUS and len(w) >= 4)
    assert ana.write(other).accepted
    during = room.sync()
    assert not during.over and dict(during.focus_found)[first] == ("Ana", "Ben")
    clock.advance(61)
    end = ben.sync()
    assert end.over and first in end.result.shared
    assert dict(end.focus_found) == {w: ("Ana", "Ben") if w == first else () for w in end.focus}
    tries = {(a.student, a.folded): a for a in store.attempts()}
    assert tries["Ana", first].lesson == "this-week" and tries["Ana", first].focus_word == week.shown[first]
    assert tries["Ben", first].focus_word == week.shown[first] and tries["Ben", first].points == 0  # crossed out
    assert tries["Ben", "hta"].focus_word == "hat" and not tries["Ben", "hta"].accepted
    assert tries["Ana", other].lesson == "this-week" and tries["Ana", other].focus_word is None
    with store.reading() as conn:  # the students' games are recorded as played with the lesson
        lessons = conn.execute(sa.select(t.games.c.lesson).where(t.games.c.kind == "boggle")).scalars().all()
    assert lessons == ["this-week", "this-week"]
    # a kernel rebuilt from the log says the same
    assert TeacherRoom.open(store, room.code, lexicons=lex).view().focus_found == end.focus_found


def test_a_lesson_must_be_in_the_rooms_language_and_readable(store, lex, week, clock):
    with pytest.raises(RoomError) as error:
        TeacherRoom.create(store, game="boggle", boggle=BoggleRules(dice="es"), lesson=week, lexicons=lex)
    assert error.value.reason == "bad_setting" and "in en, not es" in str(error.value)
    with pytest.raises(RoomError) as error:
        TeacherRoom.create(store, game="boggle", lesson="no-such-lesson", lexicons=lex)
    assert error.value.reason == "bad_setting"
    with store.reading() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(t.rooms)).scalar() == 0


def test_a_room_without_a_lesson_rolls_the_boards_it_always_did(store, lex, clock):
    room, (ana, _ben) = _room(store, lex, None)
    row = _row(store, room)
    assert "lesson" not in json.loads(row.options) and row.lesson is None and room.room_lesson is None
    for number in (1, 2):
        room.start_round()
        view = ana.sync()
        assert view.board == Board.roll("new", f"{row.seed}:{number}", bonus=False)
        assert view.focus == view.focus_left_out == view.focus_found == ()
        word = next(w for w in sorted(room.replica.round.words) if len(w) >= 3)
        assert ana.write(word).accepted
        clock.advance(61)
    assert {(a.lesson, a.focus_word) for a in store.attempts()} == {(None, None)}
    assert ana.played_lesson is None
