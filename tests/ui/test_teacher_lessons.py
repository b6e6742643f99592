"""The Lessons tab without a browser: write a lesson from pasted words, fix it from a suggestion, save, use it.

Every intent is sent as the page would send it (a trait update, a click), also
the ones a page should not be able to send.
"""

from __future__ import annotations

import os

import pytest

from myword_edu.classroom.passcode import TeacherAuth
from myword_edu.classroom.store import Store
from myword_edu.core.resources import data_dir
from myword_edu.myword.lessons import load_lesson
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.ui.teacher.panel import TeacherPanel

PASSCODE = "tortuga-42"
WEEK = "friend, because, people\nschool, where, siad"


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 't.sqlite3'}", fresh=True)
    for name in ("Ana", "Ben", "Carla"):
        store.add_student(name)
    return store


@pytest.fixture
def own(tmp_path):
    return tmp_path / "my-lessons"  # not there yet: the first save creates it


@pytest.fixture
def panel(store, own):
    auth = TeacherAuth(store, kdf_n=2**10)
    auth.reset(PASSCODE, PASSCODE)
    panel = TeacherPanel(store=store, auth=auth, library=LessonLibrary([own, data_dir("lessons")]))
    assert panel.unlock(PASSCODE)
    return panel


def css(browser, root, name):
    return [w for w in browser.widgets(root) if name in getattr(w, "_dom_classes", ())]


def row_buttons(browser, tab, lesson_id):
    (row,) = [r for r in tab.listing.children if f'data-lesson="{lesson_id}"' in getattr(r.children[0], "value", "")]
    return {b._dom_classes[0].removeprefix("myword-lesson-"): b for b in browser.widgets(row) if type(b).__name__ == "Button"}


def test_a_teacher_pastes_the_week_fixes_a_word_from_the_suggestion_saves_and_uses_it(panel, store, own, browser):
    tab = panel.tabs[1]
    editor = tab.editor
    assert "myword-hidden" in editor.root._dom_classes
    browser.click(tab.new_button)
    assert "myword-hidden" not in editor.root._dom_classes
    browser.update(editor.title, value="Week 1: tricky words")
    browser.update(editor.words, value=WEEK)
    state = browser.page_state(editor.problems)
    assert "“siad”: did you mean said" in state and editor.fit.value == ""
    said = [b for b in css(browser, editor.problems, "myword-suggestion") if b.description == "said"]
    assert len(said) == 1
    browser.click(said[0])
    assert editor.words.value == "friend, because, people\nschool, where, said"
    assert editor.problems.children == ()
    assert "All 6 words fit in one deck at the same time with these cards added: P (1 more)." in editor.fit.value
    browser.click(editor.save_button)
    (path,) = own.glob("*.toml")
    lesson = load_lesson(path)
    assert lesson.id == "week-1-tricky-words" and lesson.focus == ("friend", "because", "people", "school", "where", "said")
    assert "myword-hidden" in editor.root._dom_classes and "Saved: Week 1: tricky words" in tab.message.value
    buttons = row_buttons(browser, tab, lesson.id)
    assert set(buttons) == {"edit", "duplicate", "delete"} and "your lesson" in browser.page_state(tab.listing)
    # the other tabs see it too (the Students tab's lesson list)
    assert lesson.id in [v for _, v in panel.tabs[0].lesson_pick.options]
    assert tab.pick.value == lesson.id
    browser.click(tab.use_button)
    assert store.class_info().lesson == lesson.id


def test_a_group_of_students_gets_its_own_lesson(panel, store, browser):
    tab = panel.tabs[1]
    ana, ben, carla = store.students()
    browser.click(tab.students_button)
    assert "Pick at least one student first." in tab.students_message.value
    browser.update(tab.students_pick, index=[0, 2])
    browser.update(tab.pick, index=[v for _, v in tab.pick.options].index("en-3-digraphs"))
    browser.click(tab.students_button)
    lessons = {s.name: s.lesson for s in store.students()}
    assert lessons == {"Ana": "en-3-digraphs", "Ben": None, "Carla": "en-3-digraphs"}
    assert "2 students now play: Digraphs" in tab.students_message.value
    assert "Ana — Digraphs: CH, SH and TH" in [label for label, _ in tab.students_pick.options]
    browser.update(tab.students_pick, index=[0])
    browser.click(tab.class_lesson_button)
    assert {s.name: s.lesson for s in store.students()}["Ana"] is None
    # a forged list of ids: a student who is not on the list changes nobody
    assert not tab.use_for_students((ana.id, 999), "en-3-digraphs")
    assert {s.name: s.lesson for s in store.students()} == {"Ana": None, "Ben": None, "Carla": "en-3-digraphs"}
    assert not tab.use_for_students((ben.id,), "no-such-lesson") and store.student(ben.id).lesson is None


