"""The teacher's "Live room" tab runs Boggle rooms: open one from the controls (the dice choose the
language), start a round (one board, one clock), watch the students' words arrive, and read the
end of the round (clock out or ended early) with the shared words crossed out and the scores."""

from __future__ import annotations

import re

import pytest

from myword_edu.boggle.dice import DICE
from myword_edu.boggle.rules import BoggleRules
from myword_edu.classroom.boggle_store import set_class_rules
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.classroom.passcode import TeacherAuth
from myword_edu.core.resources import data_dir
from myword_edu.rooms.live import TeacherRoom
from myword_edu.rooms.seat import StudentSeat
from myword_edu.classroom.store import Store
from myword_edu.ui.teacher.panel import TeacherPanel
from myword_edu.ui.teacher.room import RoomTab
from tests.store_clock import StoreClock

PASSCODE = "aula-viva-9"
BOARD = "P E R S / L A T G / S I N E / T E R S"
DICE_INDEX = {name: i for i, name in enumerate(DICE)}


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", fresh=True)
    for name in ("Ana", "Ben"):
        store.add_student(name)
    set_class_rules(store, BoggleRules(seconds=120))  # the class plays 2-minute rounds
    return store


@pytest.fixture
def time_(store):
    clock = StoreClock()
    store.now = clock
    return clock


@pytest.fixture
def lex(lexicons):
    return {"en": lexicons("en"), "es": lexicons("es")}


@pytest.fixture
def teacher(store, lex, clock, time_):
    auth = TeacherAuth(store, kdf_n=2**10)
    auth.reset(PASSCODE, PASSCODE)
    panel = TeacherPanel(store=store, auth=auth, library=LessonLibrary([data_dir("lessons")]), clock=clock)
    assert panel.unlock(PASSCODE)
    tab = next(t for t in panel.tabs if isinstance(t, RoomTab))
    tab._lexicons = lex
    return panel, tab


@pytest.fixture
def fixed_board(monkeypatch):
    """Rooms the tab opens roll the known board (so the test knows which words are on it)."""
    create = TeacherRoom.create.__func__
    monkeypatch.setattr(TeacherRoom, "create", classmethod(lambda cls, *a, **k: create(cls, *a, board=BOARD, **k)))


def _shown(widget) -> bool:
    return widget.layout.display != "none"


def _pick_boggle(tab, browser, dice="new", minutes=None):
    browser.update(tab.game, index=1)
    browser.update(tab.boggle.dice, index=DICE_INDEX[dice])
    if minutes is not None:
        browser.update(tab.boggle.minutes, index=minutes - 1)  # 1 to 10 minutes


def _join(store, lex, room, name):
    student = next(s for s in store.students() if s.name == name)
    return StudentSeat.join(store, room.code, student.id, lexicons=lex)


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_spanish_dice_open_a_spanish_room_and_start_shows_the_board_and_the_clock(store, lex, teacher, browser):
    panel, tab = teacher
    assert not _shown(tab.boggle.settings) and _shown(tab.myword_settings)
    _pick_boggle(tab, browser, dice="es")
    assert _shown(tab.boggle.settings) and not _shown(tab.myword_settings)  # the dice decide the language
    assert tab.boggle.minutes.value == 2  # the class's Boggle settings are the defaults
    browser.click(tab.open_button)
    room = tab.room
    assert room is not None and room.is_boggle and room.lang == "es" and panel.live_room is room
    assert room.code in tab.code.value and "Join code" in tab.code.value
    assert not _shown(tab.deal_button) and not _shown(tab.auto) and not _shown(tab.table)
    assert _shown(tab.boggle.live) and tab.boggle.grid.faces == [] and tab.boggle.timer.value == ""
    assert "0 joined" in tab.status.value
    browser.click(tab.start_button)  # nobody has joined: a message, no round
    assert "Nobody has joined" in tab.message.value and room.view().round_no == 0
    _join(store, lex, room, "Ana")
    tab._tick()
    assert "Ana" in tab.players.value and "1 joined" in tab.status.value
    browser.click(tab.start_button)
    faces = tab.boggle.grid.faces
    spanish_faces = {f[0].upper() + f[1:] for die in DICE["es"] for f in die}
    assert len(faces) == 16 and set(faces) <= spanish_faces and tab.boggle.grid.disabled
    assert faces == [f for row in room.view().board.rows for f in row]
    assert ">2:00<" in tab.boggle.timer.value and "Round 1" in tab.status.value
    assert room._seed not in browser.page_state(tab.root)  # the seed of the boards never reaches a page


