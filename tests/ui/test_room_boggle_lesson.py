"""A live Boggle room played with a lesson, as widgets: the teacher's Boggle controls offer the lessons of
the dice's language (the same choice as MyWord! rooms, checked again in Python), the tab says how many focus
words are hidden and which did not fit, then who found each; a student's page says how many are hidden and
its review lists the focus words first, found or not; forged choices open no lesson room."""

from __future__ import annotations

import pytest

from myword_edu.boggle.dice import DICE
from myword_edu.classroom.roster import StudentSettings
from myword_edu.classroom.store import Store
from myword_edu.rooms.live import TeacherRoom
from myword_edu.ui.room.page import RoomPage
from tests.ui.room_tabs import lesson_room_tab
from tests.store_clock import StoreClock

BOARD = "P E R S / L A T G / S I N E / T E R S"  # REST and TENS are on it, CAT is not
DICE_INDEX = {name: i for i, name in enumerate(DICE)}
TEXTS = {
    "en": {"none": "No lesson", "planted": "Lesson “Week 3”: its focus words are hidden on every new board.",
           "hidden": "Lesson “Week 3”: 2 focus words hidden on the board.", "left": "Did not fit on this board: CAT",
           "title": "Focus words of “Week 3”", "found": "1 of 2 focus words found", "nobody": "nobody found it",
           "page_hidden": "Words from your lesson hidden on this board: 2", "page_found": "Lesson words found: {n} of 2",
           "page_left": "Not on this board (no room): CAT", "gone": "That lesson cannot be used now"},
    "es": {"none": "Sin lección", "planted": "Lección «Week 3»: sus palabras clave se esconden en cada tablero nuevo.",
           "hidden": "Lección «Week 3»: 2 palabras clave escondidas en el tablero.",
           "left": "No hubo sitio en este tablero para: CAT", "title": "Palabras clave de «Week 3»",
           "found": "1 de 2 palabras clave encontradas", "nobody": "nadie la encontró",
           "page_hidden": "Palabras de tu lección escondidas en este tablero: 2",
           "page_found": "Palabras de la lección encontradas: {n} de 2", "page_left": "No cupieron en este tablero: CAT",
           "gone": "Esa lección no se puede usar ahora"},
}  # fmt: skip


@pytest.fixture
def folder(tmp_path):
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "week3.toml").write_text('title = "Week 3"\nlanguage = "en"\nfocus = ["rest", "tens", "cat"]\n')
    (folder / "casa.toml").write_text('title = "La casa"\nlanguage = "es"\nfocus = ["casa", "mesa"]\n')
    return folder


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", fresh=True)
    store.now = StoreClock()
    return store


@pytest.fixture
def fixed_board(monkeypatch):
    """Rooms the tab opens roll the known board (so the test knows which focus words fit)."""
    create = TeacherRoom.create.__func__
    monkeypatch.setattr(TeacherRoom, "create", classmethod(lambda cls, *a, **k: create(cls, *a, board=BOARD, **k)))


_tab = lesson_room_tab  # the unlocked Live room tab (tests/ui/room_tabs.py)


def _student(store, lex, browser, code, name):
    page = RoomPage(store=store, lexicons=lex)
    browser.update(page.code_box, value=code)
    browser.custom(page.code_box, {"event": "submit"})
    browser.click(next(b for b in browser.widgets(page.root) if getattr(b, "description", None) == name))
    assert page.seat is not None and page.boggle is not None
    return page


def _tick(page):
    page.seat.poll()
    page.boggle.tick()


