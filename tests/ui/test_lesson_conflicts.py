"""The Lessons tab names the students whose settings clash with the lesson just chosen (for the class
or for picked students) and offers the fix as a button; a fix is applied with the store's update and
checked again in Python when clicked. Both languages."""

from __future__ import annotations

import pytest

from myword_edu.classroom.passcode import TeacherAuth
from myword_edu.classroom.store import Store
from myword_edu.core.resources import data_dir
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.ui.teacher.panel import TeacherPanel

PASSCODE = "choques-42"
SHORT_A = "en-1-short-a"  # CAT, HAT, MAP...: 3 cards each
ENYE = "es-4-enye"


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 'c.sqlite3'}", fresh=True)
    ana, ben, _carla = (store.add_student(name) for name in ("Ana", "Ben", "Carla"))
    store.update_students([ana.id], min_cards=4)
    store.update_students([ben.id], lang="es")
    return store


@pytest.fixture
def panel(store, tmp_path):
    auth = TeacherAuth(store, kdf_n=2**10)
    auth.reset(PASSCODE, PASSCODE)
    panel = TeacherPanel(store=store, auth=auth, library=LessonLibrary([tmp_path / "mine", data_dir("lessons")]))
    assert panel.unlock(PASSCODE)
    return panel


def fix_buttons(browser, box) -> dict[str, object]:
    return {b.description: b for b in browser.widgets(box.root) if type(b).__name__ == "Button"}


def lines(box) -> str:
    """The text of the clashes shown (every HTML below the box)."""
    out, stack = [], [box.root]
    while stack:
        widget = stack.pop(0)
        out.append(str(getattr(widget, "value", "")))
        stack.extend(getattr(widget, "children", ()))
    return " ".join(out).replace("&#x27;", "'")


def choose(browser, tab, lesson_id) -> None:
    browser.update(tab.pick, index=[v for _, v in tab.pick.options].index(lesson_id))


def by_name(store):
    return {s.name: s for s in store.students()}


def test_using_a_lesson_for_the_class_names_the_clashes_and_fixes_them(panel, store, browser):
    tab = panel.tabs[1]
    assert tab.class_conflicts.root.children == ()  # nothing chosen yet: nothing to say
    choose(browser, tab, SHORT_A)
    browser.click(tab.use_button)
    text = lines(tab.class_conflicts)
    assert "Ana (minimum cards per word: 4): CAT in “Short A: cat, hat, map” is made with fewer cards (3)" in text
    assert "Ben plays in Spanish, but the lesson “Short A: cat, hat, map” is in English" in text
    assert "Carla" not in text  # her settings fit the lesson
    buttons = fix_buttons(browser, tab.class_conflicts)
    assert set(buttons) == {"Set Ana's minimum to 3", "Set Ben's language to English", "Apply all 2 fixes"}
    browser.click(buttons["Set Ana's minimum to 3"])
    assert by_name(store)["Ana"].settings.min_cards == 3 and by_name(store)["Ben"].settings.lang == "es"
    assert "Ana's minimum is now 3." in lines(tab.class_conflicts)
    assert "Ana (minimum" not in lines(tab.class_conflicts) and "Ben plays in Spanish" in lines(tab.class_conflicts)
    assert set(fix_buttons(browser, tab.class_conflicts)) == {"Set Ben's language to English"}
    assert "Ana (minimum" not in panel.tabs[0].conflicts.value  # the Students tab redrew too
    browser.click(fix_buttons(browser, tab.class_conflicts)["Set Ben's language to English"])
    assert by_name(store)["Ben"].settings.lang == "en" and "Ben now plays in English." in tab.class_conflicts.message.value
    assert tab.class_conflicts.root.children == (tab.class_conflicts.message,)  # no clash left
    assert panel.tabs[0].conflicts.value == ""


