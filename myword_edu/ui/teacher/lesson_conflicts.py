"""The clashes of a lesson choice, shown in the Lessons tab under the button that made it.

When the teacher uses a lesson for the class or for picked students, every
student it reaches is resolved as they would play
(:func:`myword_edu.classroom.settings.resolve_myword`); each conflict is one
line naming the student (:func:`myword_edu.ui.teacher.conflicts.conflict_text`),
with a button where the fix is one setting: "Set Ana's minimum to 3" for a
minimum above a focus word's cards, "Set Ben's language to English" for a
lesson in another language. A click is checked again in Python against the
store as it is now (a stale or forged click changes nothing), applied with
:meth:`Store.update_students`, and every tab redraws. The lines are drawn again
from the store at each redraw, so a fix made elsewhere (the Students tab) shows.
"""

from __future__ import annotations

import logging
from html import escape
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as w

from myword_edu.classroom.roster import Student, UnknownStudentError
from myword_edu.classroom.settings import Conflict, LessonLanguageConflict, MinCardsConflict, resolve_myword
from myword_edu.core.errors import MyWordError
from myword_edu.ui.teacher.conflicts import conflict_text
from myword_edu.ui.teacher.lesson_editor import lesson_text
from myword_edu.ui.widgets.display import say

if TYPE_CHECKING:
    from myword_edu.ui.teacher.host import PanelHost

__all__ = ["LessonConflicts", "simple_fix"]

log = logging.getLogger(__name__)


def simple_fix(student: Student, conflict: Conflict) -> dict[str, Any] | None:
    """The one setting of ``student`` that ends ``conflict`` (None: no simple fix), as
    :meth:`Store.update_students` takes it.

    >>> from myword_edu.classroom.roster import StudentSettings
    >>> ana = Student(1, "Ana", StudentSettings(min_cards=4))
    >>> simple_fix(ana, MinCardsConflict("l", "L", "cat", 3, 4)), simple_fix(ana, LessonLanguageConflict("l", "L", "es", "en"))
    ({'min_cards': 3}, {'lang': 'es'})
    >>> simple_fix(ana, MinCardsConflict("l", "L", "a", 1, 4)) is None  # no minimum of 1 card
    True
    """
    if isinstance(conflict, MinCardsConflict):
        change: dict[str, Any] = {"min_cards": conflict.cards}
    elif isinstance(conflict, LessonLanguageConflict):
        change = {"lang": conflict.lesson_lang}
    else:
        return None
    try:
        student.settings.with_changes(**change)
    except (ValueError, MyWordError):
        return None
    return change


