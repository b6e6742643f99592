"""The browser app (ipywidgets, traitlets, anywidget): the only package that imports them.

>>> from myword_edu.ui import Settings
>>> Settings.from_query("lang=es").lang
'es'
"""

from __future__ import annotations

from .request import preload, query_from_request, settings_from_request
from .settings import Mode, Settings

__all__ = ["StudentApp", "StudentPage", "TeacherPanel", "Session", "Settings", "Mode", "preload",
           "settings_from_request", "query_from_request"]  # fmt: skip


def __getattr__(name: str):
    # The widgets load on first use, so ``import myword_edu.ui`` stays light.
    if name == "StudentApp":
        from .app import StudentApp

        return StudentApp
    if name == "StudentPage":
        from .whoami import StudentPage

        return StudentPage
    if name == "TeacherPanel":
        from .teacher import TeacherPanel

        return TeacherPanel
    if name == "Session":
        from .model import Session

        return Session
    raise AttributeError(name)
