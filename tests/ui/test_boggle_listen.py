""""Find the word you hear" on a Boggle lesson board, driven as the browser drives it (no browser):
the page says a planted word (never shows it), that word scores double, then the next is said."""

from __future__ import annotations

import html
import re

import pytest

from myword_edu.classroom.store import Store
from myword_edu.core.resources import data_dir
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.ui.boggle.app import BoggleApp
from myword_edu.ui.boggle.model import BPhase, BoggleSession
from myword_edu.ui.boggle.page import is_boggle_practice_link
from myword_edu.ui.boggle.recorder import BoggleRecorder
from myword_edu.ui.boggle.settings import BoggleSettings


@pytest.fixture(scope="module")
def library():
    return LessonLibrary([data_dir("lessons")])  # the shipped lessons only


def text(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())


def hidden(widget) -> bool:
    return "myword-hidden" in widget._dom_classes


def listening_app(library, clock, **settings):
    app = BoggleApp(BoggleSettings(seed=7, lesson="en-3-digraphs", listen=True, **settings), now=clock, lessons=library.get)
    said: list[dict] = []
    app.listen.speaker.send = said.append  # what the page's speaker is asked to say (a message, never a trait)
    return app, said


def test_the_page_says_a_planted_word_that_scores_double_then_the_next(library, browser, clock):
    app, said = listening_app(library, clock)
    s = app.session
    assert s.is_listening and said == []  # nothing is said before Start: the line tells what will happen
    assert not hidden(app.listen.root) and app.listen.again_button.layout.visibility == "hidden"
    browser.click(app.start_button)
    first, second, third = s.focus[:3]
    assert said == [{"type": "say", "word": first, "lang": "en", "pace": "normal"}]
    assert not hidden(app.listen.root) and "Listen! Find the word you hear" in text(app.listen.note.value)
    page = browser.page_state(app.root)
    for word in s.focus:  # the page hears the word; it never reads it
        assert word.upper() not in page and f'"{word}"' not in page
    normal = s.round.points(second)[0]
    browser.update(app.entry, value=second.upper())  # a planted word that was not said: normal points
    browser.custom(app.entry, {"event": "submit"})
    assert (s.found[-1].word, s.found[-1].points, s.found[-1].heard) == (second, normal, False)
    assert len(said) == 1  # still the same word to find
    browser.custom(app.grid, {"type": "path", "cells": s.path_of(first)})  # traced: the word said
    play = s.found[-1]
    assert (play.word, play.heard, play.points) == (first, True, 2 * s.round.points(first)[0])
    assert "You heard it: " + first.upper() + ", double points!" in text(app.feedback.html)
    assert app.found.value.count('class="boggle-x2 boggle-heard" title="×2: the word you heard."') == 1  # only FIRST
    assert said[-1] == {"type": "say", "word": third, "lang": "en", "pace": "normal"}  # the next not yet found
    clock.advance(181)
    s.tick()
    assert s.phase is BPhase.ROUND_OVER and hidden(app.listen.root) and s.heard == ""
    assert s.result.scores[s.student] == sum(p.points for p in s.found)


def test_say_it_again_repeats_the_word_slowly_the_second_time_and_a_forged_click_says_nothing(library, browser, clock):
    app, said = listening_app(library, clock)
    browser.click(app.listen.again_button)  # before Start (the button is hidden): no word to say
    assert said == []
    browser.click(app.start_button)
    word = app.session.heard
    browser.click(app.listen.again_button)
    browser.click(app.listen.again_button)
    assert [(m["word"], m["pace"]) for m in said] == [(word, "normal"), (word, "normal"), (word, "slow")]
    assert app.listen.again_button.description == "Say it again"
    for forged in ({"type": "say", "word": "zebra"}, {"event": "click", "word": "zebra"}):  # the page sends a word
        browser.custom(app.listen.speaker, forged)
        browser.custom(app.listen.again_button, forged)
    assert all(m["word"] == word for m in said) and app.session.heard == word


def test_when_every_planted_word_is_found_the_page_says_so(library, browser, clock):
    app, said = listening_app(library, clock)
    s = app.session
    browser.click(app.start_button)
    for word in list(s.focus):
        browser.update(app.entry, value=word)
        browser.custom(app.entry, {"event": "submit"})
    assert [m["word"] for m in said] == list(s.focus)  # each said in turn, each once
    assert all(p.heard for p in s.found) and s.heard == ""
    assert "You found every word you heard!" in text(app.listen.note.value) and app.listen.again_button.layout.visibility == "hidden"


def test_spanish_and_no_listening(library, browser, clock):
    app = BoggleApp(BoggleSettings(seed=3, lesson="es-4-enye", listen=True), now=clock, lessons=library.get)
    said: list[dict] = []
    app.listen.speaker.send = said.append
    browser.click(app.start_button)
    assert said[0]["lang"] == "es" and said[0]["word"] == app.session.lexicon.spelling(app.session.focus[0])
    assert "¡Escucha! Busca en el tablero la palabra que oyes" in text(app.listen.note.value)
    assert app.listen.again_button.description == "Repetir la palabra"
    quiet = BoggleApp(BoggleSettings(seed=7, lesson="en-3-digraphs"), now=clock, lessons=library.get)
    silent: list[dict] = []
    quiet.listen.speaker.send = silent.append
    browser.click(quiet.start_button)  # no listening: nothing said, no prompt, normal points
    word = quiet.session.focus[0]
    quiet.session.submit(word)
    assert silent == [] and hidden(quiet.listen.root) and not quiet.session.found[-1].heard
    plain = BoggleApp(BoggleSettings(seed=7, listen=True), now=clock)  # no lesson: no planted word to say
    assert not plain.session.is_listening


def test_the_link_turns_listening_on():
    assert BoggleSettings.from_query("lesson=en-3-digraphs&listen=1").listen is True
    assert BoggleSettings.from_query("lesson=en-3-digraphs&listen=maybe").listen is False
    assert is_boggle_practice_link("listen=1")


def test_the_attempt_records_the_doubled_points(library, lexicons, clock):
    store = Store.open("sqlite://", fresh=True)
    ana = store.add_student("Ana")
    s = BoggleSession(BoggleSettings(seed=7, lesson="en-3-digraphs", listen=True, name="Ana"), now=clock,
                      lessons=library.get)  # fmt: skip
    BoggleRecorder(store, ana).attach(s)
    s.start()
    heard, other = s.heard, s.focus[1]
    s.submit(other)
    s.submit(heard)
    rows = {a.folded: a.points for a in store.attempts()}
    assert rows == {other: s.round.points(other)[0], heard: 2 * s.round.points(heard)[0]}


def test_a_round_carried_on_after_a_closed_tab_says_and_scores_the_same(library, clock):
    def session():
        return BoggleSession(BoggleSettings(seed=7, lesson="en-3-digraphs", listen=True), now=clock, lessons=library.get)

    played = session()
    played.start()
    first, second = played.focus[:2]
    sent = [(second, None, 1.0), (None, played.path_of(first), 2.0)]
    for typed, path, at in sent:
        played.submit(typed) if typed else played.submit_path(path)
    again = session()  # a new kernel: the same seed, the words the student sent
    again.carry_on(sent, elapsed=5.0)
    assert [(p.word, p.points, p.heard) for p in again.found] == [(p.word, p.points, p.heard) for p in played.found]
    assert again.heard == played.heard == played.focus[2]
