"""The browser app (ipywidgets, traitlets, anywidget): the only package that imports them.

>>> from myword_edu.ui import Settings
>>> Settings.from_query("lang=es").lang
'es'
"""

from __future__ import annotations

from .request import preload, settings_from_request
from .settings import Mode, Settings

__all__ = ["StudentApp", "Session", "Settings", "Mode", "preload", "settings_from_request"]


def __getattr__(name: str):
    # The widgets load on first use, so ``import myword_edu.ui`` stays light.
    if name == "StudentApp":
        from .app import StudentApp

        return StudentApp
    if name == "Session":
        from .model import Session

        return Session
    raise AttributeError(name)
