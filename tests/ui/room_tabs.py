"""The teacher's Live room tab, unlocked, with a lessons folder: what the room widget tests with lessons start from."""

from __future__ import annotations

from myword_edu.classroom.passcode import TeacherAuth
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.ui.teacher.panel import TeacherPanel
from myword_edu.ui.teacher.room import RoomTab

PASSCODE = "aula-viva-9"


def lesson_room_tab(store, lex, folder, clock, lang="en") -> RoomTab:
    """The Live room tab of a panel unlocked in ``lang``, its lessons read from ``folder``, its word lists ``lex``."""
    auth = TeacherAuth(store, kdf_n=2**10)
    auth.reset(PASSCODE, PASSCODE)
    panel = TeacherPanel(store=store, auth=auth, library=LessonLibrary([folder], lexicons=lex.__getitem__),
                         clock=clock, lang=lang)  # fmt: skip
    assert panel.unlock(PASSCODE)
    tab = next(t for t in panel.tabs if isinstance(t, RoomTab))
    tab._lexicons = lex
    return tab
