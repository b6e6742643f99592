"""Live Boggle rooms on SQLite and PostgreSQL: one board and one clock for everyone, words kept
before the answer, shared words crossed out at the end, the clock judged by commit time,
rejoin from the log, and a student cannot run the room."""

from __future__ import annotations

import json
import threading

import pytest
import sqlalchemy as sa

from myword_edu.classroom import schema as t
from myword_edu.boggle.round import Reason
from myword_edu.classroom.boggle_store import set_student_rules
from myword_edu.core.errors import BadWordError
from myword_edu.classroom.export import attempts_csv, read_csv
from myword_edu.boggle.rules import BoggleRules
from myword_edu.rooms.live import TeacherRoom
from myword_edu.rooms.replica import RoomError, RoomEvent
from myword_edu.rooms.seat import StudentSeat
from myword_edu.rooms.boggle_replica import BoggleReplica
from myword_edu.classroom.store import Store
from tests.store_clock import StoreClock

BOARD = "P E R S / L A T G / S I N E / T E R S"  # the algs4 board: over a thousand words on ENABLE


@pytest.fixture
def lex(en):
    return {"en": en}


@pytest.fixture
def clock(store):
    c = StoreClock()
    store.now = c
    yield c


def _room(store, lex, names=("Ana", "Ben"), seconds=60, board=BOARD, start=True):
    room = TeacherRoom.create(store, game="boggle", boggle=BoggleRules(dice="new", seconds=seconds),
                              lexicons=lex, board=board)
    seats = [StudentSeat.join(store, room.code, store.add_student(n).id, lexicons=lex) for n in names]
    if start:
        room.start_round()
        for seat in seats:
            seat.sync()
    return room, seats


def _events(store, room):
    with store.reading() as conn:
        return conn.execute(sa.select(t.room_events).where(t.room_events.c.room_id == room.room_id)
                            .order_by(t.room_events.c.seq)).all()


def _attempts(store, student_name):
    with store.reading() as conn:
        return conn.execute(sa.select(t.attempts, t.games.c.kind).join(t.games, t.games.c.id == t.attempts.c.game_id)
                            .join(t.students, t.students.c.id == t.attempts.c.student_id)
                            .where(t.students.c.name == student_name).order_by(t.attempts.c.id)).all()


def test_everyone_sees_one_board_and_shared_words_are_crossed_out_at_the_end(store, lex, clock):
    room, (ana, ben) = _room(store, lex)
    assert ana.view().board == ben.view().board == room.sync().board
    assert str(ana.view().board).startswith("P E R S")
    assert ana.write("rate").accepted and ana.write("late").accepted
    assert ben.write("rate").accepted and ben.write("lint").accepted
    clock.advance(10)
    # during the round a student's page learns how many words the others have, not which
    during = ana.sync()
    assert not during.over and during.result is None and during.counts == {"Ana": 2, "Ben": 2}
    assert [p.word for p in ana.found()] == ["rate", "late"]
    clock.advance(51)  # the clock runs out for everyone
    end = ben.sync()
    assert end.over and end.result.shared == {"rate"}
    assert dict(end.result.scores) == {"Ana": 1, "Ben": 1}
    crossed = {w.word: w.crossed for w in end.result.words["Ana"]}
    assert crossed == {"rate": True, "late": False}
    assert room.sync().totals == {"Ana": 1, "Ben": 1}


def test_every_word_is_stored_before_the_answer_and_exported_as_boggle(store, lex, clock):
    room, (ana, ben) = _room(store, lex)
    ana.write("rate")
    ana.write("xyzzy")  # not a word: stored as a try
    ana.write("rate")  # already found: stored as a try
    rows = _attempts(store, "Ana")
    assert [(r.folded, r.accepted, r.reason, r.kind) for r in rows] == [
        ("rate", True, None, "boggle"), ("xyzzy", False, "not_a_word", "boggle"),
        ("rate", False, "already_found", "boggle")]  # fmt: skip
    assert rows[0].cards.startswith("R(") and rows[0].points == 1
    head, *rows = read_csv(attempts_csv(store))
    column = head.index("game")
    assert {row[column] for row in rows} == {"Boggle"}, rows


