"""Seats and sign-in in the class store (SQLite and PostgreSQL): one page per student per place, the
teacher's "let in", a closed page's seat free again within seconds, and picture passwords kept hashed."""

from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa

from myword_edu.classroom import schema as t
from myword_edu.classroom.presence import (
    BOGGLE,
    MYWORD,
    STALE_SECONDS,
    Presence,
    SeatLostError,
    SeatTakenError,
    knocks,
    let_in,
    room_place,
)
from myword_edu.rooms.live import TeacherRoom
from myword_edu.rooms.seat import StudentSeat
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.classroom.sign_in import (
    PICTURES,
    SignIn,
    check_pictures,
    give_pictures,
    set_sign_in_mode,
    sign_in_mode,
    students_without_pictures,
)
from tests.store_clock import StoreClock


@pytest.fixture
def clock(store):
    store.now = StoreClock()
    return store.now


def test_a_seat_in_use_is_refused_and_the_teacher_lets_the_second_page_in(store, clock):
    ana = store.add_student("Ana")
    first, second = Presence(store, ana.id, "Ana", MYWORD), Presence(store, ana.id, "Ana", MYWORD)
    first.take()
    clock.advance(2)
    first.beat()
    with pytest.raises(SeatTakenError) as refused:
        second.take()
    assert str(refused.value) == "Ana is already playing on another device; ask your teacher"
    assert first.is_mine() and not second.is_mine()
    (knock,) = knocks(store)
    assert (knock.student_id, knock.name, knock.place) == (ana.id, "Ana", MYWORD)
    assert let_in(store, ana.id, MYWORD)
    second.take()  # the page that knocked is in
    assert second.is_mine() and not first.is_mine() and knocks(store) == []
    with pytest.raises(SeatLostError):
        first.beat()  # the first page learns it at its next heartbeat
    with pytest.raises(SeatTakenError):
        first.take()  # and cannot take the seat back while the second page beats
    second.beat()


def test_a_closed_page_frees_its_seat_within_seconds_without_the_teacher(store, clock):
    ana = store.add_student("Ana")
    crashed, reopened = Presence(store, ana.id, "Ana", BOGGLE), Presence(store, ana.id, "Ana", BOGGLE)
    crashed.take()
    clock.advance(STALE_SECONDS - 1)
    with pytest.raises(SeatTakenError):
        reopened.take()
    clock.advance(1.5)  # no heartbeat for STALE_SECONDS: the old page is gone
    reopened.take()
    assert reopened.is_mine() and knocks(store) == []
    with pytest.raises(SeatLostError):
        crashed.beat()


def test_places_are_separate_and_leaving_frees_the_seat(store, clock):
    ana, ben = store.add_student("Ana"), store.add_student("Ben")
    Presence(store, ana.id, "Ana", MYWORD).take()
    Presence(store, ana.id, "Ana", room_place("abc123")).take()  # a room is another place
    Presence(store, ben.id, "Ben", MYWORD).take()  # another student, the same place
    home = Presence(store, ana.id, "Ana", BOGGLE)
    home.take()
    home.leave()  # "Not you?"
    Presence(store, ana.id, "Ana", BOGGLE).take()


def test_let_in_checks_what_the_page_sent(store, clock):
    ana = store.add_student("Ana")
    holder, asker = Presence(store, ana.id, "Ana", MYWORD), Presence(store, ana.id, "Ana", MYWORD)
    holder.take()
    assert not let_in(store, ana.id, MYWORD)  # nobody is asking: nothing changes
    assert not let_in(store, "1", MYWORD) and not let_in(store, True, MYWORD) and not let_in(store, ana.id, None)
    with pytest.raises(SeatTakenError):
        asker.take()
    asker.leave()  # the asking page went back to the names
    assert knocks(store) == [] and not let_in(store, ana.id, MYWORD) and holder.is_mine()
    with pytest.raises(SeatTakenError):
        asker.take()
    clock.advance(STALE_SECONDS + 1)
    holder.beat()
    assert knocks(store) == [] and not let_in(store, ana.id, MYWORD)  # a page that stopped asking is not let in


