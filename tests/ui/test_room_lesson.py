"""The teacher's Live room tab opens a MyWord! room with a lesson: the choice lists the lessons of the
room's language (and "no lesson"), the room deals the lesson's stacked deck, and the tab shows which
focus words were made and by whom, in English and Spanish."""

from __future__ import annotations

from collections import Counter

import pytest

from myword_edu.classroom.store import Store
from myword_edu.ui.room.page import RoomPage
from tests.ui.room_tabs import lesson_room_tab

TEXTS = {
    "en": {"none": "No lesson", "label": "Lesson", "title": "Focus words of “Cats and dogs”",
           "count": "1 of 2 focus words made", "not_yet": "not made yet",
           "gone": "That lesson cannot be used now"},
    "es": {"none": "Sin lección", "label": "Lección", "title": "Palabras clave de «Cats and dogs»",
           "count": "1 de 2 palabras clave formadas", "not_yet": "todavía nadie la formó",
           "gone": "Esa lección no se puede usar ahora"},
}  # fmt: skip


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", fresh=True)
    for name in ("Ana", "Ben"):
        store.add_student(name)
    return store


_tab = lesson_room_tab  # the unlocked Live room tab (tests/ui/room_tabs.py)


def _student(store, lex, browser, code, name):
    page = RoomPage(store=store, lexicons=lex)
    browser.update(page.code_box, value=code.lower())
    browser.custom(page.code_box, {"event": "submit"})
    browser.click(next(b for b in browser.widgets(page.root) if getattr(b, "description", None) == name))
    assert page.seat is not None
    return page


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_lesson_choice_lists_the_rooms_language_and_the_tab_shows_who_made_each_focus_word(
        store, lex, folder, clock, browser, lang):  # fmt: skip
    words = TEXTS[lang]
    tab = _tab(store, lex, folder, clock, lang)
    assert tab.lesson.description == words["label"]
    assert tab.lesson.options == ((words["none"], ""), ("Cats and dogs", "pets")) and tab.lesson.value == ""
    browser.update(tab.lang, index=1)  # a Spanish room: only the Spanish lessons
    assert tab.lesson.options == ((words["none"], ""), ("La casa", "casa"))
    browser.update(tab.lang, index=0)
    browser.update(tab.lesson, index=1)
    browser.click(tab.open_button)
    room = tab.room
    assert room is not None and room.lesson == "pets" and room.room_lesson.focus == ("cat", "dog")
    ana, _ben = (_student(store, lex, browser, room.code, n) for n in ("Ana", "Ben"))
    browser.click(tab.start_button)
    deck = room.replica.round.initial_deck
    lesson = tab.panel.library.get("pets")
    assert Counter(deck) == Counter(lesson.cards)
    block = Counter(lesson.spellings["dog"])  # deal until DOG's cards are all on the table
    for _ in range(next(i for i in range(len(deck) + 1) if not block - Counter(deck[:i]))):
        browser.click(tab.deal_button)
    ana._tick()
    browser.update(ana.entry, value="dog")
    browser.click(ana.call_button)
    assert "DOG" in ana.feedback.value
    tab._tick()
    shown = tab.focus.value
    assert words["title"] in shown and words["count"] in shown
    assert "<td><b>DOG</b></td><td>Ana</td>" in shown and words["not_yet"] in shown
    (attempt,) = store.attempts()
    assert attempt.lesson == "pets" and attempt.focus_word == "dog"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_lesson_whose_file_went_away_is_refused_with_a_message_and_no_room(store, lex, folder, clock, browser, lang):
    tab = _tab(store, lex, folder, clock, lang)
    browser.update(tab.lesson, index=1)
    (folder / "pets.toml").unlink()  # deleted in another window after it was chosen
    browser.click(tab.open_button)
    assert tab.room is None and TEXTS[lang]["gone"] in tab.message.value
    assert tab.lesson.value == "" and [v for _, v in tab.lesson.options] == [""]
    browser.click(tab.open_button)  # no lesson: a plain room opens
    assert tab.room is not None and tab.room.room_lesson is None and tab.focus.value == ""