def test_shipped_lessons_are_examples_to_duplicate_and_own_ones_can_be_edited_and_deleted(panel, own, browser):
    tab = panel.tabs[1]
    shipped = row_buttons(browser, tab, "es-5-tildes")
    assert set(shipped) == {"duplicate"} and not tab.edit("es-5-tildes") and not tab.delete("es-5-tildes")
    browser.click(shipped["duplicate"])
    editor = tab.editor
    assert editor.title.value == "Palabras con tilde: camión, árbol, lápiz (copy)" and editor.lang.value == "es"
    assert "camión, árbol, lápiz" in editor.words.value and editor.editing.lesson_id is None
    browser.click(editor.save_button)
    (path,) = own.glob("*.toml")
    copy_id = path.stem
    assert copy_id != "es-5-tildes" and (data_dir("lessons") / "es-5-tildes.toml").is_file()
    browser.click(row_buttons(browser, tab, copy_id)["edit"])
    assert editor.editing.lesson_id == copy_id
    browser.update(editor.words, value="árbol, lápiz, camión")
    browser.click(editor.save_button)
    assert [p.stem for p in own.glob("*.toml")] == [copy_id] and load_lesson(path).focus == ("arbol", "lapiz", "camion")
    delete = row_buttons(browser, tab, copy_id)["delete"]
    browser.click(delete)
    assert path.is_file()
    delete = row_buttons(browser, tab, copy_id)["delete"]
    assert delete.description == "Click again to delete"
    browser.click(delete)
    assert not path.is_file() and copy_id not in browser.page_state(tab.listing)


def test_what_the_page_sends_is_checked_again_before_saving(panel, own, browser):
    tab = panel.tabs[1]
    editor = tab.editor
    browser.click(editor.save_button)  # a forged click on the hidden form's button
    assert not own.exists() and "Give the lesson a title" in browser.page_state(editor.problems)
    browser.update(editor.title, value="x" * 500)
    browser.update(editor.words, value="shit, cat")
    browser.click(editor.save_button)
    state = browser.page_state(editor.problems)
    assert "“shit” cannot be used in class." in state and "up to 80 characters" in state and not own.exists()
    assert not css(browser, editor.problems, "myword-suggestion")


def test_hand_edited_files_are_read_again_when_the_tab_is_opened(panel, own, browser):
    tab = panel.tabs[1]
    own.mkdir()
    broken = own / "mine.toml"
    broken.write_text('title = "Mine"\nlanguage = "en"\nfocus = ["cat", "xyzzy"]\n', encoding="utf-8")
    browser.update(panel.tab_widget, selected_index=1)
    assert "mine.toml: line 3: &#x27;xyzzy&#x27; is not in the en word list" in browser.page_state(tab.listing)
    broken.write_text('title = "Mine"\nlanguage = "en"\nfocus = ["cat", "dog"]\n', encoding="utf-8")
    stat = broken.stat()
    os.utime(broken, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))
    browser.update(panel.tab_widget, selected_index=0)
    browser.update(panel.tab_widget, selected_index=1)
    state = browser.page_state(tab.listing)
    assert "xyzzy" not in state and "mine.toml" not in state
    assert set(row_buttons(browser, tab, "mine")) == {"edit", "duplicate", "delete"}


def test_the_tab_speaks_spanish(panel, browser):
    browser.update(panel.lang_toggle, index=1)
    tab = panel.tabs[1]
    browser.click(tab.new_button)
    assert tab.editor.lang.value == "es"  # a new lesson is in the panel's language
    browser.update(tab.editor.words, value="arbl, casa, casa")
    state = browser.page_state(tab.editor.problems)
    assert "«arbl»: ¿querías decir árbol" in state and "«casa» está dos veces en la lista." in state
    assert tab.new_button.description == "Nueva lección"
