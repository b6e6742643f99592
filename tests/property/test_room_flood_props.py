"""Flood-control properties (Hypothesis), through a real store and seats: whatever one student sends,
and however their tabs are reopened, at most :meth:`CallLimit.most_per_window` failed calls of theirs
are judged in any minute; a held call gives nobody a card and stores no attempt; every kernel that
replays the log computes the same wait."""

from __future__ import annotations

from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.rooms.flood import CallLimit
from myword_edu.rooms.live import TeacherRoom
from myword_edu.rooms.replica import RoomError
from myword_edu.rooms.seat import StudentSeat
from myword_edu.classroom.store import Store
from tests.store_clock import StoreClock

LEX = {"en": Lexicon.from_words(["cat", "cats", "act", "scat", "tan", "ant", "ants", "stand", "sand", "and"],
                                blocked=[])}  # fmt: skip
DECK = " ".join("C A T S N D" for _ in range(12))
WORDS = ["zqxj", "qqq", "cat", "ants", "xx x", "stand", "tac", "12", ""]

calls = st.lists(st.tuples(st.sampled_from([0.0, 0.01, 0.1, 0.5, 1.0, 1.9, 2.0, 4.0, 7.5, 30.0]),
                           st.sampled_from(WORDS), st.booleans()),  # gap, word, a reopened tab
                 min_size=1, max_size=60)  # fmt: skip


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(calls)
def test_a_flooder_gets_at_most_k_failed_calls_judged_per_minute(script):
    store = Store.open("sqlite://", fresh=True)
    store.now = clock = StoreClock()
    room = TeacherRoom.create(store, lang="en", lexicons=LEX, deck=DECK)
    ana, ben = store.add_student("Ana"), store.add_student("Ben")
    seat = StudentSeat.join(store, room.code, ana.id, lexicons=LEX)
    other = StudentSeat.join(store, room.code, ben.id, lexicons=LEX)
    room.start_round()
    for _ in range(30):
        room.deal()
    failed_at, held = [], 0
    for gap, word, reopen in script:
        clock.advance(gap)
        if reopen:
            seat = StudentSeat.join(store, room.code, ana.id, lexicons=LEX)
        before = room.sync().scores.get("Ben", 0)
        try:
            result = seat.claim(word)
        except RoomError as error:
            assert error.reason == "wait"
            held += 1
            assert room.sync().scores.get("Ben", 0) == before  # a held call gives nobody a card
            continue
        except ValueError:  # not a word at all (digits, spaces, empty): nothing judged
            continue
        if result.reason is not None and result.reason.is_penalised:
            failed_at.append(clock.t)
    limit = CallLimit()
    for start in failed_at:
        in_window = [at for at in failed_at if start <= at < start + timedelta(seconds=limit.window)]
        assert len(in_window) <= limit.most_per_window()
    judged = store.attempts(student_id=ana.id)  # held calls are not attempts: only judged ones are stored
    assert len([a for a in judged if not a.accepted and a.reason != "too_late"]) == len(failed_at)
    # every kernel agrees on the wait: the teacher's replica, Ben's, a brand-new one
    fresh = StudentSeat.join(store, room.code, ana.id, lexicons=LEX)
    waits = {fresh.wait_seconds(), seat.sync() and seat.wait_seconds()}
    other.sync(), room.sync()
    assert len(waits) == 1
    assert room.replica.flood.wait_until("Ana") == other.replica.flood.wait_until("Ana") == \
        fresh.replica.flood.wait_until("Ana")  # fmt: skip
    store.dispose()
