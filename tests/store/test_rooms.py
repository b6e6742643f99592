"""Live rooms on SQLite and PostgreSQL: the commit order decides, no card is awarded twice,
too late costs nothing, a rejoin finds everything intact, and roles cannot be crossed."""

from __future__ import annotations

import json
import threading
from collections import Counter

import pytest
import sqlalchemy as sa

from myword_edu.classroom import schema as t
from myword_edu.classroom.roster import StudentSettings
from myword_edu.rooms.live import TeacherRoom
from myword_edu.rooms.replica import RoomError, RoomEvent, RoomReplica
from myword_edu.rooms.seat import StudentSeat
from myword_edu.myword.values import Reason
from tests.store_clock import StoreClock


@pytest.fixture
def lex(small):
    return {"en": small}


def _room(store, lex, names=("Ana", "Ben"), deck="C A T B S X N D E", variant="standard", deal=0):
    room = TeacherRoom.create(store, lang="en", variant=variant, lexicons=lex, deck=deck)
    seats = [StudentSeat.join(store, room.code, store.add_student(n).id, lexicons=lex) for n in names]
    room.start_round()
    for _ in range(deal):
        room.deal()
    for seat in seats:
        seat.sync()
    return room, seats


def _events(store, room):
    with store.reading() as conn:
        rows = conn.execute(sa.select(t.room_events).where(t.room_events.c.room_id == room.room_id)
                            .order_by(t.room_events.c.seq)).all()
    return rows


def _won_ids(store, room):
    """Every card id awarded, from the stored results (accepted claims and free cards)."""
    ids = []
    for row in _events(store, room):
        if row.kind == "claim":
            result = json.loads(row.result)
            ids += result["card_ids"] + [card_id for _, card_id in result["free"]]
    return ids


def test_commit_order_decides_and_too_late_costs_nothing(store, lex):
    room, (ana, ben) = _room(store, lex, deal=3)  # C A T
    seen = ben.view().version
    assert [c.card for c in ben.view().table] == [c.card for c in ana.view().table]
    first = ana.claim("cat", seen=ana.view().version)
    late = ben.claim("act", seen=seen)
    assert first.accepted and first.card_ids == (0, 1, 2)
    assert late.reason is Reason.TOO_LATE and late.free_cards == ()
    view = room.sync()
    assert view.scores == {"Ana": 3, "Ben": 0} and view.table == ()
    attempts = {a.student: a for a in store.attempts()}
    assert attempts["Ana"].accepted and attempts["Ana"].points == 3
    assert attempts["Ben"].reason == "too_late" and attempts["Ben"].points == 0 and attempts["Ben"].free_cards == 0


def test_a_wrong_call_gives_free_cards_except_in_the_junior_variant(store, lex):
    room, (ana, _ben, _cy) = _room(store, lex, names=("Ana", "Ben", "Cy"), deal=3)
    wrong = ana.claim("zzz")
    assert wrong.reason is Reason.NOT_A_WORD and sorted(f.player for f in wrong.free_cards) == ["Ben", "Cy"]
    assert room.sync().scores == {"Ana": 0, "Ben": 1, "Cy": 1}
    junior, (dan, _eve) = _room(store, lex, names=("Dan", "Eve"), variant="junior", deal=3)
    assert dan.claim("zzz").free_cards == () and junior.sync().scores == {"Dan": 0, "Eve": 0}


def test_racing_threads_award_each_card_once(store, lex):
    names = [f"P{i}" for i in range(8)]
    room, seats = _room(store, lex, names=names, deal=3)
    seen = seats[0].view().version
    results, barrier = {}, threading.Barrier(len(seats))

    def race(seat):
        barrier.wait(timeout=30)
        results[seat.name] = seat.claim("cat", seen=seen)

    threads = [threading.Thread(target=race, args=(s,)) for s in seats]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=60)
    winners = [n for n, r in results.items() if r.accepted]
    assert len(results) == 8 and len(winners) == 1
    assert {r.reason for n, r in results.items() if n not in winners} == {Reason.TOO_LATE}
    view = room.sync()
    assert view.scores[winners[0]] == 3 and sum(view.scores.values()) == 3
    ids = _won_ids(store, room)
    assert len(ids) == len(set(ids)) == 3
    assert len(store.attempts()) == 8  # every attempt stored, none lost


