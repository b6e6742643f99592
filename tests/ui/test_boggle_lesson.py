"""A Boggle game with a lesson, driven as the browser drives it (no browser): the board is a lesson
board, the page says how many focus words are hidden (not which), and the review lists them first."""

from __future__ import annotations

import html
import re

import pytest

from myword_edu.classroom.store import Store
from myword_edu.core.resources import data_dir
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.ui.boggle.app import BoggleApp
from myword_edu.ui.boggle.model import BPhase
from myword_edu.ui.boggle.page import BogglePage
from myword_edu.ui.boggle.settings import BoggleSettings


@pytest.fixture(scope="module")
def library():
    return LessonLibrary([data_dir("lessons")])  # the shipped lessons only


def text(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())


def hidden(widget) -> bool:
    return "myword-hidden" in widget._dom_classes


def test_a_lesson_game_plants_the_focus_words_and_reviews_them_first(library, browser, clock):
    lesson = library.get("en-3-digraphs")
    app = BoggleApp(BoggleSettings(seed=7, lesson="en-3-digraphs"), now=clock, lessons=library.get)
    s = app.session
    assert s.focus and set(s.focus) <= set(lesson.focus)
    for word in s.focus:  # every planted word can be traced on the board and scores
        assert s.board.find_path(word) is not None and word in s.round.words
    count = len(s.focus)
    assert f"Words from your lesson hidden on this board: {count}" in text(app.status.html)
    browser.click(app.start_button)
    page = browser.page_state(app.root)
    for word in lesson.focus:  # the page gets the count, not the words
        assert word.upper() not in page and f'"{word}"' not in page
    first = s.focus[0]
    browser.custom(app.grid, {"type": "path", "cells": s.path_of(first)})
    assert s.found[-1].word == first and s.focus_found == [first]
    assert f"Lesson words found: 1 of {count}" in text(app.status.html)
    clock.advance(181)
    s.tick()
    assert s.phase is BPhase.ROUND_OVER and not hidden(app.lesson_review)
    review = app.lesson_review.value
    assert f'data-word="{first}" data-found="yes"' in review
    for word in s.focus[1:]:
        assert f'data-word="{word}" data-found="no"' in review
    assert f"Lesson words found: 1 of {count}" in text(review)
    # the result (score, personal best) first, then the lesson words, then the other missed words
    children = list(app.root.children[-1].children[1].children)
    assert children.index(app.result) < children.index(app.lesson_review) < children.index(app.missed_box)
    missed = [c["text"] for c in app.missed.words]
    assert missed[: count - 1] == [s.lexicon.spelling(w).upper() for w in s.focus[1:]]
    browser.custom(app.missed, {"type": "show", "id": 0})  # the first missed focus word, shown on the board
    assert "".join(s.board.cells[c] for c in app.grid.highlight) == s.focus[1]


def test_a_spanish_lesson_plays_in_spanish_on_the_spanish_dice(library, browser, clock):
    app = BoggleApp(BoggleSettings(seed=3, lesson="es-4-enye"), now=clock, lessons=library.get)
    s = app.session
    assert (s.lang, s.settings.dice_set) == ("es", "es")
    assert "Palabras de tu lección escondidas en este tablero" in text(app.status.html)
    assert "ñ" in s.board.cells and all(s.board.find_path(w) for w in s.focus)
    browser.click(app.start_button)
    clock.advance(200)
    s.tick()
    assert "Las palabras de tu lección" in text(app.lesson_review.value)


def test_each_round_of_a_tournament_is_a_new_lesson_board(library, browser, clock):
    app = BoggleApp(BoggleSettings(seed=5, lesson="en-1-short-a", target=50), now=clock, lessons=library.get)
    s = app.session
    first = s.board
    browser.click(app.start_button)
    clock.advance(200)
    s.tick()
    browser.click(app.next_round_button)
    assert s.board != first and s.focus and all(s.board.find_path(w) for w in s.focus)
    assert s.focus_found == [] and "Words from your lesson hidden" in text(app.status.html)


def test_no_lesson_no_lesson_board(browser, clock):
    app = BoggleApp(BoggleSettings(seed=7), now=clock)
    assert app.session.focus == [] and "lesson" not in text(app.status.html)
    browser.click(app.start_button)
    clock.advance(200)
    app.session.tick()
    assert app.lesson_review.value == "" and hidden(app.lesson_review)


def test_a_rostered_students_lesson_is_planted_on_their_boggle_board(tmp_path, library, browser, clock):
    store = Store.open(f"sqlite:///{tmp_path / 'b.sqlite3'}", fresh=True)
    store.add_student("Ana", lesson="en-4-qu")
    store.add_student("Ben")
    store.update_class(lesson="en-5-magic-e")
    page = BogglePage("", store=store, now=clock, lessons=library)
    (ana,) = [b for b in page.names.children if b.description == "Ana"]
    browser.click(ana)
    s = page.app.session
    assert s.settings.lesson == "en-4-qu" and s.lesson.title in page.banner.value
    assert s.focus and all(w.startswith(("qu", "squ")) for w in s.focus)
    browser.click(page.not_me)
    (ben,) = [b for b in page.names.children if b.description == "Ben"]
    browser.click(ben)  # no lesson of his own: the class's
    assert page.app.session.settings.lesson == "en-5-magic-e" and page.app.session.focus


def test_a_class_lesson_in_another_language_is_not_planted_but_named_as_a_conflict(tmp_path, library, browser, clock):
    store = Store.open(f"sqlite:///{tmp_path / 'b.sqlite3'}", fresh=True)
    store.add_student("Ben")  # English dice (the class's), a Spanish class lesson: he plays English, no lesson
    store.update_class(lesson="es-1-silabas-directas")
    page = BogglePage("", store=store, now=clock, lessons=library)
    (ben,) = [b for b in page.names.children if b.description == "Ben"]
    browser.click(ben)
    assert page.app.session.settings.lesson is None and page.app.session.lang == "en" and page.app.session.focus == []
    assert [c.code for c in page.effective.conflicts] == ["lesson_lang"]


def test_a_practice_link_with_a_lesson_plays_it_and_a_bad_lesson_is_ignored(library, clock):
    page = BogglePage("lesson=en-5-magic-e&seed=4", store=None, now=clock, lessons=library)
    assert page.app.session.lesson.id == "en-5-magic-e" and page.app.session.focus
    page = BogglePage("lesson=../../etc&seed=4", store=None, now=clock, lessons=library)
    assert page.app.session.lesson is None and page.app.session.focus == []
    page = BogglePage("lesson=no-such-lesson&seed=4", store=None, now=clock, lessons=library)
    assert page.app.session.lesson is None


def test_the_teachers_listening_setting_plays_the_lesson_board_by_ear(tmp_path, library, browser, clock):
    from myword_edu.classroom.roster import StudentSettings

    store = Store.open(f"sqlite:///{tmp_path / 'b.sqlite3'}", fresh=True)
    store.add_student("Ana", StudentSettings(listen=True), lesson="en-4-qu")
    store.add_student("Ben", StudentSettings(listen=True))  # listening on, but no lesson: no word to say
    store.add_student("Cleo", lesson="en-4-qu")  # a lesson, listening off
    page = BogglePage("", store=store, now=clock, lessons=library)
    expected = {"Ana": True, "Ben": False, "Cleo": False}
    for name, listening in expected.items():
        (button,) = [b for b in page.names.children if b.description == name]
        browser.click(button)
        assert page.app.session.settings.listen is listening, name
        assert page.app.session.is_listening is listening, name
        browser.click(page.not_me)