class LessonConflicts:
    """The lines and fix buttons for the students ``watch`` names (see the module docs)."""

    def __init__(self, panel: "PanelHost", kind: str) -> None:
        self.panel = panel
        self.message = w.HTML()
        self.root = w.VBox([], _dom_classes=["myword-lesson-conflicts", f"myword-lesson-conflicts-{kind}"])
        self._who: Callable[[], list[Student]] | None = None
        self._widgets: list[w.Widget] = []

    def x(self, key: str, **values: Any) -> str:
        return lesson_text(self.panel.lang, key, **values)

    def watch(self, who: Callable[[], list[Student]] | None) -> None:
        """Show the clashes of the students ``who()`` returns (None: show nothing)."""
        self._who = who
        self.message.value = ""
        self.redraw()

    def clashes(self) -> list[tuple[Student, Conflict]]:
        """Each watched student's conflicts, as they would play now."""
        if self._who is None:
            return []
        store = self.panel.store
        info = store.class_info()
        found = []
        for student in self._who():
            play = resolve_myword(info.defaults, student, class_lesson=info.lesson, lessons=self.panel.library.get)
            found += [(student, conflict) for conflict in play.conflicts]
        return found

    def redraw(self) -> None:
        for widget in self._widgets:
            widget.close()
        self._widgets = []
        if self._who is None:
            self.root.children = []
            return
        t = self.panel.t
        try:
            clashes = self.clashes()
        except MyWordError as error:
            log.exception("the lesson's clashes cannot be read")
            self.root.children = [w.HTML(say(t("store.error", detail=str(error)), good=False))]
            return
        rows: list[w.Widget] = []
        fixes = 0
        for student, conflict in clashes:
            line = w.HTML(f"<p>{escape(conflict_text(t, student.name, conflict))}</p>", layout=w.Layout(flex="1 1 auto"))
            parts: list[w.Widget] = [line]
            change = simple_fix(student, conflict)
            if change is not None:
                fixes += 1
                button = w.Button(description=self._fix_label(student, change), _dom_classes=["myword-lesson-fix"],
                                  layout=w.Layout(width="auto", flex="0 0 auto"))  # fmt: skip
                button.on_click(lambda _b, sid=student.id, code=conflict.code: self.fix(sid, code))
                parts.append(button)
            rows.append(w.HBox(parts, _dom_classes=["myword-row"]))
            self._widgets += parts
        if fixes > 1:
            every = w.Button(description=self.x("fix_all", count=fixes), _dom_classes=["myword-primary", "myword-lesson-fix-all"],
                             layout=w.Layout(width="auto"))  # fmt: skip
            every.on_click(lambda _b: self.fix_all())
            rows.append(every)
            self._widgets.append(every)
        title = [w.HTML(f"<h3>{escape(self.x('conflicts'))}</h3>")] if rows else []
        self._widgets += title + rows
        self.root.children = [*title, *rows, self.message]

    def _fix_label(self, student: Student, change: dict[str, Any]) -> str:
        if "min_cards" in change:
            return self.x("fix_min", name=student.name, cards=change["min_cards"])
        return self.x("fix_lang", name=student.name, language=self.panel.t(f"conflict.lang.{change['lang']}"))

    # -- intents ---------------------------------------------------------------------------
    def fix(self, student_id: object, code: object) -> bool:
        """Apply the simple fix of ``student_id``'s ``code`` conflict, if it still clashes now."""
        for student, conflict in self._current(lambda s: s.id == student_id and not isinstance(student_id, bool)):
            change = simple_fix(student, conflict)
            if conflict.code == code and change is not None:
                if not self._apply([(student, change)]):
                    return False
                self.message.value = say(self._fixed_text(student, change), good=True)
                self.panel.changed(roster=True)
                return True
        return False

    def fix_all(self) -> int:
        """Apply every simple fix shown (checked again now); how many settings changed."""
        changes = []
        for student, conflict in self._current(lambda _s: True):
            change = simple_fix(student, conflict)
            if change is not None:
                changes.append((student, change))
        if not changes or not self._apply(changes):
            return 0
        self.message.value = say(self.x("fixed_all", count=len(changes)), good=True)
        self.panel.changed(roster=True)
        return len(changes)

    def _current(self, keep: Callable[[Student], bool]) -> list[tuple[Student, Conflict]]:
        try:
            return [(s, c) for s, c in self.clashes() if keep(s)]
        except MyWordError as error:
            self.message.value = say(self.panel.t("store.error", detail=str(error)), good=False)
            return []

    def _apply(self, changes: list[tuple[Student, dict[str, Any]]]) -> bool:
        try:
            with_changes: dict[int, dict[str, Any]] = {}
            for student, change in changes:  # one student may get both a language and a minimum
                with_changes.setdefault(student.id, {}).update(change)
            for student_id, change in with_changes.items():
                self.panel.store.update_students([student_id], **change)
        except UnknownStudentError:
            self.message.value = say(self.x("gone"), good=False)
            return False
        except (MyWordError, ValueError) as error:
            self.message.value = say(self.panel.t("store.error", detail=str(error)), good=False)
            return False
        return True

    def _fixed_text(self, student: Student, change: dict[str, Any]) -> str:
        if "min_cards" in change:
            return self.x("fixed_min", name=student.name, cards=change["min_cards"])
        return self.x("fixed_lang", name=student.name, language=self.panel.t(f"conflict.lang.{change['lang']}"))