def _shown(widget) -> bool:
    return widget.layout.display != "none"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_lesson_room_says_how_many_focus_words_are_hidden_and_then_who_found_each(
        store, lex, folder, clock, browser, fixed_board, lang):  # fmt: skip
    words = TEXTS[lang]
    for name in ("Ana", "Ben"):
        store.add_student(name, StudentSettings(lang=lang))
    tab = _tab(store, lex, folder, clock, lang)
    choice = tab.boggle.lesson_choice.dropdown
    browser.update(tab.game, index=1)
    assert _shown(choice) and choice.value == ""  # no lesson unless the teacher picks one
    assert choice.options == ((words["none"], ""), ("Week 3", "week3"))  # the English dice: English lessons
    browser.update(tab.boggle.dice, index=DICE_INDEX["es"])
    assert choice.options == ((words["none"], ""), ("La casa", "casa"))
    browser.update(tab.boggle.dice, index=DICE_INDEX["new"])
    browser.update(choice, index=1)
    browser.click(tab.open_button)
    room = tab.room
    assert room is not None and room.is_boggle and room.lesson == "week3" and room.room_lesson.focus == ("rest", "tens", "cat")
    assert words["planted"] in tab.boggle.focus.value
    ana, ben = (_student(store, lex, browser, room.code, n) for n in ("Ana", "Ben"))
    browser.click(tab.start_button)
    shown = tab.boggle.focus.value
    assert words["hidden"] in shown and words["left"] in shown
    assert "REST" not in shown and "TENS" not in shown  # the screen may be projected: not which ones
    _tick(ana), _tick(ben)
    assert words["page_hidden"] in ana.boggle.status.value and words["page_found"].format(n=0) in ana.boggle.status.value
    assert "REST" not in browser.page_state(ana.root)  # the page knows how many, not which
    board = room.view().board
    browser.custom(ana.boggle.grid, {"type": "path", "cells": list(board.find_path("rest"))})  # Ana traces REST
    assert "REST" in ana.boggle.found.value and words["page_found"].format(n=1) in ana.boggle.status.value
    store.now.advance(181)  # the clock runs out
    tab._tick()
    _tick(ana), _tick(ben)
    shown = tab.boggle.focus.value
    assert words["title"] in shown and words["found"] in shown and words["left"] in shown
    assert "<td><b>REST</b></td><td>Ana</td>" in shown and f"<td><b>TENS</b></td><td><i>{words['nobody']}</i>" in shown
    # the student's review: the focus words first (found or not), then the lists, then the words nobody found
    side = ana.boggle.lesson_review
    assert _shown(side) and side.value.index('data-word="rest" data-found="yes"') < side.value.index('data-word="tens" data-found="no"')
    assert words["page_left"] in side.value and words["page_hidden"] not in ana.boggle.status.value
    parent = next(b for b in browser.widgets(ana.boggle.root) if side in getattr(b, "children", ()))
    assert parent.children.index(side) < parent.children.index(ana.boggle.result)
    assert 'data-word="rest" data-found="no"' in ben.boggle.lesson_review.value  # Ben did not find it
    assert ben.boggle.missed.words[0]["text"] == "TENS"  # nobody found it: first of the words to look at
    browser.custom(ben.boggle.missed, {"type": "show", "id": 0})
    assert ben.boggle.grid.highlight == list(board.find_path("tens", through=board.bonus) or board.find_path("tens"))
    (attempt,) = store.attempts()
    assert (attempt.student, attempt.lesson, attempt.focus_word, attempt.accepted) == ("Ana", "week3", "rest", True)


def test_forged_or_stale_lesson_choices_are_refused_in_python(store, lex, folder, clock, browser):
    for name in ("Ana",):
        store.add_student(name)
    tab = _tab(store, lex, folder, clock)
    choice = tab.boggle.lesson_choice.dropdown
    browser.update(tab.game, index=1)
    browser.update(choice, index=7)  # forged: not on the list
    browser.update(choice, value="casa")  # forged: a Spanish lesson's id for English dice
    assert choice.value == ""
    browser.update(choice, index=1)
    # the file is rewritten in Spanish (another window) after it was picked: refused, no room opens
    (folder / "week3.toml").write_text('title = "Week 3"\nlanguage = "es"\nfocus = ["casa", "mesa"]\n')
    browser.click(tab.open_button)
    assert tab.room is None and TEXTS["en"]["gone"] in tab.message.value
    assert choice.value == "" and choice.options == (("No lesson", ""),)
    # a Spanish lesson picked for Spanish dice is not kept when the dice turn English
    browser.update(tab.boggle.dice, index=DICE_INDEX["es"])
    browser.update(choice, index=1)
    assert choice.value in ("casa", "week3")
    browser.update(tab.boggle.dice, index=DICE_INDEX["new"])
    assert choice.value == ""
    browser.click(tab.open_button)  # no lesson: a plain room, as before
    room = tab.room
    assert room is not None and room.room_lesson is None and room.lesson is None
    ana = _student(store, lex, browser, room.code, "Ana")
    browser.click(tab.start_button)
    _tick(ana)
    assert not _shown(tab.boggle.focus) and room.view().focus == ()
    assert "boggle-lesson-status" not in ana.boggle.status.value
    assert TeacherRoom.create(store, game="boggle", lexicons=lex).room_lesson is None