def test_words_arrive_live_the_countdown_ticks_alone_and_the_clock_out_crosses_shared_words(
        store, lex, teacher, browser, time_, fixed_board):  # fmt: skip
    panel, tab = teacher
    _pick_boggle(tab, browser, minutes=1)
    browser.click(tab.open_button)
    room = tab.room
    ana, ben = _join(store, lex, room, "Ana"), _join(store, lex, room, "Ben")
    browser.click(tab.start_button)
    assert tab.boggle.grid.faces == list("PERSLATGSINETERS")
    assert ">1:00<" in tab.boggle.timer.value
    for seat, words in ((ana, ("rat", "tens", "rest")), (ben, ("rat", "ate"))):
        seat.sync()
        for word in words:
            assert seat.write(word).accepted
    tab._tick()  # new events: the lists are drawn again
    lists = _text(tab.boggle.lists.value)
    assert "Ana · 3 words · 3 pts" in lists and "Ben · 2 words · 2 pts" in lists
    assert all(word in lists for word in ("RAT", "TENS", "REST", "ATE")) and "<s>" not in tab.boggle.lists.value

    redraws = []
    full = tab.redraw
    tab.redraw = lambda: (redraws.append(1), full())[1]
    time_.advance(20.3)
    for _ in range(5):  # ticks within one second: only the countdown changes, once
        tab._tick()
    assert ">0:40<" in tab.boggle.timer.value and redraws == []
    time_.advance(1.0)
    tab._tick()
    assert ">0:39<" in tab.boggle.timer.value and redraws == []

    time_.advance(40)  # the clock runs out: no event, yet everything is drawn again
    tab._tick()
    assert redraws == [1]
    html = tab.boggle.lists.value
    assert "<s>RAT</s>" in html and html.count("boggle-crossed") == 2  # Ana's RAT and Ben's RAT
    assert 'boggle-score" data-player="Ana">2<' in html and 'boggle-score" data-player="Ben">1<' in html
    assert "Ana won this round with 2 points" in _text(html) and "Round 1 is over" in tab.status.value
    assert ">0:00<" in tab.boggle.timer.value
    assert not ben.write("tens").accepted  # after the bell: refused, and the result stays
    tab._tick()
    assert 'boggle-score" data-player="Ben">1<' in tab.boggle.lists.value


def test_ending_early_scores_the_lists_and_the_next_round_keeps_the_totals(
        store, lex, teacher, browser, time_, fixed_board):  # fmt: skip
    panel, tab = teacher
    _pick_boggle(tab, browser)
    browser.click(tab.open_button)
    room = tab.room
    ana, ben = _join(store, lex, room, "Ana"), _join(store, lex, room, "Ben")
    browser.click(tab.start_button)
    ana.sync()
    assert ana.write("tens").accepted and ana.write("rest").accepted
    time_.advance(30)
    browser.click(tab.end_button)
    assert "you ended it early" in tab.status.value and room.view().over
    assert 'boggle-total" data-player="Ana">2<' in tab.boggle.lists.value
    assert "Some words nobody found" in tab.boggle.lists.value
    # the next round with other settings: 4 letters at least, so RAT no longer counts
    browser.update(tab.boggle.min_length, index=2)  # the board's, 3, 4 ...
    browser.click(tab.start_button)
    assert room.view().round_no == 2 and "4 letters or more" in tab.status.value
    assert "no words yet" in tab.boggle.lists.value and "<s>" not in tab.boggle.lists.value
    ben.sync()
    assert ben.write("rat").reason.value == "too_short" and ben.write("rest").accepted
    tab._tick()
    browser.click(tab.end_button)
    html = tab.boggle.lists.value
    assert 'boggle-score" data-player="Ben">1<' in html and 'boggle-total" data-player="Ana">2<' in html
    assert 'boggle-total" data-player="Ben">1<' in html
    # dice of another language cannot start a round in this English room
    browser.update(tab.boggle.dice, index=DICE_INDEX["es"])
    browser.click(tab.start_button)
    assert "This room plays in English" in tab.message.value and room.view().round_no == 2
    browser.click(tab.close_button)
    assert tab.room is None and getattr(panel, "live_room", None) is None and not _shown(tab.controls)


def test_the_tab_survives_a_language_switch_with_the_boggle_room_and_its_clock(
        store, lex, teacher, browser, time_, fixed_board):  # fmt: skip
    panel, tab = teacher
    _pick_boggle(tab, browser, dice="classic", minutes=3)
    browser.click(tab.open_button)
    code = tab.room.code
    ana = _join(store, lex, tab.room, "Ana")
    browser.click(tab.start_button)
    ana.sync()
    assert ana.write("tens").accepted
    time_.advance(65)
    panel.lang_toggle.value = "es"
    again = next(t for t in panel.tabs if isinstance(t, RoomTab))
    assert again is not tab and again.room.code == code and "Código para entrar" in again.code.value
    assert again.game.value == "boggle" and _shown(again.boggle.settings) and not _shown(again.deal_button)
    assert again.boggle.dice.value == "classic" and again.boggle.minutes.value == 3  # the room's rules
    assert again.boggle.grid.faces == list("PERSLATGSINETERS") and ">1:55<" in again.boggle.timer.value
    assert "Palabras hasta ahora" in again.boggle.lists.value and "1 palabra" in again.boggle.lists.value
    assert "Ronda 1" in again.status.value
    browser.click(again.end_button)
    assert "La ronda 1 ha terminado" in again.status.value and "Esta ronda" in again.boggle.lists.value