def test_cards_are_conserved_and_the_log_replays_to_the_same_results(store, lex):
    store.now = StoreClock()  # Cy's wrong call makes Cy wait before the next one
    room, (ana, ben, cy) = _room(store, lex, names=("Ana", "Ben", "Cy"), deck="C A T B S X N D E A T R I C E P O S T", deal=5)
    for seat, word in ((ana, "cat"), (ben, "tab"), (cy, "qqq"), (ben, "bats")):
        seat.claim(word)
        store.now.advance(2)  # past the wait after a failed call
    for _ in range(4):
        room.deal()
    cy.sync()
    cy.claim("and")
    view = room.sync()
    rnd = room.replica.round
    awarded = sum(view.scores.values())
    assert awarded + len(view.table) + view.cards_left == rnd.deck_size
    ids = _won_ids(store, room)
    assert len(ids) == len(set(ids)) == awarded
    replica = RoomReplica("en", "standard", room._seed, lex)
    for row in _events(store, room):
        event = RoomEvent(row.seq, row.kind, row.actor, tuple(json.loads(row.intent)), None, row.at)
        result = replica.apply(event)
        if row.kind == "claim":
            stored = json.loads(row.result)
            assert (result.accepted, list(result.card_ids)) == (stored["accepted"], stored["card_ids"])
    assert replica.view() == view


def test_rejoin_finds_score_cards_and_attempts_intact(store, lex):
    room, (ana, _ben) = _room(store, lex, deal=3)
    ana.claim("cat")
    game_id, before = ana.game_id, room.sync()
    again = StudentSeat.join(store, room.code, ana.student_id, lexicons=lex)  # a new kernel, same name
    assert again.game_id == game_id and again.name == "Ana"
    assert again.view().scores == before.scores == {"Ana": 3, "Ben": 0}
    assert [e.kind for e in (_events(store, room))].count("join") == 2  # no second join for Ana
    assert [a.word for a in store.attempts(student_id=ana.student_id)] == ["cat"]
    room.deal()
    assert again.sync().table == room.view().table


def test_a_student_joining_mid_round_plays_from_the_next_round(store, lex):
    room, _ = _room(store, lex, deal=3)
    late = StudentSeat.join(store, room.code, store.add_student("Zoe").id, lexicons=lex)
    with pytest.raises(RoomError) as info:
        late.claim("cat")
    assert info.value.reason == "not_in_round"
    room.start_round()
    room.deal()
    assert "Zoe" in late.sync().in_round


def test_a_student_cannot_deal_end_claim_as_another_or_see_the_deck(store, lex):
    room, (ana, ben) = _room(store, lex, deal=2)
    for action in ("deal", "start_round", "finish_round", "remove_player", "close"):
        assert not hasattr(ana, action)
    conn_calls = []
    with store.transaction(exclusive=True) as conn:
        for kind in ("deal", "start", "finish", "remove", "close"):
            with pytest.raises(RoomError, match="cannot"):
                ana._append(conn, kind, "Ana", [kind])
            conn_calls.append(kind)
    assert [e.kind for e in _events(store, room)].count("deal") == 2  # nothing forged got in
    # a claim is always made under the name the seat joined with
    result = ana.claim("cat") if ana.sync().table else None
    assert result is None or result.player == "Ana"
    # the view every page gets holds the table, never the undealt cards
    view = ben.sync()
    fields = json.dumps([str(getattr(view, f)) for f in view.__dataclass_fields__])
    assert "deck" not in view.__dataclass_fields__ and room._seed not in fields
    assert view.cards_left == room.replica.round.cards_left


