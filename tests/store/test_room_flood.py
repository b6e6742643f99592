"""One student cannot empty a live round (SQLite and PostgreSQL): after a failed call the next one
waits, decided from the log (a reopened tab or a second kernel is bound the same way); calls during
the wait give nobody a card and store no attempt; the teacher sees who floods, can mute them for the
round, and can take them out mid-round."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from myword_edu.classroom import schema as t
from myword_edu.rooms.flood import CallLimit
from myword_edu.rooms.live import TeacherRoom
from myword_edu.rooms.replica import RoomError
from myword_edu.rooms.seat import StudentSeat
from myword_edu.myword.values import Reason
from tests.store_clock import StoreClock

DECK = "C A T S N O D E T E N D R A I N S T A R E"


@pytest.fixture
def lex(small):
    return {"en": small}


def _room(store, lex, names=("Ana", "Ben", "Cy", "Dan"), deal=12):
    store.now = StoreClock()
    room = TeacherRoom.create(store, lang="en", lexicons=lex, deck=DECK)
    seats = [StudentSeat.join(store, room.code, store.add_student(n).id, lexicons=lex) for n in names]
    room.start_round()
    for _ in range(deal):
        room.deal()
    for seat in seats:
        seat.sync()
    return room, seats


def _kinds(store, room):
    with store.reading() as conn:
        return [r.kind for r in conn.execute(sa.select(t.room_events.c.kind)
                                             .where(t.room_events.c.room_id == room.room_id)
                                             .order_by(t.room_events.c.seq))]  # fmt: skip


def _flood(seat, clock, calls, every, word="zqxj"):
    """``calls`` nonsense calls, one every ``every`` seconds; the results of the judged ones."""
    judged, refused = [], 0
    for _ in range(calls):
        try:
            judged.append(seat.claim(word))
        except RoomError as error:
            assert error.reason == "wait" and error.data["seconds"] >= 1
            refused += 1
        clock.advance(every)
    return judged, refused


def test_forty_nonsense_calls_in_five_seconds_leave_the_table_and_the_deck(store, lex):
    room, (ana, ben, cy, dan) = _room(store, lex)  # C A T S N O D E T E N D on the table
    judged, refused = _flood(ana, store.now, 40, 0.125)
    # 2 s wait after the first, 4 s after the second: 2 judged in 5 s, as a player who mistypes twice
    assert len(judged) == 2 and refused == 38 and all(r.reason is Reason.NOT_A_WORD for r in judged)
    view = room.sync()
    assert view.scores == {"Ana": 0, "Ben": 2, "Cy": 2, "Dan": 2}  # the rulebook's penalty, twice
    assert view.cards_left == len(DECK.split()) - 12 and len(view.table) == 6 and not view.over
    attempts = store.attempts(student_id=ana.student_id)
    assert [(a.word, a.reason) for a in attempts] == [("zqxj", "not_a_word")] * 2  # held calls are no attempts
    kinds = _kinds(store, room)
    assert kinds.count("claim") == 2 and 1 <= kinds.count("held") <= 6  # held calls logged, at most once a second
    assert room.flood()["Ana"].held + ana._held == 38  # every held call counted in the log, or still pending
    ben.sync()
    assert ben.claim("tend").accepted  # the others play on


def test_the_wait_grows_and_a_reopened_tab_or_a_second_kernel_cannot_skip_it(store, lex):
    room, (ana, ben, _cy, _dan) = _room(store, lex)
    clock = store.now
    assert ana.claim("zqxj").reason is Reason.NOT_A_WORD
    assert ana.wait_seconds() == 2.0
    again = StudentSeat.join(store, room.code, ana.student_id, lexicons=lex)  # the tab reopened: a new kernel
    with pytest.raises(RoomError) as info:
        again.claim("tend")
    assert info.value.reason == "wait" and info.value.data == {"seconds": 2, "failed": 1}
    clock.advance(2)
    assert again.claim("qqq").reason is Reason.NOT_A_WORD  # judged: the wait was over
    # the first kernel has not polled: its own copy says "go", the log says "wait 4 s"
    with pytest.raises(RoomError) as info:
        ana.claim("tend")
    assert info.value.reason == "wait" and info.value.data["seconds"] == 4 and info.value.data["failed"] == 2
    assert "held" in _kinds(store, room)[-1:]  # counted in the log, from inside the room's lock
    clock.advance(4)
    assert ana.claim("tend").accepted  # and the wait ends
    assert len(store.attempts(student_id=ana.student_id)) == 3


def test_too_late_and_accepted_calls_cost_no_wait(store, lex):
    room, (ana, ben, _cy, _dan) = _room(store, lex)
    seen = ben.view().version
    assert ana.claim("cats").accepted
    assert ben.claim("cat", seen=seen).reason is Reason.TOO_LATE
    assert ana.wait_seconds() == ben.wait_seconds() == 0.0
    assert ana.claim("tend").accepted and ben.claim("end").accepted


def test_at_most_five_failed_calls_a_minute_are_judged(store, lex):
    room, (ana, *_rest) = _room(store, lex, deal=20)
    judged, refused = _flood(ana, store.now, 600, 0.1)  # ten a second for a minute
    assert len(judged) == CallLimit().most_per_window() == 5 and refused == 595


def test_the_teacher_sees_who_floods_and_mutes_them_for_the_round(store, lex):
    room, (ana, ben, cy, _dan) = _room(store, lex)
    _flood(ana, store.now, 30, 0.1)
    ana.heartbeat()  # the page's heartbeat writes the held calls still pending
    flood = room.sync() and room.flood()
    assert (flood["Ana"].failed, flood["Ana"].held, flood["Ana"].is_flagged) == (2, 28, True)
    assert (flood["Ben"].failed, flood["Ben"].held, flood["Ben"].is_flagged) == (0, 0, False)
    room.mute_player("Ana")
    assert room.flood()["Ana"].muted and room.view().muted == ("Ana",)
    store.now.advance(60)  # the wait is long over: the mute still holds
    for seat in (ana, StudentSeat.join(store, room.code, ana.student_id, lexicons=lex)):  # and in a new tab
        with pytest.raises(RoomError) as info:
            seat.claim("tend")
        assert info.value.reason == "muted"
    assert len(store.attempts(student_id=ana.student_id)) == 2
    assert room.flood()["Ana"].failed == 0  # a minute later: nothing recent
    room.mute_player("Ana", muted=False)
    ana.sync()
    assert not ana.is_muted()
    room.mute_player("Ana")
    room.finish_round()
    with pytest.raises(RoomError) as info:
        room.mute_player("Ben")  # no round is being played
    assert info.value.reason == "no_round"
    room.start_round()
    room.deal()
    ana.sync()
    assert not ana.is_muted() and room.view().muted == ()  # a new round: everyone calls again
    with pytest.raises(RoomError) as info:  # a seat cannot write a teacher's action, even by hand
        ana._write(lambda conn: ana._append(conn, "mute", None, ["mute", 2, "Ben"]))
    assert info.value.reason == "not_allowed"
    with pytest.raises(RoomError) as info:
        room.mute_player("Zed")
    assert info.value.reason == "unknown_player"


def test_a_student_taken_out_mid_round_cannot_call_even_during_a_wait(store, lex):
    room, (ana, ben, _cy, _dan) = _room(store, lex)
    ana.claim("zqxj")
    room.remove_player("Ana")
    for _ in range(3):  # during the wait, and after it
        with pytest.raises(RoomError) as info:
            ana.claim("tend")
        assert info.value.reason == "removed"
        store.now.advance(2)
    with pytest.raises(RoomError) as info:
        StudentSeat.join(store, room.code, ana.student_id, lexicons=lex)
    assert info.value.reason == "removed"
    ben.sync()
    assert "Ana" not in ben.view().players and ben.claim("tend").accepted
    assert len(store.attempts(student_id=ana.student_id)) == 1
