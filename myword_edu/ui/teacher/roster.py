"""The teacher panel's Students tab: the class list, settings for one or many, import.

Under the list, a line for each student whose settings clash with their lesson
(the class's or their own): what clashes, what they play instead, and the fix.

Every handler re-checks what the page sent: ticked ids must be on the list,
dropdown values must be allowed ones, names go through
:func:`myword_edu.classroom.roster.clean_name`, and the store checks again.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from myword_edu.classroom.roster import MAX_ROSTER_BYTES, NameError_, RosterError, Student, decode_upload
from myword_edu.classroom.settings import resolve_myword
from myword_edu.core.errors import MyWordError
from myword_edu.myword.values import MIN_CARDS_RANGE
from myword_edu.myword.variant import Variant
from myword_edu.classroom.store import KEEP
from myword_edu.ui.teacher.conflicts import conflict_text
from myword_edu.ui.widgets.roster_table import RosterTable
from myword_edu.ui.widgets.display import say
from myword_edu.ui.widgets.upload import FilePicker, human_size

if TYPE_CHECKING:
    from myword_edu.ui.teacher.host import PanelHost

__all__ = ["RosterTab"]

CLASS_LESSON = "@class"  # the lesson dropdown's "the class lesson" choice


def _pick(description: str, options: list[tuple[str, str]]) -> w.Dropdown:
    pick = w.Dropdown(options=options, value="", description=description, layout=w.Layout(width="370px"))
    pick.style.description_width = "150px"
    return pick


class RosterTab:
    """The class list with tick boxes, and the forms that act on the ticked students."""

    def __init__(self, panel: "PanelHost") -> None:
        self.panel = panel
        self.store = panel.store
        t = panel.t
        self._remove_armed = False
        self.add_box = w.Text(placeholder=t("roster.add_placeholder"), description=t("roster.add_label"),
                              layout=w.Layout(width="340px"))  # fmt: skip
        self.add_box.style.description_width = "initial"
        self.add_button = w.Button(description=t("roster.add"), _dom_classes=["myword-primary", "myword-add"])
        self.count = w.HTML()
        self.conflicts = w.HTML(_dom_classes=["myword-conflicts"])  # students whose settings clash with a lesson
        self.table = RosterTable(
            on_select=self._on_select,
            headers=[t("roster.name"), t("field.min_cards"), t("field.lang"), t("field.variant"), t("field.bot_level"),
                     t("field.lesson"), t("roster.listen")],
            label=t("tab.students"),
            select_all_label=t("roster.select_all"),
        )  # fmt: skip
        keep = t("roster.keep")
        self.min_pick = _pick(t("field.min_cards"), [(keep, "")] + [(str(n), str(n)) for n in MIN_CARDS_RANGE])
        self.lang_pick = _pick(t("field.lang"), [(keep, ""), (t("lang.en"), "en"), (t("lang.es"), "es")])
        self.variant_pick = _pick(t("field.variant"), [(keep, ""), (t("variant.standard"), "standard"),
                                                       (t("variant.junior"), Variant.JUNIOR.value)])  # fmt: skip
        self.level_pick = _pick(t("field.bot_level"), [(keep, "")] + [(t(f"level.{v}"), v) for v in ("easy", "medium", "hard")])
        self.lesson_pick = _pick(t("field.lesson"), self._lesson_options())
        self.listen_pick = _pick(t("field.listen"), [(keep, ""), (t("listen.on"), "on"), (t("listen.off"), "off")])
        self.listen_slow_pick = _pick(t("field.listen_slow"), [(keep, ""), (t("listen.normal"), "normal"),
                                                               (t("listen.slow"), "slow")])  # fmt: skip
        self.apply_button = w.Button(description=t("roster.apply"), _dom_classes=["myword-primary", "myword-apply"])
        self.rename_box = w.Text(description=t("roster.rename_label"), layout=w.Layout(width="300px"))
        self.rename_box.style.description_width = "initial"
        self.rename_button = w.Button(description=t("roster.rename"), _dom_classes=["myword-rename"])
        self.remove_button = w.Button(description=t("roster.remove"), _dom_classes=["myword-danger", "myword-remove"])
        self.message = w.HTML()
        self.upload = FilePicker(max_bytes=MAX_ROSTER_BYTES, on_choice=self._on_file, accept=".csv,.txt,text/csv,text/plain",
                                 label=t("roster.upload"))  # fmt: skip
        self.paste = w.Textarea(placeholder=t("roster.paste_placeholder"), rows=3, layout=w.Layout(width="400px"))
        self.import_button = w.Button(description=t("roster.import"), _dom_classes=["myword-import"])
        self.import_message = w.HTML()

        self.add_button.on_click(lambda _b: self.add(self.add_box.value))
        self.add_box.on_msg(self._on_add_enter)
        self.apply_button.on_click(lambda _b: self.apply())
        self.rename_button.on_click(lambda _b: self.rename(self.rename_box.value))
        self.remove_button.on_click(lambda _b: self.remove())
        self.import_button.on_click(lambda _b: self.import_roster())

        edit = w.VBox([w.HTML(f"<h2>{escape(t('roster.edit_title'))}</h2>"), self.min_pick, self.lang_pick,
                       self.variant_pick, self.level_pick, self.lesson_pick, self.listen_pick, self.listen_slow_pick,
                       self.apply_button,
                       w.HBox([self.rename_box, self.rename_button]), self.remove_button, self.message],
                      _dom_classes=["myword-card-box"])  # fmt: skip
        importing = w.VBox([w.HTML(f"<h2>{escape(t('roster.import_title'))}</h2><p>{escape(t('roster.import_help'))}</p>"),
                            w.HBox([self.paste, w.VBox([self.upload, self.import_button])], _dom_classes=["myword-row"]),
                            self.import_message],
                           _dom_classes=["myword-card-box"])  # fmt: skip
        left = w.VBox([w.HBox([self.add_box, self.add_button], _dom_classes=["myword-row"]), self.count, self.table,
                       self.conflicts, importing], layout=w.Layout(flex="1 1 560px", min_width="0"))  # fmt: skip
        right = w.VBox([edit], layout=w.Layout(flex="0 1 450px"))
        self.root = w.HBox([left, right], _dom_classes=["myword-cols", "myword-roster-tab"])
        self.redraw()

    # -- drawing ---------------------------------------------------------------------
    def _lesson_options(self) -> list[tuple[str, str]]:
        t = self.panel.t
        options = [(t("roster.keep"), ""), (t("lesson.class"), CLASS_LESSON)]
        options += [(f"{lesson.title} ({lesson.lang})", lesson.id) for lesson in self.panel.library.lessons()]
        return options

    def redraw(self) -> None:
        t = self.panel.t
        titles = {lesson.id: lesson.title for lesson in self.panel.library.lessons()}
        students = self.store.students()
        rows = []
        for s in students:
            st = s.settings
            lesson = titles.get(s.lesson, s.lesson) if s.lesson else "—"
            listen = t("listen.cell_off" if not st.listen else "listen.cell_slow" if st.listen_slow else "listen.cell_on")
            rows.append({"id": s.id, "cells": [s.name, str(st.min_cards), t(f"lang.{st.lang}"), t(f"variant.{st.variant}"),
                                                t(f"level.{st.bot_level}"), lesson, listen]})  # fmt: skip
        self.table.set_rows(rows)
        self._count_line()
        self._conflict_lines(students)

    def _conflict_lines(self, students: list[Student]) -> None:
        """One line per clash between a student's settings and their lesson: what clashes, what they
        play, and the fix (the rules are :func:`myword_edu.classroom.settings.resolve_myword`'s)."""
        t = self.panel.t
        info = self.store.class_info()
        lessons = {lesson.id: lesson for lesson in self.panel.library.lessons()}
        items = []
        for student in students:
            play = resolve_myword(info.defaults, student, class_lesson=info.lesson, lessons=lessons.get)
            items += [f"<li>{escape(conflict_text(t, student.name, c))}</li>" for c in play.conflicts]
        self.conflicts.value = (f"<h3>{escape(t('roster.conflicts_title'))}</h3><ul class=\"myword-problems\">"
                                f"{''.join(items)}</ul>") if items else ""  # fmt: skip

    def _count_line(self) -> None:
        t = self.panel.t
        n = len(self.table.row_ids)
        line = t("roster.count", count=n) + " · " + t("roster.selected", count=len(self.table.chosen))
        self.count.value = f"<p>{escape(line if n else t('roster.empty'))}</p>"

    def refresh(self, *, roster: bool = False, lessons: bool = False, live: bool = False) -> None:
        if lessons:
            self.lesson_pick.options = self._lesson_options()
            self.lesson_pick.value = ""
        if roster or lessons:
            self.redraw()

    def _on_select(self, ids: list[int]) -> None:
        self._disarm()
        if hasattr(self, "count"):
            self._count_line()

    def _disarm(self) -> None:
        if self._remove_armed:
            self._remove_armed = False
            self.remove_button.description = self.panel.t("roster.remove")

    def _say(self, message: str, *, good: bool) -> None:
        self.message.value = say(message, good=good)

    def _name_problem(self, error: NameError_) -> str:
        return self.panel.t(f"name.{error.reason}", name=error.name)

    # -- intents ---------------------------------------------------------------------
    def _on_add_enter(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.add(self.add_box.value)

    def add(self, name: object) -> bool:
        """Add one student with the class defaults."""
        self._disarm()
        try:
            student = self.store.add_student(name if isinstance(name, str) else "")
        except NameError_ as error:
            self._say(self._name_problem(error), good=False)
            return False
        except MyWordError as error:
            self._say(self.panel.t("store.error", detail=str(error)), good=False)
            return False
        self.add_box.value = ""
        self._say(self.panel.t("roster.added", name=student.name), good=True)
        self.panel.changed(roster=True)
        return True

    def apply(self) -> bool:
        """Apply the chosen settings (those not left at "no change") to every ticked student."""
        self._disarm()
        t = self.panel.t
        ids = self.table.chosen
        if not ids:
            self._say(t("roster.pick_first"), good=False)
            return False
        changes: dict[str, Any] = {}
        if self.min_pick.value:
            changes["min_cards"] = int(self.min_pick.value)
        for key, pick in (("lang", self.lang_pick), ("variant", self.variant_pick), ("bot_level", self.level_pick)):
            if pick.value:
                changes[key] = pick.value
        for key, pick, choices in (("listen", self.listen_pick, {"on": True, "off": False}),
                                   ("listen_slow", self.listen_slow_pick, {"slow": True, "normal": False})):
            if pick.value in choices:  # (anything else is "no change")
                changes[key] = choices[pick.value]
        lesson = self.lesson_pick.value
        if lesson == CLASS_LESSON:
            changes["lesson"] = None
        elif lesson:
            if self.panel.library.get(lesson) is None:
                return False
            changes["lesson"] = lesson
        try:
            self.store.update_students(ids, **{k: changes.get(k, KEEP) for k in
                                               ("min_cards", "lang", "variant", "bot_level", "lesson", "listen",
                                                "listen_slow")})  # fmt: skip
        except (MyWordError, ValueError) as error:
            self._say(t("store.error", detail=str(error)), good=False)
            return False
        for pick in (self.min_pick, self.lang_pick, self.variant_pick, self.level_pick, self.lesson_pick,
                     self.listen_pick, self.listen_slow_pick):
            pick.value = ""
        self._say(t("roster.applied", count=len(ids)), good=True)
        self.panel.changed(roster=True)
        return True

    def rename(self, name: object) -> bool:
        self._disarm()
        t = self.panel.t
        ids = self.table.chosen
        if len(ids) != 1:
            self._say(t("roster.rename_one"), good=False)
            return False
        try:
            old = self.store.student(ids[0]).name
            student = self.store.rename_student(ids[0], name if isinstance(name, str) else "")
        except NameError_ as error:
            self._say(self._name_problem(error), good=False)
            return False
        except MyWordError as error:
            self._say(t("store.error", detail=str(error)), good=False)
            return False
        self.rename_box.value = ""
        self._say(t("roster.renamed", old=old, name=student.name), good=True)
        self.panel.changed(roster=True)
        return True

    def remove(self) -> bool:
        """First click asks to click again; the second removes the ticked students."""
        t = self.panel.t
        ids = self.table.chosen
        if not ids:
            self._say(t("roster.pick_first"), good=False)
            return False
        if not self._remove_armed:
            self._remove_armed = True
            self.remove_button.description = t("roster.remove_confirm", count=len(ids))
            return False
        self._disarm()
        try:
            for student_id in ids:
                self.store.remove_student(student_id)
        except MyWordError as error:
            self._say(t("store.error", detail=str(error)), good=False)
            return False
        self._say(t("roster.removed", count=len(ids)), good=True)
        self.table.select([])
        self.panel.changed(roster=True)
        return True

    def _on_file(self, picker: FilePicker) -> None:
        """A file was just chosen: say whether it can be imported (a big one never reached Python)."""
        t, lang = self.panel.t, self.panel.lang
        if picker.refused is not None:
            name, size = picker.refused
            self.import_message.value = say(t("roster.file_too_big", name=name or "?", size=human_size(size, lang),
                                              kb=MAX_ROSTER_BYTES // 1024), good=False)  # fmt: skip
            picker.chosen = ""
        elif picker.file is not None:
            name, data = picker.file
            picker.chosen = name
            self.import_message.value = say(t("roster.file_ready", name=name or "?", size=human_size(len(data), lang)),
                                            good=True)  # fmt: skip
        else:
            picker.chosen = ""
            self.import_message.value = ""

    def import_roster(self) -> bool:
        """Import the file just chosen (or the pasted names): all of it, or nothing with every problem listed.

        A file is used for one import only: after it, Import reads the pasted names, or a newly chosen file.
        """
        self._disarm()
        t = self.panel.t
        file = self.upload.take()
        if file is not None:
            data = file[1]
            if len(data) > MAX_ROSTER_BYTES:  # FilePicker checked already; check again here, where it is used
                self.import_message.value = say(t("roster.too_big", kb=MAX_ROSTER_BYTES // 1024), good=False)
                return False
            source = decode_upload(data)
        else:
            source = self.paste.value if isinstance(self.paste.value, str) else ""
            if len(source.encode("utf-8")) > MAX_ROSTER_BYTES:
                self.import_message.value = say(t("roster.too_big", kb=MAX_ROSTER_BYTES // 1024), good=False)
                return False
        if not source.strip():
            self.import_message.value = say(t("roster.nothing"), good=False)
            return False
        try:
            added = self.store.import_roster(source)
        except RosterError as error:
            items = "".join(f"<li>{escape(t(f'roster.{p.code}', line=p.line, **p.values))}</li>" for p in error.problems)
            self.import_message.value = say(t("roster.import_failed"), good=False) + f'<ul class="myword-problems">{items}</ul>'
            return False
        except MyWordError as error:
            self.import_message.value = say(t("store.error", detail=str(error)), good=False)
            return False
        self.paste.value = ""
        self.import_message.value = say(t("roster.imported", count=len(added)), good=True)
        self.panel.changed(roster=True)
        return True