def test_a_removed_player_cannot_call_or_rejoin_but_keeps_their_attempts(store, lex):
    room, (ana, ben) = _room(store, lex, deal=3)
    ana.claim("zzz")
    room.remove_player("Ana")
    with pytest.raises(RoomError) as info:
        ana.claim("cat")
    assert info.value.reason == "removed"
    with pytest.raises(RoomError) as info:
        StudentSeat.join(store, room.code, ana.student_id, lexicons=lex)
    assert info.value.reason == "removed"
    assert "Ana" not in ben.sync().players and len(store.attempts(student_id=ana.student_id)) == 1
    assert [p["removed"] for p in room.players()] == [True, False]


def test_bad_codes_closed_rooms_and_bad_words_change_nothing(store, lex):
    ana = store.add_student("Ana", StudentSettings.from_dict({"min_cards": 3, "lang": "en", "variant": "standard",
                                                               "bot_level": "easy"}))  # fmt: skip
    with pytest.raises(RoomError) as info:
        StudentSeat.join(store, "NOPE1", ana.id, lexicons=lex)
    assert info.value.reason == "no_room"
    room = TeacherRoom.create(store, lexicons=lex, deck="C A T")
    seat = StudentSeat.join(store, room.code.lower(), ana.id, lexicons=lex)  # codes are forgiving about case
    room.start_round()
    room.deal()
    seat.sync()
    before = len(_events(store, room))
    with pytest.raises(ValueError):
        seat.claim("12345")
    assert len(_events(store, room)) == before and store.attempts() == []
    room.close()
    with pytest.raises(RoomError) as info:
        seat.claim("cat")
    assert info.value.reason == "closed"
    assert Counter(e.kind for e in _events(store, room))["close"] == 1


def test_the_room_engine_imports_no_jupyter_package():
    import subprocess
    import sys

    code = ("import sys, myword_edu.rooms.live, myword_edu.rooms.replica\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in {'ipywidgets', 'traitlets', 'anywidget', "
            "'IPython', 'ipykernel'}))")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_class_open_rooms_are_listed_newest_first_for_a_teacher_to_go_back(store, lex):
    from datetime import datetime

    from myword_edu.boggle.rules import BoggleRules
    from myword_edu.rooms.log import open_rooms

    first = TeacherRoom.create(store, lang="en", lexicons=lex)
    StudentSeat.join(store, first.code, store.add_student("Ana").id, lexicons=lex)
    closed = TeacherRoom.create(store, lang="en", lexicons=lex)
    closed.close()
    store.now = lambda: datetime(2099, 1, 1)  # opened later than the others
    boggle = TeacherRoom.create(store, game="boggle", boggle=BoggleRules(dice="es"), lexicons={**lex, "es": lex["en"]})
    listed = open_rooms(store)
    assert [(r["code"], r["game"], r["lang"], r["players"]) for r in listed] == [
        (boggle.code, "boggle", "es", 0), (first.code, "myword", "en", 1)]
    assert TeacherRoom.open(store, first.code, lexicons=lex).sync().players == ("Ana",)


@pytest.mark.parametrize("card_ids", [[0.9, 1.2, 2.7], iter([0, 1, 2]), 5, [0, 0, 1], [0, 1, 99]])
def test_card_ids_that_are_not_cards_on_the_table_change_nothing(store, lex, card_ids):
    from myword_edu.core.errors import CardIdsError

    room, (ana, ben) = _room(store, lex, deal=3)
    before = len(_events(store, room))
    with pytest.raises(CardIdsError):
        ana.claim("cat", card_ids)
    assert len(_events(store, room)) == before  # nothing was logged
    assert ana.claim("cat", [0, 1, 2]).accepted  # and the room goes on
    assert TeacherRoom.open(store, room.code, lexicons=lex).view().scores == {"Ana": 3, "Ben": 0}
