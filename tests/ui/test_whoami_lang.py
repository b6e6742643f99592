"""Spanish classes: the class's language (or the link's ``lang=``) is the language of "Who are you?",
a link with only ``lang=`` shows the class list (any other setting makes it a guest link), and a
student plays in their own language once they pick their name. MyWord! and Boggle pages alike."""

from __future__ import annotations

import pytest

from myword_edu.classroom.boggle_store import BoggleRules, set_class_rules
from myword_edu.classroom.roster import StudentSettings
from myword_edu.classroom.store import Store
from myword_edu.core.resources import data_dir
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.ui.boggle.page import BogglePage, is_boggle_practice_link
from myword_edu.ui.whoami import StudentPage, is_practice_link

QUIEN = "¿Quién eres?"


@pytest.fixture
def store(tmp_path):
    return Store.open(f"sqlite:///{tmp_path / 'lang.sqlite3'}", fresh=True)


@pytest.fixture(scope="module")
def library():
    return LessonLibrary([data_dir("lessons")])


@pytest.fixture
def page_for(store, lexicons, clock, library):
    def make(query: str = "", kind=StudentPage):
        if kind is BogglePage:
            return BogglePage(query, store=store, lexicons=lexicons, now=clock, wall=clock, lessons=library)
        return StudentPage(query, store=store, lexicons=lexicons, now=clock, wall=clock, lessons=library)

    return make


@pytest.fixture
def spanish_class(store):
    """A class whose defaults are Spanish: Ana and Carla (Spanish), and Ben set to English."""
    store.update_class(defaults=StudentSettings(lang="es"))
    for name in ("Ana", "Ben", "Carla"):
        store.add_student(name)
    ben = next(s for s in store.students() if s.name == "Ben")
    store.update_students([ben.id], lang="en")
    return store


def name_button(page, name):
    return next(b for b in page.names.children if b.description == name)


def test_a_spanish_class_shows_who_are_you_in_spanish_without_lang_in_the_link(spanish_class, page_for, browser):
    page = page_for("")
    assert page.app is None and page.student is None
    assert QUIEN in page.heading.value and "Pulsa tu nombre." in page.message.value
    assert page.guest_button.description == "Solo practicar (no se guarda nada)"
    assert "Who are you?" not in browser.page_state(page.root)


def test_a_link_with_only_lang_shows_the_class_list_in_that_language(store, page_for, browser):
    store.add_student("Ana")  # an English class (the defaults)
    page = page_for("lang=es")
    assert page.app is None and page.student is None, "a lang-only link must not start a guest game"
    assert QUIEN in page.heading.value and [b.description for b in page.names.children] == ["Ana"]
    browser.click(name_button(page, "Ana"))  # Ana's own language is English: she plays in English
    assert page.student.name == "Ana" and page.app.locked and page.app.session.lang == "en"
    assert "Playing as Ana" in page.banner.value
    browser.click(page.not_me)  # back to the names: still the link's language
    assert page.app is None and QUIEN in page.heading.value
    # ... and the guest button plays in it, recording nothing
    browser.click(page.guest_button)
    assert page.student is None and page.app.session.lang == "es" and store.attempts() == []


def test_the_links_lang_beats_the_class_language(spanish_class, page_for):
    page = page_for("lang=en")
    assert page.app is None and "Who are you?" in page.heading.value
    bad = page_for("lang=klingon")  # not a language: the class's
    assert bad.app is None and QUIEN in bad.heading.value


def test_each_student_plays_in_their_own_language_after_picking_their_name(spanish_class, page_for, browser):
    page = page_for("")
    browser.click(name_button(page, "Ben"))
    assert page.app.session.lang == "en" and "Playing as Ben" in page.banner.value
    browser.click(page.not_me)
    assert QUIEN in page.heading.value
    browser.click(name_button(page, "Carla"))
    assert page.app.session.lang == "es" and "Juegas como Carla" in page.banner.value


def test_the_seat_message_is_in_the_picked_students_language(spanish_class, page_for, browser):
    first, second = page_for(""), page_for("")
    browser.click(name_button(first, "Ben"))
    browser.click(name_button(second, "Ben"))
    assert second.app is None
    assert "Ben is already playing on another device; ask your teacher." in browser.page_state(second.root)


def test_a_link_with_settings_is_still_a_guest_game(spanish_class, page_for):
    page = page_for("lang=es&seed=3")
    assert page.student is None and page.app is not None and not page.app.locked
    assert page.app.session.lang == "es"
    english = page_for("seed=4")  # a guest link without lang: English, whatever the class
    assert english.app is not None and english.app.session.lang == "en"
    assert page_for("lang=es&ref=board").app is None  # keys that are not settings leave the class list
    assert not is_practice_link("lang=es") and is_practice_link("lang=es&bots=0") and not is_practice_link("lang=es&x=1")


def test_with_no_class_list_a_lang_link_is_spanish_guest_practice(page_for, store):
    page = page_for("lang=es")
    assert page.student is None and page.app is not None and page.app.session.lang == "es"
    store.update_class(defaults=StudentSettings(lang="es"))  # no students yet, but a Spanish class
    assert page_for("").app.session.lang == "es"


# -- the Boggle page -----------------------------------------------------------------------
def test_boggle_a_spanish_class_and_a_lang_only_link_show_the_class_list_in_spanish(spanish_class, page_for, browser):
    set_class_rules(spanish_class, BoggleRules(dice="es"))  # Boggle plays in its dice's language
    page = page_for("", BogglePage)
    assert page.app is None and QUIEN in page.heading.value and "Boggle" in page.heading.value
    linked = page_for("lang=es", BogglePage)
    assert linked.app is None and QUIEN in linked.heading.value
    english = page_for("lang=en", BogglePage)
    assert english.app is None and "Who are you?" in english.heading.value
    browser.click(name_button(linked, "Carla"))
    assert linked.student.name == "Carla" and linked.app.locked and linked.app.session.lang == "es"
    assert "Juegas como Carla" in linked.banner.value
    browser.click(linked.not_me)
    assert QUIEN in linked.heading.value
    assert not is_boggle_practice_link("lang=es") and is_boggle_practice_link("lang=es&minutes=2")


def test_boggle_a_link_with_settings_is_a_guest_game_and_no_class_plays_the_links_language(store, page_for):
    store.add_student("Ana")
    guest = page_for("lang=es&minutes=2", BogglePage)
    assert guest.student is None and guest.app is not None and guest.app.session.lang == "es"
    store.remove_student(store.students()[0].id)
    alone = page_for("lang=es", BogglePage)
    assert alone.student is None and alone.app is not None and alone.app.session.lang == "es"