def test_the_clock_is_judged_by_commit_time_not_by_the_page(store, lex, clock):
    room, (ana, ben) = _room(store, lex, seconds=30)
    clock.advance(29)
    assert ana.write("rate").accepted
    clock.advance(2)
    late = ben.write("lint")
    assert not late.accepted and late.reason is Reason.ROUND_OVER
    assert [r.folded for r in _attempts(store, "Ben")] == []  # after the bell: in the log, not an attempt
    assert _events(store, room)[-1].kind == "word"
    # a new kernel rebuilt from the log agrees: the late word is out, the round is over
    other = Store.open(store.engine.url.render_as_string(hide_password=False), fresh=True)
    other.now = clock
    fresh = StudentSeat.join(other, room.code, ana.student_id, lexicons=lex)
    assert [p.word for p in fresh.found()] == ["rate"] and fresh.view().counts == {"Ana": 1, "Ben": 0}
    assert fresh.view().result.scores == {"Ana": 1, "Ben": 0}
    other.dispose()


def test_the_teacher_can_end_early_and_start_another_round_with_other_rules(store, lex, clock):
    room, (ana, ben) = _room(store, lex, board=None)
    first = room.view().board
    room.finish_round()
    assert ana.sync().over and ana.view().ended_early
    assert ana.write("rate").reason is Reason.ROUND_OVER
    room.start_round(BoggleRules(dice="classic", seconds=120, min_length=4))
    view = ben.sync()
    assert view.round_no == 2 and not view.over and view.board != first
    assert (view.ends_at - view.started_at).total_seconds() == 120
    with pytest.raises(RoomError) as error:
        room.start_round(BoggleRules(dice="es"))
    assert error.value.reason == "bad_setting"


def test_a_students_own_minimum_length_applies_to_their_words_only(store, lex, clock):
    room = TeacherRoom.create(store, game="boggle", lexicons=lex, board=BOARD)
    ana, ben = store.add_student("Ana"), store.add_student("Ben")
    set_student_rules(store, [ben.id], min_length=5)
    seats = [StudentSeat.join(store, room.code, s.id, lexicons=lex) for s in (ana, ben)]
    room.start_round()
    assert seats[0].write("rate").accepted
    refused = seats[1].write("rate")
    assert refused.reason is Reason.TOO_SHORT and refused.needed == 5
    assert seats[1].write("alert").accepted


def test_a_latecomer_plays_the_rest_of_the_round(store, lex, clock):
    room, (ana,) = _room(store, lex, names=("Ana",))
    clock.advance(20)
    cat = StudentSeat.join(store, room.code, store.add_student("Cat").id, lexicons=lex)
    assert "Cat" in cat.view().in_round and cat.write("rate").accepted


def test_rejoining_from_a_new_process_finds_the_words_and_the_clock(store, lex, clock):
    room, (ana, ben) = _room(store, lex)
    ana.write("rate"), ana.write("late")
    clock.advance(15)
    again = StudentSeat.join(store, room.code, ana.student_id, lexicons=lex)  # a new kernel
    assert [p.word for p in again.found()] == ["rate", "late"]
    assert again.view().seconds_left(clock()) == pytest.approx(45)
    assert again.write("rate").reason is Reason.ALREADY_FOUND


def test_racing_threads_each_get_their_own_answer_and_the_log_stays_whole(store, lex, clock):
    names = [f"S{i}" for i in range(6)]
    room, seats = _room(store, lex, names=names)
    errors = []

    def play(seat):
        try:
            for word in ("rate", "late", "lint", "rate"):
                seat.write(word)
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=play, args=(s,)) for s in seats]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    events = _events(store, room)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert sum(e.kind == "word" for e in events) == 24
    assert sum(len(_attempts(store, n)) for n in names) == 24
    room.finish_round()
    result = room.sync().result
    assert result.shared == {"rate", "late", "lint"} and set(result.scores.values()) == {0}
    replay = BoggleReplica("en", f"board:{BOARD}", lex)
    for e in events:
        replay.apply(RoomEvent(e.seq, e.kind, e.actor, tuple(json.loads(e.intent)), None, e.at))
    assert replay.view(now=clock()).counts == room.view().counts


