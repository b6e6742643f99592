"""The teacher panel's Boggle tab without a browser: class and per-student settings, forged events refused."""

from __future__ import annotations

import pytest

from myword_edu.boggle.rules import BoggleRules
from myword_edu.classroom.boggle_store import boggle_rules, class_rules, own_rules
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.classroom.passcode import TeacherAuth
from myword_edu.core.resources import data_dir
from myword_edu.classroom.store import Store
from myword_edu.ui.boggle.page import BogglePage
from myword_edu.ui.teacher.panel import TeacherPanel
from myword_edu.ui.teacher.boggle import BoggleTab

PASSCODE = "tortuga-42"
XSS = "<img src=x onerror=alert(1)>"


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 't.sqlite3'}", fresh=True)
    for name in ("Ana", "Ben", "Cleo", XSS):
        store.add_student(name)
    return store


@pytest.fixture
def tab(store):
    auth = TeacherAuth(store, kdf_n=2**10)
    auth.reset(PASSCODE, PASSCODE)
    panel = TeacherPanel(store=store, auth=auth, library=LessonLibrary([data_dir("lessons")]))
    assert panel.unlock(PASSCODE)
    (tab,) = [t for t in panel.tabs if isinstance(t, BoggleTab)]
    return tab


def ids(store, *names):
    by_name = {s.name: s.id for s in store.students()}
    return tuple(by_name[n] for n in names)


def test_the_tab_exists_only_once_unlocked_and_shows_names_as_text(store, browser):
    auth = TeacherAuth(store, kdf_n=2**10)
    auth.reset(PASSCODE, PASSCODE)
    panel = TeacherPanel(store=store, auth=auth, library=LessonLibrary([data_dir("lessons")]))
    assert "Boggle for the class" not in browser.page_state(panel.root)
    assert panel.unlock(PASSCODE)
    titles = [panel.tab_widget.get_title(i) for i in range(len(panel.tabs))]
    assert titles[-1] == "Boggle"
    (tab,) = [t for t in panel.tabs if isinstance(t, BoggleTab)]
    assert "&lt;img src=x" in tab.table.value and "<img" not in tab.table.value


def test_class_settings_apply_to_every_student_without_their_own(tab, store, browser):
    browser.update(tab.size_pick, index=1)  # 5x5
    browser.update(tab.dice_pick, index=[v for _, v in tab.dice_pick.options].index("big"))
    browser.update(tab.minutes_pick, index=1)  # 2 minutes
    browser.update(tab.min_pick, index=[v for _, v in tab.min_pick.options].index(5))
    browser.click(tab.save_button)
    assert "Saved" in tab.class_message.value
    assert class_rules(store) == BoggleRules("big", 120, 5)
    ana = ids(store, "Ana")[0]
    assert boggle_rules(store, ana) == BoggleRules("big", 120, 5)
    page = BogglePage("", store=store)  # the student's page plays with them
    page.enter_code("")
    page.pick(ana)
    s = page.app.session
    assert (s.width, s.settings.seconds, s.min_length, s.settings.dice_set) == (5, 120, 5, "big")


def test_a_size_that_does_not_fit_the_dice_is_refused_in_the_teachers_language(tab, store, browser):
    browser.update(tab.size_pick, index=1)  # 5x5 with the "new" dice
    browser.click(tab.save_button)
    assert "use the big dice for 5x5" in tab.class_message.value
    assert class_rules(store) == BoggleRules()
    tab.panel.lang = "es"
    tab.save_class()
    assert "usa los dados grandes para 5x5" in tab.class_message.value


def test_bulk_edit_changes_only_the_picked_students_and_only_what_was_chosen(tab, store, browser):
    ana, ben, cleo = ids(store, "Ana", "Ben", "Cleo")
    options = [v for _, v in tab.students_pick.options]
    browser.update(tab.students_pick, index=[options.index(ana), options.index(ben)])
    browser.update(tab.student_minutes, index=[v for _, v in tab.student_minutes.options].index(4))
    browser.update(tab.student_dice, index=[v for _, v in tab.student_dice.options].index("es"))
    browser.click(tab.apply_button)
    assert "Done for 2 students." in tab.students_message.value
    assert boggle_rules(store, ana) == boggle_rules(store, ben) == BoggleRules("es", 240)
    assert own_rules(store, cleo) is None and boggle_rules(store, cleo) == BoggleRules()
    assert tab.table.value.count("<td>own</td>") == 2 and tab.student_minutes.value == ""
    browser.update(tab.students_pick, index=[options.index(ana)])
    browser.click(tab.reset_button)
    assert own_rules(store, ana) is None and own_rules(store, ben) is not None


def test_forged_and_stale_picks_change_nothing(tab, store, browser):
    ana, ben = ids(store, "Ana", "Ben")
    browser.click(tab.apply_button)  # nobody picked
    assert "Pick at least one student" in tab.students_message.value
    options = [v for _, v in tab.students_pick.options]
    browser.update(tab.students_pick, index=[options.index(ana), options.index(ben)])
    store.remove_student(ben)  # removed meanwhile, in another tab
    browser.update(tab.student_minutes, index=1)
    assert not tab.apply()
    assert "no longer on the class list" in tab.students_message.value and own_rules(store, ana) is None
    browser.update(tab.student_size, index=[v for _, v in tab.student_size.options].index(5))
    browser.update(tab.students_pick, index=[options.index(ana)])
    assert not tab.apply()  # 5x5 with Ana's 4x4 dice: nothing changes
    assert own_rules(store, ana) is None
