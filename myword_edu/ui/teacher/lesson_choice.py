"""The lesson a live room is opened with: one dropdown for MyWord! and Boggle rooms, checked again in Python.

:class:`LessonChoice` offers "No lesson" (the default) and the lessons of the
room's language, read again from the lesson folders each time it is listed (a
lesson saved in the Lessons tab meanwhile is there). The value a page sends is
only an intent: :meth:`LessonChoice.chosen` looks the lesson up again and
refuses one that is gone, has problems or is in another language (a page can
send any value, and a file can change after it was picked).

>>> choice = LessonChoice("es", None, "myword-room-lesson")
>>> choice.dropdown.options, choice.chosen("en") is None
((('Sin lección', ''),), True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as w

from myword_edu.i18n.rooms import room_words
from myword_edu.rooms.replica import RoomError

if TYPE_CHECKING:  # pragma: no cover
    from myword_edu.myword.lesson_library import LessonLibrary
    from myword_edu.myword.lessons import Lesson

__all__ = ["LessonChoice"]


class LessonChoice:
    """A dropdown of "No lesson" and the lessons of one language.

    Args:
        lang: the panel's language (the labels and the refusal).
        library: where the lessons are (None: only "No lesson").
        dom_class: the dropdown's test hook.
    """

    def __init__(self, lang: str, library: "LessonLibrary | None", dom_class: str) -> None:
        self.lang, self.library = lang, library
        self.dropdown = w.Dropdown(options=[(self.t("no_lesson"), "")], value="", description=self.t("lesson"),
                                   _dom_classes=[dom_class])  # fmt: skip

    def t(self, key: str, **values: Any) -> str:
        return room_words(self.lang, f"room_tab.{key}", **values)

    def list(self, lang: str) -> None:
        """Offer the lessons in ``lang`` (the room's), keeping the one picked if it is still there."""
        picked = self.dropdown.value
        lessons = self.library.lessons() if self.library is not None else []
        options = [(self.t("no_lesson"), "")] + [(lesson.title, lesson.id) for lesson in lessons if lesson.lang == lang]
        self.dropdown.options = options
        self.dropdown.value = picked if picked in {value for _, value in options} else ""

    def chosen(self, lang: str) -> "Lesson | None":
        """The lesson picked for a room in ``lang`` (None: no lesson), looked up again; one that is gone,
        has problems or is in another language raises :class:`RoomError` (``bad_setting``, a message in
        the panel's language) and the list is read again."""
        picked = self.dropdown.value
        if not picked:
            return None
        lesson = self.library.get(picked) if self.library is not None else None
        if lesson is None or lesson.lang != lang:
            self.list(lang)
            raise RoomError("bad_setting", self.t("lesson_gone"))
        return lesson
