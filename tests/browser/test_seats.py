"""One page per student in Debian's Chromium against the shared ``myword-edu serve``: a second page
picking a name that is playing is told so, the teacher's panel lets it in, it plays, and the first
page stops (its heartbeat is the page's own: see :mod:`myword_edu.ui.seat_gate`)."""

from __future__ import annotations

import os
import re
import time

import pytest

from myword_edu.classroom.passcode import PASSCODE_KEY, TeacherAuth
from myword_edu.classroom.store import DB_ENV, Store

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSCODE = "asientos-42"
NAME = "Zoe Seats"
CARDS = ".myword-table .myword-card"


@pytest.fixture
def seated_class(server):
    """The shared server's class database with one student and a passcode, put back afterwards
    (the other tests on this server expect no class list)."""
    store = Store.open(os.environ[DB_ENV], fresh=True)
    student = store.add_student(NAME)
    TeacherAuth(store, kdf_n=2**10).reset(PASSCODE, PASSCODE)
    yield store, student
    store.remove_student(student.id)
    store.set_config(PASSCODE_KEY, None)
    store.dispose()


def test_a_second_page_is_told_the_name_is_playing_and_the_teacher_lets_it_in(server, seated_class, pages):
    store, student = seated_class
    first = pages(server.app_url)
    first.locator(".myword-names button", has_text=re.compile(f"^{NAME}$")).click()
    first.wait_for_selector(f"text=Playing as {NAME}")
    first.wait_for_selector(CARDS)

    second = pages(server.app_url)
    second.locator(".myword-names button", has_text=re.compile(f"^{NAME}$")).click()
    second.wait_for_selector(f"text={NAME} is already playing on another device; ask your teacher.")
    assert second.locator(CARDS).count() == 0

    teacher = pages(f"{server.base}/voila/render/teacher.ipynb")
    teacher.locator(".myword-lock input[type=password]").first.fill(PASSCODE)
    teacher.locator("button.myword-unlock").click()
    teacher.wait_for_selector(f".myword-seat-requests >> text={NAME} is already playing MyWord! practice")
    teacher.locator("button.myword-let-in", has_text=f"Let {NAME} in").click()
    teacher.wait_for_selector(f"text={NAME} plays on the new device now.")

    second.wait_for_selector(f"text=Playing as {NAME}", timeout=30_000)  # at its next heartbeat
    second.wait_for_selector(CARDS)
    first.wait_for_selector(f"text={NAME} is playing on another device now", timeout=30_000)
    assert first.locator(CARDS).count() == 0

    second.locator(".myword-entry input").fill("zqzq")
    second.locator(".myword-entry input").press("Enter")
    second.wait_for_selector("text=ZQZQ is not a word we know")
    deadline = time.monotonic() + 30
    while not [a for a in store.attempts(student_id=student.id) if a.word == "zqzq"]:
        assert time.monotonic() < deadline, "the call was not stored"
        second.wait_for_timeout(100)  # a browser-side wait between checks of the condition
    assert [a.student for a in store.attempts(student_id=student.id)] == [NAME]
