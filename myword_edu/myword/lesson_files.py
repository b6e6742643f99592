"""The teacher's own lesson files: a checked draft saved under a free name, and deleted.

>>> new_lesson_id("Week 3: ¡Árboles!", ["week-3-arboles"])
'week-3-arboles-2'
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Callable, Iterable

from myword_edu.core.text import fold
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon
from myword_edu.myword.lesson_draft import DraftError, LessonDraft, check_draft
from myword_edu.myword.lessons import LESSON_ID, Lesson, load_lesson

__all__ = ["save_draft", "delete_lesson_file", "new_lesson_id"]


def new_lesson_id(title: str, taken: Iterable[str]) -> str:
    """A file name for a new lesson from its title, not one of ``taken``."""
    used = set(taken)
    stem = re.sub(r"[^a-z0-9]+", "-", fold(title).replace("ñ", "n")).strip("-")[:50].strip("-") or "lesson"
    candidate, number = stem, 1
    while candidate in used or not LESSON_ID.match(candidate):
        number += 1
        candidate = f"{stem}-{number}"
    return candidate


def save_draft(
    draft: LessonDraft, folder: Path, *, taken: Iterable[str] = (), lexicons: Callable[[str], Lexicon] = load_lexicon
) -> Lesson:
    """Check ``draft`` and write it into ``folder`` (created if missing); returns the lesson read back.

    A new lesson gets a file name from its title that is not in ``taken`` (the
    ids of every lesson already found) nor in the folder; an edited one keeps its
    own. Raises :class:`DraftError` with every problem, or ``OSError`` if the
    folder cannot be written.
    """
    check = check_draft(draft, lexicons=lexicons)
    if not check.ok or check.text is None:
        raise DraftError(check.problems)
    folder.mkdir(parents=True, exist_ok=True)
    if draft.lesson_id and LESSON_ID.match(draft.lesson_id):
        lesson_id = draft.lesson_id
    else:
        lesson_id = new_lesson_id(draft.title, [*taken, *(p.stem for p in folder.glob("*.toml"))])
    path = folder / f"{lesson_id}.toml"
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{lesson_id}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(check.text)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return load_lesson(path, lexicons=lexicons)


def delete_lesson_file(folder: Path, lesson_id: object) -> bool:
    """Delete the teacher's lesson ``lesson_id`` from ``folder``; False if there is no such file."""
    if not isinstance(lesson_id, str) or not LESSON_ID.match(lesson_id):
        return False
    path = folder / f"{lesson_id}.toml"
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    return True