def test_refused_choices_give_a_message_in_the_teachers_language_and_change_nothing(
        store, lex, teacher, browser, fixed_board):  # fmt: skip
    panel, tab = teacher
    panel.lang_toggle.value = "es"
    tab = next(t for t in panel.tabs if isinstance(t, RoomTab))
    # buttons of a room that is not open (hidden, but any page can click them): a message, no error
    browser.click(tab.start_button)
    browser.click(tab.end_button)
    assert tab.room is None and "No hay ninguna sala abierta" in tab.message.value
    _pick_boggle(tab, browser, dice="es", minutes=5)
    browser.update(tab.boggle.minutes, index=42)  # forged: not on the list, nothing changes
    browser.update(tab.boggle.dice, index=-3)
    assert tab.boggle.minutes.value == 5 and tab.boggle.dice.value == "es"
    browser.click(tab.open_button)
    room = tab.room
    assert room.lang == "es" and room.options["seconds"] == 300
    browser.click(tab.start_button)
    assert "Todavía no ha entrado nadie" in tab.message.value and room.view().round_no == 0
    _join(store, lex, room, "Ana")
    browser.update(tab.boggle.dice, index=DICE_INDEX["big"])  # English dice in a Spanish room
    browser.click(tab.start_button)
    assert "Esta sala juega en español: los dados Big Boggle (inglés, 5x5) son para jugar en inglés" in tab.message.value
    assert room.sync().round_no == 0
    browser.update(tab.boggle.dice, index=DICE_INDEX["es"])
    browser.click(tab.start_button)
    assert tab.message.value == "" and room.view().round_no == 1 and ">5:00<" in tab.boggle.timer.value


def test_forged_myword_controls_do_nothing_in_a_boggle_room(store, lex, teacher, browser, time_, fixed_board):
    panel, tab = teacher
    _pick_boggle(tab, browser)
    browser.click(tab.open_button)
    room = tab.room
    _join(store, lex, room, "Ana")
    browser.click(tab.start_button)
    seq = room.sync().seq
    browser.click(tab.deal_button)  # hidden: a page sends it anyway
    assert "boggle room" in tab.message.value
    browser.update(tab.auto, value=True)  # forged auto deal: the poll deals nothing and keeps going
    tab._tick()
    assert room.sync().seq == seq and not room.view().over
    # a forged path on the teacher's (disabled) board writes nothing
    browser.custom(tab.boggle.grid, {"type": "path", "cells": [2, 5, 6]})
    assert room.sync().seq == seq and room.found("Ana") == ()


def test_unticking_show_words_hides_the_words_but_not_the_counts(store, lex, teacher, browser, fixed_board):
    panel, tab = teacher
    _pick_boggle(tab, browser)
    browser.click(tab.open_button)
    ana = _join(store, lex, tab.room, "Ana")
    browser.click(tab.start_button)
    ana.sync()
    assert ana.write("tens").accepted
    tab._tick()
    assert "TENS" in tab.boggle.lists.value
    browser.update(tab.boggle.show_words, value=False)  # before projecting the screen
    tab._tick()
    lists = _text(tab.boggle.lists.value)
    assert "TENS" not in lists and "Ana · 1 words" not in lists and "Ana · 1 word" in lists
    tab.room.finish_round()
    tab._tick()
    assert "TENS" in tab.boggle.lists.value  # the end of the round is read out to the class


def test_a_tournament_room_names_the_champion_to_read_out(store, lex, teacher, browser, time_, fixed_board):
    panel, tab = teacher
    _pick_boggle(tab, browser)
    browser.update(tab.boggle.target, index=1)  # first to 50 points
    browser.click(tab.open_button)
    assert tab.room.options["target"] == 50
    tab.room.close()
    from myword_edu.boggle.rules import BoggleRules

    tab.room = panel.live_room = TeacherRoom.create(store, game="boggle", lexicons=lex,
                                                    boggle=BoggleRules(seconds=60, target=3))  # fmt: skip
    ana, ben = _join(store, lex, tab.room, "Ana"), _join(store, lex, tab.room, "Ben")
    tab.room.start_round()  # the room's own rules: to 3 points (the panel offers 50 and 100)
    tab._tick()
    for seat, words in ((ana, ("rat", "tens", "rest")), (ben, ("ate",))):
        seat.sync()
        for word in words:
            assert seat.write(word).accepted
    browser.click(tab.end_button)
    text = _text(tab.boggle.lists.value)
    assert "Ana reached 3 points and won the tournament!" in text
    browser.update(tab.boggle.target, index=7)  # an entry the list does not have: the value stays
    assert tab.boggle.target.value == 50
