"""Conflicts between a student's settings and a lesson, said to the teacher in their language.

The rules and the conflicts are the engine's (:mod:`myword_edu.classroom.settings`);
this only fills in the catalog's ``conflict.<code>`` text for one student.
"""

from __future__ import annotations

from typing import Callable

from myword_edu.classroom.settings import Conflict

__all__ = ["conflict_text"]


def conflict_text(t: Callable[..., str], name: str, conflict: Conflict) -> str:
    """``name``'s ``conflict`` as one line naming the clash and the fix (``t``: the panel's catalog lookup).

    >>> from functools import partial
    >>> from myword_edu.classroom.settings import LessonLanguageConflict
    >>> from myword_edu.i18n.classroom import text
    >>> conflict_text(partial(text, "es"), "Ana", LessonLanguageConflict("en-1", "Short A", "en", "es"))
    'Ana juega en español, pero la lección «Short A» está en inglés: Ana juega sin ella. Elige una lección en español o cambia el idioma de Ana a inglés.'
    """
    values = conflict.values()
    for key in ("lang", "lesson_lang"):  # "{language}": the catalog lookup takes ``lang`` itself
        if key in values:
            values[key.replace("lang", "language")] = t(f"conflict.lang.{values.pop(key)}")
    if "word" in values:
        values["word"] = str(values["word"]).upper()
    return t(f"conflict.{conflict.code}", name=name, **values)
