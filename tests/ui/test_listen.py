"""Listen and build on a student's page, without a browser: what is said, what the page can read, and
what is recorded, with the page sending what a hostile page could."""

from __future__ import annotations

import re

import pytest

from myword_edu.classroom.roster import StudentSettings
from myword_edu.classroom.store import Store
from myword_edu.core.resources import data_dir
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.ui.myword.listen import ListenSession
from myword_edu.ui.myword.model import Phase
from myword_edu.ui.whoami import StudentPage

from tests.store_clock import StoreClock

LESSON = "en-3-digraphs"


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 's.sqlite3'}", fresh=True)
    store.now = StoreClock()
    store.update_class(lesson=LESSON)
    return store


@pytest.fixture(scope="module")
def library():
    return LessonLibrary([data_dir("lessons")])


def open_game(store, library, clock, browser, query: str = "", **settings):
    """The page of a student with ``settings`` (or a guest link); the words it says are kept in ``app.said``."""
    ana = store.add_student("Ana", StudentSettings(**settings))
    page = StudentPage(query, store=store, now=clock, lessons=library)
    if not query:
        page.pick(ana.id)
    app = page.app
    app.said = []
    app.speaker.send = app.said.append  # what the page's speaker is told (Speaker.say's message)
    browser.custom(app.table, {"type": "ready"})  # the table is on screen: the first word is said
    return page, app


def shows(html: str, word: str) -> bool:
    """Does ``html`` show ``word`` (in any case; not counting the "hear it" buttons' failure text)?"""
    text = re.sub(r'data-failed="[^"]*"', "", html)
    return re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE) is not None


def word_asked(app) -> str:
    return app.said[-1]["word"]


def test_a_listening_student_hears_each_word_and_plays_without_robots(store, library, clock, browser):
    page, app = open_game(store, library, clock, browser, listen=True)
    s = app.session
    assert isinstance(s, ListenSession) and s.players == ["Ana"] and s.bots == []
    assert app.said == [{"type": "say", "word": s.listening.cues[0].word, "lang": "en", "pace": "normal"}]
    assert "myword-hidden" in app.pause_button._dom_classes and "myword-hidden" in app.next_button._dom_classes
    assert app.listen_bar.root.layout.display == "" and "Listen: which word is it?" in app.listen_bar.prompt.value
    browser.click(app.listen_bar.say_button)  # "Say it again": slowly the second time, then normal
    browser.click(app.listen_bar.say_button)
    assert [m["pace"] for m in app.said] == ["normal", "slow", "normal"]
    assert {m["word"] for m in app.said} == {s.listening.cues[0].word}


def test_a_student_without_listening_plays_as_before(store, library, clock, browser):
    page, app = open_game(store, library, clock, browser)
    assert not isinstance(app.session, ListenSession) and app.said == []
    assert app.listen_bar.root.layout.display == "none" and len(app.session.players) == 2  # the lesson's robot


def test_slow_first_when_the_teacher_chose_it(store, library, clock, browser):
    page, app = open_game(store, library, clock, browser, listen=True, listen_slow=True)
    browser.click(app.listen_bar.say_button)
    assert [m["pace"] for m in app.said] == ["slow", "normal"]


def test_the_page_never_holds_the_word_before_it_is_answered(store, library, clock, browser):
    page, app = open_game(store, library, clock, browser, listen=True)
    s = app.session
    for _ in range(s.word_count):
        word = word_asked(app)
        state = browser.page_state(page.root).lower()
        assert f'data-word=\\"{word}\\"' not in state and f">{word}<" not in state
        for html in (app.listen_bar.prompt.value, app.feedback.html, app.feed.value, app.listen_bar.answer.value):
            assert not shows(html, word), html
        app.entry.value = word
        browser.custom(app.entry, {"event": "submit"})
        assert s.answer.shown == word  # once answered: shown spelled right, with its "hear it" button
        assert f'data-word="{word}"' in app.listen_bar.answer.value and word in app.listen_bar.answer.value
    assert s.phase is Phase.GAME_OVER or s.phase is Phase.ROUND_OVER


