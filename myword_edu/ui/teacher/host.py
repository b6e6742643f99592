"""What a tab of the teacher panel may use of the panel that holds it.

The tabs are built by :class:`myword_edu.ui.teacher.panel.TeacherPanel` and
receive it as their host; they see it only through this protocol, so the
panel imports its tabs and no tab imports the panel (no import cycle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from myword_edu.classroom.passcode import LockedOutError, TeacherAuth
    from myword_edu.classroom.store import Store
    from myword_edu.myword.lesson_library import LessonLibrary

__all__ = ["PanelHost"]


class PanelHost(Protocol):
    """The unlocked panel, as its tabs see it."""

    lang: str
    store: "Store"
    auth: "TeacherAuth"
    library: "LessonLibrary"
    device: str
    unlocked: bool
    live_room: Any
    _clock: Callable[[], float] | None

    def t(self, key: str, **values: Any) -> str:
        """The panel's text ``key`` in its language."""

    def changed(self, *, roster: bool = False, lessons: bool = False) -> None:
        """Something a tab changed that other tabs show: redraw them."""

    def locked_text(self, error: "LockedOutError") -> str:
        """Why the page must wait after too many wrong passcodes."""