def test_a_student_with_their_own_lesson_is_not_named_for_the_class_lesson(panel, store, browser):
    tab = panel.tabs[1]
    store.update_students([by_name(store)["Ana"].id], lesson=ENYE)  # plays her own lesson, not the class's
    store.update_students([by_name(store)["Ana"].id], lang="es")
    choose(browser, tab, SHORT_A)
    browser.click(tab.use_button)
    assert "Ana" not in lines(tab.class_conflicts) and "Ben plays in Spanish" in lines(tab.class_conflicts)
    browser.click(fix_buttons(browser, tab.class_conflicts)["Set Ben's language to English"])
    assert tab.class_conflicts.root.children == (tab.class_conflicts.message,)
    choose(browser, tab, "")  # no class lesson: nothing can clash
    browser.click(tab.use_button)
    assert tab.class_conflicts.root.children == ()


def test_using_a_lesson_for_picked_students_names_only_them_and_fix_all(panel, store, browser):
    tab = panel.tabs[1]
    names = [label.split(" — ")[0] for label, _ in tab.students_pick.options]
    browser.update(tab.students_pick, index=[names.index("Ana"), names.index("Carla")])
    choose(browser, tab, ENYE)  # Spanish: Ana and Carla play in English
    browser.click(tab.students_button)
    text = lines(tab.students_conflicts)
    assert "Ana plays in English, but the lesson “La Ñ: niño, año, uña” is in Spanish" in text and "Carla plays in English" in text
    assert "Ben" not in text and tab.class_conflicts.root.children == ()
    buttons = fix_buttons(browser, tab.students_conflicts)
    assert set(buttons) == {"Set Ana's language to Spanish", "Set Carla's language to Spanish", "Apply all 2 fixes"}
    browser.click(buttons["Apply all 2 fixes"])
    students = by_name(store)
    assert (students["Ana"].settings.lang, students["Carla"].settings.lang, students["Ben"].settings.lang) == ("es", "es", "es")
    assert "2 settings changed." in tab.students_conflicts.message.value
    after = lines(tab.students_conflicts)
    assert "plays in English" not in after


def test_a_stale_or_forged_fix_changes_nothing_wrong(panel, store, browser):
    tab = panel.tabs[1]
    choose(browser, tab, SHORT_A)
    browser.click(tab.use_button)
    ana_button = fix_buttons(browser, tab.class_conflicts)["Set Ana's minimum to 3"]
    ana = by_name(store)["Ana"]
    store.update_students([ana.id], min_cards=2)  # another tab changed it meanwhile: no clash any more
    browser.click(ana_button)  # the old button (a stale page) is checked again in Python
    assert store.student(ana.id).settings.min_cards == 2
    assert not tab.class_conflicts.fix(ana.id, "min_cards")  # a forged call: no clash, no change
    assert not tab.class_conflicts.fix(999, "lesson_lang") and not tab.class_conflicts.fix(True, "min_cards")
    assert store.student(ana.id).settings.min_cards == 2


def test_the_clashes_and_fixes_speak_spanish(panel, store, browser):
    browser.update(panel.lang_toggle, index=1)
    tab = panel.tabs[1]
    choose(browser, tab, SHORT_A)
    browser.click(tab.use_button)
    text = lines(tab.class_conflicts)
    assert "Ben juega en español, pero la lección «Short A: cat, hat, map» está en inglés" in text
    buttons = fix_buttons(browser, tab.class_conflicts)
    assert set(buttons) == {"Poner el mínimo de Ana en 3", "Cambiar el idioma de Ben a inglés", "Aplicar los 2 arreglos"}
    browser.click(buttons["Cambiar el idioma de Ben a inglés"])
    assert "Ben ahora juega en inglés." in tab.class_conflicts.message.value
    browser.click(fix_buttons(browser, tab.class_conflicts)["Poner el mínimo de Ana en 3"])
    assert "El mínimo de Ana ahora es 3." in tab.class_conflicts.message.value
