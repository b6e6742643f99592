"""The Boggle page: "Who are you?", the teacher's Boggle settings enforced, every word stored first."""

from __future__ import annotations

import pytest

from myword_edu.boggle.rules import BoggleRules
from myword_edu.classroom.boggle_store import set_class_rules, set_student_rules
from myword_edu.classroom.store import Store
from myword_edu.ui.boggle.model import BPhase
from myword_edu.ui.boggle.page import BogglePage


@pytest.fixture
def store(tmp_path):
    return Store.open(f"sqlite:///{tmp_path / 'b.sqlite3'}", fresh=True)


@pytest.fixture
def page_for(store, clock):
    def make(query: str = "") -> BogglePage:
        return BogglePage(query, store=store, now=clock)

    return make


def hidden(widget) -> bool:
    return "myword-hidden" in widget._dom_classes


def pick(page, browser, name: str) -> None:
    (button,) = [b for b in page.names.children if b.description == name]
    browser.click(button)


def words_on(session, n: int) -> list[str]:
    words = [w for w in session.round.words if not session.lexicon.is_blocked(w)]
    return sorted(words, key=lambda w: (-session.lexicon.zipf(w), w))[:n]


def type_word(app, browser, word: str) -> None:
    browser.update(app.entry, value=word)
    browser.custom(app.entry, {"event": "submit"})


def test_a_rostered_student_plays_with_the_teachers_settings_and_every_word_is_stored_first(store, page_for, browser):
    ana = store.add_student("Ana")
    store.add_student("Ben")
    set_student_rules(store, [ana.id], size=5, dice="big", minutes=2, min_length=4)
    page = page_for()
    assert page.app is None and "Boggle" in page.heading.value
    pick(page, browser, "Ana")
    app, s = page.app, page.app.session
    assert page.student.name == "Ana" and app.locked and hidden(app.settings_row) and hidden(app.lang_toggle)
    assert (s.settings.dice_set, s.settings.seconds, s.min_length, s.width, s.is_solo) == ("big", 120, 4, 5, True)
    assert "Playing as Ana" in page.banner.value
    browser.click(app.start_button)
    seen = []
    record = store.record

    def spy(attempt):  # what the student saw when the word was committed
        seen.append((attempt.word, len(s.found), s.feedback))
        return record(attempt)

    store.record = spy
    first, second = words_on(s, 2)
    type_word(app, browser, first.upper())
    assert seen == [(first.upper(), 0, None)] and len(s.found) == 1 and s.feedback.good
    path = s.path_of(second)
    browser.custom(app.grid, {"type": "path", "cells": path})
    type_word(app, browser, first)  # already found
    type_word(app, browser, "zzzz")  # not a word
    type_word(app, browser, "the")  # too short on 5x5 with a minimum of 4
    type_word(app, browser, "   ")  # not a try at a word: nothing stored
    browser.custom(app.grid, {"type": "path", "cells": [0, 24]})  # a forged path: nothing stored
    rows = store.attempts()
    assert [(a.folded, a.accepted, a.reason) for a in rows] == [
        (first, True, None), (second, True, None), (first, False, "already_found"), ("zzzz", False, "not_a_word"),
        ("the", False, "too_short")]  # fmt: skip
    assert {a.game for a in rows} == {"boggle"} and len({a.game_id for a in rows}) == 1
    traced = rows[1]
    assert traced.card_count == len(second) and traced.cards.count("(") == len(path)
    assert traced.points == s.found[1].points > 0 and traced.min_cards == 4 and traced.lang == "en"


def test_the_page_cannot_change_the_teachers_settings(store, page_for, browser, clock):
    set_class_rules(store, BoggleRules(size=4, seconds=60, min_length=5, dice="es"))
    store.add_student("Ana")
    page = page_for()
    pick(page, browser, "Ana")
    app = page.app
    assert app.session.lang == "es" and app.session.min_length == 5
    browser.update(app.dice_pick, value="big")  # forged: the controls are hidden and disabled
    browser.update(app.minutes_pick, value=5)
    browser.update(app.min_pick, value=3)
    browser.update(app.lang_toggle, value="en")
    browser.click(app.new_game_button)
    s = app.session.settings
    assert (s.lang, s.dice_set, s.seconds, s.min_length) == ("es", "es", 60, 5)
    assert "Juegas como Ana" in page.banner.value


def test_personal_best_is_kept_in_the_store_per_student(store, page_for, browser, clock):
    ana = store.add_student("Ana")
    page = page_for()
    pick(page, browser, "Ana")
    s = page.app.session
    assert s.best is None
    s.start()
    for word in words_on(s, 3):
        s.submit(word)
    points = sum(p.points for p in s.found)
    clock.advance(181)
    s.tick()
    assert s.phase is BPhase.ROUND_OVER and s.new_best and s.best == points
    browser.click(page.not_me)  # a shared computer: the next student
    pick(page, browser, "Ana")
    assert page.app.session.best == points and str(points) in page.app.best.value
    ben = store.add_student("Ben")
    other = page_for()
    pick(other, browser, "Ben")
    assert other.app.session.best is None
    assert store.attempts(student_id=ana.id) and not store.attempts(student_id=ben.id)


def test_practice_links_and_guests_record_nothing(store, page_for, browser):
    store.add_student("Ana")
    page = page_for("lang=es&seed=3&minutes=2")
    assert page.student is None and not page.app.locked and page.app.session.lang == "es"
    page.app.session.start()
    page.app.session.submit(words_on(page.app.session, 1)[0])
    assert page.app.session.found and store.attempts() == []
    picker = page_for()
    browser.click(picker.guest_button)
    assert picker.student is None and not picker.app.locked
    picker.app.session.start()
    picker.app.session.submit(words_on(picker.app.session, 1)[0])
    assert store.attempts() == [] and store.progress()[0].attempts == 0


def test_with_no_class_list_the_page_is_guest_practice(page_for):
    page = page_for()
    assert page.student is None and page.app is not None and repr(page).startswith("<Boggle app")


def test_a_blocked_word_is_stored_with_its_reason(store, lexicons, clock):
    from myword_edu.boggle.board import Board
    from myword_edu.boggle.round import Round
    from myword_edu.classroom.export import attempts_csv, read_csv
    from myword_edu.ui.boggle.model import BoggleSession
    from myword_edu.ui.boggle.recorder import BoggleRecorder
    from myword_edu.ui.boggle.settings import BoggleSettings

    ana = store.add_student("Ana")
    s = BoggleSession(BoggleSettings(seed=1, name="Ana"), lexicons=lexicons, now=clock)
    BoggleRecorder(store, ana).attach(s)
    s.start()
    s.board = Board.from_string("D A / R N")  # a board that holds the word list's one blocked word
    s.round = Round(s.board, s.lexicon, s.players, min_length=3)
    s.round.subscribe(s._on_play)
    assert s.submit("darn").key == "reason.blocked_word" and s.submit("and").good
    rows = read_csv(attempts_csv(store))[1:]
    assert [(r[2], r[4], r[6], r[7]) for r in rows] == [
        ("darn", "", "no", "word not for class"), ("and", "A(1,2) N(2,2) D(1,1)", "yes", "")]