def test_a_student_cannot_start_end_claim_or_write_for_another(store, lex, clock):
    room, (ana, ben) = _room(store, lex, start=False)
    assert not hasattr(ana, "start_round") and not hasattr(ana, "finish_round")
    with pytest.raises(RoomError) as error:
        ana._append(None, "start", None, ["start", 1, {}])  # forged: the capability refuses it
    assert error.value.reason == "not_allowed"
    with pytest.raises(RoomError):
        ana.write("rate")  # no round yet
    room.start_round()
    with pytest.raises(RoomError):
        ana.claim("rate")  # a MyWord! call in a Boggle room
    with pytest.raises(RoomError):
        room.deal()
    ana.write("rate")
    assert [p.player for p in ben.found()] == [] and {p.player for p in ana.found()} == {"Ana"}
    with pytest.raises(BadWordError):
        ana.write("r4te")  # not a word at all: nothing stored
    assert ana.write(None, [0, 15]).reason is Reason.BAD_PATH  # a forged path: answered, not an attempt
    room.remove_player("Ben")
    with pytest.raises(RoomError) as error:
        ben.write("late")
    assert error.value.reason == "removed"


def test_the_room_row_and_the_log_never_hold_the_next_board(store, lex, clock):
    room, (ana, _ben) = _room(store, lex, board=None)
    with store.reading() as conn:
        row = conn.execute(sa.select(t.rooms).where(t.rooms.c.id == room.room_id)).one()
    assert json.loads(row.options) == {"dice": "new", "seconds": 60, "min_length": None, "bonus": False, "target": None}
    text = " ".join(e.intent for e in _events(store, room))
    assert row.seed not in text and "board" not in text


def test_on_postgresql_a_room_never_queues_behind_another_rooms_lock(store, lex, clock):
    if store.engine.dialect.name != "postgresql":
        pytest.skip("SQLite serialises every write of the database")
    room_a, (ana, _ben) = _room(store, lex)
    room_b = TeacherRoom.create(store, game="boggle", lexicons=lex, board=BOARD)
    cat = StudentSeat.join(store, room_b.code, store.add_student("Cat").id, lexicons=lex)
    room_b.start_round()
    done = threading.Event()

    def slow_write_in_room_a(conn):  # inside room A's own write transaction, holding its lock
        writer = threading.Thread(target=lambda: cat.write("rate") and done.set())
        writer.start()
        finished = done.wait(20)
        writer.join()
        return finished

    assert room_a._write(slow_write_in_room_a), "room B waited for room A's lock"
    assert ana.write("rate").accepted  # room A goes on once its lock is free


def test_a_tournament_room_names_the_first_to_the_target_then_starts_a_new_one(store, lex, clock):
    room = TeacherRoom.create(store, game="boggle", lexicons=lex, board=BOARD,
                              boggle=BoggleRules(seconds=60, target=3))  # fmt: skip
    ana, ben = (StudentSeat.join(store, room.code, store.add_student(n).id, lexicons=lex) for n in ("Ana", "Ben"))
    room.start_round()
    assert ana.write("rate").accepted and ana.write("alert").accepted and ben.write("lint").accepted
    room.finish_round()
    first = ben.sync()
    assert first.totals == {"Ana": 3, "Ben": 1} and first.champions == ("Ana",)  # 1 + 2 points: Ana reached 3
    room.start_round()  # a new tournament
    second = ben.sync()
    assert second.totals == {"Ana": 0, "Ben": 0} and second.champions == ()
    assert ben.write("rate").accepted
    room.finish_round()
    assert ana.sync().totals == {"Ana": 0, "Ben": 1} and ana.view().champions == ()  # not there yet
