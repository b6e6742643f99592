"""The lessons of an installation: the teacher's own folder first, then the shipped ``lessons/``.

Each file is read and checked (:func:`myword_edu.myword.lessons.load_lesson`)
once, and again only when it changes; a file with problems is kept as its
:class:`~myword_edu.myword.lessons.LessonError` for the teacher panel to show.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path
from typing import Callable, Sequence

from myword_edu.core.resources import data_dir
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon
from myword_edu.myword.lessons import LESSON_ID, Lesson, LessonError, load_lesson

__all__ = ["LessonLibrary", "lesson_dirs", "default_library"]

log = logging.getLogger(__name__)


def lesson_dirs() -> list[Path]:
    """Where lessons are found: the teacher's own folder first, then the shipped ones.

    The teacher's folder is ``platformdirs.user_data_dir("myword-edu")/lessons``;
    a lesson there replaces a shipped one with the same file name. In a browser kernel (the static
    site) there is no teacher's folder and no platformdirs: only the shipped lessons.
    """
    try:
        import platformdirs
    except ImportError:  # the static site's browser kernel
        return [data_dir("lessons")]
    return [Path(platformdirs.user_data_dir("myword-edu")) / "lessons", data_dir("lessons")]


class LessonLibrary:
    """Every lesson in some folders, read once and again only when a file changes.

    >>> library = LessonLibrary()
    >>> len(library.lessons()) >= 12 and not library.errors()
    True
    """

    def __init__(self, folders: Sequence[Path] | None = None, *, lexicons: Callable[[str], Lexicon] = load_lexicon) -> None:
        self.folders = list(folders) if folders is not None else lesson_dirs()
        self._lexicons = lexicons
        self._cache: dict[Path, tuple[float, Lesson | LessonError]] = {}

    def _scan(self) -> dict[str, Lesson | LessonError]:
        found: dict[str, Lesson | LessonError] = {}
        for folder in self.folders:
            if not folder.is_dir():
                continue
            for path in sorted(folder.glob("*.toml")):
                if path.stem in found:
                    continue
                try:
                    stamp = path.stat().st_mtime
                except OSError:
                    continue
                cached = self._cache.get(path)
                if cached is None or cached[0] != stamp:
                    try:
                        item: Lesson | LessonError = load_lesson(path, lexicons=self._lexicons)
                    except LessonError as error:
                        log.warning("%s", error)
                        item = error
                    cached = (stamp, item)
                    self._cache[path] = cached
                found[path.stem] = cached[1]
        return found

    def lessons(self) -> list[Lesson]:
        """The good lessons, by language then title."""
        good = [item for item in self._scan().values() if isinstance(item, Lesson)]
        return sorted(good, key=lambda lesson: (lesson.lang, lesson.title.casefold()))

    def errors(self) -> list[LessonError]:
        """The lesson files with problems."""
        return [item for item in self._scan().values() if isinstance(item, LessonError)]

    def get(self, lesson_id: object) -> Lesson | None:
        """The lesson with this id, or None (unknown, or a file with problems)."""
        if not isinstance(lesson_id, str) or not LESSON_ID.match(lesson_id):
            return None
        item = self._scan().get(lesson_id)
        return item if isinstance(item, Lesson) else None


@lru_cache(maxsize=None)
def default_library() -> LessonLibrary:
    """The lessons of this installation (shipped and the teacher's own), shared in a process."""
    return LessonLibrary()
