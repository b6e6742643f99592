"""Listen and build, played to the end of a round by a rostered student, in Debian's Chromium with no network.

The shared ``myword-edu serve`` (its class database gets one student with listening on and a
lesson). The page may reach 127.0.0.1 only, and its audio is captured where it is made (the
TAP of ``test_speech.py``); the page's speaker also announces each word it has just said (a
``myword-said`` event), which is how this test, like the student, learns the word: from what
was said, never from the page's text. Each word must be speech-length, non-silent audio in
English, the engine's next word (``listen_order`` of the game's seed), absent from the page's
text until it is answered; the test builds it (one on purpose wrong), and finds every try, on
its focus word, in the attempts CSV the Progress tab downloads.
"""

from __future__ import annotations

import json
import os
import re

import pytest

from myword_edu.classroom.export import attempts_rows, read_csv, to_csv
from myword_edu.classroom.roster import StudentSettings
from myword_edu.classroom.store import DB_ENV, Store
from myword_edu.myword.lesson_library import default_library
from myword_edu.myword.listening import listen_order
from tests.browser.conftest import SCREENSHOTS
from tests.browser.test_speech import NO_VOICES, assert_speech, offline  # noqa: F401 (the fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAME = "Leo Listens"
LESSON = "en-1-short-a"  # six words: cat, hat, map, bag, jam, van
CARDS = ".myword-table .myword-card"
#: Each word the page says, with the sound it made (the TAP's last capture, made just before).
SAID = r"""
window.__said = [];
document.addEventListener("myword-said", (event) => {
  window.__said.push({ ...event.detail, sound: window.__heard[window.__heard.length - 1] || null });
});
"""


@pytest.fixture
def listening_student(server):
    """The shared server's class with one student who has listening on and a lesson; removed afterwards."""
    store = Store.open(os.environ[DB_ENV], fresh=True)
    student = store.add_student(NAME, StudentSettings(listen=True))
    store.update_students([student.id], lesson=LESSON)
    yield store, student
    store.remove_student(student.id)
    store.dispose()


def _said(page, count: int) -> dict:
    page.wait_for_function(f"window.__said.length >= {count}", timeout=120_000)
    return page.evaluate(f"window.__said[{count - 1}]")


def _visible(page) -> str:
    """The text of the listening bar, the answer line and the calls: where a word could be given away."""
    return " ".join(page.locator(css).inner_text() for css in (".myword-listen", ".myword-feedback", ".myword-feed"))


def test_listen_and_build_a_round_and_find_the_tries_in_the_csv(offline, server, listening_student):  # noqa: F811
    store, student = listening_student
    page = offline(NO_VOICES, SAID)
    page.goto(f"http://127.0.0.1:{server.port}/voila/render/myword.ipynb")  # (127.0.0.1: the only host it may reach)
    page.locator(".myword-names button", has_text=re.compile(f"^{NAME}$")).click()
    page.wait_for_selector(CARDS)
    page.wait_for_selector("text=Listen: which word is it?")
    assert "Robot" not in page.locator(".myword-scoreboard").inner_text()  # the robots sit this mode out
    found = store.unfinished_game(student.id, "practice")
    assert found is not None
    game = json.loads(found[1])["game"]  # its seed, and the words its decks deal first (the spaced review)
    lesson = default_library().get(LESSON).reviewing(game["review"])
    expected = [cue.word for cue in listen_order(lesson, game["seed"], 0)]

    said_count = 0
    for n, word in enumerate(expected):
        said_count += 1
        said = _said(page, said_count)
        assert (said["word"], said["lang"], said["pace"]) == (word, "en", "normal"), (n, said)
        assert_speech(said["sound"], f"word {n + 1} {word!r}")
        assert not re.search(rf"\b{word}\b", _visible(page), re.IGNORECASE), f"{word!r} shown before it was answered"
        if n == 0:  # "Say it again" with its key: the same word, slowly
            page.keyboard.press("Control+Space")
            said_count += 1
            again = _said(page, said_count)
            assert (again["word"], again["pace"]) == (word, "slow")
            assert_speech(again["sound"], f"{word!r} again, slowly")
            assert again["sound"]["seconds"] > said["sound"]["seconds"] * 1.25
        typed = "qqq" if n == 1 else word  # the second word on purpose wrong: a miss
        page.locator(".myword-entry input").fill(typed)
        page.locator(".myword-entry input").press("Enter")
        page.wait_for_function(
            "([word, n]) => { const w = document.querySelector('.myword-listen-answer .myword-listen-word');"
            " return w && w.textContent === word; }", arg=[word, n])  # fmt: skip
        answer = page.locator(".myword-listen-answer")
        assert answer.locator(f"button.myword-hear[data-word='{word}']").count() == 1  # heard again with one click
        assert ("Right:" in answer.inner_text()) == (n != 1)
        if n == 1:
            assert "The word was:" in answer.inner_text()
            page.locator(".myword-feedback", has_text="QQQ is not a word").wait_for()  # why it missed
            _said(page, said_count + 1)  # the next word is already being asked
            page.wait_for_selector("text=Word 3 of 6")
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / "listen-build.png"))
    page.wait_for_selector("button.myword-next-round")  # every word answered: the round is over
    assert page.locator(".myword-listen").inner_text().count("That was the last word of this round.") == 1
    assert page.evaluate("window.__said.length") == said_count  # nothing more was said

    # The tries, on their focus words, in the attempts CSV the Progress tab downloads.
    rows = read_csv(to_csv(attempts_rows(store.attempts(student_id=student.id), "en")))
    head = rows[0]
    tries = [(r[head.index("focus word")], r[head.index("word typed")], r[head.index("accepted")]) for r in rows[1:]]
    assert tries == [(w, "qqq" if n == 1 else w, "no" if n == 1 else "yes") for n, w in enumerate(expected)]
    assert {r[head.index("lesson")] for r in rows[1:]} == {LESSON}
    assert page.blocked == [], f"the page tried to reach other hosts: {page.blocked}"
