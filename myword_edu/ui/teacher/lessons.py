"""The teacher panel's Lessons tab: write a lesson from pasted words, and choose who plays which.

A teacher presses *New lesson*, types a title, picks the language and pastes
the week's words; every problem shows at once (checked again in Python by
:func:`myword_edu.myword.lesson_draft.check_draft`, whatever the page sent),
with the nearest real words as buttons that fix the word. *Save* writes a lesson
file into the teacher's own folder (created then). The teacher's lessons can be
edited, duplicated and deleted (after a second click); the shipped ones are
examples to duplicate. A lesson is used for the whole class, or for the
students picked in the list (a group), stored as each student's own lesson;
under the button, the students whose settings clash with it are named, with
the fix as a button (:mod:`myword_edu.ui.teacher.lesson_conflicts`).
Files changed by hand are read again whenever the tab is opened.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from myword_edu.classroom.roster import UnknownStudentError
from myword_edu.core.errors import MyWordError
from myword_edu.core.resources import data_dir
from myword_edu.myword.lesson_draft import DraftError, LessonDraft, draft_from_lesson
from myword_edu.myword.lesson_files import delete_lesson_file, save_draft
from myword_edu.myword.lessons import Lesson
from myword_edu.myword.lesson_library import lesson_dirs
from myword_edu.ui.teacher.lesson_conflicts import LessonConflicts
from myword_edu.ui.teacher.lesson_editor import LessonEditor, dropdown, lesson_text
from myword_edu.ui.widgets.display import say

if TYPE_CHECKING:
    from myword_edu.ui.teacher.host import PanelHost

__all__ = ["LessonsTab"]

log = logging.getLogger(__name__)


def _e(value: object) -> str:
    return escape(str(value), quote=True)


LESSONS_CSS = """
.myword-lessons-tab .myword-lesson-row { flex-shrink: 0; align-items: flex-start; gap: 10px; }
.myword-lessons-tab .myword-lesson-row > .widget-vbox { flex-shrink: 0; gap: 4px; }
.myword-lessons-tab .myword-draft-problems .myword-row { gap: 6px; }
.myword-lessons-tab button.myword-suggestion { background: #fff3b0; font-weight: 700; }
"""


class LessonsTab:
    """Write, edit, duplicate and delete lessons; use one for the class or for picked students."""

    def __init__(self, panel: "PanelHost") -> None:
        self.panel = panel
        t, x = panel.t, self.x
        self.pick = dropdown(x("pick"), [], None, "560px")
        self.use_button = w.Button(description=t("lessons.use"), _dom_classes=["myword-primary", "myword-use-lesson"])
        self.use_button.on_click(lambda _b: self.use(self.pick.value))
        self.message = w.HTML()
        self.students_pick = w.SelectMultiple(options=[], rows=6, description=x("students"), layout=w.Layout(width="560px"))
        self.students_pick.style.description_width = "170px"
        self.students_button = w.Button(description=x("use_students"), _dom_classes=["myword-primary", "myword-use-students"])
        self.students_button.on_click(lambda _b: self.use_for_students(self.students_pick.value, self.pick.value))
        self.class_lesson_button = w.Button(description=x("use_class_lesson"), _dom_classes=["myword-use-class-lesson"])
        self.class_lesson_button.on_click(lambda _b: self.use_for_students(self.students_pick.value, None))
        self.students_message = w.HTML()
        self.class_conflicts = LessonConflicts(panel, "class")  # who clashes with the lesson just chosen
        self.students_conflicts = LessonConflicts(panel, "students")
        self.new_button = w.Button(description=x("new"), _dom_classes=["myword-primary", "myword-new-lesson"])
        self.new_button.on_click(lambda _b: self.open_editor(None))
        self.editor = LessonEditor(self)
        self.listing = w.VBox([], _dom_classes=["myword-lessons-list"])
        self.footer = w.HTML()
        choose = w.VBox([w.HTML(f"<p>{_e(t('lessons.intro'))}</p>"), w.HBox([self.pick, self.use_button]), self.message,
                         self.class_conflicts.root, w.HTML(f"<p><small>{_e(x('students_help'))}</small></p>"),
                         self.students_pick, w.HBox([self.students_button, self.class_lesson_button]),
                         self.students_message, self.students_conflicts.root],
                        _dom_classes=["myword-card-box"])  # fmt: skip
        style = w.HTML(f"<style>{LESSONS_CSS}</style>")
        self.root = w.VBox([style, choose, w.HBox([self.new_button]), self.editor.root, self.listing, self.footer],
                           _dom_classes=["myword-lessons-tab"])  # fmt: skip
        self._row_widgets: list[w.Widget] = []
        self._deleting: str | None = None
        self.redraw()

    def x(self, key: str, **values: Any) -> str:
        return lesson_text(self.panel.lang, key, **values)

    # -- where lessons live --------------------------------------------------------------
    def own_folder(self) -> Path | None:
        """The teacher's lessons folder: the library's first folder that is not the shipped one."""
        shipped = data_dir("lessons").resolve()
        for folder in self.panel.library.folders:
            if Path(folder).resolve() != shipped:
                return Path(folder)
        return None

    def is_own(self, lesson_id: str) -> bool:
        """Whether the lesson ``lesson_id`` is read from the teacher's own folder (else it is shipped)."""
        own = self.own_folder()
        for folder in self.panel.library.folders:
            if (Path(folder) / f"{lesson_id}.toml").is_file():
                return own is not None and Path(folder) == own
        return False

    # -- drawing ---------------------------------------------------------------------------
    def redraw(self) -> None:
        t, x = self.panel.t, self.x
        library = self.panel.library
        lessons = library.lessons()
        current = self.panel.store.class_info().lesson
        options = [(t("lesson.none"), "")] + [(f"{lesson.title} ({t('lang.' + lesson.lang)})", lesson.id) for lesson in lessons]
        keep = self.pick.value
        self.pick.options = options
        values = [v for _, v in options]
        self.pick.value = keep if keep in values and keep else current if current in values else ""
        self._draw_students(lessons)
        self.class_conflicts.redraw()
        self.students_conflicts.redraw()
        for widget in self._row_widgets:
            widget.close()
        self._row_widgets = []
        rows: list[w.Widget] = []
        for lesson in lessons:
            rows.append(self._row(lesson))
        if not lessons:
            rows.append(w.HTML(f"<p>{_e(t('lessons.none'))}</p>"))
        errors = library.errors()
        if errors:
            items = "".join(f"<li>{_e(str(error))}</li>" for error in errors)
            rows.append(w.HTML(f"<h2>{_e(t('lessons.problems'))}</h2><ul class=\"myword-problems\">{items}</ul>"))
        self._row_widgets += rows
        self.listing.children = rows
        folder = self.own_folder()
        self.footer.value = f"<p><small>{_e(t('lessons.folder', folder=folder or lesson_dirs()[0]))}</small></p>"

    def _row(self, lesson: Lesson) -> w.Widget:
        t, x = self.panel.t, self.x
        own = self.is_own(lesson.id)
        details = t("lessons.details", grade=lesson.grade or "-", deck=lesson.deck, pace=f"{lesson.pace:g}",
                    rounds=lesson.rounds, min_cards=lesson.min_cards)  # fmt: skip
        words = ", ".join(lesson.shown.get(f, f).upper() for f in lesson.focus)
        card = w.HTML(
            f'<div class="myword-lesson" data-lesson="{_e(lesson.id)}"><h3>{_e(lesson.title)} '
            f'<small>({_e(t("lang." + lesson.lang))} · {_e(x("yours" if own else "example"))})</small></h3>'
            f"<p>{_e(lesson.description)}</p><p><small>{_e(details)}</small></p>"
            f"<p><strong>{_e(t('lessons.focus'))}:</strong> {_e(words)}</p></div>",
            layout=w.Layout(flex="1 1 auto"),
        )
        buttons: list[w.Button] = []
        actions = (("edit", self.edit), ("duplicate", self.duplicate), ("delete", self.delete)) if own else (("duplicate", self.duplicate),)
        for name, action in actions:
            label = x("delete_confirm") if name == "delete" and self._deleting == lesson.id else x(name)
            button = w.Button(description=label, _dom_classes=[f"myword-lesson-{name}"] + (["myword-danger"] if name == "delete" else []))
            button.on_click(lambda _b, act=action, lesson_id=lesson.id: act(lesson_id))
            buttons.append(button)
        box = w.VBox(buttons)
        row = w.HBox([card, box], _dom_classes=["myword-lesson-row"])
        self._row_widgets += [card, box, *buttons]
        return row  # (closed with the others at the next redraw)

    def _draw_students(self, lessons: list[Lesson]) -> None:
        titles = {lesson.id: lesson.title for lesson in lessons}
        students = self.panel.store.students()
        chosen = [i for i in self.students_pick.value if i in {s.id for s in students}]
        class_lesson = self.panel.t("lesson.class")
        self.students_pick.options = [(f"{s.name} — {titles.get(s.lesson, s.lesson) if s.lesson else class_lesson}", s.id)
                                      for s in students]  # fmt: skip
        self.students_pick.value = tuple(chosen)

    def opened(self) -> None:
        """The tab was opened: read lesson files again (a file edited by hand shows its problems, or no longer)."""
        self.redraw()

    def refresh(self, *, roster: bool = False, lessons: bool = False, live: bool = False) -> None:
        if lessons or roster:
            self.redraw()

    # -- intents ----------------------------------------------------------------------------
    def use(self, lesson_id: object) -> bool:
        """Make ``lesson_id`` the class's lesson ("" for none)."""
        t = self.panel.t
        lesson = None
        if lesson_id not in ("", None):
            lesson = self.panel.library.get(lesson_id)
            if lesson is None:
                return False
        chosen = lesson.id if lesson else None
        try:
            self.panel.store.update_class(lesson=chosen)
        except MyWordError as error:
            self.message.value = say(t("store.error", detail=str(error)), good=False)
            return False
        self.message.value = say(t("lessons.saved", title=lesson.title) if lesson else t("lessons.cleared"), good=True)
        store = self.panel.store  # who plays the class lesson: the students with none of their own
        self.class_conflicts.watch((lambda: [s for s in store.students() if s.lesson is None]) if lesson else None)
        self.panel.changed(lessons=True)
        return True

    def use_for_students(self, student_ids: object, lesson_id: object) -> bool:
        """Give the picked students ``lesson_id`` as their own lesson (None: the class's lesson again)."""
        ids = [i for i in student_ids if isinstance(i, int) and not isinstance(i, bool)] if isinstance(student_ids, (list, tuple)) else []
        if not ids:
            self.students_message.value = say(self.x("pick_first"), good=False)
            return False
        lesson = None
        if lesson_id is not None:
            lesson = self.panel.library.get(lesson_id)
            if lesson is None:
                self.students_message.value = say(self.x("pick_lesson"), good=False)
                return False
        try:
            self.panel.store.update_students(ids, lesson=lesson.id if lesson else None)
        except UnknownStudentError:
            self.students_message.value = say(self.x("gone"), good=False)
            return False
        except MyWordError as error:
            self.students_message.value = say(self.panel.t("store.error", detail=str(error)), good=False)
            return False
        key, values = ("given", {"title": lesson.title}) if lesson else ("given_class", {})
        self.students_message.value = say(self.x(key, count=len(ids), **values), good=True)
        store, picked = self.panel.store, set(ids)
        self.students_conflicts.watch(lambda: [s for s in store.students() if s.id in picked])
        self.panel.changed(roster=True)
        return True

    def open_editor(self, draft: LessonDraft | None) -> None:
        self._deleting = None
        self.editor.open(draft)

    def edit(self, lesson_id: str) -> bool:
        lesson = self.panel.library.get(lesson_id)
        if lesson is None or not self.is_own(lesson_id):
            self.message.value = say(self.x("gone_lesson"), good=False)
            return False
        self.open_editor(draft_from_lesson(lesson))
        return True

    def duplicate(self, lesson_id: str) -> bool:
        lesson = self.panel.library.get(lesson_id)
        if lesson is None:
            self.message.value = say(self.x("gone_lesson"), good=False)
            return False
        draft = draft_from_lesson(lesson, copy=True)
        self.open_editor(replace(draft, title=self.x("copy", title=lesson.title)[:80]))
        return True

    def delete(self, lesson_id: str) -> bool:
        """Delete one of the teacher's lessons: the first click asks, the second deletes."""
        lesson = self.panel.library.get(lesson_id)
        folder = self.own_folder()
        if lesson is None or folder is None or not self.is_own(lesson_id):
            self.message.value = say(self.x("gone_lesson"), good=False)
            return False
        if self._deleting != lesson_id:
            self._deleting = lesson_id
            self.redraw()
            return False
        self._deleting = None
        delete_lesson_file(folder, lesson_id)
        self.message.value = say(self.x("deleted", title=lesson.title), good=True)
        self.panel.changed(lessons=True)
        return True

    def save(self, draft: LessonDraft) -> Lesson | None:
        """Write ``draft`` into the teacher's folder; None (and the problems shown) if it cannot be."""
        folder = self.own_folder()
        if folder is None:
            self.editor.message.value = say(self.x("no_folder"), good=False)
            return None
        if draft.lesson_id is not None and not self.is_own(draft.lesson_id):
            draft = replace(draft, lesson_id=None)
        library = self.panel.library
        taken = [lesson.id for lesson in library.lessons()] + [e.name.removesuffix(".toml") for e in library.errors()]
        try:
            lesson = save_draft(draft, folder, taken=taken, lexicons=self.editor.lexicons)
        except DraftError as error:
            self.editor.show_problems(error.problems)
            return None
        except (OSError, MyWordError) as error:
            log.warning("cannot save a lesson in %s: %s", folder, error)
            self.editor.message.value = say(self.x("cannot_save", detail=str(error)), good=False)
            return None
        self.editor.close()
        self.message.value = say(self.x("saved", title=lesson.title), good=True)
        self.panel.changed(lessons=True)
        if lesson.id in [v for _, v in self.pick.options]:
            self.pick.value = lesson.id
        return lesson