def test_two_pages_taking_a_free_seat_at_once_give_one_holder(store):
    ana = store.add_student("Ana")
    pages = [Presence(store, ana.id, "Ana", room_place("race01")) for _ in range(6)]
    outcomes: list[str] = []
    barrier = threading.Barrier(len(pages))

    def take(page):
        barrier.wait()
        try:
            page.take()
            outcomes.append("in")
        except SeatTakenError:
            outcomes.append("refused")

    threads = [threading.Thread(target=take, args=(p,)) for p in pages]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["in"] + ["refused"] * 5
    assert sum(p.is_mine() for p in pages) == 1


def test_a_room_call_from_a_page_that_lost_its_seat_is_not_stored(store, clock):
    lex = {"en": Lexicon.from_words(["cat", "act"], blocked=[])}
    ana = store.add_student("Ana")
    room = TeacherRoom.create(store, lexicons=lex, deck="C A T S")
    old = Presence(store, ana.id, "Ana", room_place(room.code))
    old.take()
    seat = StudentSeat.join(store, room.code, ana.id, lexicons=lex)
    seat.guard = old.check
    room.start_round()
    for _ in range(3):
        room.deal()
    new = Presence(store, ana.id, "Ana", room_place(room.code))
    with pytest.raises(SeatTakenError):
        new.take()
    assert let_in(store, ana.id, room_place(room.code))
    with pytest.raises(SeatLostError):
        seat.claim("cat")  # checked in the claim's own transaction
    assert store.attempts() == [] and room.sync().scores == {"Ana": 0}


def test_picture_passwords_are_stored_hashed_and_checked(store):
    ana, ben = store.add_student("Ana"), store.add_student("Ben")
    assert sign_in_mode(store) is SignIn.OFF  # off by default
    set_sign_in_mode(store, SignIn.PICTURES)
    assert sign_in_mode(store) is SignIn.PICTURES
    assert [s.name for s in students_without_pictures(store)] == ["Ana", "Ben"]
    ((student, picks),) = give_pictures(store, [ana.id], kdf_n=2**10)
    assert student.id == ana.id and len(set(picks)) == 3 and all(0 <= p < len(PICTURES) for p in picks)
    with store.reading() as conn:
        stored = conn.scalar(sa.select(t.students.c.sign_in_hash).where(t.students.c.id == ana.id))
    assert stored.startswith("scrypt$") and "-".join(map(str, picks)) not in stored
    assert check_pictures(store, ana.id, list(picks))
    wrong = [(picks[0] + 1) % 9, picks[1], picks[2]]
    assert not check_pictures(store, ana.id, wrong) and not check_pictures(store, ben.id, list(picks))
    for forged in (None, "0-1-2", [0, 1], [0, 1, 2, 3], [True, 1, 2], [0, 1, 99], [-1, 0, 1]):
        assert not check_pictures(store, ana.id, forged)
    assert [s.name for s in students_without_pictures(store)] == ["Ben"]
    ((_, again),) = give_pictures(store, [ana.id], kdf_n=2**10, choose=lambda n: 0)
    assert again == (0, 1, 2) and check_pictures(store, ana.id, [0, 1, 2])


_HOLD_SEAT = """
import os, sys, signal
from myword_edu.classroom.presence import MYWORD, Presence
from myword_edu.classroom.store import Store
store = Store.open(sys.argv[1])
seat = Presence(store, int(sys.argv[2]), "Ana", MYWORD)  # a page's gate holds its seat
seat.take()
print("taken", flush=True)
if sys.argv[3] == "kill":
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.parametrize("end", ["exit", "kill"])
def test_a_kernel_that_ends_gives_up_its_seat_and_a_killed_one_keeps_it(store, end):
    """A closed tab's kernel shuts down normally: the student's reopened tab gets in at once (a killed
    kernel's seat goes stale instead, as the tests above show). Both processes use the real clock."""
    import subprocess
    import sys

    if store.engine.dialect.name == "sqlite" and store.engine.url.database in (None, "", ":memory:"):
        pytest.skip("needs a database another process can open")
    ana = store.add_student("Ana")
    out = subprocess.run([sys.executable, "-c", _HOLD_SEAT, store.url, str(ana.id), end],
                         capture_output=True, text=True, timeout=120)  # fmt: skip
    assert "taken" in out.stdout, out.stderr
    again = Presence(store, ana.id, "Ana", MYWORD)
    if end == "exit":
        again.take()  # no wait, no teacher
        assert again.is_mine()
    else:
        with pytest.raises(SeatTakenError):
            again.take()
