"""The browser app (ipywidgets, traitlets, anywidget): the only package that imports them.

>>> from myword_edu.ui import Settings
>>> Settings.from_query("lang=es").lang
'es'
"""

from __future__ import annotations

from myword_edu.ui.request import preload, query_from_request, settings_from_request
from myword_edu.ui.myword.settings import Mode, Settings

__all__ = ["StudentApp", "StudentPage", "TeacherPanel", "Session", "Settings", "Mode", "preload",
           "settings_from_request", "query_from_request"]  # fmt: skip


def __getattr__(name: str):
    # The widgets load on first use, so ``import myword_edu.ui`` stays light.
    if name == "StudentApp":
        from myword_edu.ui.myword.app import StudentApp

        return StudentApp
    if name == "StudentPage":
        from myword_edu.ui.whoami import StudentPage

        return StudentPage
    if name == "TeacherPanel":
        from myword_edu.ui.teacher.panel import TeacherPanel

        return TeacherPanel
    if name == "Session":
        from myword_edu.ui.myword.model import Session

        return Session
    raise AttributeError(name)
