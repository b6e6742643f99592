"""The live room's "Say a word", driven as browsers drive it (no browser): the teacher's button has every
student's page say a focus word (a message to its speaker, never a synced trait), the students see only
"Listen!" until someone builds it, and a student's page can never make the room say a word."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest

from myword_edu.classroom.store import Store
from myword_edu.ui.room.page import RoomPage
from tests.ui.room_tabs import lesson_room_tab
from myword_edu.ui.widgets.speech import Speaker

TEXTS = {
    "en": {"say": "Say a word", "said": "Said to the class:", "waiting": "Nobody has made it yet.",
           "listen": "Listen! Make the word you hear", "again": "Say it again", "made": "The word was {word}: Ana made it.",
           "first": "Ana made it first."},
    "es": {"say": "Decir una palabra", "said": "Palabra dicha a la clase:", "waiting": "Nadie la ha formado todavía.",
           "listen": "¡Escucha! Forma con las cartas de la mesa", "again": "Repetir la palabra",
           "made": "La palabra era {word}: la formó Ana.", "first": "Ana la formó primero."},
}  # fmt: skip
LESSON = {"en": ("pets", ["cat", "dog"]), "es": ("casa", ["casa", "mesa"])}


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", fresh=True)
    for name in ("Ana", "Ben", "Cleo"):
        store.add_student(name)
    return store


def text(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())


_tab = lesson_room_tab  # the unlocked Live room tab (tests/ui/room_tabs.py)


def _student(store, lex, browser, code, name, lang):
    page = RoomPage(store=store, lexicons=lex, lang=lang)
    browser.update(page.code_box, value=code.lower())
    browser.custom(page.code_box, {"event": "submit"})
    browser.click(next(b for b in browser.widgets(page.root) if getattr(b, "description", None) == name))
    assert page.seat is not None
    page.said_aloud = []
    for speaker in (w for w in browser.widgets(page.root) if isinstance(w, Speaker)):
        speaker.send = page.said_aloud.append  # what this device is asked to say
    return page


def _lesson_room(store, lex, folder, clock, browser, lang):
    tab = _tab(store, lex, folder, clock, lang)
    if lang == "es":
        browser.update(tab.lang, index=1)
    browser.update(tab.lesson, index=1)  # the room's language's one lesson
    assert tab.lesson.value == LESSON[lang][0]
    browser.click(tab.open_button)
    assert tab.room is not None and tab.room.room_lesson is not None
    return tab



def _visible(widget) -> bool:
    return widget.layout.visibility != "hidden" and widget.layout.display != "none"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_say_a_word_has_every_page_say_it_and_shows_it_only_once_someone_builds_it(
        store, lex, folder, clock, browser, lang):  # fmt: skip
    words = TEXTS[lang]
    store.update_students([s.id for s in store.students()], lang=lang)  # they play in the lesson's language
    tab = _lesson_room(store, lex, folder, clock, browser, lang)
    room = tab.room
    ana, ben = (_student(store, lex, browser, room.code, n, lang) for n in ("Ana", "Ben"))
    assert tab.say_button.description == words["say"] and _visible(tab.say_button)
    browser.click(tab.start_button)
    for page in (ana, ben):
        page._tick()
        assert not _visible(page.listen.root) and page.said_aloud == []
    browser.click(tab.say_button)
    word = room.view().said[-1].word
    assert word in LESSON[lang][1]
    assert words["said"] in text(tab.said.value) and word.upper() in tab.said.value  # the teacher sees the word
    assert words["waiting"] in text(tab.said.value)
    for page in (ana, ben):
        page._tick()
        assert page.said_aloud == [{"type": "say", "word": word, "lang": lang, "pace": "normal"}]
        assert _visible(page.listen.root) and words["listen"] in text(page.listen.note.value)
        assert page.listen.again_button.description == words["again"]
        state = browser.page_state(page.root)
        assert word.upper() not in state and f'"{word}"' not in state  # heard, never read
    browser.click(ben.listen.again_button)
    browser.click(ben.listen.again_button)
    assert [m["pace"] for m in ben.said_aloud] == ["normal", "normal", "slow"] and len(ana.said_aloud) == 1
    block = Counter(tab.panel.library.get(LESSON[lang][0]).spellings[word])
    while block - Counter(c.card for c in room.view().table):  # deal until the word's cards are all out
        browser.click(tab.deal_button)
    ana._tick()
    browser.update(ana.entry, value=word)
    browser.click(ana.call_button)  # the normal claim path: Ana takes the cards
    assert word.upper() in ana.feedback.value
    for page in (ana, ben):
        page._tick()
        assert words["made"].format(word=word.upper()) in text(page.listen.note.value)
        assert not _visible(page.listen.again_button)
    tab._tick()
    assert words["first"] in text(tab.said.value)
    (attempt,) = [a for a in store.attempts() if a.outcome.value == "accepted"]
    assert attempt.focus_word == word and attempt.student == "Ana"


def test_a_student_page_cannot_make_the_room_say_a_word(store, lex, folder, clock, browser):
    tab = _lesson_room(store, lex, folder, clock, browser, "en")
    room = tab.room
    ana = _student(store, lex, browser, room.code, "Ana", "en")
    browser.click(tab.start_button)
    ana._tick()
    for widget in browser.widgets(ana.root):  # every click and intent a hostile page could send
        browser.click(widget) if hasattr(widget, "on_click") else None
        browser.custom(widget, {"type": "say", "word": "cat", "lang": "en"})
        browser.custom(widget, {"event": "click", "say": "dog"})
    ana._tick()
    assert room.sync().said == () and ana.said_aloud == [] and not _visible(ana.listen.root)
    browser.click(tab.say_button)
    word = room.view().said[-1].word
    ana._tick()
    for widget in browser.widgets(ana.root):  # forged again: at most the word already said, said again
        browser.custom(widget, {"type": "say", "word": "zebra", "lang": "en"})
    assert {m["word"] for m in ana.said_aloud} == {word} and len(room.sync().said) == 1


def test_a_page_that_joins_after_the_word_was_said_can_say_it_again(store, lex, folder, clock, browser):
    tab = _lesson_room(store, lex, folder, clock, browser, "en")
    room = tab.room
    _student(store, lex, browser, room.code, "Ana", "en")
    store.update_students([store.add_student("Eva").id], lang="es")
    eva = _student(store, lex, browser, room.code, "Eva", "es")  # plays in Spanish: without the lesson
    browser.click(tab.start_button)
    browser.click(tab.say_button)
    word = room.view().said[-1].word
    eva._tick()
    assert eva.said_aloud == [] and not _visible(eva.listen.root)
    cleo = _student(store, lex, browser, room.code, "Cleo", "en")  # joins (or rejoins) afterwards
    cleo._tick()
    assert _visible(cleo.listen.root) and "Listen!" in text(cleo.listen.note.value)
    assert cleo.said_aloud == []  # not said on its own: the button is there
    browser.click(cleo.listen.again_button)
    assert cleo.said_aloud == [{"type": "say", "word": word, "lang": "en", "pace": "normal"}]


def test_a_room_without_a_lesson_has_no_say_button_and_refuses_a_forged_click(store, lex, folder, clock, browser):
    tab = _tab(store, lex, folder, clock, "en")
    browser.click(tab.open_button)
    ana = _student(store, lex, browser, tab.room.code, "Ana", "en")
    browser.click(tab.start_button)
    assert not _visible(tab.say_button) and not _visible(tab.said) and ana.listen is None
    browser.click(tab.say_button)  # hidden, clicked anyway
    assert tab.room.view().said == () and tab.message.value
