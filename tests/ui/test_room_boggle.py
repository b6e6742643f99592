"""A student's page in a live Boggle room, as widgets: covered cubes until the teacher starts,
the same board as the class, typed and traced words judged by the room, only their own words
during the round, the crossed-out lists at the end; forged events change nothing."""

from __future__ import annotations

import pytest

from myword_edu.boggle.rules import BoggleRules
from myword_edu.rooms.live import TeacherRoom
from myword_edu.classroom.store import Store
from myword_edu.ui.room.page import RoomPage
from tests.store_clock import StoreClock

BOARD = "P E R S / L A T G / S I N E / T E R S"


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", fresh=True)
    store.now = StoreClock()
    for name in ("Ana", "Ben"):
        store.add_student(name)
    return store


@pytest.fixture
def lex(en, es):
    return {"en": en, "es": es}


@pytest.fixture
def room(store, lex):
    return TeacherRoom.create(store, game="boggle", boggle=BoggleRules(dice="new", seconds=60),
                              lexicons=lex, board=BOARD)  # fmt: skip


def _student(store, lex, browser, code, name):
    page = RoomPage(store=store, lexicons=lex)
    browser.update(page.code_box, value=code)
    browser.custom(page.code_box, {"event": "submit"})
    browser.click(next(b for b in browser.widgets(page.root) if getattr(b, "description", None) == name))
    assert page.seat is not None and page.boggle is not None
    return page


def _type(browser, page, word):
    browser.update(page.boggle.entry, value=word)
    browser.custom(page.boggle.entry, {"event": "submit"})


def _tick(page):
    page.seat.poll()
    page.boggle.tick()


def test_the_cubes_are_covered_until_the_teacher_starts_then_everyone_has_the_same_board(store, lex, room, browser):
    ana = _student(store, lex, browser, room.code, "Ana")
    ben = _student(store, lex, browser, room.code, "Ben")
    assert ana.boggle.grid.faces == [] and ana.boggle.grid.disabled
    _type(browser, ana, "rate")
    assert "wait" in ana.boggle.feedback.value.lower()
    room.start_round()
    _tick(ana), _tick(ben)
    assert ana.boggle.grid.faces == ben.boggle.grid.faces == list("PERSLATGSINETERS")  # as printed on the cubes
    assert not ana.boggle.grid.disabled and "1:00" in ana.boggle.timer.value


def test_words_typed_or_traced_are_judged_and_only_their_own_are_shown(store, lex, room, browser):
    ana = _student(store, lex, browser, room.code, "Ana")
    ben = _student(store, lex, browser, room.code, "Ben")
    room.start_round()
    _tick(ana), _tick(ben)
    _type(browser, ana, "rate")
    assert "RATE" in ana.boggle.feedback.value and ana.boggle.entry.value == ""
    browser.custom(ana.boggle.grid, {"type": "path", "cells": [4, 5, 6, 1]})  # L A T E traced
    assert "LATE" in ana.boggle.found.value
    _type(browser, ana, "xqzt")
    assert "myword-msg bad" in ana.boggle.feedback.value
    _type(browser, ben, "rate")
    _tick(ana), _tick(ben)
    assert "RATE" not in ben.boggle.counts.value and "LATE" not in ben.boggle.found.value
    assert "Ana: 2" in ben.boggle.counts.value  # how many, not which
    store.now.advance(61)  # the room's clock runs out
    _tick(ana), _tick(ben)
    result = ben.boggle.result.value
    assert "<s>RATE</s>" in result and "LATE" in result  # shared words crossed out for everyone
    assert ben.boggle.entry.disabled and ben.boggle.grid.disabled
    assert ben.boggle.missed.words  # the words nobody found, to look at on the board
    browser.custom(ben.boggle.missed, {"type": "show", "id": 0})
    assert ben.boggle.grid.highlight


def test_a_word_after_the_bell_is_refused_even_if_the_page_still_counts(store, lex, room, browser):
    ana = _student(store, lex, browser, room.code, "Ana")
    room.start_round()
    _tick(ana)
    store.now.advance(60)  # the page has not ticked: it still shows the board
    _type(browser, ana, "rate")
    assert "RATE" not in ana.boggle.found.value and "myword-msg bad" in ana.boggle.feedback.value


def test_forged_events_cannot_write_for_another_or_reach_the_teachers_controls(store, lex, room, browser):
    ana = _student(store, lex, browser, room.code, "Ana")
    ben = _student(store, lex, browser, room.code, "Ben")
    room.start_round()
    _tick(ana)
    browser.custom(ana.boggle.grid, {"type": "path", "cells": [0, 15, 3]})  # not touching
    browser.custom(ana.boggle.grid, {"type": "path", "cells": ["x"]})  # malformed: ignored
    browser.update(ana.boggle.grid, disabled=False, faces=["z"] * 16)  # the page's copy only
    _type(browser, ana, "rate")
    assert [p.word for p in ana.seat.found()] == ["rate"] and ben.seat.found() == ()
    assert not any(hasattr(w, "start_round") for w in browser.widgets(ana.root))
    assert room.sync().counts == {"Ana": 1, "Ben": 0}


def test_the_page_is_in_the_students_language(store, lex, room, browser):
    from myword_edu.classroom.roster import StudentSettings

    pia = store.add_student("Pía", StudentSettings(lang="es"))
    page = RoomPage(store=store, lexicons=lex)
    browser.update(page.code_box, value=room.code)
    browser.custom(page.code_box, {"event": "submit"})
    browser.click(next(b for b in browser.widgets(page.root) if getattr(b, "description", None) == pia.name))
    assert "Espera" in page.boggle.status.value


def test_the_first_to_the_target_wins_the_tournament_on_every_page(store, lex, browser):
    room = TeacherRoom.create(store, game="boggle", boggle=BoggleRules(seconds=60, target=3), lexicons=lex,
                              board=BOARD)  # fmt: skip
    ana = _student(store, lex, browser, room.code, "Ana")
    ben = _student(store, lex, browser, room.code, "Ben")
    room.start_round()
    _tick(ana), _tick(ben)
    _type(browser, ana, "rate"), _type(browser, ana, "alert")
    room.finish_round()
    _tick(ana), _tick(ben)
    assert "You won!" in ana.boggle.result.value and "Ana won!" in ben.boggle.result.value
