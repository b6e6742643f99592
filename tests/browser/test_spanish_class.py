"""A Spanish class in Debian's Chromium against the shared ``myword-edu serve``: the plain practice link
(no ``lang=``) asks "¿Quién eres?", a student picks their name and plays in Spanish; a link with only
``lang=en`` shows the same class list in English instead of starting a guest game."""

from __future__ import annotations

import os
import re

import pytest

from myword_edu.classroom.roster import StudentSettings
from myword_edu.classroom.store import DB_ENV, Store

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAME = "Marta Clase"
CARDS = ".myword-table .myword-card"


@pytest.fixture
def spanish_class(server):
    """The shared server's class: Spanish defaults and one (Spanish) student, put back afterwards
    (the other tests on this server expect no class list, in English)."""
    store = Store.open(os.environ[DB_ENV], fresh=True)
    before = store.class_info().defaults
    store.update_class(defaults=StudentSettings(lang="es"))
    student = store.add_student(NAME)  # a new student gets the class's defaults: Spanish
    yield store, student
    store.remove_student(student.id)
    store.update_class(defaults=before)
    store.dispose()


def test_a_spanish_class_asks_who_are_you_in_spanish_without_lang_in_the_link(server, spanish_class, pages):
    store, student = spanish_class
    assert student.settings.lang == "es"
    page = pages(server.app_url)  # the link the teacher gives out: no query at all
    page.wait_for_selector("text=¿Quién eres?")
    page.wait_for_selector("text=Pulsa tu nombre.")
    assert page.locator("text=Who are you?").count() == 0 and page.locator(CARDS).count() == 0
    page.locator(".myword-names button", has_text=re.compile(f"^{NAME}$")).click()
    page.wait_for_selector(f"text=Juegas como {NAME}")
    page.wait_for_selector(CARDS)

    english = pages(server.app_url + "?lang=en")  # only lang=: the class list, in English; not a guest game
    english.wait_for_selector("text=Who are you?")
    english.wait_for_selector(f".myword-names button >> text={NAME}")
    assert english.locator(CARDS).count() == 0
