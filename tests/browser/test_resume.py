"""A rostered student closes the practice tab and opens the link again: the same game goes on.

Debian's Chromium against the shared ``myword-edu serve``. The tab is closed the way a student
closes it (the page's unload asks Voila to shut its kernel down), so its kernel ends and gives up
the student's seat; the reopened page picks the name, says welcome back in the student's language
(Spanish here), and shows the game as it was: the cards dealt so far, the calls made.
"""

from __future__ import annotations

import os
import re
import time

import pytest

from myword_edu.classroom.passcode import PASSCODE_KEY
from myword_edu.classroom.store import DB_ENV, Store

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAME = "Lucía Vuelve"
CARDS = ".myword-table .myword-card"


@pytest.fixture
def spanish_student(server):
    """The shared server's class database with one Spanish student, put back afterwards."""
    store = Store.open(os.environ[DB_ENV], fresh=True)
    student = store.add_student(NAME)
    store.update_students([student.id], lang="es")
    yield store, student
    store.remove_student(student.id)
    store.set_config(PASSCODE_KEY, None)
    store.dispose()


def _dealt(page) -> int:
    return int(page.locator(".myword-deck progress").get_attribute("value") or 0)


def _pick(page, name: str) -> float:
    """Click the name; seconds until the table shows its cards."""
    page.locator(".myword-names button", has_text=re.compile(f"^{name}$")).click()
    started = time.monotonic()
    page.wait_for_selector(CARDS)
    return time.monotonic() - started


def test_a_closed_practice_tab_resumes_the_same_game(server, spanish_student, chromium):
    store, student = spanish_student
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        first = context.new_page()
        first.set_default_timeout(90_000)
        first.goto(server.app_url)
        _pick(first, NAME)
        first.wait_for_selector(f"text=Juegas como {NAME}")
        first.locator(".myword-entry input").fill("zqzq")
        first.locator(".myword-entry input").press("Enter")
        first.wait_for_selector("text=ZQZQ")  # the answer: stored before it showed
        first.wait_for_function("() => Number(document.querySelector('.myword-deck progress').value) >= 4")
        dealt = _dealt(first)
        first.close(run_before_unload=True)  # the student closes the tab

        second = context.new_page()
        second.set_default_timeout(90_000)
        second.goto(server.app_url)
        seconds = _pick(second, NAME)  # the old tab's kernel gave the seat up: no wait, no teacher
        second.wait_for_selector("text=¡Hola de nuevo! Tu partida sigue donde la dejaste.")
        assert _dealt(second) >= dealt  # the same deal, going on (a new game starts from its first card)
        assert "ZQZQ" in second.locator(".myword-feed").inner_text()  # the call made before the tab closed
        print(f"resumed in {seconds:.1f} s from the click on the name to the table")
        games = {a.game_id for a in store.attempts(student_id=student.id)}
        assert len(games) == 1
    finally:
        context.close()
