"""The teacher panel's Boggle tab: Boggle settings for the class and for one or many students.

The class's settings are what every student plays with until they have their
own; a bulk edit changes the chosen settings of the picked students at once
(the others are left as they were) or gives them back the class's. Every
handler re-checks what the page sent: the picked ids must be on the class
list, the values go through :class:`myword_edu.boggle.rules.BoggleRules`,
and nothing is half-applied.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from myword_edu.i18n.classroom import text
from myword_edu.boggle.rules import BOARD_SIZES, MIN_LENGTH_RANGE, MINUTES_RANGE, BoggleRules, BoggleRulesError
from myword_edu.classroom.boggle_store import class_rules, own_rules, set_class_rules, set_student_rules
from myword_edu.boggle.dice import DICE
from myword_edu.classroom.roster import UnknownStudentError
from myword_edu.core.errors import MyWordError
from myword_edu.ui.widgets.display import say

if TYPE_CHECKING:
    from myword_edu.ui.teacher.host import PanelHost

__all__ = ["BoggleTab", "boggle_tab_title"]


def boggle_tab_title(lang: str) -> str:
    """The tab's title.

    >>> boggle_tab_title("es")
    'Boggle'
    """
    return text(lang, "boggle_tab.tab")


def _drop(description: str, options: list[tuple[str, Any]], value: Any) -> w.Dropdown:
    drop = w.Dropdown(options=options, value=value, description=description, layout=w.Layout(width="370px"))
    drop.style.description_width = "150px"
    return drop


class BoggleTab:
    """Boggle settings for the class, and a bulk edit for picked students."""

    def __init__(self, panel: "PanelHost") -> None:
        self.panel = panel
        self.store = panel.store
        x = self.x
        rules = class_rules(self.store)
        self.size_pick = _drop(x("size"), self._sizes(), rules.size)
        self.dice_pick = _drop(x("dice"), self._dice(), rules.dice)
        self.minutes_pick = _drop(x("minutes"), [(str(n), n) for n in MINUTES_RANGE], rules.minutes)
        self.min_pick = _drop(x("min_length"), self._mins(), rules.min_length or 0)
        self.save_button = w.Button(description=x("save"), _dom_classes=["myword-primary", "boggle-save-class"])
        self.save_button.on_click(lambda _b: self.save_class())
        self.class_message = w.HTML()
        keep = [(x("keep"), "")]
        self.students_pick = w.SelectMultiple(options=[], rows=8, description=x("students"),
                                              layout=w.Layout(width="370px"))  # fmt: skip
        self.students_pick.style.description_width = "150px"
        self.student_size = _drop(x("size"), keep + self._sizes(), "")
        self.student_dice = _drop(x("dice"), keep + self._dice(), "")
        self.student_minutes = _drop(x("minutes"), keep + [(str(n), n) for n in MINUTES_RANGE], "")
        self.student_min = _drop(x("min_length"), keep + self._mins(), "")
        self.apply_button = w.Button(description=x("apply"), _dom_classes=["myword-primary", "boggle-apply"])
        self.reset_button = w.Button(description=x("reset"), _dom_classes=["boggle-reset"])
        self.apply_button.on_click(lambda _b: self.apply())
        self.reset_button.on_click(lambda _b: self.reset())
        self.students_message = w.HTML()
        self.table = w.HTML(_dom_classes=["boggle-settings-table"])
        for_class = w.VBox([w.HTML(f"<h2>{escape(x('class_title'))}</h2><p>{escape(x('class_help'))}</p>"),
                            self.size_pick, self.dice_pick, self.minutes_pick, self.min_pick, self.save_button,
                            self.class_message], _dom_classes=["myword-card-box"])  # fmt: skip
        for_students = w.VBox([w.HTML(f"<h2>{escape(x('students_title'))}</h2><p>{escape(x('students_help'))}</p>"),
                               self.students_pick, self.student_size, self.student_dice, self.student_minutes,
                               self.student_min, w.HBox([self.apply_button, self.reset_button]),
                               self.students_message], _dom_classes=["myword-card-box"])  # fmt: skip
        self.root = w.VBox([w.HBox([for_class, for_students], _dom_classes=["myword-cols"]), self.table],
                           _dom_classes=["myword-boggle-tab"])  # fmt: skip
        self.redraw()

    # -- labels ------------------------------------------------------------------------
    def x(self, key: str, **values: Any) -> str:
        return text(self.panel.lang, f"boggle_tab.{key}", **values)

    def _sizes(self) -> list[tuple[str, Any]]:
        return [(f"{n}x{n}", n) for n in BOARD_SIZES]

    def _dice(self) -> list[tuple[str, Any]]:
        return [(self.x(f"dice.{d}"), d) for d in DICE]

    def _mins(self) -> list[tuple[str, Any]]:
        return [(self.x("board_min"), 0)] + [(str(n), n) for n in MIN_LENGTH_RANGE]

    def _problem(self, error: Exception) -> str:
        if isinstance(error, BoggleRulesError) and error.field == "dice" and error.value in DICE:
            size = 5 if error.value == "big" else 4
            return self.x("bad_dice", dice=self.x(f"dice.{error.value}"), size=size)
        if isinstance(error, UnknownStudentError):
            return self.x("gone")
        return self.x("bad_value")

    # -- drawing -----------------------------------------------------------------------
    def redraw(self) -> None:
        students = self.store.students()
        chosen = [i for i in self.students_pick.value if i in {s.id for s in students}]
        self.students_pick.options = [(s.name, s.id) for s in students]
        self.students_pick.value = tuple(chosen)
        default = class_rules(self.store)
        head = "".join(f"<th>{escape(h)}</th>" for h in (self.x(f"header.{n}") for n in range(6)))
        rows = []
        for s in students:
            own = own_rules(self.store, s.id)
            r = own or default
            cells = [s.name, f"{r.size}x{r.size}", self.x(f"dice.{r.dice}"), str(r.minutes),
                     str(r.min_length) if r.min_length else self.x("board_min"), self.x("own" if own else "class")]  # fmt: skip
            rows.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
        self.table.value = f'<table class="myword-focus boggle-settings"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'

    def refresh(self, *, roster: bool = False, lessons: bool = False, live: bool = False) -> None:
        if roster:
            self.redraw()

    # -- intents -----------------------------------------------------------------------
    def save_class(self) -> bool:
        """Save the class's Boggle settings from the four dropdowns (checked again here)."""
        try:
            rules = BoggleRules().with_changes(size=self.size_pick.value, minutes=self.minutes_pick.value,
                                               min_length=self.min_pick.value or None, dice=self.dice_pick.value)  # fmt: skip
            set_class_rules(self.store, rules)
        except (MyWordError, ValueError, TypeError) as error:
            self.class_message.value = say(self._problem(error), good=False)
            return False
        self.class_message.value = say(self.x("saved"), good=True)
        self.redraw()
        return True

    def _picked(self) -> list[int] | None:
        ids = list(self.students_pick.value)
        if not ids:
            self.students_message.value = say(self.x("pick_first"), good=False)
            return None
        return ids

    def apply(self) -> bool:
        """Change the chosen settings (those not left at "no change") of every picked student."""
        ids = self._picked()
        if ids is None:
            return False
        changes: dict[str, Any] = {}
        for key, pick in (("size", self.student_size), ("dice", self.student_dice), ("minutes", self.student_minutes)):
            if pick.value != "":
                changes[key] = pick.value
        if self.student_min.value != "":
            changes["min_length"] = self.student_min.value or None
        try:
            set_student_rules(self.store, ids, **changes)
        except (MyWordError, ValueError, TypeError) as error:
            self.students_message.value = say(self._problem(error), good=False)
            return False
        for pick in (self.student_size, self.student_dice, self.student_minutes, self.student_min):
            pick.value = ""
        self.students_message.value = say(self.x("applied", count=len(ids)), good=True)
        self.redraw()
        return True

    def reset(self) -> bool:
        """The picked students play with the class's settings again."""
        ids = self._picked()
        if ids is None:
            return False
        try:
            set_student_rules(self.store, ids, reset=True)
        except MyWordError as error:
            self.students_message.value = say(self._problem(error), good=False)
            return False
        self.students_message.value = say(self.x("applied", count=len(ids)), good=True)
        self.redraw()
        return True