def test_forged_messages_cannot_choose_what_is_said_or_recorded(store, library, clock, browser):
    page, app = open_game(store, library, clock, browser, listen=True)
    s = app.session
    first = word_asked(app)
    said = len(app.said)
    # The page asks its speaker to say something else, or sets its synced trait: Python never hears it.
    browser.custom(app.speaker, {"type": "say", "word": "cheat", "lang": "en", "pace": "slow"})
    browser.update(app.speaker, voice_path="http://evil.example/")
    assert len(app.said) == said and s.asking == first
    # A forged pick of cards that are not on the table, a forged "who" and a forged next card: nothing.
    browser.custom(app.table, {"type": "pick", "id": 10_000})
    browser.click(app.next_button)
    browser.click(app.pause_button)
    assert s.selection == [] and not s.paused and s.asking == first
    # A real word that is not the one said: a miss on the word said (standard rules: one try).
    others = sorted(w for w in s.round.words_possible("Ana") if w != first and not s.lexicon.is_blocked(w))
    other = others[0]  # a word the table makes (the first word's cards and a few more make some)
    app.entry.value = other
    browser.custom(app.entry, {"event": "submit"})
    attempt = store.attempts()[-1]
    assert attempt.focus_word == first and attempt.word == other and attempt.reason == "not_heard"
    assert not attempt.accepted and s.answer.word == first and not s.answer.right
    second = word_asked(app)
    assert second != first and s.asking == second
    # The right word, built by clicking its cards: right, on the word said.
    cue = s.listening.cue
    for card_id in range(cue.start, cue.end):
        browser.custom(app.table, {"type": "pick", "id": card_id})
    picked = "".join(s.round.initial_deck[i].letters for i in s.selection)
    browser.click(app.call_button)
    attempt = store.attempts()[-1]
    assert attempt.focus_word == second and attempt.accepted == (picked == second)
    # After the round, "Say it again" (even forged on its disabled button) says nothing.
    while s.phase is Phase.DEALING:
        app.entry.value = word_asked(app)
        browser.custom(app.entry, {"event": "submit"})
    said = len(app.said)
    assert app.listen_bar.say_button.disabled
    browser.click(app.listen_bar.say_button)
    assert len(app.said) == said
    tries = [a for a in store.attempts() if a.focus_word]
    assert len(tries) == len(store.attempts()) == s.word_count  # one try per word, each on its word
    assert sorted({a.focus_word for a in tries}) == sorted(s.lesson.shown[w] for w in s.lesson.focus)


def test_ages_7_try_again_without_penalty(store, library, clock, browser):
    page, app = open_game(store, library, clock, browser, listen=True, variant="junior")
    s = app.session
    first = word_asked(app)
    for n in range(2):
        app.entry.value = "zzqq"
        browser.custom(app.entry, {"event": "submit"})
        assert s.asking == first and s.retry and app.said[-1] == {"type": "say", "word": first, "lang": "en", "pace": "slow"}
        assert "Listen again" in app.listen_bar.prompt.value and s.answer is None
    app.entry.value = first
    browser.custom(app.entry, {"event": "submit"})
    assert s.answer.right and s.asking != first
    assert [(a.focus_word, a.accepted) for a in store.attempts()] == [(first, False), (first, False), (first, True)]


def test_a_guest_lesson_link_with_listen(store, library, clock, browser):
    page, app = open_game(store, library, clock, browser, "lesson=es-4-enye&listen=1&slow=1")
    s = app.session
    assert page.student is None and isinstance(s, ListenSession) and s.players == [s.student]
    assert app.said[0]["lang"] == "es" and app.said[0]["pace"] == "slow" and "Escucha" in app.listen_bar.prompt.value


def test_listening_without_a_lesson_is_ordinary_practice(store, library, clock, browser):
    page, app = open_game(store, library, clock, browser, "listen=1&seed=3")
    assert not isinstance(app.session, ListenSession) and app.said == []


def test_a_guests_robot_choice_and_the_class_screen_do_not_bring_robots_in(store, library, clock, browser):
    page, app = open_game(store, library, clock, browser, "lesson=en-3-digraphs&listen=1&bots=2")
    assert app.session.players == [app.session.student]
    app.bots_pick.value = 3
    browser.click(app.new_game_button)
    assert app.session.players == [app.session.student] and app.session.listening is not None
    browser.update(app.mode_toggle, index=1)  # the class screen: dealt by hand, nothing said
    assert app.session.listening is None and app.listen_bar.root.layout.display == "none"


def test_a_closed_tab_resumes_at_the_next_word(store, library, clock, browser):
    from myword_edu.classroom.presence import STALE_SECONDS

    page, app = open_game(store, library, clock, browser, listen=True)
    s = app.session
    asked = []
    for _ in range(2):
        asked.append(word_asked(app))
        app.entry.value = asked[-1]
        browser.custom(app.entry, {"event": "submit"})
    third = word_asked(app)
    store.now.advance(STALE_SECONDS + 1)  # the tab closed: its seat is free
    again = StudentPage("", store=store, now=clock, lessons=library)
    again.pick(store.students()[0].id)
    app2 = again.app
    app2.said = []
    app2.speaker.send = app2.said.append
    browser.custom(app2.table, {"type": "ready"})
    assert app2.session.table == s.table and word_asked(app2) == third and app2.session.word_number == 3
    app2.entry.value = third
    browser.custom(app2.entry, {"event": "submit"})
    assert [a.focus_word for a in store.attempts()] == [*asked, third] and len({a.game_id for a in store.attempts()}) == 1
